// Copyright 2026 The gdwire Authors.
//
// AppendText(document::Element) writes exactly ToText(Variant) of the same
// message: on every case of every engine corpus (each accepted input, in
// its dialect, with and without real_is_double for the decode and for the
// text, objects allowed or not), on random values of every type in every
// dialect, and on shapes that must take the slow path or sit at its edges
// (duplicate, mixed and odd keys, typed containers, non-finite numbers,
// escapes, containers nested past Godot 4's recursion limit), for every
// Array element and Dictionary key and value of each message, not only its
// root.

#include "codec/text/element_text.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/text/text.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "tests/message_cases.h"

namespace gdwire {
namespace {

// Every element under e (e included) writes ToText of its own ToVariant.
void ExpectEveryElementSame(const document::Element& e,
                            const text::TextOptions& to,
                            const std::string& what, int* checked) {
  absl::StatusOr<Variant> v = e.ToVariant();
  ASSERT_TRUE(v.ok()) << what << ": " << v.status();
  std::string got = "prefix:";  // appends, keeps what was there
  text::AppendText(e, to, &got);
  ASSERT_EQ(got, "prefix:" + text::ToText(*v, to)) << what;
  ++*checked;
  if (e.type() == Type::kDictionary) {
    for (const document::Element::Entry& kv : e.entries()) {
      ExpectEveryElementSame(kv.key, to, what, checked);
      ExpectEveryElementSame(kv.value, to, what, checked);
    }
  } else if (e.type() == Type::kArray) {
    for (const document::Element& c : e) {
      ExpectEveryElementSame(c, to, what, checked);
    }
  }
}

// The root's text is ToText of the reference decoder's value (the oracle),
// and every element's that of its ToVariant, with the text written as a
// single- and as a double-precision engine would.
void Check(document::Parser* parser, const std::string& bytes,
           const DecodeOptions& opts, const std::string& what, int* checked) {
  const auto span = absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  absl::StatusOr<Variant> want = reference::Decode(span, opts);
  document::ParseResult r = parser->Parse(span, opts);
  ASSERT_EQ(want.ok(), r.ok()) << what;
  if (!want.ok()) return;
  for (bool text_double : {false, true}) {
    text::TextOptions to;
    to.dialect = opts.dialect;
    to.real_is_double = text_double;
    std::string got;
    text::AppendText(r.root, to, &got);
    ASSERT_EQ(got, text::ToText(*want, to))
        << what << " text double " << text_double;
    ExpectEveryElementSame(r.root, to, what, checked);
  }
}

TEST(ElementText, EveryCorpusCase) {
  document::Parser parser;
  int checked = 0;
  const int cases = testing::ForEachCorpusMessage([&](const std::string& bytes,
                                                      const DecodeOptions& opts,
                                                      const std::string& what) {
    Check(&parser, bytes, opts, what, &checked);
  });
  EXPECT_GT(cases, 1500);
  EXPECT_GT(checked, 20000);
}

TEST(ElementText, RandomValuesEveryDialect) {
  document::Parser parser;
  int checked = 0;
  testing::ForEachRandomMessage(
      11, 1500,
      [&](const std::string& bytes, const DecodeOptions& opts,
          const std::string& what) {
        Check(&parser, bytes, opts, what, &checked);
      });
  EXPECT_GT(checked, 20000);
}

Variant Nest(Variant v, int levels, bool dict) {
  for (int i = 0; i < levels; ++i) {
    if (dict) {
      Dictionary d;
      d.Set(Variant::String(absl::StrCat("k", i)), std::move(v));
      d.Set(Variant::String("z"), Variant::Int(i));
      v = Variant::MakeDictionary(std::move(d));
    } else {
      Array a;
      a.items.push_back(std::move(v));
      a.items.push_back(Variant::Float(i + 0.5));
      v = Variant::MakeArray(std::move(a));
    }
  }
  return v;
}

// Shapes the fast path must hand over or get exactly right, in every
// dialect.
std::vector<Variant> OddValues() {
  std::vector<Variant> values;
  Dictionary dup;  // two entries with one key, as a peer may send them
  dup.entries.push_back({Variant::String("a"), Variant::Int(1)});
  dup.entries.push_back({Variant::String("b"), Variant::Int(3)});
  dup.entries.push_back({Variant::String("a"), Variant::Int(2)});
  values.push_back(Variant::MakeDictionary(dup));
  Dictionary nul;  // keys that are one key once cut at the NUL
  nul.entries.push_back(
      {Variant::String(std::string("a\0x", 3)), Variant::Int(1)});
  nul.entries.push_back(
      {Variant::String(std::string("a\0y", 3)), Variant::Int(2)});
  values.push_back(Variant::MakeDictionary(nul));
  Dictionary mixed;
  mixed.Set(Variant::Int(1), Variant::String("x"));
  mixed.Set(Variant::String("b"), Variant::Float(1.5));
  mixed.Set(Variant::Float(-2), Variant::Nil());
  values.push_back(Variant::MakeDictionary(mixed));
  Dictionary names;  // a String and a StringName key
  names.Set(Variant::String("k"), Variant::Int(1));
  names.Set(Variant::StringName("k"), Variant::Int(2));
  names.Set(Variant::StringName("a"), Variant::Int(3));
  values.push_back(Variant::MakeDictionary(names));
  Dictionary order;  // byte order: upper case, digits, UTF-8, empty
  for (const char* k :
       {"b", "B", "a", "", "10", "9", "\xC3\xA9", "\xE2\x82\xAC",
        "\xF0\x9F\x98\x80", "_", "a\\b", "q\"", "?"}) {
    order.Set(Variant::String(k), Variant::String(k));
  }
  values.push_back(Variant::MakeDictionary(order));
  Dictionary many;  // more keys than the stack holds
  for (int i = 40; i > 0; --i) {
    many.Set(Variant::String(absl::StrCat("key", i * 7 % 41)), Variant::Int(i));
  }
  values.push_back(Variant::MakeDictionary(many));
  Dictionary many_dup = many;
  many_dup.entries.push_back({Variant::String("key7"), Variant::Int(-1)});
  values.push_back(Variant::MakeDictionary(many_dup));
  values.push_back(Variant::MakeDictionary(Dictionary()));
  values.push_back(Variant::MakeArray(Array()));
  constexpr double kInf = std::numeric_limits<double>::infinity();
  for (double x : {kInf, -kInf, std::nan(""), -std::nan(""), 0.0, -0.0, 1.0,
                   -3.0, 1e15, 1e16, 1e-5, 0.1, 1.0 / 3, 5e-324, 1e300,
                   3.4028235677973366e+38, 100000.0, 123456789.0}) {
    values.push_back(Variant::Float(x));
    values.push_back(Variant::Vector3(x, -x, 0.5));
    values.push_back(Variant::Color(x, 1, 0, 0.25));
    values.push_back(Variant::PackedFloat32({static_cast<float>(x), 1.5f}));
    values.push_back(Variant::PackedFloat64({x, 2.0}));
  }
  const int32_t ints[] = {-2147483647 - 1, 2147483647, 0, -7};
  values.push_back(Variant::IntMath(Type::kVector2i, absl::MakeSpan(ints, 2)));
  values.push_back(Variant::IntMath(Type::kVector4i, ints));
  values.push_back(Variant::PackedIntVectors(Type::kPackedVector2iArray,
                                             {1, -2, 2147483647, 5}));
  values.push_back(Variant::PackedRealVectors(Type::kPackedVector3Array,
                                              {1, 0.1, -0.0, 1e300, 2, 3}));
  values.push_back(Variant::PackedColors({0.5f, 1, 0, 0.1f}));
  values.push_back(Variant::Rid(0));
  values.push_back(Variant::Rid(uint64_t{1} << 63));
  values.push_back(Variant::Int(std::numeric_limits<int64_t>::min()));
  Array strings;
  for (const char* s : {"tab\there", "q\"uote", "back\\slash", "what?", "a'b",
                        "\a\b\f\n\r\t\v", "\xC3\xA9t\xC3\xA9", ""}) {
    strings.items.push_back(Variant::String(s));
    strings.items.push_back(Variant::StringName(s));
  }
  values.push_back(Variant::MakeArray(strings));
  values.push_back(Variant::PackedStrings({"a?b", "c\"d", "\n", ""}));
  values.push_back(Variant::PackedBytes({0, 1, 127, 128, 255}));
  values.push_back(Variant::PackedBytes({}));
  values.push_back(Variant::PackedInt32({-2147483647 - 1, 0, 7}));
  values.push_back(Variant::PackedInt64({std::numeric_limits<int64_t>::min(),
                                         std::numeric_limits<int64_t>::max()}));
  // Past Godot 4's recursion limit (100), plain and with a typed Array and
  // a mixed-key Dictionary (slow path) at the bottom.
  Array typed;
  typed.element_type = ContainerType::Builtin(Type::kInt);
  typed.items.push_back(Variant::Int(5));
  for (int levels : {99, 100, 101, 102, 130}) {
    values.push_back(Nest(Variant::Int(1), levels, false));
    values.push_back(Nest(Variant::Int(1), levels, true));
    values.push_back(Nest(Variant::MakeArray(typed), levels, false));
    values.push_back(Nest(Variant::MakeDictionary(mixed), levels, true));
    values.push_back(Nest(Variant::MakeDictionary(Dictionary()), levels, true));
  }
  return values;
}

TEST(ElementText, OddShapesEveryDialect) {
  document::Parser parser;
  int checked = 0;
  const std::vector<Variant> values = OddValues();
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3, Dialect::kPandemonium,
                    Dialect::kPandemonium4}) {
    for (bool real_is_double : {false, true}) {
      int encoded = 0;
      for (size_t i = 0; i < values.size(); ++i) {
        EncodeOptions eo;
        eo.dialect = d;
        eo.real_is_double = real_is_double;
        absl::StatusOr<std::string> bytes = reference::Encode(values[i], eo);
        if (!bytes.ok()) continue;  // a type the dialect lacks
        ++encoded;
        DecodeOptions opts;
        opts.dialect = d;
        opts.real_is_double = real_is_double;
        Check(&parser, *bytes, opts,
              absl::StrCat(DialectName(d), " double ", real_is_double, " #", i),
              &checked);
        if (::testing::Test::HasFatalFailure()) return;
      }
      EXPECT_GT(encoded, static_cast<int>(values.size()) / 2) << DialectName(d);
    }
  }
  EXPECT_GT(checked, 5000);
}

// Godot 4's own layout for a few shapes, so that the two writers cannot
// agree on a wrong text unnoticed.
TEST(ElementText, Godot4Layout) {
  Dictionary d;
  d.Set(Variant::String("b"), Variant::Vector2(1, 0.5));
  d.Set(Variant::String("a"), Variant::Float(3));
  Array a;
  a.items.push_back(Variant::MakeDictionary(d));
  a.items.push_back(Variant::StringName("run"));
  a.items.push_back(Variant::PackedStrings({"x\ny"}));
  absl::StatusOr<std::string> bytes =
      reference::Encode(Variant::MakeArray(a), EncodeOptions());
  ASSERT_TRUE(bytes.ok());
  document::Parser parser;
  document::ParseResult r = parser.Parse(absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(bytes->data()), bytes->size()));
  ASSERT_TRUE(r.ok());
  std::string got;
  text::AppendText(r.root, text::TextOptions(), &got);
  EXPECT_EQ(got,
            "[{\n\"a\": 3.0,\n\"b\": Vector2(1, 0.5)\n}, &\"run\", "
            "PackedStringArray(\"x\\ny\")]");
}

}  // namespace
}  // namespace gdwire
