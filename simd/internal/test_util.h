// Copyright 2026 The gdwire Authors.
//
// Test helpers for //simd (internal, testonly): deterministic random bytes,
// buffers at a chosen misalignment, and special floating-point and integer
// values.

#ifndef GDWIRE_SIMD_INTERNAL_TEST_UTIL_H_
#define GDWIRE_SIMD_INTERNAL_TEST_UTIL_H_

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace gdwire {
namespace simd {
namespace test {

// Longest length the kernel tests sweep (every length 0..kMaxLen).
inline constexpr size_t kMaxLen = 300;
// Misalignments swept for sources and destinations (bytes or elements).
inline constexpr size_t kMaxMisalign = 8;

// A 64-byte-aligned byte buffer with `size` bytes usable at offset
// `misalign`, and guard bytes before and after (checked by GuardsIntact).
class Buffer {
 public:
  static constexpr uint8_t kGuard = 0xA5;
  static constexpr size_t kSlack = 64;

  Buffer(size_t size, size_t misalign)
      : size_(size), raw_(size + misalign + 3 * kSlack) {
    const auto addr = reinterpret_cast<uintptr_t>(raw_.data());
    const size_t align = (64 - addr % 64) % 64;
    offset_ = align + kSlack + misalign;
    std::memset(raw_.data(), kGuard, raw_.size());
  }
  uint8_t* data() { return raw_.data() + offset_; }
  const uint8_t* data() const { return raw_.data() + offset_; }
  size_t size() const { return size_; }
  template <typename T>
  T* as() {
    return reinterpret_cast<T*>(data());
  }
  bool GuardsIntact() const {
    for (size_t i = 0; i < offset_; ++i) {
      if (raw_[i] != kGuard) return false;
    }
    for (size_t i = offset_ + size_; i < raw_.size(); ++i) {
      if (raw_[i] != kGuard) return false;
    }
    return true;
  }

 private:
  size_t size_;
  size_t offset_ = 0;
  std::vector<uint8_t> raw_;
};

inline void FillRandom(uint8_t* p, size_t n, std::mt19937_64* rng) {
  for (size_t i = 0; i < n; ++i) p[i] = static_cast<uint8_t>((*rng)());
}

// Interesting float bit patterns: NaN payloads (quiet and signalling, both
// signs), +-0, +-inf, subnormals, extremes, values that round in narrowing.
inline std::vector<uint32_t> SpecialF32Bits() {
  return {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
          0xFFC00000u, 0x7F800001u, 0xFF800001u, 0x7FBFFFFFu, 0x7FC00001u,
          0x7FFFFFFFu, 0xFFFFFFFFu, 0x7FA5A5A5u, 0x00000001u, 0x80000001u,
          0x007FFFFFu, 0x807FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu,
          0x3F800000u, 0xBF800000u, 0x3EAAAAABu, 0x4B800001u};
}

inline std::vector<uint64_t> SpecialF64Bits() {
  return {0x0000000000000000ull, 0x8000000000000000ull, 0x7FF0000000000000ull,
          0xFFF0000000000000ull, 0x7FF8000000000000ull, 0xFFF8000000000000ull,
          0x7FF0000000000001ull,  // sNaN, payload only in the low bits
          0xFFF0000000000001ull, 0x7FF8000000000001ull, 0x7FF0000020000000ull,
          0x7FF000001FFFFFFFull, 0x7FF7FFFFFFFFFFFFull, 0x7FFFFFFFFFFFFFFFull,
          0xFFFFFFFFFFFFFFFFull, 0x7FF5A5A5A5A5A5A5ull,
          0x0000000000000001ull,  // smallest subnormal -> 0
          0x000FFFFFFFFFFFFFull, 0x3690000000000000ull,  // 2^-150: ties to 0
          0x36A0000000000000ull,  // 2^-149: min f32 subnormal
          0x3810000000000000ull,  // min f32 normal
          0x380FFFFFFFFFFFFFull, 0x47EFFFFFE0000000ull,  // max f32 + half ulp
                                                         // -> inf
          0x47EFFFFFDFFFFFFFull, 0x47EFFFFFFFFFFFFFull, 0x7FEFFFFFFFFFFFFFull,
          0xFFEFFFFFFFFFFFFFull,
          0x3FF0000010000000ull,  // 1 + half f32 ulp: tie
          0x3FF0000030000000ull, 0x3FF0000010000001ull, 0xBFF0000010000000ull,
          0x3FF0000000000000ull, 0x3FD5555555555555ull};
}

inline std::vector<int64_t> SpecialI64() {
  constexpr int64_t kMin32 = std::numeric_limits<int32_t>::min();
  constexpr int64_t kMax32 = std::numeric_limits<int32_t>::max();
  return {0,
          -1,
          1,
          kMin32,
          kMax32,
          kMin32 - 1,
          kMax32 + 1,
          std::numeric_limits<int64_t>::min(),
          std::numeric_limits<int64_t>::max(),
          int64_t{1} << 32,
          -(int64_t{1} << 32),
          (int64_t{1} << 32) + 5,
          int64_t(0xFFFFFFFFll),
          -int64_t(0xFFFFFFFFll)};
}

}  // namespace test
}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_INTERNAL_TEST_UTIL_H_
