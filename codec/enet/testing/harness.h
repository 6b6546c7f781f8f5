// Copyright 2026 The gdwire Authors.
//
// codec/enet/testing/harness.h: two real libenet hosts on 127.0.0.1 in one
// process, every datagram each receives copied (host->intercept) for the
// passive decoder, and what each host delivered, to compare against.
// Compression: none, ENet's range coder, or a Godot-framed compressor
// (FastLZ with a small test encoder, zlib, zstd) on both hosts.

#ifndef GDWIRE_CODEC_ENET_TESTING_HARNESS_H_
#define GDWIRE_CODEC_ENET_TESTING_HARNESS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "codec/enet/compression.h"
#include "codec/net/endpoint.h"

namespace gdwire {
namespace enet {
namespace testing {

struct Wire {
  bool to_server = false;
  bool dropped = false;  // the receiving host never saw it
  std::vector<uint8_t> bytes;
};

struct Received {
  bool by_server = false;
  uint8_t channel = 0;
  uint32_t flags = 0;  // ENetPacket flags as delivered
  std::vector<uint8_t> bytes;
};

struct Send {
  bool from_client = true;
  uint8_t channel = 0;
  uint32_t flags = 0;  // ENET_PACKET_FLAG_*
  std::vector<uint8_t> bytes;
};

struct Trace {
  std::vector<Wire> wire;
  std::vector<Received> received;
  uint32_t connect_data = 0;
  bool connected = false, disconnected = false;
  net::Endpoint client, server;
};

struct Scenario {
  Compression compression = Compression::kNone;
  uint8_t channels = 8;
  uint32_t connect_data = 0;
  bool checksum = false;  // ENet's CRC32 on both hosts
  std::vector<Send> sends;
  // Called for each datagram a host receives (index in order): true drops.
  std::function<bool(size_t index, bool to_server)> drop;
};

// Runs the scenario; false when the hosts could not be set up or did not
// connect (the error in *why).
bool RunEnet(const Scenario& s, Trace* out, std::string* why);

// A FastLZ level-1 block for `in` (greedy, for tests).
std::vector<uint8_t> FastLzCompress(const uint8_t* in, size_t n);

// `n` bytes of text-like, compressible data from `seed`.
std::vector<uint8_t> Payload(uint32_t seed, size_t n);

}  // namespace testing
}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_TESTING_HARNESS_H_
