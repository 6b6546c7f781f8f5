// Copyright 2026 The gdwire Authors.

#include "codec/core/text.h"

#include <cstring>

#include "simd/utf8_rules.h"

namespace gdwire {
namespace core {

void TextWindow(const uint8_t* p, size_t n, size_t* begin, size_t* end) {
  const size_t b =
      n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
  const void* z = b < n ? std::memchr(p + b, 0, n - b) : nullptr;
  *begin = b;
  *end = z != nullptr ? static_cast<size_t>(static_cast<const uint8_t*>(z) - p)
                      : n;
}

void AppendCanonical(const uint8_t* p, size_t n, std::string* out) {
  size_t i = 0;
  while (i < n) {
    const size_t a = i + simd::FindNonAsciiOrNul(p + i, n - i);
    out->append(reinterpret_cast<const char*>(p) + i, a - i);
    i = a;
    if (i >= n) break;
    const int len = simd::LenientLength(p[i]);
    uint32_t cp;
    if (len < 2 || static_cast<size_t>(len) > n - i ||
        simd::LenientDecode(p + i, len, &cp) >= 0) {
      return;  // not accepted text: REQUIRES violated
    }
    simd::AppendShortest(cp, out);
    i += len;
  }
}

bool IsEncodableText(absl::string_view s, Dialect dialect) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const simd::WireText t = CheckText(p, s.size(), dialect);
  return t.ok && t.end == s.size() && t.canonical;
}

}  // namespace core
}  // namespace gdwire
