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

Error Decoder::AdmitCharged(const ContainerType& ct, Variant* v, size_t at,
                            bool* keep) {
  const Type have = v->type();
  if (ct.is_typed() && ct.builtin != have &&
      (have == Type::kString || have == Type::kStringName) &&
      (ct.builtin == Type::kString || ct.builtin == Type::kStringName)) {
    if (Error e = Charge(StringHeap(v->as_string().size()), at); !e.ok()) {
      return e;
    }
  }
  *keep = Admit(ct, v);
  return {};
}

bool Decoder::Admit(const ContainerType& ct, Variant* v) {
  if (!ct.is_typed()) return true;
  const Type want = ct.builtin;
  const Type have = v->type();
  if (want != have) {
    if (have == Type::kNil && want == Type::kObject) return true;
    if (want == Type::kString && have == Type::kStringName) {
      *v = Variant::String(v->as_string());
      return true;
    }
    if (want == Type::kStringName && have == Type::kString) {
      *v = Variant::StringName(v->as_string());
      return true;
    }
    if (want == Type::kFloat && have == Type::kInt) {
      // The engine converts through a C++ float: `(float)inout_variant`.
      *v = Variant::Float(static_cast<float>(v->as_int()));
      return true;
    }
    return false;
  }
  if (want != Type::kObject) return true;
  const Object& o = v->object();
  if (o.kind != Object::Kind::kId) return true;  // null, or class unknown
  // An object sent as an id is an EncodedObjectAsID (a RefCounted).
  return ct.name == "EncodedObjectAsID" || ct.name == "Object" ||
         ct.name == "RefCounted" || ct.name == "Reference";
}

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire
