// Copyright 2026 The gdwire Authors.
//
// Framings parsed as they arrive (ValueReader) against the complete-buffer
// framings (DecodeFramed): the real engines' streams (Godot 3.2.3
// File.store_var, StreamPeerBuffer LE/BE, PacketPeerStream, a StreamPeerTCP
// capture; Godot 4.6.3 put_var) in every kind of pieces and cut at every
// byte, random values in every framing, and values back to back.

#include <random>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/frame/frame.h"
#include "codec/stream/value_reader.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"
#include "tests/random_variant.h"
#include "tests/stream_util.h"

namespace gdwire {
namespace {

using testing::AsBytes;
using testing::CorpusCase;

FrameOptions FramingOf(const CorpusCase& c) {
  FrameOptions f;
  f.framing = c.godot_error == "packet-stream" ? Framing::kPacketStream
                                               : Framing::kStream;
  f.big_endian = c.godot_error == "stream-be";
  return f;
}

struct Result {
  std::vector<Variant> values;
  std::vector<uint64_t> offsets;
  absl::Status status;
};

Result ReadInPieces(const std::string& in, const DecodeOptions& d,
                    const FrameOptions& f, const std::vector<size_t>& cuts) {
  stream::ValueReader r(d, f);
  Result out;
  size_t pos = 0;
  std::vector<size_t> ends = cuts;
  ends.push_back(in.size());
  for (size_t e : ends) {
    out.status =
        r.Feed(AsBytes(in).subspan(pos, e - pos), &out.values, &out.offsets);
    if (!out.status.ok()) return out;
    pos = e;
  }
  out.status = r.Finish(&out.values);
  return out;
}

// The same verdict as DecodeFramed on the same bytes: the same values, or
// the same error (kind, offset, path).
void ExpectAgrees(const std::string& in, const DecodeOptions& d,
                  const FrameOptions& f, const std::vector<size_t>& cuts,
                  const std::string& what) {
  auto want = DecodeFramed(AsBytes(in), f, d);
  Result got = ReadInPieces(in, d, f, cuts);
  if (want.ok()) {
    ASSERT_TRUE(got.status.ok()) << what << ": " << got.status;
    ASSERT_EQ(got.values.size(), want->size()) << what;
    for (size_t i = 0; i < want->size(); ++i) {
      ASSERT_EQ(got.values[i], (*want)[i]) << what << " value " << i;
    }
    return;
  }
  ASSERT_FALSE(got.status.ok()) << what << ": reference says " << want.status();
  const Error a = ErrorFromStatus(want.status());
  const Error b = ErrorFromStatus(got.status);
  EXPECT_EQ(a.kind, b.kind) << what << "\n"
                            << a.ToString() << "\n"
                            << b.ToString();
  EXPECT_EQ(a.offset, b.offset) << what << "\n"
                                << a.ToString() << "\n"
                                << b.ToString();
  if (f.framing == Framing::kNone) {
    // Unframed, the push parser names paths from "$" (as reference::Decode
    // does) and DecodeFramed from "#<value index>$": the index is the
    // number of values read before the error.
    EXPECT_EQ(a.path, absl::StrCat("#", got.values.size(), b.path)) << what;
  } else {
    EXPECT_EQ(a.path, b.path) << what;
  }
}

class EngineStreamTest : public ::testing::TestWithParam<CorpusCase> {};

TEST_P(EngineStreamTest, SameValuesInEveryKindOfPieces) {
  const CorpusCase& c = GetParam();
  DecodeOptions d;
  d.dialect = c.dialect;
  d.reject_trailing_bytes = true;
  const FrameOptions f = FramingOf(c);
  auto want = DecodeFramed(AsBytes(c.input), f, d);
  ASSERT_TRUE(want.ok()) << want.status();
  ASSERT_GE(want->size(), 3u);
  std::mt19937_64 rng(3);
  for (const auto& cuts :
       {std::vector<size_t>{}, testing::EveryByte(c.input.size()),
        testing::RandomCuts(&rng, c.input.size(), 5),
        testing::RandomCuts(&rng, c.input.size(), 1400)}) {
    ExpectAgrees(c.input, d, f, cuts, c.name);
  }
  // Offsets: each value's first byte (after its 4-byte prefix).
  Result r = ReadInPieces(c.input, d, f, {});
  ASSERT_EQ(r.offsets.size(), want->size());
  EXPECT_EQ(r.offsets[0], 4u);
}

TEST_P(EngineStreamTest, CutAtEveryByte) {
  const CorpusCase& c = GetParam();
  DecodeOptions d;
  d.dialect = c.dialect;
  const FrameOptions f = FramingOf(c);
  std::mt19937_64 rng(4);
  for (size_t k = 0; k <= c.input.size(); ++k) {
    const std::string prefix = c.input.substr(0, k);
    ExpectAgrees(prefix, d, f, testing::RandomCuts(&rng, k, 16),
                 c.name + " cut at " + std::to_string(k));
    if (HasFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Engines, EngineStreamTest, ::testing::ValuesIn([] {
                           std::vector<CorpusCase> v =
                               testing::LoadCorpus("godot3", "frame");
                           for (CorpusCase& c :
                                testing::LoadCorpus("godot4", "frame")) {
                             v.push_back(c);
                           }
                           return v;
                         }()),
                         [](const ::testing::TestParamInfo<CorpusCase>& info) {
                           return testing::SafeName(info.param.name);
                         });

TEST(StreamFramingTest, EngineStreamsAreThere) {
  // The corpora hold 6 engine streams (5 Godot 3, 1 Godot 4).
  EXPECT_GE(testing::LoadCorpus("godot3", "frame").size() +
                testing::LoadCorpus("godot4", "frame").size(),
            6u);
}

TEST(StreamFramingTest, RandomValuesInEveryFraming) {
  testing::RandomVariant gen(17);
  testing::RandomOptions ro;
  std::mt19937_64 rng(18);
  for (Framing framing :
       {Framing::kNone, Framing::kStream, Framing::kPacketStream}) {
    for (bool be : {false, true}) {
      FrameOptions f;
      f.framing = framing;
      f.big_endian = be;
      for (int round = 0; round < 12; ++round) {
        std::vector<Variant> values;
        for (int i = 0; i < 20; ++i) values.push_back(gen.Make(ro));
        EncodeOptions e;
        e.full_objects = true;
        auto bytes = EncodeFramed(values, f, e);
        ASSERT_TRUE(bytes.ok()) << bytes.status();
        DecodeOptions d;
        d.allow_objects = true;
        Result got = ReadInPieces(*bytes, d, f,
                                  testing::RandomCuts(&rng, bytes->size(), 50));
        ASSERT_TRUE(got.status.ok()) << got.status;
        ASSERT_EQ(got.values.size(), values.size());
        for (size_t i = 0; i < values.size(); ++i) {
          ASSERT_EQ(got.values[i], values[i]);
        }
        // Cut anywhere: the reference's verdict on the same prefix.
        const size_t k = rng() % bytes->size();
        ExpectAgrees(bytes->substr(0, k), d, f, testing::RandomCuts(&rng, k, 7),
                     "random prefix");
      }
    }
  }
}

TEST(StreamFramingTest, HandMadeFrames) {
  FrameOptions f;
  f.framing = Framing::kStream;
  DecodeOptions d;
  // Zero-length frame; negative prefix; value running past its frame;
  // value ending early (skipped, or kBadFrame with reject_trailing_bytes).
  for (const char* hex :
       {"00000000", "ffffffff02000000", "0600000002000000ffff00000000",
        "0c000000020000002a000000ffffffff", "0400000000000000000000",
        "01000000"}) {
    const std::string in = absl::HexStringToBytes(hex);
    for (bool strict : {false, true}) {
      d.reject_trailing_bytes = strict;
      ExpectAgrees(in, d, f, testing::EveryByte(in.size()), hex);
    }
  }
  f.max_frame_bytes = 8;
  ExpectAgrees(absl::HexStringToBytes("0c000000020000002a000000ffffffff"), d, f,
               {}, "oversize");
}

}  // namespace
}  // namespace gdwire
