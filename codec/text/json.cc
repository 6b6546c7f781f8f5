// Copyright 2026 The gdwire Authors.
//
// gdwire's lossless JSON form. docs/JSON.md has the full description with an
// example of every type; in short:
//
//   null, true, false        Nil, bool
//   42                       int: a JSON integer when |v| <= 2^53, else
//                            {"int": "-9223372036854775808"}
//   1.0, 0.1, -0.0, 1e+300   float: a JSON number written with '.' or 'e'
//                            (shortest round trip); {"float": "inf"},
//                            "-inf", "nan" (bits 7ff8000000000000) or
//                            "nan:<16 hex digits>" (exact bits)
//   "text"                   String when valid UTF-8, else
//                            {"String": {"base64": "7aCA"}}
//   [1, "a", null]           untyped Array
//   {"<Type>": payload}      every other type, named as TypeName() names it:
//     {"Vector3": [1.0, 2.0, 3.0]}    math types: components in wire order
//     {"Vector2i": [1, 2]}            integer vectors, Rect2i
//     {"StringName": "hp"}            {"NodePath": "/root/Main:position:x"}
//     {"RID": 5}                      {"Callable": null}
//     {"Signal": {"name": "hit", "object_id": 5}}
//     {"Object": null} / {"Object": {"id": 5}} /
//     {"Object": {"class": "Node", "properties": {"name": "A"}}}
//     {"Array": [1, 2], "type": "int"}              typed Array
//     {"Dictionary": {"a": 1}}                       String keys only
//     {"Dictionary": [[1, "x"], [{"Vector2": [0.0, 0.0]}, null]]}
//                                                    any other keys
//     {"Dictionary": {"x": 1}, "key_type": "String", "value_type": "int"}
//     {"PackedByteArray": "AQID"}                    base64
//     {"PackedVector2Array": [1.0, 2.0, 3.0, 4.0]}   flat components
//
// Inside a payload a real is a JSON number or one of the strings above
// ("nan:" + 8 hex digits for f32 storage: PackedFloat32Array,
// PackedColorArray); a 64-bit integer is a number, or a decimal string when
// |v| > 2^53; any text (names, class names, packed strings) is a JSON
// string or {"base64": "..."} when it is not valid UTF-8 (Godot 3's
// surrogates and code points above U+10FFFF). Dictionaries keep their
// entries exactly as stored, in order.
//
// FromJson parses with RapidJSON's iterative SAX reader (no recursion on the
// input's nesting) into a small tree that records where each value starts,
// so every error names its line and column. JSON nested more than
// kMaxJsonDepth arrays/objects, and values nested more than kMaxValueDepth
// containers (the binary codec's default max_depth), are refused.

#include "codec/text/json.h"

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
#include "rapidjson/error/en.h"
#include "rapidjson/memorystream.h"
#include "rapidjson/reader.h"

namespace gdwire {
namespace text {
namespace {

// Containers (Array, Dictionary, Object) may nest this deep, as in the
// binary codec's default DecodeOptions/EncodeOptions::max_depth.
constexpr int kMaxValueDepth = 1024;
// JSON arrays/objects open at once. A value at the deepest allowed level
// needs at most 4 JSON levels per container level (an Object's properties
// as [name, value] pairs) plus 4 for itself, 4 * 1024 + 4 = 4100.
constexpr size_t kMaxJsonDepth = 4200;
// Integers up to this magnitude are JSON numbers (exact in an IEEE double,
// so every JSON tool reads them right); larger ones are decimal strings.
constexpr uint64_t kMaxPlainInt = uint64_t{1} << 53;
constexpr uint64_t kDefaultNan64 = 0x7ff8000000000000;
constexpr uint32_t kDefaultNan32 = 0x7fc00000;

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

// A finite f64 or f32 with the fewest digits that read back to the same
// value, always with '.' or an exponent: "1.0", "-0.0", "1e+300".
template <typename T>
void AppendFinite(T x, std::string* out) {
  char buf[64];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof(buf), x);
  const absl::string_view s(buf, static_cast<size_t>(r.ptr - buf));
  out->append(s.data(), s.size());
  if (s.find_first_of(".e") == absl::string_view::npos) out->append(".0");
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

bool IsUntyped(const ContainerType& ct) { return ct == ContainerType(); }

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

// ---- Writing ---------------------------------------------------------------

// Writes the JSON form. The recursive path (Value, ArrayJson,
// DictionaryJson, ObjectJson) keeps its frames small; everything else is
// out of line.
class Writer {
 public:
  explicit Writer(std::string* out) : out_(*out) {}

  void Value(const Variant& v) {
    switch (v.type()) {
      case Type::kArray:
        ArrayJson(v.array());
        return;
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        ArrayJson(v.array(), v.type());
        return;
      case Type::kDictionary:
        DictionaryJson(v.dictionary());
        return;
      case Type::kObject:
        ObjectJson(v.object());
        return;
      default:
        Leaf(v);
        return;
    }
  }

 private:
  // ---- The recursive path.

  // Pandemonium's TypedArray / PackedTypedArray: {"TypedArray": [...],
  // "type": "int"} (always with its type).
  void ArrayJson(const Array& a, Type t = Type::kArray) {
    const bool typed = t != Type::kArray || !IsUntyped(a.element_type);
    if (typed) OpenTag(t);
    out_.push_back('[');
    for (size_t i = 0; i < a.items.size(); ++i) {
      if (i != 0) out_.push_back(',');
      Value(a.items[i]);
    }
    out_.push_back(']');
    if (typed) {
      out_.append(",\"type\":");
      Container(a.element_type);
      out_.push_back('}');
    }
  }

  void DictionaryJson(const Dictionary& d) {
    OpenTag(Type::kDictionary);
    const bool as_object = HasUniqueStringKeys(d);
    out_.push_back(as_object ? '{' : '[');
    for (size_t i = 0; i < d.entries.size(); ++i) {
      if (i != 0) out_.push_back(',');
      if (as_object) {
        Quoted(d.entries[i].first.as_string());
        out_.push_back(':');
      } else {
        out_.push_back('[');
        Value(d.entries[i].first);
        out_.push_back(',');
      }
      Value(d.entries[i].second);
      if (!as_object) out_.push_back(']');
    }
    out_.push_back(as_object ? '}' : ']');
    if (!IsUntyped(d.key_type)) {
      out_.append(",\"key_type\":");
      Container(d.key_type);
    }
    if (!IsUntyped(d.value_type)) {
      out_.append(",\"value_type\":");
      Container(d.value_type);
    }
    out_.push_back('}');
  }

  void ObjectJson(const Object& o) {
    OpenTag(Type::kObject);
    // Fields are written when the kind has them or they are set; "kind" only
    // when the fields written would imply another kind.
    const bool has_id = o.kind == Object::Kind::kId || o.id != 0;
    const bool has_full = o.kind == Object::Kind::kFull ||
                          !o.class_name.empty() || !o.properties.empty();
    const Object::Kind implied = has_full ? Object::Kind::kFull
                                 : has_id ? Object::Kind::kId
                                          : Object::Kind::kNull;
    if (implied == Object::Kind::kNull && o.kind == Object::Kind::kNull) {
      out_.append("null}");
      return;
    }
    out_.push_back('{');
    if (implied != o.kind) {
      out_.append("\"kind\":");
      Quoted(ObjectKindName(o.kind));
      if (has_id || has_full) out_.push_back(',');
    }
    if (has_id) {
      out_.append("\"id\":");
      U64(o.id);
      if (has_full) out_.push_back(',');
    }
    if (has_full) {
      out_.append("\"class\":");
      Text(o.class_name);
      out_.append(",\"properties\":");
      const bool as_object = HasUniqueNames(o);
      out_.push_back(as_object ? '{' : '[');
      for (size_t i = 0; i < o.properties.size(); ++i) {
        if (i != 0) out_.push_back(',');
        if (as_object) {
          Quoted(o.properties[i].first);
          out_.push_back(':');
        } else {
          out_.push_back('[');
          Text(o.properties[i].first);
          out_.push_back(',');
        }
        Value(o.properties[i].second);
        if (!as_object) out_.push_back(']');
      }
      out_.push_back(as_object ? '}' : ']');
    }
    out_.append("}}");
  }

  // ---- Out of line.

  // True when the Dictionary can be a JSON object: String keys only, each
  // valid UTF-8, no two the same.
  ABSL_ATTRIBUTE_NOINLINE static bool HasUniqueStringKeys(const Dictionary& d) {
    std::vector<absl::string_view> keys;
    keys.reserve(d.entries.size());
    for (const auto& kv : d.entries) {
      if (kv.first.type() != Type::kString) return false;
      keys.push_back(kv.first.as_string());
    }
    return AreUniqueUtf8Keys(std::move(keys));
  }

  ABSL_ATTRIBUTE_NOINLINE static bool HasUniqueNames(const Object& o) {
    std::vector<absl::string_view> names;
    names.reserve(o.properties.size());
    for (const auto& p : o.properties) names.push_back(p.first);
    return AreUniqueUtf8Keys(std::move(names));
  }

  ABSL_ATTRIBUTE_NOINLINE void Quoted(absl::string_view s) {
    AppendQuoted(s, &out_);
  }

  void OpenTag(Type t) {
    out_.append("{\"");
    out_.append(TypeName(t).data(), TypeName(t).size());
    out_.append("\":");
  }

  static bool FitsPlain(int64_t i) {
    return i >= -static_cast<int64_t>(kMaxPlainInt) &&
           i <= static_cast<int64_t>(kMaxPlainInt);
  }

  // Every type but Array, Dictionary and Object.
  ABSL_ATTRIBUTE_NOINLINE void Leaf(const Variant& v) {
    const Type t = v.type();
    if (RealComponents(t) != 0) {
      OpenTag(t);
      List(v.reals(), [this](double d) { Real(d); });
      out_.push_back('}');
      return;
    }
    if (IntComponents(t) != 0) {
      OpenTag(t);
      List(v.ints(), [this](int32_t i) { absl::StrAppend(&out_, i); });
      out_.push_back('}');
      return;
    }
    switch (t) {
      case Type::kNil:
        out_.append("null");
        return;
      case Type::kBool:
        out_.append(v.as_bool() ? "true" : "false");
        return;
      case Type::kInt:
        if (FitsPlain(v.as_int())) {
          absl::StrAppend(&out_, v.as_int());
          return;
        }
        OpenTag(t);
        I64(v.as_int());
        break;
      case Type::kFloat:
        if (std::isfinite(v.as_float())) {
          AppendFinite(v.as_float(), &out_);
          return;
        }
        OpenTag(t);
        Real(v.as_float());
        break;
      case Type::kString:
        if (IsUtf8(v.as_string())) {
          Quoted(v.as_string());
          return;
        }
        OpenTag(t);
        Text(v.as_string());
        break;
      case Type::kStringName:
        OpenTag(t);
        Text(v.as_string());
        break;
      case Type::kNodePath:
        OpenTag(t);
        NodePathJson(v.node_path());
        break;
      case Type::kRID:
        OpenTag(t);
        U64(v.rid());
        break;
      case Type::kCallable:
        OpenTag(t);
        out_.append("null");
        break;
      case Type::kSignal:
        OpenTag(t);
        out_.append("{\"name\":");
        Text(v.signal().name);
        out_.append(",\"object_id\":");
        U64(v.signal().object_id);
        out_.push_back('}');
        break;
      case Type::kPackedByteArray: {
        OpenTag(t);
        const std::vector<uint8_t>& b = v.packed_bytes();
        Quoted(absl::Base64Escape(absl::string_view(
            reinterpret_cast<const char*>(b.data()), b.size())));
        break;
      }
      case Type::kPackedInt32Array:
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray:
        OpenTag(t);
        List(v.packed_int32(),
             [this](int32_t i) { absl::StrAppend(&out_, i); });
        break;
      case Type::kPackedInt64Array:
        OpenTag(t);
        List(v.packed_int64(), [this](int64_t i) { I64(i); });
        break;
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray:
        OpenTag(t);
        List(v.packed_float32(), [this](float f) { Real32(f); });
        break;
      case Type::kPackedFloat64Array:
      case Type::kPackedVector2Array:
      case Type::kPackedVector3Array:
      case Type::kPackedVector4Array:
        OpenTag(t);  // vectors: f32 or f64 storage, read as doubles
        List(v.packed_reals(), [this](double d) { Real(d); });
        break;
      case Type::kPackedStringArray:
        OpenTag(t);
        List(v.packed_strings(), [this](const std::string& s) { Text(s); });
        break;
      default:  // not reached: Value handles the containers
        out_.append("null");
        return;
    }
    out_.push_back('}');
  }

  template <typename C, typename F>
  void List(const C& items, F each) {
    out_.push_back('[');
    bool first = true;
    for (const auto& x : items) {
      if (!first) out_.push_back(',');
      first = false;
      each(x);
    }
    out_.push_back(']');
  }

  ABSL_ATTRIBUTE_NOINLINE void Text(absl::string_view s) {
    if (IsUtf8(s)) {
      AppendQuoted(s, &out_);
    } else {
      out_.append("{\"base64\":");
      AppendQuoted(absl::Base64Escape(s), &out_);
      out_.push_back('}');
    }
  }

  void Real(double d) {
    if (std::isfinite(d)) {
      AppendFinite(d, &out_);
    } else {
      AppendQuoted(NonFinite64(d), &out_);
    }
  }

  void Real32(float f) {
    if (std::isfinite(f)) {
      AppendFinite(f, &out_);
    } else {
      AppendQuoted(NonFinite32(f), &out_);
    }
  }

  void I64(int64_t i) {
    if (FitsPlain(i)) {
      absl::StrAppend(&out_, i);
    } else {
      AppendQuoted(absl::StrCat(i), &out_);
    }
  }

  ABSL_ATTRIBUTE_NOINLINE void U64(uint64_t u) {
    if (u <= kMaxPlainInt) {
      absl::StrAppend(&out_, u);
    } else {
      AppendQuoted(absl::StrCat(u), &out_);
    }
  }

  ABSL_ATTRIBUTE_NOINLINE void Container(const ContainerType& ct) {
    switch (ct.kind) {
      case ContainerType::Kind::kBuiltin:
        if (ct.name.empty()) {
          AppendQuoted(TypeName(ct.builtin), &out_);
          return;
        }
        break;
      case ContainerType::Kind::kClassName:
      case ContainerType::Kind::kScript:
        if (ct.builtin == Type::kObject) {
          out_.append(ct.kind == ContainerType::Kind::kScript ? "{\"script\":"
                                                              : "{\"class\":");
          Text(ct.name);
          out_.push_back('}');
          return;
        }
        break;
      default:
        break;
    }
    // Any other combination of fields: spelled out in full.
    out_.append("{\"kind\":");
    AppendQuoted(ContainerKindName(ct.kind), &out_);
    out_.append(",\"builtin\":");
    AppendQuoted(TypeName(ct.builtin), &out_);
    out_.append(",\"name\":");
    Text(ct.name);
    out_.push_back('}');
  }

  void NodePathJson(const NodePath& p) {
    bool utf8 = true;
    for (const std::string& s : p.names) utf8 = utf8 && IsUtf8(s);
    for (const std::string& s : p.subnames) utf8 = utf8 && IsUtf8(s);
    if (utf8) {
      const std::string s = FormatNodePath(p);
      if (ParseNodePath(s) == p) {
        AppendQuoted(s, &out_);
        return;
      }
    }
    out_.append("{\"names\":");
    List(p.names, [this](const std::string& s) { Text(s); });
    out_.append(",\"subnames\":");
    List(p.subnames, [this](const std::string& s) { Text(s); });
    out_.append(p.absolute ? ",\"absolute\":true}" : ",\"absolute\":false}");
  }

  std::string& out_;
};

// ---- Reading: JSON text -> Node tree ---------------------------------------

// A parsed JSON value and the byte offset where it starts.
struct Node {
  enum class Kind : uint8_t {
    kNull,
    kFalse,
    kTrue,
    kNumber,
    kString,
    kArray,
    kObject
  };
  Kind kind = Kind::kNull;
  size_t offset = 0;
  std::string text;         // kNumber: the literal; kString: the string
  std::vector<Node> items;  // kArray: elements; kObject: key, value, ...
};

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

// A key or string for an error message: quoted, escaped, shortened.
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

// RapidJSON SAX handler that builds the Node tree with an explicit stack.
class TreeBuilder {
 public:
  TreeBuilder(absl::string_view json, const rapidjson::MemoryStream* stream)
      : json_(json), stream_(*stream) {}

  bool Null() { return Scalar(Node::Kind::kNull, {}); }
  bool Bool(bool b) {
    return Scalar(b ? Node::Kind::kTrue : Node::Kind::kFalse, {});
  }
  // With kParseNumbersAsStringsFlag every number arrives as RawNumber.
  bool Int(int) { return Unexpected(); }
  bool Uint(unsigned) { return Unexpected(); }
  bool Int64(int64_t) { return Unexpected(); }
  bool Uint64(uint64_t) { return Unexpected(); }
  bool Double(double) { return Unexpected(); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    return Scalar(Node::Kind::kNumber, absl::string_view(s, n));
  }
  bool String(const char* s, rapidjson::SizeType n, bool) {
    return Scalar(Node::Kind::kString, absl::string_view(s, n));
  }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    return Scalar(Node::Kind::kString, absl::string_view(s, n));
  }
  bool StartObject() { return Open(Node::Kind::kObject); }
  bool EndObject(rapidjson::SizeType) { return Close(); }
  bool StartArray() { return Open(Node::Kind::kArray); }
  bool EndArray(rapidjson::SizeType) { return Close(); }

  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  size_t error_offset() const { return error_offset_; }
  const Node& root() const { return root_; }

 private:
  bool Fail(size_t offset, std::string message) {
    error_offset_ = offset;
    error_ = std::move(message);
    return false;
  }
  bool Unexpected() { return Fail(stream_.Tell(), "internal: unexpected"); }

  // Where the token after the last one starts: scalars are reported after
  // they are read, so their start is found from the end of the previous
  // token by skipping whitespace and separators.
  size_t NextTokenStart() const {
    size_t p = last_end_;
    while (p < json_.size() &&
           (json_[p] == ' ' || json_[p] == '\t' || json_[p] == '\n' ||
            json_[p] == '\r' || json_[p] == ',' || json_[p] == ':')) {
      ++p;
    }
    return p;
  }

  bool Scalar(Node::Kind kind, absl::string_view text) {
    Node n;
    n.kind = kind;
    n.offset = NextTokenStart();
    last_end_ = stream_.Tell();
    if (kind == Node::Kind::kString && !IsUtf8(text)) {
      // The reader validates raw bytes; only a \u escape of an unpaired
      // surrogate (\uDC00-\uDFFF) can get here.
      return Fail(n.offset, "string with an unpaired surrogate \\u escape");
    }
    n.text.assign(text.data(), text.size());
    Attach(std::move(n));
    return true;
  }

  // The iterative reader reports StartObject/StartArray and their ends
  // with the stream at the bracket.
  bool Open(Node::Kind kind) {
    if (stack_.size() >= kMaxJsonDepth) {
      return Fail(stream_.Tell(),
                  absl::StrCat("JSON nested deeper than ", kMaxJsonDepth,
                               " arrays/objects"));
    }
    Node n;
    n.kind = kind;
    n.offset = stream_.Tell();
    last_end_ = n.offset + 1;
    stack_.push_back(std::move(n));
    return true;
  }

  bool Close() {
    Node n = std::move(stack_.back());
    stack_.pop_back();
    last_end_ = stream_.Tell() + 1;
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

  absl::string_view json_;
  const rapidjson::MemoryStream& stream_;
  std::vector<Node> stack_;
  Node root_;
  size_t last_end_ = 0;
  std::string error_;
  size_t error_offset_ = 0;
};

// ---- Reading: Node tree -> Variant -----------------------------------------

enum class IntParse { kOk, kMalformed, kOutOfRange };

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

// Converts the Node tree to a Variant. The functions on the recursive path
// (Value, Tagged, ArrayValue, DictionaryValue, ObjectValue, Properties) keep
// their frames small, with everything else out of line, so that the deepest
// accepted value fits easily in a thread's stack even under sanitizers.
class Converter {
 public:
  Converter(absl::string_view json, size_t base) : json_(json), base_(base) {}

  absl::Status Value(const Node& n, int depth, Variant* out) const {
    if (depth > kMaxValueDepth) return TooDeep(n);
    switch (n.kind) {
      case Node::Kind::kArray:
        return ArrayValue(Type::kArray, n, nullptr, depth, out);
      case Node::Kind::kObject:
        return Tagged(n, depth, out);
      default:
        return Scalar(n, out);
    }
  }

 private:
  // ---- The recursive path.

  // {"<Type>": payload, attributes...}
  absl::Status Tagged(const Node& n, int depth, Variant* out) const {
    size_t tag = n.items.size();
    Type t = Type::kNil;
    for (size_t i = 0; i + 1 < n.items.size(); i += 2) {
      Type kt = Type::kNil;
      if (!TypeFromName(n.items[i].text, &kt)) continue;
      if (tag != n.items.size()) {
        return TwoTags(n.items[tag], n.items[i]);
      }
      tag = i;
      t = kt;
    }
    if (tag == n.items.size()) return NoTag(n);
    const Node* attrs[2] = {nullptr, nullptr};  // type / key_type, value_type
    for (size_t i = 0; i + 1 < n.items.size(); i += 2) {
      if (i == tag) continue;
      const std::string& key = n.items[i].text;
      if (IsArrayType(t) && key == "type") {
        attrs[0] = &n.items[i + 1];
      } else if (t == Type::kDictionary && key == "key_type") {
        attrs[0] = &n.items[i + 1];
      } else if (t == Type::kDictionary && key == "value_type") {
        attrs[1] = &n.items[i + 1];
      } else {
        return UnexpectedKey(n.items[i], n.items[tag]);
      }
    }
    const Node& payload = n.items[tag + 1];
    switch (t) {
      case Type::kArray:
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        return ArrayValue(t, payload, attrs[0], depth, out);
      case Type::kDictionary:
        return DictionaryValue(payload, attrs[0], attrs[1], depth, out);
      case Type::kObject:
        return ObjectValue(payload, depth, out);
      default:
        return Leaf(t, payload, out);
    }
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status ArrayValue(Type t, const Node& p,
                                                  const Node* element_type,
                                                  int depth,
                                                  Variant* out) const {
    if (p.kind != Node::Kind::kArray) {
      return Got(p, absl::StrCat("\"", TypeName(t), "\" takes an array"));
    }
    *out = t == Type::kTypedArray ? Variant::MakeTypedArray(Array())
           : t == Type::kPackedTypedArray
               ? Variant::MakePackedTypedArray(Array())
               : Variant::MakeArray();
    gdwire::Array& a = out->mutable_array();
    if (element_type != nullptr) {
      if (absl::Status s = Container(*element_type, &a.element_type); !s.ok()) {
        return s;
      }
    }
    a.items.resize(p.items.size());
    for (size_t i = 0; i < p.items.size(); ++i) {
      if (absl::Status s = Value(p.items[i], depth + 1, &a.items[i]); !s.ok()) {
        return s;
      }
    }
    return absl::OkStatus();
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status DictionaryValue(const Node& p,
                                                       const Node* key_type,
                                                       const Node* value_type,
                                                       int depth,
                                                       Variant* out) const {
    *out = Variant::MakeDictionary();
    Dictionary& d = out->mutable_dictionary();
    if (key_type != nullptr) {
      if (absl::Status s = Container(*key_type, &d.key_type); !s.ok()) return s;
    }
    if (value_type != nullptr) {
      if (absl::Status s = Container(*value_type, &d.value_type); !s.ok()) {
        return s;
      }
    }
    if (p.kind == Node::Kind::kObject) {
      d.entries.resize(p.items.size() / 2);
      for (size_t i = 0; i < d.entries.size(); ++i) {
        d.entries[i].first = Variant::String(p.items[2 * i].text);
        if (absl::Status s =
                Value(p.items[2 * i + 1], depth + 1, &d.entries[i].second);
            !s.ok()) {
          return s;
        }
      }
      return absl::OkStatus();
    }
    if (p.kind != Node::Kind::kArray) {
      return Got(p,
                 "\"Dictionary\" takes an object or an array of [key, "
                 "value] pairs");
    }
    d.entries.resize(p.items.size());
    for (size_t i = 0; i < p.items.size(); ++i) {
      const Node& e = p.items[i];
      if (e.kind != Node::Kind::kArray || e.items.size() != 2) {
        return Error(e, "a Dictionary entry is a [key, value] array");
      }
      if (absl::Status s = Value(e.items[0], depth + 1, &d.entries[i].first);
          !s.ok()) {
        return s;
      }
      if (absl::Status s = Value(e.items[1], depth + 1, &d.entries[i].second);
          !s.ok()) {
        return s;
      }
    }
    return absl::OkStatus();
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status ObjectValue(const Node& p, int depth,
                                                   Variant* out) const {
    *out = Variant::MakeObject({});
    if (p.kind == Node::Kind::kNull) return absl::OkStatus();
    if (p.kind != Node::Kind::kObject) {
      return Got(p, "\"Object\" takes null or an object");
    }
    Object& o = out->mutable_object();
    const Node* kind = nullptr;
    bool has_id = false;
    bool has_full = false;
    for (size_t i = 0; i + 1 < p.items.size(); i += 2) {
      const std::string& key = p.items[i].text;
      const Node& v = p.items[i + 1];
      absl::Status s;
      if (key == "kind") {
        kind = &v;
      } else if (key == "id") {
        has_id = true;
        s = U64(v, &o.id);
      } else if (key == "class") {
        has_full = true;
        s = Text(v, &o.class_name);
      } else if (key == "properties") {
        has_full = true;
        s = Properties(v, depth, &o.properties);
      } else {
        return ErrorQuoting(p.items[i], "unexpected key ", key,
                            " in an Object");
      }
      if (!s.ok()) return s;
    }
    if (kind != nullptr) return ObjectKind(*kind, &o.kind);
    o.kind = has_full ? Object::Kind::kFull
             : has_id ? Object::Kind::kId
                      : Object::Kind::kNull;
    return absl::OkStatus();
  }

  // {"name": value, ...} or [[name, value], ...].
  ABSL_ATTRIBUTE_NOINLINE absl::Status Properties(
      const Node& p, int depth,
      std::vector<std::pair<std::string, Variant>>* out) const {
    if (p.kind == Node::Kind::kObject) {
      out->resize(p.items.size() / 2);
      for (size_t i = 0; i < out->size(); ++i) {
        (*out)[i].first = p.items[2 * i].text;
        if (absl::Status s =
                Value(p.items[2 * i + 1], depth + 1, &(*out)[i].second);
            !s.ok()) {
          return s;
        }
      }
      return absl::OkStatus();
    }
    if (p.kind != Node::Kind::kArray) {
      return Got(p,
                 "\"properties\" takes an object or an array of [name, "
                 "value] pairs");
    }
    out->resize(p.items.size());
    for (size_t i = 0; i < p.items.size(); ++i) {
      const Node& e = p.items[i];
      if (e.kind != Node::Kind::kArray || e.items.size() != 2) {
        return Error(e, "a property is a [name, value] array");
      }
      if (absl::Status s = Text(e.items[0], &(*out)[i].first); !s.ok()) {
        return s;
      }
      if (absl::Status s = Value(e.items[1], depth + 1, &(*out)[i].second);
          !s.ok()) {
        return s;
      }
    }
    return absl::OkStatus();
  }

  // ---- Errors (out of line: their temporaries stay off the recursive path).

  ABSL_ATTRIBUTE_NOINLINE absl::Status Error(const Node& n,
                                             absl::string_view message) const {
    return PositionError(json_, base_ + n.offset, message);
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status ErrorQuoting(
      const Node& n, absl::string_view before, absl::string_view quoted,
      absl::string_view after) const {
    return Error(n, absl::StrCat(before, Quote(quoted), after));
  }

  // "<expected>, got <what n is>".
  ABSL_ATTRIBUTE_NOINLINE absl::Status Got(const Node& n,
                                           absl::string_view expected) const {
    return Error(n,
                 absl::StrCat(expected, ", got ",
                              n.kind == Node::Kind::kString
                                  ? absl::StrCat("the string ", Quote(n.text))
                                  : std::string(KindName(n))));
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status TwoTags(const Node& first,
                                               const Node& second) const {
    return Error(
        second, absl::StrCat("two type tags in one object: ", Quote(first.text),
                             " and ", Quote(second.text)));
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status UnexpectedKey(const Node& key,
                                                     const Node& tag) const {
    return Error(key, absl::StrCat("unexpected key ", Quote(key.text),
                                   " beside ", Quote(tag.text)));
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status TooDeep(const Node& n) const {
    return Error(n, absl::StrCat("value nested deeper than ", kMaxValueDepth,
                                 " containers"));
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status NoTag(const Node& n) const {
    if (n.items.empty()) {
      return Error(n,
                   "empty object: expected a type tag such as "
                   "{\"Vector3\": [...]}");
    }
    return ErrorQuoting(n.items[0], "unknown type tag ", n.items[0].text,
                        " (expected a type name such as \"Vector3\"; a "
                        "Dictionary is written {\"Dictionary\": {...}})");
  }

  // ---- Leaves.

  ABSL_ATTRIBUTE_NOINLINE absl::Status Scalar(const Node& n,
                                              Variant* out) const {
    switch (n.kind) {
      case Node::Kind::kNull:
        *out = Variant();
        return absl::OkStatus();
      case Node::Kind::kFalse:
      case Node::Kind::kTrue:
        *out = Variant::Bool(n.kind == Node::Kind::kTrue);
        return absl::OkStatus();
      case Node::Kind::kNumber:
        if (IsIntegerLiteral(n.text)) {
          int64_t i;
          if (absl::Status s = I64(n, &i); !s.ok()) return s;
          *out = Variant::Int(i);
        } else {
          double d;
          if (absl::Status s = Number(n, &d); !s.ok()) return s;
          *out = Variant::Float(d);
        }
        return absl::OkStatus();
      default:
        *out = Variant::String(n.text);
        return absl::OkStatus();
    }
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status ObjectKind(const Node& n,
                                                  Object::Kind* out) const {
    if (n.kind == Node::Kind::kString && n.text == "null") {
      *out = Object::Kind::kNull;
    } else if (n.kind == Node::Kind::kString && n.text == "id") {
      *out = Object::Kind::kId;
    } else if (n.kind == Node::Kind::kString && n.text == "full") {
      *out = Object::Kind::kFull;
    } else {
      return Error(n, "\"kind\" is \"null\", \"id\" or \"full\"");
    }
    return absl::OkStatus();
  }

  // The payload of every type but Array, Dictionary and Object.
  ABSL_ATTRIBUTE_NOINLINE absl::Status Leaf(Type t, const Node& p,
                                            Variant* out) const {
    const std::string what = absl::StrCat("\"", TypeName(t), "\" takes ");
    if (int n = RealComponents(t)) {
      std::vector<double> c;
      if (absl::Status s = List(p, t, &Converter::Real, &c); !s.ok()) return s;
      if (c.size() != static_cast<size_t>(n)) return Count(p, t, n, c.size());
      *out = Variant::Math(t, c);
      return absl::OkStatus();
    }
    if (int n = IntComponents(t)) {
      std::vector<int32_t> c;
      if (absl::Status s = List(p, t, &Converter::I32, &c); !s.ok()) return s;
      if (c.size() != static_cast<size_t>(n)) return Count(p, t, n, c.size());
      *out = Variant::IntMath(t, c);
      return absl::OkStatus();
    }
    switch (t) {
      case Type::kNil:
        if (p.kind != Node::Kind::kNull) return Got(p, what + "null");
        *out = Variant();
        return absl::OkStatus();
      case Type::kBool:
        if (p.kind != Node::Kind::kTrue && p.kind != Node::Kind::kFalse) {
          return Got(p, what + "true or false");
        }
        *out = Variant::Bool(p.kind == Node::Kind::kTrue);
        return absl::OkStatus();
      case Type::kInt: {
        int64_t i;
        if (absl::Status s = I64(p, &i); !s.ok()) return s;
        *out = Variant::Int(i);
        return absl::OkStatus();
      }
      case Type::kFloat: {
        double d;
        if (absl::Status s = Real(p, &d); !s.ok()) return s;
        *out = Variant::Float(d);
        return absl::OkStatus();
      }
      case Type::kString:
      case Type::kStringName: {
        std::string s;
        if (absl::Status st = Text(p, &s); !st.ok()) return st;
        *out = t == Type::kString ? Variant::String(std::move(s))
                                  : Variant::StringName(std::move(s));
        return absl::OkStatus();
      }
      case Type::kNodePath:
        return NodePathValue(p, out);
      case Type::kRID: {
        uint64_t id;
        if (absl::Status s = U64(p, &id); !s.ok()) return s;
        *out = Variant::Rid(id);
        return absl::OkStatus();
      }
      case Type::kCallable:
        if (p.kind != Node::Kind::kNull) return Got(p, what + "null");
        *out = Variant::Callable();
        return absl::OkStatus();
      case Type::kSignal:
        return SignalValue(p, out);
      case Type::kPackedByteArray: {
        std::vector<uint8_t> b;
        if (p.kind == Node::Kind::kString) {
          std::string raw;
          if (absl::Status s = Base64(p, &raw); !s.ok()) return s;
          b.assign(raw.begin(), raw.end());
        } else if (p.kind == Node::Kind::kArray) {
          if (absl::Status s = List(p, t, &Converter::Byte, &b); !s.ok()) {
            return s;
          }
        } else {
          return Got(p, what + "a base64 string");
        }
        *out = Variant::PackedBytes(std::move(b));
        return absl::OkStatus();
      }
      case Type::kPackedInt32Array:
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray: {
        std::vector<int32_t> v;
        if (absl::Status s = List(p, t, &Converter::I32, &v); !s.ok()) return s;
        if (absl::Status s = Multiple(p, t, v.size()); !s.ok()) return s;
        *out = t == Type::kPackedInt32Array
                   ? Variant::PackedInt32(std::move(v))
                   : Variant::PackedIntVectors(t, std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedInt64Array: {
        std::vector<int64_t> v;
        if (absl::Status s = List(p, t, &Converter::I64, &v); !s.ok()) return s;
        *out = Variant::PackedInt64(std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray: {
        std::vector<float> v;
        if (absl::Status s = List(p, t, &Converter::Real32, &v); !s.ok()) {
          return s;
        }
        if (absl::Status s = Multiple(p, t, v.size()); !s.ok()) return s;
        *out = t == Type::kPackedColorArray
                   ? Variant::PackedColors(std::move(v))
                   : Variant::PackedFloat32(std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedFloat64Array:
      case Type::kPackedVector2Array:
      case Type::kPackedVector3Array:
      case Type::kPackedVector4Array: {
        std::vector<double> v;
        if (absl::Status s = List(p, t, &Converter::Real, &v); !s.ok()) {
          return s;
        }
        if (absl::Status s = Multiple(p, t, v.size()); !s.ok()) return s;
        *out = t == Type::kPackedFloat64Array
                   ? Variant::PackedFloat64(std::move(v))
                   : Variant::PackedRealVectors(t, std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedStringArray: {
        std::vector<std::string> v;
        if (absl::Status s = List(p, t, &Converter::Text, &v); !s.ok()) {
          return s;
        }
        *out = Variant::PackedStrings(std::move(v));
        return absl::OkStatus();
      }
      default:
        return ErrorQuoting(p, "unsupported type ", TypeName(t), "");
    }
  }

  // ---- Elements.

  // A JSON array of elements, each read by `read`.
  template <typename T>
  absl::Status List(const Node& p, Type t,
                    absl::Status (Converter::*read)(const Node&, T*) const,
                    std::vector<T>* out) const {
    if (p.kind != Node::Kind::kArray) {
      return Got(p, absl::StrCat("\"", TypeName(t), "\" takes an array"));
    }
    out->resize(p.items.size());
    for (size_t i = 0; i < p.items.size(); ++i) {
      T x;
      if (absl::Status s = (this->*read)(p.items[i], &x); !s.ok()) return s;
      (*out)[i] = std::move(x);
    }
    return absl::OkStatus();
  }

  absl::Status Count(const Node& p, Type t, int n, size_t got) const {
    return Error(p, absl::StrCat("\"", TypeName(t), "\" takes ", n,
                                 " components, got ", got));
  }

  absl::Status Multiple(const Node& p, Type t, size_t size) const {
    const int n = PackedComponents(t);
    if (n == 0 || size % n == 0) return absl::OkStatus();
    return Error(p, absl::StrCat("\"", TypeName(t), "\" takes a multiple of ",
                                 n, " components, got ", size));
  }

  absl::Status I64(const Node& n, int64_t* out) const {
    if (n.kind == Node::Kind::kNumber && !IsIntegerLiteral(n.text)) {
      return Error(n,
                   "expected an integer, got a number with a fraction or "
                   "exponent");
    }
    if (n.kind != Node::Kind::kNumber && n.kind != Node::Kind::kString) {
      return Got(n, "expected an integer");
    }
    switch (ParseI64(n.text, out)) {
      case IntParse::kOk:
        return absl::OkStatus();
      case IntParse::kOutOfRange:
        return Error(n, "integer out of the int64 range");
      default:
        return ErrorQuoting(n, "malformed integer string ", n.text, "");
    }
  }

  absl::Status I32(const Node& n, int32_t* out) const {
    int64_t i;
    if (absl::Status s = I64(n, &i); !s.ok()) return s;
    if (i < std::numeric_limits<int32_t>::min() ||
        i > std::numeric_limits<int32_t>::max()) {
      return Error(n, "integer out of the int32 range");
    }
    *out = static_cast<int32_t>(i);
    return absl::OkStatus();
  }

  absl::Status Byte(const Node& n, uint8_t* out) const {
    int64_t i;
    if (absl::Status s = I64(n, &i); !s.ok()) return s;
    if (i < 0 || i > 255) return Error(n, "byte out of the range 0..255");
    *out = static_cast<uint8_t>(i);
    return absl::OkStatus();
  }

  ABSL_ATTRIBUTE_NOINLINE absl::Status U64(const Node& n, uint64_t* out) const {
    if (n.kind == Node::Kind::kNumber && !IsIntegerLiteral(n.text)) {
      return Error(n,
                   "expected an integer, got a number with a fraction or "
                   "exponent");
    }
    if (n.kind != Node::Kind::kNumber && n.kind != Node::Kind::kString) {
      return Got(n, "expected a non-negative integer");
    }
    switch (ParseU64(n.text, out)) {
      case IntParse::kOk:
        return absl::OkStatus();
      case IntParse::kOutOfRange:
        return Error(n, "integer out of the uint64 range");
      default:
        return Got(n, "expected a non-negative integer");
    }
  }

  // A JSON number literal, correctly rounded to T.
  template <typename T>
  absl::Status Number(const Node& n, T* out) const {
    const char* begin = n.text.data();
    const char* end = begin + n.text.size();
    const absl::from_chars_result r = absl::from_chars(begin, end, *out);
    if (r.ec == std::errc::result_out_of_range) {
      return ErrorQuoting(n, "number ", n.text,
                          sizeof(T) == 8
                              ? " out of the range of a 64-bit float"
                              : " out of the range of a 32-bit float");
    }
    if (r.ec != std::errc() || r.ptr != end) {
      return ErrorQuoting(n, "malformed number ", n.text, "");
    }
    return absl::OkStatus();
  }

  absl::Status Real(const Node& n, double* out) const {
    if (n.kind == Node::Kind::kNumber) return Number(n, out);
    if (n.kind == Node::Kind::kString && ParseNonFinite64(n.text, out)) {
      return absl::OkStatus();
    }
    return Got(n,
               "expected a number or \"inf\", \"-inf\", \"nan\", "
               "\"nan:<16 hex digits>\"");
  }

  absl::Status Real32(const Node& n, float* out) const {
    if (n.kind == Node::Kind::kNumber) return Number(n, out);
    if (n.kind == Node::Kind::kString && ParseNonFinite32(n.text, out)) {
      return absl::OkStatus();
    }
    return Got(n,
               "expected a number or \"inf\", \"-inf\", \"nan\", "
               "\"nan:<8 hex digits>\"");
  }

  absl::Status Base64(const Node& n, std::string* out) const {
    if (n.kind != Node::Kind::kString || !absl::Base64Unescape(n.text, out) ||
        absl::Base64Escape(*out) != n.text) {
      return Error(n, "expected base64 (standard alphabet, '=' padding)");
    }
    return absl::OkStatus();
  }

  // "text" or {"base64": "..."}.
  ABSL_ATTRIBUTE_NOINLINE absl::Status Text(const Node& n,
                                            std::string* out) const {
    if (n.kind == Node::Kind::kString) {
      *out = n.text;
      return absl::OkStatus();
    }
    if (n.kind == Node::Kind::kObject && n.items.size() == 2 &&
        n.items[0].text == "base64") {
      return Base64(n.items[1], out);
    }
    return Got(n, "expected a string or {\"base64\": ...}");
  }

  absl::Status TypeNamed(const Node& n, Type* t) const {
    if (n.kind == Node::Kind::kString && TypeFromName(n.text, t)) {
      return absl::OkStatus();
    }
    return Got(n, "expected a type name such as \"int\"");
  }

  // "TypeName", {"class": T}, {"script": T} or
  // {"kind": ..., "builtin": "TypeName", "name": T}.
  ABSL_ATTRIBUTE_NOINLINE absl::Status Container(const Node& n,
                                                 ContainerType* out) const {
    if (n.kind == Node::Kind::kString) {
      Type t = Type::kNil;
      if (absl::Status s = TypeNamed(n, &t); !s.ok()) return s;
      *out = ContainerType::Builtin(t);
      return absl::OkStatus();
    }
    if (n.kind != Node::Kind::kObject) {
      return Got(n,
                 "a container type is \"TypeName\", {\"class\": ...} or "
                 "{\"script\": ...}");
    }
    const Node* kind = nullptr;
    const Node* builtin = nullptr;
    const Node* name = nullptr;
    const Node* class_name = nullptr;
    const Node* script = nullptr;
    for (size_t i = 0; i + 1 < n.items.size(); i += 2) {
      const Node& key = n.items[i];
      const Node* v = &n.items[i + 1];
      if (key.text == "kind") {
        kind = v;
      } else if (key.text == "builtin") {
        builtin = v;
      } else if (key.text == "name") {
        name = v;
      } else if (key.text == "class") {
        class_name = v;
      } else if (key.text == "script") {
        script = v;
      } else {
        return ErrorQuoting(key, "unexpected key ", key.text,
                            " in a container type");
      }
    }
    if (kind == nullptr) {
      if ((class_name == nullptr) == (script == nullptr) ||
          builtin != nullptr || name != nullptr) {
        return Error(n,
                     "a container type object takes exactly one of "
                     "\"class\" or \"script\" (or \"kind\", \"builtin\", "
                     "\"name\")");
      }
      std::string s;
      if (absl::Status st = Text(class_name ? *class_name : *script, &s);
          !st.ok()) {
        return st;
      }
      *out = class_name ? ContainerType::ClassName(std::move(s))
                        : ContainerType::Script(std::move(s));
      return absl::OkStatus();
    }
    if (class_name != nullptr || script != nullptr) {
      return Error(n,
                   "\"kind\" goes with \"builtin\" and \"name\", not "
                   "\"class\" or \"script\"");
    }
    ContainerType ct;
    if (kind->kind == Node::Kind::kString && kind->text == "none") {
      ct.kind = ContainerType::Kind::kNone;
    } else if (kind->kind == Node::Kind::kString && kind->text == "builtin") {
      ct.kind = ContainerType::Kind::kBuiltin;
    } else if (kind->kind == Node::Kind::kString && kind->text == "class") {
      ct.kind = ContainerType::Kind::kClassName;
    } else if (kind->kind == Node::Kind::kString && kind->text == "script") {
      ct.kind = ContainerType::Kind::kScript;
    } else {
      return Error(*kind,
                   "\"kind\" is \"none\", \"builtin\", \"class\" or "
                   "\"script\"");
    }
    if (builtin != nullptr) {
      if (absl::Status s = TypeNamed(*builtin, &ct.builtin); !s.ok()) return s;
    }
    if (name != nullptr) {
      if (absl::Status s = Text(*name, &ct.name); !s.ok()) return s;
    }
    *out = std::move(ct);
    return absl::OkStatus();
  }

  absl::Status NodePathValue(const Node& p, Variant* out) const {
    if (p.kind == Node::Kind::kString) {
      *out = Variant::MakeNodePath(ParseNodePath(p.text));
      return absl::OkStatus();
    }
    if (p.kind != Node::Kind::kObject) {
      return Got(p, "\"NodePath\" takes a string or an object");
    }
    NodePath np;
    for (size_t i = 0; i + 1 < p.items.size(); i += 2) {
      const Node& key = p.items[i];
      const Node& v = p.items[i + 1];
      absl::Status s;
      if (key.text == "names") {
        s = List(v, Type::kNodePath, &Converter::Text, &np.names);
      } else if (key.text == "subnames") {
        s = List(v, Type::kNodePath, &Converter::Text, &np.subnames);
      } else if (key.text == "absolute") {
        if (v.kind != Node::Kind::kTrue && v.kind != Node::Kind::kFalse) {
          return Got(v, "\"absolute\" takes true or false");
        }
        np.absolute = v.kind == Node::Kind::kTrue;
      } else {
        return ErrorQuoting(key, "unexpected key ", key.text, " in a NodePath");
      }
      if (!s.ok()) return s;
    }
    *out = Variant::MakeNodePath(std::move(np));
    return absl::OkStatus();
  }

  absl::Status SignalValue(const Node& p, Variant* out) const {
    if (p.kind != Node::Kind::kObject) {
      return Got(p, "\"Signal\" takes {\"name\": ..., \"object_id\": ...}");
    }
    Signal sig;
    for (size_t i = 0; i + 1 < p.items.size(); i += 2) {
      const Node& key = p.items[i];
      const Node& v = p.items[i + 1];
      absl::Status s;
      if (key.text == "name") {
        s = Text(v, &sig.name);
      } else if (key.text == "object_id") {
        s = U64(v, &sig.object_id);
      } else {
        return ErrorQuoting(key, "unexpected key ", key.text, " in a Signal");
      }
      if (!s.ok()) return s;
    }
    *out = Variant::MakeSignal(std::move(sig));
    return absl::OkStatus();
  }

  absl::string_view json_;  // the whole input, for positions
  size_t base_;             // offset of the parsed text in json_ (BOM)
};

constexpr unsigned kParseFlags = rapidjson::kParseIterativeFlag |
                                 rapidjson::kParseNumbersAsStringsFlag |
                                 rapidjson::kParseValidateEncodingFlag;

}  // namespace

std::string ToJson(const Variant& v) {
  std::string out;
  Writer(&out).Value(v);
  return out;
}

absl::StatusOr<Variant> FromJson(absl::string_view json) {
  if (json.size() >= std::numeric_limits<rapidjson::SizeType>::max()) {
    return absl::InvalidArgumentError("JSON input of 4 GiB or more");
  }
  absl::string_view body = json;
  const size_t base = absl::ConsumePrefix(&body, "\xEF\xBB\xBF") ? 3 : 0;
  rapidjson::MemoryStream stream(body.data(), body.size());
  TreeBuilder builder(body, &stream);
  rapidjson::Reader reader;
  const rapidjson::ParseResult r = reader.Parse<kParseFlags>(stream, builder);
  if (r.IsError()) {
    if (builder.failed()) {
      return PositionError(json, base + builder.error_offset(),
                           builder.error());
    }
    absl::string_view message = rapidjson::GetParseError_En(r.Code());
    absl::ConsumeSuffix(&message, ".");
    return PositionError(json, base + r.Offset(), message);
  }
  if (stream.Tell() != body.size()) {
    // MemoryStream reads a NUL byte as the end of the input.
    return PositionError(json, base + stream.Tell(),
                         "NUL byte outside a string");
  }
  Variant v;
  if (absl::Status s = Converter(json, base).Value(builder.root(), 0, &v);
      !s.ok()) {
    return s;
  }
  return v;
}

}  // namespace text
}  // namespace gdwire
