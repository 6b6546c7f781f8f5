// Copyright 2026 The gdwire Authors.
//
// Per-target helpers of simd/utf8's kernels (internal; include from an
// -inl.h compiled once per target, or after hwy/highway.h for the static
// target as simd/utf8_short.h does): the strict UTF-8 error bits of a
// vector. Everything here is inline, so the static target's copy may sit in
// many translation units.

// Per-target include guard.
#if defined(GDWIRE_SIMD_INTERNAL_UTF8_LOOKUP_INL_H_) == \
    defined(HWY_TARGET_TOGGLE)
#ifdef GDWIRE_SIMD_INTERNAL_UTF8_LOOKUP_INL_H_
#undef GDWIRE_SIMD_INTERNAL_UTF8_LOOKUP_INL_H_
#else
#define GDWIRE_SIMD_INTERNAL_UTF8_LOOKUP_INL_H_
#endif

#include <cstdint>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Strict (RFC 3629) UTF-8 validation of whole vectors: the lookup
// algorithm of Keiser & Lemire, "Validating UTF-8 In Less Than One
// Instruction Per Byte" (2021), as in simdjson. Three 16-entry tables are
// indexed by the high nibble of the previous byte, its low nibble and the
// high nibble of the current byte; their AND is nonzero exactly where a
// 2-byte pattern is invalid. Bytes that must be the 2nd continuation of a
// 3-byte or the 3rd of a 4-byte sequence (prev2 >= E0, prev3 >= F0) are
// checked against the tables' TWO_CONTS bit with one XOR.
namespace utf8 {
inline constexpr uint8_t kTooShort = 1 << 0;
inline constexpr uint8_t kTooLong = 1 << 1;
inline constexpr uint8_t kOverlong3 = 1 << 2;
inline constexpr uint8_t kTooLarge = 1 << 3;
inline constexpr uint8_t kSurrogate = 1 << 4;
inline constexpr uint8_t kOverlong2 = 1 << 5;
inline constexpr uint8_t kTooLarge1000 = 1 << 6;
inline constexpr uint8_t kOverlong4 = 1 << 6;
inline constexpr uint8_t kTwoConts = 1 << 7;
inline constexpr uint8_t kCarry = kTooShort | kTooLong | kTwoConts;

alignas(16) inline constexpr uint8_t kByte1High[16] = {
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTooLong,
    kTwoConts,
    kTwoConts,
    kTwoConts,
    kTwoConts,
    kTooShort | kOverlong2,
    kTooShort,
    kTooShort | kOverlong3 | kSurrogate,
    kTooShort | kTooLarge | kTooLarge1000 | kOverlong4};
alignas(16) inline constexpr uint8_t kByte1Low[16] = {
    kCarry | kOverlong3 | kOverlong2 | kOverlong4,
    kCarry | kOverlong2,
    kCarry,
    kCarry,
    kCarry | kTooLarge,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000 | kSurrogate,
    kCarry | kTooLarge | kTooLarge1000,
    kCarry | kTooLarge | kTooLarge1000};
alignas(16) inline constexpr uint8_t kByte2High[16] = {
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge1000 | kOverlong4,
    kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge,
    kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,
    kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,
    kTooShort,
    kTooShort,
    kTooShort,
    kTooShort};
}  // namespace utf8

// The error bits of vector v after the bytes prev1..3 (v shifted by 1..3
// bytes, those before v's first byte in their top lanes): nonzero lanes are
// where the strict UTF-8 tables reject a 2-byte pattern or a byte that must
// (or must not) be a 2nd/3rd continuation.
template <class D>
HWY_INLINE hn::Vec<D> Utf8Errors(D d, hn::Vec<D> v, hn::Vec<D> prev1,
                                 hn::Vec<D> prev2, hn::Vec<D> prev3) {
  const auto special =
      hn::And(hn::And(hn::TableLookupBytes(hn::LoadDup128(d, utf8::kByte1High),
                                           hn::ShiftRight<4>(prev1)),
                      hn::TableLookupBytes(hn::LoadDup128(d, utf8::kByte1Low),
                                           hn::And(prev1, hn::Set(d, 0x0F)))),
              hn::TableLookupBytes(hn::LoadDup128(d, utf8::kByte2High),
                                   hn::ShiftRight<4>(v)));
  const auto must23 =
      hn::And(hn::Or(hn::SaturatedSub(prev2, hn::Set(d, 0xE0 - 0x80)),
                     hn::SaturatedSub(prev3, hn::Set(d, 0xF0 - 0x80))),
              hn::Set(d, 0x80));
  return hn::Xor(must23, special);
}

}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
