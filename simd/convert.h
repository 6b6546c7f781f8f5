// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: simd/convert.h
// -----------------------------------------------------------------------------
//
// Width conversions between wire bytes and host arrays: f32 <-> f64 (a
// single-precision build reading a double build's data and back) and
// i32 <-> i64. The wire side is always little-endian bytes at any
// alignment; the host side is a plain array.
//
// Example (a godot4 PACKED_FLOAT64_ARRAY read into a float array):
//
//   std::vector<float> out(count);
//   gdwire::simd::NarrowF64ToF32(p, count, out.data());
//
//   size_t bad;
//   if (!gdwire::simd::NarrowI64ToI32(p, count, ints.data(), &bad)) {
//     // element `bad` (at p + 8 * bad) does not fit in an int32
//   }
//
// Floating-point rules: every result is bit-identical to a C++
// `static_cast` of the element on the same host (round to nearest even,
// overflow to +-inf, subnormals kept, -0 kept). NaN payloads: widening keeps
// the payload (shifted into the top of the f64 mantissa) and quiets a
// signalling NaN; narrowing keeps the top 22 payload bits below the quiet
// bit, drops the rest and quiets it (x86 cvtpd2ps == cvtsd2ss), so a NaN
// whose payload lives only in the low 29 bits becomes the default quiet NaN
// with its sign. Both are checked bit for bit against the cast in tests.
// The floating-point environment must be the default (no FTZ/DAZ, round to
// nearest), as for the cast.
//
// Source and destination must not overlap. n counts elements.

#ifndef GDWIRE_SIMD_CONVERT_H_
#define GDWIRE_SIMD_CONVERT_H_

#include <cstddef>
#include <cstdint>

namespace gdwire {
namespace simd {

// Wire -> host.
// dst[i] = double(f32 at src + 4i).
void WidenF32ToF64(const uint8_t* src, size_t n, double* dst);
// dst[i] = float(f64 at src + 8i).
void NarrowF64ToF32(const uint8_t* src, size_t n, float* dst);
// dst[i] = int64(i32 at src + 4i).
void WidenI32ToI64(const uint8_t* src, size_t n, int64_t* dst);
// NarrowI64ToI32()
//
// dst[i] = int32(i64 at src + 8i). Returns false when an element is outside
// [INT32_MIN, INT32_MAX]: *bad_index is then the first such element, and
// dst[0, *bad_index) is written (the rest of dst is unspecified).
bool NarrowI64ToI32(const uint8_t* src, size_t n, int32_t* dst,
                    size_t* bad_index);

// Host -> wire (the encoder side).
// 8n bytes: the f64 of each src[i].
void WidenF32ToF64Wire(const float* src, size_t n, uint8_t* dst);
// 4n bytes: the f32 of each src[i], rounded as static_cast<float>.
void NarrowF64ToF32Wire(const double* src, size_t n, uint8_t* dst);

namespace scalar {
void WidenF32ToF64(const uint8_t* src, size_t n, double* dst);
void NarrowF64ToF32(const uint8_t* src, size_t n, float* dst);
void WidenI32ToI64(const uint8_t* src, size_t n, int64_t* dst);
bool NarrowI64ToI32(const uint8_t* src, size_t n, int32_t* dst,
                    size_t* bad_index);
void WidenF32ToF64Wire(const float* src, size_t n, uint8_t* dst);
void NarrowF64ToF32Wire(const double* src, size_t n, uint8_t* dst);
}  // namespace scalar

}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_CONVERT_H_
