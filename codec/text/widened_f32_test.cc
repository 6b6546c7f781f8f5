// Copyright 2026 The gdwire Authors.
//
// internal::WriteWidenedF32 writes exactly std::to_chars's text for every
// double it takes (an f32 widened, not an integer, 2^-20 <= |x| < 2^24),
// and takes nothing else: every f32 of two whole binades (positive and
// negative), 4 million random f32s over the whole range, the range's
// edges, and doubles that are not f32s. (All 704 million values of the
// range, both signs, were checked once the same way when it was written.)

#include "codec/text/internal/widened_f32.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include "gtest/gtest.h"

namespace gdwire {
namespace text {
namespace {

std::string Want(double x) {
  char buf[64];
  return std::string(buf, std::to_chars(buf, buf + sizeof(buf), x).ptr);
}

// True when x is one WriteWidenedF32 must take.
bool InRange(float f) {
  const float a = std::fabs(f);
  return a >= std::ldexp(1.0f, -20) && a < std::ldexp(1.0f, 24) &&
         a != std::trunc(a);
}

float FromBits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof(f));
  return f;
}

// Checks one f32 value; returns whether it was taken.
bool Check(float f) {
  char buf[48];
  const double x = f;
  char* end = internal::WriteWidenedF32(x, buf);
  EXPECT_EQ(end != nullptr, InRange(f)) << x;
  if (end == nullptr) return false;
  EXPECT_EQ(std::string(buf, end), Want(x)) << x;
  return true;
}

TEST(WidenedF32, WholeBinades) {
  int taken = 0;
  // [0.5, 1) and [256, 512) (256 integers, not taken), both signs.
  for (uint32_t start : {0x3f000000u, 0x43800000u}) {
    for (uint32_t sign : {0u, 0x80000000u}) {
      for (uint32_t b = start; b < start + 0x800000u; ++b) {
        taken += Check(FromBits(b | sign));
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  EXPECT_EQ(taken, 4 * 0x800000 - 2 * 256);
}

TEST(WidenedF32, RandomAndEdges) {
  std::mt19937 rng(9);
  int taken = 0;
  for (int i = 0; i < 4000000; ++i) {
    // Exponents of the range and a little around it.
    const uint32_t exponent = 127 - 22 + rng() % 48;
    taken += Check(FromBits((rng() & 0x807fffffu) | (exponent << 23)));
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(taken, 3000000);
  for (float f : {std::ldexp(1.0f, -20), std::ldexp(1.0f, 24), 0.5f, 1.5f,
                  8388607.5f, 0.1f, 0.7071f, -499.99997f, 16777215.0f}) {
    Check(f);
    Check(std::nextafter(f, 0.0f));
    Check(std::nextafter(f, 1e30f));
  }
  // Doubles that are not f32s are not taken.
  char buf[48];
  EXPECT_EQ(internal::WriteWidenedF32(0.1, buf), nullptr);
  EXPECT_EQ(internal::WriteWidenedF32(1.0 / 3, buf), nullptr);
}

}  // namespace
}  // namespace text
}  // namespace gdwire
