// Copyright 2026 The gdwire Authors.

#include "codec/variant.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "codec/error.h"
#include "codec/types.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace {

TEST(TypesTest, WireIdsRoundTripInEveryDialect) {
  for (Dialect d : {Dialect::kGodot3, Dialect::kGodot4, Dialect::kPandemonium,
                    Dialect::kPandemonium4}) {
    for (uint32_t id = 0; id < VariantMax(d); ++id) {
      Type t;
      ASSERT_TRUE(TypeFromWireId(d, id, &t));
      uint32_t back = 999;
      ASSERT_TRUE(WireId(d, t, &back));
      EXPECT_EQ(back, id) << DialectName(d);
    }
    Type t;
    EXPECT_FALSE(TypeFromWireId(d, VariantMax(d), &t));
  }
  EXPECT_EQ(VariantMax(Dialect::kGodot3), 27u);
  EXPECT_EQ(VariantMax(Dialect::kGodot4), 39u);
  EXPECT_EQ(VariantMax(Dialect::kPandemonium), 40u);
  EXPECT_EQ(VariantMax(Dialect::kPandemonium4), 38u);
}

TEST(TypesTest, SpotIds) {
  uint32_t id;
  ASSERT_TRUE(WireId(Dialect::kGodot3, Type::kArray, &id));
  EXPECT_EQ(id, 19u);
  ASSERT_TRUE(WireId(Dialect::kGodot4, Type::kArray, &id));
  EXPECT_EQ(id, 28u);
  ASSERT_TRUE(WireId(Dialect::kPandemonium, Type::kArray, &id));
  EXPECT_EQ(id, 26u);
  ASSERT_TRUE(WireId(Dialect::kPandemonium, Type::kPackedColorArray, &id));
  EXPECT_EQ(id, 39u);
  ASSERT_TRUE(WireId(Dialect::kPandemonium, Type::kTypedArray, &id));
  EXPECT_EQ(id, 27u);
  ASSERT_TRUE(WireId(Dialect::kPandemonium, Type::kPackedTypedArray, &id));
  EXPECT_EQ(id, 28u);
  ASSERT_TRUE(WireId(Dialect::kPandemonium4, Type::kPackedColorArray, &id));
  EXPECT_EQ(id, 37u);
  EXPECT_FALSE(WireId(Dialect::kPandemonium4, Type::kTypedArray, &id));
  EXPECT_FALSE(WireId(Dialect::kGodot4, Type::kTypedArray, &id));
  EXPECT_FALSE(WireId(Dialect::kGodot3, Type::kStringName, &id));
  EXPECT_FALSE(WireId(Dialect::kGodot4, Type::kPackedVector2iArray, &id));
}

TEST(VariantTest, SetStringIsStringOrStringNameInPlace) {
  const std::string long_text(100, 'x');
  Variant v = Variant::MakeDictionary();  // something to destroy first
  v.mutable_dictionary().Set(Variant::Int(1), Variant::String(long_text));
  v.SetString(Type::kString, long_text);
  EXPECT_EQ(v, Variant::String(long_text));
  v.SetString(Type::kStringName, "hp");
  EXPECT_EQ(v, Variant::StringName("hp"));
  EXPECT_EQ(v.type(), Type::kStringName);
  Variant n;
  n.SetString(Type::kString, absl::string_view("a\0b", 3));
  EXPECT_EQ(n, Variant::String(std::string("a\0b", 3)));
  Variant copy = n;  // a regular String: copies, moves, destroys
  EXPECT_EQ(copy.as_string().size(), 3u);
}

TEST(VariantTest, EqualityIsBitExactForFloats) {
  const double nan1 = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(Variant::Float(nan1), Variant::Float(nan1));
  EXPECT_NE(Variant::Float(0.0), Variant::Float(-0.0));
  EXPECT_NE(Variant::Int(1), Variant::Float(1.0));
  EXPECT_NE(Variant::String("a"), Variant::StringName("a"));
}

TEST(VariantTest, DictionaryKeySemantics) {
  Variant d = Variant::MakeDictionary();
  auto& dict = d.mutable_dictionary();
  dict.Set(Variant::Int(1), Variant::String("int"));
  dict.Set(Variant::Float(1.0), Variant::String("float"));
  dict.Set(Variant::String("a"), Variant::Int(1));
  dict.Set(Variant::StringName("a"), Variant::Int(2));
  dict.Set(Variant::Float(-0.0), Variant::Int(3));
  dict.Set(Variant::Float(0.0), Variant::Int(4));
  ASSERT_EQ(dict.entries.size(), 4u);
  EXPECT_EQ(*dict.Find(Variant::String("a")), Variant::Int(2));
  EXPECT_EQ(*dict.Find(Variant::Float(0.0)), Variant::Int(4));
  EXPECT_EQ(KeyHash(Variant::Float(0.0)), KeyHash(Variant::Float(-0.0)));
  EXPECT_EQ(KeyHash(Variant::String("x")), KeyHash(Variant::StringName("x")));
}

TEST(VariantTest, WidenNarrowKeepsNanPayloads) {
  const uint32_t patterns[] = {0x7f800001u, 0xffc00001u, 0x7fc12345u,
                               0x00000001u, 0x80000000u, 0x7f800000u};
  for (uint32_t p : patterns) {
    float f;
    std::memcpy(&f, &p, 4);
    float back = NarrowF64ToF32(WidenF32Exact(f));
    uint32_t q;
    std::memcpy(&q, &back, 4);
    EXPECT_EQ(p, q);
  }
  // A double NaN with payload only in the low bits narrows to a quiet NaN.
  uint64_t bits = 0x7ff0000000000001ull;
  double d;
  std::memcpy(&d, &bits, 8);
  EXPECT_TRUE(std::isnan(NarrowF64ToF32(d)));
}

TEST(ErrorTest, StatusRoundTrip) {
  Error e{ErrorKind::kTruncated, 1288, "$[3][\"pos\"]",
          "truncated PackedVector3Array"};
  absl::Status st = e.ToStatus();
  EXPECT_EQ(st.message(),
            "$[3][\"pos\"]: truncated PackedVector3Array at byte 1288");
  Error back = ErrorFromStatus(st);
  EXPECT_EQ(back.kind, ErrorKind::kTruncated);
  EXPECT_EQ(back.offset, 1288u);
  EXPECT_EQ(back.path, "$[3][\"pos\"]");
}

}  // namespace
}  // namespace gdwire
