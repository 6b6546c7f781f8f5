// Copyright 2026 The gdwire Authors.
//
// The text rules of docs/FORMAT.md §7.3, written for the reader rather than
// for speed: one sequence at a time, both rule sets in one reader. A
// sequence's length is the number of 1 bits at the top of its first byte;
// its code point is the payload bits of all its bytes, most significant
// first.

#include "codec/reference/utf8.h"

#include <algorithm>
#include <cstring>

namespace gdwire {
namespace reference {
namespace {

// How many 1 bits a byte starts with: 0 for ASCII, 1 for a continuation
// byte, 2 to 6 for the first byte of a sequence that long (generalised
// UTF-8), 7 or 8 for bytes that start nothing.
int LeadingOnes(uint8_t byte) {
  int ones = 0;
  for (uint8_t bit = 0x80; bit != 0 && (byte & bit) != 0; bit >>= 1) ++ones;
  return ones;
}

// The outcome of reading one sequence: its code point and length, or the
// index of the byte the error is reported at.
struct Sequence {
  bool valid;
  uint32_t code_point;
  size_t length;
  size_t error_at;
};

Sequence Valid(uint32_t code_point, size_t length) {
  return {true, code_point, length, 0};
}
Sequence Invalid(size_t error_at) { return {false, 0, 0, error_at}; }

// The smallest code point a strict sequence of each length may carry.
constexpr uint32_t kStrictFloor[5] = {0, 0, 0x80, 0x800, 0x10000};

// Reads the sequence that starts at text[at] (at < size).
//
// lenient (Godot 3's String::parse_utf8), checked in this order:
//   a first byte that starts 1 to 6 bytes, else an error there;
//   not C0 or C1 (the 2-byte overlongs), else an error there;
//   all its bytes before `size`, else an error at `size`;
//   each further byte 10xxxxxx, else an error at that byte; and when the
//   first two bytes carry no payload bits, the third byte's payload must
//   have a 1 among its top (length - 1) bits, else an error at the first.
// strict (RFC 3629, Godot 4):
//   a first byte that starts 1 to 4 bytes, else an error there;
//   all its bytes before `size`, else an error at `size`;
//   each further byte 10xxxxxx, else an error at that byte;
//   the code point in its shortest form, at most U+10FFFF and not a
//   surrogate, else an error at the first byte.
Sequence ReadSequence(const uint8_t* text, size_t size, size_t at,
                      bool lenient) {
  const uint8_t first = text[at];
  const int length = LeadingOnes(first);
  if (length == 0) return Valid(first, 1);
  if (length == 1 || length > (lenient ? 6 : 4)) return Invalid(at);
  uint32_t code_point = first & (0x7Fu >> length);
  if (lenient && length == 2 && code_point <= 1) return Invalid(at);
  if (size - at < static_cast<size_t>(length)) return Invalid(size);
  for (int k = 1; k < length; ++k) {
    const uint8_t byte = text[at + k];
    if ((byte >> 6) != 2) return Invalid(at + k);
    const uint32_t payload = byte & 0x3Fu;
    if (lenient && k == 2 && code_point == 0 &&
        payload < (1u << (7 - length))) {
      return Invalid(at);
    }
    code_point = (code_point << 6) | payload;
  }
  if (!lenient) {
    const bool surrogate = code_point >= 0xD800 && code_point <= 0xDFFF;
    if (code_point < kStrictFloor[length] || code_point > 0x10FFFF ||
        surrogate) {
      return Invalid(at);
    }
  }
  return Valid(code_point, length);
}

// Decodes text[0, size) under the dialect's rules. Lenient text is written
// code point by code point in its shortest form (so what came before an
// error is written); strict text is its own shortest form and is copied
// once it is known to be valid.
bool DecodeText(const uint8_t* text, size_t size, Dialect dialect,
                std::string* out, size_t* error_at) {
  const bool lenient = dialect != Dialect::kGodot4;
  size_t at = 0;
  while (at < size) {
    if (text[at] < 0x80) {  // ASCII stands for itself in every dialect
      if (lenient) out->push_back(static_cast<char>(text[at]));
      ++at;
      continue;
    }
    const Sequence s = ReadSequence(text, size, at, lenient);
    if (!s.valid) {
      *error_at = s.error_at;
      return false;
    }
    if (lenient) AppendCodePoint(s.code_point, out);
    at += s.length;
  }
  if (!lenient) out->append(reinterpret_cast<const char*>(text), size);
  return true;
}

}  // namespace

void AppendCodePoint(uint32_t cp, std::string* out) {
  // A sequence of n >= 2 bytes holds 5n + 1 payload bits (11, 16, 21, 26,
  // 31); one byte holds 7.
  static constexpr int kBitsHeld[6] = {7, 11, 16, 21, 26, 31};
  int length = 1;
  while (length < 6 && (cp >> kBitsHeld[length - 1]) != 0) ++length;
  if (length == 1) {
    out->push_back(static_cast<char>(cp));
    return;
  }
  // `length` 1 bits and a 0 bit, then the top payload bits.
  const uint32_t marker = (0xFF00u >> length) & 0xFFu;
  out->push_back(static_cast<char>(marker | (cp >> (6 * (length - 1)))));
  for (int shift = 6 * (length - 2); shift >= 0; shift -= 6) {
    out->push_back(static_cast<char>(0x80u | ((cp >> shift) & 0x3Fu)));
  }
}

bool DecodeWireText(const uint8_t* data, size_t n, Dialect dialect,
                    std::string* out, size_t* bad_index) {
  // One leading BOM is dropped; the text ends at the first NUL.
  static constexpr uint8_t kBom[3] = {0xEF, 0xBB, 0xBF};
  const size_t skip = n >= 3 && std::memcmp(data, kBom, 3) == 0 ? 3 : 0;
  const size_t end =
      static_cast<size_t>(std::find(data + skip, data + n, 0) - data);
  size_t error_at = 0;
  if (!DecodeText(data + skip, end - skip, dialect, out, &error_at)) {
    *bad_index = skip + error_at;
    return false;
  }
  return true;
}

bool IsEncodableText(absl::string_view s, Dialect dialect) {
  // No NUL, and the bytes are what the engine would hold and write back:
  // valid for the dialect and already in shortest form (a leading BOM
  // included: the engine writes it as it is).
  if (s.find('\0') != absl::string_view::npos) return false;
  std::string held;
  size_t unused;
  return DecodeText(reinterpret_cast<const uint8_t*>(s.data()), s.size(),
                    dialect, &held, &unused) &&
         held == s;
}

}  // namespace reference
}  // namespace gdwire
