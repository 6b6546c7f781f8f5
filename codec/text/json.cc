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
// FromJson reads the text (internal/json_tree.cc: one iterative pass, no
// recursion on the input's nesting) into a small tree that records where
// each value starts, so every error names its line and column. JSON nested more
// than kMaxJsonDepth arrays/objects, and values nested more than kMaxValueDepth
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
#include "codec/text/internal/json_common.h"
#include "codec/text/internal/json_tree.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace {

using namespace json_internal;  // NOLINT: the module's own helpers

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

}  // namespace

absl::StatusOr<Variant> FromJson(absl::string_view json) {
  absl::string_view body = json;
  const size_t base = absl::ConsumePrefix(&body, "\xEF\xBB\xBF") ? 3 : 0;
  Node root;
  size_t error_offset = 0;
  std::string error;
  if (!json_internal::ReadTree(body, &root, &error_offset, &error)) {
    return PositionError(json, base + error_offset, error);
  }
  Variant v;
  if (absl::Status s = Converter(json, base).Value(root, 0, &v); !s.ok()) {
    return s;
  }
  return v;
}

}  // namespace text
}  // namespace gdwire
