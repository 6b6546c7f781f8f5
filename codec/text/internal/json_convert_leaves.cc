// Copyright 2026 The gdwire Authors.
//
// FromJson's conversion (json_convert.h) of the payloads that hold no other
// value: a bare JSON scalar, math types, strings, NodePath, RID, Callable,
// Signal and the packed arrays, and an Object's "kind".

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "codec/text/internal/json_common.h"
#include "codec/text/internal/json_convert.h"
#include "codec/text/internal/json_tree.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace json_internal {

template <typename T>
absl::Status Converter::List(const Node& p, Type t,
                             absl::Status (Converter::*read)(const Node&, T*)
                                 const,
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

absl::Status Converter::Scalar(const Node& n, Variant* out) const {
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

absl::Status Converter::ObjectKind(const Node& n, Object::Kind* out) const {
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

absl::Status Converter::Leaf(Type t, const Node& p, Variant* out) const {
  if (RealComponents(t) != 0 || IntComponents(t) != 0) {
    return MathLeaf(t, p, out);
  }
  const std::string what = absl::StrCat("\"", TypeName(t), "\" takes ");
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
    default:
      return PackedLeaf(t, p, out);
  }
}

// A math type: its components in wire order, reals or int32s.
absl::Status Converter::MathLeaf(Type t, const Node& p, Variant* out) const {
  if (int n = RealComponents(t)) {
    std::vector<double> c;
    if (absl::Status s = List(p, t, &Converter::Real, &c); !s.ok()) return s;
    if (c.size() != static_cast<size_t>(n)) return Count(p, t, n, c.size());
    *out = Variant::Math(t, c);
    return absl::OkStatus();
  }
  const int n = IntComponents(t);
  std::vector<int32_t> c;
  if (absl::Status s = List(p, t, &Converter::I32, &c); !s.ok()) return s;
  if (c.size() != static_cast<size_t>(n)) return Count(p, t, n, c.size());
  *out = Variant::IntMath(t, c);
  return absl::OkStatus();
}

// A packed array: base64 or a list of bytes, or a flat list of components.
absl::Status Converter::PackedLeaf(Type t, const Node& p, Variant* out) const {
  switch (t) {
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
        return Got(p,
                   absl::StrCat("\"", TypeName(t), "\" takes a base64 string"));
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

absl::Status Converter::NodePathValue(const Node& p, Variant* out) const {
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

absl::Status Converter::SignalValue(const Node& p, Variant* out) const {
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

}  // namespace json_internal
}  // namespace text
}  // namespace gdwire
