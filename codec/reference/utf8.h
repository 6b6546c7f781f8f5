// Copyright 2026 The gdwire Authors.
//
// codec/reference/utf8.h: the UTF-8 rules of wire strings (spec §7.4), as
// plain scalar code: the reference that faster validators are checked
// against.
//
//   std::string out;
//   size_t bad;
//   if (!gdwire::reference::DecodeWireText(data, n, Dialect::kGodot3, &out,
//                                          &bad)) { /* error at data[bad] */ }
//
// Both dialects strip one leading BOM (when n >= 3) and stop at the first
// NUL. godot4 then demands strict UTF-8 (RFC 3629: no overlongs, no
// surrogates, nothing above U+10FFFF). godot3 (and Pandemonium) follow
// Godot 3's lenient parser: 1..6-byte sequences, surrogates and code points
// up to 0x7FFFFFFF accepted, C0/C1 rejected, and longer overlongs rejected
// only when the lead payload, the second byte's payload and the top bits of
// the third byte are all zero (`((b2 & 0x7F) >> (7 - len)) == 0`). The
// output is the canonical (shortest-form) generalised UTF-8 of the decoded
// code points, which is what the engine writes back.

#ifndef GDWIRE_CODEC_REFERENCE_UTF8_H_
#define GDWIRE_CODEC_REFERENCE_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "codec/types.h"

namespace gdwire {
namespace reference {

// Decodes the `n` text bytes of a wire string. On failure returns false and
// sets *bad_index to the index (into data) of the first offending byte.
bool DecodeWireText(const uint8_t* data, size_t n, Dialect dialect,
                    std::string* out, size_t* bad_index);

// True when `s` is text the engine of `dialect` could hold and write back
// unchanged: canonical (generalised, for godot3) UTF-8 without NUL.
bool IsEncodableText(absl::string_view s, Dialect dialect);

// Appends code point `cp` (<= 0x7FFFFFFF) in Godot 3's generalised UTF-8.
void AppendCodePoint(uint32_t cp, std::string* out);

}  // namespace reference
}  // namespace gdwire

#endif  // GDWIRE_CODEC_REFERENCE_UTF8_H_
