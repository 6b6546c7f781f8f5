// Copyright 2026 The gdwire Authors.
//
// The ENet side of the server (server/server.h): libenet's host, the
// ENetMultiplayerPeer conventions (ids, channels, packet flags), and the
// compressors Godot's ENetConnection can put on datagrams.

#include "server/server.h"

#include <enet/enet.h>
#include <sys/socket.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace server {
namespace {

constexpr int kSysChannels = 2;  // ENetMultiplayerPeer SYSCH_MAX

absl::Status InitEnet() {
  static int result = -1;
  static std::once_flag once;
  std::call_once(once, [] { result = enet_initialize(); });
  if (result != 0) return absl::InternalError("enet_initialize failed");
  return absl::OkStatus();
}

// ENetConnection's compressors: datagrams are decompressed with gdwire's
// decoders (codec/enet/compression.h) and compressed with zlib and zstd;
// FastLZ is never sent compressed (ENet then sends the datagram as it is,
// which every receiver reads).
struct Compressor {
  enet::Compression mode;
  std::vector<uint8_t> in;
};

size_t ENET_CALLBACK Compress(void* context, const ENetBuffer* buffers,
                              size_t count, size_t in_limit, enet_uint8* out,
                              size_t out_limit) {
  auto* c = static_cast<Compressor*>(context);
  c->in.clear();
  for (size_t i = 0; i < count; ++i) {
    const auto* d = static_cast<const uint8_t*>(buffers[i].data);
    c->in.insert(c->in.end(), d, d + buffers[i].dataLength);
  }
  if (c->in.size() > in_limit) c->in.resize(in_limit);
  switch (c->mode) {
    case enet::Compression::kZlib: {
      uLongf n = out_limit;
      if (compress2(out, &n, c->in.data(), c->in.size(),
                    Z_DEFAULT_COMPRESSION) != Z_OK) {
        return 0;
      }
      return n;
    }
    case enet::Compression::kZstd: {
      const size_t n =
          ZSTD_compress(out, out_limit, c->in.data(), c->in.size(), 3);
      return ZSTD_isError(n) ? 0 : n;
    }
    default:
      return 0;
  }
}

size_t ENET_CALLBACK Decompress(void* context, const enet_uint8* in,
                                size_t in_limit, enet_uint8* out,
                                size_t out_limit) {
  auto* c = static_cast<Compressor*>(context);
  absl::StatusOr<size_t> n = enet::Decompress(
      c->mode, absl::MakeConstSpan(in, in_limit), out, out_limit);
  return n.ok() ? *n : 0;
}

void ENET_CALLBACK DestroyCompressor(void* context) {
  delete static_cast<Compressor*>(context);
}

int32_t IdOf(const ENetPeer* peer) {
  return static_cast<int32_t>(reinterpret_cast<intptr_t>(peer->data));
}

}  // namespace

class Server::EnetTransport : public Transport {
 public:
  explicit EnetTransport(Server* s) : s_(s) {}

  void Send(int32_t peer, const Delivery& d,
            absl::Span<const uint8_t> bytes) override {
    auto it = s_->by_id_.find(peer);
    if (it == s_->by_id_.end()) return;
    // ENetMultiplayerPeer::put_packet.
    enet_uint32 flags = 0;
    int channel = 0;
    switch (d.mode) {
      case TransferMode::kReliable:
        flags = ENET_PACKET_FLAG_RELIABLE;
        channel = 0;
        break;
      case TransferMode::kUnreliable:
        flags =
            ENET_PACKET_FLAG_UNSEQUENCED | ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT;
        channel = 1;
        break;
      case TransferMode::kUnreliableOrdered:
        flags = ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT;
        channel = 1;
        break;
    }
    if (d.channel > 0) channel = kSysChannels + d.channel - 1;
    ENetPacket* packet = enet_packet_create(bytes.data(), bytes.size(), flags);
    if (packet == nullptr) return;
    if (enet_peer_send(it->second, static_cast<enet_uint8>(channel), packet) !=
        0) {
      // A channel the peer did not open, a packet over the limit, a peer
      // that is going: not sent.
      enet_packet_destroy(packet);
      ++s_->send_failures_;
    }
  }

  void Disconnect(int32_t peer) override {
    auto it = s_->by_id_.find(peer);
    if (it == s_->by_id_.end()) return;
    ENetPeer* p = it->second;
    p->data = nullptr;  // its DISCONNECT event is no one's now
    s_->by_id_.erase(it);
    enet_peer_disconnect(p, 0);
  }

 private:
  Server* s_;
};

absl::StatusOr<std::unique_ptr<Server>> Server::Start(
    const ServerOptions& options, Handler* handler) {
  if (absl::Status st = InitEnet(); !st.ok()) return st;
  if (options.max_peers == 0 ||
      options.max_peers > ENET_PROTOCOL_MAXIMUM_PEER_ID) {
    return absl::InvalidArgumentError(
        absl::StrCat("max_peers must be 1..", ENET_PROTOCOL_MAXIMUM_PEER_ID));
  }
  ENetAddress address;
  address.port = options.port;
  if (options.bind_address.empty() || options.bind_address == "*") {
    address.host = ENET_HOST_ANY;
  } else if (enet_address_set_host_ip(&address, options.bind_address.c_str()) !=
             0) {
    return absl::InvalidArgumentError(
        absl::StrCat("not an IPv4 address: ", options.bind_address));
  }
  std::unique_ptr<Server> s(new Server());
  s->host_ = enet_host_create(&address, options.max_peers,
                              options.channel_limit, 0, 0);
  if (s->host_ == nullptr) {
    return absl::UnavailableError(
        absl::StrCat("cannot listen on ", options.bind_address, ":",
                     options.port, " (port in use?)"));
  }
  if (options.socket_buffer_bytes > 0) {
    const int n = static_cast<int>(
        std::min<size_t>(options.socket_buffer_bytes, 1 << 30));
    // The forced forms pass the system's maximum when allowed.
    if (setsockopt(s->host_->socket, SOL_SOCKET, SO_RCVBUFFORCE, &n,
                   sizeof n) != 0) {
      setsockopt(s->host_->socket, SOL_SOCKET, SO_RCVBUF, &n, sizeof n);
    }
    if (setsockopt(s->host_->socket, SOL_SOCKET, SO_SNDBUFFORCE, &n,
                   sizeof n) != 0) {
      setsockopt(s->host_->socket, SOL_SOCKET, SO_SNDBUF, &n, sizeof n);
    }
  }
  s->host_->maximumPacketSize = options.max_packet_size;
  s->host_->maximumWaitingData = options.max_waiting_data;
  switch (options.compression) {
    case enet::Compression::kNone:
      break;
    case enet::Compression::kRangeCoder:
      if (enet_host_compress_with_range_coder(s->host_) != 0) {
        return absl::InternalError("enet_host_compress_with_range_coder");
      }
      break;
    case enet::Compression::kFastLz:
    case enet::Compression::kZlib:
    case enet::Compression::kZstd: {
      ENetCompressor c;
      c.context = new Compressor{options.compression, {}};
      c.compress = Compress;
      c.decompress = Decompress;
      c.destroy = DestroyCompressor;
      enet_host_compress(s->host_, &c);
      break;
    }
    case enet::Compression::kAuto:
      return absl::InvalidArgumentError("compression kAuto is not a mode");
  }
  s->port_ = s->host_->address.port;
  s->transport_ = std::make_unique<EnetTransport>(s.get());
  s->core_ = std::make_unique<Core>(options.core, s->transport_.get(), handler);
  return s;
}

Server::~Server() {
  if (host_ == nullptr) return;
  for (size_t i = 0; i < host_->peerCount; ++i) {
    ENetPeer* p = &host_->peers[i];
    if (p->state == ENET_PEER_STATE_CONNECTED) enet_peer_disconnect_now(p, 0);
  }
  enet_host_flush(host_);
  enet_host_destroy(host_);
}

void Server::Handle(const ENetEvent& ev) {
  switch (ev.type) {
    case ENET_EVENT_TYPE_CONNECT: {
      // ENetMultiplayerPeer::_poll_server: the id is the CONNECT's data.
      const int32_t id = static_cast<int32_t>(ev.data);
      if (id < 2 || core_->HasPeer(id) || by_id_.count(id) != 0) {
        ++refused_;
        ev.peer->data = nullptr;
        enet_peer_reset(ev.peer);
        return;
      }
      ev.peer->data = reinterpret_cast<void*>(static_cast<intptr_t>(id));
      by_id_[id] = ev.peer;
      core_->PeerConnected(id);
      return;
    }
    case ENET_EVENT_TYPE_DISCONNECT: {
      const int32_t id = IdOf(ev.peer);
      ev.peer->data = nullptr;
      if (id == 0) return;  // never admitted, or dropped by the server
      by_id_.erase(id);
      core_->PeerDisconnected(id);
      return;
    }
    case ENET_EVENT_TYPE_RECEIVE: {
      const int32_t id = IdOf(ev.peer);
      if (id != 0) {
        // ENetMultiplayerPeer::get_packet_channel / get_packet_mode.
        Delivery d;
        d.channel =
            ev.channelID < kSysChannels ? 0 : ev.channelID - kSysChannels + 1;
        const enet_uint32 flags = ev.packet->flags;
        d.mode = (flags & ENET_PACKET_FLAG_RELIABLE) != 0
                     ? TransferMode::kReliable
                 : (flags & ENET_PACKET_FLAG_UNSEQUENCED) != 0
                     ? TransferMode::kUnreliable
                     : TransferMode::kUnreliableOrdered;
        core_->Receive(
            id, d, absl::MakeConstSpan(ev.packet->data, ev.packet->dataLength));
      }
      enet_packet_destroy(ev.packet);
      return;
    }
    case ENET_EVENT_TYPE_NONE:
      return;
  }
}

absl::Status Server::Service(int timeout_ms) {
  ENetEvent ev;
  int r = enet_host_service(host_, &ev, timeout_ms < 0 ? 0 : timeout_ms);
  // Then everything already waiting, a bounded number of events per call.
  int n = 0;
  while (r > 0) {
    Handle(ev);
    if (++n == 65536) break;
    r = enet_host_service(host_, &ev, 0);
  }
  enet_host_flush(host_);
  if (r < 0) return absl::UnavailableError("enet_host_service failed");
  return absl::OkStatus();
}

}  // namespace server
}  // namespace gdwire
