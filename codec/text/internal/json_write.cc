// Copyright 2026 The gdwire Authors.
//
// ToJson (json.h): a Variant written as gdwire's lossless JSON form.

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
#include "codec/text/json.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace {

using namespace json_internal;  // NOLINT: the module's own helpers

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

}  // namespace

std::string ToJson(const Variant& v) {
  std::string out;
  Writer(&out).Value(v);
  return out;
}

}  // namespace text
}  // namespace gdwire
