// Copyright 2026 The gdwire Authors.
//
// Per-target kernels for simd/interleave.h (compiled once per target through
// interleave.cc): AoS wire data (x0 y0 z0 x1 y1 z1 ...) <-> SoA arrays, with
// an optional f32 <-> f64 conversion on the way. Little-endian host only.

#if defined(GDWIRE_SIMD_INTERLEAVE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef GDWIRE_SIMD_INTERLEAVE_INL_H_
#undef GDWIRE_SIMD_INTERLEAVE_INL_H_
#else
#define GDWIRE_SIMD_INTERLEAVE_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "hwy/highway.h"
#include "simd/internal/bytes-inl.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace internal {

// LoadInterleaved{2,3,4} / StoreInterleaved{2,3,4} by component count. The
// wire pointer is cast to T*: Highway only reads and writes it with
// unaligned vector loads/stores.
template <size_t kC, class D>
HWY_INLINE void LoadAos(D d, const uint8_t* p, hn::Vec<D>* v) {
  const auto* t = reinterpret_cast<const hn::TFromD<D>*>(p);
  if constexpr (kC == 2) {
    hn::LoadInterleaved2(d, t, v[0], v[1]);
  } else if constexpr (kC == 3) {
    hn::LoadInterleaved3(d, t, v[0], v[1], v[2]);
  } else {
    hn::LoadInterleaved4(d, t, v[0], v[1], v[2], v[3]);
  }
}

template <size_t kC, class D>
HWY_INLINE void StoreAos(const hn::Vec<D>* v, D d, uint8_t* p) {
  auto* t = reinterpret_cast<hn::TFromD<D>*>(p);
  if constexpr (kC == 2) {
    hn::StoreInterleaved2(v[0], v[1], d, t);
  } else if constexpr (kC == 3) {
    hn::StoreInterleaved3(v[0], v[1], v[2], d, t);
  } else {
    hn::StoreInterleaved4(v[0], v[1], v[2], v[3], d, t);
  }
}

// Runs body(i) for i = head, head + step, ... and, when n is not a multiple
// of step, once more at n - step (the vectors overlap the previous ones:
// harmless, as every output depends only on its own input and inputs and
// outputs do not overlap). For n < step runs one_element(i) for each i.
// `head` (< n - step) leading elements go to one_element first, so that
// the vector stores are aligned.
template <class Body, class One>
HWY_INLINE void ForEachStep(size_t n, size_t step, size_t head,
                            const Body& body, const One& one_element) {
  if (n < step) {
    for (size_t i = 0; i < n; ++i) one_element(i);
    return;
  }
  if (head > n - step) head = 0;
  for (size_t i = 0; i < head; ++i) one_element(i);
  size_t i = head;
  for (; i + step <= n; i += step) body(i);
  if (i < n) body(n - step);
}

}  // namespace internal

// Wire AoS of TW (kC components per element) -> kC arrays of TA.
template <typename TW, typename TA, size_t kC>
HWY_INLINE void DeinterleaveT(const uint8_t* HWY_RESTRICT src, size_t n,
                              TA* const* out) {
  TA* HWY_RESTRICT o[kC];
  for (size_t c = 0; c < kC; ++c) o[c] = out[c];
  const auto one = [&](size_t i) HWY_ATTR {
    for (size_t c = 0; c < kC; ++c) {
      TW w;
      std::memcpy(&w, src + (kC * i + c) * sizeof(TW), sizeof(TW));
      o[c][i] = static_cast<TA>(w);
    }
  };
  // Stores are aligned for out[0] (the other arrays usually share its
  // alignment: separate allocations of one size).
  const size_t vec_bytes = hn::Lanes(hn::ScalableTag<TA>()) * sizeof(TA);
  const size_t head =
      internal::HeadToAlign(o[0], sizeof(TA), vec_bytes, vec_bytes);
  if constexpr (std::is_same<TW, TA>::value) {
    const hn::ScalableTag<TW> d;
    const size_t N = hn::Lanes(d);
    internal::ForEachStep(
        n, N, head,
        [&](size_t i) HWY_ATTR {
          hn::Vec<decltype(d)> v[kC];
          internal::LoadAos<kC>(d, src + kC * i * sizeof(TW), v);
          for (size_t c = 0; c < kC; ++c) hn::StoreU(v[c], d, o[c] + i);
        },
        one);
  } else if constexpr (sizeof(TW) < sizeof(TA)) {  // f32 wire -> f64
    const hn::ScalableTag<float> df;
    const hn::Half<decltype(df)> dh;
    const hn::ScalableTag<double> dd;
    const size_t N = hn::Lanes(df);
    const size_t H = hn::Lanes(dd);
    internal::ForEachStep(
        n, N, head,
        [&](size_t i) HWY_ATTR {
          hn::Vec<decltype(df)> v[kC];
          internal::LoadAos<kC>(df, src + kC * i * 4, v);
          for (size_t c = 0; c < kC; ++c) {
            hn::StoreU(hn::PromoteTo(dd, hn::LowerHalf(dh, v[c])), dd,
                       o[c] + i);
            hn::StoreU(hn::PromoteTo(dd, hn::UpperHalf(dh, v[c])), dd,
                       o[c] + i + H);
          }
        },
        one);
  } else {  // f64 wire -> f32: two f64 vectors make one f32 vector
    const hn::ScalableTag<double> dd;
    const hn::Rebind<float, decltype(dd)> dh;
    const hn::ScalableTag<float> df;
    const size_t H = hn::Lanes(dd);
    internal::ForEachStep(
        n, 2 * H, head,
        [&](size_t i) HWY_ATTR {
          hn::Vec<decltype(dd)> a[kC], b[kC];
          internal::LoadAos<kC>(dd, src + kC * i * 8, a);
          internal::LoadAos<kC>(dd, src + kC * (i + H) * 8, b);
          for (size_t c = 0; c < kC; ++c) {
            hn::StoreU(
                hn::Combine(df, hn::DemoteTo(dh, b[c]), hn::DemoteTo(dh, a[c])),
                df, o[c] + i);
          }
        },
        one);
  }
}

// kC arrays of TA -> wire AoS of TW.
template <typename TA, typename TW, size_t kC>
HWY_INLINE void InterleaveT(const TA* const* in, size_t n,
                            uint8_t* HWY_RESTRICT dst) {
  const TA* HWY_RESTRICT s[kC];
  for (size_t c = 0; c < kC; ++c) s[c] = in[c];
  const auto one = [&](size_t i) HWY_ATTR {
    for (size_t c = 0; c < kC; ++c) {
      const TW w = static_cast<TW>(s[c][i]);
      std::memcpy(dst + (kC * i + c) * sizeof(TW), &w, sizeof(TW));
    }
  };
  const size_t vec_bytes = hn::Lanes(hn::ScalableTag<TW>()) * sizeof(TW);
  const size_t head =
      internal::HeadToAlignStride(dst, kC * sizeof(TW), vec_bytes, vec_bytes);
  if constexpr (std::is_same<TW, TA>::value) {
    const hn::ScalableTag<TW> d;
    const size_t N = hn::Lanes(d);
    internal::ForEachStep(
        n, N, head,
        [&](size_t i) HWY_ATTR {
          hn::Vec<decltype(d)> v[kC];
          for (size_t c = 0; c < kC; ++c) v[c] = hn::LoadU(d, s[c] + i);
          internal::StoreAos<kC>(v, d, dst + kC * i * sizeof(TW));
        },
        one);
  } else if constexpr (sizeof(TA) < sizeof(TW)) {  // f32 -> f64 wire
    const hn::ScalableTag<float> df;
    const hn::Half<decltype(df)> dh;
    const hn::ScalableTag<double> dd;
    const size_t N = hn::Lanes(df);
    const size_t H = hn::Lanes(dd);
    internal::ForEachStep(
        n, N, head,
        [&](size_t i) HWY_ATTR {
          hn::Vec<decltype(dd)> lo[kC], hi[kC];
          for (size_t c = 0; c < kC; ++c) {
            const auto v = hn::LoadU(df, s[c] + i);
            lo[c] = hn::PromoteTo(dd, hn::LowerHalf(dh, v));
            hi[c] = hn::PromoteTo(dd, hn::UpperHalf(dh, v));
          }
          internal::StoreAos<kC>(lo, dd, dst + kC * i * 8);
          internal::StoreAos<kC>(hi, dd, dst + kC * (i + H) * 8);
        },
        one);
  } else {  // f64 -> f32 wire
    const hn::ScalableTag<double> dd;
    const hn::Rebind<float, decltype(dd)> dh;
    const hn::ScalableTag<float> df;
    const size_t H = hn::Lanes(dd);
    internal::ForEachStep(
        n, 2 * H, head,
        [&](size_t i) HWY_ATTR {
          hn::Vec<decltype(df)> v[kC];
          for (size_t c = 0; c < kC; ++c) {
            v[c] =
                hn::Combine(df, hn::DemoteTo(dh, hn::LoadU(dd, s[c] + i + H)),
                            hn::DemoteTo(dh, hn::LoadU(dd, s[c] + i)));
          }
          internal::StoreAos<kC>(v, df, dst + kC * i * 4);
        },
        one);
  }
}

// The exported kernels: one per type pair, components 2..4 at run time.
template <typename TW, typename TA>
HWY_INLINE void DeinterleaveC(const uint8_t* src, size_t n, size_t c,
                              TA* const* out) {
  if (c == 2) DeinterleaveT<TW, TA, 2>(src, n, out);
  if (c == 3) DeinterleaveT<TW, TA, 3>(src, n, out);
  if (c == 4) DeinterleaveT<TW, TA, 4>(src, n, out);
}
template <typename TA, typename TW>
HWY_INLINE void InterleaveC(const TA* const* in, size_t n, size_t c,
                            uint8_t* dst) {
  if (c == 2) InterleaveT<TA, TW, 2>(in, n, dst);
  if (c == 3) InterleaveT<TA, TW, 3>(in, n, dst);
  if (c == 4) InterleaveT<TA, TW, 4>(in, n, dst);
}

void DeinterleaveF32Impl(const uint8_t* src, size_t n, size_t c,
                         float* const* out) {
  DeinterleaveC<float, float>(src, n, c, out);
}
void DeinterleaveF64Impl(const uint8_t* src, size_t n, size_t c,
                         double* const* out) {
  DeinterleaveC<double, double>(src, n, c, out);
}
void DeinterleaveF32ToF64Impl(const uint8_t* src, size_t n, size_t c,
                              double* const* out) {
  DeinterleaveC<float, double>(src, n, c, out);
}
void DeinterleaveF64ToF32Impl(const uint8_t* src, size_t n, size_t c,
                              float* const* out) {
  DeinterleaveC<double, float>(src, n, c, out);
}
void InterleaveF32Impl(const float* const* in, size_t n, size_t c,
                       uint8_t* dst) {
  InterleaveC<float, float>(in, n, c, dst);
}
void InterleaveF64Impl(const double* const* in, size_t n, size_t c,
                       uint8_t* dst) {
  InterleaveC<double, double>(in, n, c, dst);
}
void InterleaveF32ToF64Impl(const float* const* in, size_t n, size_t c,
                            uint8_t* dst) {
  InterleaveC<float, double>(in, n, c, dst);
}
void InterleaveF64ToF32Impl(const double* const* in, size_t n, size_t c,
                            uint8_t* dst) {
  InterleaveC<double, float>(in, n, c, dst);
}

}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
