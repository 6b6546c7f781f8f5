// Copyright 2026 The gdwire Authors.

#include "codec/text/json.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "gtest/gtest.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace text {
namespace {

void ExpectRoundTrip(const Variant& v) {
  const std::string j = ToJson(v);
  auto back = FromJson(j);
  ASSERT_TRUE(back.ok()) << back.status() << "\n" << j;
  EXPECT_EQ(*back, v) << j;
}

TEST(JsonTest, DefaultOfEveryType) {
  for (int i = 0; i < kTypeCount; ++i) {
    ExpectRoundTrip(Variant::Default(static_cast<Type>(i)));
  }
}

TEST(JsonTest, FloatSpecials) {
  const double specials[] = {0.0,
                             -0.0,
                             0.1,
                             1e300,
                             5e-324,
                             -std::numeric_limits<double>::infinity(),
                             std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::signaling_NaN(),
                             123456789012345678.0};
  for (double d : specials) {
    ExpectRoundTrip(Variant::Float(d));
    ExpectRoundTrip(Variant::Vector2(d, -d));
    ExpectRoundTrip(Variant::PackedFloat32({static_cast<float>(d)}));
  }
  uint64_t bits = 0x7ff0000000000123ull;
  double nan;
  std::memcpy(&nan, &bits, 8);
  ExpectRoundTrip(Variant::Float(nan));
}

TEST(JsonTest, ShapesAreReadable) {
  EXPECT_EQ(ToJson(Variant::Int(5)), "5");
  EXPECT_EQ(ToJson(Variant::Float(1.0)), "1.0");
  EXPECT_EQ(ToJson(Variant::String("a\"b")), "\"a\\\"b\"");
  EXPECT_EQ(ToJson(Variant::Vector3(1, 2, 3)), "{\"Vector3\":[1.0,2.0,3.0]}");
  EXPECT_EQ(ToJson(Variant::StringName("hp")), "{\"StringName\":\"hp\"}");
  EXPECT_EQ(ToJson(Variant::String("\xed\xa0\x80")),
            "{\"String\":{\"hex\":\"eda080\"}}");
}

TEST(JsonTest, RandomValuesOfEveryDialect) {
  for (Dialect d :
       {Dialect::kGodot4, Dialect::kGodot3, Dialect::kPandemonium}) {
    testing::RandomVariant gen(7 + static_cast<int>(d));
    testing::RandomOptions o;
    o.dialect = d;
    o.real_is_double = d == Dialect::kGodot4;
    for (int i = 0; i < 1500; ++i) ExpectRoundTrip(gen.Make(o));
  }
}

TEST(JsonTest, ErrorsNameThePosition) {
  auto v = FromJson("[1,\n 2,,]");
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.status().message().find("line 2"), std::string::npos)
      << v.status();
  EXPECT_FALSE(FromJson("{\"Vector3\":[1,2]}").ok());
  EXPECT_FALSE(FromJson("{\"NoSuchType\":1}").ok());
  EXPECT_FALSE(FromJson("{\"float\":\"0x12\"}").ok());
  EXPECT_FALSE(FromJson("18446744073709551615").ok());
  EXPECT_FALSE(FromJson("\"\xff\"").ok());
  std::string deep(100000, '[');
  EXPECT_FALSE(FromJson(deep).ok());  // no stack overflow
  deep += std::string(100000, ']');
  EXPECT_FALSE(FromJson(deep).ok());  // too deep, cleanly
}

}  // namespace
}  // namespace text
}  // namespace gdwire
