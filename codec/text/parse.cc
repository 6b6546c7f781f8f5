// Copyright 2026 The gdwire Authors.
//
// Godot text -> Variant. The grammar is the one of the engines' readers
// (VariantParser::get_token / parse_value in Godot 4.x
// core/variant/variant_parser.cpp, Godot 3.x core/variant_parser.cpp and
// Pandemonium core/variant/variant_parser.cpp), read for the facts only:
//
//   * Tokens: { } [ ] ( ) : , ; "string" &"name" (@"name" too) numbers
//     identifiers #color. Any byte <= 32 is white space; ';' starts a
//     comment that runs to the end of the line.
//   * Numbers: -?digits(.digits*)?([eE][+-]?digits)? ; a '.' or an exponent
//     makes a float. '-' before a letter makes an identifier ("-inf").
//   * Strings: raw bytes (newlines included) up to an unescaped '"';
//     escapes \b \t \n \f \r, \uXXXX, godot4 also \UXXXXXX (UTF-16
//     surrogate pairs combine; a lone one is an error in godot4 and is kept
//     as Godot 3's generalised UTF-8 otherwise); any other escaped
//     character stands for itself (so "\a" is 'a', as in the engines).
//   * Values: null nil true false inf inf_neg -inf nan (and Godot 3's
//     -nan, and "inf.0" style floats, as its var2str writes them),
//     Name(args...) constructors, [..] arrays, {k: v, ...} dictionaries,
//     Array[T]([..]), Dictionary[K, V]({..}), Object(Class, "p": v, ...).
//     Trailing commas are accepted.
//
// Where an engine would silently change the data (wrap an int into a byte,
// clamp an out-of-range integer, drop the odd component of a packed vector
// array, truncate 1.5 to an integer component) gdwire reports an error.
//
// The parser is iterative: containers and objects live on an explicit
// stack of frames, and values deeper than max_depth are refused.

#include "codec/text/parse.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/charconv.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/reference/utf8.h"

namespace gdwire {
namespace text {
namespace {

enum class Tok : uint8_t {
  kEof,
  kLBrace,
  kRBrace,
  kLBracket,
  kRBracket,
  kLParen,
  kRParen,
  kColon,
  kComma,
  kIdent,
  kString,
  kStringName,
  kInt,
  kFloat,
  kColor,
};

struct Token {
  Tok kind = Tok::kEof;
  size_t pos = 0;    // byte offset of its first character
  std::string text;  // identifier, or the string's contents
  int64_t i = 0;     // kInt
  double d = 0;      // kFloat
  float color[4] = {0, 0, 0, 0};
};

// How a type name maps to a type; the dialect must have the type.
struct TypeAlias {
  const char* name;
  Type type;
};

constexpr TypeAlias kTypeAliases[] = {
    {"Vector2", Type::kVector2},
    {"Vector2i", Type::kVector2i},
    {"Rect2", Type::kRect2},
    {"Rect2i", Type::kRect2i},
    {"Vector3", Type::kVector3},
    {"Vector3i", Type::kVector3i},
    {"Transform2D", Type::kTransform2D},
    {"Matrix32", Type::kTransform2D},
    {"Vector4", Type::kVector4},
    {"Vector4i", Type::kVector4i},
    {"Plane", Type::kPlane},
    {"Quaternion", Type::kQuaternion},
    {"Quat", Type::kQuaternion},
    {"AABB", Type::kAABB},
    {"Rect3", Type::kAABB},
    {"Basis", Type::kBasis},
    {"Matrix3", Type::kBasis},
    {"Transform3D", Type::kTransform3D},
    {"Transform", Type::kTransform3D},
    {"Projection", Type::kProjection},
    {"Color", Type::kColor},
    {"PackedByteArray", Type::kPackedByteArray},
    {"PoolByteArray", Type::kPackedByteArray},
    {"ByteArray", Type::kPackedByteArray},
    {"PackedInt32Array", Type::kPackedInt32Array},
    {"PackedIntArray", Type::kPackedInt32Array},
    {"PoolIntArray", Type::kPackedInt32Array},
    {"IntArray", Type::kPackedInt32Array},
    {"PackedInt64Array", Type::kPackedInt64Array},
    {"PackedFloat32Array", Type::kPackedFloat32Array},
    {"PackedRealArray", Type::kPackedFloat32Array},
    {"PoolRealArray", Type::kPackedFloat32Array},
    {"FloatArray", Type::kPackedFloat32Array},
    {"PackedFloat64Array", Type::kPackedFloat64Array},
    {"PackedStringArray", Type::kPackedStringArray},
    {"PoolStringArray", Type::kPackedStringArray},
    {"StringArray", Type::kPackedStringArray},
    {"PackedVector2Array", Type::kPackedVector2Array},
    {"PoolVector2Array", Type::kPackedVector2Array},
    {"Vector2Array", Type::kPackedVector2Array},
    {"PackedVector3Array", Type::kPackedVector3Array},
    {"PoolVector3Array", Type::kPackedVector3Array},
    {"Vector3Array", Type::kPackedVector3Array},
    {"PackedColorArray", Type::kPackedColorArray},
    {"PoolColorArray", Type::kPackedColorArray},
    {"ColorArray", Type::kPackedColorArray},
    {"PackedVector4Array", Type::kPackedVector4Array},
    {"PoolVector4Array", Type::kPackedVector4Array},
    {"Vector4Array", Type::kPackedVector4Array},
    {"PoolVector2iArray", Type::kPackedVector2iArray},
    {"PoolVector3iArray", Type::kPackedVector3iArray},
    {"PoolVector4iArray", Type::kPackedVector4iArray},
};

bool LookUpType(absl::string_view name, Type* t) {
  for (const TypeAlias& a : kTypeAliases) {
    if (name == a.name) {
      *t = a.type;
      return true;
    }
  }
  return false;
}

// A builtin type as Godot 4 names it in Array[T] / Dictionary[K, V].
bool LookUpBuiltin(absl::string_view name, Type* t) {
  for (int i = 1; i <= static_cast<int>(Type::kPackedVector4Array); ++i) {
    if (TypeName(static_cast<Type>(i)) == name) {
      *t = static_cast<Type>(i);
      return true;
    }
  }
  return false;
}

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

// The float spellings of the writers: inf, nan, inf_neg, -inf, -nan.
bool SpecialFloat(absl::string_view id, double* out) {
  const double inf = std::numeric_limits<double>::infinity();
  if (id == "inf") {
    *out = inf;
  } else if (id == "-inf" || id == "inf_neg") {
    *out = -inf;
  } else if (id == "nan") {
    *out = std::numeric_limits<double>::quiet_NaN();
  } else if (id == "-nan") {
    *out = -std::numeric_limits<double>::quiet_NaN();
  } else {
    return false;
  }
  return true;
}

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

// Godot's NodePath(String) constructor: '/' separates names (empty ones
// are skipped), ':' starts each subname (an empty one is an error, but a
// trailing ':' is allowed), a leading '/' makes it absolute.
bool ParseNodePath(absl::string_view s, NodePath* out) {
  *out = NodePath();
  if (s.empty()) return true;
  out->absolute = s[0] == '/';
  const size_t colon = s.find(':');
  if (colon != absl::string_view::npos) {
    absl::string_view rest = s.substr(colon + 1);
    size_t from = 0;
    for (size_t i = 0; i <= rest.size(); ++i) {
      if (i == rest.size() || rest[i] == ':') {
        if (i == from) {
          if (i == rest.size()) continue;
          return false;
        }
        out->subnames.emplace_back(rest.substr(from, i - from));
        from = i + 1;
      }
    }
    s = s.substr(0, colon);
  }
  size_t from = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == '/') {
      if (i > from) out->names.emplace_back(s.substr(from, i - from));
      from = i + 1;
    }
  }
  return true;
}

// A container or object being read.
struct Frame {
  enum class Kind : uint8_t { kArray, kDictionary, kObject };
  Kind kind = Kind::kArray;
  bool wrapped = false;  // typed: a ')' follows the closing bracket
  size_t open_pos = 0;
  Array array;
  Dictionary dict;
  std::unordered_multimap<size_t, size_t> index;  // key hash -> entry
  bool have_key = false;
  Variant key;
  size_t key_pos = 0;
  Object object;
  std::string property;
};

class Parser {
 public:
  Parser(absl::string_view text, const ParseOptions& o)
      : src_(text), o_(o), d_(o.dialect) {
    if (src_.size() >= 3 && std::memcmp(src_.data(), "\xEF\xBB\xBF", 3) == 0) {
      pos_ = 3;
    }
  }

  absl::Status Start() { return Advance(); }
  bool AtEnd() const { return cur_.kind == Tok::kEof; }

  absl::Status ExpectEnd() {
    if (AtEnd()) return absl::OkStatus();
    return Fail(
        cur_.pos, ErrorKind::kInvalidArgument,
        absl::StrCat("unexpected ", Describe(cur_), " after the value"));
  }

  // Reads one value starting at the current token.
  absl::Status ParseValue(Variant* out) {
    std::vector<Frame> stack;
    Variant value;
    for (;;) {
      // Here the current token starts a value.
      if (stack.size() > static_cast<size_t>(o_.max_depth)) {
        return Fail(cur_.pos, ErrorKind::kTooDeep,
                    absl::StrCat("nesting deeper than ", o_.max_depth));
      }
      size_t value_pos = cur_.pos;
      bool pushed = false;
      if (absl::Status st = StartValue(&stack, &value, &pushed); !st.ok()) {
        return st;
      }
      if (pushed) {
        Frame& f = stack.back();
        if (!IsCloser(f)) {
          if (f.kind == Frame::Kind::kObject) {
            if (absl::Status st = PropertyName(&f); !st.ok()) return st;
          }
          continue;
        }
        value_pos = f.open_pos;
        if (absl::Status st = Close(&stack, &value); !st.ok()) return st;
      }
      // Hand the finished value to the frames until one wants another.
      for (;;) {
        if (stack.empty()) {
          *out = std::move(value);
          return absl::OkStatus();
        }
        Frame& f = stack.back();
        bool want_value = false;
        if (absl::Status st =
                Deliver(&f, std::move(value), value_pos, &want_value);
            !st.ok()) {
          return st;
        }
        if (want_value) break;
        if (cur_.kind == Tok::kComma) {
          if (absl::Status st = Advance(); !st.ok()) return st;
          if (!IsCloser(f)) {
            if (f.kind == Frame::Kind::kObject) {
              if (absl::Status st = PropertyName(&f); !st.ok()) return st;
            }
            break;
          }
        } else if (!IsCloser(f)) {
          return Expected(absl::StrCat("',' or ", CloserName(f)));
        }
        value_pos = f.open_pos;
        if (absl::Status st = Close(&stack, &value); !st.ok()) return st;
      }
    }
  }

 private:
  // ---- errors ---------------------------------------------------------

  absl::Status Fail(size_t pos, ErrorKind kind, std::string detail) const {
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

  absl::Status Expected(absl::string_view what) const {
    return Fail(cur_.pos,
                cur_.kind == Tok::kEof ? ErrorKind::kTruncated
                                       : ErrorKind::kInvalidArgument,
                absl::StrCat("expected ", what, ", got ", Describe(cur_)));
  }

  absl::Status Lacks(size_t pos, absl::string_view what) const {
    return Fail(pos, ErrorKind::kUnsupported,
                absl::StrCat(what, " does not exist in ", DialectName(d_)));
  }

  // ---- lexer ----------------------------------------------------------

  absl::Status Advance() { return Lex(&cur_); }

  absl::Status Expect(Tok kind, absl::string_view what) {
    if (cur_.kind != kind) return Expected(what);
    return Advance();
  }

  absl::Status Lex(Token* t) {
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

  absl::Status LexNumber(Token* t) {
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
        const bool big = e != std::string::npos &&
                         (e + 1 >= buf.size() || buf[e + 1] != '-');
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
    const uint64_t limit =
        negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
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

  absl::Status LexString(bool name, Token* t) {
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
      reference::AppendCodePoint(cp, &s);
    }
    if (lead != 0) {
      return Fail(start, ErrorKind::kInvalidUtf8,
                  "unpaired UTF-16 lead surrogate in string");
    }
    if (!reference::IsEncodableText(s, d_)) {
      return Fail(start, ErrorKind::kInvalidUtf8,
                  absl::StrCat("string is not valid ",
                               godot4 ? "UTF-8" : "(generalised) UTF-8",
                               " without NUL"));
    }
    t->kind = name ? Tok::kStringName : Tok::kString;
    return absl::OkStatus();
  }

  // "#rgb", "#rrggbb", "#rrggbbaa" (godot3: "#aarrggbb"), godot4 "#rgba".
  absl::Status LexColor(Token* t) {
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

  // ---- numbers in constructors -----------------------------------------

  // The current token as a real number (int, float or inf/nan spelling).
  bool CurrentReal(double* out) const {
    switch (cur_.kind) {
      case Tok::kInt:
        *out = static_cast<double>(cur_.i);
        return true;
      case Tok::kFloat:
        *out = cur_.d;
        return true;
      case Tok::kIdent:
        return SpecialFloat(cur_.text, out);
      default:
        return false;
    }
  }

  // The current token as an integer within [lo, hi]; a float must be
  // integral (Pandemonium writes integer components with "%g").
  absl::Status CurrentInt(int64_t lo, int64_t hi, absl::string_view what,
                          int64_t* out) const {
    int64_t v = 0;
    if (cur_.kind == Tok::kInt) {
      v = cur_.i;
    } else if (cur_.kind == Tok::kFloat) {
      const double d = cur_.d;
      if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) ||
          d != std::trunc(d)) {
        return Fail(cur_.pos, ErrorKind::kInvalidArgument,
                    absl::StrCat("expected an integer for ", what));
      }
      v = static_cast<int64_t>(d);
    } else {
      return Expected(absl::StrCat("an integer for ", what));
    }
    if (v < lo || v > hi) {
      return Fail(cur_.pos, ErrorKind::kInvalidArgument,
                  absl::StrCat(v, " is out of range for ", what));
    }
    *out = v;
    return absl::OkStatus();
  }

  // Reads "(" item ("," item)* ","? ")" calling `item` on each; the current
  // token is the '(' on entry and the token after ')' on return.
  template <typename Fn>
  absl::Status List(absl::string_view what, Fn item) {
    if (cur_.kind != Tok::kLParen) {
      return Expected(absl::StrCat("'(' after ", what));
    }
    if (absl::Status st = Advance(); !st.ok()) return st;
    while (cur_.kind != Tok::kRParen) {
      if (absl::Status st = item(); !st.ok()) return st;
      if (absl::Status st = Advance(); !st.ok()) return st;
      if (cur_.kind == Tok::kComma) {
        if (absl::Status st = Advance(); !st.ok()) return st;
      } else if (cur_.kind != Tok::kRParen) {
        return Expected("',' or ')'");
      }
    }
    return Advance();
  }

  absl::Status Reals(absl::string_view what, std::vector<double>* out) {
    return List(what, [&]() -> absl::Status {
      double v;
      if (!CurrentReal(&v)) {
        return Expected(absl::StrCat("a number in ", what));
      }
      out->push_back(v);
      return absl::OkStatus();
    });
  }

  absl::Status Ints(absl::string_view what, int64_t lo, int64_t hi,
                    std::vector<int64_t>* out) {
    return List(what, [&]() -> absl::Status {
      int64_t v;
      if (absl::Status st = CurrentInt(lo, hi, what, &v); !st.ok()) return st;
      out->push_back(v);
      return absl::OkStatus();
    });
  }

  // A real_t component as the engine holds it.
  double RealT(double v) const {
    return o_.real_is_double ? v : WidenF32Exact(NarrowF64ToF32(v));
  }

  absl::Status CountError(size_t pos, absl::string_view name, size_t want,
                          size_t got, bool multiple) const {
    return Fail(pos, ErrorKind::kInvalidArgument,
                multiple ? absl::StrCat(name, " needs a multiple of ", want,
                                        " numbers, got ", got)
                         : absl::StrCat(name, " needs ", want,
                                        " arguments, got ", got));
  }

  // Name(args) of a math type or packed array; cur_ is the name.
  absl::Status Constructor(Type t, Variant* out) {
    const size_t pos = cur_.pos;
    const std::string name = cur_.text;
    if (!DialectHasType(d_, t)) return Lacks(pos, name);
    if (absl::Status st = Advance(); !st.ok()) return st;
    if (const int n = RealComponents(t)) {
      std::vector<double> c;
      if (absl::Status st = Reals(name, &c); !st.ok()) return st;
      if (c.size() != static_cast<size_t>(n)) {
        return CountError(pos, name, n, c.size(), false);
      }
      for (double& x : c) {
        x = t == Type::kColor ? WidenF32Exact(NarrowF64ToF32(x)) : RealT(x);
      }
      *out = Variant::Math(t, c);
      return absl::OkStatus();
    }
    if (const int n = IntComponents(t)) {
      std::vector<int64_t> c;
      if (absl::Status st = Ints(name, INT32_MIN, INT32_MAX, &c); !st.ok()) {
        return st;
      }
      if (c.size() != static_cast<size_t>(n)) {
        return CountError(pos, name, n, c.size(), false);
      }
      std::vector<int32_t> c32(c.begin(), c.end());
      *out = Variant::IntMath(t, c32);
      return absl::OkStatus();
    }
    switch (t) {
      case Type::kPackedByteArray: {
        if (d_ == Dialect::kGodot4 && cur_.kind == Tok::kLParen) {
          // Godot 4 also reads PackedByteArray("<base64>").
          Token save = cur_;
          const size_t save_pos = pos_;
          if (absl::Status st = Advance(); !st.ok()) return st;
          if (cur_.kind == Tok::kString) {
            std::string bytes;
            if (!absl::Base64Unescape(cur_.text, &bytes)) {
              return Fail(cur_.pos, ErrorKind::kInvalidArgument,
                          "invalid base64 in PackedByteArray");
            }
            if (absl::Status st = Advance(); !st.ok()) return st;
            if (absl::Status st = Expect(Tok::kRParen, "')'"); !st.ok()) {
              return st;
            }
            *out = Variant::PackedBytes(
                std::vector<uint8_t>(bytes.begin(), bytes.end()));
            return absl::OkStatus();
          }
          cur_ = std::move(save);
          pos_ = save_pos;
        }
        std::vector<int64_t> v;
        if (absl::Status st = Ints(name, 0, 255, &v); !st.ok()) return st;
        *out = Variant::PackedBytes(std::vector<uint8_t>(v.begin(), v.end()));
        return absl::OkStatus();
      }
      case Type::kPackedInt32Array: {
        std::vector<int64_t> v;
        if (absl::Status st = Ints(name, INT32_MIN, INT32_MAX, &v); !st.ok()) {
          return st;
        }
        *out = Variant::PackedInt32(std::vector<int32_t>(v.begin(), v.end()));
        return absl::OkStatus();
      }
      case Type::kPackedInt64Array: {
        std::vector<int64_t> v;
        if (absl::Status st = Ints(name, INT64_MIN, INT64_MAX, &v); !st.ok()) {
          return st;
        }
        *out = Variant::PackedInt64(std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray: {
        std::vector<double> v;
        if (absl::Status st = Reals(name, &v); !st.ok()) return st;
        if (t == Type::kPackedColorArray && v.size() % 4 != 0) {
          return CountError(pos, name, 4, v.size(), true);
        }
        std::vector<float> f;
        f.reserve(v.size());
        for (double x : v) f.push_back(NarrowF64ToF32(x));
        *out = t == Type::kPackedColorArray
                   ? Variant::PackedColors(std::move(f))
                   : Variant::PackedFloat32(std::move(f));
        return absl::OkStatus();
      }
      case Type::kPackedFloat64Array: {
        std::vector<double> v;
        if (absl::Status st = Reals(name, &v); !st.ok()) return st;
        *out = Variant::PackedFloat64(std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedVector2Array:
      case Type::kPackedVector3Array:
      case Type::kPackedVector4Array: {
        std::vector<double> v;
        if (absl::Status st = Reals(name, &v); !st.ok()) return st;
        const size_t n = PackedComponents(t);
        if (v.size() % n != 0) return CountError(pos, name, n, v.size(), true);
        for (double& x : v) x = RealT(x);
        *out = Variant::PackedRealVectors(t, std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray: {
        std::vector<int64_t> v;
        if (absl::Status st = Ints(name, INT32_MIN, INT32_MAX, &v); !st.ok()) {
          return st;
        }
        const size_t n = PackedComponents(t);
        if (v.size() % n != 0) return CountError(pos, name, n, v.size(), true);
        *out = Variant::PackedIntVectors(
            t, std::vector<int32_t>(v.begin(), v.end()));
        return absl::OkStatus();
      }
      case Type::kPackedStringArray: {
        std::vector<std::string> v;
        absl::Status st = List(name, [&]() -> absl::Status {
          if (cur_.kind != Tok::kString) return Expected("a string");
          v.push_back(cur_.text);
          return absl::OkStatus();
        });
        if (!st.ok()) return st;
        *out = Variant::PackedStrings(std::move(v));
        return absl::OkStatus();
      }
      default:
        break;
    }
    return Fail(pos, ErrorKind::kInvalidArgument,
                absl::StrCat("unexpected identifier '", name, "'"));
  }

  // ---- containers ------------------------------------------------------

  // Array[T] / Dictionary[K, V] element type. cur_ is its identifier.
  absl::Status ElementType(ContainerType* out) {
    if (cur_.kind != Tok::kIdent) return Expected("a type name");
    const std::string name = cur_.text;
    if (absl::Status st = Advance(); !st.ok()) return st;
    Type t;
    if (name == "Variant") {
      *out = ContainerType();
    } else if (LookUpBuiltin(name, &t)) {
      *out = ContainerType::Builtin(t);
    } else if (name == "Resource" && cur_.kind == Tok::kLParen) {
      // A script: Resource("res://path.gd").
      if (absl::Status st = Advance(); !st.ok()) return st;
      if (cur_.kind != Tok::kString) return Expected("a script path");
      *out = ContainerType::Script(cur_.text);
      if (absl::Status st = Advance(); !st.ok()) return st;
      return Expect(Tok::kRParen, "')'");
    } else {
      *out = ContainerType::ClassName(name);
    }
    return absl::OkStatus();
  }

  // Starts the value at cur_: a scalar into *value, or a pushed frame.
  absl::Status StartValue(std::vector<Frame>* stack, Variant* value,
                          bool* pushed) {
    *pushed = false;
    const size_t pos = cur_.pos;
    switch (cur_.kind) {
      case Tok::kLBracket:
      case Tok::kLBrace: {
        Frame f;
        f.kind = cur_.kind == Tok::kLBracket ? Frame::Kind::kArray
                                             : Frame::Kind::kDictionary;
        f.open_pos = pos;
        stack->push_back(std::move(f));
        *pushed = true;
        return Advance();
      }
      case Tok::kString:
        *value = Variant::String(std::move(cur_.text));
        return Advance();
      case Tok::kStringName:
        if (!DialectHasType(d_, Type::kStringName)) {
          return Lacks(pos, "StringName");
        }
        *value = Variant::StringName(std::move(cur_.text));
        return Advance();
      case Tok::kInt:
        *value = Variant::Int(cur_.i);
        return Advance();
      case Tok::kFloat:
        *value = Variant::Float(cur_.d);
        return Advance();
      case Tok::kColor:
        *value = Variant::Color(cur_.color[0], cur_.color[1], cur_.color[2],
                                cur_.color[3]);
        return Advance();
      case Tok::kIdent:
        return Identifier(stack, value, pushed);
      default:
        return Expected("a value");
    }
  }

  absl::Status Identifier(std::vector<Frame>* stack, Variant* value,
                          bool* pushed) {
    const size_t pos = cur_.pos;
    const std::string id = cur_.text;
    double special;
    Type t;
    if (id == "true" || id == "false") {
      *value = Variant::Bool(id == "true");
      return Advance();
    }
    if (id == "null" || id == "nil") {
      *value = Variant();
      return Advance();
    }
    if (SpecialFloat(id, &special)) {
      *value = Variant::Float(special);
      return Advance();
    }
    if (LookUpType(id, &t)) return Constructor(t, value);
    if (absl::Status st = Advance(); !st.ok()) return st;
    if (id == "NodePath") {
      if (absl::Status st = Expect(Tok::kLParen, "'(' after NodePath");
          !st.ok()) {
        return st;
      }
      if (cur_.kind != Tok::kString) return Expected("a string in NodePath()");
      NodePath np;
      if (!ParseNodePath(cur_.text, &np)) {
        return Fail(cur_.pos, ErrorKind::kInvalidArgument,
                    "invalid NodePath: empty subname");
      }
      if (absl::Status st = Advance(); !st.ok()) return st;
      *value = Variant::MakeNodePath(std::move(np));
      return Expect(Tok::kRParen, "')'");
    }
    if (id == "RID") {
      if (absl::Status st = Expect(Tok::kLParen, "'(' after RID"); !st.ok()) {
        return st;
      }
      uint64_t rid = 0;
      if (cur_.kind == Tok::kInt) {
        rid = static_cast<uint64_t>(cur_.i);
        if (absl::Status st = Advance(); !st.ok()) return st;
      }
      *value = Variant::Rid(rid);
      return Expect(Tok::kRParen, "a number or ')'");
    }
    if (id == "Callable" || id == "Signal") {
      t = id == "Callable" ? Type::kCallable : Type::kSignal;
      if (!DialectHasType(d_, t)) return Lacks(pos, id);
      if (absl::Status st =
              Expect(Tok::kLParen, absl::StrCat("'(' after ", id));
          !st.ok()) {
        return st;
      }
      *value = t == Type::kCallable ? Variant::Callable()
                                    : Variant::MakeSignal(Signal());
      return Expect(Tok::kRParen, "')'");
    }
    if (id == "Object") {
      if (absl::Status st = Expect(Tok::kLParen, "'(' after Object");
          !st.ok()) {
        return st;
      }
      if (cur_.kind != Tok::kIdent) return Expected("a class name");
      Frame f;
      f.kind = Frame::Kind::kObject;
      f.open_pos = pos;
      f.object.kind = Object::Kind::kFull;
      f.object.class_name = cur_.text;
      if (absl::Status st = Advance(); !st.ok()) return st;
      if (absl::Status st = Expect(Tok::kComma, "',' after the class name");
          !st.ok()) {
        return st;
      }
      stack->push_back(std::move(f));
      *pushed = true;
      return absl::OkStatus();
    }
    if (id == "Array" || id == "Dictionary") {
      if (d_ != Dialect::kGodot4) {
        return Fail(
            pos, ErrorKind::kUnsupported,
            absl::StrCat("typed ", id, " does not exist in ", DialectName(d_)));
      }
      Frame f;
      f.open_pos = pos;
      f.wrapped = true;
      if (absl::Status st = Expect(Tok::kLBracket, "'['"); !st.ok()) return st;
      if (id == "Array") {
        f.kind = Frame::Kind::kArray;
        if (absl::Status st = ElementType(&f.array.element_type); !st.ok()) {
          return st;
        }
      } else {
        f.kind = Frame::Kind::kDictionary;
        if (absl::Status st = ElementType(&f.dict.key_type); !st.ok()) {
          return st;
        }
        if (absl::Status st = Expect(Tok::kComma, "','"); !st.ok()) return st;
        if (absl::Status st = ElementType(&f.dict.value_type); !st.ok()) {
          return st;
        }
      }
      if (absl::Status st = Expect(Tok::kRBracket, "']'"); !st.ok()) return st;
      if (absl::Status st = Expect(Tok::kLParen, "'('"); !st.ok()) return st;
      const Tok open = id == "Array" ? Tok::kLBracket : Tok::kLBrace;
      if (absl::Status st = Expect(open, id == "Array" ? "'['" : "'{'");
          !st.ok()) {
        return st;
      }
      stack->push_back(std::move(f));
      *pushed = true;
      return absl::OkStatus();
    }
    if (id == "Resource" || id == "SubResource" || id == "ExtResource") {
      return Fail(pos, ErrorKind::kUnsupported,
                  absl::StrCat(id, "() needs the engine's resource loader"));
    }
    return Fail(pos, ErrorKind::kInvalidArgument,
                absl::StrCat("unexpected identifier '", id, "'"));
  }

  // Object: "name" ':' before each property value.
  absl::Status PropertyName(Frame* f) {
    if (cur_.kind != Tok::kString) {
      return Expected("a property name string or ')'");
    }
    f->property = std::move(cur_.text);
    if (absl::Status st = Advance(); !st.ok()) return st;
    return Expect(Tok::kColon, "':' after the property name");
  }

  bool IsCloser(const Frame& f) const {
    switch (f.kind) {
      case Frame::Kind::kArray:
        return cur_.kind == Tok::kRBracket;
      case Frame::Kind::kDictionary:
        return cur_.kind == Tok::kRBrace && !f.have_key;
      case Frame::Kind::kObject:
        return cur_.kind == Tok::kRParen;
    }
    return false;
  }

  static const char* CloserName(const Frame& f) {
    switch (f.kind) {
      case Frame::Kind::kArray:
        return "']'";
      case Frame::Kind::kDictionary:
        return "'}'";
      case Frame::Kind::kObject:
        return "')'";
    }
    return "')'";
  }

  // Pops the top frame (cur_ is its closer) into *value.
  absl::Status Close(std::vector<Frame>* stack, Variant* value) {
    Frame& f = stack->back();
    if (absl::Status st = Advance(); !st.ok()) return st;
    if (f.wrapped) {
      if (absl::Status st = Expect(Tok::kRParen, "')'"); !st.ok()) return st;
    }
    switch (f.kind) {
      case Frame::Kind::kArray:
        *value = Variant::MakeArray(std::move(f.array));
        break;
      case Frame::Kind::kDictionary:
        *value = Variant::MakeDictionary(std::move(f.dict));
        break;
      case Frame::Kind::kObject:
        *value = Variant::MakeObject(FinishObject(std::move(f.object)));
        break;
    }
    stack->pop_back();
    return absl::OkStatus();
  }

  // The writers print an object sent as an id as the EncodedObjectAsID the
  // engine decodes it to; read that back as the id.
  static Object FinishObject(Object o) {
    if (o.class_name != "EncodedObjectAsID") return o;
    const Variant* id = nullptr;
    for (const auto& p : o.properties) {
      if (p.first == "object_id" && p.second.type() == Type::kInt) {
        id = &p.second;
      } else if (!(p.first == "script" && p.second.is_nil())) {
        return o;
      }
    }
    if (id == nullptr) return o;
    Object out;
    out.kind = Object::Kind::kId;
    out.id = static_cast<uint64_t>(id->as_int());
    return out;
  }

  // Makes `v` fit a typed container's element type, as the engine's
  // Array::assign does for the lossless conversions.
  absl::Status Fit(const ContainerType& ct, size_t pos, absl::string_view what,
                   Variant* v) const {
    if (!ct.is_typed()) return absl::OkStatus();
    if (ct.kind != ContainerType::Kind::kBuiltin) {
      if (v->type() == Type::kObject || v->is_nil()) return absl::OkStatus();
    } else if (ct.builtin == Type::kNil || v->type() == ct.builtin) {
      return absl::OkStatus();
    } else if (ct.builtin == Type::kFloat && v->type() == Type::kInt) {
      *v = Variant::Float(static_cast<double>(v->as_int()));
      return absl::OkStatus();
    } else if (ct.builtin == Type::kString && v->type() == Type::kStringName) {
      *v = Variant::String(v->as_string());
      return absl::OkStatus();
    } else if (ct.builtin == Type::kStringName && v->type() == Type::kString) {
      *v = Variant::StringName(v->as_string());
      return absl::OkStatus();
    } else if (ct.builtin == Type::kObject && v->is_nil()) {
      return absl::OkStatus();
    }
    const std::string want = ct.kind == ContainerType::Kind::kBuiltin
                                 ? std::string(TypeName(ct.builtin))
                                 : ct.name;
    return Fail(pos, ErrorKind::kInvalidArgument,
                absl::StrCat(what, " of type ", TypeName(v->type()),
                             " in a container typed ", want));
  }

  // Adds a finished value to the frame. Sets *want_value when the frame
  // needs another value at once (a dictionary key was read).
  absl::Status Deliver(Frame* f, Variant value, size_t value_pos,
                       bool* want_value) {
    *want_value = false;
    switch (f->kind) {
      case Frame::Kind::kArray:
        if (absl::Status st =
                Fit(f->array.element_type, value_pos, "element", &value);
            !st.ok()) {
          return st;
        }
        f->array.items.push_back(std::move(value));
        return absl::OkStatus();
      case Frame::Kind::kObject:
        f->object.properties.emplace_back(std::move(f->property),
                                          std::move(value));
        return absl::OkStatus();
      case Frame::Kind::kDictionary:
        break;
    }
    if (!f->have_key) {
      if (absl::Status st = Fit(f->dict.key_type, value_pos, "key", &value);
          !st.ok()) {
        return st;
      }
      f->key = std::move(value);
      f->key_pos = value_pos;
      f->have_key = true;
      *want_value = true;
      return Expect(Tok::kColon, "':' after the key");
    }
    if (absl::Status st = Fit(f->dict.value_type, value_pos, "value", &value);
        !st.ok()) {
      return st;
    }
    f->have_key = false;
    // Godot's key identity (KeyEquals): a repeated key overwrites the value
    // and keeps its first position.
    const size_t h = KeyHash(f->key);
    auto range = f->index.equal_range(h);
    for (auto it = range.first; it != range.second; ++it) {
      auto& entry = f->dict.entries[it->second];
      if (KeyEquals(entry.first, f->key)) {
        entry.second = std::move(value);
        return absl::OkStatus();
      }
    }
    f->index.emplace(h, f->dict.entries.size());
    f->dict.entries.emplace_back(std::move(f->key), std::move(value));
    return absl::OkStatus();
  }

  absl::string_view src_;
  const ParseOptions& o_;
  const Dialect d_;
  size_t pos_ = 0;
  Token cur_;
};

}  // namespace

absl::StatusOr<Variant> FromText(absl::string_view text,
                                 const ParseOptions& options) {
  Parser p(text, options);
  if (absl::Status st = p.Start(); !st.ok()) return st;
  Variant v;
  if (absl::Status st = p.ParseValue(&v); !st.ok()) return st;
  if (absl::Status st = p.ExpectEnd(); !st.ok()) return st;
  return v;
}

absl::StatusOr<std::vector<Variant>> FromTextAll(absl::string_view text,
                                                 const ParseOptions& options) {
  Parser p(text, options);
  if (absl::Status st = p.Start(); !st.ok()) return st;
  std::vector<Variant> out;
  while (!p.AtEnd()) {
    Variant v;
    if (absl::Status st = p.ParseValue(&v); !st.ok()) return st;
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace text
}  // namespace gdwire
