// Copyright 2026 The gdwire Authors.
//
// json_internal::WriteFinite, the JSON writers' number text, against its
// definition: std::to_chars's shortest text with ".0" after a plain
// integer. Its fast paths (zero, integers below 2^53 / 2^24, values that
// are not integers) must give those bytes for every value: checked on
// every integer up to 2^20 and around each power of ten and of two, on
// integers with trailing zeros of every length, and on millions of random
// bit patterns of both widths.

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "codec/text/internal/json_common.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace text {
namespace {

template <typename T>
std::string Want(T x) {
  char buf[64];
  char* end = std::to_chars(buf, buf + sizeof(buf), x).ptr;
  std::string s(buf, end);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

template <typename T>
std::string Got(T x) {
  char buf[json_internal::kMaxFinite];
  return std::string(buf, json_internal::WriteFinite(x, buf));
}

template <typename T>
void ExpectSame(T x, int* checked) {
  if (!std::isfinite(x)) return;
  ASSERT_EQ(Got(x), Want(x)) << static_cast<double>(x);
  ASSERT_EQ(Got(-x), Want(-x)) << -static_cast<double>(x);
  ++*checked;
}

template <typename T>
void IntegersAndNeighbours(int* checked) {
  for (int64_t i = 0; i <= (int64_t{1} << 20); ++i) {
    ExpectSame(static_cast<T>(i), checked);
  }
  // Around every power of ten and of two, integers and their neighbours.
  for (double base = 1; base < 1e30; base *= 10) {
    for (T x : {static_cast<T>(base), static_cast<T>(2 * base),
                static_cast<T>(5 * base), static_cast<T>(base * 1.5)}) {
      T y = x;
      for (int k = 0; k < 40; ++k) {
        ExpectSame(y, checked);
        y = std::nextafter(y, std::numeric_limits<T>::infinity());
      }
      y = x;
      for (int k = 0; k < 40; ++k) {
        ExpectSame(y, checked);
        y = std::nextafter(y, T(0));
      }
    }
  }
  for (int e = 0; e < 80; ++e) {
    const T x = std::ldexp(T(1), e);
    for (T d : {T(-2), T(-1), T(0), T(1), T(2)}) ExpectSame(x + d, checked);
  }
  // Integers with 1..15 significant digits and 0..20 trailing zeros.
  std::mt19937_64 rng(7);
  for (int sig = 1; sig <= 15; ++sig) {
    for (int zeros = 0; zeros <= 20; ++zeros) {
      for (int k = 0; k < 20; ++k) {
        double m = 1 + static_cast<double>(rng() % 9);
        for (int d = 1; d < sig; ++d)
          m = m * 10 + static_cast<double>(rng() % 10);
        ExpectSame(static_cast<T>(m * std::pow(10.0, zeros)), checked);
      }
    }
  }
}

TEST(JsonNumber, IntegersAndNeighboursF64) {
  int checked = 0;
  IntegersAndNeighbours<double>(&checked);
  EXPECT_GT(checked, 1000000);
}

TEST(JsonNumber, IntegersAndNeighboursF32) {
  int checked = 0;
  IntegersAndNeighbours<float>(&checked);
  EXPECT_GT(checked, 1000000);
}

TEST(JsonNumber, RandomBits) {
  std::mt19937_64 rng(42);
  int checked = 0;
  for (int i = 0; i < 2000000; ++i) {
    const uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof(d));
    ExpectSame(d, &checked);
    float f;
    const uint32_t b32 = static_cast<uint32_t>(bits >> 17);
    std::memcpy(&f, &b32, sizeof(f));
    ExpectSame(f, &checked);
    // The doubles the engine holds for f32 components, and small values.
    ExpectSame(static_cast<double>(f), &checked);
    ExpectSame(static_cast<double>(bits % 100000) / 100, &checked);
    if (::testing::Test::HasFatalFailure()) return;
  }
  ExpectSame(0.0, &checked);
  ExpectSame(0.0f, &checked);
  ExpectSame(std::numeric_limits<double>::denorm_min(), &checked);
  ExpectSame(std::numeric_limits<double>::max(), &checked);
  ExpectSame(std::numeric_limits<float>::max(), &checked);
  EXPECT_GT(checked, 6000000);
}

}  // namespace
}  // namespace text
}  // namespace gdwire
