// Copyright 2026 The gdwire Authors.
//
// The values of the interop echo server's send mode (send_values.h), and
// the checks that leave out what the engines cannot read back or compare.

#include "tests/interop/send_values.h"

#include <string>

#include "codec/reference/utf8.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace interop {
namespace {

// Godot 3.2.3 cannot look up a Dictionary key that holds a NaN inside a
// pool array (its hash_compare uses ==), and its encoder then writes such
// a key as the String "[Deleted Object]": values with such keys are not
// sent to it (a value the engine cannot compare).
bool HasNanInPool(const Variant& v) {
  switch (v.type()) {
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray:
      for (float f : v.packed_float32()) {
        if (f != f) return true;
      }
      return false;
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
      for (double d : v.packed_reals()) {
        if (d != d) return true;
      }
      return false;
    case Type::kArray:
      for (const Variant& x : v.array().items) {
        if (HasNanInPool(x)) return true;
      }
      return false;
    case Type::kDictionary:
      for (const auto& kv : v.dictionary().entries) {
        if (HasNanInPool(kv.first) || HasNanInPool(kv.second)) return true;
      }
      return false;
    default:
      return false;
  }
}
// A pool array, or an Array holding one (Array OP_LESS compares elements).
bool HasPool(const Variant& v) {
  if (v.type() == Type::kArray) {
    for (const Variant& x : v.array().items) {
      if (HasPool(x)) return true;
    }
    return false;
  }
  return v.type() >= Type::kPackedByteArray;
}
// Godot 3.2.3 sorts Dictionary keys for var2str with a pool-array
// OP_LESS that is not an order and reads past the shorter array (it
// crashes on PoolStringArray keys): at most one key per Dictionary that
// holds a pool array.
bool EngineCanKeyAll(const Variant& v, Dialect d) {
  if (d != Dialect::kGodot3) return true;
  if (v.type() == Type::kArray) {
    for (const Variant& x : v.array().items) {
      if (!EngineCanKeyAll(x, d)) return false;
    }
  } else if (v.type() == Type::kDictionary) {
    int pool_keys = 0;
    for (const auto& kv : v.dictionary().entries) {
      pool_keys += HasPool(kv.first);
      if (pool_keys > 1 || HasNanInPool(kv.first) ||
          !EngineCanKeyAll(kv.first, d) || !EngineCanKeyAll(kv.second, d)) {
        return false;
      }
    }
  }
  return true;
}

// Pandemonium (5.3 and 4.9) cannot read back everything its encoder
// writes (docs/PANDEMONIUM.md): text that is not strict UTF-8 (lone
// surrogates, code points above U+10FFFF), Vector4/Vector4i inside a
// container (12 of 16 bytes consumed), a Projection (248 bytes asked for),
// PoolVector4Array (w read from z), PoolVector4iArray (z written for w), a
// Nil-typed PackedTypedArray with elements (bools dropped). Its Dictionary
// key order is no order for pool arrays, and by address for 5.3's
// StringNames: at most one such key per Dictionary. Such values are not sent.
bool PandemoniumReadsBack(const Variant& v, bool inside) {
  switch (v.type()) {
    case Type::kString:
    case Type::kStringName:  // its decoder takes strict UTF-8 only
      return reference::IsEncodableText(v.as_string(), Dialect::kGodot4);
    case Type::kNodePath:
      for (const auto* names :
           {&v.node_path().names, &v.node_path().subnames}) {
        for (const std::string& n : *names) {
          if (!reference::IsEncodableText(n, Dialect::kGodot4)) return false;
        }
      }
      return true;
    case Type::kPackedStringArray:
      for (const std::string& n : v.packed_strings()) {
        if (!reference::IsEncodableText(n, Dialect::kGodot4)) return false;
      }
      return true;
    case Type::kVector4:
    case Type::kVector4i:
      return !inside;
    case Type::kProjection:
    case Type::kPackedVector4Array:
    case Type::kPackedVector4iArray:
      return false;
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      if (v.type() == Type::kPackedTypedArray &&
          v.array().element_type.builtin == Type::kNil &&
          !v.array().items.empty()) {
        return false;
      }
      [[fallthrough]];
    case Type::kArray:
      for (const Variant& x : v.array().items) {
        if (!PandemoniumReadsBack(x, true)) return false;
      }
      return true;
    case Type::kDictionary: {
      int pool_keys = 0, names = 0;
      for (const auto& kv : v.dictionary().entries) {
        pool_keys += HasPool(kv.first);
        names += kv.first.type() == Type::kStringName;
        if (pool_keys > 1 || names > 1 || HasNanInPool(kv.first) ||
            !PandemoniumReadsBack(kv.first, true) ||
            !PandemoniumReadsBack(kv.second, true)) {
          return false;
        }
      }
      return true;
    }
    default:
      return true;
  }
}

}  // namespace

Variant SendValues::Make(uint64_t i) {
  for (int tries = 0;; ++tries) {
    Variant v = MakeOnce(i);
    if (tries == 100 ||
        (EngineCanKeyAll(v, dialect_) &&
         (!IsPandemonium(dialect_) || PandemoniumReadsBack(v, false)))) {
      return v;
    }
    ++skipped_;
  }
}

Variant SendValues::MakeOnce(uint64_t i) {
  testing::RandomOptions o;
  o.dialect = dialect_;
  o.objects = false;  // full objects need allow_objects on the engine side
  o.max_depth = 3;
  if (i % 97 == 5) {  // now and then a large packed array
    o.max_packed = 20000;
    static const Type kPacked[] = {
        Type::kPackedByteArray,    Type::kPackedInt32Array,
        Type::kPackedFloat32Array, Type::kPackedStringArray,
        Type::kPackedVector2Array, Type::kPackedVector3Array,
        Type::kPackedColorArray};
    return rng_.OfType(kPacked[(i / 97) % 7], o);
  }
  // First round robin over every type of the dialect, then anything.
  const uint32_t n = VariantMax(dialect_);
  if (i < 4 * n) {
    Type t;
    TypeFromWireId(dialect_, static_cast<uint32_t>(i % n), &t);
    if (t != Type::kObject &&
        (!IsPandemonium(dialect_) ||
         PandemoniumReadsBack(Variant::Default(t), false))) {
      return rng_.OfType(t, o);
    }
  }
  return rng_.Make(o);
}

}  // namespace interop
}  // namespace gdwire
