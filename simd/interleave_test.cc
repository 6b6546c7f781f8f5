// Copyright 2026 The gdwire Authors.

#include "simd/interleave.h"

#include <cstring>
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

class InterleaveTest : public hwy::TestWithParamTarget {};
HWY_TARGET_INSTANTIATE_TEST_SUITE_P(InterleaveTest);

// Random bit patterns with special values (NaN payloads, -0, inf,
// subnormals) mixed in.
template <typename T>
void FillValues(uint8_t* p, size_t count, std::mt19937_64* rng) {
  const auto s32 = test::SpecialF32Bits();
  const auto s64 = test::SpecialF64Bits();
  for (size_t i = 0; i < count; ++i) {
    const uint64_t r = (*rng)();
    uint64_t bits = r;
    if (r % 3 == 0)
      bits = sizeof(T) == 4 ? s32[r % s32.size()] : s64[r % s64.size()];
    for (size_t k = 0; k < sizeof(T); ++k)
      p[i * sizeof(T) + k] = uint8_t(bits >> (8 * k));
  }
}

// Wire (TW, c components) -> c arrays of TA, every length and misalignment
// (source by bytes, each destination array by whole elements, differently).
template <typename TW, typename TA, typename Fn, typename Ref>
void CheckDeinterleave(Fn fn, Ref ref) {
  std::mt19937_64 rng(11);
  for (size_t c = 2; c <= 4; ++c) {
    for (size_t n = 0; n <= kMaxLen; ++n) {
      for (size_t sa = 0; sa < kMaxMisalign; ++sa) {
        for (size_t da = 0; da < kMaxMisalign; ++da) {
          Buffer src(c * n * sizeof(TW), sa);
          FillValues<TW>(src.data(), c * n, &rng);
          std::vector<Buffer> got, want;
          std::vector<TA*> g, w;
          for (size_t k = 0; k < c; ++k) {
            got.emplace_back(n * sizeof(TA),
                             ((da + k) % kMaxMisalign) * sizeof(TA));
            want.emplace_back(n * sizeof(TA), 0);
          }
          for (size_t k = 0; k < c; ++k) {
            g.push_back(got[k].template as<TA>());
            w.push_back(want[k].template as<TA>());
          }
          fn(src.data(), n, c, g.data());
          ref(src.data(), n, c, w.data());
          for (size_t k = 0; k < c; ++k) {
            ASSERT_EQ(
                0, std::memcmp(got[k].data(), want[k].data(), n * sizeof(TA)))
                << "c=" << c << " n=" << n << " sa=" << sa << " da=" << da
                << " k=" << k;
            ASSERT_TRUE(got[k].GuardsIntact());
          }
        }
      }
    }
  }
}

// c arrays of TA -> wire (TW), every length and misalignment.
template <typename TA, typename TW, typename Fn, typename Ref>
void CheckInterleave(Fn fn, Ref ref) {
  std::mt19937_64 rng(12);
  for (size_t c = 2; c <= 4; ++c) {
    for (size_t n = 0; n <= kMaxLen; ++n) {
      for (size_t sa = 0; sa < kMaxMisalign; ++sa) {
        for (size_t da = 0; da < kMaxMisalign; ++da) {
          std::vector<Buffer> in;
          std::vector<const TA*> p;
          for (size_t k = 0; k < c; ++k) {
            in.emplace_back(n * sizeof(TA),
                            ((sa + k) % kMaxMisalign) * sizeof(TA));
            FillValues<TA>(in.back().data(), n, &rng);
          }
          for (size_t k = 0; k < c; ++k) p.push_back(in[k].template as<TA>());
          Buffer got(c * n * sizeof(TW), da), want(c * n * sizeof(TW), 0);
          fn(p.data(), n, c, got.data());
          ref(p.data(), n, c, want.data());
          ASSERT_EQ(0, std::memcmp(got.data(), want.data(), got.size()))
              << "c=" << c << " n=" << n << " sa=" << sa << " da=" << da;
          ASSERT_TRUE(got.GuardsIntact());
        }
      }
    }
  }
}

TEST_P(InterleaveTest, DispatchesToTarget) {
  EXPECT_STREQ(TargetName(), hwy::TargetName(GetParam()));
}

TEST_P(InterleaveTest, DeinterleaveF32) {
  CheckDeinterleave<float, float>(
      [](const uint8_t* s, size_t n, size_t c, float* const* o) {
        DeinterleaveF32(s, n, c, o);
      },
      scalar::DeinterleaveF32);
}
TEST_P(InterleaveTest, DeinterleaveF64) {
  CheckDeinterleave<double, double>(
      [](const uint8_t* s, size_t n, size_t c, double* const* o) {
        DeinterleaveF64(s, n, c, o);
      },
      scalar::DeinterleaveF64);
}
TEST_P(InterleaveTest, DeinterleaveF32ToF64) {
  CheckDeinterleave<float, double>(DeinterleaveF32ToF64,
                                   scalar::DeinterleaveF32ToF64);
}
TEST_P(InterleaveTest, DeinterleaveF64ToF32) {
  CheckDeinterleave<double, float>(DeinterleaveF64ToF32,
                                   scalar::DeinterleaveF64ToF32);
}
TEST_P(InterleaveTest, InterleaveF32) {
  CheckInterleave<float, float>([](const float* const* in, size_t n, size_t c,
                                   uint8_t* d) { InterleaveF32(in, n, c, d); },
                                scalar::InterleaveF32);
}
TEST_P(InterleaveTest, InterleaveF64) {
  CheckInterleave<double, double>(
      [](const double* const* in, size_t n, size_t c, uint8_t* d) {
        InterleaveF64(in, n, c, d);
      },
      scalar::InterleaveF64);
}
TEST_P(InterleaveTest, InterleaveF32ToF64) {
  CheckInterleave<float, double>(InterleaveF32ToF64,
                                 scalar::InterleaveF32ToF64);
}
TEST_P(InterleaveTest, InterleaveF64ToF32) {
  CheckInterleave<double, float>(InterleaveF64ToF32,
                                 scalar::InterleaveF64ToF32);
}

// The fixed-arity forms and a round trip, on a hand-made Vector3 array.
TEST_P(InterleaveTest, Vector3RoundTrip) {
  const float aos[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, -0.0f, 1e-45f, 3e38f};
  float x[4], y[4], z[4];
  DeinterleaveF32(reinterpret_cast<const uint8_t*>(aos), 4, x, y, z);
  EXPECT_EQ(x[1], 4);
  EXPECT_EQ(y[2], 8);
  EXPECT_EQ(z[3], 3e38f);
  uint8_t back[sizeof(aos)];
  InterleaveF32(x, y, z, 4, back);
  EXPECT_EQ(0, std::memcmp(back, aos, sizeof(aos)));
  double dx[4], dy[4], dz[4], dw[4];
  DeinterleaveF64(reinterpret_cast<const uint8_t*>(aos), 1, dx, dy, dz, dw);
  uint8_t back2[32];
  InterleaveF64(dx, dy, dz, dw, 1, back2);
  EXPECT_EQ(0, std::memcmp(back2, aos, 32));
  // Components outside 2..4 do nothing.
  float* const out[1] = {x};
  DeinterleaveF32(reinterpret_cast<const uint8_t*>(aos), 4, 1, out);
  EXPECT_EQ(x[1], 4);
}

}  // namespace
}  // namespace simd
}  // namespace gdwire
