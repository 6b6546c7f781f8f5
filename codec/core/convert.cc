// Copyright 2026 The gdwire Authors.
//
// The bulk conversions of the views, on the //simd kernels (Highway,
// dynamic dispatch; each kernel is tested against its scalar twin on every
// compiled target). Results are bit-identical to the plain rules below
// (WidenF32 / NarrowF64): convert_test.cc checks every NaN class,
// subnormals and range edges.

#include "codec/core/convert.h"

#include <cstring>

#include "codec/wire.h"
#include "simd/convert.h"
#include "simd/endian.h"
#include "simd/interleave.h"

namespace gdwire {
namespace core {
namespace {

inline float F32(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline double F64(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}
inline double WidenAt(const uint8_t* p) { return WidenF32(wire::LoadU32(p)); }
inline float NarrowAt(const uint8_t* p) { return NarrowF64(wire::LoadU64(p)); }

// The //simd kernels convert like a C++ cast, which quiets signalling NaNs
// (and, narrowing, may drop a payload); the views keep every NaN bit as the
// engine does (WidenF32 / NarrowF64 above). So NaN outputs are redone here:
// element i, component c of `comps` interleaved ones.
void FixWidenedNans(const uint8_t* src, int comps, int c, double* out,
                    size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (out[i] != out[i]) out[i] = WidenAt(src + 4 * (i * comps + c));
  }
}
void FixNarrowedNans(const uint8_t* src, int comps, int c, float* out,
                     size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (out[i] != out[i]) out[i] = NarrowAt(src + 8 * (i * comps + c));
  }
}

}  // namespace

double WidenF32(uint32_t b) {
  if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu) != 0) {
    // NaN: move sign and payload by hand (a cast would quieten it).
    return F64((uint64_t{b >> 31} << 63) | (uint64_t{0x7ff} << 52) |
               (uint64_t{b & 0x007fffffu} << 29));
  }
  return static_cast<double>(F32(b));
}

float NarrowF64(uint64_t b) {
  if ((b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
      (b & 0x000fffffffffffffull) != 0) {
    uint32_t mant = static_cast<uint32_t>((b >> 29) & 0x007fffffu);
    if ((b & 0x1fffffffull) != 0 || mant == 0) mant |= 0x00400000u;
    return F32((static_cast<uint32_t>(b >> 63) << 31) | 0x7f800000u | mant);
  }
  return static_cast<float>(F64(b));
}

void LoadU8(const uint8_t* src, uint8_t* dst, size_t n) {
  if (n != 0) std::memcpy(dst, src, n);
}

void LoadI32(const uint8_t* src, int32_t* dst, size_t n) {
  simd::LoadI32LE(src, n, dst);
}

void LoadI64(const uint8_t* src, int64_t* dst, size_t n) {
  simd::LoadI64LE(src, n, dst);
}

void LoadF32(const uint8_t* src, float* dst, size_t n) {
  simd::LoadF32LE(src, n, dst);
}

void LoadF64(const uint8_t* src, double* dst, size_t n) {
  simd::LoadF64LE(src, n, dst);
}

void LoadI32ToI64(const uint8_t* src, int64_t* dst, size_t n) {
  simd::WidenI32ToI64(src, n, dst);
}

bool LoadI64ToI32(const uint8_t* src, int32_t* dst, size_t n, size_t* bad) {
  return simd::NarrowI64ToI32(src, n, dst, bad);
}

void LoadF32ToF64(const uint8_t* src, double* dst, size_t n) {
  simd::WidenF32ToF64(src, n, dst);
  FixWidenedNans(src, 1, 0, dst, n);
}

void LoadF64ToF32(const uint8_t* src, float* dst, size_t n) {
  simd::NarrowF64ToF32(src, n, dst);
  FixNarrowedNans(src, 1, 0, dst, n);
}

void DeinterleaveF32x2(const uint8_t* src, size_t n, float* x, float* y) {
  simd::DeinterleaveF32(src, n, x, y);
}

void DeinterleaveF32x3(const uint8_t* src, size_t n, float* x, float* y,
                       float* z) {
  simd::DeinterleaveF32(src, n, x, y, z);
}

void DeinterleaveF32x4(const uint8_t* src, size_t n, float* x, float* y,
                       float* z, float* w) {
  simd::DeinterleaveF32(src, n, x, y, z, w);
}

void DeinterleaveF32x2ToF64(const uint8_t* src, size_t n, double* x,
                            double* y) {
  double* const out[2] = {x, y};
  simd::DeinterleaveF32ToF64(src, n, 2, out);
  for (int c = 0; c < 2; ++c) FixWidenedNans(src, 2, c, out[c], n);
}

void DeinterleaveF32x3ToF64(const uint8_t* src, size_t n, double* x, double* y,
                            double* z) {
  double* const out[3] = {x, y, z};
  simd::DeinterleaveF32ToF64(src, n, 3, out);
  for (int c = 0; c < 3; ++c) FixWidenedNans(src, 3, c, out[c], n);
}

void DeinterleaveF32x4ToF64(const uint8_t* src, size_t n, double* x, double* y,
                            double* z, double* w) {
  double* const out[4] = {x, y, z, w};
  simd::DeinterleaveF32ToF64(src, n, 4, out);
  for (int c = 0; c < 4; ++c) FixWidenedNans(src, 4, c, out[c], n);
}

void DeinterleaveF64x2(const uint8_t* src, size_t n, double* x, double* y) {
  simd::DeinterleaveF64(src, n, x, y);
}

void DeinterleaveF64x3(const uint8_t* src, size_t n, double* x, double* y,
                       double* z) {
  simd::DeinterleaveF64(src, n, x, y, z);
}

void DeinterleaveF64x4(const uint8_t* src, size_t n, double* x, double* y,
                       double* z, double* w) {
  simd::DeinterleaveF64(src, n, x, y, z, w);
}

void DeinterleaveF64x2ToF32(const uint8_t* src, size_t n, float* x, float* y) {
  float* const out[2] = {x, y};
  simd::DeinterleaveF64ToF32(src, n, 2, out);
  for (int c = 0; c < 2; ++c) FixNarrowedNans(src, 2, c, out[c], n);
}

void DeinterleaveF64x3ToF32(const uint8_t* src, size_t n, float* x, float* y,
                            float* z) {
  float* const out[3] = {x, y, z};
  simd::DeinterleaveF64ToF32(src, n, 3, out);
  for (int c = 0; c < 3; ++c) FixNarrowedNans(src, 3, c, out[c], n);
}

void DeinterleaveF64x4ToF32(const uint8_t* src, size_t n, float* x, float* y,
                            float* z, float* w) {
  float* const out[4] = {x, y, z, w};
  simd::DeinterleaveF64ToF32(src, n, 4, out);
  for (int c = 0; c < 4; ++c) FixNarrowedNans(src, 4, c, out[c], n);
}

void DeinterleaveI32x2(const uint8_t* src, size_t n, int32_t* x, int32_t* y) {
  for (size_t i = 0; i < n; ++i, src += 8) {
    x[i] = static_cast<int32_t>(wire::LoadU32(src));
    y[i] = static_cast<int32_t>(wire::LoadU32(src + 4));
  }
}

void DeinterleaveI32x3(const uint8_t* src, size_t n, int32_t* x, int32_t* y,
                       int32_t* z) {
  for (size_t i = 0; i < n; ++i, src += 12) {
    x[i] = static_cast<int32_t>(wire::LoadU32(src));
    y[i] = static_cast<int32_t>(wire::LoadU32(src + 4));
    z[i] = static_cast<int32_t>(wire::LoadU32(src + 8));
  }
}

void DeinterleaveI32x4(const uint8_t* src, size_t n, int32_t* x, int32_t* y,
                       int32_t* z, int32_t* w) {
  for (size_t i = 0; i < n; ++i, src += 16) {
    x[i] = static_cast<int32_t>(wire::LoadU32(src));
    y[i] = static_cast<int32_t>(wire::LoadU32(src + 4));
    z[i] = static_cast<int32_t>(wire::LoadU32(src + 8));
    w[i] = static_cast<int32_t>(wire::LoadU32(src + 12));
  }
}

}  // namespace core
}  // namespace gdwire
