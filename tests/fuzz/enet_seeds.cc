// Copyright 2026 The gdwire Authors.
//
// Writes seeds for enet_fuzzer (its input format) into DIR: handshakes,
// every command kind, fragments, compressed datagrams (each mode), mid-flow
// traffic; and slices of real recordings (the start of each connection, and
// a mid-flow slice). Usage: enet_seeds DIR [CAPTURE.pcap...]

#include <enet/enet.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "codec/enet/datagram.h"
#include "codec/enet/testing/builder.h"
#include "codec/enet/testing/harness.h"
#include "codec/enet/testing/pcap.h"

using gdwire::enet::kNoPeerId;
using gdwire::enet::testing::Builder;

namespace {

struct Seed {
  uint8_t mode;
  std::vector<std::pair<uint8_t, std::vector<uint8_t>>> datagrams;
};

std::vector<uint8_t> V(const std::string& s) { return {s.begin(), s.end()}; }

void Write(const std::string& dir, int i, const Seed& s) {
  std::string out(1, static_cast<char>(s.mode));
  for (const auto& d : s.datagrams) {
    out += static_cast<char>(d.first);
    out += static_cast<char>(d.second.size() & 255);
    out += static_cast<char>(d.second.size() >> 8);
    out.append(d.second.begin(), d.second.end());
  }
  const std::string path = dir + "/seed_enet_" + std::to_string(i);
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return;
  std::fwrite(out.data(), 1, out.size(), f);
  std::fclose(f);
}

std::vector<uint8_t> Zlib(const std::vector<uint8_t>& plain) {
  std::vector<uint8_t> area(plain.begin() + 2, plain.end());
  uLongf n = compressBound(area.size());
  std::vector<uint8_t> z(n);
  compress2(z.data(), &n, area.data(), area.size(), 9);
  z.resize(n);
  std::vector<uint8_t> b = {static_cast<uint8_t>(plain[0] | 0x40), plain[1]};
  b.insert(b.end(), z.begin(), z.end());
  return b;
}

// The datagram with its command area compressed as Godot frames it:
// 1 range coder, 2 FastLZ, 4 zstd.
std::vector<uint8_t> Compressed(int mode, const std::vector<uint8_t>& plain) {
  std::vector<uint8_t> area(plain.begin() + 4, plain.end());
  std::vector<uint8_t> z(4096);
  size_t n = 0;
  if (mode == 1) {
    void* rc = enet_range_coder_create();
    ENetBuffer b;
    b.data = area.data();
    b.dataLength = area.size();
    n = enet_range_coder_compress(rc, &b, 1, area.size(), z.data(), z.size());
    enet_range_coder_destroy(rc);
  } else if (mode == 2) {
    if (area.size() < 16) area.resize(16, 0);
    z = gdwire::enet::testing::FastLzCompress(area.data(), area.size());
    n = z.size();
  } else {
    n = ZSTD_compress(z.data(), z.size(), area.data(), area.size(), 3);
    if (ZSTD_isError(n)) n = 0;
  }
  z.resize(n);
  std::vector<uint8_t> b(plain.begin(), plain.begin() + 4);
  b[0] |= 0x40;
  b.insert(b.end(), z.begin(), z.end());
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const std::string dir = argv[1];
  Seed base;
  base.datagrams.push_back({0, Builder(kNoPeerId, 0, 1).Connect(0, 4, 42)});
  base.datagrams.push_back({1, Builder(0, 0, 2).Verify(7, 1, 2, 4)});
  Seed all = base;
  all.datagrams.push_back({0, Builder(7, 2, 3)
                                  .Ack(0xFF, 1, 2)
                                  .Reliable(1, 2, V("two"))
                                  .Reliable(1, 1, V("one"))
                                  .Unreliable(0, 0, 1, V("u"))
                                  .Unsequenced(2, 5, V("s"))
                                  .Ping(2)});
  all.datagrams.push_back(
      {0, Builder(7, 2, 4)
              .Fragment(true, 0, 2, 1, 2, 1, 8, 4, V("efgh"))
              .Fragment(true, 0, 1, 1, 2, 0, 8, 0, V("abcd"))
              .Fragment(false, 3, 0, 1, 2, 0, 6, 0, V("abc"))
              .Fragment(false, 3, 0, 1, 2, 1, 6, 3, V("def"))});
  all.datagrams.push_back({1, Builder(0, 1, 5).Reliable(0, 1, V("back"))});
  all.datagrams.push_back(
      {1, Builder(0, 1, 6).U8(10 | 0x80).U8(0xFF).U16(2).U32(1).U32(2)});
  all.datagrams.push_back({0, Builder(7, 2, 7).Disconnect(3, 9)});
  int i = 0;
  for (uint8_t mode : {0x00, 0x05, 0x10, 0x40, 0x45}) {
    Seed s = all;
    s.mode = mode;
    Write(dir, i++, s);
  }
  Seed z = base;
  z.mode = 0x43;
  z.datagrams.push_back(
      {0, Zlib(Builder(7, 2, 3).Reliable(0, 1, V("zlib zlib zlib zlib")))});
  Write(dir, i++, z);
  for (int m : {1, 2, 4}) {
    Seed c = base;
    c.mode = static_cast<uint8_t>(0x40 | m);
    c.datagrams.push_back(
        {0, Compressed(m, Builder(7, 2, 3)
                              .Reliable(0, 1, V("compressed compressed"))
                              .Unreliable(1, 0, 1, V("unreliable unreliable"))
                              .bytes())});
    c.datagrams.push_back(
        {1, Compressed(m, Builder(0, 1, 4)
                              .Fragment(true, 2, 1, 1, 2, 0, 8, 0, V("abcd"))
                              .Fragment(true, 2, 2, 1, 2, 1, 8, 4, V("abcd"))
                              .bytes())});
    Write(dir, i++, c);
    c.mode = 0x45;  // auto
    Write(dir, i++, c);
  }
  Seed mid;
  mid.mode = 0x20;
  mid.datagrams.push_back({1, Builder(0, 1, 5).Reliable(0, 100, V("a"))});
  mid.datagrams.push_back({3, Builder(0, 1, 5).Reliable(0, 101, V("b"))});
  mid.datagrams.push_back({2, Builder(7, 2, 5).Unreliable(1, 9, 3, V("c"))});
  Write(dir, i++, mid);
  // Recordings: routes from the ports (the server is the CONNECT's
  // destination), up to ~4000 bytes per seed.
  for (int a = 2; a < argc; ++a) {
    const std::vector<gdwire::enet::testing::Udp> udp =
        gdwire::enet::testing::ReadPcap(
            gdwire::enet::testing::ReadFile(argv[a]));
    if (udp.empty()) continue;
    const uint16_t server = udp[0].dst.port;
    std::vector<uint16_t> clients;
    for (size_t start : {size_t{0}, udp.size() / 2}) {
      Seed s;
      s.mode = start == 0 ? 0x45 : 0x65;
      size_t bytes = 0;
      for (size_t k = start; k < udp.size() && bytes < 4000; ++k) {
        const auto& u = udp[k];
        const bool to_client = u.src.port == server;
        const uint16_t cport = to_client ? u.dst.port : u.src.port;
        size_t idx = 0;
        while (idx < clients.size() && clients[idx] != cport) ++idx;
        if (idx == clients.size()) clients.push_back(cport);
        s.datagrams.push_back(
            {static_cast<uint8_t>((idx & 3) << 1 | (to_client ? 1 : 0)),
             u.payload});
        bytes += u.payload.size() + 3;
      }
      Write(dir, i++, s);
    }
  }
  return 0;
}
