// Copyright 2026 The gdwire Authors.
//
// Per-target kernel for simd/pad.h: the first nonzero byte.

#if defined(GDWIRE_SIMD_PAD_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef GDWIRE_SIMD_PAD_INL_H_
#undef GDWIRE_SIMD_PAD_INL_H_
#else
#define GDWIRE_SIMD_PAD_INL_H_
#endif

#include <cstddef>
#include <cstdint>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Four vectors are OR-ed and tested at once; the exact index is found only
// in the block that has a nonzero byte.
size_t FindNonZeroImpl(const uint8_t* HWY_RESTRICT p, size_t n) {
  const hn::ScalableTag<uint8_t> d;
  const size_t N = hn::Lanes(d);
  const auto zero = hn::Zero(d);
  size_t i = 0;
  for (; i + 4 * N <= n; i += 4 * N) {
    const auto v = hn::Or(
        hn::Or(hn::LoadU(d, p + i), hn::LoadU(d, p + i + N)),
        hn::Or(hn::LoadU(d, p + i + 2 * N), hn::LoadU(d, p + i + 3 * N)));
    if (HWY_UNLIKELY(!hn::AllTrue(d, hn::Eq(v, zero)))) break;
  }
  for (; i + N <= n; i += N) {
    const intptr_t k = hn::FindFirstTrue(d, hn::Ne(hn::LoadU(d, p + i), zero));
    if (k >= 0) return i + static_cast<size_t>(k);
  }
  for (; i < n; ++i) {
    if (p[i] != 0) return i;
  }
  return n;
}

}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
