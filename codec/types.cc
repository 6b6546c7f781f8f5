// Copyright 2026 The gdwire Authors.

#include "codec/types.h"

#include <array>

namespace gdwire {
namespace {

using T = Type;

constexpr std::array<Type, 27> kGodot3Ids = {
    T::kNil,
    T::kBool,
    T::kInt,
    T::kFloat,
    T::kString,
    T::kVector2,
    T::kRect2,
    T::kVector3,
    T::kTransform2D,
    T::kPlane,
    T::kQuaternion,
    T::kAABB,
    T::kBasis,
    T::kTransform3D,
    T::kColor,
    T::kNodePath,
    T::kRID,
    T::kObject,
    T::kDictionary,
    T::kArray,
    T::kPackedByteArray,
    T::kPackedInt32Array,
    T::kPackedFloat32Array,
    T::kPackedStringArray,
    T::kPackedVector2Array,
    T::kPackedVector3Array,
    T::kPackedColorArray,
};

// Pandemonium 5.x (core/variant/variant.h since 5.0).
constexpr std::array<Type, 40> kPandemoniumIds = {
    T::kNil,
    T::kBool,
    T::kInt,
    T::kFloat,
    T::kString,
    T::kRect2,
    T::kRect2i,
    T::kVector2,
    T::kVector2i,
    T::kVector3,
    T::kVector3i,
    T::kVector4,
    T::kVector4i,
    T::kPlane,
    T::kQuaternion,
    T::kAABB,
    T::kBasis,
    T::kTransform3D,
    T::kTransform2D,
    T::kProjection,
    T::kColor,
    T::kNodePath,
    T::kRID,
    T::kObject,
    T::kStringName,
    T::kDictionary,
    T::kArray,
    T::kTypedArray,
    T::kPackedTypedArray,
    T::kPackedByteArray,
    T::kPackedInt32Array,
    T::kPackedFloat32Array,
    T::kPackedStringArray,
    T::kPackedVector2Array,
    T::kPackedVector2iArray,
    T::kPackedVector3Array,
    T::kPackedVector3iArray,
    T::kPackedVector4Array,
    T::kPackedVector4iArray,
    T::kPackedColorArray,
};

// Pandemonium 4.x: the 5.x table without TYPED_ARRAY and PACKED_TYPED_ARRAY.
constexpr std::array<Type, 38> kPandemonium4Ids = {
    T::kNil,
    T::kBool,
    T::kInt,
    T::kFloat,
    T::kString,
    T::kRect2,
    T::kRect2i,
    T::kVector2,
    T::kVector2i,
    T::kVector3,
    T::kVector3i,
    T::kVector4,
    T::kVector4i,
    T::kPlane,
    T::kQuaternion,
    T::kAABB,
    T::kBasis,
    T::kTransform3D,
    T::kTransform2D,
    T::kProjection,
    T::kColor,
    T::kNodePath,
    T::kRID,
    T::kObject,
    T::kStringName,
    T::kDictionary,
    T::kArray,
    T::kPackedByteArray,
    T::kPackedInt32Array,
    T::kPackedFloat32Array,
    T::kPackedStringArray,
    T::kPackedVector2Array,
    T::kPackedVector2iArray,
    T::kPackedVector3Array,
    T::kPackedVector3iArray,
    T::kPackedVector4Array,
    T::kPackedVector4iArray,
    T::kPackedColorArray,
};

constexpr std::array<const char*, kTypeCount> kNames = {
    "Nil",
    "bool",
    "int",
    "float",
    "String",
    "Vector2",
    "Vector2i",
    "Rect2",
    "Rect2i",
    "Vector3",
    "Vector3i",
    "Transform2D",
    "Vector4",
    "Vector4i",
    "Plane",
    "Quaternion",
    "AABB",
    "Basis",
    "Transform3D",
    "Projection",
    "Color",
    "StringName",
    "NodePath",
    "RID",
    "Object",
    "Callable",
    "Signal",
    "Dictionary",
    "Array",
    "PackedByteArray",
    "PackedInt32Array",
    "PackedInt64Array",
    "PackedFloat32Array",
    "PackedFloat64Array",
    "PackedStringArray",
    "PackedVector2Array",
    "PackedVector3Array",
    "PackedColorArray",
    "PackedVector4Array",
    "PoolVector2iArray",
    "PoolVector3iArray",
    "PoolVector4iArray",
    "TypedArray",
    "PackedTypedArray",
};

}  // namespace

bool ParseDialect(absl::string_view name, Dialect* out) {
  if (name == "godot3") {
    *out = Dialect::kGodot3;
  } else if (name == "godot4") {
    *out = Dialect::kGodot4;
  } else if (name == "pandemonium") {
    *out = Dialect::kPandemonium;
  } else if (name == "pandemonium4") {
    *out = Dialect::kPandemonium4;
  } else {
    return false;
  }
  return true;
}

absl::string_view DialectName(Dialect d) {
  switch (d) {
    case Dialect::kGodot3:
      return "godot3";
    case Dialect::kGodot4:
      return "godot4";
    case Dialect::kPandemonium:
      return "pandemonium";
    case Dialect::kPandemonium4:
      return "pandemonium4";
  }
  return "?";
}

absl::string_view TypeName(Type t) {
  const auto i = static_cast<size_t>(t);
  return i < kNames.size() ? kNames[i] : "?";
}

absl::string_view PandemoniumTypeName(Type t) {
  switch (t) {
    case T::kTransform3D:
      return "Transform";
    case T::kPackedByteArray:
      return "PoolByteArray";
    case T::kPackedInt32Array:
      return "PoolIntArray";
    case T::kPackedFloat32Array:
      return "PoolRealArray";
    case T::kPackedStringArray:
      return "PoolStringArray";
    case T::kPackedVector2Array:
      return "PoolVector2Array";
    case T::kPackedVector3Array:
      return "PoolVector3Array";
    case T::kPackedVector4Array:
      return "PoolVector4Array";
    case T::kPackedColorArray:
      return "PoolColorArray";
    default:
      return TypeName(t);
  }
}

bool TypeFromPandemoniumName(absl::string_view name, Type* t) {
  for (Type u : kPandemoniumIds) {
    if (PandemoniumTypeName(u) == name) {
      *t = u;
      return true;
    }
  }
  return false;
}

uint32_t VariantMax(Dialect d) {
  switch (d) {
    case Dialect::kGodot3:
      return kGodot3Ids.size();
    case Dialect::kGodot4:
      return 39;
    case Dialect::kPandemonium:
      return kPandemoniumIds.size();
    case Dialect::kPandemonium4:
      return kPandemonium4Ids.size();
  }
  return 0;
}

bool TypeFromWireId(Dialect d, uint32_t id, Type* t) {
  if (id >= VariantMax(d)) return false;
  switch (d) {
    case Dialect::kGodot3:
      *t = kGodot3Ids[id];
      break;
    case Dialect::kGodot4:
      *t = static_cast<Type>(id);
      break;
    case Dialect::kPandemonium:
      *t = kPandemoniumIds[id];
      break;
    case Dialect::kPandemonium4:
      *t = kPandemonium4Ids[id];
      break;
  }
  return true;
}

namespace {

// WireId's table, made at compile time from the id -> Type tables (the
// first id of each type).
template <size_t N>
constexpr void FillFirstIds(const std::array<Type, N>& ids, int16_t* row) {
  for (size_t i = 0; i < N; ++i) {
    int16_t& cell = row[static_cast<size_t>(ids[i])];
    if (cell < 0) cell = static_cast<int16_t>(i);
  }
}

constexpr types_internal::WireIdTable MakeWireIds() {
  types_internal::WireIdTable t{};
  for (auto& row : t.id) {
    for (int16_t& cell : row) cell = -1;
  }
  FillFirstIds(kGodot3Ids, t.id[static_cast<size_t>(Dialect::kGodot3)]);
  for (size_t i = 0; i < 39; ++i) {  // godot4: the id is the Type
    t.id[static_cast<size_t>(Dialect::kGodot4)][i] = static_cast<int16_t>(i);
  }
  FillFirstIds(kPandemoniumIds,
               t.id[static_cast<size_t>(Dialect::kPandemonium)]);
  FillFirstIds(kPandemonium4Ids,
               t.id[static_cast<size_t>(Dialect::kPandemonium4)]);
  return t;
}

}  // namespace

namespace types_internal {
extern constexpr WireIdTable kWireIds = MakeWireIds();
}  // namespace types_internal

bool DialectHasType(Dialect d, Type t) {
  uint32_t id;
  return WireId(d, t, &id);
}

int RealComponents(Type t) {
  switch (t) {
    case T::kVector2:
      return 2;
    case T::kVector3:
      return 3;
    case T::kRect2:
    case T::kVector4:
    case T::kPlane:
    case T::kQuaternion:
    case T::kColor:
      return 4;
    case T::kTransform2D:
    case T::kAABB:
      return 6;
    case T::kBasis:
      return 9;
    case T::kTransform3D:
      return 12;
    case T::kProjection:
      return 16;
    default:
      return 0;
  }
}

int IntComponents(Type t) {
  switch (t) {
    case T::kVector2i:
      return 2;
    case T::kVector3i:
      return 3;
    case T::kRect2i:
    case T::kVector4i:
      return 4;
    default:
      return 0;
  }
}

int PackedComponents(Type t) {
  switch (t) {
    case T::kPackedVector2Array:
    case T::kPackedVector2iArray:
      return 2;
    case T::kPackedVector3Array:
    case T::kPackedVector3iArray:
      return 3;
    case T::kPackedColorArray:
    case T::kPackedVector4Array:
    case T::kPackedVector4iArray:
      return 4;
    default:
      return 0;
  }
}

bool IsPackedArray(Type t) {
  return t >= T::kPackedByteArray && t <= T::kPackedVector4iArray;
}

bool HasRealWidthFlag(Dialect d, Type t) {
  if (d != Dialect::kGodot4) return false;
  switch (t) {
    case T::kVector2:
    case T::kVector3:
    case T::kVector4:
    case T::kRect2:
    case T::kTransform2D:
    case T::kPlane:
    case T::kQuaternion:
    case T::kAABB:
    case T::kBasis:
    case T::kTransform3D:
    case T::kProjection:
    case T::kPackedVector2Array:
    case T::kPackedVector3Array:
    case T::kPackedVector4Array:
      return true;
    default:
      return false;
  }
}

}  // namespace gdwire
