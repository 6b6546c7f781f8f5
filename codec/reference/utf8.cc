// Copyright 2026 The gdwire Authors.

#include "codec/reference/utf8.h"

namespace gdwire {
namespace reference {
namespace {

// Sequence length from the lead byte under Godot 3's rules, 0 if invalid.
int LenientLength(uint8_t c) {
  if ((c & 0x80) == 0) return 1;
  if ((c & 0xE0) == 0xC0) return 2;
  if ((c & 0xF0) == 0xE0) return 3;
  if ((c & 0xF8) == 0xF0) return 4;
  if ((c & 0xFC) == 0xF8) return 5;
  if ((c & 0xFE) == 0xFC) return 6;
  return 0;
}

// Godot 3 (3.x `String::parse_utf8`). Returns false on error.
bool DecodeLenient(const uint8_t* p, size_t n, std::string* out, size_t* bad) {
  size_t i = 0;
  while (i < n) {
    const uint8_t c = p[i];
    const int len = LenientLength(c);
    if (len == 0) {
      *bad = i;
      return false;
    }
    if (len == 1) {
      out->push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    if (len == 2 && (c & 0x1E) == 0) {  // C0, C1: overlong
      *bad = i;
      return false;
    }
    if (static_cast<size_t>(len) > n - i) {  // cut off by the end or a NUL
      *bad = n;
      return false;
    }
    uint32_t cp = (0xFFu >> (len + 1)) & c;
    for (int k = 1; k < len; ++k) {
      const uint8_t b = p[i + k];
      if ((b & 0xC0) != 0x80) {
        *bad = i + k;
        return false;
      }
      if (cp == 0 && k == 2 && ((b & 0x7F) >> (7 - len)) == 0) {
        *bad = i;
        return false;
      }
      cp = (cp << 6) | (b & 0x3F);
    }
    AppendCodePoint(cp, out);
    i += len;
  }
  return true;
}

// Godot 4: strict RFC 3629 UTF-8. Valid input is copied unchanged.
bool DecodeStrict(const uint8_t* p, size_t n, std::string* out, size_t* bad) {
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
  out->append(reinterpret_cast<const char*>(p), n);
  return true;
}

}  // namespace

void AppendCodePoint(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
    return;
  }
  int len = cp < 0x800       ? 2
            : cp < 0x10000   ? 3
            : cp < 0x200000  ? 4
            : cp < 0x4000000 ? 5
                             : 6;
  static constexpr uint8_t kLead[7] = {0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC};
  char buf[6];
  for (int k = len - 1; k > 0; --k) {
    buf[k] = static_cast<char>(0x80 | (cp & 0x3F));
    cp >>= 6;
  }
  buf[0] = static_cast<char>(kLead[len] | cp);
  out->append(buf, len);
}

bool DecodeWireText(const uint8_t* data, size_t n, Dialect dialect,
                    std::string* out, size_t* bad_index) {
  size_t start = 0;
  if (n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) {
    start = 3;
  }
  size_t end = start;
  while (end < n && data[end] != 0) ++end;
  size_t bad = 0;
  bool ok = dialect == Dialect::kGodot4
                ? DecodeStrict(data + start, end - start, out, &bad)
                : DecodeLenient(data + start, end - start, out, &bad);
  if (!ok) *bad_index = start + bad;
  return ok;
}

bool IsEncodableText(absl::string_view s, Dialect dialect) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  for (char c : s) {
    if (c == '\0') return false;
  }
  // Canonical form only (no overlongs), so the bytes survive a round trip
  // through the engine. A leading BOM is written as is, as the engine does.
  std::string decoded;
  size_t bad;
  const bool ok = dialect == Dialect::kGodot4
                      ? DecodeStrict(p, s.size(), &decoded, &bad)
                      : DecodeLenient(p, s.size(), &decoded, &bad);
  return ok && decoded == s;
}

}  // namespace reference
}  // namespace gdwire
