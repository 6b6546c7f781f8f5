// Copyright 2026 The gdwire Authors.

#include "codec/text/internal/key_order.h"

#include <cmath>
#include <cstdint>
#include <string>

#include "codec/text/internal/godot_sort.h"

namespace gdwire {
namespace text {
namespace internal {
namespace {

struct Order {
  Dialect dialect;
  bool real_is_double;
};

// Position of the type in the dialect's Variant::Type enum; types the
// dialect lacks go last.
uint32_t TypeRank(Type t, Dialect d) {
  uint32_t id;
  if (WireId(d, t, &id)) return id;
  return 1000 + static_cast<uint32_t>(t);
}

bool IsStringLike(Type t) {
  return t == Type::kString || t == Type::kStringName;
}

// A real_t component as the engine holds it.
double Real(double v, const Order& o) {
  return o.real_is_double ? v : WidenF32Exact(NarrowF64ToF32(v));
}

// Lexicographic exact comparison (Godot 4's Vector*::operator<; also used
// for the integer vectors).
template <typename Seq, typename Get>
bool Lexicographic(const Seq& a, const Seq& b, Get get) {
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  for (size_t i = 0; i < n; ++i) {
    const auto x = get(a[i]);
    const auto y = get(b[i]);
    if (x == y) continue;
    return x < y;
  }
  return false;
}

// Godot 3's Math::is_equal_approx(real_t, real_t) with CMP_EPSILON 1e-5.
template <typename R>
bool IsEqualApprox(R a, R b) {
  if (a == b) return true;
  constexpr double kCmpEpsilon = 0.00001;
  R tolerance = static_cast<R>(kCmpEpsilon * std::fabs(a));
  if (tolerance < kCmpEpsilon) tolerance = static_cast<R>(kCmpEpsilon);
  return std::fabs(a - b) < tolerance;
}

// Godot 3's Vector2/Vector3::operator<: all but the last component compared
// with is_equal_approx, in real_t arithmetic.
template <typename R>
bool ApproxVectorLess(const RealsView& a, const RealsView& b) {
  const size_t n = a.size();
  for (size_t i = 0; i + 1 < n; ++i) {
    const R x = static_cast<R>(a[i]);
    const R y = static_cast<R>(b[i]);
    if (!IsEqualApprox(x, y)) return x < y;
  }
  return static_cast<R>(a[n - 1]) < static_cast<R>(b[n - 1]);
}

bool Less4(const Variant& a, const Variant& b, const Order& o);
bool Less3(const Variant& a, const Variant& b, const Order& o);
bool LessPd(const Variant& a, const Variant& b, const Order& o);

// Godot 4's Variant::operator<.
bool Less4(const Variant& a, const Variant& b, const Order& o) {
  if (a.type() != b.type()) {
    return TypeRank(a.type(), o.dialect) < TypeRank(b.type(), o.dialect);
  }
  switch (a.type()) {
    case Type::kBool:
      return !a.as_bool() && b.as_bool();
    case Type::kInt:
      return a.as_int() < b.as_int();
    case Type::kFloat:
      return a.as_float() < b.as_float();
    case Type::kString:
    case Type::kStringName:
      return a.as_string() < b.as_string();
    case Type::kVector2:
    case Type::kVector3:
    case Type::kVector4:
      return Lexicographic(a.reals(), b.reals(),
                           [&o](double v) { return Real(v, o); });
    case Type::kVector2i:
    case Type::kVector3i:
    case Type::kVector4i:
      return Lexicographic(a.ints(), b.ints(), [](int32_t v) { return v; });
    case Type::kRID:
      return a.rid() < b.rid();
    case Type::kArray: {
      const auto& x = a.array().items;
      const auto& y = b.array().items;
      const size_t n = x.size() < y.size() ? x.size() : y.size();
      for (size_t i = 0; i < n; ++i) {
        if (Less4(x[i], y[i], o)) return true;
        if (Less4(y[i], x[i], o)) return false;
      }
      return x.size() < y.size();
    }
    default:
      return false;
  }
}

// Godot 3's (and Pandemonium's) Variant::operator<.
bool Less3(const Variant& a, const Variant& b, const Order& o) {
  if (a.type() != b.type()) {
    return TypeRank(a.type(), o.dialect) < TypeRank(b.type(), o.dialect);
  }
  switch (a.type()) {
    case Type::kBool:
      return !a.as_bool() && b.as_bool();
    case Type::kInt:
      return a.as_int() < b.as_int();
    case Type::kFloat:
      return a.as_float() < b.as_float();
    case Type::kString:
    case Type::kStringName:
      return a.as_string() < b.as_string();
    case Type::kVector2:
    case Type::kVector3:
      return o.real_is_double ? ApproxVectorLess<double>(a.reals(), b.reals())
                              : ApproxVectorLess<float>(a.reals(), b.reals());
    case Type::kArray: {
      // 3.x OP_LESS for arrays, as written (not a lexicographic order).
      const auto& x = a.array().items;
      const auto& y = b.array().items;
      if (y.size() < x.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!Less3(x[i], y[i], o)) return true;
      }
      return false;
    }
    default:
      return false;
  }
}

// Pandemonium's pool-array OP_LESS (DEFAULT_OP_ARRAY_LT): shorter is less;
// otherwise "less" as soon as one element differs. (A longer `a` makes the
// engine read past `b`'s end; any difference there is taken as less.)
bool PoolLess(const Variant& a, const Variant& b) {
  const size_t na = a.packed_size();
  const size_t nb = b.packed_size();
  if (na < nb) return true;
  if (na > nb) return true;
  switch (a.type()) {
    case Type::kPackedByteArray:
      return a.packed_bytes() != b.packed_bytes();
    case Type::kPackedStringArray:
      return a.packed_strings() != b.packed_strings();
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return a.packed_int32() != b.packed_int32();
    default: {
      // real_t / float components: C++ != (NaN differs from itself).
      const RealsView x = a.packed_reals();
      const RealsView y = b.packed_reals();
      for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
        if (NarrowF64ToF32(x[i]) != NarrowF64ToF32(y[i])) return true;
      }
      return false;
    }
  }
}

// Pandemonium's Variant::operator< (core/variant/variant_op.cpp, 4.9 and
// 5.3): exact lexicographic vectors, RIDs all equal, pool arrays as
// PoolLess, typed arrays like Arrays when their element types agree.
// StringName keys: 4.x has no OP_LESS for them (never less); 5.x compares
// their addresses, which no codec can know (gdwire orders them by text).
bool LessPd(const Variant& a, const Variant& b, const Order& o) {
  if (a.type() != b.type()) {
    return TypeRank(a.type(), o.dialect) < TypeRank(b.type(), o.dialect);
  }
  switch (a.type()) {
    case Type::kBool:
      return !a.as_bool() && b.as_bool();
    case Type::kInt:
      return a.as_int() < b.as_int();
    case Type::kFloat:
      return a.as_float() < b.as_float();
    case Type::kString:
      return a.as_string() < b.as_string();
    case Type::kStringName:
      if (o.dialect == Dialect::kPandemonium4) return false;
      return a.as_string() < b.as_string();
    case Type::kVector2:
    case Type::kVector3:
    case Type::kVector4:
      return Lexicographic(a.reals(), b.reals(),
                           [&o](double v) { return Real(v, o); });
    case Type::kVector2i:
    case Type::kVector3i:
    case Type::kVector4i:
      return Lexicographic(a.ints(), b.ints(), [](int32_t v) { return v; });
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      if (a.array().element_type != b.array().element_type) return false;
      [[fallthrough]];
    case Type::kArray: {
      // OP_LESS for arrays, as written (not a lexicographic order).
      const auto& x = a.array().items;
      const auto& y = b.array().items;
      if (y.size() < x.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!LessPd(x[i], y[i], o)) return true;
      }
      return false;
    }
    default:
      if (IsPackedArray(a.type())) return PoolLess(a, b);
      return false;
  }
}

}  // namespace

bool KeyLess(const Variant& a, const Variant& b, Dialect dialect,
             bool real_is_double) {
  const Order o{dialect, real_is_double};
  if (dialect == Dialect::kGodot4) {
    if (IsStringLike(a.type()) && IsStringLike(b.type())) {
      return a.as_string() < b.as_string();
    }
    return Less4(a, b, o);
  }
  if (IsPandemonium(dialect)) return LessPd(a, b, o);
  return Less3(a, b, o);
}

void SortEntries(std::vector<const std::pair<Variant, Variant>*>* entries,
                 Dialect dialect, bool real_is_double) {
  using Entry = const std::pair<Variant, Variant>*;
  GodotSort(entries->data(), static_cast<int>(entries->size()),
            [dialect, real_is_double](Entry x, Entry y) {
              return KeyLess(x->first, y->first, dialect, real_is_double);
            });
}

}  // namespace internal
}  // namespace text
}  // namespace gdwire
