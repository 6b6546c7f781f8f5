// Copyright 2026 The gdwire Authors.
//
// The shared pieces of Godot's text form (text_rules.h); the rules and
// their sources are listed in codec/text/text.cc.

#include "codec/text/internal/text_rules.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "codec/text/internal/number.h"
#include "codec/types.h"

namespace gdwire {
namespace text {
namespace internal {
namespace {

// The value a single-precision engine holds for a real_t / float field.
double AsF32(double v) { return WidenF32Exact(NarrowF64ToF32(v)); }

char* Copy(absl::string_view s, char* p) {
  std::memcpy(p, s.data(), s.size());
  return p + s.size();
}

// Pandemonium's rtos_fix.
char* PandemoniumReal(double x, char* p) {
  if (x == 0) return Copy("0", p);
  if (std::isnan(x)) return Copy("nan", p);
  if (std::isinf(x)) return Copy(x > 0 ? "inf" : "inf_neg", p);
  return WriteFormatG(x, p);
}

// ".0" after [start, end) unless it has '.', 'e' or 'E' or is "inf" or
// "nan" (godot4's and Pandemonium's "inf_neg" has an 'e'; godot3 writes
// "-inf.0" and "-nan.0").
char* PointZero(const char* start, char* end) {
  const absl::string_view s(start, static_cast<size_t>(end - start));
  if (s == "inf" || s == "nan") return end;
  if (s.find_first_of(".eE") != absl::string_view::npos) return end;
  end[0] = '.';
  end[1] = '0';
  return end + 2;
}

}  // namespace

char* WriteReal(double v, bool f32_always, const TextOptions& o, char* p) {
  const double x = (f32_always || !o.real_is_double) ? AsF32(v) : v;
  switch (o.dialect) {
    case Dialect::kGodot4:
      return WriteGodot4Real(x, p);
    case Dialect::kGodot3:
      return x == 0 ? Copy("0", p) : WriteFormatG(x, p);
    case Dialect::kPandemonium:
    case Dialect::kPandemonium4:
      break;
  }
  return PandemoniumReal(x, p);
}

char* WriteFloatText(double d, const TextOptions& o, char* p) {
  switch (o.dialect) {
    case Dialect::kGodot4:
      return PointZero(p, WriteGodot4Real(d, p));
    case Dialect::kGodot3: {
      const double x = o.real_is_double ? d : AsF32(d);
      return PointZero(p, x == 0 ? Copy("0", p) : WriteFormatG(x, p));
    }
    case Dialect::kPandemonium:
    case Dialect::kPandemonium4:
      break;
  }
  return PointZero(p, PandemoniumReal(o.real_is_double ? d : AsF32(d), p));
}

char* WriteFloat64Item(double x, const TextOptions& o, char* p) {
  if (o.dialect == Dialect::kGodot4) return WriteGodot4Real(x, p);
  return WriteReal(x, /*f32_always=*/false, o, p);
}

char* WriteInt32(int32_t i, Dialect d, char* p) {
  if (IsPandemonium(d)) return PandemoniumReal(i, p);
  return std::to_chars(p, p + kMaxNumber, i).ptr;
}

char* WriteInt64(int64_t i, char* p) {
  return std::to_chars(p, p + kMaxNumber, i).ptr;
}

absl::string_view MathName(Type t, Dialect d) {
  if (d != Dialect::kGodot4) {
    switch (t) {
      case Type::kQuaternion:
        return d == Dialect::kGodot3 ? "Quat" : "Quaternion";
      case Type::kTransform3D:
        return "Transform";
      default:
        break;
    }
  }
  return TypeName(t);
}

absl::string_view PackedName(Type t, Dialect d) {
  if (d != Dialect::kGodot4) {
    switch (t) {
      case Type::kPackedByteArray:
        return "PoolByteArray";
      case Type::kPackedInt32Array:
        return "PoolIntArray";
      case Type::kPackedFloat32Array:
        return "PoolRealArray";
      case Type::kPackedStringArray:
        return "PoolStringArray";
      case Type::kPackedVector2Array:
        return "PoolVector2Array";
      case Type::kPackedVector3Array:
        return "PoolVector3Array";
      case Type::kPackedColorArray:
        return "PoolColorArray";
      case Type::kPackedVector4Array:
        return "PoolVector4Array";
      default:
        break;
    }
  }
  return TypeName(t);
}

}  // namespace internal
}  // namespace text
}  // namespace gdwire
