// Copyright 2026 The gdwire Authors.
//
// Per-target kernel for simd/utf8.h: the ASCII scan.

#if defined(GDWIRE_SIMD_UTF8_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef GDWIRE_SIMD_UTF8_INL_H_
#undef GDWIRE_SIMD_UTF8_INL_H_
#else
#define GDWIRE_SIMD_UTF8_INL_H_
#endif

#include <cstddef>
#include <cstdint>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// A byte stops the scan when it is 00 or >= 0x80. (v | (v == 0 ? FF : 00))
// has its top bit set exactly for those, so four vectors are OR-ed and
// tested with one sign check.
size_t FindNonAsciiOrNulImpl(const uint8_t* HWY_RESTRICT p, size_t n) {
  const hn::ScalableTag<uint8_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const size_t N = hn::Lanes(d);
  const auto zero = hn::Zero(d);
  const auto izero = hn::Zero(di);
  const auto flag = [&](hn::Vec<decltype(d)> v) HWY_ATTR {
    return hn::BitCast(di, hn::Or(v, hn::VecFromMask(d, hn::Eq(v, zero))));
  };
  size_t i = 0;
  for (; i + 4 * N <= n; i += 4 * N) {
    const auto f =
        hn::Or(hn::Or(flag(hn::LoadU(d, p + i)), flag(hn::LoadU(d, p + i + N))),
               hn::Or(flag(hn::LoadU(d, p + i + 2 * N)),
                      flag(hn::LoadU(d, p + i + 3 * N))));
    if (HWY_UNLIKELY(!hn::AllFalse(di, hn::Lt(f, izero)))) break;
  }
  for (; i + N <= n; i += N) {
    const intptr_t k =
        hn::FindFirstTrue(di, hn::Lt(flag(hn::LoadU(d, p + i)), izero));
    if (k >= 0) return i + static_cast<size_t>(k);
  }
  for (; i < n; ++i) {
    if (p[i] == 0 || p[i] >= 0x80) return i;
  }
  return n;
}

}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
