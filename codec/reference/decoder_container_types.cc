// Copyright 2026 The gdwire Authors.
//
// The reference decoder's typed containers (internal/decoder.h): a godot4
// Array's or Dictionary's element type descriptor (none, a builtin type id,
// a class name or a script path; spec §5.3), and the engine's check of each
// element against it, which drops or converts elements.

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/reference/internal/decoder.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {

Error Decoder::ContainerTypeOf(uint32_t kind, ContainerType* ct) {
  switch (kind) {
    case 0:
      *ct = ContainerType();
      return {};
    case 1: {
      if (Remaining() < 4) {
        return Fail(ErrorKind::kTruncated, pos_,
                    "truncated container element type");
      }
      const uint32_t id = wire::LoadU32(data_ + pos_);
      Type t;
      if (!TypeFromWireId(opts_.dialect, id, &t)) {
        return Fail(ErrorKind::kInvalidContainerType, pos_,
                    absl::StrCat("invalid container element type ", id));
      }
      pos_ += 4;
      if (t == Type::kNil) {
        *ct = ContainerType();
      } else if (t == Type::kObject) {
        // [INF] with objects allowed the engine keeps an empty class name,
        // which types the container as Object.
        if (Error e = ChargeClassName(pos_ - 4); !e.ok()) return e;
        *ct = ContainerType::ClassName(
            opts_.allow_objects ? "Object" : kEncodedObjectAsId);
      } else {
        *ct = ContainerType::Builtin(t);
      }
      return {};
    }
    case 2: {
      std::string name;
      if (Error e = WireString(&name); !e.ok()) return e;
      if (opts_.allow_objects) {
        *ct = ContainerType::ClassName(std::move(name));
        return {};
      }
      if (Error e = ChargeClassName(pos_); !e.ok()) return e;
      *ct = ContainerType::ClassName(kEncodedObjectAsId);
      return {};
    }
    default: {  // 3: script path
      const size_t at = pos_;
      std::string path;
      if (Error e = WireString(&path); !e.ok()) return e;
      if (!opts_.allow_objects) {
        if (Error e = ChargeClassName(at); !e.ok()) return e;
        *ct = ContainerType::ClassName(kEncodedObjectAsId);
        return {};
      }
      if (path.rfind("res://", 0) != 0) {
        return Fail(ErrorKind::kInvalidContainerType, at,
                    "container script path is not a res:// path");
      }
      *ct = ContainerType::Script(std::move(path));
      return {};
    }
  }
}

Error Decoder::ChargeClassName(size_t at) {
  return Charge(StringHeap(sizeof(kEncodedObjectAsId) - 1), at);
}

namespace {

// What Godot 4's typed-container check (ContainerTypeValidate::validate,
// docs/FORMAT.md §11.1) does with an element of type `have` in a container
// typed `want`.
enum class Fit {
  kKeep,          // the same type, or null in an object-typed container
  kDrop,          // any other type: dropped without an error
  kAsString,      // a StringName into String: becomes a String
  kAsStringName,  // a String into StringName: becomes a StringName
  kAsFloat,       // an int into float: through a C++ float
};

struct Conversion {
  Type want;
  Type have;
  Fit fit;
};

constexpr Conversion kConversions[] = {
    {Type::kObject, Type::kNil, Fit::kKeep},
    {Type::kString, Type::kStringName, Fit::kAsString},
    {Type::kStringName, Type::kString, Fit::kAsStringName},
    {Type::kFloat, Type::kInt, Fit::kAsFloat},
};

Fit FitOf(const ContainerType& ct, const Variant& v) {
  if (ct.kind == ContainerType::Kind::kNone) return Fit::kKeep;
  const Type want = ct.builtin;
  const Type have = v.type();
  if (want == have) {
    // Objects: one sent as an id is an EncodedObjectAsID, a RefCounted, so
    // it fits only these classes; null and full objects are not checked
    // (no class database).
    if (have != Type::kObject || v.object().kind != Object::Kind::kId) {
      return Fit::kKeep;
    }
    for (const char* base :
         {"EncodedObjectAsID", "Object", "RefCounted", "Reference"}) {
      if (ct.name == base) return Fit::kKeep;
    }
    return Fit::kDrop;
  }
  for (const Conversion& c : kConversions) {
    if (c.want == want && c.have == have) return c.fit;
  }
  return Fit::kDrop;
}

}  // namespace

Error Decoder::FitElement(const ContainerType& ct, Variant* v, size_t at,
                          bool* keep) {
  const Fit fit = FitOf(ct, *v);
  switch (fit) {
    case Fit::kKeep:
      *keep = true;
      return {};
    case Fit::kDrop:
      *keep = false;
      return {};
    case Fit::kAsFloat:
      *v = Variant::Float(static_cast<float>(v->as_int()));
      *keep = true;
      return {};
    case Fit::kAsString:
    case Fit::kAsStringName:
      break;
  }
  // The converted value holds a new copy of the text: charged first.
  const std::string& text = v->as_string();
  if (Error e = Charge(StringHeap(text.size()), at); !e.ok()) return e;
  *v =
      fit == Fit::kAsString ? Variant::String(text) : Variant::StringName(text);
  *keep = true;
  return {};
}

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire
