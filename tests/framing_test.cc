// Copyright 2026 The gdwire Authors.
//
// Framings against real-engine streams: Godot 3.2.3 File.store_var,
// StreamPeerBuffer.put_var (little and big endian), PacketPeerStream and a
// real StreamPeerTCP capture (20 values each), and Godot 4.6.3 put_var.
// Plus hand-made edge cases: cut frames, oversize and negative prefixes,
// values that end early or late inside their frame.

#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_split.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/reference/encoder.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

namespace gdwire {
namespace {

using testing::CorpusCase;

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

FrameOptions FramingOf(const CorpusCase& c) {
  FrameOptions f;
  f.framing = c.godot_error == "packet-stream" ? Framing::kPacketStream
                                               : Framing::kStream;
  f.big_endian = c.godot_error == "stream-be";
  return f;
}

class EngineStreamTest : public ::testing::TestWithParam<CorpusCase> {};

TEST_P(EngineStreamTest, DecodesEveryFrameAndReframesIdentically) {
  const CorpusCase& c = GetParam();
  const FrameOptions f = FramingOf(c);
  DecodeOptions d;
  d.dialect = c.dialect;
  d.reject_trailing_bytes = true;
  auto values = DecodeFramed(Bytes(c.input), f, d);
  ASSERT_TRUE(values.ok()) << values.status();
  if (c.has_reencoded) {
    std::vector<std::string> payloads = absl::StrSplit(c.reencoded, ',');
    ASSERT_EQ(values->size(), payloads.size());
    EncodeOptions e;
    e.dialect = c.dialect;
    for (size_t i = 0; i < payloads.size(); ++i) {
      auto b = reference::Encode((*values)[i], e);
      ASSERT_TRUE(b.ok());
      EXPECT_EQ(absl::BytesToHexString(*b), payloads[i]) << "value " << i;
    }
  }
  EncodeOptions e;
  e.dialect = c.dialect;
  auto again = EncodeFramed(*values, f, e);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(absl::BytesToHexString(*again), absl::BytesToHexString(c.input));
}

std::vector<CorpusCase> AllStreams() {
  std::vector<CorpusCase> v = testing::LoadCorpus("godot3", "frame");
  for (auto& c : testing::LoadCorpus("godot4", "frame")) v.push_back(c);
  return v;
}

INSTANTIATE_TEST_SUITE_P(Engines, EngineStreamTest,
                         ::testing::ValuesIn(AllStreams()),
                         [](const ::testing::TestParamInfo<CorpusCase>& info) {
                           return testing::SafeName(info.param.name);
                         });

std::string Hex(const char* h) {
  std::string s;
  for (; *h; ++h) {
    if (*h != ' ') s.push_back(*h);
  }
  return absl::HexStringToBytes(s);
}

Error FramedError(const std::string& bytes, FrameOptions f,
                  bool reject_trailing = false) {
  DecodeOptions d;
  d.reject_trailing_bytes = reject_trailing;
  auto v = DecodeFramed(Bytes(bytes), f, d);
  return ErrorFromStatus(v.status());
}

TEST(FramingTest, BadFrames) {
  FrameOptions f;
  f.framing = Framing::kStream;
  // Cut in the prefix, cut in the payload.
  EXPECT_EQ(FramedError(Hex("0800"), f).kind, ErrorKind::kBadFrame);
  EXPECT_EQ(FramedError(Hex("08000000 02000000 05"), f).kind,
            ErrorKind::kBadFrame);
  // Negative and oversize prefixes fail at once, allocating nothing.
  EXPECT_EQ(FramedError(Hex("ffffffff 00000000"), f).kind,
            ErrorKind::kBadFrame);
  f.max_frame_bytes = 1024;
  Error e = FramedError(Hex("00100000 00000000"), f);
  EXPECT_EQ(e.kind, ErrorKind::kBadFrame);
  EXPECT_EQ(e.offset, 0u);
  // The value runs past its frame.
  e = FramedError(Hex("04000000 02000000 05000000"), f);
  EXPECT_EQ(e.kind, ErrorKind::kBadFrame);
  EXPECT_EQ(e.path, "#0$");
  // The value ends early: ignored like the engine, or an error if strict.
  const std::string early = Hex("0c000000 02000000 05000000 ffffffff");
  EXPECT_TRUE(FramedError(early, f).ok());
  EXPECT_EQ(FramedError(early, f, true).kind, ErrorKind::kBadFrame);
}

TEST(FramingTest, BigEndianPrefixOnlyForStreams) {
  FrameOptions f;
  f.framing = Framing::kStream;
  f.big_endian = true;
  std::string out;
  AppendFrame(Hex("02000000 05000000"), f, &out);
  EXPECT_EQ(absl::BytesToHexString(out), "000000080200000005000000");
  out.clear();
  f.framing = Framing::kPacketStream;  // always little-endian
  AppendFrame(Hex("02000000 05000000"), f, &out);
  EXPECT_EQ(absl::BytesToHexString(out), "080000000200000005000000");
}

TEST(FramingTest, PacketStreamGoldenFromSpec) {
  // put_var(5) then put_var("ab") over PacketPeerStream (spec §9.3).
  const std::string b =
      Hex("08000000 02000000 05000000 0c000000 04000000 02000000 61620000");
  FrameOptions f;
  f.framing = Framing::kPacketStream;
  auto v = DecodeFramed(Bytes(b), f, DecodeOptions());
  ASSERT_TRUE(v.ok());
  ASSERT_EQ(v->size(), 2u);
  EXPECT_EQ((*v)[0], Variant::Int(5));
  EXPECT_EQ((*v)[1], Variant::String("ab"));
}

}  // namespace
}  // namespace gdwire
