// Copyright 2026 The gdwire Authors.
//
// AppendJson(document::Element) writes exactly ToJson(Variant) of the same
// message: on every case of every engine corpus (each accepted input, with
// and without real_is_double and objects allowed), and on random values of
// every type in every dialect (typed containers, objects, non-finite
// numbers and odd keys included, which take the slow path), and for every
// Array element and Dictionary key and value of each message, not only its
// root.

#include "codec/text/element_json.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/text/json.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "tests/message_cases.h"

namespace gdwire {
namespace {

// Every element under e (e included) writes ToJson of its own ToVariant.
void ExpectEveryElementSame(const document::Element& e, const std::string& what,
                            int* checked) {
  absl::StatusOr<Variant> v = e.ToVariant();
  ASSERT_TRUE(v.ok()) << what << ": " << v.status();
  std::string got;
  text::AppendJson(e, &got);
  ASSERT_EQ(got, text::ToJson(*v)) << what;
  ++*checked;
  // The children that are values of their own (a NodePath's names or a
  // PackedStringArray's strings are not).
  if (e.type() == Type::kDictionary) {
    for (const document::Element::Entry& kv : e.entries()) {
      ExpectEveryElementSame(kv.key, what, checked);
      ExpectEveryElementSame(kv.value, what, checked);
    }
  } else if (e.type() == Type::kArray) {
    for (const document::Element& c : e) {
      ExpectEveryElementSame(c, what, checked);
    }
  }
}

// The root's JSON is ToJson of the reference decoder's value (the oracle),
// and every element's that of its ToVariant.
void Check(document::Parser* parser, const std::string& bytes,
           const DecodeOptions& opts, const std::string& what, int* checked) {
  const auto span = absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  absl::StatusOr<Variant> want = reference::Decode(span, opts);
  document::ParseResult r = parser->Parse(span, opts);
  ASSERT_EQ(want.ok(), r.ok()) << what;
  if (!want.ok()) return;
  std::string got;
  text::AppendJson(r.root, &got);
  ASSERT_EQ(got, text::ToJson(*want)) << what;
  ExpectEveryElementSame(r.root, what, checked);
}

TEST(ElementJson, EveryCorpusCase) {
  document::Parser parser;
  int checked = 0;
  const int cases = testing::ForEachCorpusMessage([&](const std::string& bytes,
                                                      const DecodeOptions& opts,
                                                      const std::string& what) {
    Check(&parser, bytes, opts, what, &checked);
  });
  EXPECT_GT(cases, 1500);
  EXPECT_GT(checked, 10000);
}

TEST(ElementJson, RandomValuesEveryDialect) {
  document::Parser parser;
  int checked = 0;
  testing::ForEachRandomMessage(
      7, 1500,
      [&](const std::string& bytes, const DecodeOptions& opts,
          const std::string& what) {
        Check(&parser, bytes, opts, what, &checked);
      });
  EXPECT_GT(checked, 12000);
}

// Shapes the fast path must hand over: duplicate and non-String keys,
// typed containers, non-finite numbers, text that is not UTF-8.
TEST(ElementJson, SlowShapesAreTheVariantsJson) {
  document::Parser parser;
  int checked = 0;
  std::vector<Variant> values;
  Dictionary dup;  // two entries with one key, as a peer may send them
  dup.entries.push_back({Variant::String("a"), Variant::Int(1)});
  dup.entries.push_back({Variant::String("a"), Variant::Int(2)});
  values.push_back(Variant::MakeDictionary(dup));
  Dictionary mixed;
  mixed.Set(Variant::Int(1), Variant::String("x"));
  mixed.Set(Variant::String("b"), Variant::Float(1.5));
  values.push_back(Variant::MakeDictionary(mixed));
  Dictionary names;  // a String and a StringName key
  names.Set(Variant::String("k"), Variant::Int(1));
  names.Set(Variant::StringName("n"), Variant::Int(2));
  values.push_back(Variant::MakeDictionary(names));
  values.push_back(Variant::Float(std::numeric_limits<double>::infinity()));
  values.push_back(Variant::Vector3(1, std::nan(""), 3));
  values.push_back(Variant::Int(int64_t{1} << 60));
  values.push_back(Variant::PackedFloat32({1.5f, -0.0f}));
  values.push_back(Variant::PackedFloat32({std::nanf("")}));
  Array a;
  a.items.push_back(Variant::String("tab\there \"q\" \xC3\xA9"));
  a.items.push_back(Variant::String("\x01\x7f"));
  a.items.push_back(Variant::StringName("\xD0\xBC\xD0\xB5\xD1\x87"));
  values.push_back(Variant::MakeArray(a));
  // Each byte that needs escaping or is not ASCII, at every place of
  // strings of 1 to 19 bytes (the fast check reads eight bytes at a time).
  for (char special :
       {'"', '\\', '\n', '\x1f', '\x7f', '\xC3', ' ', '~', '\x01'}) {
    Array strings;
    for (size_t n = 1; n < 20; ++n) {
      for (size_t at = 0; at < n; ++at) {
        if (special == '\xC3' && at + 1 == n) continue;  // é: 2 bytes
        std::string t(n, 'a');
        t[at] = special;
        if (special == '\xC3') t[at + 1] = '\xA9';
        strings.items.push_back(Variant::String(t));
      }
    }
    values.push_back(Variant::MakeArray(strings));
  }
  for (const Variant& v : values) {
    absl::StatusOr<std::string> bytes = reference::Encode(v, EncodeOptions());
    ASSERT_TRUE(bytes.ok());
    Check(&parser, *bytes, DecodeOptions(), text::ToJson(v), &checked);
  }
  EXPECT_GT(checked, 5);
}

}  // namespace
}  // namespace gdwire
