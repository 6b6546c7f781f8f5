// Copyright 2026 The gdwire Authors.
//
// codec/core/text.h: the text rules of wire strings (spec §7.4) for every
// production reader and writer: where a string's text lies (one leading BOM
// dropped, the text ends at the first NUL), whether the dialect accepts it
// (simd/utf8's kernel, whose scalar steps are simd/utf8_rules.h), the
// engine's text of an accepted Godot 3 overlong form, and whether a string
// can be written so that the engine reads it back unchanged. The push
// parser's scanner of text split across pieces (codec/stream) uses the same
// steps. The reference decoder (codec/reference/utf8.h) is the independent
// check.
//
//   simd::WireText t = core::CheckText(p, n, Dialect::kGodot3);
//   if (!t.ok) { /* invalid UTF-8 at p[t.bad_index] */ }
//   std::string s;
//   if (t.canonical) s.assign(p + t.begin, p + t.end);
//   else core::AppendCanonical(p + t.begin, t.end - t.begin, &s);
#ifndef GDWIRE_CODEC_CORE_TEXT_H_
#define GDWIRE_CODEC_CORE_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "absl/base/attributes.h"
#include "absl/strings/string_view.h"
#include "codec/types.h"
#include "codec/wire.h"
#include "simd/utf8.h"
#include "simd/utf8_short.h"

namespace gdwire {
namespace core {

// The rule set of a dialect: strict for godot4, Godot 3's for the others.
inline simd::TextRules TextRulesOf(Dialect d) {
  return d == Dialect::kGodot4 ? simd::TextRules::kStrict
                               : simd::TextRules::kLenient;
}

// The part of the `n` bytes of a wire string that is text, unchecked: one
// leading BOM (EF BB BF, only when n >= 3) is skipped and the text ends at
// the first NUL. Sets [*begin, *end) relative to p.
void TextWindow(const uint8_t* p, size_t n, size_t* begin, size_t* end);

// True when the bytes of p[0, n) before its first NUL (or all n) are
// ASCII; sets *end to that NUL's index (or n). 8 bytes at a time.
inline bool AsciiBeforeNul(const uint8_t* p, size_t n, size_t* end) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    const int stop = wire::AsciiWordStop(w);
    if (stop < 0) return false;
    if (stop < 8) {
      *end = i + static_cast<size_t>(stop);
      return true;
    }
  }
  for (; i < n; ++i) {
    if (p[i] == 0) break;
    if (p[i] >= 0x80) return false;
  }
  *end = i;
  return true;
}

// The text window of the `n` bytes of a wire string, checked under the
// dialect's rules (bad_index relative to p). Short strings (keys, names,
// chat lines, PackedStringArray elements with their NUL) that are strict
// UTF-8, ASCII or not, are settled inline in vectors loaded in place
// (simd/utf8_short.h) when `readable` allows, else short ASCII by word
// loads; other text goes to simd/utf8 (Godot 3's lenient forms, invalid
// text with its bad index, long text through the vector kernel).
// `readable` (>= n): bytes at p that may be read (none past n is looked
// at), which lets short text be checked in vectors loaded in place.
ABSL_ATTRIBUTE_ALWAYS_INLINE inline simd::WireText CheckText(const uint8_t* p,
                                                             size_t n,
                                                             size_t readable,
                                                             Dialect d) {
  if (n <= simd::kShortTextMax) {
    simd::WireText t;
    if (GDWIRE_SIMD_SHORT_TEXT && readable >= simd::ShortTextReadable(n)) {
      if (simd::CheckShortText(p, n, &t)) return t;
    } else if (AsciiBeforeNul(p, n, &t.end)) {
      t.ok = t.ascii = t.canonical = true;
      return t;
    }
  }
  return simd::CheckWireText(p, n, readable, TextRulesOf(d));
}
inline simd::WireText CheckText(const uint8_t* p, size_t n, Dialect d) {
  return CheckText(p, n, n, d);
}

// Appends the engine's text (the shortest form of every sequence) of text
// bytes that the lenient rules accepted.
void AppendCanonical(const uint8_t* p, size_t n, std::string* out);
inline void AppendCanonical(absl::string_view text, std::string* out) {
  AppendCanonical(reinterpret_cast<const uint8_t*>(text.data()), text.size(),
                  out);
}

// True when `s` is text the engine of `dialect` holds and writes back
// unchanged: valid, in its shortest form (generalised UTF-8 for godot3),
// without NUL. A leading BOM is text like any other here.
bool IsEncodableText(absl::string_view s, Dialect dialect);

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_TEXT_H_
