// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: simd/pad.h
// -----------------------------------------------------------------------------
//
// Zero padding to 4 bytes, as the wire format puts it after strings, byte
// arrays and each element of a packed string array (spec §2.2, §7.3):
// writing padded payloads and packed-string elements in one pass, checking
// that padding bytes are zero, and skipping packed-string elements without
// decoding them.
//
// Example (the encoder writing a PackedStringArray body):
//
//   const std::vector<std::string>& v = ...;
//   gdwire::simd::AppendPackedStrings(v.data(), v.size(), &out);
//   // each element: u32 (len + 1), the bytes, 00, zeros to a multiple of 4
//
//   // A lazy view skipping that body:
//   size_t used;
//   if (!gdwire::simd::SkipWireStrings(p, size, count, &used)) { /* bad */ }
//
// The zero check (FindNonZero / AllZero) is a SIMD kernel. The writers
// zero the last (partial) word with one 4-byte store and copy the bytes
// over it: memcpy for long payloads, two fixed-size overlapping moves for
// strings of up to 32 bytes (no call, no byte loop).

#ifndef GDWIRE_SIMD_PAD_H_
#define GDWIRE_SIMD_PAD_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gdwire {
namespace simd {

// n rounded up to a multiple of 4.
inline constexpr size_t PaddedSize(size_t n) { return (n + 3) & ~size_t{3}; }

// WritePadded()
//
// Writes the n bytes of src and then zeros up to PaddedSize(n) at dst;
// returns PaddedSize(n). dst must have room for PaddedSize(n) bytes.
size_t WritePadded(const uint8_t* src, size_t n, uint8_t* dst);

// AppendPadded()
//
// Appends the n bytes of src and their zero padding to *out.
void AppendPadded(const void* src, size_t n, std::string* out);

// PackedStringsSize()
//
// Bytes that WritePackedStrings writes for these strings:
// sum of 4 + PaddedSize(size + 1).
size_t PackedStringsSize(const std::string* strings, size_t count);
size_t PackedStringsSize(const std::string_view* strings, size_t count);

// WritePackedStrings()
//
// Writes each string as a packed-string-array element (u32 LE size + 1, the
// bytes, a 00, zero padding to 4) at dst; returns the bytes written. dst
// must have room for PackedStringsSize(strings, count). The strings are
// written as they are (no NUL or UTF-8 check: the caller's job).
size_t WritePackedStrings(const std::string* strings, size_t count,
                          uint8_t* dst);
size_t WritePackedStrings(const std::string_view* strings, size_t count,
                          uint8_t* dst);

// AppendPackedStrings()
//
// The same, appended to *out (one resize, then WritePackedStrings).
void AppendPackedStrings(const std::string* strings, size_t count,
                         std::string* out);
void AppendPackedStrings(const std::string_view* strings, size_t count,
                         std::string* out);

// FindNonZero()
//
// Index of the first nonzero byte of p[0, n), or n if all are zero (SIMD).
size_t FindNonZero(const uint8_t* p, size_t n);

// AllZero()
//
// True if p[0, n) are all zero.
inline bool AllZero(const uint8_t* p, size_t n) {
  return FindNonZero(p, n) == n;
}

// PaddingIsZero()
//
// True if the padding after an n-byte payload at `payload`, i.e. bytes
// payload[n, PaddedSize(n)), are all zero. Those bytes must be readable.
bool PaddingIsZero(const uint8_t* payload, size_t n);

// SkipWireStrings()
//
// Walks `count` wire strings (i32 LE length n, n bytes, Pad4(n) bytes) at
// data[0, size) with the reference decoder's checks: n >= 0, n + pad <=
// INT32_MAX, and the padded string inside the input. On success sets
// *consumed to the bytes they take and returns true; on failure sets
// *consumed to the offset of the element that fails and returns false.
// The text and the padding bytes are not looked at.
bool SkipWireStrings(const uint8_t* data, size_t size, size_t count,
                     size_t* consumed);

namespace scalar {
size_t FindNonZero(const uint8_t* p, size_t n);
size_t WritePackedStrings(const std::string* strings, size_t count,
                          uint8_t* dst);
size_t WritePadded(const uint8_t* src, size_t n, uint8_t* dst);
}  // namespace scalar

}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_PAD_H_
