// Copyright 2026 The gdwire Authors.
//
// The Decoder on hand-made datagrams: ordering, sequencing, fragments, the
// checks of everything from the wire, the memory bounds, mid-flow starts.

#include "codec/enet/session.h"

#include <string>
#include <vector>

#include "codec/enet/testing/builder.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace enet {
namespace {

using testing::Builder;

std::vector<uint8_t> V(const std::string& s) {
  return std::vector<uint8_t>(s.begin(), s.end());
}

class SessionTest : public ::testing::Test {
 protected:
  SessionTest() {
    client_.SetV4(0x0a000001);
    client_.port = 5000;
    server_.SetV4(0x0a000002);
    server_.port = 7777;
  }
  void Start(DecoderOptions o = {}) {
    decoder_ = std::make_unique<Decoder>(
        o,
        [this](const Event& e) {
          events_.push_back(e);
          events_.back().packet = {};
          events_.back().connect = nullptr;
          if (e.kind == EventKind::kPacket) {
            packets_.push_back(std::string(e.packet.begin(), e.packet.end()));
          }
        },
        [this](const Problem& p) { problems_.push_back(p); });
  }
  void Handshake(uint32_t channels = 4) {
    ToServer(Builder(kNoPeerId, 0, 1).Connect(0, channels, 42));
    ToClient(Builder(0, 0, 2).Verify(7, 1, 2, channels));
  }
  void ToServer(const std::vector<uint8_t>& b) {
    decoder_->Datagram(t_++, client_, server_, b);
  }
  void ToClient(const std::vector<uint8_t>& b) {
    decoder_->Datagram(t_++, server_, client_, b);
  }
  Builder C() { return Builder(7, 2, 100); }  // client -> server header
  Builder S() { return Builder(0, 1, 100); }  // server -> client header
  std::string Problems() {
    std::string s;
    for (const Problem& p : problems_) {
      s += std::string(ProblemKindName(p.kind)) + ": " + p.text + "\n";
    }
    return s;
  }
  bool HasProblem(ProblemKind k) {
    for (const Problem& p : problems_) {
      if (p.kind == k) return true;
    }
    return false;
  }

  Endpoint client_, server_;
  int64_t t_ = 0;
  std::unique_ptr<Decoder> decoder_;
  std::vector<Event> events_;
  std::vector<std::string> packets_;
  std::vector<Problem> problems_;
};

TEST_F(SessionTest, HandshakeAndReliableOrder) {
  Start();
  Handshake();
  ASSERT_GE(events_.size(), 2u);
  EXPECT_EQ(events_[0].kind, EventKind::kConnect);
  EXPECT_EQ(events_[0].data, 42u);
  EXPECT_EQ(events_[0].client, client_);
  EXPECT_EQ(events_[1].kind, EventKind::kVerifyConnect);
  ToServer(C().Reliable(1, 2, V("two")));
  ToServer(C().Reliable(1, 1, V("one")).Reliable(1, 3, V("three")));
  ToServer(C().Reliable(1, 2, V("two")));  // retransmission
  ToClient(S().Reliable(0, 1, V("back")));
  EXPECT_EQ(packets_,
            (std::vector<std::string>{"one", "two", "three", "back"}));
  EXPECT_EQ(decoder_->stats().duplicates, 1u);
  EXPECT_EQ(events_.back().direction, Direction::kServerToClient);
  EXPECT_EQ(events_.back().delivery, Delivery::kReliable);
  EXPECT_EQ(events_.back().datagram_bytes, 4u + 6u + 4u);
  EXPECT_EQ(events_.back().overhead_bytes, 4u + 6u);
  EXPECT_TRUE(problems_.empty()) << Problems();
}

TEST_F(SessionTest, UnreliableSequencedAndHeldForItsReliable) {
  Start();
  Handshake();
  ToServer(C().Unreliable(0, 0, 3, V("u3")).Unreliable(0, 0, 2, V("u2")));
  // Sent after reliable 1, arriving before it: held until it is delivered.
  ToServer(C().Unreliable(0, 1, 1, V("after1")));
  ToServer(C().Reliable(0, 1, V("r1")));
  ToServer(C().Unreliable(0, 0, 4, V("stale")));  // older reliable epoch
  EXPECT_EQ(packets_, (std::vector<std::string>{"u3", "r1", "after1"}));
  EXPECT_TRUE(problems_.empty()) << Problems();
}

TEST_F(SessionTest, AcknowledgeEventsOnRequest) {
  Start();
  Handshake();
  ToServer(C().Ack(0xFF, 1, 2));
  EXPECT_EQ(events_.back().kind, EventKind::kVerifyConnect);
  DecoderOptions o;
  o.acknowledge_events = true;
  Start(o);
  Handshake();
  ToServer(C().Ack(0xFF, 1, 2));
  EXPECT_EQ(events_.back().kind, EventKind::kAcknowledge);
  EXPECT_EQ(events_.back().data, 1u);
  EXPECT_EQ(events_.back().data2, 2u);
  EXPECT_EQ(decoder_->stats().acknowledgements, 1u);
}

TEST_F(SessionTest, UnsequencedOnceEach) {
  Start();
  Handshake();
  ToServer(C().Unsequenced(0, 1, V("a")).Unsequenced(0, 2, V("b")));
  ToServer(C().Unsequenced(0, 1, V("a")));
  ToServer(C().Unsequenced(2, 1500, V("c")).Unsequenced(0, 2, V("b")));
  EXPECT_EQ(packets_, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(events_.back().delivery, Delivery::kUnsequenced);
}

TEST_F(SessionTest, FragmentsReassembled) {
  Start();
  Handshake();
  const std::string whole = "0123456789abcdefghij";
  // Reliable: start 1, three fragments, the last first.
  ToServer(C().Fragment(true, 0, 3, 1, 3, 2, 20, 16, V("ghij")));
  ToServer(C().Fragment(true, 0, 1, 1, 3, 0, 20, 0, V("01234567")));
  ToServer(C().Fragment(true, 0, 1, 1, 3, 0, 20, 0, V("01234567")));  // dup
  ToServer(C().Fragment(true, 0, 2, 1, 3, 1, 20, 8, V("89abcdef")));
  ToServer(C().Reliable(0, 4, V("next")));
  // Unreliable fragments (reliable epoch 4, start 1).
  ToServer(C().Fragment(false, 0, 4, 1, 2, 1, 6, 3, V("def")));
  ToServer(C().Fragment(false, 0, 4, 1, 2, 0, 6, 0, V("abc")));
  EXPECT_EQ(packets_, (std::vector<std::string>{whole, "next", "abcdef"}));
  EXPECT_TRUE(events_.back().fragmented);
  EXPECT_EQ(events_.back().delivery, Delivery::kUnreliable);
  EXPECT_EQ(decoder_->stats().fragments, 5u);
  EXPECT_EQ(decoder_->stats().pending_bytes, 0u);
  EXPECT_TRUE(problems_.empty()) << Problems();
}

TEST_F(SessionTest, HostileFragments) {
  DecoderOptions o;
  o.max_packet_bytes = 1 << 20;
  Start(o);
  Handshake();
  const std::vector<uint8_t> d = V("data");
  ToServer(C().Fragment(true, 0, 1, 1, 0, 0, 100, 0, d));           // count 0
  ToServer(C().Fragment(true, 0, 1, 1, 0xFFFFFFFF, 0, 100, 0, d));  // huge
  ToServer(C().Fragment(true, 0, 1, 1, 4, 4, 100, 0, d));           // number
  ToServer(C().Fragment(true, 0, 1, 1, 4, 0, 0xFFFFFFF0, 0, d));    // total
  ToServer(C().Fragment(true, 0, 1, 1, 4, 0, 100, 100, d));         // offset
  ToServer(C().Fragment(true, 0, 1, 1, 4, 0, 100, 98, d));          // overrun
  ToServer(C().Fragment(true, 0, 1, 1, 200, 0, 100, 0, d));  // total<count
  ToServer(C().Fragment(false, 0, 0, 1, 0xFFFFF, 0, 1 << 20, 0, d));
  ToServer(C().Fragment(false, 0, 0, 1, 3, 0, 1 << 20, 0, d));  // differs
  EXPECT_TRUE(packets_.empty());
  int fragment_problems = 0;
  for (const Problem& p : problems_) {
    fragment_problems += p.kind == ProblemKind::kFragment;
  }
  EXPECT_EQ(fragment_problems, 8) << Problems();
  decoder_->Finish();
  EXPECT_EQ(decoder_->stats().pending_bytes, 0u);
}

TEST_F(SessionTest, WrongChannelPeerAndSession) {
  Start();
  Handshake(2);
  ToServer(C().Reliable(2, 1, V("x")).Reliable(0, 1, V("after")));
  EXPECT_TRUE(HasProblem(ProblemKind::kChannel)) << Problems();
  EXPECT_TRUE(packets_.empty());  // ENet stops reading the datagram there
  problems_.clear();
  ToServer(Builder(8, 2).Reliable(0, 1, V("x")));          // peer id
  ToServer(Builder(7, 3).Reliable(0, 1, V("x")));          // session id
  ToClient(Builder(kNoPeerId, 0).Reliable(0, 1, V("x")));  // to no peer
  EXPECT_EQ(problems_.size(), 3u) << Problems();
  for (const Problem& p : problems_) EXPECT_EQ(p.kind, ProblemKind::kPeer);
  EXPECT_TRUE(packets_.empty());
}

TEST_F(SessionTest, MemoryBoundsAndGaps) {
  DecoderOptions o;
  o.max_pending_bytes_per_session = 1000;
  o.max_held_reliable = 3;
  Start(o);
  Handshake();
  ToServer(C().Fragment(true, 0, 1, 1, 2, 0, 5000, 0, V("big")));
  EXPECT_TRUE(HasProblem(ProblemKind::kLimit)) << Problems();
  problems_.clear();
  // Reliable 1 never comes: 2..5 held, the 4th passes the bound.
  for (uint16_t s = 2; s <= 5; ++s) ToServer(C().Reliable(1, s, V("r")));
  EXPECT_TRUE(HasProblem(ProblemKind::kGap)) << Problems();
  EXPECT_EQ(packets_.size(), 4u);
  // At the end, what is held past a gap is delivered (and reported).
  problems_.clear();
  ToServer(C().Reliable(2, 3, V("late")));
  decoder_->Finish();
  EXPECT_EQ(packets_.back(), "late");
  EXPECT_TRUE(HasProblem(ProblemKind::kGap)) << Problems();
  EXPECT_EQ(decoder_->stats().pending_bytes, 0u);
}

TEST_F(SessionTest, UnreliableWaitingOnALostReliable) {
  DecoderOptions o;
  o.max_held_reliable = 3;
  Start(o);
  Handshake();
  // Reliable 1 is not in the capture; unreliable packets sent after it wait.
  ToServer(C().Unreliable(0, 1, 1, V("a")).Unreliable(0, 1, 2, V("b")));
  ToServer(C().Unreliable(0, 1, 3, V("c")));
  EXPECT_TRUE(packets_.empty());
  ToServer(C().Unreliable(0, 1, 4, V("d")));  // the 4th passes the bound
  EXPECT_EQ(packets_, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_TRUE(HasProblem(ProblemKind::kGap)) << Problems();
  // At the end of the capture, too.
  ToServer(C().Unreliable(1, 5, 1, V("e")));
  decoder_->Finish();
  EXPECT_EQ(packets_.back(), "e");
  EXPECT_EQ(decoder_->stats().pending_bytes, 0u);
}

TEST_F(SessionTest, MaxSessionsAndNotEnet) {
  DecoderOptions o;
  o.max_sessions = 1;
  Start(o);
  Handshake();
  Endpoint other = client_;
  other.port = 5001;
  decoder_->Datagram(0, other, server_,
                     Builder(kNoPeerId, 0, 1).Connect(0, 4, 43).bytes());
  EXPECT_TRUE(HasProblem(ProblemKind::kLimit));
  decoder_->Datagram(0, other, client_, V("not enet at all"));
  EXPECT_EQ(decoder_->stats().not_enet, 1u);
  EXPECT_EQ(decoder_->stats().flows, 1u);
}

TEST_F(SessionTest, MidFlowOnAPort) {
  DecoderOptions o;
  o.ports = {7777};
  Start(o);
  // No handshake: the server is the side with the port.
  ToClient(S().Reliable(0, 100, V("a")));
  ToClient(S().Reliable(0, 102, V("c")).Reliable(0, 101, V("b")));
  ToServer(C().Unreliable(3, 50, 7, V("u")));
  EXPECT_EQ(packets_, (std::vector<std::string>{"a", "b", "c", "u"}));
  EXPECT_EQ(events_[0].server, server_);
  EXPECT_EQ(events_[0].direction, Direction::kServerToClient);
  EXPECT_TRUE(problems_.empty()) << Problems();
}

TEST_F(SessionTest, DtlsFlowReportedOnce) {
  DecoderOptions o;
  o.ports = {7777};
  Start(o);
  const std::vector<uint8_t> dtls = {22, 0xFE, 0xFD, 0, 0, 0, 0, 0,
                                     0,  0,    0,    0, 2, 1, 2};
  ToServer(dtls);
  ToServer(dtls);
  ASSERT_EQ(problems_.size(), 1u);
  EXPECT_EQ(problems_[0].kind, ProblemKind::kDtls);
  EXPECT_NE(problems_[0].text.find("DTLS"), std::string::npos);
}

TEST_F(SessionTest, DisconnectEndsDelivery) {
  Start();
  Handshake();
  ToServer(C().Reliable(0, 1, V("before")).Disconnect(2, 77));
  ToServer(C().Disconnect(2, 77));  // retransmitted
  ToServer(C().Reliable(0, 2, V("after")));
  EXPECT_EQ(packets_, (std::vector<std::string>{"before"}));
  int disconnects = 0;
  for (const Event& e : events_) {
    if (e.kind == EventKind::kDisconnect) {
      ++disconnects;
      EXPECT_EQ(e.data, 77u);
    }
  }
  EXPECT_EQ(disconnects, 1);
  // A new CONNECT (another connect id) on the same endpoints: a new flow.
  ToServer(Builder(kNoPeerId, 0, 1).Connect(0, 4, 44, 0x55667788));
  EXPECT_EQ(decoder_->stats().flows, 2u);
  EXPECT_EQ(events_.back().flow, 2u);
  EXPECT_EQ(events_.back().data, 44u);
}

TEST_F(SessionTest, TruncatedDatagramsNeverCrash) {
  Start();
  Handshake();
  const std::vector<uint8_t> b =
      C().Reliable(0, 1, V("abc"))
          .Fragment(true, 1, 1, 1, 2, 0, 8, 0, V("abcd"))
          .Unsequenced(0, 1, V("u"))
          .Unreliable(0, 1, 1, V("v"));
  for (size_t n = 0; n <= b.size(); ++n) {
    ToServer(std::vector<uint8_t>(b.begin(), b.begin() + n));
  }
  decoder_->Finish();
  EXPECT_EQ(decoder_->stats().pending_bytes, 0u);
  EXPECT_FALSE(packets_.empty());
}

}  // namespace
}  // namespace enet
}  // namespace gdwire
