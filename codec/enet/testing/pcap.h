// Copyright 2026 The gdwire Authors.
//
// codec/enet/testing/pcap.h: the UDP datagrams of a classic pcap file
// (little-endian, Ethernet, IPv4), for tests and fuzz seeds.

#ifndef GDWIRE_CODEC_ENET_TESTING_PCAP_H_
#define GDWIRE_CODEC_ENET_TESTING_PCAP_H_

#include <cstdint>
#include <string>
#include <vector>

#include "codec/net/endpoint.h"

namespace gdwire {
namespace enet {
namespace testing {

struct Udp {
  int64_t time_us = 0;
  net::Endpoint src, dst;
  std::vector<uint8_t> payload;
};

// The whole file ("" when it cannot be read).
std::string ReadFile(const std::string& path);

// Empty when not a classic little-endian pcap of link type Ethernet.
std::vector<Udp> ReadPcap(const std::string& bytes);

}  // namespace testing
}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_TESTING_PCAP_H_
