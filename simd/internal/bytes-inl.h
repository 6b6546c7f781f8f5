// Copyright 2026 The gdwire Authors.
//
// Per-target helpers shared by the //simd kernels (internal; include only
// from a foo-inl.h that is itself compiled once per target).
//
// Wire data is a byte stream with no alignment, so every vector is loaded
// and stored through uint8_t lanes and bit-cast: no misaligned T* is ever
// formed. These compile to plain unaligned vector loads and stores.

// Per-target include guard.
#if defined(GDWIRE_SIMD_INTERNAL_BYTES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef GDWIRE_SIMD_INTERNAL_BYTES_INL_H_
#undef GDWIRE_SIMD_INTERNAL_BYTES_INL_H_
#else
#define GDWIRE_SIMD_INTERNAL_BYTES_INL_H_
#endif

#include <cstddef>
#include <cstdint>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace internal {
namespace hn = hwy::HWY_NAMESPACE;

// Loads Lanes(d) values of type TFromD<D> from unaligned bytes.
template <class D>
HWY_INLINE hn::Vec<D> LoadBytes(D d, const uint8_t* HWY_RESTRICT p) {
  const hn::Repartition<uint8_t, D> d8;
  return hn::BitCast(d, hn::LoadU(d8, p));
}

// Stores the Lanes(d) values of v to unaligned bytes.
template <class D>
HWY_INLINE void StoreBytes(hn::Vec<D> v, D d, uint8_t* HWY_RESTRICT p) {
  const hn::Repartition<uint8_t, D> d8;
  hn::StoreU(hn::BitCast(d8, v), d8, p);
}

// How many leading elements of `size` bytes to handle one at a time so
// that the vector stores that follow start at a multiple of `align` (a
// power of two): an unaligned 64-byte store that splits two cache lines
// costs about two. At most `max`; 0 when dst is not a multiple of `size`.
HWY_INLINE size_t HeadToAlign(const void* dst, size_t size, size_t align,
                              size_t max) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(dst);
  if (a % size != 0) return 0;
  const size_t head = ((align - (a & (align - 1))) & (align - 1)) / size;
  return head < max ? head : max;
}

// The smallest k <= max with (dst + k * stride) a multiple of `align` (a
// power of two), or 0 when there is none: the elements to handle one at a
// time before aligned vector stores of interleaved data (stride = bytes
// per element).
HWY_INLINE size_t HeadToAlignStride(const void* dst, size_t stride,
                                    size_t align, size_t max) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(dst);
  for (size_t k = 0; k <= max && k < align; ++k) {
    if (((a + k * stride) & (align - 1)) == 0) return k;
  }
  return 0;
}

}  // namespace internal
}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
