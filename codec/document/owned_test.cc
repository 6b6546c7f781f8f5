// Copyright 2026 The gdwire Authors.
//
// document::OwnedDocument: the same verdicts and values as a Parser's parse
// (and so the reference decoder's) on every corpus case and on random
// values in every dialect, after the input buffer and the Parser are gone;
// key lookups still work (the copied hash indexes keep their seed); a move
// keeps its Elements valid.

#include "codec/document/owned.h"

#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace document {
namespace {

// Parses `bytes` from a heap copy that is scribbled over and freed before
// the document is read, so a read of the input would show (ASan: a
// use-after-free).
absl::StatusOr<OwnedDocument> ParseAndDropInput(const std::string& bytes,
                                                const DecodeOptions& o,
                                                size_t* consumed) {
  auto input = std::make_unique<std::string>(bytes);
  absl::StatusOr<OwnedDocument> d = OwnedDocument::Parse(*input, o, consumed);
  std::fill(input->begin(), input->end(), '\xAA');
  input.reset();
  return d;
}

void SameAsParser(const std::string& bytes, const DecodeOptions& o) {
  Parser parser;
  ParseResult want = parser.Parse(bytes, o);
  size_t consumed = 0;
  absl::StatusOr<OwnedDocument> got = ParseAndDropInput(bytes, o, &consumed);
  ASSERT_EQ(got.ok(), want.ok()) << got.status();
  if (!want.ok()) {
    EXPECT_EQ(got.status(), want.error.ToStatus());
    return;
  }
  EXPECT_EQ(consumed, want.consumed);
  EXPECT_EQ(got->bytes().chars(),
            absl::string_view(bytes).substr(0, want.consumed));
  // Element::bytes() (forward and edit) reads where the root ends from the
  // parse: the owned copy must say the same as the Parser.
  const absl::Span<const uint8_t> want_root = want.root.bytes();
  const absl::Span<const uint8_t> got_root = got->root().bytes();
  EXPECT_EQ(std::string(got_root.begin(), got_root.end()),
            std::string(want_root.begin(), want_root.end()));
  absl::StatusOr<Variant> want_v = want.root.ToVariant();
  absl::StatusOr<Variant> got_v = got->ToVariant();
  ASSERT_TRUE(want_v.ok() && got_v.ok());
  EXPECT_EQ(*got_v, *want_v);
  // And the oracle's value.
  absl::StatusOr<Variant> ref = reference::Decode(ByteView(bytes).span(), o);
  ASSERT_TRUE(ref.ok()) << ref.status();
  EXPECT_EQ(*got_v, *ref);
}

class CorpusTest
    : public ::testing::TestWithParam<gdwire::testing::CorpusCase> {};

TEST_P(CorpusTest, SameVerdictAndValueAsTheParser) {
  const gdwire::testing::CorpusCase& c = GetParam();
  for (int objects = 0; objects < 2; ++objects) {
    DecodeOptions o;
    o.dialect = c.dialect;
    o.allow_objects = objects != 0;
    SameAsParser(c.input, o);
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

class RandomTest : public ::testing::TestWithParam<Dialect> {};

TEST_P(RandomTest, RandomValuesOutliveTheirInputAndParser) {
  gdwire::testing::RandomVariant gen(71 + static_cast<int>(GetParam()));
  gdwire::testing::RandomOptions ro;
  ro.dialect = GetParam();
  ro.max_packed = 40;
  EncodeOptions eo;
  eo.dialect = GetParam();
  eo.full_objects = true;
  DecodeOptions o;
  o.dialect = GetParam();
  o.allow_objects = true;
  for (int i = 0; i < 600; ++i) {
    const Variant v = gen.Make(ro);
    absl::StatusOr<std::string> bytes = reference::Encode(v, eo);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    SameAsParser(*bytes, o);
    if (::testing::Test::HasFailure()) {
      FAIL() << "value #" << i << " " << v.DebugString();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dialects, RandomTest,
                         ::testing::Values(Dialect::kGodot3, Dialect::kGodot4,
                                           Dialect::kPandemonium,
                                           Dialect::kPandemonium4));

// A Dictionary big enough for its hash index, read after the Parser that
// made the index has parsed something else and the document has moved.
TEST(OwnedDocumentTest, LookupsAfterTheParserMovesOnAndAfterAMove) {
  Variant msg = Variant::MakeDictionary();
  for (int i = 0; i < 40; ++i) {
    msg.mutable_dictionary().Set(Variant::String(absl::StrCat("key", i)),
                                 Variant::Int(i * 3));
    msg.mutable_dictionary().Set(Variant::Int(1000 + i), Variant::Int(i));
  }
  const std::string bytes = reference::Encode(msg, EncodeOptions()).value();
  Parser parser;
  absl::StatusOr<OwnedDocument> d = OwnedDocument::Parse(&parser, bytes);
  ASSERT_TRUE(d.ok()) << d.status();
  const Element before = d->root();
  ASSERT_TRUE(
      parser.Parse(reference::Encode(Variant::Int(5), EncodeOptions()).value())
          .ok());
  OwnedDocument moved = *std::move(d);
  for (const Element& root : {before, moved.root()}) {
    ASSERT_EQ(root.size(), 80u);
    for (int i = 0; i < 40; ++i) {
      EXPECT_EQ(root[absl::StrCat("key", i)].as_int(), i * 3);
      EXPECT_EQ(root.FindInt(1000 + i).as_int(), i);
    }
    EXPECT_FALSE(root["absent"].valid());
  }
  EXPECT_EQ(*moved.ToVariant(), msg);
}

TEST(OwnedDocumentTest, EmptyAndFailed) {
  OwnedDocument empty;
  EXPECT_FALSE(empty.root().valid());
  EXPECT_TRUE(empty.bytes().empty());
  EXPECT_FALSE(empty.ToVariant().ok());
  // Truncated input: the Parser's verdict (kind, offset, path).
  const std::string bytes =
      reference::Encode(Variant::String("hello"), EncodeOptions()).value();
  absl::StatusOr<OwnedDocument> d =
      OwnedDocument::Parse(absl::string_view(bytes).substr(0, 7));
  ASSERT_FALSE(d.ok());
  Parser parser;
  EXPECT_EQ(
      d.status(),
      parser.Parse(absl::string_view(bytes).substr(0, 7)).error.ToStatus());
  // Trailing bytes: ignored (only the value is kept) unless rejected.
  size_t consumed = 0;
  d = OwnedDocument::Parse(bytes + "xyz1", DecodeOptions(), &consumed);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(consumed, bytes.size());
  EXPECT_EQ(d->bytes().size(), bytes.size());
  DecodeOptions strict;
  strict.reject_trailing_bytes = true;
  EXPECT_FALSE(OwnedDocument::Parse(bytes + "xyz1", strict).ok());
}

}  // namespace
}  // namespace document
}  // namespace gdwire
