// Copyright 2026 The gdwire Authors.
//
// The reference encoder's second pass (internal/encoder.h): the payload
// that follows each header, as docs/FORMAT.md lays it out. Where the header
// carries the 64-bit flag (first pass), the payload takes the 64-bit form.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/reference/internal/encoder.h"
#include "codec/reference/utf8.h"
#include "codec/types.h"

namespace gdwire {
namespace reference {
namespace encoder_internal {
namespace {

// NodePath's first word: bit 31 marks the format every engine writes (§8).
constexpr uint32_t kNodePathMarker = uint32_t{1} << 31;

// How the elements of each packed array are written (§12).
enum class Element { kByte, kText, kInt32, kInt64, kFloat32, kFloat64, kReal };

struct PackedKind {
  Type type;
  Element element;
};

constexpr PackedKind kPackedKinds[] = {
    {Type::kPackedByteArray, Element::kByte},
    {Type::kPackedInt32Array, Element::kInt32},
    {Type::kPackedInt64Array, Element::kInt64},
    {Type::kPackedFloat32Array, Element::kFloat32},
    {Type::kPackedFloat64Array, Element::kFloat64},
    {Type::kPackedStringArray, Element::kText},
    {Type::kPackedVector2Array, Element::kReal},
    {Type::kPackedVector3Array, Element::kReal},
    {Type::kPackedColorArray, Element::kFloat32},
    {Type::kPackedVector4Array, Element::kReal},
    {Type::kPackedVector2iArray, Element::kInt32},
    {Type::kPackedVector3iArray, Element::kInt32},
    {Type::kPackedVector4iArray, Element::kInt32},
};

const PackedKind* PackedKindOf(Type type) {
  for (const PackedKind& k : kPackedKinds) {
    if (k.type == type) return &k;
  }
  return nullptr;
}

// Real components (§6): f64, or the f32 a single-precision engine holds.
void PutReals(const RealsView& reals, bool wide, Sink& out) {
  if (wide) {
    for (double c : reals) out.Double(c);
  } else {
    for (double c : reals) out.Single(NarrowF64ToF32(c));
  }
}

}  // namespace

Error Writer::Payload(const Variant& v, uint32_t header, int depth, Sink& out) {
  const Type type = v.type();
  const bool bit16 = (header & kBit16) != 0;
  switch (type) {
    case Type::kNil:
    case Type::kCallable:
      return {};
    case Type::kBool:
      out.Word(v.as_bool() ? 1 : 0);
      return {};
    case Type::kInt:
      if (bit16) {
        out.Long(static_cast<uint64_t>(v.as_int()));
      } else {
        out.Word(static_cast<uint32_t>(static_cast<int32_t>(v.as_int())));
      }
      return {};
    case Type::kFloat:
      if (bit16) {
        out.Double(v.as_float());
      } else {
        out.Single(static_cast<float>(v.as_float()));
      }
      return {};
    case Type::kString:
    case Type::kStringName:
      return Text(v.as_string(), out);
    case Type::kNodePath:
      return NodePathPayload(v.node_path(), out);
    case Type::kRID:
      if (opts_.dialect == Dialect::kGodot4) out.Long(v.rid());
      return {};
    case Type::kSignal:
      if (Error e = Text(v.signal().name, out); !e.ok()) return e;
      out.Long(v.signal().object_id);
      return {};
    case Type::kObject:
      if (bit16) {
        out.Long(v.object().id);
        return {};
      }
      return ObjectPayload(v.object(), depth, out);
    case Type::kArray:
      out.Word(static_cast<uint32_t>(v.array().items.size()));
      return Elements(v.array().items, depth, out);
    case Type::kDictionary:
      return DictionaryPayload(v.dictionary(), depth, out);
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      return TypedArrayPayload(type, v.array(), depth, out);
    default:
      break;
  }
  if (RealComponents(type) > 0) {
    PutReals(v.reals(), bit16, out);
    return {};
  }
  if (IntComponents(type) > 0) {
    for (int32_t c : v.ints()) out.Word(static_cast<uint32_t>(c));
    return {};
  }
  return PackedPayload(v, bit16, out);
}

Error Writer::Text(const std::string& s, Sink& out) {
  if (!IsEncodableText(s, opts_.dialect)) {
    return Refuse(
        ErrorKind::kInvalidUtf8,
        absl::StrCat("string is not text ", DialectName(opts_.dialect),
                     " can carry (invalid UTF-8 or NUL)"),
        out);
  }
  if (s.size() > INT32_MAX - 3) {
    return Refuse(ErrorKind::kLimitExceeded, "string longer than 2 GiB", out);
  }
  out.Word(static_cast<uint32_t>(s.size()));
  out.Bytes(s.data(), s.size());
  out.ZerosAfter(s.size());
  return {};
}

// Name count (with the format marker), subname count, flags (bit 0:
// absolute), then the names and the subnames (§8).
Error Writer::NodePathPayload(const NodePath& path, Sink& out) {
  out.Word(kNodePathMarker | static_cast<uint32_t>(path.names.size()));
  out.Word(static_cast<uint32_t>(path.subnames.size()));
  out.Word(path.absolute ? 1 : 0);
  for (const std::vector<std::string>* part : {&path.names, &path.subnames}) {
    for (const std::string& s : *part) {
      if (Error e = Text(s, out); !e.ok()) return e;
    }
  }
  return {};
}

// A full object (§10): class name, property count, (name, value) pairs.
Error Writer::ObjectPayload(const Object& o, int depth, Sink& out) {
  if (Error e = Text(o.class_name, out); !e.ok()) return e;
  out.Word(static_cast<uint32_t>(o.properties.size()));
  for (const auto& property : o.properties) {
    if (Error e = Text(property.first, out); !e.ok()) return e;
    if (Error e = Put(property.second, depth + 1, out); !e.ok()) {
      return Within(std::move(e), "." + property.first);
    }
  }
  return {};
}

Error Writer::Elements(const std::vector<Variant>& items, int depth,
                       Sink& out) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (Error e = Put(items[i], depth + 1, out); !e.ok()) {
      return Within(std::move(e), absl::StrCat("[", i, "]"));
    }
  }
  return {};
}

Error Writer::DictionaryPayload(const Dictionary& dict, int depth, Sink& out) {
  out.Word(static_cast<uint32_t>(dict.entries.size()));
  for (size_t i = 0; i < dict.entries.size(); ++i) {
    if (Error e = Put(dict.entries[i].first, depth + 1, out); !e.ok()) {
      return Within(std::move(e), absl::StrCat("{key #", i, "}"));
    }
    if (Error e = Put(dict.entries[i].second, depth + 1, out); !e.ok()) {
      return Within(std::move(e), absl::StrCat("{value #", i, "}"));
    }
  }
  return {};
}

// Pandemonium 5's TypedArray / PackedTypedArray (marshalls.cpp): element
// type id; for Object elements with full_objects the class name as a
// StringName value (without, nothing: the engine loses the class); count;
// elements. A PackedTypedArray's elements are written as the engine stores
// them: in a Nil-typed one as bools (null is false), in a float-typed one
// as real_t (f32).
Error Writer::TypedArrayPayload(Type which, const Array& a, int depth,
                                Sink& out) {
  const Type element = ElementTypeOf(a.element_type);
  uint32_t element_id = 0;
  WireId(opts_.dialect, element, &element_id);
  out.Word(element_id);
  if (element == Type::kObject && opts_.full_objects) {
    uint32_t string_name_id = 0;
    WireId(opts_.dialect, Type::kStringName, &string_name_id);
    out.Word(string_name_id);
    if (Error e = Text(a.element_type.name, out); !e.ok()) return e;
  }
  out.Word(static_cast<uint32_t>(a.items.size()));
  if (which == Type::kTypedArray) return Elements(a.items, depth, out);
  for (size_t i = 0; i < a.items.size(); ++i) {
    const Variant& item = a.items[i];
    Error e;
    if (element == Type::kNil && item.type() == Type::kNil) {
      e = Put(Variant::Bool(false), depth + 1, out);
    } else if (element == Type::kFloat && item.type() == Type::kFloat) {
      e = Put(Variant::Float(static_cast<float>(item.as_float())), depth + 1,
              out);
    } else {
      e = Put(item, depth + 1, out);
    }
    if (!e.ok()) return Within(std::move(e), absl::StrCat("[", i, "]"));
  }
  return {};
}

// Count, then the elements (§12).
Error Writer::PackedPayload(const Variant& v, bool wide, Sink& out) {
  const size_t n = v.packed_size();
  out.Word(static_cast<uint32_t>(n));
  switch (PackedKindOf(v.type())->element) {
    case Element::kByte:
      out.Bytes(v.packed_bytes().data(), n);
      out.ZerosAfter(n);
      return {};
    case Element::kText:
      return PackedTexts(v.packed_strings(), out);
    case Element::kInt32: {
      const std::vector<int32_t>& x = v.packed_int32();
      // Pandemonium's engine writes each PoolVector4iArray element's z
      // where its w belongs (docs/PANDEMONIUM.md), when asked to.
      const bool z_for_w = v.type() == Type::kPackedVector4iArray &&
                           opts_.pandemonium_engine_defects &&
                           IsPandemonium(opts_.dialect);
      for (size_t i = 0; i < x.size(); ++i) {
        out.Word(static_cast<uint32_t>(x[z_for_w && i % 4 == 3 ? i - 1 : i]));
      }
      return {};
    }
    case Element::kInt64:
      for (int64_t x : v.packed_int64()) out.Long(static_cast<uint64_t>(x));
      return {};
    case Element::kFloat32:
      for (float x : v.packed_float32()) out.Single(x);
      return {};
    case Element::kFloat64:
      for (double x : v.packed_float64()) out.Double(x);
      return {};
    case Element::kReal:
      PutReals(v.packed_reals(), wide, out);
      return {};
  }
  return {};
}

// PackedStringArray elements carry a NUL (§7.2): length + 1, the text, the
// NUL, zero padding.
Error Writer::PackedTexts(const std::vector<std::string>& texts, Sink& out) {
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string& s = texts[i];
    if (!IsEncodableText(s, opts_.dialect)) {
      return Within(Refuse(ErrorKind::kInvalidUtf8,
                           "string is not text the dialect can carry", out),
                    absl::StrCat("[", i, "]"));
    }
    out.Word(static_cast<uint32_t>(s.size() + 1));
    out.Bytes(s.c_str(), s.size() + 1);
    out.ZerosAfter(s.size() + 1);
  }
  return {};
}

}  // namespace encoder_internal
}  // namespace reference
}  // namespace gdwire
