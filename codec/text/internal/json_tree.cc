// Copyright 2026 The gdwire Authors.
//
// The JSON reader of FromJson: RFC 8259 text -> Node tree (json_tree.h).
//
// Written here rather than taken from a library: Debian's RapidJSON 1.1.0
// (what gdwire used) adds an offset to a null pointer on the first push of
// every parse (UB, fixed upstream only), and simdjson 3.0.1 reports an
// error as a code (TAPE_ERROR for a missing comma, colon or name alike),
// while gdwire's errors name the line, column and cause of each mistake.
// The messages are RapidJSON's, which users and tests know. One pass,
// iterative (an explicit stack, no recursion on the input's nesting),
// strict: UTF-8 validated (no overlongs, surrogates or code points above
// U+10FFFF), control characters refused in strings, no comments, no
// trailing commas, nothing after the value but whitespace.

#include "codec/text/internal/json_tree.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace gdwire {
namespace text {
namespace json_internal {

const char* KindName(const Node& n) {
  switch (n.kind) {
    case Node::Kind::kNull:
      return "null";
    case Node::Kind::kFalse:
    case Node::Kind::kTrue:
      return "a boolean";
    case Node::Kind::kNumber:
      return "a number";
    case Node::Kind::kString:
      return "a string";
    case Node::Kind::kArray:
      return "an array";
    default:
      return "an object";
  }
}

std::string Quote(absl::string_view s) {
  constexpr size_t kMax = 40;
  std::string tail;
  if (s.size() > kMax) {
    size_t n = kMax;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xc0) == 0x80) --n;
    s = s.substr(0, n);
    tail = "...";
  }
  return absl::StrCat("\"", absl::Utf8SafeCHexEscape(s), tail, "\"");
}

absl::Status PositionError(absl::string_view json, size_t offset,
                           absl::string_view message) {
  offset = std::min(offset, json.size());
  size_t line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < offset; ++i) {
    if (json[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  size_t column = 1;  // in characters (UTF-8 sequences)
  for (size_t i = line_start; i < offset; ++i) {
    if ((static_cast<unsigned char>(json[i]) & 0xc0) != 0x80) ++column;
  }
  return absl::InvalidArgumentError(absl::StrCat("JSON line ", line,
                                                 ", column ", column, " (byte ",
                                                 offset, "): ", message));
}

namespace {

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xc0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xe0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
  } else {
    out->push_back(static_cast<char>(0xf0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
  }
}

// The length of the valid UTF-8 sequence at s[i] (lead byte >= 0x80), or
// 0 when it is not one (RFC 3629).
size_t Utf8Sequence(absl::string_view s, size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  size_t len;
  uint32_t cp, min;
  if ((c & 0xe0) == 0xc0) {
    len = 2, cp = c & 0x1f, min = 0x80;
  } else if ((c & 0xf0) == 0xe0) {
    len = 3, cp = c & 0x0f, min = 0x800;
  } else if ((c & 0xf8) == 0xf0) {
    len = 4, cp = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (s.size() - i < len) return 0;
  for (size_t k = 1; k < len; ++k) {
    const unsigned char d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return len;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Reader {
 public:
  explicit Reader(absl::string_view s) : s_(s) {}

  bool Run(Node* root, size_t* error_offset, std::string* error) {
    const bool ok = Parse();
    if (!ok) {
      *error_offset = error_offset_;
      *error = std::move(error_);
      return false;
    }
    *root = std::move(root_);
    return true;
  }

 private:
  bool Fail(size_t offset, std::string message) {
    error_offset_ = offset;
    error_ = std::move(message);
    return false;
  }
  bool AtEnd() const { return p_ >= s_.size(); }
  char Peek() const { return AtEnd() ? '\0' : s_[p_]; }
  void SkipWhitespace() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t' ||
                              s_[p_] == '\n' || s_[p_] == '\r')) {
      ++p_;
    }
  }

  bool Parse() {
    SkipWhitespace();
    if (AtEnd() || Peek() == '\0') {
      return Fail(p_, "The document is empty");
    }
    bool want_value = true;
    while (true) {
      if (want_value) {
        SkipWhitespace();
        const char c = Peek();
        if (c == '[' || c == '{') {
          if (!Open(c == '[' ? Node::Kind::kArray : Node::Kind::kObject)) {
            return false;
          }
          SkipWhitespace();
          if (Peek() == (c == '[' ? ']' : '}')) {
            ++p_;
            if (!Close()) return false;
            want_value = false;
          } else if (c == '{') {
            if (!Member()) return false;
          }
          continue;
        }
        if (!Scalar()) return false;
        want_value = false;
        continue;
      }
      SkipWhitespace();
      if (stack_.empty()) {
        if (AtEnd()) return true;
        if (Peek() == '\0') return Fail(p_, "NUL byte outside a string");
        return Fail(p_,
                    "The document root must not be followed by other values");
      }
      const bool array = stack_.back().kind == Node::Kind::kArray;
      const char c = Peek();
      if (c == ',' && !AtEnd()) {
        ++p_;
        if (!array) {
          SkipWhitespace();
          if (!Member()) return false;
        }
        want_value = true;
      } else if (c == (array ? ']' : '}') && !AtEnd()) {
        ++p_;
        if (!Close()) return false;
      } else {
        return Fail(p_, array ? "Missing a comma or ']' after an array element"
                              : "Missing a comma or '}' after an object "
                                "member");
      }
    }
  }

  // An object member's name and colon; the value follows.
  bool Member() {
    if (Peek() != '"' || AtEnd()) {
      return Fail(p_, "Missing a name for object member");
    }
    Node key;
    key.kind = Node::Kind::kString;
    key.offset = p_;
    if (!String(&key.text)) return false;
    stack_.back().items.push_back(std::move(key));
    SkipWhitespace();
    if (Peek() != ':' || AtEnd()) {
      return Fail(p_, "Missing a colon after a name of object member");
    }
    ++p_;
    return true;
  }

  bool Open(Node::Kind kind) {
    if (stack_.size() >= kMaxJsonDepth) {
      return Fail(p_, absl::StrCat("JSON nested deeper than ", kMaxJsonDepth,
                                   " arrays/objects"));
    }
    Node n;
    n.kind = kind;
    n.offset = p_++;
    stack_.push_back(std::move(n));
    return true;
  }

  bool Close() {
    Node n = std::move(stack_.back());
    stack_.pop_back();
    if (n.kind == Node::Kind::kObject && n.items.size() > 2) {
      std::vector<std::pair<absl::string_view, size_t>> keys;
      keys.reserve(n.items.size() / 2);
      for (size_t i = 0; i < n.items.size(); i += 2) {
        keys.emplace_back(n.items[i].text, i);
      }
      std::sort(keys.begin(), keys.end());
      for (size_t i = 1; i < keys.size(); ++i) {
        if (keys[i].first == keys[i - 1].first) {
          return Fail(n.items[keys[i].second].offset,
                      absl::StrCat("duplicate key ", Quote(keys[i].first)));
        }
      }
    }
    Attach(std::move(n));
    return true;
  }

  void Attach(Node n) {
    if (stack_.empty()) {
      root_ = std::move(n);
    } else {
      stack_.back().items.push_back(std::move(n));
    }
  }

  bool Scalar() {
    Node n;
    n.offset = p_;
    const char c = Peek();
    if (AtEnd()) return Fail(p_, "Invalid value");
    if (c == '"') {
      n.kind = Node::Kind::kString;
      if (!String(&n.text)) return false;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      n.kind = Node::Kind::kNumber;
      if (!Number()) return false;
      n.text.assign(s_.data() + n.offset, p_ - n.offset);
    } else if (!Literal("null", Node::Kind::kNull, &n) &&
               !Literal("true", Node::Kind::kTrue, &n) &&
               !Literal("false", Node::Kind::kFalse, &n)) {
      return Fail(p_, "Invalid value");
    }
    Attach(std::move(n));
    return true;
  }

  bool Literal(absl::string_view word, Node::Kind kind, Node* n) {
    if (s_.substr(p_, word.size()) != word) return false;
    p_ += word.size();
    n->kind = kind;
    return true;
  }

  // -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  bool Number() {
    auto digit = [&] { return !AtEnd() && s_[p_] >= '0' && s_[p_] <= '9'; };
    const size_t start = p_;
    if (Peek() == '-') ++p_;
    if (!digit()) return Fail(start, "Invalid value");
    if (s_[p_] == '0') {
      ++p_;
    } else {
      while (digit()) ++p_;
    }
    if (!AtEnd() && s_[p_] == '.') {
      ++p_;
      if (!digit()) return Fail(p_, "Miss fraction part in number");
      while (digit()) ++p_;
    }
    bool exponent = false;
    if (!AtEnd() && (s_[p_] == 'e' || s_[p_] == 'E')) {
      exponent = true;
      ++p_;
      if (!AtEnd() && (s_[p_] == '+' || s_[p_] == '-')) ++p_;
      if (!digit()) return Fail(p_, "Miss exponent in number");
      while (digit()) ++p_;
    }
    // A number whose magnitude no double holds (only an exponent or more
    // than 308 digits can make one) is refused here, as RapidJSON did; the
    // conversion judges the rest (int64 range, underflow).
    if (exponent || p_ - start > 308) {
      const std::string text(s_.substr(start, p_ - start));
      if (std::isinf(std::strtod(text.c_str(), nullptr))) {
        return Fail(start, "Number too big to be stored in double");
      }
    }
    return true;
  }

  bool Hex4(uint32_t* cp) {
    if (s_.size() - p_ < 4) {
      return Fail(p_, "Incorrect hex digit after \\u escape in string");
    }
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const int d = HexDigit(s_[p_ + i]);
      if (d < 0) {
        return Fail(p_ + i, "Incorrect hex digit after \\u escape in string");
      }
      v = (v << 4) | static_cast<uint32_t>(d);
    }
    p_ += 4;
    *cp = v;
    return true;
  }

  // The string at p_ (its opening quote), unescaped into *out.
  bool String(std::string* out) {
    const size_t start = p_++;
    out->clear();
    while (true) {
      // A run of plain bytes is copied at once.
      size_t q = p_;
      while (q < s_.size()) {
        const unsigned char c = static_cast<unsigned char>(s_[q]);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
        ++q;
      }
      out->append(s_.data() + p_, q - p_);
      p_ = q;
      if (AtEnd()) {
        return Fail(p_, "Missing a closing quotation mark in string");
      }
      const unsigned char c = static_cast<unsigned char>(s_[p_]);
      if (c == '"') {
        ++p_;
        return true;
      }
      if (c == 0) {
        return Fail(p_, "Missing a closing quotation mark in string");
      }
      if (c < 0x20) {
        return Fail(p_, "Invalid escape character in string");
      }
      if (c >= 0x80) {
        const size_t len = Utf8Sequence(s_, p_);
        if (len == 0) return Fail(p_, "Invalid encoding in string");
        out->append(s_.data() + p_, len);
        p_ += len;
        continue;
      }
      // A backslash.
      const size_t escape = p_++;
      if (AtEnd()) return Fail(escape, "Invalid escape character in string");
      const char e = s_[p_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out->push_back(e);
          break;
        case 'b':
          out->push_back('\b');
          break;
        case 'f':
          out->push_back('\f');
          break;
        case 'n':
          out->push_back('\n');
          break;
        case 'r':
          out->push_back('\r');
          break;
        case 't':
          out->push_back('\t');
          break;
        case 'u': {
          uint32_t cp;
          if (!Hex4(&cp)) return false;
          if (cp >= 0xd800 && cp <= 0xdbff) {
            uint32_t low;
            if (s_.substr(p_, 2) != "\\u") {
              return Fail(p_, "The surrogate pair in string is invalid");
            }
            p_ += 2;
            if (!Hex4(&low)) return false;
            if (low < 0xdc00 || low > 0xdfff) {
              return Fail(p_ - 4, "The surrogate pair in string is invalid");
            }
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          } else if (cp >= 0xdc00 && cp <= 0xdfff) {
            return Fail(start, "string with an unpaired surrogate \\u escape");
          }
          AppendUtf8(cp, out);
          break;
        }
        default:
          return Fail(escape, "Invalid escape character in string");
      }
    }
  }

  absl::string_view s_;
  size_t p_ = 0;
  std::vector<Node> stack_;
  Node root_;
  std::string error_;
  size_t error_offset_ = 0;
};

}  // namespace

bool ReadTree(absl::string_view body, Node* root, size_t* error_offset,
              std::string* error) {
  return Reader(body).Run(root, error_offset, error);
}

}  // namespace json_internal
}  // namespace text
}  // namespace gdwire
