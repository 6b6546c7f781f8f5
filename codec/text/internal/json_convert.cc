// Copyright 2026 The gdwire Authors.
//
// FromJson's conversion (json_convert.h): the recursive path (an untyped
// value, a type tag and its attributes, Array, Dictionary, Object and its
// properties), with the depth limit, and the errors every step reports.

#include "codec/text/internal/json_convert.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "codec/text/internal/json_common.h"
#include "codec/text/internal/json_tree.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace json_internal {

absl::Status Converter::Value(const Node& n, int depth, Variant* out) const {
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

absl::Status Converter::Tagged(const Node& n, int depth, Variant* out) const {
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

absl::Status Converter::ArrayValue(Type t, const Node& p,
                                   const Node* element_type, int depth,
                                   Variant* out) const {
  if (p.kind != Node::Kind::kArray) {
    return Got(p, absl::StrCat("\"", TypeName(t), "\" takes an array"));
  }
  *out = t == Type::kTypedArray         ? Variant::MakeTypedArray(Array())
         : t == Type::kPackedTypedArray ? Variant::MakePackedTypedArray(Array())
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

absl::Status Converter::DictionaryValue(const Node& p, const Node* key_type,
                                        const Node* value_type, int depth,
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

absl::Status Converter::ObjectValue(const Node& p, int depth,
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
      return ErrorQuoting(p.items[i], "unexpected key ", key, " in an Object");
    }
    if (!s.ok()) return s;
  }
  if (kind != nullptr) return ObjectKind(*kind, &o.kind);
  o.kind = has_full ? Object::Kind::kFull
           : has_id ? Object::Kind::kId
                    : Object::Kind::kNull;
  return absl::OkStatus();
}

absl::Status Converter::Properties(
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

absl::Status Converter::Error(const Node& n, absl::string_view message) const {
  return PositionError(json_, base_ + n.offset, message);
}

absl::Status Converter::ErrorQuoting(const Node& n, absl::string_view before,
                                     absl::string_view quoted,
                                     absl::string_view after) const {
  return Error(n, absl::StrCat(before, Quote(quoted), after));
}

absl::Status Converter::Got(const Node& n, absl::string_view expected) const {
  return Error(n, absl::StrCat(expected, ", got ",
                               n.kind == Node::Kind::kString
                                   ? absl::StrCat("the string ", Quote(n.text))
                                   : std::string(KindName(n))));
}

absl::Status Converter::TwoTags(const Node& first, const Node& second) const {
  return Error(second,
               absl::StrCat("two type tags in one object: ", Quote(first.text),
                            " and ", Quote(second.text)));
}

absl::Status Converter::UnexpectedKey(const Node& key, const Node& tag) const {
  return Error(key, absl::StrCat("unexpected key ", Quote(key.text), " beside ",
                                 Quote(tag.text)));
}

absl::Status Converter::TooDeep(const Node& n) const {
  return Error(n, absl::StrCat("value nested deeper than ", kMaxValueDepth,
                               " containers"));
}

absl::Status Converter::NoTag(const Node& n) const {
  if (n.items.empty()) {
    return Error(n,
                 "empty object: expected a type tag such as "
                 "{\"Vector3\": [...]}");
  }
  return ErrorQuoting(n.items[0], "unknown type tag ", n.items[0].text,
                      " (expected a type name such as \"Vector3\"; a "
                      "Dictionary is written {\"Dictionary\": {...}})");
}

}  // namespace json_internal
}  // namespace text
}  // namespace gdwire
