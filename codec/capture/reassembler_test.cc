// Copyright 2026 The gdwire Authors.
//
// The TCP reassembler on its own: order, duplicates, overlaps, gaps, the
// buffer bound, sequence wrap-around and hostile sequence numbers.

#include <cstdint>
#include <string>
#include <vector>

#include "codec/capture/internal/tcp_reassembler.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace capture {
namespace internal {
namespace {

struct Recorder : StreamSink {
  std::string data;
  std::vector<std::pair<uint64_t, uint64_t>> gaps;
  int ends = 0;
  bool capture_ended = false;
  void Data(uint64_t offset, absl::Span<const uint8_t> bytes) override {
    EXPECT_EQ(offset, data.size()) << "data not contiguous";
    data.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
  void Gap(uint64_t offset, uint64_t length) override {
    EXPECT_EQ(offset, data.size());
    gaps.push_back({offset, length});
    data.append(static_cast<size_t>(length), '?');
  }
  void End(bool c) override {
    ++ends;
    capture_ended = c;
  }
};

absl::Span<const uint8_t> S(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

TEST(TcpReassembler, InOrderAfterSyn) {
  TcpReassembler r(1 << 20);
  Recorder out;
  ASSERT_TRUE(r.Segment(1000, true, false, false, {}, 0, &out));
  ASSERT_TRUE(r.Segment(1001, false, false, false, S("hello "), 0, &out));
  ASSERT_TRUE(r.Segment(1007, false, true, false, S("world"), 0, &out));
  EXPECT_EQ(out.data, "hello world");
  EXPECT_EQ(out.ends, 1);
  EXPECT_FALSE(out.capture_ended);
  EXPECT_TRUE(r.ended());
}

TEST(TcpReassembler, OutOfOrderDuplicatesAndOverlaps) {
  TcpReassembler r(1 << 20);
  Recorder out;
  r.Segment(0, true, false, false, {}, 0, &out);
  r.Segment(11, false, false, false, S("klmno"), 0, &out);     // ahead
  r.Segment(6, false, false, false, S("fghij"), 0, &out);      // ahead
  r.Segment(9, false, false, false, S("ijklmnopq"), 0, &out);  // overlaps
  EXPECT_EQ(out.data, "");
  r.Segment(1, false, false, false, S("abcdefg"), 0, &out);  // fills, overlaps
  EXPECT_EQ(out.data, "abcdefghijklmnopq");
  r.Segment(1, false, false, false, S("abc"), 0, &out);     // old
  r.Segment(15, false, false, false, S("opqrs"), 0, &out);  // partly old
  EXPECT_EQ(out.data, "abcdefghijklmnopqrs");
  EXPECT_GE(r.stats().duplicates, 2u);
  EXPECT_GE(r.stats().out_of_order, 3u);
  EXPECT_TRUE(out.gaps.empty());
  EXPECT_EQ(r.buffered(), 0u);
}

TEST(TcpReassembler, HoleGivenUpWhenTheBufferIsFull) {
  TcpReassembler r(600);  // 64 bytes of overhead per segment counted
  Recorder out;
  r.Segment(0, true, false, false, {}, 0, &out);
  r.Segment(1, false, false, false, S("aaaa"), 0, &out);
  // Bytes 5..9 never come; 100-byte segments pile up after the hole.
  std::string seg(100, 'x');
  for (int i = 0; i < 3; ++i) {
    r.Segment(10 + 100 * i, false, false, false, S(seg), 0, &out);
  }
  EXPECT_TRUE(out.gaps.empty());
  r.Segment(310, false, false, false, S(seg), 0, &out);  // over the limit
  ASSERT_EQ(out.gaps.size(), 1u);
  EXPECT_EQ(out.gaps[0], (std::pair<uint64_t, uint64_t>{4, 5}));
  EXPECT_EQ(out.data.size(), 409u);
  EXPECT_EQ(r.buffered(), 0u);
  // The late bytes of the hole are old now.
  r.Segment(5, false, false, false, S("bbbbb"), 0, &out);
  EXPECT_EQ(out.data.size(), 409u);
}

TEST(TcpReassembler, HoleReportedAtTheEndOfTheCapture) {
  TcpReassembler r(1 << 20);
  Recorder out;
  r.Segment(0, true, false, false, {}, 0, &out);
  r.Segment(1, false, false, false, S("ab"), 0, &out);
  r.Segment(6, false, false, false, S("fg"), 0, &out);
  r.Finish(&out);
  ASSERT_EQ(out.gaps.size(), 1u);
  EXPECT_EQ(out.gaps[0], (std::pair<uint64_t, uint64_t>{2, 3}));
  EXPECT_EQ(out.data, "ab???fg");
  EXPECT_EQ(out.ends, 1);
  EXPECT_TRUE(out.capture_ended);
}

TEST(TcpReassembler, FinBeforeMissingBytes) {
  TcpReassembler r(1 << 20);
  Recorder out;
  r.Segment(0, true, false, false, {}, 0, &out);
  r.Segment(1, false, false, false, S("ab"), 0, &out);
  r.Segment(5, false, true, false, S("ef"), 0, &out);  // FIN; 3..4 missing
  EXPECT_EQ(out.ends, 0);
  r.Segment(3, false, false, false, S("cd"), 0, &out);
  EXPECT_EQ(out.data, "abcdef");
  EXPECT_EQ(out.ends, 1);
}

TEST(TcpReassembler, SequenceNumbersWrap) {
  TcpReassembler r(1 << 20);
  Recorder out;
  r.Segment(0xfffffffau, true, false, false, {}, 0, &out);
  r.Segment(0xfffffffbu, false, false, false, S("0123"), 0, &out);
  r.Segment(0x00000003u, false, false, false, S("89"), 0, &out);  // ahead
  r.Segment(0xffffffffu, false, false, false, S("4567"), 0, &out);
  EXPECT_EQ(out.data, "0123456789");
  EXPECT_TRUE(out.gaps.empty());
}

TEST(TcpReassembler, NoSynStartsAtTheFirstSegment) {
  TcpReassembler r(1 << 20);
  Recorder out;
  r.Segment(5000, false, false, false, S("mid"), 0, &out);
  r.Segment(5003, false, false, false, S("stream"), 0, &out);
  EXPECT_EQ(out.data, "midstream");
}

TEST(TcpReassembler, NewSynIsANewConnection) {
  TcpReassembler r(1 << 20);
  Recorder out;
  EXPECT_TRUE(r.Segment(100, true, false, false, {}, 0, &out));
  EXPECT_TRUE(r.Segment(100, true, false, false, {}, 0, &out));  // again
  EXPECT_FALSE(r.Segment(9999, true, false, false, {}, 0, &out));
}

TEST(TcpReassembler, RstEndsAndGivesUpHoles) {
  TcpReassembler r(1 << 20);
  Recorder out;
  r.Segment(0, true, false, false, {}, 0, &out);
  r.Segment(4, false, false, false, S("d"), 0, &out);
  r.Segment(5, false, false, true, {}, 0, &out);
  EXPECT_EQ(out.ends, 1);
  ASSERT_EQ(out.gaps.size(), 1u);
  EXPECT_EQ(out.data, "???d");
  // Later segments of the ended stream are ignored.
  r.Segment(1, false, false, false, S("abc"), 0, &out);
  EXPECT_EQ(out.data, "???d");
}

TEST(TcpReassembler, SnapLengthCutIsAHole) {
  TcpReassembler r(1 << 20);
  Recorder out;
  r.Segment(0, true, false, false, {}, 0, &out);
  r.Segment(1, false, false, false, S("abc"), 3, &out);  // 3 bytes not captured
  r.Segment(7, false, true, false, S("g"), 0, &out);
  r.Finish(&out);
  ASSERT_EQ(out.gaps.size(), 1u);
  EXPECT_EQ(out.data, "abc???g");
}

TEST(TcpReassembler, HostileSequenceNumbersStayBounded) {
  // Segments scattered over the whole 2 GiB window: memory never exceeds
  // the bound, every byte is delivered once or reported as a gap.
  TcpReassembler r(4096);
  struct Counter : StreamSink {
    uint64_t next = 0, bytes = 0, gap_bytes = 0;
    void Data(uint64_t offset, absl::Span<const uint8_t> b) override {
      EXPECT_EQ(offset, next);
      next += b.size();
      bytes += b.size();
    }
    void Gap(uint64_t offset, uint64_t length) override {
      EXPECT_EQ(offset, next);
      next += length;
      gap_bytes += length;
    }
    void End(bool) override {}
  } out;
  r.Segment(7, true, false, false, {}, 0, &out);
  std::string seg(200, 'z');
  uint32_t x = 12345;
  for (int i = 0; i < 20000; ++i) {
    x = x * 1103515245u + 12345u;
    r.Segment(x, false, false, false, S(seg), 0, &out);
    ASSERT_LE(r.buffered(), 4096u + 200 + 64);
  }
  r.Finish(&out);
  EXPECT_EQ(r.buffered(), 0u);
  EXPECT_EQ(out.next, out.bytes + out.gap_bytes);
}

TEST(TcpReassembler, SharedBudget) {
  // Two directions share a 1000-byte budget: the one that grows past it
  // gives up its holes, the other keeps its buffer.
  size_t shared = 0;
  Recorder a, b;
  {
    TcpReassembler ra(1 << 20, &shared, 1000), rb(1 << 20, &shared, 1000);
    ra.Segment(0, true, false, false, {}, 0, &a);
    rb.Segment(0, true, false, false, {}, 0, &b);
    std::string seg(300, 'x');
    ra.Segment(10, false, false, false, S(seg), 0, &a);  // hole 1..9
    EXPECT_EQ(shared, 364u);
    rb.Segment(10, false, false, false, S(seg), 0, &b);
    EXPECT_EQ(shared, 728u);
    rb.Segment(310, false, false, false, S(seg), 0, &b);  // over: b gives up
    EXPECT_EQ(b.gaps.size(), 1u);
    EXPECT_TRUE(a.gaps.empty());
    EXPECT_EQ(shared, 364u);
    EXPECT_EQ(ra.buffered(), 364u);
  }
  EXPECT_EQ(shared, 0u);  // the destructors give their share back
}

}  // namespace
}  // namespace internal
}  // namespace capture
}  // namespace gdwire
