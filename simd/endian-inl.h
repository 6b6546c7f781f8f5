// Copyright 2026 The gdwire Authors.
//
// Per-target byte-swap kernel for simd/endian.h (compiled once per target
// through endian.cc).

#if defined(GDWIRE_SIMD_ENDIAN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef GDWIRE_SIMD_ENDIAN_INL_H_
#undef GDWIRE_SIMD_ENDIAN_INL_H_
#else
#define GDWIRE_SIMD_ENDIAN_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Reverses the bytes of each of the n values of kSize bytes. Highway 1.0.3
// has no ReverseLaneBytes, so this is a byte shuffle (pshufb) with a
// per-128-bit-block pattern. src == dst is allowed: every vector is loaded
// before it is stored and the tail is done one value at a time.
template <size_t kSize>
HWY_INLINE void SwapBytesN(const uint8_t* src, size_t n, uint8_t* dst) {
  static_assert(kSize == 2 || kSize == 4 || kSize == 8, "size");
  alignas(16) static constexpr uint8_t kPattern[3][16] = {
      {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14},
      {3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12},
      {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8}};
  const hn::ScalableTag<uint8_t> d8;
  const size_t N = hn::Lanes(d8);
  const auto pattern = hn::LoadDup128(d8, kPattern[kSize == 2   ? 0
                                                   : kSize == 4 ? 1
                                                                : 2]);
  const size_t bytes = n * kSize;
  size_t i = 0;
  // A few values one at a time so that the stores are vector-aligned.
  if (bytes >= 4 * N) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(dst);
    if (a % kSize == 0) {
      for (const size_t head = (N - (a & (N - 1))) & (N - 1); i < head;
           i += kSize) {
        uint8_t tmp[kSize];
        for (size_t k = 0; k < kSize; ++k) tmp[k] = src[i + kSize - 1 - k];
        std::memcpy(dst + i, tmp, kSize);
      }
    }
  }
  for (; i + 4 * N <= bytes; i += 4 * N) {
    const auto v0 = hn::LoadU(d8, src + i);
    const auto v1 = hn::LoadU(d8, src + i + N);
    const auto v2 = hn::LoadU(d8, src + i + 2 * N);
    const auto v3 = hn::LoadU(d8, src + i + 3 * N);
    hn::StoreU(hn::TableLookupBytes(v0, pattern), d8, dst + i);
    hn::StoreU(hn::TableLookupBytes(v1, pattern), d8, dst + i + N);
    hn::StoreU(hn::TableLookupBytes(v2, pattern), d8, dst + i + 2 * N);
    hn::StoreU(hn::TableLookupBytes(v3, pattern), d8, dst + i + 3 * N);
  }
  for (; i + N <= bytes; i += N) {
    hn::StoreU(hn::TableLookupBytes(hn::LoadU(d8, src + i), pattern), d8,
               dst + i);
  }
  for (; i < bytes; i += kSize) {
    uint8_t tmp[kSize];
    for (size_t k = 0; k < kSize; ++k) tmp[k] = src[i + kSize - 1 - k];
    std::memcpy(dst + i, tmp, kSize);
  }
}

void SwapBytes16Impl(const uint8_t* src, size_t n, uint8_t* dst) {
  SwapBytesN<2>(src, n, dst);
}
void SwapBytes32Impl(const uint8_t* src, size_t n, uint8_t* dst) {
  SwapBytesN<4>(src, n, dst);
}
void SwapBytes64Impl(const uint8_t* src, size_t n, uint8_t* dst) {
  SwapBytesN<8>(src, n, dst);
}

}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
