// Copyright 2026 The gdwire Authors.
//
// The real engine: tests/data/captures/enet/godot4_enet_*.pcap (Godot 4.6.3,
// a server and two clients, ENetMultiplayerPeer, one file per compression
// mode). Every datagram must decode without a problem, with the mode
// detected, both connections' handshakes (the client's multiplayer id in
// CONNECT's data, as the server's log names it) and disconnects seen.

#include <cstdint>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "codec/enet/session.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace enet {
namespace {

struct Udp {
  int64_t time_us;
  Endpoint src, dst;
  std::vector<uint8_t> payload;
};

std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

uint32_t Le32(const std::string& s, size_t at) {
  return static_cast<uint8_t>(s[at]) | static_cast<uint8_t>(s[at + 1]) << 8 |
         static_cast<uint8_t>(s[at + 2]) << 16 |
         static_cast<uint32_t>(static_cast<uint8_t>(s[at + 3])) << 24;
}

// Classic pcap, little-endian, Ethernet, IPv4 + UDP.
std::vector<Udp> ReadPcap(const std::string& bytes) {
  std::vector<Udp> out;
  if (bytes.size() < 24 || Le32(bytes, 0) != 0xa1b2c3d4u) return out;
  EXPECT_EQ(Le32(bytes, 20), 1u) << "link type Ethernet";
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

// The multiplayer ids of the server's "clients" event.
std::set<uint32_t> ClientIds(const std::string& jsonl) {
  std::set<uint32_t> ids;
  const size_t at = jsonl.find("\"event\":\"clients\"");
  if (at == std::string::npos) return ids;
  const size_t begin = jsonl.rfind('\n', at) + 1;
  const std::string line = jsonl.substr(begin, jsonl.find('\n', at) - begin);
  for (const char* key : {"\"client1\":", "\"client2\":"}) {
    const size_t k = line.find(key);
    if (k != std::string::npos) {
      ids.insert(static_cast<uint32_t>(
          std::stoul(line.substr(k + std::string(key).size()))));
    }
  }
  return ids;
}

class RecordingTest : public ::testing::TestWithParam<Compression> {};

TEST_P(RecordingTest, EveryDatagramDecodes) {
  const std::string name = "tests/data/captures/enet/godot4_enet_" +
                           std::string(CompressionName(GetParam()));
  const std::string pcap = ReadFile(name + ".pcap");
  ASSERT_FALSE(pcap.empty()) << name << ".pcap not found";
  const std::vector<Udp> udp = ReadPcap(pcap);
  ASSERT_GT(udp.size(), 500u);
  const std::set<uint32_t> ids =
      ClientIds(ReadFile(name + ".events/server.events.jsonl"));
  EXPECT_EQ(ids.size(), 2u);

  for (Compression mode : {Compression::kAuto, GetParam()}) {
    DecoderOptions opts;
    opts.compression = mode;
    std::set<uint32_t> connect_data;
    std::map<uint64_t, int> disconnects;
    std::map<int, uint64_t> packets;  // by direction
    std::set<Compression> seen;
    Decoder d(
        opts,
        [&](const Event& e) {
          if (e.kind == EventKind::kConnect) connect_data.insert(e.data);
          if (e.kind == EventKind::kDisconnect) ++disconnects[e.flow];
          if (e.kind == EventKind::kPacket) {
            ++packets[static_cast<int>(e.direction)];
            EXPECT_FALSE(e.packet.empty());
            seen.insert(e.compression);
          }
        },
        [&](const Problem& p) {
          ADD_FAILURE() << "flow " << p.flow << " at byte " << p.offset << ": "
                        << p.text;
        });
    for (const Udp& u : udp) d.Datagram(u.time_us, u.src, u.dst, u.payload);
    d.Finish();
    const DecoderStats& st = d.stats();
    EXPECT_EQ(st.flows, 2u);
    EXPECT_EQ(st.not_enet, 0u);
    EXPECT_EQ(st.dropped, 0u);
    EXPECT_EQ(st.problems, 0u);
    EXPECT_EQ(connect_data, ids);
    EXPECT_EQ(disconnects.size(), 2u);
    EXPECT_GT(packets[0], 50u);
    EXPECT_GT(packets[1], 50u);
    if (GetParam() != Compression::kNone) {
      EXPECT_GT(st.compressed, 0u);
      EXPECT_EQ(seen.count(GetParam()), 1u);
    } else {
      EXPECT_EQ(st.compressed, 0u);
    }
    EXPECT_EQ(st.pending_bytes, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, RecordingTest,
                         ::testing::Values(Compression::kNone,
                                           Compression::kRangeCoder,
                                           Compression::kFastLz,
                                           Compression::kZlib,
                                           Compression::kZstd),
                         [](const ::testing::TestParamInfo<Compression>& i) {
                           return std::string(CompressionName(i.param));
                         });

}  // namespace
}  // namespace enet
}  // namespace gdwire
