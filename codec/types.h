// Copyright 2026 The gdwire Authors.
//
// codec/types.h: the dialect-independent type enum and the per-dialect
// wire-id tables.
//
// gdwire speaks four dialects of Godot's Variant binary format. They share
// the framing of a value (a u32 header whose low 8 bits are a type id) but
// number their types differently from id 5 upwards. `gdwire::Type` names
// every type any dialect has; `WireId()` / `TypeFromWireId()` translate.
//
//   gdwire::Type t;
//   if (gdwire::TypeFromWireId(gdwire::Dialect::kGodot3, 19, &t)) {
//     // t == gdwire::Type::kArray
//   }
//   uint32_t id;
//   gdwire::WireId(gdwire::Dialect::kGodot4, gdwire::Type::kArray, &id);  // 28
//
// The numeric values of `Type` equal Godot 4's ids (0..38); the
// Pandemonium-only types follow: the three packed integer-vector arrays, and
// Pandemonium 5's TypedArray and PackedTypedArray (ids 27 and 28 of its
// 40-id table; both hold a `gdwire::Array` whose `element_type` is set).

#ifndef GDWIRE_CODEC_TYPES_H_
#define GDWIRE_CODEC_TYPES_H_

#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"

namespace gdwire {

// Which engine's table of type ids (and rules) applies.
enum class Dialect : uint8_t {
  kGodot3 = 0,        // Godot 3.x: 27 ids.
  kGodot4 = 1,        // Godot 4.x (4.3+): 39 ids, typed containers.
  kPandemonium = 2,   // Pandemonium 5.x (today's engine): 40 ids, with
                      // TYPED_ARRAY 27 and PACKED_TYPED_ARRAY 28.
  kPandemonium4 = 3,  // Pandemonium 4.x releases: the 38-id table.
};

// True for both Pandemonium dialects (the 3.x-derived rules they share).
inline bool IsPandemonium(Dialect d) {
  return d == Dialect::kPandemonium || d == Dialect::kPandemonium4;
}

// Parses "godot3", "godot4", "pandemonium" or "pandemonium4". Returns false
// otherwise.
bool ParseDialect(absl::string_view name, Dialect* out);
absl::string_view DialectName(Dialect d);

// Every Variant type of every dialect. Values 0..38 are Godot 4's ids.
enum class Type : uint8_t {
  kNil = 0,
  kBool,
  kInt,
  kFloat,  // "REAL" in Godot 3.
  kString,
  kVector2,
  kVector2i,
  kRect2,
  kRect2i,
  kVector3,
  kVector3i,
  kTransform2D,
  kVector4,
  kVector4i,
  kPlane,
  kQuaternion,  // "QUAT" in Godot 3.
  kAABB,
  kBasis,
  kTransform3D,  // "TRANSFORM" in Godot 3.
  kProjection,
  kColor,
  kStringName,
  kNodePath,
  kRID,
  kObject,
  kCallable,
  kSignal,
  kDictionary,
  kArray,
  kPackedByteArray,     // POOL_BYTE_ARRAY in Godot 3 / Pandemonium.
  kPackedInt32Array,    // POOL_INT_ARRAY.
  kPackedInt64Array,    // Godot 4 only.
  kPackedFloat32Array,  // POOL_REAL_ARRAY.
  kPackedFloat64Array,  // Godot 4 only.
  kPackedStringArray,
  kPackedVector2Array,
  kPackedVector3Array,
  kPackedColorArray,
  kPackedVector4Array,  // Godot 4.3+ and Pandemonium.
  // Pandemonium only.
  kPackedVector2iArray,
  kPackedVector3iArray,
  kPackedVector4iArray,
  // Pandemonium 5.x only: an Array of one element type (element_type), and
  // its packed twin (the engine stores it as a vector of that type).
  kTypedArray,
  kPackedTypedArray,
};

inline constexpr int kTypeCount = 44;

// Godot 4's name of the type ("Vector2", "PackedInt32Array", ...);
// Pandemonium-only types use Pandemonium's names.
absl::string_view TypeName(Type t);

// Pandemonium's name of the type (Variant::get_type_name: "float",
// "Transform", "Quaternion", "PoolByteArray", "TypedArray", ...), as its
// text writes the element type of a TypedArray / PackedTypedArray.
absl::string_view PandemoniumTypeName(Type t);
// The type of a Pandemonium type name, false if none (then, in a
// TypedArray's text, it is an Object class name).
bool TypeFromPandemoniumName(absl::string_view name, Type* t);

// Number of type ids of the dialect (VARIANT_MAX): 27, 39, 40, 38.
uint32_t VariantMax(Dialect d);

// True when the dialect has the type.
bool DialectHasType(Dialect d, Type t);

// The wire id of `t` in dialect `d`. Returns false if the dialect lacks it.
// Inline: the encoders ask for every value they write.
inline bool WireId(Dialect d, Type t, uint32_t* id);

// The type of wire id `id` in dialect `d`. Returns false when id >=
// VARIANT_MAX.
bool TypeFromWireId(Dialect d, uint32_t id, Type* t);

// Shape facts shared by every codec (not dialect dependent).
// Number of real (float) components of a math type, 0 if not one.
int RealComponents(Type t);
// Number of i32 components of an integer vector/rect type, 0 if not one.
int IntComponents(Type t);
// For packed arrays of vectors/colors: components per element (2, 3, 4), else
// 0.
int PackedComponents(Type t);
// True for the packed/pool array types (not kPackedTypedArray, which holds
// Variants).
bool IsPackedArray(Type t);
// True for kArray and Pandemonium's kTypedArray / kPackedTypedArray: the
// types held as a `gdwire::Array`.
inline bool IsArrayType(Type t) {
  return t == Type::kArray || t == Type::kTypedArray ||
         t == Type::kPackedTypedArray;
}
// True when a godot4 encoder sets the 64-bit flag for this type in a
// double-precision (real_t = double) build and the decoder honours it.
bool HasRealWidthFlag(Dialect d, Type t);

// ---- WireId's table (implementation detail) -------------------------------

namespace types_internal {
// [dialect][type] = the type's first wire id in the dialect, or -1;
// constant-initialized in types.cc from the id -> Type tables.
struct WireIdTable {
  int16_t id[4][kTypeCount];
};
extern const WireIdTable kWireIds;
}  // namespace types_internal

inline bool WireId(Dialect d, Type t, uint32_t* id) {
  const size_t di = static_cast<size_t>(d);
  const size_t ti = static_cast<size_t>(t);
  if (di >= 4 || ti >= static_cast<size_t>(kTypeCount)) return false;
  const int16_t r = types_internal::kWireIds.id[di][ti];
  if (r < 0) return false;
  *id = static_cast<uint32_t>(r);
  return true;
}

}  // namespace gdwire

#endif  // GDWIRE_CODEC_TYPES_H_
