// Copyright 2026 The gdwire Authors.
//
// Property tests: random values of every type, nested, in every dialect
// and precision: encode -> decode gives the same value, and encoding is
// deterministic and 4-byte aligned.

#include <string>

#include "absl/strings/str_cat.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "gtest/gtest.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace {

struct Config {
  Dialect dialect;
  bool real_is_double;
};

class PropertyTest : public ::testing::TestWithParam<Config> {};

TEST_P(PropertyTest, EncodeDecodeRoundTrip) {
  const Config cfg = GetParam();
  testing::RandomOptions ro;
  ro.dialect = cfg.dialect;
  ro.real_is_double = cfg.real_is_double;
  EncodeOptions eo;
  eo.dialect = cfg.dialect;
  eo.full_objects = true;
  eo.real_is_double = cfg.real_is_double;
  DecodeOptions d;
  d.dialect = cfg.dialect;
  d.allow_objects = true;
  d.real_is_double = cfg.real_is_double;
  testing::RandomVariant gen(1234 + static_cast<int>(cfg.dialect) * 7 +
                             cfg.real_is_double);
  for (int i = 0; i < 3000; ++i) {
    const Variant v = gen.Make(ro);
    auto bytes = reference::Encode(v, eo);
    ASSERT_TRUE(bytes.ok()) << bytes.status() << " " << v.DebugString();
    ASSERT_EQ(bytes->size() % 4, 0u);
    size_t used = 0;
    auto back = reference::Decode(
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes->data()),
                            bytes->size()),
        d, &used);
    ASSERT_TRUE(back.ok()) << back.status() << " " << v.DebugString();
    EXPECT_EQ(used, bytes->size());
    ASSERT_EQ(*back, v) << "value #" << i << ": " << v.DebugString()
                        << "\nback: " << back->DebugString();
    auto again = reference::Encode(*back, eo);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *bytes);
  }
}

TEST_P(PropertyTest, EveryTruncationIsAnErrorNeverACrash) {
  const Config cfg = GetParam();
  testing::RandomOptions ro;
  ro.dialect = cfg.dialect;
  ro.real_is_double = cfg.real_is_double;
  ro.max_packed = 6;
  EncodeOptions eo;
  eo.dialect = cfg.dialect;
  eo.full_objects = true;
  eo.real_is_double = cfg.real_is_double;
  DecodeOptions d;
  d.dialect = cfg.dialect;
  d.allow_objects = true;
  testing::RandomVariant gen(99 + static_cast<int>(cfg.dialect));
  for (int i = 0; i < 200; ++i) {
    const Variant v = gen.Make(ro);
    auto bytes = reference::Encode(v, eo);
    ASSERT_TRUE(bytes.ok());
    for (size_t cut = 0; cut < bytes->size(); ++cut) {
      Variant out;
      size_t used = 0;
      Error e = reference::DecodeValue(
          absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes->data()),
                              cut),
          d, &out, &used);
      if (e.ok()) {
        // Only a trailing PackedByteArray may lose its padding.
        EXPECT_GT(cut, bytes->size() - 4) << v.DebugString();
      } else {
        EXPECT_LE(e.offset, cut);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllDialects, PropertyTest,
                         ::testing::Values(Config{Dialect::kGodot4, false},
                                           Config{Dialect::kGodot4, true},
                                           Config{Dialect::kGodot3, false},
                                           Config{Dialect::kPandemonium,
                                                  false}),
                         [](const ::testing::TestParamInfo<Config>& info) {
                           return absl::StrCat(
                               DialectName(info.param.dialect),
                               info.param.real_is_double ? "_double" : "");
                         });

}  // namespace
}  // namespace gdwire
