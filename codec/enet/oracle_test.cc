// Copyright 2026 The gdwire Authors.
//
// The decoder against real libenet: two hosts talk over 127.0.0.1, every
// datagram each receives is copied, and the decoder fed the copies must
// deliver exactly what each host delivered (same channel, bytes, kind,
// order), for every compression mode, with datagrams lost (ENet
// retransmits), and with the copies reordered and duplicated.

#include <enet/enet.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "codec/enet/session.h"
#include "codec/enet/testing/harness.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace enet {
namespace {

using testing::Received;
using testing::Scenario;
using testing::Send;
using testing::Trace;

struct Got {
  std::vector<Received> packets;
  std::vector<Event> events;  // without packet spans
  std::vector<Problem> problems;
  DecoderStats stats;
  uint32_t connect_data = 0;
  bool connect = false, verify = false, disconnect = false;
  Compression compression = Compression::kNone;
};

uint32_t FlagsOf(const Event& e) {
  switch (e.delivery) {
    case Delivery::kReliable:
      return ENET_PACKET_FLAG_RELIABLE;
    case Delivery::kUnsequenced:
      return ENET_PACKET_FLAG_UNSEQUENCED;
    default:
      return e.fragmented ? ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT : 0;
  }
}

Got Decode(const Trace& run, const std::vector<size_t>& order,
           DecoderOptions opts = {}) {
  Got g;
  Decoder d(
      opts,
      [&](const Event& e) {
        if (e.kind == EventKind::kConnect) {
          g.connect = true;
          g.connect_data = e.data;
        }
        if (e.kind == EventKind::kVerifyConnect) g.verify = true;
        if (e.kind == EventKind::kDisconnect) g.disconnect = true;
        if (e.kind == EventKind::kPacket) {
          Received r;
          r.by_server = e.direction == Direction::kClientToServer;
          r.channel = e.channel;
          r.flags = FlagsOf(e);
          r.bytes.assign(e.packet.begin(), e.packet.end());
          g.packets.push_back(std::move(r));
          EXPECT_EQ(e.client, run.client);
          EXPECT_EQ(e.server, run.server);
          EXPECT_GE(e.overhead_bytes, 4u);
        }
        g.compression = e.compression;
        Event copy = e;
        copy.packet = {};
        copy.connect = nullptr;
        g.events.push_back(copy);
      },
      [&](const Problem& p) { g.problems.push_back(p); });
  int64_t t = 0;
  for (size_t i : order) {
    const testing::Wire& w = run.wire[i];
    d.Datagram(t++, w.to_server ? run.client : run.server,
               w.to_server ? run.server : run.client, w.bytes);
  }
  d.Finish();
  g.stats = d.stats();
  return g;
}

std::vector<size_t> Delivered(const Trace& run) {
  std::vector<size_t> v;
  for (size_t i = 0; i < run.wire.size(); ++i) {
    if (!run.wire[i].dropped) v.push_back(i);
  }
  return v;
}

std::string Describe(const Received& r) {
  return std::string(r.by_server ? "c->s" : "s->c") + " ch" +
         std::to_string(r.channel) + " flags " + std::to_string(r.flags) + " " +
         std::to_string(r.bytes.size()) + " bytes";
}

// Per direction, in order.
void ExpectSame(const std::vector<Received>& want,
                const std::vector<Received>& got) {
  for (bool dir : {true, false}) {
    std::vector<const Received*> a, b;
    for (const Received& r : want) {
      if (r.by_server == dir) a.push_back(&r);
    }
    for (const Received& r : got) {
      if (r.by_server == dir) b.push_back(&r);
    }
    ASSERT_EQ(a.size(), b.size())
        << (dir ? "client->server" : "server->client");
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i]->channel, b[i]->channel) << i << ": " << Describe(*a[i]);
      EXPECT_EQ(a[i]->flags & 3, b[i]->flags & 3)
          << i << ": " << Describe(*a[i]) << " vs " << Describe(*b[i]);
      EXPECT_TRUE(a[i]->bytes == b[i]->bytes)
          << i << ": " << Describe(*a[i]) << " vs " << Describe(*b[i]);
    }
  }
}

Scenario Mixed(Compression c) {
  Scenario s;
  s.compression = c;
  s.channels = 6;
  s.connect_data = 0x12345678;
  uint32_t seed = 1;
  for (int i = 0; i < 60; ++i) {
    for (bool from_client : {true, false}) {
      Send m;
      m.from_client = from_client;
      m.channel = static_cast<uint8_t>(i % 6);
      switch (i % 5) {
        case 0:
          m.flags = ENET_PACKET_FLAG_RELIABLE;
          break;
        case 1:
          m.flags = 0;
          break;
        case 2:
          m.flags = ENET_PACKET_FLAG_UNSEQUENCED;
          break;
        case 3:
          m.flags = ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT;
          break;
        default:
          m.flags = ENET_PACKET_FLAG_RELIABLE;
      }
      size_t n = 10 + (i * 37) % 300;
      if (i % 10 == 4) n = 5000 + i * 100;  // reliable, fragmented
      if (i % 10 == 3) n = 3000 + i * 10;   // unreliable fragments
      if (i == 14) n = 70000;               // many fragments
      m.bytes = testing::Payload(seed++, n);
      s.sends.push_back(std::move(m));
    }
  }
  return s;
}

class OracleTest : public ::testing::TestWithParam<Compression> {};

TEST_P(OracleTest, SameDeliveriesAsLibenet) {
  Trace run;
  std::string why;
  ASSERT_TRUE(testing::RunEnet(Mixed(GetParam()), &run, &why)) << why;
  ASSERT_TRUE(run.disconnected);
  // Not vacuous: every kind of packet went through.
  int kinds[4] = {0, 0, 0, 0};
  for (const Received& r : run.received) {
    if (r.flags & ENET_PACKET_FLAG_RELIABLE) ++kinds[r.bytes.size() > 4000];
    if (r.flags & ENET_PACKET_FLAG_UNSEQUENCED) ++kinds[2];
    if (r.flags & ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT) ++kinds[3];
  }
  EXPECT_GT(kinds[0], 20);
  EXPECT_GT(kinds[1], 5);
  EXPECT_GT(kinds[2], 5);
  // 12 are sent; libenet itself drops an unreliable fragmented packet whose
  // fragments a newer packet of its channel overtook, which a loaded
  // machine (ASan, 2 cores) makes common: one is enough to not be vacuous.
  EXPECT_GT(kinds[3], 0);
  for (Compression mode : {GetParam(), Compression::kAuto}) {
    DecoderOptions opts;
    opts.compression = mode;
    Got g = Decode(run, Delivered(run), opts);
    for (const Problem& p : g.problems) ADD_FAILURE() << p.text;
    EXPECT_TRUE(g.connect);
    EXPECT_TRUE(g.verify);
    EXPECT_TRUE(g.disconnect);
    EXPECT_EQ(g.connect_data, 0x12345678u);
    EXPECT_EQ(g.connect_data, run.connect_data);
    ExpectSame(run.received, g.packets);
    if (GetParam() != Compression::kNone) {
      EXPECT_GT(g.stats.compressed, 0u);
      EXPECT_EQ(g.compression, GetParam());
    }
    EXPECT_EQ(g.stats.flows, 1u);
    EXPECT_EQ(g.stats.pending_bytes, 0u);
  }
}

TEST_P(OracleTest, LostDatagramsRetransmitted) {
  Scenario s = Mixed(GetParam());
  s.drop = [](size_t i, bool) { return i > 3 && i % 7 == 0; };
  Trace run;
  std::string why;
  ASSERT_TRUE(testing::RunEnet(s, &run, &why)) << why;
  // The capture saw what the hosts saw: the same deliveries.
  EXPECT_LT(Delivered(run).size(), run.wire.size());
  Got g = Decode(run, Delivered(run));
  for (const Problem& p : g.problems) ADD_FAILURE() << p.text;
  ExpectSame(run.received, g.packets);
  EXPECT_GT(g.stats.duplicates, 0u);
  EXPECT_GT(g.packets.size(), 60u);
}

TEST_P(OracleTest, ReorderedAndDuplicatedCopies) {
  Scenario s = Mixed(GetParam());
  s.drop = [](size_t i, bool) { return i > 3 && i % 5 == 0; };
  Trace run;
  std::string why;
  ASSERT_TRUE(testing::RunEnet(s, &run, &why)) << why;
  // Everything on the wire (the dropped ones too), shuffled a little after
  // the handshake, some twice.
  std::vector<size_t> order;
  for (size_t i = 0; i < run.wire.size(); ++i) {
    order.push_back(i);
    if (i % 3 == 0) order.push_back(i);
  }
  std::mt19937 rng(7);
  for (size_t i = 4; i + 1 < order.size(); ++i) {
    if (rng() % 3 == 0)
      std::swap(
          order[i],
          order[i + 1 + rng() % std::min<size_t>(4, order.size() - i - 1)]);
  }
  Got g = Decode(run, order);
  for (const Problem& p : g.problems) {
    EXPECT_NE(p.kind, ProblemKind::kMalformed) << p.text;
    EXPECT_NE(p.kind, ProblemKind::kDecompress) << p.text;
  }
  // Reliable packets: exactly the host's, in order, per direction and
  // channel. Every other packet: one that was sent.
  for (bool dir : {true, false}) {
    for (int ch = 0; ch < 6; ++ch) {
      std::vector<std::vector<uint8_t>> a, b;
      for (const Received& r : run.received) {
        if (r.by_server == dir && r.channel == ch &&
            (r.flags & ENET_PACKET_FLAG_RELIABLE)) {
          a.push_back(r.bytes);
        }
      }
      for (const Received& r : g.packets) {
        if (r.by_server == dir && r.channel == ch &&
            (r.flags & ENET_PACKET_FLAG_RELIABLE)) {
          b.push_back(r.bytes);
        }
      }
      EXPECT_TRUE(a == b) << "direction " << dir << " channel " << ch << ": "
                          << a.size() << " vs " << b.size();
    }
  }
  for (const Received& r : g.packets) {
    bool sent = false;
    for (const Send& m : s.sends) {
      sent = sent || (m.from_client == r.by_server && m.channel == r.channel &&
                      m.bytes == r.bytes);
    }
    EXPECT_TRUE(sent) << Describe(r);
  }
}

TEST_P(OracleTest, ChecksumsDetected) {
  Scenario s = Mixed(GetParam());
  s.checksum = true;
  Trace run;
  std::string why;
  ASSERT_TRUE(testing::RunEnet(s, &run, &why)) << why;
  for (Checksum mode : {Checksum::kAuto, Checksum::kOn}) {
    DecoderOptions opts;
    opts.checksum = mode;
    Got g = Decode(run, Delivered(run), opts);
    for (const Problem& p : g.problems) ADD_FAILURE() << p.text;
    ExpectSame(run.received, g.packets);
    EXPECT_GT(g.packets.size(), 60u);
  }
}

TEST_P(OracleTest, MidFlowStartOnTheServerPort) {
  Trace run;
  std::string why;
  ASSERT_TRUE(testing::RunEnet(Mixed(GetParam()), &run, &why)) << why;
  // The capture starts after the handshake and a few exchanges.
  std::vector<size_t> order = Delivered(run);
  order.erase(order.begin(),
              order.begin() + std::min<size_t>(12, order.size()));
  DecoderOptions opts;
  opts.ports = {run.server.port};
  Got g = Decode(run, order, opts);
  for (const Problem& p : g.problems) {
    EXPECT_NE(p.kind, ProblemKind::kMalformed) << p.text;
  }
  EXPECT_EQ(g.stats.flows, 1u);
  // Per direction and channel, the reliable packets are the host's last ones.
  for (bool dir : {true, false}) {
    for (int ch = 0; ch < 6; ++ch) {
      std::vector<std::vector<uint8_t>> a, b;
      for (const Received& r : run.received) {
        if (r.by_server == dir && r.channel == ch &&
            (r.flags & ENET_PACKET_FLAG_RELIABLE)) {
          a.push_back(r.bytes);
        }
      }
      for (const Received& r : g.packets) {
        if (r.by_server == dir && r.channel == ch &&
            (r.flags & ENET_PACKET_FLAG_RELIABLE)) {
          b.push_back(r.bytes);
        }
      }
      ASSERT_LE(b.size(), a.size());
      EXPECT_TRUE(std::equal(b.begin(), b.end(), a.end() - b.size()))
          << "direction " << dir << " channel " << ch;
      EXPECT_GE(b.size() + 6, a.size())
          << "direction " << dir << " channel " << ch;
    }
  }
}

// Uncompressed only: the victim is picked by its first command.
TEST(OracleMissingTest, DatagramMissingFromTheCapture) {
  Trace run;
  std::string why;
  ASSERT_TRUE(testing::RunEnet(Mixed(Compression::kNone), &run, &why)) << why;
  // A datagram the host received (and acknowledged, so never sent again)
  // that the capture lacks: a reliable packet is missing, reported as a
  // gap, and every other reliable packet is still delivered in order.
  std::vector<size_t> order = Delivered(run);
  // A host under load may send a reliable command again before its
  // acknowledgement arrives: a datagram whose command travels again in
  // another one leaves no gap when it is taken out, so the victim's must
  // travel once (a SEND_RELIABLE with the same channel and sequence number
  // anywhere else disqualifies it; a false match only skips a candidate).
  auto travels_again = [&](size_t k) {
    const std::vector<uint8_t>& b = run.wire[order[k]].bytes;
    for (size_t j = 0; j < order.size(); ++j) {
      const testing::Wire& w = run.wire[order[j]];
      if (j == k || !w.to_server) continue;
      for (size_t i = 4; i + 4 <= w.bytes.size(); ++i) {
        if ((w.bytes[i] & 0x0F) == 6 && w.bytes[i + 1] == b[5] &&
            w.bytes[i + 2] == b[6] && w.bytes[i + 3] == b[7]) {
          return true;
        }
      }
    }
    return false;
  };
  size_t victim = 0;
  for (size_t k = 10; k < order.size() / 3 && victim == 0; ++k) {
    const std::vector<uint8_t>& b = run.wire[order[k]].bytes;
    // To the server, starting with a SEND_RELIABLE sent once.
    if (run.wire[order[k]].to_server && b.size() > 8 && (b[4] & 0x0F) == 6 &&
        !travels_again(k)) {
      victim = k;
    }
  }
  ASSERT_NE(victim, 0u) << "no datagram to take out";
  order.erase(order.begin() + victim);
  Got g = Decode(run, order);
  bool gap = false;
  for (const Problem& p : g.problems) gap = gap || p.kind == ProblemKind::kGap;
  EXPECT_TRUE(gap);
  size_t want = 0, got = 0;
  for (const Received& r : run.received) {
    want += r.by_server && (r.flags & ENET_PACKET_FLAG_RELIABLE);
  }
  for (const Received& r : g.packets) {
    got += r.by_server && (r.flags & ENET_PACKET_FLAG_RELIABLE);
  }
  EXPECT_LT(got, want);
  EXPECT_GE(got + 8, want);
}

INSTANTIATE_TEST_SUITE_P(Modes, OracleTest,
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
