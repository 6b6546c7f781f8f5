// Copyright 2026 The gdwire Authors.

#include "simd/pad.h"

#include <climits>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "gtest/gtest.h"
#include "hwy/highway.h"
#include "hwy/tests/hwy_gtest.h"
#include "simd/internal/test_util.h"
#include "simd/target.h"

namespace gdwire {
namespace simd {
namespace {

using test::Buffer;
using test::kMaxLen;

class PadTest : public hwy::TestWithParamTarget {};
HWY_TARGET_INSTANTIATE_TEST_SUITE_P(PadTest);

TEST_P(PadTest, DispatchesToTarget) {
  EXPECT_STREQ(TargetName(), hwy::TargetName(GetParam()));
}

// Zeros with one nonzero byte at every position (or none), every length
// and misalignment 0..15.
TEST_P(PadTest, FindNonZero) {
  for (size_t n = 0; n <= kMaxLen; ++n) {
    for (size_t misalign = 0; misalign < 16; ++misalign) {
      Buffer b(n, misalign);
      std::memset(b.data(), 0, n);
      ASSERT_EQ(FindNonZero(b.data(), n), n);
      ASSERT_TRUE(AllZero(b.data(), n));
      for (size_t pos = 0; pos < n; ++pos) {
        b.data()[pos] = static_cast<uint8_t>(1 + (pos * 7) % 255);
        if (pos + 3 < n) b.data()[pos + 3] = 0x80;  // a later one too
        ASSERT_EQ(FindNonZero(b.data(), n), pos) << n << " " << misalign;
        ASSERT_EQ(scalar::FindNonZero(b.data(), n), pos);
        ASSERT_FALSE(AllZero(b.data(), n));
        std::memset(b.data(), 0, n);
      }
    }
  }
  std::vector<uint8_t> big(1 << 20, 0);
  EXPECT_EQ(FindNonZero(big.data(), big.size()), big.size());
  big[1000003] = 1;
  EXPECT_EQ(FindNonZero(big.data(), big.size()), 1000003u);
}

// The writers are memcpy + stores (no dispatch): tested once.
TEST(Pad, WritePadded) {
  std::mt19937_64 rng(4);
  for (size_t n = 0; n <= kMaxLen; ++n) {
    for (size_t da = 0; da < 8; ++da) {
      Buffer src(n, (da * 5) % 8);
      test::FillRandom(src.data(), n, &rng);
      Buffer dst(PaddedSize(n), da), want(PaddedSize(n), 0);
      test::FillRandom(dst.data(), dst.size(), &rng);  // stale bytes
      ASSERT_EQ(WritePadded(src.data(), n, dst.data()), PaddedSize(n));
      ASSERT_EQ(scalar::WritePadded(src.data(), n, want.data()), PaddedSize(n));
      ASSERT_EQ(0, std::memcmp(dst.data(), want.data(), PaddedSize(n)));
      ASSERT_TRUE(dst.GuardsIntact()) << n;
      ASSERT_TRUE(PaddingIsZero(dst.data(), n));
      if (PaddedSize(n) != n) {
        dst.data()[PaddedSize(n) - 1] = 1;
        ASSERT_FALSE(PaddingIsZero(dst.data(), n));
      }
      std::string out = "ab";
      AppendPadded(src.data(), n, &out);
      ASSERT_EQ(out.size(), 2 + PaddedSize(n));
      ASSERT_EQ(0, std::memcmp(out.data() + 2, want.data(), PaddedSize(n)));
    }
  }
}

TEST(Pad, PackedStrings) {
  std::mt19937_64 rng(8);
  for (size_t count = 0; count <= 40; ++count) {
    std::vector<std::string> strings;
    for (size_t i = 0; i < count; ++i) {
      std::string s(rng() % (i < 20 ? 9 : 300), 'x');
      for (char& c : s) c = static_cast<char>('a' + rng() % 26);
      strings.push_back(s);
    }
    const size_t size = PackedStringsSize(strings.data(), count);
    Buffer got(size, count % 8), want(size, 0);
    test::FillRandom(got.data(), size, &rng);
    ASSERT_EQ(WritePackedStrings(strings.data(), count, got.data()), size);
    ASSERT_EQ(scalar::WritePackedStrings(strings.data(), count, want.data()),
              size);
    ASSERT_EQ(0, std::memcmp(got.data(), want.data(), size));
    ASSERT_TRUE(got.GuardsIntact());
    std::vector<std::string_view> views(strings.begin(), strings.end());
    ASSERT_EQ(PackedStringsSize(views.data(), count), size);
    std::string out = "hdr!";
    AppendPackedStrings(views.data(), count, &out);
    ASSERT_EQ(out.size(), 4 + size);
    ASSERT_EQ(0, std::memcmp(out.data() + 4, want.data(), size));
    std::string out2;
    AppendPackedStrings(strings.data(), count, &out2);
    ASSERT_EQ(out2, out.substr(4));
    // Skipping them takes exactly those bytes (the u32 is len + 1: the
    // NUL is part of the wire string).
    size_t used = 0;
    ASSERT_TRUE(SkipWireStrings(want.data(), size, count, &used));
    ASSERT_EQ(used, size);
    if (count != 0) {
      ASSERT_FALSE(SkipWireStrings(want.data(), size - 1, count, &used));
      const std::string& last = strings.back();
      ASSERT_EQ(used, size - 4 - PaddedSize(last.size() + 1));
    }
  }
  // Every short length (the small-copy paths), each at every offset mod 4.
  for (size_t len = 0; len <= 100; ++len) {
    std::vector<std::string> v;
    for (size_t k = 0; k < 4; ++k) {
      std::string s(len, 'a');
      for (char& c : s) c = static_cast<char>('a' + rng() % 26);
      v.push_back(s);
      v.push_back(std::string(k + 1, 'k'));
    }
    const size_t size = PackedStringsSize(v.data(), v.size());
    Buffer got(size, len % 8), want(size, 0);
    test::FillRandom(got.data(), size, &rng);
    ASSERT_EQ(WritePackedStrings(v.data(), v.size(), got.data()), size);
    scalar::WritePackedStrings(v.data(), v.size(), want.data());
    ASSERT_EQ(0, std::memcmp(got.data(), want.data(), size)) << len;
    ASSERT_TRUE(got.GuardsIntact()) << len;
  }
  // The layout of one element, byte for byte.
  const std::string s[] = {"abc", "", "abcd"};
  uint8_t buf[64];
  ASSERT_EQ(WritePackedStrings(s, 3, buf), 8u + 8u + 4u + 12u - 4u);
  const uint8_t expect[] = {4,   0,   0,   0,   'a', 'b', 'c', 0, 1, 0,
                            0,   0,   0,   0,   0,   0,   5,   0, 0, 0,
                            'a', 'b', 'c', 'd', 0,   0,   0,   0};
  EXPECT_EQ(0, std::memcmp(buf, expect, sizeof(expect)));
}

TEST(Pad, SkipWireStringsChecks) {
  auto word = [](std::vector<uint8_t>* v, uint32_t w) {
    for (int k = 0; k < 4; ++k) v->push_back(uint8_t(w >> (8 * k)));
  };
  size_t used;
  std::vector<uint8_t> v;
  word(&v, 3);
  v.insert(v.end(), {'a', 'b', 'c'});
  EXPECT_FALSE(SkipWireStrings(v.data(), v.size(), 1, &used));  // no pad
  EXPECT_EQ(used, 0u);
  v.push_back(0x77);  // padding content is not checked
  EXPECT_TRUE(SkipWireStrings(v.data(), v.size(), 1, &used));
  EXPECT_EQ(used, 8u);
  word(&v, 0x80000000u);  // negative length
  EXPECT_FALSE(SkipWireStrings(v.data(), v.size() + 64, 2, &used));
  EXPECT_EQ(used, 8u);
  v.resize(8);
  word(&v, INT32_MAX);  // padded size overflows int32
  EXPECT_FALSE(SkipWireStrings(v.data(), v.size(), 2, &used));
  EXPECT_EQ(used, 8u);
  EXPECT_FALSE(SkipWireStrings(v.data(), 10, 2, &used));  // no length word
  EXPECT_EQ(used, 8u);
  EXPECT_TRUE(SkipWireStrings(v.data(), 0, 0, &used));
  EXPECT_EQ(used, 0u);
}

}  // namespace
}  // namespace simd
}  // namespace gdwire
