// Copyright 2026 The gdwire Authors.
//
// Scalar twins of the conversions: plain loops over wire bytes. A SIMD
// version must give bit-identical results (convert_test.cc checks the
// rules on every NaN class, subnormals and range edges).

#include "codec/view/internal/convert.h"

#include <cstring>

#include "codec/wire.h"

namespace gdwire {
namespace view {
namespace internal {
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
  for (size_t i = 0; i < n; ++i) {
    dst[i] = static_cast<int32_t>(wire::LoadU32(src + 4 * i));
  }
}

void LoadI64(const uint8_t* src, int64_t* dst, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    dst[i] = static_cast<int64_t>(wire::LoadU64(src + 8 * i));
  }
}

void LoadF32(const uint8_t* src, float* dst, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] = wire::LoadF32(src + 4 * i);
}

void LoadF64(const uint8_t* src, double* dst, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] = wire::LoadF64(src + 8 * i);
}

void LoadI32ToI64(const uint8_t* src, int64_t* dst, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    dst[i] = static_cast<int32_t>(wire::LoadU32(src + 4 * i));
  }
}

bool LoadI64ToI32(const uint8_t* src, int32_t* dst, size_t n, size_t* bad) {
  for (size_t i = 0; i < n; ++i) {
    const int64_t v = static_cast<int64_t>(wire::LoadU64(src + 8 * i));
    if (v < INT32_MIN || v > INT32_MAX) {
      *bad = i;
      return false;
    }
    dst[i] = static_cast<int32_t>(v);
  }
  return true;
}

void LoadF32ToF64(const uint8_t* src, double* dst, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] = WidenAt(src + 4 * i);
}

void LoadF64ToF32(const uint8_t* src, float* dst, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] = NarrowAt(src + 8 * i);
}

void LoadF64RoundF32(const uint8_t* src, double* dst, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    float f = NarrowAt(src + 8 * i);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    dst[i] = WidenF32(b);
  }
}

void DeinterleaveF32x2(const uint8_t* src, size_t n, float* x, float* y) {
  for (size_t i = 0; i < n; ++i, src += 8) {
    x[i] = wire::LoadF32(src);
    y[i] = wire::LoadF32(src + 4);
  }
}

void DeinterleaveF32x3(const uint8_t* src, size_t n, float* x, float* y,
                       float* z) {
  for (size_t i = 0; i < n; ++i, src += 12) {
    x[i] = wire::LoadF32(src);
    y[i] = wire::LoadF32(src + 4);
    z[i] = wire::LoadF32(src + 8);
  }
}

void DeinterleaveF32x4(const uint8_t* src, size_t n, float* x, float* y,
                       float* z, float* w) {
  for (size_t i = 0; i < n; ++i, src += 16) {
    x[i] = wire::LoadF32(src);
    y[i] = wire::LoadF32(src + 4);
    z[i] = wire::LoadF32(src + 8);
    w[i] = wire::LoadF32(src + 12);
  }
}

void DeinterleaveF32x2ToF64(const uint8_t* src, size_t n, double* x,
                            double* y) {
  for (size_t i = 0; i < n; ++i, src += 8) {
    x[i] = WidenAt(src);
    y[i] = WidenAt(src + 4);
  }
}

void DeinterleaveF32x3ToF64(const uint8_t* src, size_t n, double* x, double* y,
                            double* z) {
  for (size_t i = 0; i < n; ++i, src += 12) {
    x[i] = WidenAt(src);
    y[i] = WidenAt(src + 4);
    z[i] = WidenAt(src + 8);
  }
}

void DeinterleaveF32x4ToF64(const uint8_t* src, size_t n, double* x, double* y,
                            double* z, double* w) {
  for (size_t i = 0; i < n; ++i, src += 16) {
    x[i] = WidenAt(src);
    y[i] = WidenAt(src + 4);
    z[i] = WidenAt(src + 8);
    w[i] = WidenAt(src + 12);
  }
}

void DeinterleaveF64x2(const uint8_t* src, size_t n, double* x, double* y) {
  for (size_t i = 0; i < n; ++i, src += 16) {
    x[i] = wire::LoadF64(src);
    y[i] = wire::LoadF64(src + 8);
  }
}

void DeinterleaveF64x3(const uint8_t* src, size_t n, double* x, double* y,
                       double* z) {
  for (size_t i = 0; i < n; ++i, src += 24) {
    x[i] = wire::LoadF64(src);
    y[i] = wire::LoadF64(src + 8);
    z[i] = wire::LoadF64(src + 16);
  }
}

void DeinterleaveF64x4(const uint8_t* src, size_t n, double* x, double* y,
                       double* z, double* w) {
  for (size_t i = 0; i < n; ++i, src += 32) {
    x[i] = wire::LoadF64(src);
    y[i] = wire::LoadF64(src + 8);
    z[i] = wire::LoadF64(src + 16);
    w[i] = wire::LoadF64(src + 24);
  }
}

void DeinterleaveF64x2ToF32(const uint8_t* src, size_t n, float* x, float* y) {
  for (size_t i = 0; i < n; ++i, src += 16) {
    x[i] = NarrowAt(src);
    y[i] = NarrowAt(src + 8);
  }
}

void DeinterleaveF64x3ToF32(const uint8_t* src, size_t n, float* x, float* y,
                            float* z) {
  for (size_t i = 0; i < n; ++i, src += 24) {
    x[i] = NarrowAt(src);
    y[i] = NarrowAt(src + 8);
    z[i] = NarrowAt(src + 16);
  }
}

void DeinterleaveF64x4ToF32(const uint8_t* src, size_t n, float* x, float* y,
                            float* z, float* w) {
  for (size_t i = 0; i < n; ++i, src += 32) {
    x[i] = NarrowAt(src);
    y[i] = NarrowAt(src + 8);
    z[i] = NarrowAt(src + 16);
    w[i] = NarrowAt(src + 24);
  }
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

}  // namespace internal
}  // namespace view
}  // namespace gdwire
