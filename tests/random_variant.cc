// Copyright 2026 The gdwire Authors.

#include "tests/random_variant.h"

#include <cstring>
#include <string>
#include <vector>

#include "codec/reference/utf8.h"

namespace gdwire {
namespace testing {

float RandomVariant::F32() {
  switch (Below(8)) {
    case 0: {  // any bit pattern: NaN payloads, subnormals, infinities
      const uint32_t b = static_cast<uint32_t>(rng_());
      float f;
      std::memcpy(&f, &b, 4);
      return f;
    }
    case 1:
      return -0.0f;
    case 2:
      return static_cast<float>(static_cast<int>(Below(2001)) - 1000);
    default:
      return std::uniform_real_distribution<float>(-1e4f, 1e4f)(rng_);
  }
}

double RandomVariant::F64() {
  switch (Below(6)) {
    case 0: {
      const uint64_t b = rng_();
      double d;
      std::memcpy(&d, &b, 8);
      return d;
    }
    case 1:
      return static_cast<double>(F32());
    default:
      return std::uniform_real_distribution<double>(-1e6, 1e6)(rng_);
  }
}

// A math component: f32-exact unless the encoder writes doubles.
double RandomVariant::Real(const RandomOptions& o) {
  return o.real_is_double ? F64() : WidenF32Exact(F32());
}

std::string RandomVariant::Text(const RandomOptions& o) {
  std::string s;
  const int n = static_cast<int>(Below(12));
  for (int i = 0; i < n; ++i) {
    uint32_t cp;
    switch (Below(6)) {
      case 0:
        cp = 0x80 + Below(0x780);
        break;
      case 1:
        cp = 0x800 + Below(0xF800);
        break;
      case 2:
        cp = 0x10000 + Below(0x100000);
        break;
      case 3:
        if (o.dialect != Dialect::kGodot4) {  // lenient: anything up to 2^31
          cp = 1 + Below(0x7FFFFFFF);
          break;
        }
        [[fallthrough]];
      default:
        cp = 0x20 + Below(0x5F);
        break;
    }
    if (o.dialect == Dialect::kGodot4 && cp >= 0xD800 && cp <= 0xDFFF) cp = 'x';
    if (cp == 0xFEFF && s.empty()) cp = 'y';  // a leading BOM is dropped
    reference::AppendCodePoint(cp, &s);
  }
  return s;
}

Variant RandomVariant::Value(const RandomOptions& o, int depth) {
  std::vector<Type> types;
  for (uint32_t id = 0; id < VariantMax(o.dialect); ++id) {
    Type t;
    TypeFromWireId(o.dialect, id, &t);
    if (depth >= o.max_depth &&
        (IsArrayType(t) || t == Type::kDictionary || t == Type::kObject)) {
      continue;
    }
    if (t == Type::kObject && !o.objects) continue;
    types.push_back(t);
  }
  return Typed(types[Below(types.size())], o, depth);
}

Variant RandomVariant::Typed(Type t, const RandomOptions& o, int depth) {
  if (int n = RealComponents(t)) {
    double c[16];
    for (int i = 0; i < n; ++i) {
      // Color is always f32 on the wire.
      c[i] = t == Type::kColor ? WidenF32Exact(F32()) : Real(o);
    }
    return Variant::Math(t, absl::MakeConstSpan(c, n));
  }
  if (int n = IntComponents(t)) {
    int32_t c[4];
    for (int i = 0; i < n; ++i) c[i] = static_cast<int32_t>(rng_());
    return Variant::IntMath(t, absl::MakeConstSpan(c, n));
  }
  const int packed_n = static_cast<int>(Below(o.max_packed + 1));
  switch (t) {
    case Type::kNil:
      return Variant();
    case Type::kBool:
      return Variant::Bool(Below(2));
    case Type::kInt:
      switch (Below(3)) {
        case 0:
          return Variant::Int(static_cast<int64_t>(rng_()));
        case 1:
          return Variant::Int(static_cast<int32_t>(rng_()));
        default:
          return Variant::Int(static_cast<int64_t>(Below(200)) - 100);
      }
    case Type::kFloat: {
      double d = F64();
      // A 4-byte NaN is widened by a cast on decode, so only f64 NaNs (and
      // NaNs that no f32 can hold) are stable: make NaNs f64-only.
      if (d != d) {
        uint64_t b;
        std::memcpy(&b, &d, 8);
        b |= 1;  // low payload bit: never an exact f32
        std::memcpy(&d, &b, 8);
      }
      return Variant::Float(d);
    }
    case Type::kString:
      return Variant::String(Text(o));
    case Type::kStringName:
      return Variant::StringName(Text(o));
    case Type::kNodePath: {
      NodePath np;
      for (int i = Below(4); i > 0; --i) np.names.push_back(Text(o));
      for (int i = Below(3); i > 0; --i) np.subnames.push_back(Text(o));
      np.absolute = Below(2) && !np.empty();
      return Variant::MakeNodePath(std::move(np));
    }
    case Type::kRID:
      return Variant::Rid(o.dialect == Dialect::kGodot4 ? rng_() : 0);
    case Type::kObject: {
      Object obj;
      if (Below(2)) {
        obj.kind = Object::Kind::kId;
        obj.id = rng_() | 1;
      } else {
        obj.kind = Object::Kind::kFull;
        obj.class_name = "Node" + std::to_string(Below(5));
        for (int i = Below(4); i > 0; --i) {
          obj.properties.emplace_back("p" + std::to_string(i),
                                      Value(o, depth + 1));
        }
      }
      return Variant::MakeObject(std::move(obj));
    }
    case Type::kCallable:
      return Variant::Callable();
    case Type::kSignal:
      return Variant::MakeSignal({Text(o), rng_()});
    case Type::kArray: {
      Array a;
      if (o.dialect == Dialect::kGodot4 && Below(3) == 0) {
        Type et;
        do {
          TypeFromWireId(o.dialect, 1 + Below(VariantMax(o.dialect) - 1), &et);
        } while (et == Type::kObject ||
                 (depth + 1 >= o.max_depth &&
                  (et == Type::kArray || et == Type::kDictionary)));
        a.element_type = ContainerType::Builtin(et);
        for (int i = Below(o.max_items); i > 0; --i) {
          a.items.push_back(Typed(et, o, depth + 1));
        }
      } else {
        for (int i = Below(o.max_items); i > 0; --i) {
          a.items.push_back(Value(o, depth + 1));
        }
      }
      return Variant::MakeArray(std::move(a));
    }
    case Type::kTypedArray:
    case Type::kPackedTypedArray: {
      // Pandemonium 5: elements of the element type exactly (what decoding
      // keeps); Object elements (full, or null) under a class name.
      Array a;
      Type et;
      do {
        TypeFromWireId(o.dialect, Below(VariantMax(o.dialect)), &et);
      } while ((et == Type::kObject && !o.objects) ||
               (depth + 1 >= o.max_depth &&
                (IsArrayType(et) || et == Type::kDictionary ||
                 et == Type::kObject)));
      a.element_type =
          et == Type::kObject
              ? ContainerType::ClassName("Node" + std::to_string(Below(5)))
              : ContainerType::Builtin(et);
      const bool packed = t == Type::kPackedTypedArray;
      for (int i = Below(o.max_items); i > 0; --i) {
        if (packed && et == Type::kNil) {  // stored as bools
          a.items.push_back(Variant::Bool(Below(2)));
        } else if (packed && et == Type::kFloat) {  // stored as real_t
          const float f = F32();
          a.items.push_back(Variant::Float(f == f ? f : 0.5f));
        } else if (et == Type::kObject && Below(3) == 0) {
          a.items.push_back(Variant());
        } else {
          a.items.push_back(Typed(et, o, depth + 1));
        }
      }
      return t == Type::kTypedArray
                 ? Variant::MakeTypedArray(std::move(a))
                 : Variant::MakePackedTypedArray(std::move(a));
    }
    case Type::kDictionary: {
      Dictionary d;
      if (o.dialect == Dialect::kGodot4 && Below(3) == 0) {
        d.key_type = ContainerType::Builtin(Type::kString);
        if (Below(2)) d.value_type = ContainerType::Builtin(Type::kInt);
        for (int i = Below(o.max_items); i > 0; --i) {
          Variant k = Variant::String(Text(o));
          Variant v = d.value_type.is_typed() ? Typed(Type::kInt, o, depth + 1)
                                              : Value(o, depth + 1);
          if (d.Find(k) == nullptr) d.entries.emplace_back(k, v);
        }
      } else {
        for (int i = Below(o.max_items); i > 0; --i) {
          Variant k = Value(o, depth + 1);
          if (d.Find(k) == nullptr)
            d.entries.emplace_back(k, Value(o, depth + 1));
        }
      }
      return Variant::MakeDictionary(std::move(d));
    }
    case Type::kPackedByteArray: {
      std::vector<uint8_t> v(packed_n);
      for (auto& x : v) x = static_cast<uint8_t>(rng_());
      return Variant::PackedBytes(std::move(v));
    }
    case Type::kPackedInt32Array: {
      std::vector<int32_t> v(packed_n);
      for (auto& x : v) x = static_cast<int32_t>(rng_());
      return Variant::PackedInt32(std::move(v));
    }
    case Type::kPackedInt64Array: {
      std::vector<int64_t> v(packed_n);
      for (auto& x : v) x = static_cast<int64_t>(rng_());
      return Variant::PackedInt64(std::move(v));
    }
    case Type::kPackedFloat32Array: {
      std::vector<float> v(packed_n);
      for (auto& x : v) x = F32();
      return Variant::PackedFloat32(std::move(v));
    }
    case Type::kPackedFloat64Array: {
      std::vector<double> v(packed_n);
      for (auto& x : v) x = F64();
      return Variant::PackedFloat64(std::move(v));
    }
    case Type::kPackedStringArray: {
      std::vector<std::string> v(packed_n % 8);
      for (auto& x : v) x = Text(o);
      return Variant::PackedStrings(std::move(v));
    }
    case Type::kPackedColorArray: {
      std::vector<float> v(4 * (packed_n / 2));
      for (auto& x : v) x = F32();
      return Variant::PackedColors(std::move(v));
    }
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array: {
      std::vector<double> v(PackedComponents(t) * (packed_n / 2));
      for (auto& x : v) x = Real(o);
      return Variant::PackedRealVectors(t, std::move(v));
    }
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray: {
      std::vector<int32_t> v(PackedComponents(t) * (packed_n / 2));
      for (auto& x : v) x = static_cast<int32_t>(rng_());
      return Variant::PackedIntVectors(t, std::move(v));
    }
    default:
      return Variant();
  }
}

}  // namespace testing
}  // namespace gdwire
