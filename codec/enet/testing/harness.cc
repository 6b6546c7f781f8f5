// Copyright 2026 The gdwire Authors.

#include "codec/enet/testing/harness.h"

#include <enet/enet.h>
#include <zlib.h>
#include <zstd.h>

#include <chrono>
#include <cstring>
#include <thread>
#include <unordered_map>

#include "codec/enet/internal/fastlz.h"

namespace gdwire {
namespace enet {
namespace testing {
namespace {

struct State {
  const Scenario* scenario = nullptr;
  Trace* run = nullptr;
  ENetHost* server = nullptr;
  size_t index = 0;
};
State* g_state = nullptr;

int ENET_CALLBACK Intercept(ENetHost* host, ENetEvent*) {
  State* s = g_state;
  Wire w;
  w.to_server = host == s->server;
  w.bytes.assign(host->receivedData,
                 host->receivedData + host->receivedDataLength);
  w.dropped = s->scenario->drop && s->scenario->drop(s->index, w.to_server);
  ++s->index;
  const bool drop = w.dropped;
  s->run->wire.push_back(std::move(w));
  return drop ? 1 : 0;
}

// Godot's ENetConnection::Compressor framing: the whole command area is
// one block of the mode (FastLZ inputs under 16 bytes zero-padded to 16).
size_t ENET_CALLBACK GodotCompress(void* context, const ENetBuffer* in,
                                   size_t count, size_t limit, enet_uint8* out,
                                   size_t out_limit) {
  const Compression mode = *static_cast<Compression*>(context);
  std::vector<uint8_t> src;
  for (size_t i = 0; i < count && src.size() < limit; ++i) {
    const auto* p = static_cast<const uint8_t*>(in[i].data);
    const size_t n = std::min(in[i].dataLength, limit - src.size());
    src.insert(src.end(), p, p + n);
  }
  std::vector<uint8_t> dst;
  switch (mode) {
    case Compression::kFastLz:
      if (src.size() < 16) src.resize(16, 0);
      dst = FastLzCompress(src.data(), src.size());
      break;
    case Compression::kZlib: {
      uLongf n = compressBound(src.size());
      dst.resize(n);
      if (compress2(dst.data(), &n, src.data(), src.size(),
                    Z_DEFAULT_COMPRESSION) != Z_OK) {
        return 0;
      }
      dst.resize(n);
      break;
    }
    case Compression::kZstd: {
      dst.resize(ZSTD_compressBound(src.size()));
      const size_t n =
          ZSTD_compress(dst.data(), dst.size(), src.data(), src.size(), 3);
      if (ZSTD_isError(n)) return 0;
      dst.resize(n);
      break;
    }
    default:
      return 0;
  }
  if (dst.size() > out_limit) return 0;
  std::memcpy(out, dst.data(), dst.size());
  return dst.size();
}

size_t ENET_CALLBACK GodotDecompress(void* context, const enet_uint8* in,
                                     size_t n, enet_uint8* out,
                                     size_t out_limit) {
  const Compression mode = *static_cast<Compression*>(context);
  switch (mode) {
    case Compression::kFastLz: {
      const int64_t r = internal::FastLzDecompress(absl::MakeConstSpan(in, n),
                                                   out, out_limit);
      return r > 0 ? static_cast<size_t>(r) : 0;
    }
    case Compression::kZlib: {
      uLongf m = out_limit;
      return uncompress(out, &m, in, n) == Z_OK ? m : 0;
    }
    case Compression::kZstd: {
      const size_t m = ZSTD_decompress(out, out_limit, in, n);
      return ZSTD_isError(m) ? 0 : m;
    }
    default:
      return 0;
  }
}

void SetCompression(ENetHost* host, Compression* mode) {
  if (*mode == Compression::kNone) return;
  if (*mode == Compression::kRangeCoder) {
    enet_host_compress_with_range_coder(host);
    return;
  }
  ENetCompressor c;
  c.context = mode;
  c.compress = GodotCompress;
  c.decompress = GodotDecompress;
  c.destroy = nullptr;
  enet_host_compress(host, &c);
}

net::Endpoint EndpointOf(ENetHost* host) {
  ENetAddress a;
  enet_socket_get_address(host->socket, &a);
  net::Endpoint e;
  e.SetV4(0x7f000001);
  e.port = a.port;
  return e;
}

}  // namespace

std::vector<uint8_t> Payload(uint32_t seed, size_t n) {
  static const char kWords[] = "position rotation velocity health name ";
  std::vector<uint8_t> out(n);
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; ++i) {
    x = x * 1103515245u + 12345u;
    out[i] =
        (x >> 28) < 3
            ? static_cast<uint8_t>(x >> 16)
            : static_cast<uint8_t>(kWords[(i + seed) % (sizeof(kWords) - 1)]);
  }
  return out;
}

std::vector<uint8_t> FastLzCompress(const uint8_t* in, size_t n) {
  std::vector<uint8_t> out;
  std::vector<uint8_t> lit;
  auto flush = [&] {
    for (size_t i = 0; i < lit.size(); i += 32) {
      const size_t k = std::min<size_t>(32, lit.size() - i);
      out.push_back(static_cast<uint8_t>(k - 1));
      out.insert(out.end(), lit.begin() + i, lit.begin() + i + k);
    }
    lit.clear();
  };
  std::unordered_map<uint32_t, size_t> last;
  size_t i = 0;
  while (i < n) {
    size_t best = 0, dist = 0;
    if (i + 3 <= n && i > 0) {
      const uint32_t key = in[i] | in[i + 1] << 8 | in[i + 2] << 16;
      auto it = last.find(key);
      if (it != last.end() && i - it->second <= 8192) {
        size_t len = 0;
        while (i + len < n && len < 264 && in[it->second + len] == in[i + len])
          ++len;
        if (len >= 3) best = len, dist = i - it->second;
      }
    }
    if (i + 3 <= n) last[in[i] | in[i + 1] << 8 | in[i + 2] << 16] = i;
    if (best == 0 || (out.empty() && lit.empty())) {
      lit.push_back(in[i++]);
      continue;
    }
    flush();
    const size_t d = dist - 1, code = best - 2;
    if (code < 7) {
      out.push_back(static_cast<uint8_t>(code << 5 | d >> 8));
    } else {
      out.push_back(static_cast<uint8_t>(7 << 5 | d >> 8));
      out.push_back(static_cast<uint8_t>(code - 7));
    }
    out.push_back(static_cast<uint8_t>(d & 255));
    for (size_t k = 1; k < best; ++k) {
      if (i + k + 3 <= n) {
        last[in[i + k] | in[i + k + 1] << 8 | in[i + k + 2] << 16] = i + k;
      }
    }
    i += best;
  }
  flush();
  return out;
}

bool RunEnet(const Scenario& sc, Trace* out, std::string* why) {
  static const bool init = enet_initialize() == 0;
  if (!init) return *why = "enet_initialize failed", false;
  State state;
  state.scenario = &sc;
  state.run = out;
  ENetAddress addr;
  enet_address_set_host_ip(&addr, "127.0.0.1");
  addr.port = 0;
  ENetHost* server = enet_host_create(&addr, 4, sc.channels, 0, 0);
  ENetHost* client = enet_host_create(&addr, 1, sc.channels, 0, 0);
  if (server == nullptr || client == nullptr) {
    if (server) enet_host_destroy(server);
    if (client) enet_host_destroy(client);
    return *why = "enet_host_create failed (no loopback?)", false;
  }
  state.server = server;
  g_state = &state;
  Compression mode = sc.compression;
  SetCompression(server, &mode);
  SetCompression(client, &mode);
  if (sc.checksum) {
    server->checksum = enet_crc32;
    client->checksum = enet_crc32;
  }
  server->intercept = Intercept;
  client->intercept = Intercept;
  out->client = EndpointOf(client);
  out->server = EndpointOf(server);
  ENetAddress to;
  enet_address_set_host_ip(&to, "127.0.0.1");
  to.port = out->server.port;
  ENetPeer* cpeer =
      enet_host_connect(client, &to, sc.channels, sc.connect_data);
  ENetPeer* speer = nullptr;
  size_t reliable_expected = 0;
  for (const Send& s : sc.sends) {
    if (s.flags & ENET_PACKET_FLAG_RELIABLE) ++reliable_expected;
  }
  size_t reliable_got = 0;
  bool client_disconnected = false;
  auto pump = [&](int ms) {
    const auto end =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < end) {
      for (ENetHost* h : {server, client}) {
        ENetEvent ev;
        while (enet_host_service(h, &ev, 0) > 0) {
          if (ev.type == ENET_EVENT_TYPE_CONNECT && h == server) {
            speer = ev.peer;
            out->connect_data = ev.data;
          }
          if (ev.type == ENET_EVENT_TYPE_CONNECT && h == client) {
            out->connected = true;
          }
          if (ev.type == ENET_EVENT_TYPE_DISCONNECT) {
            if (h == client) client_disconnected = true;
            if (h == server) out->disconnected = true;
          }
          if (ev.type == ENET_EVENT_TYPE_RECEIVE) {
            Received r;
            r.by_server = h == server;
            r.channel = ev.channelID;
            r.flags = ev.packet->flags;
            r.bytes.assign(ev.packet->data,
                           ev.packet->data + ev.packet->dataLength);
            if (r.flags & ENET_PACKET_FLAG_RELIABLE) ++reliable_got;
            out->received.push_back(std::move(r));
            enet_packet_destroy(ev.packet);
          }
        }
      }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  };
  for (int i = 0; i < 200 && !(out->connected && speer); ++i) pump(10);
  bool ok = out->connected && speer != nullptr;
  if (ok) {
    size_t n = 0;
    for (const Send& s : sc.sends) {
      ENetPacket* p =
          enet_packet_create(s.bytes.data(), s.bytes.size(), s.flags);
      enet_peer_send(s.from_client ? cpeer : speer, s.channel, p);
      if (++n % 4 == 0) pump(1);
    }
    for (int i = 0; i < 500 && reliable_got < reliable_expected; ++i) pump(10);
    pump(50);
    enet_peer_disconnect(cpeer, 77);
    for (int i = 0; i < 300 && !(out->disconnected && client_disconnected);
         ++i) {
      pump(10);
    }
  } else {
    *why = "the hosts did not connect";
  }
  enet_host_destroy(client);
  enet_host_destroy(server);
  g_state = nullptr;
  return ok;
}

}  // namespace testing
}  // namespace enet
}  // namespace gdwire
