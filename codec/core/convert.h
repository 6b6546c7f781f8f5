// Copyright 2026 The gdwire Authors.
//
// codec/core/convert.h: every bulk conversion of packed-array wire
// data into caller memory, one function per conversion.
//
// These are the only loops over packed element data in codec/view: SIMD
// kernels (simd/, Highway) replace them by changing convert.cc alone. Each
// function reads `n` elements of little-endian wire data at `src` (no
// alignment required) and writes to `dst`, which must have room for them.
// Floating-point rules, shared by every implementation:
//   * f32 -> f64 is exact, NaNs included: sign and payload are kept and a
//     signalling NaN stays signalling (as gdwire::WidenF32Exact).
//   * f64 -> f32 rounds to nearest; a NaN keeps its sign and the top 23
//     payload bits and is quiet unless those bits alone keep it a NaN with
//     nothing lost (as gdwire::NarrowF64ToF32).
//
//   float xs[3], ys[3];
//   gdwire::core::DeinterleaveF32x2(wire, 3, xs, ys);

#ifndef GDWIRE_CODEC_CORE_CONVERT_H_
#define GDWIRE_CODEC_CORE_CONVERT_H_

#include <cstddef>
#include <cstdint>

namespace gdwire {
namespace core {

// ---- Same width -------------------------------------------------------
void LoadU8(const uint8_t* src, uint8_t* dst, size_t n);
void LoadI32(const uint8_t* src, int32_t* dst, size_t n);
void LoadI64(const uint8_t* src, int64_t* dst, size_t n);
void LoadF32(const uint8_t* src, float* dst, size_t n);
void LoadF64(const uint8_t* src, double* dst, size_t n);

// ---- Widening / narrowing ---------------------------------------------
void LoadI32ToI64(const uint8_t* src, int64_t* dst, size_t n);
// Range-checked: returns false when an element does not fit int32; then
// *bad is the index of the first such element and dst[0, *bad) is written.
bool LoadI64ToI32(const uint8_t* src, int32_t* dst, size_t n, size_t* bad);
void LoadF32ToF64(const uint8_t* src, double* dst, size_t n);
void LoadF64ToF32(const uint8_t* src, float* dst, size_t n);

// ---- AoS -> SoA: `n` vectors of 2/3/4 components ----------------------
void DeinterleaveF32x2(const uint8_t* src, size_t n, float* x, float* y);
void DeinterleaveF32x3(const uint8_t* src, size_t n, float* x, float* y,
                       float* z);
void DeinterleaveF32x4(const uint8_t* src, size_t n, float* x, float* y,
                       float* z, float* w);
void DeinterleaveF32x2ToF64(const uint8_t* src, size_t n, double* x, double* y);
void DeinterleaveF32x3ToF64(const uint8_t* src, size_t n, double* x, double* y,
                            double* z);
void DeinterleaveF32x4ToF64(const uint8_t* src, size_t n, double* x, double* y,
                            double* z, double* w);
void DeinterleaveF64x2(const uint8_t* src, size_t n, double* x, double* y);
void DeinterleaveF64x3(const uint8_t* src, size_t n, double* x, double* y,
                       double* z);
void DeinterleaveF64x4(const uint8_t* src, size_t n, double* x, double* y,
                       double* z, double* w);
void DeinterleaveF64x2ToF32(const uint8_t* src, size_t n, float* x, float* y);
void DeinterleaveF64x3ToF32(const uint8_t* src, size_t n, float* x, float* y,
                            float* z);
void DeinterleaveF64x4ToF32(const uint8_t* src, size_t n, float* x, float* y,
                            float* z, float* w);
void DeinterleaveI32x2(const uint8_t* src, size_t n, int32_t* x, int32_t* y);
void DeinterleaveI32x3(const uint8_t* src, size_t n, int32_t* x, int32_t* y,
                       int32_t* z);
void DeinterleaveI32x4(const uint8_t* src, size_t n, int32_t* x, int32_t* y,
                       int32_t* z, int32_t* w);

// ---- Scalar element rules (used by element access; same results) ------
double WidenF32(uint32_t bits);
float NarrowF64(uint64_t bits);

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_CONVERT_H_
