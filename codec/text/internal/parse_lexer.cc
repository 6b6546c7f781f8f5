// Copyright 2026 The gdwire Authors.
//
// The lexer of Godot text: white space and comments, punctuation, numbers,
// strings with the engines' escapes, identifiers, #colors.

#include "codec/text/internal/parse_lexer.h"

#include <cstring>
#include <limits>
#include <system_error>
#include <utility>

#include "absl/strings/charconv.h"
#include "absl/strings/str_cat.h"
#include "codec/core/text.h"
#include "codec/text/internal/parse_names.h"
#include "simd/utf8_rules.h"

namespace gdwire {
namespace text {
namespace internal {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool IsIdentChar(char c) { return IsIdentStart(c) || IsDigit(c); }
int HexValue(char c) {
  if (IsDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string Describe(const Token& t) {
  switch (t.kind) {
    case Tok::kEof:
      return "end of text";
    case Tok::kLBrace:
      return "'{'";
    case Tok::kRBrace:
      return "'}'";
    case Tok::kLBracket:
      return "'['";
    case Tok::kRBracket:
      return "']'";
    case Tok::kLParen:
      return "'('";
    case Tok::kRParen:
      return "')'";
    case Tok::kColon:
      return "':'";
    case Tok::kComma:
      return "','";
    case Tok::kIdent:
      return absl::StrCat("'", t.text, "'");
    case Tok::kString:
      return "a string";
    case Tok::kStringName:
      return "a StringName";
    case Tok::kInt:
    case Tok::kFloat:
      return "a number";
    case Tok::kColor:
      return "a color";
  }
  return "a token";
}
Lexer::Lexer(absl::string_view text, const ParseOptions& options)
    : src_(text), o_(options), d_(options.dialect) {
  if (src_.size() >= 3 && std::memcmp(src_.data(), "\xEF\xBB\xBF", 3) == 0) {
    pos_ = 3;
  }
}

absl::Status Lexer::Fail(size_t pos, ErrorKind kind, std::string detail) const {
  int line = 1, col = 1;
  for (size_t i = 0; i < pos && i < src_.size(); ++i) {
    const unsigned char c = src_[i];
    if (c == '\n') {
      ++line;
      col = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++col;
    }
  }
  Error e;
  e.kind = kind;
  e.offset = pos;
  e.path = absl::StrCat(line, ":", col);
  e.detail = std::move(detail);
  return e.ToStatus();
}

absl::Status Lexer::Lex(Token* t) {
  t->text.clear();
  for (;;) {
    if (pos_ >= src_.size()) {
      t->kind = Tok::kEof;
      t->pos = src_.size();
      return absl::OkStatus();
    }
    const char c = src_[pos_];
    if (c == ';') {
      while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
      continue;
    }
    if (c == 0) {
      return Fail(pos_, ErrorKind::kInvalidArgument, "unexpected NUL byte");
    }
    if (static_cast<unsigned char>(c) <= 32) {
      ++pos_;
      continue;
    }
    break;
  }
  t->pos = pos_;
  const char c = src_[pos_];
  Tok single = Tok::kEof;
  switch (c) {
    case '{':
      single = Tok::kLBrace;
      break;
    case '}':
      single = Tok::kRBrace;
      break;
    case '[':
      single = Tok::kLBracket;
      break;
    case ']':
      single = Tok::kRBracket;
      break;
    case '(':
      single = Tok::kLParen;
      break;
    case ')':
      single = Tok::kRParen;
      break;
    case ':':
      single = Tok::kColon;
      break;
    case ',':
      single = Tok::kComma;
      break;
    case '"':
      return LexString(false, t);
    case '&':
    case '@':
      if (pos_ + 1 >= src_.size() || src_[pos_ + 1] != '"') {
        return Fail(
            pos_, ErrorKind::kInvalidArgument,
            absl::StrCat("expected '\"' after '", std::string(1, c), "'"));
      }
      ++pos_;
      return LexString(true, t);
    case '#':
      return LexColor(t);
    default:
      break;
  }
  if (single != Tok::kEof) {
    t->kind = single;
    ++pos_;
    return absl::OkStatus();
  }
  if (IsDigit(c) ||
      (c == '-' && pos_ + 1 < src_.size() && IsDigit(src_[pos_ + 1]))) {
    return LexNumber(t);
  }
  if (IsIdentStart(c) ||
      (c == '-' && pos_ + 1 < src_.size() && IsIdentStart(src_[pos_ + 1]))) {
    const size_t start = pos_++;
    while (pos_ < src_.size() && IsIdentChar(src_[pos_])) ++pos_;
    t->kind = Tok::kIdent;
    t->text.assign(src_.data() + start, pos_ - start);
    // Godot 3's var2str writes float specials with ".0": "-inf.0".
    double unused;
    if (SpecialFloat(t->text, &unused) && pos_ + 1 < src_.size() &&
        src_[pos_] == '.' && src_[pos_ + 1] == '0' &&
        (pos_ + 2 >= src_.size() || !IsIdentChar(src_[pos_ + 2]))) {
      pos_ += 2;
    }
    return absl::OkStatus();
  }
  std::string shown;
  if (static_cast<unsigned char>(c) < 0x80) {
    shown = absl::StrCat("'", std::string(1, c), "'");
  } else {
    shown = absl::StrCat("byte 0x", absl::Hex(static_cast<unsigned char>(c)));
  }
  return Fail(pos_, ErrorKind::kInvalidArgument,
              absl::StrCat("unexpected character ", shown));
}

absl::Status Lexer::LexNumber(Token* t) {
  const size_t start = pos_;
  bool is_float = false;
  if (src_[pos_] == '-') ++pos_;
  while (pos_ < src_.size() && IsDigit(src_[pos_])) ++pos_;
  if (pos_ < src_.size() && src_[pos_] == '.') {
    is_float = true;
    ++pos_;
    while (pos_ < src_.size() && IsDigit(src_[pos_])) ++pos_;
  }
  if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
    is_float = true;
    ++pos_;
    if (pos_ < src_.size() && (src_[pos_] == '+' || src_[pos_] == '-')) {
      ++pos_;
    }
    if (pos_ >= src_.size() || !IsDigit(src_[pos_])) {
      return Fail(start, ErrorKind::kInvalidArgument,
                  "malformed number: exponent without digits");
    }
    while (pos_ < src_.size() && IsDigit(src_[pos_])) ++pos_;
  }
  absl::string_view s = src_.substr(start, pos_ - start);
  if (is_float) {
    std::string buf(s);
    const size_t dot = buf.find('.');
    // "1." and "1.e5" are numbers to the engine; from_chars wants a digit.
    if (dot != std::string::npos &&
        (dot + 1 == buf.size() || !IsDigit(buf[dot + 1]))) {
      buf.insert(dot + 1, "0");
    }
    double v = 0;
    const absl::from_chars_result r =
        absl::from_chars(buf.data(), buf.data() + buf.size(), v);
    if (r.ec == std::errc::result_out_of_range) {
      // Too large: infinity; too small: zero (as strtod does).
      const size_t e = buf.find_first_of("eE");
      const bool big =
          e != std::string::npos && (e + 1 >= buf.size() || buf[e + 1] != '-');
      v = big ? std::numeric_limits<double>::infinity() : 0.0;
      if (buf[0] == '-') v = -v;
    } else if (r.ec != std::errc() || r.ptr != buf.data() + buf.size()) {
      return Fail(start, ErrorKind::kInvalidArgument, "malformed number");
    }
    t->kind = Tok::kFloat;
    t->d = v;
    return absl::OkStatus();
  }
  const bool negative = s[0] == '-';
  uint64_t mag = 0;
  const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  for (size_t i = negative ? 1 : 0; i < s.size(); ++i) {
    const uint64_t digit = static_cast<uint64_t>(s[i] - '0');
    if (mag > (limit - digit) / 10) {
      return Fail(start, ErrorKind::kInvalidArgument,
                  absl::StrCat("integer ", s, " out of the 64-bit range"));
    }
    mag = mag * 10 + digit;
  }
  t->kind = Tok::kInt;
  t->i = negative ? static_cast<int64_t>(0 - mag) : static_cast<int64_t>(mag);
  return absl::OkStatus();
}

absl::Status Lexer::LexString(bool name, Token* t) {
  const size_t start = t->pos;
  ++pos_;  // the opening quote
  std::string& s = t->text;
  uint32_t lead = 0;  // godot4: a pending UTF-16 lead surrogate
  const bool godot4 = d_ == Dialect::kGodot4;
  for (;;) {
    if (pos_ >= src_.size()) {
      return Fail(start, ErrorKind::kTruncated, "unterminated string");
    }
    const char c = src_[pos_];
    if (c == '"') {
      ++pos_;
      break;
    }
    if (c != '\\') {
      if (lead != 0) break;  // reported below
      s.push_back(c);
      ++pos_;
      continue;
    }
    const size_t esc = pos_;
    if (pos_ + 1 >= src_.size()) {
      return Fail(start, ErrorKind::kTruncated, "unterminated string");
    }
    const char n = src_[pos_ + 1];
    pos_ += 2;
    uint32_t cp = 0;
    switch (n) {
      case 'b':
        cp = 8;
        break;
      case 't':
        cp = 9;
        break;
      case 'n':
        cp = 10;
        break;
      case 'f':
        cp = 12;
        break;
      case 'r':
        cp = 13;
        break;
      case 'a':
        cp = o_.writer_escapes ? 7 : 'a';
        break;
      case 'v':
        cp = o_.writer_escapes ? 11 : 'v';
        break;
      case 'u':
      case 'U': {
        if (n == 'U' && !godot4) {
          cp = 'U';
          break;
        }
        const int digits = n == 'U' ? 6 : 4;
        for (int k = 0; k < digits; ++k) {
          if (pos_ >= src_.size()) {
            return Fail(start, ErrorKind::kTruncated, "unterminated string");
          }
          const int h = HexValue(src_[pos_]);
          if (h < 0) {
            return Fail(esc, ErrorKind::kInvalidArgument,
                        "malformed hex constant in string");
          }
          cp = (cp << 4) | static_cast<uint32_t>(h);
          ++pos_;
        }
        break;
      }
      default:
        // Any other escaped character stands for itself (its first byte;
        // the rest of a multi-byte character follows as usual).
        cp = static_cast<unsigned char>(n);
        if (cp >= 0x80) {
          s.push_back(n);
          continue;
        }
        break;
    }
    if (godot4) {
      if ((cp & 0xFFFFFC00u) == 0xD800) {
        if (lead != 0) break;
        lead = cp;
        continue;
      }
      if ((cp & 0xFFFFFC00u) == 0xDC00) {
        if (lead == 0) {
          return Fail(esc, ErrorKind::kInvalidUtf8,
                      "unpaired UTF-16 trail surrogate in string");
        }
        cp = (lead << 10) + cp - ((0xD800u << 10) + 0xDC00u - 0x10000u);
        lead = 0;
      }
      if (lead != 0) break;
      if (cp > 0x10FFFF) {
        return Fail(esc, ErrorKind::kInvalidUtf8,
                    "code point above U+10FFFF in string");
      }
    }
    if (cp == 0) {
      return Fail(esc, ErrorKind::kInvalidArgument, "NUL in string");
    }
    simd::AppendShortest(cp, &s);
  }
  if (lead != 0) {
    return Fail(start, ErrorKind::kInvalidUtf8,
                "unpaired UTF-16 lead surrogate in string");
  }
  if (!core::IsEncodableText(s, d_)) {
    return Fail(
        start, ErrorKind::kInvalidUtf8,
        absl::StrCat("string is not valid ",
                     godot4 ? "UTF-8" : "(generalised) UTF-8", " without NUL"));
  }
  t->kind = name ? Tok::kStringName : Tok::kString;
  return absl::OkStatus();
}

// "#rgb", "#rrggbb", "#rrggbbaa" (godot3: "#aarrggbb"), godot4 "#rgba".
absl::Status Lexer::LexColor(Token* t) {
  const size_t start = pos_++;
  while (pos_ < src_.size() && HexValue(src_[pos_]) >= 0) ++pos_;
  absl::string_view hex = src_.substr(start + 1, pos_ - start - 1);
  const bool godot4 = d_ == Dialect::kGodot4;
  auto nib = [&](size_t i) { return HexValue(hex[i]); };
  auto byte = [&](size_t i) { return nib(i) * 16 + nib(i + 1); };
  float c[4] = {0, 0, 0, 1};
  if (hex.size() == 3 || (godot4 && hex.size() == 4)) {
    for (size_t i = 0; i < hex.size(); ++i) {
      c[i] = static_cast<float>(nib(i) / 15.0);
    }
  } else if (hex.size() == 6 || hex.size() == 8) {
    const size_t from = (!godot4 && hex.size() == 8) ? 2 : 0;
    for (size_t i = 0; i < 3; ++i) {
      c[i] = static_cast<float>(byte(from + 2 * i) / 255.0);
    }
    if (hex.size() == 8) {
      c[3] = static_cast<float>(byte(godot4 ? 6 : 0) / 255.0);
    }
  } else {
    return Fail(start, ErrorKind::kInvalidArgument,
                absl::StrCat("invalid color code '#", hex, "'"));
  }
  t->kind = Tok::kColor;
  std::memcpy(t->color, c, sizeof(c));
  return absl::OkStatus();
}
}  // namespace internal
}  // namespace text
}  // namespace gdwire
