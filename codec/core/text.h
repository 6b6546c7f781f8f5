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
#include <string>

#include "absl/strings/string_view.h"
#include "codec/types.h"
#include "codec/wire.h"
#include "simd/utf8.h"

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

// The text window of the `n` bytes of a wire string, checked under the
// dialect's rules (bad_index relative to p). Short plain-ASCII strings
// (keys, names) are settled inline, without the dispatched kernel.
inline simd::WireText CheckText(const uint8_t* p, size_t n, Dialect d) {
  if (n <= 64 && wire::PlainAscii(p, n)) {
    simd::WireText t;
    t.ok = t.ascii = t.canonical = true;
    t.end = n;
    return t;
  }
  return simd::CheckWireText(p, n, TextRulesOf(d));
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
