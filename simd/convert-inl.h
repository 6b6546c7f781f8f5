// Copyright 2026 The gdwire Authors.
//
// Per-target kernels for simd/convert.h (compiled once per target through
// convert.cc). Both sides are handled as bytes (internal/bytes-inl.h), so
// the same kernel serves wire->array and array->wire. Little-endian host
// only (convert.cc routes big-endian hosts to the scalar twins).

#if defined(GDWIRE_SIMD_CONVERT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef GDWIRE_SIMD_CONVERT_INL_H_
#undef GDWIRE_SIMD_CONVERT_INL_H_
#else
#define GDWIRE_SIMD_CONVERT_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "simd/internal/bytes-inl.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// f32 bytes -> f64 bytes. A few leading elements one at a time so the
// stores are aligned (internal::HeadToAlign), then the loop unrolled 2x;
// the last partial vector is redone as one overlapping vector (src and dst
// do not overlap, and each output depends only on its input, so rewriting
// is harmless). The other kernels here have the same shape.
void WidenF32ToF64Impl(const uint8_t* HWY_RESTRICT src, size_t n,
                       uint8_t* HWY_RESTRICT dst) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> df;
  const size_t N = hn::Lanes(dd);
  if (n < N) {
    for (size_t i = 0; i < n; ++i) {
      float f;
      std::memcpy(&f, src + 4 * i, 4);
      const double d = f;
      std::memcpy(dst + 8 * i, &d, 8);
    }
    return;
  }
  size_t i = internal::HeadToAlign(dst, 8, 8 * N, n - N);
  for (size_t k = 0; k < i; ++k) {
    float f;
    std::memcpy(&f, src + 4 * k, 4);
    const double d = f;
    std::memcpy(dst + 8 * k, &d, 8);
  }
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto a = internal::LoadBytes(df, src + 4 * i);
    const auto b = internal::LoadBytes(df, src + 4 * (i + N));
    internal::StoreBytes(hn::PromoteTo(dd, a), dd, dst + 8 * i);
    internal::StoreBytes(hn::PromoteTo(dd, b), dd, dst + 8 * (i + N));
  }
  if (i < n) {
    for (;; i += N) {
      if (i + N > n) i = n - N;
      internal::StoreBytes(
          hn::PromoteTo(dd, internal::LoadBytes(df, src + 4 * i)), dd,
          dst + 8 * i);
      if (i + N >= n) break;
    }
  }
}

// f64 bytes -> f32 bytes (cvtpd2ps: same rounding and NaN handling as the
// scalar cast).
void NarrowF64ToF32Impl(const uint8_t* HWY_RESTRICT src, size_t n,
                        uint8_t* HWY_RESTRICT dst) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> df;
  const size_t N = hn::Lanes(dd);
  if (n < N) {
    for (size_t i = 0; i < n; ++i) {
      double d;
      std::memcpy(&d, src + 8 * i, 8);
      const float f = static_cast<float>(d);
      std::memcpy(dst + 4 * i, &f, 4);
    }
    return;
  }
  size_t i = internal::HeadToAlign(dst, 4, 4 * N, n - N);
  for (size_t k = 0; k < i; ++k) {
    double d;
    std::memcpy(&d, src + 8 * k, 8);
    const float f = static_cast<float>(d);
    std::memcpy(dst + 4 * k, &f, 4);
  }
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto a = internal::LoadBytes(dd, src + 8 * i);
    const auto b = internal::LoadBytes(dd, src + 8 * (i + N));
    internal::StoreBytes(hn::DemoteTo(df, a), df, dst + 4 * i);
    internal::StoreBytes(hn::DemoteTo(df, b), df, dst + 4 * (i + N));
  }
  if (i < n) {
    for (;; i += N) {
      if (i + N > n) i = n - N;
      internal::StoreBytes(
          hn::DemoteTo(df, internal::LoadBytes(dd, src + 8 * i)), df,
          dst + 4 * i);
      if (i + N >= n) break;
    }
  }
}

void WidenI32ToI64Impl(const uint8_t* HWY_RESTRICT src, size_t n,
                       int64_t* HWY_RESTRICT out) {
  const hn::ScalableTag<int64_t> d64;
  const hn::Rebind<int32_t, decltype(d64)> d32;
  const size_t N = hn::Lanes(d64);
  uint8_t* dst = reinterpret_cast<uint8_t*>(out);
  if (n < N) {
    for (size_t i = 0; i < n; ++i) {
      int32_t v;
      std::memcpy(&v, src + 4 * i, 4);
      out[i] = v;
    }
    return;
  }
  size_t i = internal::HeadToAlign(dst, 8, 8 * N, n - N);
  for (size_t k = 0; k < i; ++k) {
    int32_t v;
    std::memcpy(&v, src + 4 * k, 4);
    out[k] = v;
  }
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto a = internal::LoadBytes(d32, src + 4 * i);
    const auto b = internal::LoadBytes(d32, src + 4 * (i + N));
    internal::StoreBytes(hn::PromoteTo(d64, a), d64, dst + 8 * i);
    internal::StoreBytes(hn::PromoteTo(d64, b), d64, dst + 8 * (i + N));
  }
  if (i < n) {
    for (;; i += N) {
      if (i + N > n) i = n - N;
      internal::StoreBytes(
          hn::PromoteTo(d64, internal::LoadBytes(d32, src + 4 * i)), d64,
          dst + 8 * i);
      if (i + N >= n) break;
    }
  }
}

// Scalar narrowing from element i on; returns false at the first element
// out of int32 range.
HWY_INLINE bool NarrowI64Tail(const uint8_t* src, size_t i, size_t n,
                              int32_t* out, size_t* bad_index) {
  for (; i < n; ++i) {
    int64_t v;
    std::memcpy(&v, src + 8 * i, 8);
    if (v < INT32_MIN || v > INT32_MAX) {
      *bad_index = i;
      return false;
    }
    out[i] = static_cast<int32_t>(v);
  }
  return true;
}

// In range iff (v + 2^31) as u64 < 2^32. The low halves are then the
// results (TruncateTo, one shuffle).
bool NarrowI64ToI32Impl(const uint8_t* HWY_RESTRICT src, size_t n,
                        int32_t* HWY_RESTRICT out, size_t* bad_index) {
  const hn::ScalableTag<uint64_t> du64;
  const hn::Rebind<uint32_t, decltype(du64)> du32;
  const size_t N = hn::Lanes(du64);
  uint8_t* dst = reinterpret_cast<uint8_t*>(out);
  if (n < N) return NarrowI64Tail(src, 0, n, out, bad_index);
  const auto bias = hn::Set(du64, uint64_t{0x80000000u});
  const auto zero = hn::Zero(du64);
  size_t i = internal::HeadToAlign(dst, 4, 4 * N, n - N);
  if (!NarrowI64Tail(src, 0, i, out, bad_index)) return false;
  for (; i + 2 * N <= n; i += 2 * N) {
    const auto a = internal::LoadBytes(du64, src + 8 * i);
    const auto b = internal::LoadBytes(du64, src + 8 * (i + N));
    const auto high = hn::Or(hn::ShiftRight<32>(hn::Add(a, bias)),
                             hn::ShiftRight<32>(hn::Add(b, bias)));
    if (HWY_UNLIKELY(!hn::AllTrue(du64, hn::Eq(high, zero)))) {
      return NarrowI64Tail(src, i, n, out, bad_index);
    }
    internal::StoreBytes(hn::TruncateTo(du32, a), du32, dst + 4 * i);
    internal::StoreBytes(hn::TruncateTo(du32, b), du32, dst + 4 * (i + N));
  }
  if (i < n) {
    for (;; i += N) {
      if (i + N > n) i = n - N;
      const auto a = internal::LoadBytes(du64, src + 8 * i);
      const auto high = hn::ShiftRight<32>(hn::Add(a, bias));
      if (HWY_UNLIKELY(!hn::AllTrue(du64, hn::Eq(high, zero)))) {
        return NarrowI64Tail(src, i, n, out, bad_index);
      }
      internal::StoreBytes(hn::TruncateTo(du32, a), du32, dst + 4 * i);
      if (i + N >= n) break;
    }
  }
  return true;
}

}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
