// Copyright 2026 The gdwire Authors.
//
// codec/core/utf8.h: the text rules of wire strings (spec §7.4),
// written for views: validation in place (no output), and the engine's
// text of a Godot 3 string only when asked for.
//
// An independent implementation (the reference decoder is the check).

#ifndef GDWIRE_CODEC_CORE_UTF8_H_
#define GDWIRE_CODEC_CORE_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace gdwire {
namespace core {

// The part of the `n` bytes of a wire string that is text: one leading BOM
// (EF BB BF, only when n >= 3) is skipped and the text ends at the first
// NUL. Sets [*begin, *end) relative to p.
void TextWindow(const uint8_t* p, size_t n, size_t* begin, size_t* end);

// godot4: strict RFC 3629 UTF-8. On failure returns false and sets *bad to
// the index of the offending byte (n when a sequence is cut off).
bool ValidateStrict(const uint8_t* p, size_t n, size_t* bad);

// godot3 / pandemonium: Godot 3's lenient parser. *canonical is set to
// false when some sequence is longer than its code point needs (an
// accepted overlong form), i.e. when the engine's text differs from the
// bytes.
bool ValidateLenient(const uint8_t* p, size_t n, size_t* bad, bool* canonical);

// Appends the engine's text (canonical generalised UTF-8) of bytes that
// ValidateLenient accepted.
void AppendLenientCanonical(const uint8_t* p, size_t n, std::string* out);

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_UTF8_H_
