// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: simd/utf8_rules.h
// -----------------------------------------------------------------------------
//
// Godot's UTF-8 rules one sequence at a time (spec §7.4): the steps of the
// scalar twin of simd/utf8's kernel, and the one home of these rules for
// every production reader (codec/core's text, the push parser's scanner of
// text split across pieces). The reference decoder (codec/reference/utf8.cc)
// writes them again independently: it is the check.
//
//   kStrict  (godot4): RFC 3629, 2..4-byte sequences, no overlongs, no
//            surrogates, nothing above U+10FFFF.
//   kLenient (godot3, pandemonium): Godot 3's parse_utf8, 1..6-byte
//            sequences, C0/C1 leads rejected, longer overlongs rejected only
//            when the lead payload, byte 2's payload and the top bits of
//            byte 3 are all zero; other overlong forms are accepted and the
//            engine holds their shortest form.
//
// Example (a whole sequence at p, lead byte >= 0x80):
//
//   const int len = gdwire::simd::StrictLength(p[0]);  // 0: bad lead
//   uint32_t cp;
//   const int bad = gdwire::simd::StrictDecode(p, len, &cp);  // -1: valid
#ifndef GDWIRE_SIMD_UTF8_RULES_H_
#define GDWIRE_SIMD_UTF8_RULES_H_

#include <cstdint>
#include <string>

namespace gdwire {
namespace simd {

// Length of a strict sequence from its lead byte (>= 0x80): 2..4, or 0
// when the byte cannot lead one.
inline int StrictLength(uint8_t c) {
  return (c & 0xE0) == 0xC0   ? 2
         : (c & 0xF0) == 0xE0 ? 3
         : (c & 0xF8) == 0xF0 ? 4
                              : 0;
}

// Length of a Godot 3 sequence from its lead byte: 1 for ASCII, 2..6, or 0
// when the byte cannot lead one (a continuation byte, FE, FF, or the
// always-overlong C0 and C1).
inline int LenientLength(uint8_t c) {
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) return (c & 0x1E) == 0 ? 0 : 2;
  if ((c & 0xF0) == 0xE0) return 3;
  if ((c & 0xF8) == 0xF0) return 4;
  if ((c & 0xFC) == 0xF8) return 5;
  if ((c & 0xFE) == 0xFC) return 6;
  return 0;
}

// Decodes the `len` bytes of a strict sequence (len from StrictLength, all
// present). Returns -1 and sets *cp when valid; else the index within the
// sequence of the offending byte: k for a byte that is not a continuation,
// 0 for an overlong form, a surrogate or a code point above U+10FFFF.
inline int StrictDecode(const uint8_t* s, int len, uint32_t* cp) {
  static constexpr uint32_t kMin[5] = {0, 0, 0x80, 0x800, 0x10000};
  uint32_t v = s[0] & (0x7Fu >> len);
  for (int k = 1; k < len; ++k) {
    if ((s[k] & 0xC0) != 0x80) return k;
    v = (v << 6) | (s[k] & 0x3F);
  }
  if (v < kMin[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  *cp = v;
  return -1;
}

// Decodes the `len` bytes of a Godot 3 sequence (len >= 2 from
// LenientLength, all present). Returns -1 and sets *cp when the engine
// accepts it; else the index of the offending byte as StrictDecode (0 for
// the one overlong pattern Godot 3 rejects).
inline int LenientDecode(const uint8_t* s, int len, uint32_t* cp) {
  uint32_t v = (0xFFu >> (len + 1)) & s[0];
  for (int k = 1; k < len; ++k) {
    const uint8_t b = s[k];
    if ((b & 0xC0) != 0x80) return k;
    if (v == 0 && k == 2 && ((b & 0x7F) >> (7 - len)) == 0) return 0;
    v = (v << 6) | (b & 0x3F);
  }
  *cp = v;
  return -1;
}

// Bytes of the shortest (generalised, up to 6 bytes) UTF-8 form of `cp`;
// a sequence longer than that is an accepted overlong form.
inline int ShortestLength(uint32_t cp) {
  return cp < 0x80        ? 1
         : cp < 0x800     ? 2
         : cp < 0x10000   ? 3
         : cp < 0x200000  ? 4
         : cp < 0x4000000 ? 5
                          : 6;
}

// Appends `cp` (<= 0x7FFFFFFF) in its shortest generalised UTF-8 form.
inline void AppendShortest(uint32_t cp, std::string* out) {
  static constexpr uint8_t kLead[7] = {0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC};
  const int len = ShortestLength(cp);
  if (len == 1) {
    out->push_back(static_cast<char>(cp));
    return;
  }
  char buf[6];
  for (int k = len - 1; k > 0; --k) {
    buf[k] = static_cast<char>(0x80 | (cp & 0x3F));
    cp >>= 6;
  }
  buf[0] = static_cast<char>(kLead[len] | cp);
  out->append(buf, len);
}

}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_UTF8_RULES_H_
