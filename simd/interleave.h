// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: simd/interleave.h
// -----------------------------------------------------------------------------
//
// Array-of-structs wire data <-> struct-of-arrays host data for the packed
// vector arrays: PackedVector2Array (2 components), PackedVector3Array (3),
// PackedColorArray and PackedVector4Array (4), as f32 or f64 on the wire.
// The wire side is little-endian bytes at any alignment: element i,
// component c is at src + (components * i + c) * sizeof(wire type).
// Optional f32 <-> f64 conversion on the way (same results as a C++
// static_cast, see simd/convert.h for the NaN rules).
//
// Example (a PackedVector3Array of `count` f32 elements at p):
//
//   std::vector<float> x(count), y(count), z(count);
//   gdwire::simd::DeinterleaveF32(p, count, x.data(), y.data(), z.data());
//   ...
//   gdwire::simd::InterleaveF32(x.data(), y.data(), z.data(), count, out);
//
// n counts elements (structs), not scalars. Inputs and outputs must not
// overlap.

#ifndef GDWIRE_SIMD_INTERLEAVE_H_
#define GDWIRE_SIMD_INTERLEAVE_H_

#include <cstddef>
#include <cstdint>

namespace gdwire {
namespace simd {

// Generic forms: `components` is 2, 3 or 4 (anything else does nothing);
// out[c] / in[c] is the array of component c.
void DeinterleaveF32(const uint8_t* src, size_t n, size_t components,
                     float* const* out);
void DeinterleaveF64(const uint8_t* src, size_t n, size_t components,
                     double* const* out);
// f32 wire -> f64 arrays.
void DeinterleaveF32ToF64(const uint8_t* src, size_t n, size_t components,
                          double* const* out);
// f64 wire -> f32 arrays (rounded like static_cast<float>).
void DeinterleaveF64ToF32(const uint8_t* src, size_t n, size_t components,
                          float* const* out);
void InterleaveF32(const float* const* in, size_t n, size_t components,
                   uint8_t* dst);
void InterleaveF64(const double* const* in, size_t n, size_t components,
                   uint8_t* dst);
// f32 arrays -> f64 wire.
void InterleaveF32ToF64(const float* const* in, size_t n, size_t components,
                        uint8_t* dst);
// f64 arrays -> f32 wire (rounded like static_cast<float>).
void InterleaveF64ToF32(const double* const* in, size_t n, size_t components,
                        uint8_t* dst);

// Fixed-arity convenience forms.
inline void DeinterleaveF32(const uint8_t* src, size_t n, float* x, float* y) {
  float* const out[2] = {x, y};
  DeinterleaveF32(src, n, 2, out);
}
inline void DeinterleaveF32(const uint8_t* src, size_t n, float* x, float* y,
                            float* z) {
  float* const out[3] = {x, y, z};
  DeinterleaveF32(src, n, 3, out);
}
inline void DeinterleaveF32(const uint8_t* src, size_t n, float* x, float* y,
                            float* z, float* w) {
  float* const out[4] = {x, y, z, w};
  DeinterleaveF32(src, n, 4, out);
}
inline void DeinterleaveF64(const uint8_t* src, size_t n, double* x,
                            double* y) {
  double* const out[2] = {x, y};
  DeinterleaveF64(src, n, 2, out);
}
inline void DeinterleaveF64(const uint8_t* src, size_t n, double* x, double* y,
                            double* z) {
  double* const out[3] = {x, y, z};
  DeinterleaveF64(src, n, 3, out);
}
inline void DeinterleaveF64(const uint8_t* src, size_t n, double* x, double* y,
                            double* z, double* w) {
  double* const out[4] = {x, y, z, w};
  DeinterleaveF64(src, n, 4, out);
}
inline void InterleaveF32(const float* x, const float* y, size_t n,
                          uint8_t* dst) {
  const float* const in[2] = {x, y};
  InterleaveF32(in, n, 2, dst);
}
inline void InterleaveF32(const float* x, const float* y, const float* z,
                          size_t n, uint8_t* dst) {
  const float* const in[3] = {x, y, z};
  InterleaveF32(in, n, 3, dst);
}
inline void InterleaveF32(const float* x, const float* y, const float* z,
                          const float* w, size_t n, uint8_t* dst) {
  const float* const in[4] = {x, y, z, w};
  InterleaveF32(in, n, 4, dst);
}
inline void InterleaveF64(const double* x, const double* y, size_t n,
                          uint8_t* dst) {
  const double* const in[2] = {x, y};
  InterleaveF64(in, n, 2, dst);
}
inline void InterleaveF64(const double* x, const double* y, const double* z,
                          size_t n, uint8_t* dst) {
  const double* const in[3] = {x, y, z};
  InterleaveF64(in, n, 3, dst);
}
inline void InterleaveF64(const double* x, const double* y, const double* z,
                          const double* w, size_t n, uint8_t* dst) {
  const double* const in[4] = {x, y, z, w};
  InterleaveF64(in, n, 4, dst);
}

namespace scalar {
void DeinterleaveF32(const uint8_t* src, size_t n, size_t components,
                     float* const* out);
void DeinterleaveF64(const uint8_t* src, size_t n, size_t components,
                     double* const* out);
void DeinterleaveF32ToF64(const uint8_t* src, size_t n, size_t components,
                          double* const* out);
void DeinterleaveF64ToF32(const uint8_t* src, size_t n, size_t components,
                          float* const* out);
void InterleaveF32(const float* const* in, size_t n, size_t components,
                   uint8_t* dst);
void InterleaveF64(const double* const* in, size_t n, size_t components,
                   uint8_t* dst);
void InterleaveF32ToF64(const float* const* in, size_t n, size_t components,
                        uint8_t* dst);
void InterleaveF64ToF32(const double* const* in, size_t n, size_t components,
                        uint8_t* dst);
}  // namespace scalar

}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_INTERLEAVE_H_
