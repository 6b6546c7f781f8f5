// Copyright 2026 The gdwire Authors.
//
// The reference encoder's entry points (encoder.h), its errors, and its
// first pass over a value: the header word's flag bits and the refusals
// that come before anything is written (internal/encoder.h describes the
// two passes).

#include "codec/reference/encoder.h"

#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/reference/internal/encoder.h"
#include "codec/types.h"

namespace gdwire {
namespace reference {
namespace encoder_internal {
namespace {

// Array and Dictionary counts have 31 bits (§11).
constexpr uint64_t kMostElements = 0x7FFFFFFF;

// The class name an object-typed container is written with unless
// full_objects (§11.1).
constexpr char kObjectAsIdClass[] = "EncodedObjectAsID";

}  // namespace

Type ElementTypeOf(const ContainerType& ct) {
  switch (ct.kind) {
    case ContainerType::Kind::kNone:
      return Type::kNil;
    case ContainerType::Kind::kBuiltin:
      return ct.builtin;
    default:
      return Type::kObject;
  }
}

Error Writer::Put(const Variant& v, int depth, Sink& out) {
  if (depth > opts_.max_depth) {
    return Refuse(ErrorKind::kTooDeep, "nesting deeper than max_depth", out);
  }
  // A null Object is written as a bare NIL header (§10).
  if (v.type() == Type::kObject && v.object().kind == Object::Kind::kNull) {
    out.Word(0);
    return {};
  }
  uint32_t id;
  if (!WireId(opts_.dialect, v.type(), &id)) return Missing(v.type(), out);
  uint32_t header = id | FlagBits(v);
  if (MayRefuse(v.type())) {
    if (Error e = Refusals(v, out, &header); !e.ok()) return e;
  }
  out.Word(header);
  // A typed godot4 container's descriptions follow its header.
  for (std::string& d : descriptions_) {
    if (!d.empty()) {
      out.Bytes(d.data(), d.size());
      d.clear();
    }
  }
  return Payload(v, header, depth, out);
}

std::string Writer::Path() const {
  std::string path = "$";
  for (size_t i = segments_.size(); i > 0; --i) path += segments_[i - 1];
  return path;
}

Error Writer::Refuse(ErrorKind kind, std::string detail, const Sink& at) const {
  return Error(kind, at.size(), std::string(), std::move(detail));
}

Error Writer::Missing(Type type, const Sink& at) const {
  return Refuse(ErrorKind::kUnsupported,
                absl::StrCat(TypeName(type), " does not exist in ",
                             DialectName(opts_.dialect)),
                at);
}

Error Writer::Within(Error e, std::string segment) {
  segments_.push_back(std::move(segment));
  return e;
}

bool Writer::WideReals(Type type) const {
  return opts_.real_is_double && HasRealWidthFlag(opts_.dialect, type);
}

uint32_t Writer::FlagBits(const Variant& v) const {
  switch (v.type()) {
    case Type::kInt: {
      const int64_t i = v.as_int();
      return i < INT32_MIN || i > INT32_MAX ? kBit16 : 0;
    }
    case Type::kFloat: {
      // NaN never equals itself: always the f64 form, as in the engine.
      const double d = v.as_float();
      return static_cast<double>(static_cast<float>(d)) != d ? kBit16 : 0;
    }
    case Type::kObject:
      return v.object().kind == Object::Kind::kId ? kBit16 : 0;
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      // Without full_objects the engine writes no class name, and says so
      // with the object-as-id bit.
      return ElementTypeOf(v.array().element_type) == Type::kObject &&
                     !opts_.full_objects
                 ? kBit16
                 : 0;
    default:
      // Real math types and packed real vectors in f64 (§6).
      return WideReals(v.type()) ? kBit16 : 0;
  }
}

bool Writer::MayRefuse(Type type) {
  switch (type) {
    case Type::kObject:
    case Type::kArray:
    case Type::kDictionary:
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      return true;
    default:
      return IsPackedArray(type);
  }
}

Error Writer::Refusals(const Variant& v, const Sink& out, uint32_t* header) {
  switch (v.type()) {
    case Type::kObject:
      if (v.object().kind == Object::Kind::kFull && !opts_.full_objects) {
        return Refuse(ErrorKind::kUnsupported,
                      "a full Object can only be written with full_objects",
                      out);
      }
      return {};
    case Type::kArray:
      return ArrayHead(v.array(), out, header);
    case Type::kDictionary:
      return DictionaryHead(v.dictionary(), out, header);
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      return TypedArrayHead(v.array(), out);
    default:  // the packed arrays
      if (v.packed_size() > INT32_MAX) {
        return Refuse(ErrorKind::kLimitExceeded,
                      absl::StrCat(TypeName(v.type()), " too large"), out);
      }
      return {};
  }
}

Error Writer::ArrayHead(const Array& a, const Sink& out, uint32_t* header) {
  if (a.element_type.is_typed()) {
    if (opts_.dialect != Dialect::kGodot4) {
      return Refuse(ErrorKind::kUnsupported, "typed Array outside godot4", out);
    }
    uint32_t kind;
    if (Error e = Describe(a.element_type, out, &kind, &descriptions_[0]);
        !e.ok()) {
      return e;
    }
    *header |= kind << kArrayKindAt;
  }
  if (a.items.size() > kMostElements) {
    return Refuse(ErrorKind::kLimitExceeded, "Array too large", out);
  }
  return {};
}

Error Writer::DictionaryHead(const Dictionary& dict, const Sink& out,
                             uint32_t* header) {
  if (dict.key_type.is_typed() || dict.value_type.is_typed()) {
    if (opts_.dialect != Dialect::kGodot4) {
      return Refuse(ErrorKind::kUnsupported, "typed Dictionary outside godot4",
                    out);
    }
    uint32_t key_kind, value_kind;
    if (Error e = Describe(dict.key_type, out, &key_kind, &descriptions_[0]);
        !e.ok()) {
      return e;
    }
    if (Error e =
            Describe(dict.value_type, out, &value_kind, &descriptions_[1]);
        !e.ok()) {
      return e;
    }
    *header |= (key_kind << kKeyKindAt) | (value_kind << kValueKindAt);
  }
  if (dict.entries.size() > kMostElements) {
    return Refuse(ErrorKind::kLimitExceeded, "Dictionary too large", out);
  }
  return {};
}

Error Writer::TypedArrayHead(const Array& a, const Sink& out) {
  const Type element = ElementTypeOf(a.element_type);
  uint32_t unused;
  if (!WireId(opts_.dialect, element, &unused)) return Missing(element, out);
  if (a.items.size() > kMostElements) {
    return Refuse(ErrorKind::kLimitExceeded, "Array too large", out);
  }
  return {};
}

Error Writer::Describe(const ContainerType& ct, const Sink& out, uint32_t* kind,
                       std::string* description) {
  description->clear();
  Sink own(description);
  if (ct.kind == ContainerType::Kind::kNone) {
    *kind = 0;
    return {};
  }
  if (ct.kind == ContainerType::Kind::kBuiltin) {
    uint32_t id;
    if (!WireId(opts_.dialect, ct.builtin, &id)) {
      return Refuse(ErrorKind::kUnsupported, "container element type", out);
    }
    *kind = 1;
    own.Word(id);
    return {};
  }
  // A class name or a script path; without full_objects any object type is
  // the class EncodedObjectAsID.
  if (!opts_.full_objects) {
    *kind = 2;
    return Text(kObjectAsIdClass, own);
  }
  *kind = ct.kind == ContainerType::Kind::kScript ? 3 : 2;
  return Text(ct.name, own);
}

}  // namespace encoder_internal

Error EncodeTo(const Variant& v, const EncodeOptions& options,
               std::string* out) {
  const size_t before = out->size();
  encoder_internal::Writer writer(options);
  encoder_internal::Sink sink(out);
  Error e = writer.Put(v, 0, sink);
  if (!e.ok()) {
    // Nothing of a refused value is kept; the error's offset counts from
    // where the value would have started.
    out->resize(before);
    e.offset -= before;
    e.path = writer.Path();
  }
  return e;
}

absl::StatusOr<std::string> Encode(const Variant& v,
                                   const EncodeOptions& options) {
  absl::StatusOr<std::string> result(std::string{});
  if (Error e = EncodeTo(v, options, &*result); !e.ok()) {
    result = e.ToStatus();
  }
  return result;
}

}  // namespace reference
}  // namespace gdwire
