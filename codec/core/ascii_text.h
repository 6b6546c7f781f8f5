// Copyright 2026 The gdwire Authors.
//
// codec/core/ascii_text.h: the read core's shortcut for short ASCII wire
// strings (keys, names) whose bytes may be read past their end: the text
// window (core::TextWindow, codec/core/text.h) of plain ASCII up to the
// first NUL, settled by at most two masked word loads instead of a byte
// loop. Anything else (non-ASCII text, a longer string, too few readable
// bytes) is left to core::CheckText.
//
//   size_t len;
//   if (gdwire::core::ShortAsciiText(p, n, readable, &len)) {
//     // p[0, len) is the text: ASCII, before the first NUL (or all n)
//   }

#ifndef GDWIRE_CODEC_CORE_ASCII_TEXT_H_
#define GDWIRE_CODEC_CORE_ASCII_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "absl/base/attributes.h"
#include "codec/wire.h"

namespace gdwire {
namespace core {

// The first n (< 8) bytes of w kept, the others made plain ASCII (no NUL).
ABSL_ATTRIBUTE_ALWAYS_INLINE inline uint64_t KeepAsciiBytes(uint64_t w,
                                                            size_t n) {
  const uint64_t keep = (uint64_t{1} << (8 * n)) - 1;
  return (w & keep) | (0x0101010101010101ull & ~keep);
}

// True when n <= 16, 16 bytes at p may be read (`readable`), and the bytes
// of p[0, n) before its first NUL (or all n) are ASCII; *len is then the
// index of that NUL (or n), the end of the text window.
ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool ShortAsciiText(const uint8_t* p,
                                                        size_t n,
                                                        size_t readable,
                                                        size_t* len) {
  if (n > 16 || readable < 16) return false;
  uint64_t w0, w1;
  std::memcpy(&w0, p, 8);
  std::memcpy(&w1, p + 8, 8);
  if (n < 8) w0 = KeepAsciiBytes(w0, n);
  const int s0 = wire::AsciiWordStop(w0);
  if (s0 < 0) return false;
  if (s0 < 8) {  // a NUL (the bytes after n are made non-NUL)
    *len = static_cast<size_t>(s0);
    return true;
  }
  if (n <= 8) {
    *len = n;
    return true;
  }
  if (n < 16) w1 = KeepAsciiBytes(w1, n - 8);
  const int s1 = wire::AsciiWordStop(w1);
  if (s1 < 0) return false;
  *len = s1 < 8 ? 8 + static_cast<size_t>(s1) : n;
  return true;
}

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_ASCII_TEXT_H_
