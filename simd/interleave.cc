// Copyright 2026 The gdwire Authors.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/interleave.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "simd/interleave-inl.h"

#if HWY_ONCE
#include <cstring>
#include <type_traits>

#include "simd/interleave.h"
#include "simd/internal/scalar_le.h"

namespace gdwire {
namespace simd {
namespace scalar {
namespace {

template <typename TW, typename TA>
void Deinterleave(const uint8_t* src, size_t n, size_t c, TA* const* out) {
  if (c < 2 || c > 4) return;
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < c; ++k) {
      out[k][i] = static_cast<TA>(LoadLE<TW>(src + (c * i + k) * sizeof(TW)));
    }
  }
}
template <typename TA, typename TW>
void Interleave(const TA* const* in, size_t n, size_t c, uint8_t* dst) {
  if (c < 2 || c > 4) return;
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < c; ++k) {
      StoreLE<TW>(static_cast<TW>(in[k][i]), dst + (c * i + k) * sizeof(TW));
    }
  }
}

}  // namespace

void DeinterleaveF32(const uint8_t* s, size_t n, size_t c, float* const* o) {
  Deinterleave<float>(s, n, c, o);
}
void DeinterleaveF64(const uint8_t* s, size_t n, size_t c, double* const* o) {
  Deinterleave<double>(s, n, c, o);
}
void DeinterleaveF32ToF64(const uint8_t* s, size_t n, size_t c,
                          double* const* o) {
  Deinterleave<float>(s, n, c, o);
}
void DeinterleaveF64ToF32(const uint8_t* s, size_t n, size_t c,
                          float* const* o) {
  Deinterleave<double>(s, n, c, o);
}
void InterleaveF32(const float* const* in, size_t n, size_t c, uint8_t* d) {
  Interleave<float, float>(in, n, c, d);
}
void InterleaveF64(const double* const* in, size_t n, size_t c, uint8_t* d) {
  Interleave<double, double>(in, n, c, d);
}
void InterleaveF32ToF64(const float* const* in, size_t n, size_t c,
                        uint8_t* d) {
  Interleave<float, double>(in, n, c, d);
}
void InterleaveF64ToF32(const double* const* in, size_t n, size_t c,
                        uint8_t* d) {
  Interleave<double, float>(in, n, c, d);
}

}  // namespace scalar

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
HWY_EXPORT(DeinterleaveF32Impl);
HWY_EXPORT(DeinterleaveF64Impl);
HWY_EXPORT(DeinterleaveF32ToF64Impl);
HWY_EXPORT(DeinterleaveF64ToF32Impl);
HWY_EXPORT(InterleaveF32Impl);
HWY_EXPORT(InterleaveF64Impl);
HWY_EXPORT(InterleaveF32ToF64Impl);
HWY_EXPORT(InterleaveF64ToF32Impl);
#define GDWIRE_INTERLEAVE_CALL(name) HWY_DYNAMIC_DISPATCH(name##Impl)
#else  // big-endian host: the byte-assembling scalar twins
#define GDWIRE_INTERLEAVE_CALL(name) scalar::name
#endif

void DeinterleaveF32(const uint8_t* s, size_t n, size_t c, float* const* o) {
  GDWIRE_INTERLEAVE_CALL(DeinterleaveF32)(s, n, c, o);
}
void DeinterleaveF64(const uint8_t* s, size_t n, size_t c, double* const* o) {
  GDWIRE_INTERLEAVE_CALL(DeinterleaveF64)(s, n, c, o);
}
void DeinterleaveF32ToF64(const uint8_t* s, size_t n, size_t c,
                          double* const* o) {
  GDWIRE_INTERLEAVE_CALL(DeinterleaveF32ToF64)(s, n, c, o);
}
void DeinterleaveF64ToF32(const uint8_t* s, size_t n, size_t c,
                          float* const* o) {
  GDWIRE_INTERLEAVE_CALL(DeinterleaveF64ToF32)(s, n, c, o);
}
void InterleaveF32(const float* const* in, size_t n, size_t c, uint8_t* d) {
  GDWIRE_INTERLEAVE_CALL(InterleaveF32)(in, n, c, d);
}
void InterleaveF64(const double* const* in, size_t n, size_t c, uint8_t* d) {
  GDWIRE_INTERLEAVE_CALL(InterleaveF64)(in, n, c, d);
}
void InterleaveF32ToF64(const float* const* in, size_t n, size_t c,
                        uint8_t* d) {
  GDWIRE_INTERLEAVE_CALL(InterleaveF32ToF64)(in, n, c, d);
}
void InterleaveF64ToF32(const double* const* in, size_t n, size_t c,
                        uint8_t* d) {
  GDWIRE_INTERLEAVE_CALL(InterleaveF64ToF32)(in, n, c, d);
}
#undef GDWIRE_INTERLEAVE_CALL

}  // namespace simd
}  // namespace gdwire
#endif  // HWY_ONCE
