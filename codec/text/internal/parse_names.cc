// Copyright 2026 The gdwire Authors.
//
// Names of the text reader: constructor names, builtin type names, float
// spellings, NodePath strings.

#include "codec/text/internal/parse_names.h"

#include <limits>

namespace gdwire {
namespace text {
namespace internal {
namespace {

// How a type name maps to a type; the dialect must have the type.
struct TypeAlias {
  const char* name;
  Type type;
};

constexpr TypeAlias kTypeAliases[] = {
    {"Vector2", Type::kVector2},
    {"Vector2i", Type::kVector2i},
    {"Rect2", Type::kRect2},
    {"Rect2i", Type::kRect2i},
    {"Vector3", Type::kVector3},
    {"Vector3i", Type::kVector3i},
    {"Transform2D", Type::kTransform2D},
    {"Matrix32", Type::kTransform2D},
    {"Vector4", Type::kVector4},
    {"Vector4i", Type::kVector4i},
    {"Plane", Type::kPlane},
    {"Quaternion", Type::kQuaternion},
    {"Quat", Type::kQuaternion},
    {"AABB", Type::kAABB},
    {"Rect3", Type::kAABB},
    {"Basis", Type::kBasis},
    {"Matrix3", Type::kBasis},
    {"Transform3D", Type::kTransform3D},
    {"Transform", Type::kTransform3D},
    {"Projection", Type::kProjection},
    {"Color", Type::kColor},
    {"PackedByteArray", Type::kPackedByteArray},
    {"PoolByteArray", Type::kPackedByteArray},
    {"ByteArray", Type::kPackedByteArray},
    {"PackedInt32Array", Type::kPackedInt32Array},
    {"PackedIntArray", Type::kPackedInt32Array},
    {"PoolIntArray", Type::kPackedInt32Array},
    {"IntArray", Type::kPackedInt32Array},
    {"PackedInt64Array", Type::kPackedInt64Array},
    {"PackedFloat32Array", Type::kPackedFloat32Array},
    {"PackedRealArray", Type::kPackedFloat32Array},
    {"PoolRealArray", Type::kPackedFloat32Array},
    {"FloatArray", Type::kPackedFloat32Array},
    {"PackedFloat64Array", Type::kPackedFloat64Array},
    {"PackedStringArray", Type::kPackedStringArray},
    {"PoolStringArray", Type::kPackedStringArray},
    {"StringArray", Type::kPackedStringArray},
    {"PackedVector2Array", Type::kPackedVector2Array},
    {"PoolVector2Array", Type::kPackedVector2Array},
    {"Vector2Array", Type::kPackedVector2Array},
    {"PackedVector3Array", Type::kPackedVector3Array},
    {"PoolVector3Array", Type::kPackedVector3Array},
    {"Vector3Array", Type::kPackedVector3Array},
    {"PackedColorArray", Type::kPackedColorArray},
    {"PoolColorArray", Type::kPackedColorArray},
    {"ColorArray", Type::kPackedColorArray},
    {"PackedVector4Array", Type::kPackedVector4Array},
    {"PoolVector4Array", Type::kPackedVector4Array},
    {"Vector4Array", Type::kPackedVector4Array},
    {"PoolVector2iArray", Type::kPackedVector2iArray},
    {"PoolVector3iArray", Type::kPackedVector3iArray},
    {"PoolVector4iArray", Type::kPackedVector4iArray},
};

}  // namespace

bool LookUpType(absl::string_view name, Type* t) {
  for (const TypeAlias& a : kTypeAliases) {
    if (name == a.name) {
      *t = a.type;
      return true;
    }
  }
  return false;
}

// A builtin type as Godot 4 names it in Array[T] / Dictionary[K, V].
bool LookUpBuiltin(absl::string_view name, Type* t) {
  for (int i = 1; i <= static_cast<int>(Type::kPackedVector4Array); ++i) {
    if (TypeName(static_cast<Type>(i)) == name) {
      *t = static_cast<Type>(i);
      return true;
    }
  }
  return false;
}

// The float spellings of the writers: inf, nan, inf_neg, -inf, -nan.
bool SpecialFloat(absl::string_view id, double* out) {
  const double inf = std::numeric_limits<double>::infinity();
  if (id == "inf") {
    *out = inf;
  } else if (id == "-inf" || id == "inf_neg") {
    *out = -inf;
  } else if (id == "nan") {
    *out = std::numeric_limits<double>::quiet_NaN();
  } else if (id == "-nan") {
    *out = -std::numeric_limits<double>::quiet_NaN();
  } else {
    return false;
  }
  return true;
}

// Godot's NodePath(String) constructor: '/' separates names (empty ones
// are skipped), ':' starts each subname (an empty one is an error, but a
// trailing ':' is allowed), a leading '/' makes it absolute.
bool ParseNodePath(absl::string_view s, NodePath* out) {
  *out = NodePath();
  if (s.empty()) return true;
  out->absolute = s[0] == '/';
  const size_t colon = s.find(':');
  if (colon != absl::string_view::npos) {
    absl::string_view rest = s.substr(colon + 1);
    size_t from = 0;
    for (size_t i = 0; i <= rest.size(); ++i) {
      if (i == rest.size() || rest[i] == ':') {
        if (i == from) {
          if (i == rest.size()) continue;
          return false;
        }
        out->subnames.emplace_back(rest.substr(from, i - from));
        from = i + 1;
      }
    }
    s = s.substr(0, colon);
  }
  size_t from = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == '/') {
      if (i > from) out->names.emplace_back(s.substr(from, i - from));
      from = i + 1;
    }
  }
  return true;
}
}  // namespace internal
}  // namespace text
}  // namespace gdwire
