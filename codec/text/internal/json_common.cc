// Copyright 2026 The gdwire Authors.
//
// The helpers the JSON writer and reader share (json_common.h).

#include "codec/text/internal/json_common.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/charconv.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace json_internal {

uint64_t BitsOf(double d) {
  uint64_t u;
  std::memcpy(&u, &d, sizeof(u));
  return u;
}
uint32_t BitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

std::string Hex(uint64_t v, int digits) {
  std::string s(digits, '0');
  for (int i = digits - 1; i >= 0; --i) {
    s[i] = "0123456789abcdef"[v & 0xf];
    v >>= 4;
  }
  return s;
}

// Strict UTF-8 (RFC 3629): no overlong forms, surrogates or code points
// above U+10FFFF. NUL is allowed (JSON writes it as \u0000).
bool IsUtf8(absl::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    uint32_t cp;
    uint32_t min;
    if ((c & 0xe0) == 0xc0) {
      len = 2;
      cp = c & 0x1f;
      min = 0x80;
    } else if ((c & 0xf0) == 0xe0) {
      len = 3;
      cp = c & 0x0f;
      min = 0x800;
    } else if ((c & 0xf8) == 0xf0) {
      len = 4;
      cp = c & 0x07;
      min = 0x10000;
    } else {
      return false;
    }
    if (s.size() - i < len) return false;
    for (size_t k = 1; k < len; ++k) {
      const unsigned char d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      return false;
    }
    i += len;
  }
  return true;
}

// True when every name is valid UTF-8 and no two are equal, so the names
// can be the keys of a JSON object.
bool AreUniqueUtf8Keys(std::vector<absl::string_view> names) {
  for (absl::string_view n : names) {
    if (!IsUtf8(n)) return false;
  }
  std::sort(names.begin(), names.end());
  return std::adjacent_find(names.begin(), names.end()) == names.end();
}

// A JSON string literal of `s`, which must be valid UTF-8.
void AppendQuoted(absl::string_view s, std::string* out) {
  out->push_back('"');
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out->append("\\\"");
        break;
      case '\\':
        out->append("\\\\");
        break;
      case '\b':
        out->append("\\b");
        break;
      case '\f':
        out->append("\\f");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\r':
        out->append("\\r");
        break;
      case '\t':
        out->append("\\t");
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out->append("\\u00");
          out->append(Hex(c, 2));
        } else {
          out->push_back(ch);
        }
    }
  }
  out->push_back('"');
}

std::string NonFinite64(double d) {
  const uint64_t b = BitsOf(d);
  if (std::isinf(d)) return (b >> 63) ? "-inf" : "inf";
  return b == kDefaultNan64 ? "nan" : absl::StrCat("nan:", Hex(b, 16));
}

std::string NonFinite32(float f) {
  const uint32_t b = BitsOf(f);
  if (std::isinf(f)) return (b >> 31) ? "-inf" : "inf";
  return b == kDefaultNan32 ? "nan" : absl::StrCat("nan:", Hex(b, 8));
}

// NodePath shorthand: "/" when absolute, names joined by '/', then each
// subname after a ':'.
std::string FormatNodePath(const NodePath& p) {
  std::string s = p.absolute ? "/" : "";
  absl::StrAppend(&s, absl::StrJoin(p.names, "/"));
  if (!p.subnames.empty()) {
    absl::StrAppend(&s, ":", absl::StrJoin(p.subnames, ":"));
  }
  return s;
}

NodePath ParseNodePath(absl::string_view s) {
  NodePath p;
  p.absolute = absl::ConsumePrefix(&s, "/");
  const size_t colon = s.find(':');
  const absl::string_view names = s.substr(0, colon);
  if (!names.empty()) p.names = absl::StrSplit(names, '/');
  if (colon != absl::string_view::npos) {
    p.subnames = absl::StrSplit(s.substr(colon + 1), ':');
  }
  return p;
}

const char* ContainerKindName(ContainerType::Kind k) {
  switch (k) {
    case ContainerType::Kind::kBuiltin:
      return "builtin";
    case ContainerType::Kind::kClassName:
      return "class";
    case ContainerType::Kind::kScript:
      return "script";
    default:
      return "none";
  }
}

const char* ObjectKindName(Object::Kind k) {
  switch (k) {
    case Object::Kind::kId:
      return "id";
    case Object::Kind::kFull:
      return "full";
    default:
      return "null";
  }
}

IntParse ParseU64(absl::string_view s, uint64_t* out) {
  if (s.empty()) return IntParse::kMalformed;
  for (char c : s) {
    if (c < '0' || c > '9') return IntParse::kMalformed;
  }
  uint64_t u = 0;
  for (char c : s) {
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (u > (std::numeric_limits<uint64_t>::max() - d) / 10) {
      return IntParse::kOutOfRange;
    }
    u = u * 10 + d;
  }
  *out = u;
  return IntParse::kOk;
}

IntParse ParseI64(absl::string_view s, int64_t* out) {
  const bool negative = absl::ConsumePrefix(&s, "-");
  uint64_t u;
  const IntParse r = ParseU64(s, &u);
  if (r != IntParse::kOk) return r;
  constexpr uint64_t kMax = std::numeric_limits<int64_t>::max();
  if (u > kMax + (negative ? 1 : 0)) return IntParse::kOutOfRange;
  *out = negative ? static_cast<int64_t>(0 - u) : static_cast<int64_t>(u);
  return IntParse::kOk;
}

bool ParseHex(absl::string_view s, size_t digits, uint64_t* out) {
  if (s.size() != digits) return false;
  uint64_t v = 0;
  for (char c : s) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      d = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      d = c - 'A' + 10;
    } else {
      return false;
    }
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  *out = v;
  return true;
}

// "inf", "-inf", "nan" or "nan:<16 hex digits>" (NaN bits).
bool ParseNonFinite64(absl::string_view s, double* out) {
  uint64_t b;
  if (s == "inf") {
    b = 0x7ff0000000000000;
  } else if (s == "-inf") {
    b = 0xfff0000000000000;
  } else if (s == "nan") {
    b = kDefaultNan64;
  } else if (!absl::ConsumePrefix(&s, "nan:") || !ParseHex(s, 16, &b) ||
             (b & 0x7ff0000000000000) != 0x7ff0000000000000 ||
             (b & 0x000fffffffffffff) == 0) {
    return false;
  }
  std::memcpy(out, &b, sizeof(b));
  return true;
}

// As above with "nan:<8 hex digits>".
bool ParseNonFinite32(absl::string_view s, float* out) {
  uint64_t b;
  if (s == "inf") {
    b = 0x7f800000;
  } else if (s == "-inf") {
    b = 0xff800000;
  } else if (s == "nan") {
    b = kDefaultNan32;
  } else if (!absl::ConsumePrefix(&s, "nan:") || !ParseHex(s, 8, &b) ||
             (b & 0x7f800000) != 0x7f800000 || (b & 0x007fffff) == 0) {
    return false;
  }
  const uint32_t b32 = static_cast<uint32_t>(b);
  std::memcpy(out, &b32, sizeof(b32));
  return true;
}

bool IsIntegerLiteral(absl::string_view s) {
  return s.find_first_of(".eE") == absl::string_view::npos;
}

bool TypeFromName(absl::string_view name, Type* t) {
  for (int i = 0; i < kTypeCount; ++i) {
    if (TypeName(static_cast<Type>(i)) == name) {
      *t = static_cast<Type>(i);
      return true;
    }
  }
  return false;
}

}  // namespace json_internal
}  // namespace text
}  // namespace gdwire
