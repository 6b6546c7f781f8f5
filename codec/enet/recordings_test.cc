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
#include "codec/enet/testing/pcap.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace enet {
namespace {

using testing::ReadFile;
using testing::ReadPcap;
using testing::Udp;

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

// Godot 3.2.3 (NetworkedMultiplayerENet, no compression): the same ENet.
TEST(Godot3RecordingTest, EveryDatagramDecodes) {
  const std::vector<Udp> udp =
      ReadPcap(ReadFile("tests/data/captures/enet/godot3_enet.pcap"));
  ASSERT_GT(udp.size(), 50u);
  uint64_t packets = 0, connects = 0;
  Decoder d(
      DecoderOptions(),
      [&](const Event& e) {
        packets += e.kind == EventKind::kPacket;
        connects += e.kind == EventKind::kConnect;
      },
      [&](const Problem& p) {
        ADD_FAILURE() << "flow " << p.flow << " at byte " << p.offset << ": "
                      << p.text;
      });
  for (const Udp& u : udp) d.Datagram(u.time_us, u.src, u.dst, u.payload);
  d.Finish();
  EXPECT_GE(d.stats().flows, 1u);
  EXPECT_EQ(connects, d.stats().flows);
  EXPECT_EQ(d.stats().not_enet, 0u);
  EXPECT_EQ(d.stats().problems, 0u);
  EXPECT_GT(packets, 20u);
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
