// Copyright 2026 The gdwire Authors.
//
// The front door (codec/gdwire.h): every byte container decodes without a
// cast; Decode and Validate give the oracle's verdicts (kind, offset, path)
// on every engine corpus case, with and without objects and trailing-byte
// rejection; Encode gives the engine's bytes for what it decodes.

#include "codec/gdwire.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "codec/reference/decoder.h"
#include "codec/wire.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

namespace gdwire {
namespace {

std::string Words(std::initializer_list<uint32_t> words) {
  std::string s;
  for (uint32_t w : words) {
    char b[4];
    wire::StoreU32(reinterpret_cast<uint8_t*>(b), w);
    s.append(b, 4);
  }
  return s;
}

TEST(FrontDoorTest, EveryByteContainerDecodes) {
  const std::string msg = Words({2, 42});  // int 42
  const std::vector<char> chars(msg.begin(), msg.end());
  const std::vector<uint8_t> bytes(msg.begin(), msg.end());
  const absl::Span<const uint8_t> span = absl::MakeConstSpan(bytes);
  std::vector<uint8_t> mutable_bytes = bytes;
  for (const absl::StatusOr<Variant>& v :
       {Decode(msg), Decode(absl::string_view(msg)), Decode(chars),
        Decode(bytes), Decode(span), Decode(absl::MakeSpan(mutable_bytes)),
        Decode(ByteView(msg.data(), msg.size()))}) {
    ASSERT_TRUE(v.ok()) << v.status();
    EXPECT_EQ(v->as_int(), 42);
  }
  document::Parser parser;
  EXPECT_EQ(parser.Parse(chars).root.as_int(), 42);
}

TEST(FrontDoorTest, ErrorsCarryKindOffsetAndPath) {
  // [1, <cut-off string>]
  const std::string msg = Words({28, 2, 2, 1, 4, 10}) + "abc";
  absl::StatusOr<Variant> v = Decode(msg);
  ASSERT_FALSE(v.ok());
  const Error e = ErrorFromStatus(v.status());
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.path, "$[1]");
  EXPECT_EQ(e.offset, 20u);  // the string's length word, as the engine
  const Error ref = ErrorFromStatus(
      reference::Decode(
          absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(msg.data()),
                              msg.size()),
          DecodeOptions())
          .status());
  EXPECT_EQ(e.offset, ref.offset);
  EXPECT_EQ(e.path, ref.path);
  EXPECT_EQ(ErrorFromStatus(Validate(msg)).kind, ErrorKind::kTruncated);
}

TEST(FrontDoorTest, TrailingBytesAndConsumed) {
  const std::string msg = Words({2, 7, 0});
  size_t used = 0;
  ASSERT_TRUE(Decode(msg, {}, &used).ok());
  EXPECT_EQ(used, 8u);
  DecodeOptions strict;
  strict.reject_trailing_bytes = true;
  const Error e = ErrorFromStatus(Decode(msg, strict).status());
  EXPECT_EQ(e.kind, ErrorKind::kTrailingBytes);
  EXPECT_EQ(e.offset, 8u);
  EXPECT_EQ(ErrorFromStatus(Validate(msg, strict)).kind,
            ErrorKind::kTrailingBytes);
}

TEST(FrontDoorTest, EncodeAppendsAndKeepsTheBufferOnError) {
  std::string buf = "x";
  ASSERT_TRUE(EncodeTo(Variant::Int(5), {}, &buf).ok());
  EXPECT_EQ(buf, "x" + Words({2, 5}));
  absl::StatusOr<std::string> once = Encode(Variant::Int(5));
  ASSERT_TRUE(once.ok());
  EXPECT_EQ(*once, Words({2, 5}));
  EncodeOptions shallow;
  shallow.max_depth = 0;
  Variant nested = Variant::MakeArray();
  nested.mutable_array().items.push_back(Variant::MakeArray());
  buf = "x";
  EXPECT_FALSE(EncodeTo(nested, shallow, &buf).ok());
  EXPECT_EQ(buf, "x");
}

class CorpusTest
    : public ::testing::TestWithParam<gdwire::testing::CorpusCase> {};

TEST_P(CorpusTest, SameVerdictsAsTheOracleAndTheEnginesBytes) {
  const gdwire::testing::CorpusCase& c = GetParam();
  // Budget 0 (automatic) takes the push parser's builder, an explicit one
  // the read core's walk (which charges as the oracle does); 300 bytes
  // makes many cases fail with kLimitExceeded.
  for (int case_no = 0; case_no < 6; ++case_no) {
    const int objects = case_no & 1;
    const int trailing = (case_no >> 1) & 1;
    const uint64_t budget = case_no >= 4 ? 300 : 0;
    DecodeOptions o;
    o.dialect = c.dialect;
    o.allow_objects = objects != 0;
    o.reject_trailing_bytes = trailing != 0;
    o.max_alloc_bytes = budget;
    size_t used = 0, ref_used = 0;
    absl::StatusOr<Variant> got = Decode(c.input, o, &used);
    absl::StatusOr<Variant> want = reference::Decode(
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(c.input.data()),
                            c.input.size()),
        o, &ref_used);
    ASSERT_EQ(got.ok(), want.ok()) << got.status() << " / " << want.status();
    size_t checked = 0;
    const absl::Status valid = Validate(c.input, o, &checked);
    EXPECT_EQ(valid.ok(), want.ok()) << valid;
    if (!want.ok() && !valid.ok()) {
      const Error a = ErrorFromStatus(valid);
      const Error b = ErrorFromStatus(want.status());
      EXPECT_EQ(a.kind, b.kind) << valid << " / " << want.status();
      EXPECT_EQ(a.offset, b.offset);
      EXPECT_EQ(a.path, b.path);
    }
    if (want.ok()) EXPECT_EQ(checked, ref_used);
    if (!want.ok()) {
      const Error a = ErrorFromStatus(got.status());
      const Error b = ErrorFromStatus(want.status());
      EXPECT_EQ(a.kind, b.kind) << got.status() << " / " << want.status();
      EXPECT_EQ(a.offset, b.offset);
      EXPECT_EQ(a.path, b.path);
      continue;
    }
    EXPECT_EQ(used, ref_used);
    EXPECT_TRUE(*got == *want) << c.name;
    if (c.kind != "value" || objects != (c.full_objects ? 1 : 0) ||
        trailing != 0 || budget != 0) {
      continue;
    }
    EncodeOptions eo;
    eo.dialect = c.dialect;
    eo.full_objects = c.full_objects;
    absl::StatusOr<std::string> bytes = Encode(*got, eo);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    EXPECT_TRUE(gdwire::testing::MatchesEngineBytes(c, *bytes)) << c.name;
  }
}

std::string CaseName(
    const ::testing::TestParamInfo<gdwire::testing::CorpusCase>& info) {
  return gdwire::testing::SafeName(info.param.kind + "_" + info.param.name);
}

INSTANTIATE_TEST_SUITE_P(
    Godot4, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("godot4")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    Godot3, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("godot3")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    Pandemonium, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("pandemonium")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    Pandemonium4, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("pandemonium4")), CaseName);

}  // namespace
}  // namespace gdwire
