// Copyright 2026 The gdwire Authors.

#include "simd/convert.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
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
using test::kMaxMisalign;

class ConvertTest : public hwy::TestWithParamTarget {};
HWY_TARGET_INSTANTIATE_TEST_SUITE_P(ConvertTest);

// Values for the wire: special bit patterns, random bits, and ordinary
// numbers, mixed.
template <typename U>
U RandomBits(std::mt19937_64* rng, const std::vector<U>& special) {
  switch ((*rng)() % 4) {
    case 0:
      return special[(*rng)() % special.size()];
    case 1:
      return static_cast<U>((*rng)());
    default: {
      // Ordinary values near 1 with random low bits (rounding cases).
      const double d = std::ldexp(double((*rng)() % 1000000) / 1000.0,
                                  int((*rng)() % 40) - 20);
      if (sizeof(U) == 8) {
        uint64_t u;
        std::memcpy(&u, &d, 8);
        return static_cast<U>(u ^ ((*rng)() & 0xFFFFFFF));
      }
      const float f = static_cast<float>(d);
      uint32_t u;
      std::memcpy(&u, &f, 4);
      return static_cast<U>(u);
    }
  }
}

template <typename U>
void FillWire(uint8_t* p, size_t n, std::mt19937_64* rng,
              const std::vector<U>& special) {
  for (size_t i = 0; i < n; ++i) {
    const U u = RandomBits<U>(rng, special);
    for (size_t k = 0; k < sizeof(U); ++k)
      p[i * sizeof(U) + k] = uint8_t(u >> (8 * k));
  }
}

// Runs `fn` (wire bytes of TIn -> array of TOut) against the scalar twin
// for every length and misalignment; compares bit patterns.
template <typename UIn, typename TOut, typename Fn, typename Ref>
void CheckWireToArray(const std::vector<UIn>& special, Fn fn, Ref ref) {
  std::mt19937_64 rng(99);
  for (size_t n = 0; n <= kMaxLen; ++n) {
    for (size_t sa = 0; sa < kMaxMisalign; ++sa) {
      for (size_t da = 0; da < kMaxMisalign; ++da) {
        Buffer src(n * sizeof(UIn), sa);
        FillWire(src.data(), n, &rng, special);
        Buffer dst(n * sizeof(TOut), da * sizeof(TOut));
        Buffer want(n * sizeof(TOut), 0);
        fn(src.data(), n, dst.as<TOut>());
        ref(src.data(), n, want.as<TOut>());
        ASSERT_EQ(0, std::memcmp(dst.data(), want.data(), dst.size()))
            << "n=" << n << " sa=" << sa << " da=" << da;
        ASSERT_TRUE(dst.GuardsIntact());
      }
    }
  }
}

TEST_P(ConvertTest, DispatchesToTarget) {
  EXPECT_STREQ(TargetName(), hwy::TargetName(GetParam()));
}

// The scalar twins are the C++ casts.
TEST(ConvertScalar, IsTheCast) {
  for (uint64_t bits : test::SpecialF64Bits()) {
    uint8_t b[8];
    for (int k = 0; k < 8; ++k) b[k] = uint8_t(bits >> (8 * k));
    double d;
    std::memcpy(&d, &bits, 8);
    float f;
    scalar::NarrowF64ToF32(b, 1, &f);
    const float cast = static_cast<float>(d);
    EXPECT_EQ(0, std::memcmp(&f, &cast, 4)) << std::hex << bits;
  }
}

TEST_P(ConvertTest, WidenF32ToF64) {
  CheckWireToArray<uint32_t, double>(test::SpecialF32Bits(), WidenF32ToF64,
                                     scalar::WidenF32ToF64);
}

TEST_P(ConvertTest, NarrowF64ToF32) {
  CheckWireToArray<uint64_t, float>(test::SpecialF64Bits(), NarrowF64ToF32,
                                    scalar::NarrowF64ToF32);
}

TEST_P(ConvertTest, WidenI32ToI64) {
  std::vector<uint32_t> special = {0,           1,           0xFFFFFFFFu,
                                   0x7FFFFFFFu, 0x80000000u, 0x80000001u};
  CheckWireToArray<uint32_t, int64_t>(special, WidenI32ToI64,
                                      scalar::WidenI32ToI64);
}

// In-range values everywhere, then one or two out-of-range values planted
// at every position: the verdict, the first bad index and the prefix
// written before it must match the scalar twin.
TEST_P(ConvertTest, NarrowI64ToI32) {
  std::mt19937_64 rng(5);
  std::vector<int64_t> in_range, out_of_range;
  for (int64_t v : test::SpecialI64()) {
    (v >= INT32_MIN && v <= INT32_MAX ? in_range : out_of_range).push_back(v);
  }
  std::vector<uint64_t> in_bits(in_range.begin(), in_range.end());
  for (size_t n = 0; n <= kMaxLen; ++n) {
    for (size_t sa = 0; sa < kMaxMisalign; ++sa) {
      const size_t da = (sa * 3 + n) % kMaxMisalign;
      Buffer src(8 * n, sa);
      FillWire(src.data(), n, &rng, in_bits);
      // Random bits are mostly out of range: keep them in range.
      for (size_t i = 0; i < n; ++i) {
        int64_t v;
        std::memcpy(&v, src.data() + 8 * i, 8);
        if (v < INT32_MIN || v > INT32_MAX) {
          v = in_range[rng() % in_range.size()];
          std::memcpy(src.data() + 8 * i, &v, 8);
        }
      }
      Buffer dst(4 * n, 4 * da);
      std::vector<int32_t> want(n + 1);
      size_t bad = 12345, want_bad = 6789;
      ASSERT_TRUE(NarrowI64ToI32(src.data(), n, dst.as<int32_t>(), &bad));
      ASSERT_TRUE(
          scalar::NarrowI64ToI32(src.data(), n, want.data(), &want_bad));
      ASSERT_EQ(0, std::memcmp(dst.data(), want.data(), 4 * n)) << n;
      ASSERT_TRUE(dst.GuardsIntact());
      if (sa != 0) continue;
      for (size_t pos = 0; pos < n; ++pos) {
        std::vector<uint8_t> bytes(src.data(), src.data() + 8 * n);
        const int64_t v = out_of_range[rng() % out_of_range.size()];
        std::memcpy(bytes.data() + 8 * pos, &v, 8);
        if (pos + 1 < n && rng() % 2) {  // a second bad one after it
          std::memcpy(bytes.data() + 8 * (n - 1), &v, 8);
        }
        std::vector<int32_t> got(n, -7);
        ASSERT_FALSE(NarrowI64ToI32(bytes.data(), n, got.data(), &bad));
        ASSERT_FALSE(
            scalar::NarrowI64ToI32(bytes.data(), n, want.data(), &want_bad));
        ASSERT_EQ(bad, pos) << "n=" << n;
        ASSERT_EQ(want_bad, pos);
        ASSERT_EQ(0, std::memcmp(got.data(), want.data(), 4 * pos)) << n;
      }
    }
  }
}

TEST_P(ConvertTest, ToWire) {
  std::mt19937_64 rng(3);
  for (size_t n = 0; n <= kMaxLen; ++n) {
    for (size_t sa = 0; sa < kMaxMisalign; ++sa) {
      for (size_t da = 0; da < kMaxMisalign; ++da) {
        Buffer f32(4 * n, 4 * sa), f64(8 * n, 8 * sa);
        FillWire(f32.data(), n, &rng, test::SpecialF32Bits());
        FillWire(f64.data(), n, &rng, test::SpecialF64Bits());
        Buffer out(8 * n, da), want(8 * n, 0);
        WidenF32ToF64Wire(f32.as<float>(), n, out.data());
        scalar::WidenF32ToF64Wire(f32.as<float>(), n, want.data());
        ASSERT_EQ(0, std::memcmp(out.data(), want.data(), 8 * n)) << n;
        NarrowF64ToF32Wire(f64.as<double>(), n, out.data());
        scalar::NarrowF64ToF32Wire(f64.as<double>(), n, want.data());
        ASSERT_EQ(0, std::memcmp(out.data(), want.data(), 4 * n)) << n;
        ASSERT_TRUE(out.GuardsIntact());
      }
    }
  }
}

// Documented NaN behaviour (x86): widening keeps the payload and quiets;
// narrowing keeps the top payload bits and quiets; a payload only in the
// low 29 bits narrows to the default quiet NaN with the sign kept.
TEST_P(ConvertTest, NaNPayloads) {
  const uint32_t snan32 = 0x7F800001u;  // signalling, payload 1
  uint8_t w32[4];
  std::memcpy(w32, &snan32, 4);
  double d;
  WidenF32ToF64(w32, 1, &d);
  uint64_t dbits;
  std::memcpy(&dbits, &d, 8);
  EXPECT_EQ(dbits, 0x7FF8000020000000ull);

  const uint64_t cases[][2] = {
      {0x7FF0000000000001ull, 0x7FC00000u},  // low payload lost, quieted
      {0xFFF0000000000001ull, 0xFFC00000u},  // sign kept
      {0x7FF4000020000000ull, 0x7FE00001u},  // top payload bits kept
      {0x7FFFFFFFFFFFFFFFull, 0x7FFFFFFFu},
  };
  for (const auto& c : cases) {
    uint8_t w64[8];
    std::memcpy(w64, &c[0], 8);
    float f;
    NarrowF64ToF32(w64, 1, &f);
    uint32_t fbits;
    std::memcpy(&fbits, &f, 4);
    EXPECT_EQ(fbits, c[1]) << std::hex << c[0];
  }
  // -0, +-inf, subnormal extremes.
  const double v[] = {-0.0,
                      std::numeric_limits<double>::infinity(),
                      -std::numeric_limits<double>::infinity(),
                      1e-46,
                      3e38,
                      4e38};
  float out[6];
  NarrowF64ToF32(reinterpret_cast<const uint8_t*>(v), 6, out);
  EXPECT_TRUE(std::signbit(out[0]) && out[0] == 0.0f);
  EXPECT_EQ(out[1], std::numeric_limits<float>::infinity());
  EXPECT_EQ(out[2], -std::numeric_limits<float>::infinity());
  EXPECT_EQ(out[3], 0.0f);
  EXPECT_EQ(out[4], 3e38f);
  EXPECT_EQ(out[5], std::numeric_limits<float>::infinity());
}

}  // namespace
}  // namespace simd
}  // namespace gdwire
