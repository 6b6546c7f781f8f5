// Copyright 2026 The gdwire Authors.
//
// The capture Decoder on hand-made frames: StreamPeer framing over TCP
// (segments in any order, retransmitted, lost), UDP datagrams, the link
// layers, filters, and hostile input (bogus lengths and prefixes).

#include "codec/capture/capture.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "codec/capture/test_util.h"
#include "codec/reference/encoder.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace capture {
namespace {

using testing::Addr;

constexpr Addr kClient{0x7f000001, 40000};
constexpr Addr kServer{0x7f000001, 9000};

std::string Bytes(const Variant& v) {
  auto b = reference::Encode(v, EncodeOptions());
  EXPECT_TRUE(b.ok());
  return b.ok() ? *b : "";
}

// Runs frames through a Decoder, keeping the text of each message and each
// problem.
struct Feeder {
  CaptureOptions opts;
  std::vector<Message> messages;
  std::vector<Problem> problems;
  std::unique_ptr<Decoder> d;
  Feeder() { Reset(); }
  void Reset() {
    messages.clear();
    problems.clear();
    d = std::make_unique<Decoder>(
        opts, [this](const Message& m) { messages.push_back(m); },
        [this](const Problem& p) { problems.push_back(p); });
  }
  void Frame(const std::string& f, int link = 1) {
    d->Packet(Timestamp{1, 0}, link,
              absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(f.data()),
                                  f.size()),
              static_cast<uint32_t>(f.size()));
  }
  std::vector<std::string> Texts() const {
    std::vector<std::string> t;
    for (const Message& m : messages) {
      t.push_back(text::ToText(m.value, Dialect::kGodot4));
    }
    return t;
  }
  std::string AllProblems() const {
    std::string s;
    for (const Problem& p : problems) {
      s += std::string(ProblemKindName(p.kind)) + ": " + p.text + "\n";
    }
    return s;
  }
};

// A client-to-server stream cut into segments (sizes from `cuts`).
struct Seg {
  uint32_t seq;
  std::string data;
};
std::vector<Seg> Cut(const std::string& stream, uint32_t isn,
                     const std::vector<size_t>& sizes) {
  std::vector<Seg> out;
  size_t at = 0;
  for (size_t i = 0; at < stream.size(); ++i) {
    const size_t n = std::min(sizes[i % sizes.size()], stream.size() - at);
    out.push_back({isn + 1 + static_cast<uint32_t>(at), stream.substr(at, n)});
    at += n;
  }
  return out;
}

std::vector<Variant> SomeValues() {
  std::vector<Variant> v;
  v.push_back(Variant::Int(42));
  v.push_back(Variant::String("hello, capture"));
  v.push_back(Variant::Vector3(1, 2, 3));
  v.push_back(Variant::PackedInt32(std::vector<int32_t>(3000, 7)));
  v.push_back(Variant::Float(0.5));
  v.push_back(Variant::Bool(true));
  return v;
}

std::vector<std::string> TextsOf(const std::vector<Variant>& v) {
  std::vector<std::string> t;
  for (const Variant& x : v) t.push_back(text::ToText(x, Dialect::kGodot4));
  return t;
}

std::string StreamOf(const std::vector<Variant>& values) {
  std::string s;
  for (const Variant& v : values) s += testing::Framed(Bytes(v));
  return s;
}

TEST(Capture, StreamPeerInOrder) {
  Feeder run;
  const auto values = SomeValues();
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 100, testing::kSyn, "")));
  for (const Seg& s : Cut(StreamOf(values), 100, {1400})) {
    run.Frame(testing::Ethernet(
        testing::Ipv4Tcp(kClient, kServer, s.seq, 0, s.data)));
  }
  run.d->Finish();
  EXPECT_EQ(run.Texts(), TextsOf(values));
  EXPECT_EQ(run.AllProblems(), "");
  ASSERT_EQ(run.messages.size(), values.size());
  EXPECT_EQ(run.messages[1].index, 1u);
  EXPECT_EQ(run.messages[0].offset, 0u);
  EXPECT_EQ(run.messages[1].offset, Bytes(values[0]).size() + 4);
  EXPECT_EQ(run.messages[0].src.ToString(), "127.0.0.1:40000");
  EXPECT_EQ(run.messages[0].dst.ToString(), "127.0.0.1:9000");
  EXPECT_EQ(run.messages[0].transport, Transport::kTcp);
}

TEST(Capture, StreamPeerShuffledDuplicatedAndOverlapping) {
  const auto values = SomeValues();
  const std::string stream = StreamOf(values);
  std::mt19937 rng(7);
  for (int round = 0; round < 40; ++round) {
    Feeder run;
    std::vector<Seg> segs =
        Cut(stream, 5000, {1 + rng() % 9, 1 + rng() % 300, 1 + rng() % 2000});
    // Retransmissions (whole and overlapping) and reordering.
    const size_t n = segs.size();
    for (size_t i = 0; i < n / 3; ++i) segs.push_back(segs[rng() % n]);
    for (size_t i = 0; i + 1 < n; i += 5) {
      Seg a = segs[i], b = segs[i + 1];
      segs.push_back({a.seq + static_cast<uint32_t>(a.data.size() / 2),
                      a.data.substr(a.data.size() / 2) + b.data});
    }
    std::shuffle(segs.begin(), segs.end(), rng);
    run.Frame(testing::Ethernet(
        testing::Ipv4Tcp(kClient, kServer, 5000, testing::kSyn, "")));
    for (const Seg& s : segs) {
      run.Frame(testing::Ethernet(
          testing::Ipv4Tcp(kClient, kServer, s.seq, 0, s.data)));
    }
    run.d->Finish();
    EXPECT_EQ(run.Texts(), TextsOf(values)) << "round " << round;
    EXPECT_EQ(run.AllProblems(), "") << "round " << round;
    EXPECT_GT(run.d->stats().duplicates, 0u);
  }
}

TEST(Capture, GapInsideAMessageLosesThatMessageOnly) {
  Feeder run;
  const auto values = SomeValues();
  const std::string stream = StreamOf(values);
  // Message #3 (the PackedInt32Array, 12 KB) loses 100 bytes in the middle.
  size_t start3 = 0;
  for (int i = 0; i < 3; ++i) start3 += 4 + Bytes(values[i]).size();
  const size_t hole = start3 + 5000;
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 0, testing::kSyn, "")));
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 1, 0, stream.substr(0, hole))));
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, static_cast<uint32_t>(1 + hole + 100),
                       testing::kFin, stream.substr(hole + 100))));
  run.d->Finish();
  std::vector<std::string> want = TextsOf(values);
  want.erase(want.begin() + 3);
  EXPECT_EQ(run.Texts(), want);
  ASSERT_EQ(run.problems.size(), 1u) << run.AllProblems();
  EXPECT_EQ(run.problems[0].kind, ProblemKind::kGap);
  EXPECT_EQ(run.problems[0].offset, hole);
  EXPECT_NE(run.problems[0].text.find("message #3"), std::string::npos)
      << run.problems[0].text;
  EXPECT_EQ(run.messages.back().index, 5u);
}

TEST(Capture, GapOverABoundaryLosesTheRestNotOtherConnections) {
  Feeder run;
  const auto values = SomeValues();
  const std::string stream = StreamOf(values);
  const size_t b1 = 4 + Bytes(values[0]).size();  // message #1's prefix
  const Addr other{0x7f000001, 40001};
  for (const Addr& c : {kClient, other}) {
    run.Frame(
        testing::Ethernet(testing::Ipv4Tcp(c, kServer, 0, testing::kSyn, "")));
  }
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 1, 0, stream.substr(0, b1 + 2))));
  run.Frame(testing::Ethernet(testing::Ipv4Tcp(other, kServer, 1, 0, stream)));
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, static_cast<uint32_t>(1 + b1 + 3), 0,
                       stream.substr(b1 + 3))));
  run.d->Finish();
  // Connection 1: message #0 only; connection 2: everything.
  int c1 = 0, c2 = 0;
  for (const Message& m : run.messages) (m.connection == 1 ? c1 : c2)++;
  EXPECT_EQ(c1, 1);
  EXPECT_EQ(c2, 6);
  // The rest came in one piece that begins inside a frame: no frame start
  // is found in it (reported).
  ASSERT_EQ(run.problems.size(), 2u) << run.AllProblems();
  EXPECT_EQ(run.problems[0].kind, ProblemKind::kGap);
  EXPECT_EQ(run.problems[0].connection, 1u);
  EXPECT_NE(run.problems[0].text.find("takes a message boundary"),
            std::string::npos);
  EXPECT_EQ(run.problems[1].kind, ProblemKind::kFraming);
  EXPECT_NE(run.problems[1].text.find("no message start found"),
            std::string::npos);
}

// The engines' way: each length prefix and each value in a segment of its
// own.
std::vector<std::string> EngineSegments(const std::vector<Variant>& values) {
  std::vector<std::string> segs;
  for (const Variant& v : values) {
    const std::string f = testing::Framed(Bytes(v));
    segs.push_back(f.substr(0, 4));
    segs.push_back(f.substr(4));
  }
  return segs;
}

TEST(Capture, ResynchronisesAtASegmentAfterALostPrefix) {
  std::vector<Variant> values = SomeValues();
  for (int i = 0; i < 4; ++i) values.push_back(Variant::Int(100 + i));
  const auto segs = EngineSegments(values);
  Feeder run;
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 0, testing::kSyn, "")));
  uint32_t seq = 1;
  for (size_t k = 0; k < segs.size(); ++k) {
    if (k != 4) {  // message #2's prefix is lost
      run.Frame(testing::Ethernet(
          testing::Ipv4Tcp(kClient, kServer, seq, 0, segs[k])));
    }
    seq += static_cast<uint32_t>(segs[k].size());
  }
  run.d->Finish();
  std::vector<std::string> want = TextsOf(values);
  want.erase(want.begin() + 2);
  EXPECT_EQ(run.Texts(), want);
  std::vector<uint64_t> idx;
  for (const Message& m : run.messages) idx.push_back(m.index);
  EXPECT_EQ(idx, (std::vector<uint64_t>{0, 1, 3, 4, 5, 6, 7, 8, 9}));
  ASSERT_EQ(run.problems.size(), 2u) << run.AllProblems();
  EXPECT_NE(run.problems[0].text.find("takes a message boundary"),
            std::string::npos);
  EXPECT_NE(run.problems[1].text.find("a message starts at byte"),
            std::string::npos);
}

TEST(Capture, ConnectionStartNotCaptured) {
  std::vector<Variant> values = SomeValues();
  const auto segs = EngineSegments(values);
  // The capture began between two messages: all of them, no problem.
  {
    Feeder run;
    uint32_t seq = 777;
    for (size_t k = 2; k < segs.size(); ++k) {
      run.Frame(testing::Ethernet(
          testing::Ipv4Tcp(kClient, kServer, seq, 0, segs[k])));
      seq += static_cast<uint32_t>(segs[k].size());
    }
    run.d->Finish();
    std::vector<std::string> want = TextsOf(values);
    want.erase(want.begin());
    EXPECT_EQ(run.Texts(), want);
    EXPECT_EQ(run.AllProblems(), "");
    EXPECT_EQ(run.messages[0].index, 0u);
  }
  // The capture began inside message #3's body: decoded from #4 on.
  {
    Feeder run;
    uint32_t seq = 777;
    const std::string tail = segs[7].substr(100);
    run.Frame(
        testing::Ethernet(testing::Ipv4Tcp(kClient, kServer, seq, 0, tail)));
    seq += static_cast<uint32_t>(tail.size());
    for (size_t k = 8; k < segs.size(); ++k) {
      run.Frame(testing::Ethernet(
          testing::Ipv4Tcp(kClient, kServer, seq, 0, segs[k])));
      seq += static_cast<uint32_t>(segs[k].size());
    }
    run.d->Finish();
    std::vector<std::string> want = TextsOf(values);
    want.erase(want.begin(), want.begin() + 4);
    EXPECT_EQ(run.Texts(), want);
    ASSERT_EQ(run.problems.size(), 1u) << run.AllProblems();
    EXPECT_NE(run.problems[0].text.find("start of the connection was not"),
              std::string::npos);
  }
}

TEST(Capture, WebSocketPortWithoutTheUpgrade) {
  Feeder run;
  run.opts.websocket_ports = {9000};
  run.Reset();
  const std::string f1 =
      testing::WsFrame(0x82, Bytes(Variant::Int(5)), /*masked=*/true);
  const std::string f2 =
      testing::WsFrame(0x82, Bytes(Variant::String("x")), /*masked=*/false);
  run.Frame(testing::Ethernet(testing::Ipv4Tcp(kClient, kServer, 50, 0, f1)));
  run.Frame(testing::Ethernet(testing::Ipv4Tcp(kServer, kClient, 90, 0, f2)));
  run.d->Finish();
  EXPECT_EQ(run.Texts(), (std::vector<std::string>{"5", "\"x\""}));
  EXPECT_EQ(run.messages[0].transport, Transport::kWebSocket);
  EXPECT_EQ(run.AllProblems(), "");
}

TEST(Capture, BadValueSkipsToTheNextFrame) {
  Feeder run;
  std::string bad = testing::Framed(std::string("\x7f\0\0\0\0\0\0\0", 8));
  const std::string stream = testing::Framed(Bytes(Variant::Int(1))) + bad +
                             testing::Framed(Bytes(Variant::Int(2)));
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 0, testing::kSyn, "")));
  for (const Seg& s : Cut(stream, 0, {3})) {
    run.Frame(testing::Ethernet(
        testing::Ipv4Tcp(kClient, kServer, s.seq, 0, s.data)));
  }
  run.d->Finish();
  EXPECT_EQ(run.Texts(), (std::vector<std::string>{"1", "2"}));
  ASSERT_EQ(run.problems.size(), 1u) << run.AllProblems();
  EXPECT_EQ(run.problems[0].kind, ProblemKind::kDecode);
  EXPECT_EQ(run.problems[0].offset, 12u);
  EXPECT_EQ(run.messages[1].index, 2u);
}

TEST(Capture, BogusLengthPrefixLosesTheDirection) {
  for (uint32_t len : {0xffffffffu, 0x80000000u, 0x7fffffffu}) {
    Feeder run;
    run.opts.max_message_bytes = 1 << 20;
    run.Reset();
    std::string stream = testing::Framed(Bytes(Variant::Int(1)));
    for (int i = 0; i < 4; ++i)
      stream.push_back(static_cast<char>(len >> (8 * i)));
    stream += std::string(5000, 'x');
    run.Frame(testing::Ethernet(
        testing::Ipv4Tcp(kClient, kServer, 0, testing::kSyn, "")));
    run.Frame(
        testing::Ethernet(testing::Ipv4Tcp(kClient, kServer, 1, 0, stream)));
    run.d->Finish();
    EXPECT_EQ(run.Texts(), (std::vector<std::string>{"1"}));
    ASSERT_EQ(run.problems.size(), 2u) << run.AllProblems();
    EXPECT_EQ(run.problems[0].kind, ProblemKind::kFraming);
    EXPECT_EQ(run.problems[0].offset, 12u);
    EXPECT_EQ(run.problems[1].kind, ProblemKind::kFraming);  // no start found
  }
}

TEST(Capture, ZeroLengthFrameIsAnErrorAndSkipped) {
  Feeder run;
  const std::string stream =
      testing::Framed("") + testing::Framed(Bytes(Variant::Int(5)));
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 0, testing::kSyn, "")));
  run.Frame(
      testing::Ethernet(testing::Ipv4Tcp(kClient, kServer, 1, 0, stream)));
  run.d->Finish();
  EXPECT_EQ(run.Texts(), (std::vector<std::string>{"5"}));
  EXPECT_EQ(run.problems.size(), 1u) << run.AllProblems();
}

TEST(Capture, CaptureEndsInsideAMessage) {
  Feeder run;
  const std::string stream = StreamOf(SomeValues());
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 0, testing::kSyn, "")));
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 1, 0, stream.substr(0, 50))));
  run.d->Finish();
  EXPECT_EQ(run.messages.size(), 2u);
  ASSERT_EQ(run.problems.size(), 1u) << run.AllProblems();
  EXPECT_EQ(run.problems[0].kind, ProblemKind::kTruncated);
  EXPECT_NE(run.problems[0].text.find("the capture ends inside message #2"),
            std::string::npos)
      << run.problems[0].text;
}

TEST(Capture, ResetInsideAMessage) {
  // The server resets the connection while the client's message #2 is
  // only partly there: reported as a closed connection, not a cut capture.
  Feeder run;
  const std::string stream = StreamOf(SomeValues());
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 0, testing::kSyn, "")));
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kClient, kServer, 1, 0, stream.substr(0, 50))));
  run.Frame(testing::Ethernet(
      testing::Ipv4Tcp(kServer, kClient, 0, testing::kRst, "")));
  EXPECT_EQ(run.messages.size(), 2u);
  ASSERT_EQ(run.problems.size(), 1u) << run.AllProblems();
  EXPECT_NE(
      run.problems[0].text.find("the connection closed inside message #2"),
      std::string::npos)
      << run.problems[0].text;
  run.d->Finish();
  EXPECT_EQ(run.problems.size(), 1u);
}

TEST(Capture, UdpOneValuePerDatagram) {
  Feeder run;
  const Addr a{0x7f000001, 5000}, b{0x7f000001, 5001};
  run.Frame(testing::Ethernet(testing::Ipv4Udp(a, b, Bytes(Variant::Int(7)))));
  run.Frame(testing::Ethernet(
      testing::Ipv4Udp(b, a, Bytes(Variant::String("back")))));
  run.Frame(testing::Ethernet(testing::Ipv4Udp(a, b, "\x04")));  // cut
  run.Frame(testing::Ethernet(testing::Ipv4Udp(a, b, "")));      // empty
  run.Frame(testing::Ethernet(
      testing::Ipv4Udp(a, b, Bytes(Variant::Int(8)) + "trailing")));
  run.d->Finish();
  EXPECT_EQ(run.Texts(), (std::vector<std::string>{"7", "\"back\"", "8"}));
  EXPECT_EQ(run.messages[0].transport, Transport::kUdp);
  EXPECT_EQ(run.messages[2].index, 3u);
  EXPECT_EQ(run.problems.size(), 2u) << run.AllProblems();
}

TEST(Capture, UdpFragmentedDatagrams) {
  const Addr a{0x7f000001, 5000}, b{0x7f000001, 5001};
  const Variant big = Variant::PackedInt32(std::vector<int32_t>(1000, 3));
  std::vector<std::string> frags =
      testing::Fragment(testing::Ipv4Udp(a, b, Bytes(big)), 1500);
  ASSERT_EQ(frags.size(), 3u);
  Feeder run;
  // Out of order, one repeated.
  for (int k : {2, 0, 2, 1}) run.Frame(testing::Ethernet(frags[k]));
  run.Frame(testing::Ethernet(testing::Ipv4Udp(a, b, Bytes(Variant::Int(1)))));
  // A datagram whose middle fragment never comes: reported at the end.
  for (int k : {0, 2}) run.Frame(testing::Ethernet(frags[k]));
  run.d->Finish();
  EXPECT_EQ(run.Texts(), (std::vector<std::string>{
                             text::ToText(big, Dialect::kGodot4), "1"}));
  ASSERT_EQ(run.problems.size(), 1u) << run.AllProblems();
  EXPECT_EQ(run.problems[0].kind, ProblemKind::kTruncated);
  EXPECT_NE(run.problems[0].text.find("1 IPv4 datagram(s) incomplete"),
            std::string::npos);
}

TEST(Capture, HostileFragmentsAreBounded) {
  const Addr a{0x7f000001, 5000}, b{0x7f000001, 5001};
  Feeder run;
  // A fragment that would reach past 65,535 bytes, and one of an odd size
  // with more to come: dropped, reported.
  std::string f = testing::Fragment(
      testing::Ipv4Udp(a, b, std::string(3000, 'x')), 1500)[0];
  f[6] = static_cast<char>(0x20 | 0x1f);  // offset 8184 * 8
  f[7] = static_cast<char>(0xff);
  run.Frame(testing::Ethernet(f));
  std::string g = testing::Fragment(
      testing::Ipv4Udp(a, b, std::string(3000, 'x')), 1500)[0];
  g.pop_back();
  g[3] = static_cast<char>(g[3] - 1);
  run.Frame(testing::Ethernet(g));
  EXPECT_EQ(run.problems.size(), 2u) << run.AllProblems();
  // Thousands of datagrams that never complete: held within the bound.
  for (int id = 0; id < 30000; ++id) {
    std::string h = testing::Fragment(
        testing::Ipv4Udp(a, b, std::string(3000, 'y')), 1500)[0];
    h[4] = static_cast<char>(id >> 8);
    h[5] = static_cast<char>(id);
    h[12] = static_cast<char>(id >> 16);  // a new source for every 64 Ki
    run.Frame(testing::Ethernet(h));
  }
  run.d->Finish();
  EXPECT_TRUE(run.messages.empty());
  EXPECT_GT(run.problems.size(), 2u);  // the oldest ones given up
}

TEST(Capture, UdpCutBySnapLength) {
  Feeder run;
  const Addr a{0x7f000001, 5000}, b{0x7f000001, 5001};
  std::string f = testing::Ethernet(
      testing::Ipv4Udp(a, b, Bytes(Variant::String("a long string value"))));
  const uint32_t wire = static_cast<uint32_t>(f.size());
  f.resize(f.size() - 6);
  run.d->Packet(
      Timestamp{}, 1,
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(f.data()), f.size()),
      wire);
  run.d->Finish();
  EXPECT_TRUE(run.messages.empty());
  ASSERT_EQ(run.problems.size(), 1u);
  EXPECT_EQ(run.problems[0].kind, ProblemKind::kTruncated);
}

TEST(Capture, EveryLinkLayer) {
  const std::string payload = testing::Framed(Bytes(Variant::Int(99)));
  const std::string ip4 = testing::Ipv4Tcp(kClient, kServer, 1, 0, payload);
  const std::string ip6 = testing::Ipv6Tcp(40000, 9000, 1, 0, payload);
  struct Case {
    std::string frame;
    int link;
  } cases[] = {
      {testing::Ethernet(ip4), 1},
      {testing::Sll(ip4), 113},
      {testing::Sll2(ip4), 276},
      {testing::Null(ip4), 0},
      {ip4, 12},
      {ip4, 101},
      {ip4, 228},
      {testing::Ethernet(ip6, true), 1},
      {testing::Sll2(ip6, true), 276},
      {testing::Null(ip6, true), 0},
      {ip6, 229},
  };
  for (const Case& c : cases) {
    Feeder run;
    run.Frame(c.frame, c.link);
    run.d->Finish();
    EXPECT_EQ(run.Texts(), (std::vector<std::string>{"99"})) << c.link;
    EXPECT_EQ(run.AllProblems(), "");
  }
}

TEST(Capture, Filters) {
  const Addr a{0x7f000001, 5000}, b{0x7f000001, 5001};
  const Addr c{0x0a000001, 6000}, d{0x0a000002, 6001};
  auto feed = [&](Feeder* run) {
    run->Frame(
        testing::Ethernet(testing::Ipv4Udp(a, b, Bytes(Variant::Int(1)))));
    run->Frame(
        testing::Ethernet(testing::Ipv4Udp(b, a, Bytes(Variant::Int(2)))));
    run->Frame(
        testing::Ethernet(testing::Ipv4Udp(c, d, Bytes(Variant::Int(3)))));
    run->d->Finish();
  };
  Feeder all;
  feed(&all);
  EXPECT_EQ(all.Texts(), (std::vector<std::string>{"1", "2", "3"}));
  Feeder port;
  port.opts.ports = {5001};
  port.Reset();
  feed(&port);
  EXPECT_EQ(port.Texts(), (std::vector<std::string>{"1", "2"}));
  Feeder to;
  to.opts.to_ports = {5001};
  to.Reset();
  feed(&to);
  EXPECT_EQ(to.Texts(), (std::vector<std::string>{"1"}));
  Feeder host;
  Endpoint h;
  ASSERT_TRUE(Endpoint::ParseHost("10.0.0.2", &h));
  host.opts.hosts = {h};
  host.Reset();
  feed(&host);
  EXPECT_EQ(host.Texts(), (std::vector<std::string>{"3"}));
}

TEST(Capture, FlowLimit) {
  Feeder run;
  run.opts.max_flows = 10;
  run.Reset();
  for (uint16_t port = 1000; port < 1040; ++port) {
    const Addr c{0x7f000001, port};
    // Connections that open, send one message and close: their places
    // are taken again.
    run.Frame(
        testing::Ethernet(testing::Ipv4Tcp(c, kServer, 0, testing::kSyn, "")));
    run.Frame(testing::Ethernet(
        testing::Ipv4Tcp(c, kServer, 1, testing::kFin,
                         testing::Framed(Bytes(Variant::Int(port))))));
    run.Frame(testing::Ethernet(
        testing::Ipv4Tcp(kServer, c, 0, testing::kSyn | testing::kFin, "")));
  }
  EXPECT_EQ(run.messages.size(), 40u);
  EXPECT_EQ(run.AllProblems(), "");
  // Open ones fill the table: the 11th is skipped, reported once.
  for (uint16_t port = 2000; port < 2020; ++port) {
    const Addr c{0x7f000001, port};
    run.Frame(testing::Ethernet(testing::Ipv4Tcp(
        c, kServer, 0, 0, testing::Framed(Bytes(Variant::Int(port))))));
  }
  run.d->Finish();  // (no SYN: a lone message is taken at the end)
  EXPECT_EQ(run.messages.size(), 50u);
  ASSERT_EQ(run.problems.size(), 1u) << run.AllProblems();
  EXPECT_EQ(run.problems[0].kind, ProblemKind::kLimit);
}

TEST(Capture, GarbageFramesNeverCrash) {
  std::mt19937 rng(3);
  Feeder run;
  for (int i = 0; i < 20000; ++i) {
    std::string f(rng() % 200, '\0');
    for (char& ch : f) ch = static_cast<char>(rng());
    if (i % 2 == 0 && f.size() > 34) {  // mostly valid headers, random rest
      const std::string h = testing::Ethernet(testing::Ipv4Tcp(
          kClient, kServer, rng() % 64, static_cast<uint8_t>(rng() & 7), ""));
      f.replace(0, 34, h.substr(0, 34));
    }
    const int links[] = {0, 1, 12, 101, 108, 113, 228, 229, 276, 999};
    run.Frame(f, links[rng() % 10]);
  }
  run.d->Finish();
  SUCCEED();
}

}  // namespace
}  // namespace capture
}  // namespace gdwire
