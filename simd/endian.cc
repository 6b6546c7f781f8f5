// Copyright 2026 The gdwire Authors.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/endian.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "simd/endian-inl.h"

#if HWY_ONCE
#include <cstring>

#include "simd/endian.h"

#if !defined(__BYTE_ORDER__) || !defined(__ORDER_LITTLE_ENDIAN__)
#error "gdwire needs __BYTE_ORDER__ (gcc/clang)"
#endif
#define GDWIRE_HOST_LE (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)

namespace gdwire {
namespace simd {

HWY_EXPORT(SwapBytes16Impl);
HWY_EXPORT(SwapBytes32Impl);
HWY_EXPORT(SwapBytes64Impl);

void SwapBytes16(const uint8_t* src, size_t n, uint8_t* dst) {
  HWY_DYNAMIC_DISPATCH(SwapBytes16Impl)(src, n, dst);
}
void SwapBytes32(const uint8_t* src, size_t n, uint8_t* dst) {
  HWY_DYNAMIC_DISPATCH(SwapBytes32Impl)(src, n, dst);
}
void SwapBytes64(const uint8_t* src, size_t n, uint8_t* dst) {
  HWY_DYNAMIC_DISPATCH(SwapBytes64Impl)(src, n, dst);
}

namespace {

template <size_t kSize>
void Swap(const uint8_t* src, size_t n, uint8_t* dst) {
  if (kSize == 2) SwapBytes16(src, n, dst);
  if (kSize == 4) SwapBytes32(src, n, dst);
  if (kSize == 8) SwapBytes64(src, n, dst);
}

// Little-endian wire <-> host: a copy here, a swap on a big-endian host.
template <typename T>
void LoadLE(const uint8_t* src, size_t n, T* dst) {
  if (GDWIRE_HOST_LE) {
    if (n != 0) std::memcpy(dst, src, n * sizeof(T));
  } else {
    Swap<sizeof(T)>(src, n, reinterpret_cast<uint8_t*>(dst));
  }
}
template <typename T>
void StoreLE(const T* src, size_t n, uint8_t* dst) {
  if (GDWIRE_HOST_LE) {
    if (n != 0) std::memcpy(dst, src, n * sizeof(T));
  } else {
    Swap<sizeof(T)>(reinterpret_cast<const uint8_t*>(src), n, dst);
  }
}

}  // namespace

void LoadU16LE(const uint8_t* s, size_t n, uint16_t* d) { LoadLE(s, n, d); }
void LoadU32LE(const uint8_t* s, size_t n, uint32_t* d) { LoadLE(s, n, d); }
void LoadU64LE(const uint8_t* s, size_t n, uint64_t* d) { LoadLE(s, n, d); }
void LoadI32LE(const uint8_t* s, size_t n, int32_t* d) { LoadLE(s, n, d); }
void LoadI64LE(const uint8_t* s, size_t n, int64_t* d) { LoadLE(s, n, d); }
void LoadF32LE(const uint8_t* s, size_t n, float* d) { LoadLE(s, n, d); }
void LoadF64LE(const uint8_t* s, size_t n, double* d) { LoadLE(s, n, d); }

void StoreU16LE(const uint16_t* s, size_t n, uint8_t* d) { StoreLE(s, n, d); }
void StoreU32LE(const uint32_t* s, size_t n, uint8_t* d) { StoreLE(s, n, d); }
void StoreU64LE(const uint64_t* s, size_t n, uint8_t* d) { StoreLE(s, n, d); }
void StoreI32LE(const int32_t* s, size_t n, uint8_t* d) { StoreLE(s, n, d); }
void StoreI64LE(const int64_t* s, size_t n, uint8_t* d) { StoreLE(s, n, d); }
void StoreF32LE(const float* s, size_t n, uint8_t* d) { StoreLE(s, n, d); }
void StoreF64LE(const double* s, size_t n, uint8_t* d) { StoreLE(s, n, d); }

void LoadU16Swapped(const uint8_t* src, size_t n, uint16_t* dst) {
  SwapBytes16(src, n, reinterpret_cast<uint8_t*>(dst));
}
void LoadU32Swapped(const uint8_t* src, size_t n, uint32_t* dst) {
  SwapBytes32(src, n, reinterpret_cast<uint8_t*>(dst));
}
void LoadU64Swapped(const uint8_t* src, size_t n, uint64_t* dst) {
  SwapBytes64(src, n, reinterpret_cast<uint8_t*>(dst));
}
void StoreU16Swapped(const uint16_t* src, size_t n, uint8_t* dst) {
  SwapBytes16(reinterpret_cast<const uint8_t*>(src), n, dst);
}
void StoreU32Swapped(const uint32_t* src, size_t n, uint8_t* dst) {
  SwapBytes32(reinterpret_cast<const uint8_t*>(src), n, dst);
}
void StoreU64Swapped(const uint64_t* src, size_t n, uint8_t* dst) {
  SwapBytes64(reinterpret_cast<const uint8_t*>(src), n, dst);
}

namespace scalar {
namespace {

template <typename T>
T LoadLE1(const uint8_t* p) {
  T v = 0;
  for (size_t k = 0; k < sizeof(T); ++k)
    v |= static_cast<T>(T{p[k]} << (8 * k));
  return v;
}

template <size_t kSize>
void SwapN(const uint8_t* src, size_t n, uint8_t* dst) {
  for (size_t i = 0; i < n; ++i) {
    uint8_t tmp[kSize];
    for (size_t k = 0; k < kSize; ++k) tmp[k] = src[i * kSize + kSize - 1 - k];
    std::memcpy(dst + i * kSize, tmp, kSize);
  }
}

}  // namespace

void LoadU16LE(const uint8_t* src, size_t n, uint16_t* dst) {
  for (size_t i = 0; i < n; ++i) dst[i] = LoadLE1<uint16_t>(src + 2 * i);
}
void LoadU32LE(const uint8_t* src, size_t n, uint32_t* dst) {
  for (size_t i = 0; i < n; ++i) dst[i] = LoadLE1<uint32_t>(src + 4 * i);
}
void LoadU64LE(const uint8_t* src, size_t n, uint64_t* dst) {
  for (size_t i = 0; i < n; ++i) dst[i] = LoadLE1<uint64_t>(src + 8 * i);
}
void LoadF32LE(const uint8_t* src, size_t n, float* dst) {
  for (size_t i = 0; i < n; ++i) {
    const uint32_t u = LoadLE1<uint32_t>(src + 4 * i);
    std::memcpy(dst + i, &u, 4);
  }
}
void LoadF64LE(const uint8_t* src, size_t n, double* dst) {
  for (size_t i = 0; i < n; ++i) {
    const uint64_t u = LoadLE1<uint64_t>(src + 8 * i);
    std::memcpy(dst + i, &u, 8);
  }
}
void StoreU32LE(const uint32_t* src, size_t n, uint8_t* dst) {
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < 4; ++k) dst[4 * i + k] = uint8_t(src[i] >> (8 * k));
  }
}
void StoreU64LE(const uint64_t* src, size_t n, uint8_t* dst) {
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < 8; ++k) dst[8 * i + k] = uint8_t(src[i] >> (8 * k));
  }
}
void SwapBytes16(const uint8_t* s, size_t n, uint8_t* d) { SwapN<2>(s, n, d); }
void SwapBytes32(const uint8_t* s, size_t n, uint8_t* d) { SwapN<4>(s, n, d); }
void SwapBytes64(const uint8_t* s, size_t n, uint8_t* d) { SwapN<8>(s, n, d); }

}  // namespace scalar
}  // namespace simd
}  // namespace gdwire
#endif  // HWY_ONCE
