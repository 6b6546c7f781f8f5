// Copyright 2026 The gdwire Authors.

#include "simd/endian.h"

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

// Runs once per compiled target this CPU supports; the public functions
// dispatch to that target.
class EndianTest : public hwy::TestWithParamTarget {};
HWY_TARGET_INSTANTIATE_TEST_SUITE_P(EndianTest);

// Wire bytes -> T[] for every length and every source/destination
// misalignment (destination misaligned by whole elements), compared byte
// for byte with the scalar twin; guard bytes around the output must stay.
template <typename T, typename Fn, typename Ref>
void CheckLoad(Fn fn, Ref ref) {
  std::mt19937_64 rng(12345 + sizeof(T));
  for (size_t n = 0; n <= kMaxLen; ++n) {
    for (size_t sa = 0; sa < kMaxMisalign; ++sa) {
      for (size_t da = 0; da < kMaxMisalign; ++da) {
        Buffer src(n * sizeof(T), sa);
        test::FillRandom(src.data(), src.size(), &rng);
        Buffer dst(n * sizeof(T), da * sizeof(T));
        Buffer want(n * sizeof(T), 0);
        fn(src.data(), n, dst.as<T>());
        ref(src.data(), n, want.as<T>());
        ASSERT_EQ(0, std::memcmp(dst.data(), want.data(), n * sizeof(T)))
            << "n=" << n << " sa=" << sa << " da=" << da;
        ASSERT_TRUE(dst.GuardsIntact()) << "n=" << n;
      }
    }
  }
}

// T[] -> wire bytes, destination misaligned by bytes.
template <typename T, typename Fn, typename Ref>
void CheckStore(Fn fn, Ref ref) {
  std::mt19937_64 rng(54321 + sizeof(T));
  for (size_t n = 0; n <= kMaxLen; ++n) {
    for (size_t sa = 0; sa < kMaxMisalign; ++sa) {
      for (size_t da = 0; da < kMaxMisalign; ++da) {
        Buffer src(n * sizeof(T), sa * sizeof(T));
        test::FillRandom(src.data(), src.size(), &rng);
        Buffer dst(n * sizeof(T), da);
        Buffer want(n * sizeof(T), 0);
        fn(src.as<T>(), n, dst.data());
        ref(src.as<T>(), n, want.data());
        ASSERT_EQ(0, std::memcmp(dst.data(), want.data(), n * sizeof(T)))
            << "n=" << n << " sa=" << sa << " da=" << da;
        ASSERT_TRUE(dst.GuardsIntact()) << "n=" << n;
      }
    }
  }
}

// Scalar byte swaps as the oracle for the *Swapped functions.
template <typename T>
void SwapRef(const uint8_t* src, size_t n, uint8_t* dst) {
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < sizeof(T); ++k) {
      dst[i * sizeof(T) + k] = src[i * sizeof(T) + sizeof(T) - 1 - k];
    }
  }
}

TEST_P(EndianTest, DispatchesToTarget) {
  EXPECT_STREQ(TargetName(), hwy::TargetName(GetParam()));
}

// On this little-endian host the LE functions are copies and do not
// dispatch, so they are tested once, not per target.
TEST(Endian, LoadLE) {
  CheckLoad<uint16_t>(LoadU16LE, scalar::LoadU16LE);
  CheckLoad<uint32_t>(LoadU32LE, scalar::LoadU32LE);
  CheckLoad<uint64_t>(LoadU64LE, scalar::LoadU64LE);
  CheckLoad<float>(LoadF32LE, scalar::LoadF32LE);
  CheckLoad<double>(LoadF64LE, scalar::LoadF64LE);
  CheckLoad<int32_t>(LoadI32LE, [](const uint8_t* s, size_t n, int32_t* d) {
    scalar::LoadU32LE(s, n, reinterpret_cast<uint32_t*>(d));
  });
  CheckLoad<int64_t>(LoadI64LE, [](const uint8_t* s, size_t n, int64_t* d) {
    scalar::LoadU64LE(s, n, reinterpret_cast<uint64_t*>(d));
  });
}

TEST(Endian, StoreLE) {
  CheckStore<uint32_t>(StoreU32LE, scalar::StoreU32LE);
  CheckStore<uint64_t>(StoreU64LE, scalar::StoreU64LE);
  CheckStore<float>(StoreF32LE, [](const float* s, size_t n, uint8_t* d) {
    scalar::StoreU32LE(reinterpret_cast<const uint32_t*>(s), n, d);
  });
  CheckStore<double>(StoreF64LE, [](const double* s, size_t n, uint8_t* d) {
    scalar::StoreU64LE(reinterpret_cast<const uint64_t*>(s), n, d);
  });
  CheckStore<uint16_t>(StoreU16LE, [](const uint16_t* s, size_t n, uint8_t* d) {
    for (size_t i = 0; i < n; ++i) {
      d[2 * i] = static_cast<uint8_t>(s[i]);
      d[2 * i + 1] = static_cast<uint8_t>(s[i] >> 8);
    }
  });
}

TEST_P(EndianTest, LoadSwapped) {
  CheckLoad<uint16_t>(LoadU16Swapped,
                      [](const uint8_t* s, size_t n, uint16_t* d) {
                        SwapRef<uint16_t>(s, n, reinterpret_cast<uint8_t*>(d));
                      });
  CheckLoad<uint32_t>(LoadU32Swapped,
                      [](const uint8_t* s, size_t n, uint32_t* d) {
                        SwapRef<uint32_t>(s, n, reinterpret_cast<uint8_t*>(d));
                      });
  CheckLoad<uint64_t>(LoadU64Swapped,
                      [](const uint8_t* s, size_t n, uint64_t* d) {
                        SwapRef<uint64_t>(s, n, reinterpret_cast<uint8_t*>(d));
                      });
}

TEST_P(EndianTest, StoreSwapped) {
  CheckStore<uint16_t>(
      StoreU16Swapped, [](const uint16_t* s, size_t n, uint8_t* d) {
        scalar::SwapBytes16(reinterpret_cast<const uint8_t*>(s), n, d);
      });
  CheckStore<uint32_t>(
      StoreU32Swapped, [](const uint32_t* s, size_t n, uint8_t* d) {
        scalar::SwapBytes32(reinterpret_cast<const uint8_t*>(s), n, d);
      });
  CheckStore<uint64_t>(
      StoreU64Swapped, [](const uint64_t* s, size_t n, uint8_t* d) {
        scalar::SwapBytes64(reinterpret_cast<const uint8_t*>(s), n, d);
      });
}

// The swapped load of a value equals the big-endian reading of its bytes,
// and swapping twice is the identity; in place works.
TEST_P(EndianTest, SwapValuesAndInPlace) {
  const uint8_t bytes[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  uint32_t u32[2];
  LoadU32Swapped(bytes, 2, u32);
  EXPECT_EQ(u32[0], 0x01020304u);
  EXPECT_EQ(u32[1], 0x05060708u);
  uint64_t u64;
  LoadU64Swapped(bytes, 1, &u64);
  EXPECT_EQ(u64, 0x0102030405060708ull);
  uint16_t u16[4];
  LoadU16Swapped(bytes, 4, u16);
  EXPECT_EQ(u16[3], 0x0708);

  std::mt19937_64 rng(7);
  for (size_t n = 0; n <= kMaxLen; ++n) {
    std::vector<uint8_t> orig(8 * n), buf, want(8 * n);
    test::FillRandom(orig.data(), orig.size(), &rng);
    buf = orig;
    SwapBytes64(buf.data(), n, buf.data());
    scalar::SwapBytes64(orig.data(), n, want.data());
    ASSERT_EQ(buf, want) << n;
    SwapBytes32(buf.data(), 2 * n, buf.data());
    SwapBytes32(buf.data(), 2 * n, buf.data());
    SwapBytes16(buf.data(), 4 * n, buf.data());
    SwapBytes16(buf.data(), 4 * n, buf.data());
    SwapBytes64(buf.data(), n, buf.data());
    ASSERT_EQ(buf, orig) << n;
  }
}

}  // namespace
}  // namespace simd
}  // namespace gdwire
