// Copyright 2026 The gdwire Authors.

#include "codec/core/utf8.h"

namespace gdwire {
namespace core {
namespace {

// Sequence length from a lead byte under Godot 3's rules, 0 if invalid.
int LenientLength(uint8_t c) {
  if ((c & 0x80) == 0) return 1;
  if ((c & 0xE0) == 0xC0) return 2;
  if ((c & 0xF0) == 0xE0) return 3;
  if ((c & 0xF8) == 0xF0) return 4;
  if ((c & 0xFC) == 0xF8) return 5;
  if ((c & 0xFE) == 0xFC) return 6;
  return 0;
}

// Bytes the shortest (generalised) UTF-8 form of `cp` takes.
int ShortestLength(uint32_t cp) {
  return cp < 0x80        ? 1
         : cp < 0x800     ? 2
         : cp < 0x10000   ? 3
         : cp < 0x200000  ? 4
         : cp < 0x4000000 ? 5
                          : 6;
}

// Decodes one lenient sequence at p[i] (REQUIRES: i < n). Returns its
// length, or 0 with *bad set.
int LenientSequence(const uint8_t* p, size_t n, size_t i, uint32_t* cp_out,
                    size_t* bad) {
  const uint8_t c = p[i];
  const int len = LenientLength(c);
  if (len == 0 || (len == 2 && (c & 0x1E) == 0)) {
    *bad = i;
    return 0;
  }
  if (len == 1) {
    *cp_out = c;
    return 1;
  }
  if (static_cast<size_t>(len) > n - i) {
    *bad = n;
    return 0;
  }
  uint32_t cp = (0xFFu >> (len + 1)) & c;
  for (int k = 1; k < len; ++k) {
    const uint8_t b = p[i + k];
    if ((b & 0xC0) != 0x80) {
      *bad = i + k;
      return 0;
    }
    // Godot 3 rejects only this one overlong pattern.
    if (cp == 0 && k == 2 && ((b & 0x7F) >> (7 - len)) == 0) {
      *bad = i;
      return 0;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  *cp_out = cp;
  return len;
}

}  // namespace

void TextWindow(const uint8_t* p, size_t n, size_t* begin, size_t* end) {
  size_t b = 0;
  if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) b = 3;
  size_t e = b;
  while (e < n && p[e] != 0) ++e;
  *begin = b;
  *end = e;
}

bool ValidateStrict(const uint8_t* p, size_t n, size_t* bad) {
  size_t i = 0;
  while (i < n) {
    const uint8_t c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    int len;
    uint32_t cp, min;
    if ((c & 0xE0) == 0xC0) {
      len = 2, cp = c & 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3, cp = c & 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4, cp = c & 0x07, min = 0x10000;
    } else {
      *bad = i;
      return false;
    }
    if (static_cast<size_t>(len) > n - i) {
      *bad = n;
      return false;
    }
    for (int k = 1; k < len; ++k) {
      const uint8_t b = p[i + k];
      if ((b & 0xC0) != 0x80) {
        *bad = i + k;
        return false;
      }
      cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      *bad = i;
      return false;
    }
    i += len;
  }
  return true;
}

bool ValidateLenient(const uint8_t* p, size_t n, size_t* bad, bool* canonical) {
  bool canon = true;
  size_t i = 0;
  while (i < n) {
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
    uint32_t cp;
    const int len = LenientSequence(p, n, i, &cp, bad);
    if (len == 0) return false;
    if (ShortestLength(cp) != len) canon = false;
    i += len;
  }
  *canonical = canon;
  return true;
}

void AppendLenientCanonical(const uint8_t* p, size_t n, std::string* out) {
  static constexpr uint8_t kLead[7] = {0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC};
  size_t i = 0;
  while (i < n) {
    uint32_t cp;
    size_t bad;
    const int len = LenientSequence(p, n, i, &cp, &bad);
    if (len == 0) return;  // not valid: REQUIRES violated
    i += len;
    const int out_len = ShortestLength(cp);
    if (out_len == 1) {
      out->push_back(static_cast<char>(cp));
      continue;
    }
    char buf[6];
    for (int k = out_len - 1; k > 0; --k) {
      buf[k] = static_cast<char>(0x80 | (cp & 0x3F));
      cp >>= 6;
    }
    buf[0] = static_cast<char>(kLead[out_len] | cp);
    out->append(buf, out_len);
  }
}

}  // namespace core
}  // namespace gdwire
