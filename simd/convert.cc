// Copyright 2026 The gdwire Authors.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/convert.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "simd/convert-inl.h"

#if HWY_ONCE
#include <cstring>
#include <type_traits>

#include "simd/convert.h"
#include "simd/internal/scalar_le.h"

namespace gdwire {
namespace simd {
namespace scalar {

void WidenF32ToF64(const uint8_t* src, size_t n, double* dst) {
  for (size_t i = 0; i < n; ++i) dst[i] = LoadLE<float>(src + 4 * i);
}
void NarrowF64ToF32(const uint8_t* src, size_t n, float* dst) {
  for (size_t i = 0; i < n; ++i) {
    dst[i] = static_cast<float>(LoadLE<double>(src + 8 * i));
  }
}
void WidenI32ToI64(const uint8_t* src, size_t n, int64_t* dst) {
  for (size_t i = 0; i < n; ++i) dst[i] = LoadLE<int32_t>(src + 4 * i);
}
bool NarrowI64ToI32(const uint8_t* src, size_t n, int32_t* dst,
                    size_t* bad_index) {
  for (size_t i = 0; i < n; ++i) {
    const int64_t v = LoadLE<int64_t>(src + 8 * i);
    if (v < INT32_MIN || v > INT32_MAX) {
      *bad_index = i;
      return false;
    }
    dst[i] = static_cast<int32_t>(v);
  }
  return true;
}
void WidenF32ToF64Wire(const float* src, size_t n, uint8_t* dst) {
  for (size_t i = 0; i < n; ++i) StoreLE<double>(src[i], dst + 8 * i);
}
void NarrowF64ToF32Wire(const double* src, size_t n, uint8_t* dst) {
  for (size_t i = 0; i < n; ++i) {
    StoreLE<float>(static_cast<float>(src[i]), dst + 4 * i);
  }
}

}  // namespace scalar

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__

HWY_EXPORT(WidenF32ToF64Impl);
HWY_EXPORT(NarrowF64ToF32Impl);
HWY_EXPORT(WidenI32ToI64Impl);
HWY_EXPORT(NarrowI64ToI32Impl);

void WidenF32ToF64(const uint8_t* src, size_t n, double* dst) {
  HWY_DYNAMIC_DISPATCH(WidenF32ToF64Impl)
  (src, n, reinterpret_cast<uint8_t*>(dst));
}
void NarrowF64ToF32(const uint8_t* src, size_t n, float* dst) {
  HWY_DYNAMIC_DISPATCH(NarrowF64ToF32Impl)
  (src, n, reinterpret_cast<uint8_t*>(dst));
}
void WidenI32ToI64(const uint8_t* src, size_t n, int64_t* dst) {
  HWY_DYNAMIC_DISPATCH(WidenI32ToI64Impl)(src, n, dst);
}
bool NarrowI64ToI32(const uint8_t* src, size_t n, int32_t* dst,
                    size_t* bad_index) {
  return HWY_DYNAMIC_DISPATCH(NarrowI64ToI32Impl)(src, n, dst, bad_index);
}
void WidenF32ToF64Wire(const float* src, size_t n, uint8_t* dst) {
  HWY_DYNAMIC_DISPATCH(WidenF32ToF64Impl)
  (reinterpret_cast<const uint8_t*>(src), n, dst);
}
void NarrowF64ToF32Wire(const double* src, size_t n, uint8_t* dst) {
  HWY_DYNAMIC_DISPATCH(NarrowF64ToF32Impl)
  (reinterpret_cast<const uint8_t*>(src), n, dst);
}

#else  // big-endian host: the scalar twins (they assemble bytes).

void WidenF32ToF64(const uint8_t* s, size_t n, double* d) {
  scalar::WidenF32ToF64(s, n, d);
}
void NarrowF64ToF32(const uint8_t* s, size_t n, float* d) {
  scalar::NarrowF64ToF32(s, n, d);
}
void WidenI32ToI64(const uint8_t* s, size_t n, int64_t* d) {
  scalar::WidenI32ToI64(s, n, d);
}
bool NarrowI64ToI32(const uint8_t* s, size_t n, int32_t* d, size_t* bad) {
  return scalar::NarrowI64ToI32(s, n, d, bad);
}
void WidenF32ToF64Wire(const float* s, size_t n, uint8_t* d) {
  scalar::WidenF32ToF64Wire(s, n, d);
}
void NarrowF64ToF32Wire(const double* s, size_t n, uint8_t* d) {
  scalar::NarrowF64ToF32Wire(s, n, d);
}

#endif

}  // namespace simd
}  // namespace gdwire
#endif  // HWY_ONCE
