// Copyright 2026 The gdwire Authors.
//
// What the reference decoder does for Pandemonium alone (internal/decoder.h):
// its TypedArray and PackedTypedArray (Pandemonium 5, marshalls.cpp), and
// the emulation of its engine's decoding defects, applied only with
// DecodeOptions::pandemonium_engine_defects (docs/PANDEMONIUM.md): a
// Projection needs 248 bytes, Vector4 and Vector4i consume 12 of their 16
// bytes, a PoolVector4Array's w is read from z, and a Nil-typed
// PackedTypedArray drops bools.

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/reference/internal/decoder.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {

// u32 element type (bit 31 masked), for Object elements without the
// object-as-id flag a StringName variant holding the class name, u32 count
// (bit 31 masked), then the elements as full variants.
Error Decoder::TypedArrayValue(Type which, uint32_t header, int depth,
                               Variant* out) {
  if (Remaining() < 4) {
    return Fail(ErrorKind::kTruncated, pos_,
                "truncated container element type");
  }
  const uint32_t id = wire::LoadU32(data_ + pos_) & wire::kCountMask;
  Type elem;
  if (!TypeFromWireId(opts_.dialect, id, &elem)) {
    return Fail(ErrorKind::kInvalidContainerType, pos_,
                absl::StrCat("invalid element type id ", id));
  }
  pos_ += 4;
  Array arr;
  if (elem != Type::kObject) {
    arr.element_type = ContainerType::Builtin(elem);
  } else if (header & wire::kFlagObjectAsId) {
    // The class name is not on the wire (the engine's own defect).
    if (Error e = ChargeClassName(pos_); !e.ok()) return e;
    arr.element_type = ContainerType::ClassName(kEncodedObjectAsId);
  } else {
    // A StringName value. (The engine decodes any value there and then
    // refuses all but a StringName; gdwire refuses on its header, so a
    // broken non-StringName value there gets this error, not its own.)
    if (Remaining() < 4) {
      return Fail(ErrorKind::kTruncated, pos_, "truncated header");
    }
    uint32_t sn;
    WireId(opts_.dialect, Type::kStringName, &sn);
    if ((wire::LoadU32(data_ + pos_) & wire::kTypeMask) != sn) {
      return Fail(ErrorKind::kInvalidContainerType, pos_,
                  "class name of a typed array is not a StringName");
    }
    pos_ += 4;
    std::string name;
    if (Error e = WireString(&name); !e.ok()) return e;
    arr.element_type = ContainerType::ClassName(std::move(name));
  }
  const size_t start = pos_ - 4;  // as in ArrayValue
  uint32_t count;
  if (Error e = Count(TypeName(which).data(), &count); !e.ok()) return e;
  bool backed;
  if (Error e = ChargeBacked(count, kMinValueBytes, sizeof(Variant), pos_ - 4,
                             &backed);
      !e.ok()) {
    return e;
  }
  if (backed) arr.items.reserve(count);
  const uint64_t outer = promised_;
  for (uint32_t i = 0; i < count; ++i) {
    promised_ = outer + (count - 1 - i) * kMinValueBytes;
    Variant v;
    if (Error e = Value(depth + 1, &v); !e.ok()) {
      return Prefix(e, absl::StrCat("[", i, "]"));
    }
    if (backed && AdmitPandemonium(which, arr.element_type, Defects(), &v)) {
      arr.items.push_back(std::move(v));
    }
  }
  promised_ = outer;
  if (Error e = Charge(sizeof(Array), start); !e.ok()) return e;
  *out = which == Type::kTypedArray
             ? Variant::MakeTypedArray(std::move(arr))
             : Variant::MakePackedTypedArray(std::move(arr));
  return {};
}

// Pandemonium's can_take_variant as decoding applies it: an element of
// another type than the array's is dropped without an error, but null fits
// an Object array (Object elements are not checked against the class: no
// class database). Where the engine's encoder and decoder disagree the
// bytes are read as the encoder meant them: a Nil-typed PackedTypedArray is
// a Vector<bool> (null stored as false; the engine's decoder would drop the
// bools, and does so here with its defects), and a float-typed one holds
// real_t (f32).
bool Decoder::AdmitPandemonium(Type which, const ContainerType& ct,
                               bool defects, Variant* v) {
  const bool packed = which == Type::kPackedTypedArray;
  const Type element = v->type();
  if (packed && ct.builtin == Type::kNil) {
    switch (element) {
      case Type::kNil:
        *v = Variant::Bool(false);
        return true;
      case Type::kBool:
        return !defects;
      default:
        return false;
    }
  }
  if (element != ct.builtin) {
    return element == Type::kNil && ct.builtin == Type::kObject;
  }
  if (packed && element == Type::kFloat) {
    *v = Variant::Float(static_cast<float>(v->as_float()));
  }
  return true;
}

// The engine checks for 62 floats before it reads a Projection's 16.
bool Decoder::DefectShortProjection(Type type) const {
  return Defects() && type == Type::kProjection && Remaining() < 248;
}

// Vector4 and Vector4i: the engine reads 16 bytes but consumes 12.
size_t Decoder::DefectUnreadBytes(Type type) const {
  return Defects() && (type == Type::kVector4 || type == Type::kVector4i) ? 4
                                                                          : 0;
}

// PoolVector4Array: each w is read from z.
void Decoder::DefectPackedVector4(Type type, std::vector<float>* v) const {
  if (!Defects() || type != Type::kPackedVector4Array) return;
  for (size_t i = 3; i < v->size(); i += 4) (*v)[i] = (*v)[i - 1];
}

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire
