// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/json_common.h: what the JSON writer (json_write.cc)
// and the JSON-to-Variant conversion (json_convert.h) share: limits, float
// bits and non-finite spellings, UTF-8 checks, NodePath shorthand, container
// and object kind names, and the number parsers of the conversion.

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_JSON_COMMON_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_JSON_COMMON_H_

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/string_view.h"
#include "codec/text/internal/widened_f32.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace json_internal {

// Containers (Array, Dictionary, Object) may nest this deep, as in the
// binary codec's default DecodeOptions/EncodeOptions::max_depth.
inline constexpr int kMaxValueDepth = 1024;
// Integers up to this magnitude are JSON numbers (exact in an IEEE double,
// so every JSON tool reads them right); larger ones are decimal strings.
inline constexpr uint64_t kMaxPlainInt = uint64_t{1} << 53;
inline constexpr uint64_t kDefaultNan64 = 0x7ff8000000000000;
inline constexpr uint32_t kDefaultNan32 = 0x7fc00000;

uint64_t BitsOf(double d);

uint32_t BitsOf(float f);

std::string Hex(uint64_t v, int digits);

// Strict UTF-8 (RFC 3629): no overlong forms, surrogates or code points
// above U+10FFFF. NUL is allowed (JSON writes it as \u0000).
bool IsUtf8(absl::string_view s);

// True when every name is valid UTF-8 and no two are equal, so the names
// can be the keys of a JSON object.
bool AreUniqueUtf8Keys(std::vector<absl::string_view> names);

// A JSON string literal of `s`, which must be valid UTF-8.
void AppendQuoted(absl::string_view s, std::string* out);

std::string NonFinite64(double d);

std::string NonFinite32(float f);

// NodePath shorthand: "/" when absolute, names joined by '/', then each
// subname after a ':'.
std::string FormatNodePath(const NodePath& p);

NodePath ParseNodePath(absl::string_view s);

inline bool IsUntyped(const ContainerType& ct) { return ct == ContainerType(); }

const char* ContainerKindName(ContainerType::Kind k);

const char* ObjectKindName(Object::Kind k);

// A finite f64 or f32 with the fewest digits that read back to the same
// value, always with '.' or an exponent: "1.0", "-0.0", "1e+300".
// WriteFinite writes it at p (room for kMaxFinite bytes) and returns the
// end. The text is std::to_chars's (shortest, fixed or scientific by
// length, fixed on a tie) with ".0" after a plain integer; zero and small
// integers are written without it (the same bytes: an integer below 2^53,
// or 2^24 for an f32, is its own shortest form), and a value that is not
// an integer always has '.' or 'e' in to_chars's text (no scan).
inline constexpr size_t kMaxFinite = 48;
template <typename T>
char* WriteFinite(T x, char* p) {
  if (x == 0) {
    if (std::signbit(x)) *p++ = '-';
    std::memcpy(p, "0.0", 3);
    return p + 3;
  }
  if (x != std::trunc(x)) {
    if constexpr (sizeof(T) ==
                  8) {  // most often an f32 component the engine widened
      if (char* end = internal::WriteWidenedF32(x, p)) return end;
    }
    return std::to_chars(p, p + kMaxFinite, x).ptr;
  }
  constexpr T kExactIntegers = sizeof(T) == 4 ? T(16777216) : T(1e15);
  if (std::fabs(x) < kExactIntegers) {
    // Fixed "123" unless scientific "1.23e+05" is shorter (trailing zeros).
    char* end = std::to_chars(p, p + kMaxFinite, static_cast<int64_t>(x)).ptr;
    const int digits = static_cast<int>(end - p) - (x < 0 ? 1 : 0);
    int zeros = 0;
    while (end[-1 - zeros] == '0') ++zeros;
    const int significant = digits - zeros;
    if (digits <= significant + (significant > 1 ? 1 : 0) + 4) {
      end[0] = '.';
      end[1] = '0';
      return end + 2;
    }
  }
  char* end = std::to_chars(p, p + kMaxFinite - 2, x).ptr;
  bool plain = true;  // no '.' and no exponent
  for (const char* q = p; q < end; ++q) plain &= *q != '.' && *q != 'e';
  if (plain) {
    end[0] = '.';
    end[1] = '0';
    end += 2;
  }
  return end;
}
template <typename T>
void AppendFinite(T x, std::string* out) {
  char buf[kMaxFinite];
  out->append(buf, static_cast<size_t>(WriteFinite(x, buf) - buf));
}

enum class IntParse { kOk, kMalformed, kOutOfRange };

IntParse ParseU64(absl::string_view s, uint64_t* out);

IntParse ParseI64(absl::string_view s, int64_t* out);

bool ParseHex(absl::string_view s, size_t digits, uint64_t* out);

// "inf", "-inf", "nan" or "nan:<16 hex digits>" (NaN bits).
bool ParseNonFinite64(absl::string_view s, double* out);

// As above with "nan:<8 hex digits>".
bool ParseNonFinite32(absl::string_view s, float* out);

bool IsIntegerLiteral(absl::string_view s);

bool TypeFromName(absl::string_view name, Type* t);

}  // namespace json_internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_JSON_COMMON_H_
