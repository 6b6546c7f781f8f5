// Copyright 2026 The gdwire Authors.

#include "codec/enet/testing/pcap.h"

#include <fstream>
#include <iterator>

namespace gdwire {
namespace enet {
namespace testing {

std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

namespace {

uint32_t Le32(const std::string& s, size_t at) {
  return static_cast<uint8_t>(s[at]) | static_cast<uint8_t>(s[at + 1]) << 8 |
         static_cast<uint8_t>(s[at + 2]) << 16 |
         static_cast<uint32_t>(static_cast<uint8_t>(s[at + 3])) << 24;
}

}  // namespace

// Classic pcap, little-endian, Ethernet, IPv4 + UDP.
std::vector<Udp> ReadPcap(const std::string& bytes) {
  std::vector<Udp> out;
  if (bytes.size() < 24 || Le32(bytes, 0) != 0xa1b2c3d4u) return out;
  if (Le32(bytes, 20) != 1) return out;  // Ethernet only
  size_t at = 24;
  while (at + 16 <= bytes.size()) {
    const uint32_t sec = Le32(bytes, at), usec = Le32(bytes, at + 4);
    const uint32_t caplen = Le32(bytes, at + 8);
    at += 16;
    if (caplen > bytes.size() - at) break;
    const auto* f = reinterpret_cast<const uint8_t*>(bytes.data() + at);
    at += caplen;
    if (caplen < 14 + 20 + 8 || f[12] != 0x08 || f[13] != 0x00) continue;
    const uint8_t* ip = f + 14;
    const size_t ihl = (ip[0] & 15) * 4;
    if (ip[9] != 17 || caplen < 14 + ihl + 8) continue;
    const size_t total = ip[2] << 8 | ip[3];
    const uint8_t* udp = ip + ihl;
    const size_t ulen = udp[4] << 8 | udp[5];
    if (ulen < 8 || 14 + ihl + ulen > caplen || ihl + ulen > total) continue;
    Udp u;
    u.time_us = int64_t{sec} * 1000000 + usec;
    u.src.SetV4(ip[12] << 24 | ip[13] << 16 | ip[14] << 8 | ip[15]);
    u.dst.SetV4(ip[16] << 24 | ip[17] << 16 | ip[18] << 8 | ip[19]);
    u.src.port = static_cast<uint16_t>(udp[0] << 8 | udp[1]);
    u.dst.port = static_cast<uint16_t>(udp[2] << 8 | udp[3]);
    u.payload.assign(udp + 8, udp + ulen);
    out.push_back(std::move(u));
  }
  return out;
}

}  // namespace testing
}  // namespace enet
}  // namespace gdwire
