// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: simd/utf8.h
// -----------------------------------------------------------------------------
//
// Validation of a wire string's text (spec §7.4), vectorised, with an
// all-ASCII fast path. The verdict and the bad index are exactly those of
// gdwire::reference::DecodeWireText: one leading BOM (EF BB BF) is skipped
// when n >= 3, the text ends at the first NUL (bytes after it are not
// looked at), and the text is then checked with
//   kStrict  (godot4): RFC 3629, no overlongs/surrogates/> U+10FFFF;
//   kLenient (godot3, pandemonium): Godot 3's parser, 1..6-byte sequences,
//            surrogates and code points up to 0x7FFFFFFF accepted, C0/C1
//            rejected, longer overlongs rejected only when the lead payload,
//            byte 2's payload and the top bits of byte 3 are all zero
//            (`((b3 & 0x7F) >> (7 - len)) == 0`, codec/reference/utf8.h).
//
// Example (the fast path of a string decode):
//
//   gdwire::simd::WireText t =
//       gdwire::simd::CheckWireText(p, n, gdwire::simd::TextRules::kStrict);
//   if (!t.ok) return InvalidUtf8(offset + t.bad_index);
//   if (t.canonical) {
//     out.assign(reinterpret_cast<const char*>(p) + t.begin, t.end - t.begin);
//   } else {
//     // godot3 overlong forms: decode with reference::DecodeWireText.
//   }
//
// Speed: text is validated a vector at a time with the Keiser-Lemire
// lookup algorithm (strict UTF-8), with a 4-vector all-ASCII fast path;
// the vector that holds the end of the text (the first NUL, or the input's
// end, padded with spaces) is checked the same way, so short strings take
// the kernel too. Strict UTF-8 is valid and canonical under the lenient
// rules too, so both rule sets use it; where a vector has an error or
// (lenient) a form only Godot 3 accepts, scalar code takes over for 64
// bytes from the last sequence boundary and decides the verdict and the
// bad index.

#ifndef GDWIRE_SIMD_UTF8_H_
#define GDWIRE_SIMD_UTF8_H_

#include <cstddef>
#include <cstdint>

namespace gdwire {
namespace simd {

enum class TextRules : uint8_t {
  kStrict,   // godot4
  kLenient,  // godot3 and pandemonium
};

// The result of CheckWireText.
struct WireText {
  bool ok = false;
  // [begin, end) is the text: begin is 3 after a stripped BOM, else 0; end
  // is the index of the first NUL, or n. `end` is set only when ok.
  size_t begin = 0;
  size_t end = 0;
  // When !ok: index into the input of the first offending byte, the same
  // as DecodeWireText's *bad_index (== end of text for a cut-off sequence).
  size_t bad_index = 0;
  // When ok: the text is all ASCII.
  bool ascii = false;
  // When ok: decoding gives back the bytes [begin, end) unchanged (always
  // true for kStrict; false for kLenient text that has an accepted
  // overlong form, which the engine re-encodes in shortest form).
  bool canonical = false;
};

// CheckWireText()
//
// Checks the n bytes of a wire string's text (see the file comment).
WireText CheckWireText(const uint8_t* data, size_t n, TextRules rules);

// CheckWireText() with slop bytes
//
// The same verdict, for callers that may read past the string: `readable`
// (>= n) bytes at `data` may be read, none past n is looked at. Short text
// is then checked in vectors loaded in place (no copy). The readers call it
// through core::CheckText for what simd/utf8_short.h's inline check leaves
// (text that is not strict UTF-8, text over 256 bytes).
WireText CheckWireText(const uint8_t* data, size_t n, size_t readable,
                       TextRules rules);

// ValidateWireText()
//
// True when DecodeWireText would succeed; otherwise false and *bad_index
// set as DecodeWireText sets it.
bool ValidateWireText(const uint8_t* data, size_t n, TextRules rules,
                      size_t* bad_index);

// FindNonAsciiOrNul()
//
// Index of the first byte of p[0, n) that is 00 or >= 0x80, or n (SIMD).
size_t FindNonAsciiOrNul(const uint8_t* p, size_t n);

namespace scalar {
WireText CheckWireText(const uint8_t* data, size_t n, TextRules rules);
size_t FindNonAsciiOrNul(const uint8_t* p, size_t n);
}  // namespace scalar

}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_UTF8_H_
