// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: simd/endian.h
// -----------------------------------------------------------------------------
//
// Bulk little-endian loads and stores between wire bytes (any alignment) and
// arrays of u16/u32/u64/i32/i64/f32/f64: the packed-array payloads of the
// Variant format. On a little-endian host these are copies (memcpy, which is
// the fastest copy there is); on a big-endian host they byte-swap with the
// `*Swapped` kernels below. Those kernels are public, and tested on this
// little-endian host too, so both paths are covered; they also serve
// big-endian StreamPeer/FileAccess data.
//
// Example (a PackedFloat32Array payload of `count` elements at `p`):
//
//   std::vector<float> out(count);
//   gdwire::simd::LoadF32LE(p, count, out.data());
//   ...
//   gdwire::simd::StoreF32LE(out.data(), out.size(), dst);  // 4*count bytes
//
// All functions take the element count `n`, not a byte count. Source and
// destination must not overlap, except that the `*Swapped` functions may
// work in place (src == dst). NaN payloads are copied bit for bit.

#ifndef GDWIRE_SIMD_ENDIAN_H_
#define GDWIRE_SIMD_ENDIAN_H_

#include <cstddef>
#include <cstdint>

namespace gdwire {
namespace simd {

// Wire bytes (little-endian, unaligned) -> host values.
void LoadU16LE(const uint8_t* src, size_t n, uint16_t* dst);
void LoadU32LE(const uint8_t* src, size_t n, uint32_t* dst);
void LoadU64LE(const uint8_t* src, size_t n, uint64_t* dst);
void LoadI32LE(const uint8_t* src, size_t n, int32_t* dst);
void LoadI64LE(const uint8_t* src, size_t n, int64_t* dst);
void LoadF32LE(const uint8_t* src, size_t n, float* dst);
void LoadF64LE(const uint8_t* src, size_t n, double* dst);

// Host values -> wire bytes (little-endian, unaligned); writes n*sizeof(T).
void StoreU16LE(const uint16_t* src, size_t n, uint8_t* dst);
void StoreU32LE(const uint32_t* src, size_t n, uint8_t* dst);
void StoreU64LE(const uint64_t* src, size_t n, uint8_t* dst);
void StoreI32LE(const int32_t* src, size_t n, uint8_t* dst);
void StoreI64LE(const int64_t* src, size_t n, uint8_t* dst);
void StoreF32LE(const float* src, size_t n, uint8_t* dst);
void StoreF64LE(const double* src, size_t n, uint8_t* dst);

// Byte-swapping kernels (SIMD: one byte shuffle per vector). Each value is
// read from / written to memory with its bytes reversed: the LE functions
// above on a big-endian host, or big-endian wire data on any host.
void LoadU16Swapped(const uint8_t* src, size_t n, uint16_t* dst);
void LoadU32Swapped(const uint8_t* src, size_t n, uint32_t* dst);
void LoadU64Swapped(const uint8_t* src, size_t n, uint64_t* dst);
void StoreU16Swapped(const uint16_t* src, size_t n, uint8_t* dst);
void StoreU32Swapped(const uint32_t* src, size_t n, uint8_t* dst);
void StoreU64Swapped(const uint64_t* src, size_t n, uint8_t* dst);

// SwapBytes16/32/64()
//
// Reverses the bytes of each of the n 2/4/8-byte values in `src` into
// `dst`; src == dst is allowed. The kernel behind every *Swapped function.
void SwapBytes16(const uint8_t* src, size_t n, uint8_t* dst);
void SwapBytes32(const uint8_t* src, size_t n, uint8_t* dst);
void SwapBytes64(const uint8_t* src, size_t n, uint8_t* dst);

// The scalar twins: the same contracts, one value at a time (the oracle in
// tests and the baseline in benchmarks).
namespace scalar {
void LoadU16LE(const uint8_t* src, size_t n, uint16_t* dst);
void LoadU32LE(const uint8_t* src, size_t n, uint32_t* dst);
void LoadU64LE(const uint8_t* src, size_t n, uint64_t* dst);
void LoadF32LE(const uint8_t* src, size_t n, float* dst);
void LoadF64LE(const uint8_t* src, size_t n, double* dst);
void StoreU32LE(const uint32_t* src, size_t n, uint8_t* dst);
void StoreU64LE(const uint64_t* src, size_t n, uint8_t* dst);
void SwapBytes16(const uint8_t* src, size_t n, uint8_t* dst);
void SwapBytes32(const uint8_t* src, size_t n, uint8_t* dst);
void SwapBytes64(const uint8_t* src, size_t n, uint8_t* dst);
}  // namespace scalar

}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_ENDIAN_H_
