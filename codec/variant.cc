// Copyright 2026 The gdwire Authors.

#include "codec/variant.h"

#include <cmath>
#include <cstring>
#include <string>
#include <utility>

#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace gdwire {
namespace {

uint64_t BitsOf(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
uint32_t BitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

template <typename T>
bool VecBitsEqual(const T& a, const T& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (BitsOf(a[i]) != BitsOf(b[i])) return false;
  }
  return true;
}

}  // namespace

double WidenF32Exact(float f) {
  const uint32_t b = BitsOf(f);
  if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu) != 0) {
    // NaN: move sign and payload over by hand (a cast would quieten it).
    const uint64_t d = (uint64_t{b >> 31} << 63) | (uint64_t{0x7ff} << 52) |
                       (uint64_t{b & 0x007fffffu} << 29);
    double out;
    std::memcpy(&out, &d, 8);
    return out;
  }
  return static_cast<double>(f);
}

float NarrowF64ToF32(double d) {
  const uint64_t b = BitsOf(d);
  if ((b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
      (b & 0x000fffffffffffffull) != 0) {
    uint32_t mant = static_cast<uint32_t>((b >> 29) & 0x007fffffu);
    if ((b & 0x1fffffffull) != 0 || mant == 0) {
      mant |= 0x00400000u;  // as a cast does: the result is a quiet NaN
    }
    const uint32_t f =
        (static_cast<uint32_t>(b >> 63) << 31) | 0x7f800000u | mant;
    float out;
    std::memcpy(&out, &f, 4);
    return out;
  }
  return static_cast<float>(d);
}

Variant Variant::Bool(bool b) { return Variant(Type::kBool, b); }
Variant Variant::Int(int64_t i) { return Variant(Type::kInt, i); }
Variant Variant::Float(double d) { return Variant(Type::kFloat, d); }
Variant Variant::String(std::string s) {
  return Variant(Type::kString, std::move(s));
}
Variant Variant::StringName(std::string s) {
  return Variant(Type::kStringName, std::move(s));
}
Variant Variant::Math(Type t, absl::Span<const double> c) {
  return Variant(t, Reals(c.begin(), c.end()));
}
Variant Variant::Vector2(double x, double y) {
  return Math(Type::kVector2, {x, y});
}
Variant Variant::Vector3(double x, double y, double z) {
  return Math(Type::kVector3, {x, y, z});
}
Variant Variant::Color(double r, double g, double b, double a) {
  return Math(Type::kColor, {r, g, b, a});
}
Variant Variant::IntMath(Type t, absl::Span<const int32_t> c) {
  return Variant(t, Ints(c.begin(), c.end()));
}
Variant Variant::MakeNodePath(NodePath p) {
  return Variant(Type::kNodePath, std::move(p));
}
Variant Variant::Rid(uint64_t id) { return Variant(Type::kRID, id); }
Variant Variant::MakeObject(Object o) {
  return Variant(Type::kObject, Box<Object>(std::move(o)));
}
Variant Variant::Callable() { return Variant(Type::kCallable, {}); }
Variant Variant::MakeSignal(Signal s) {
  return Variant(Type::kSignal, std::move(s));
}
Variant Variant::MakeArray() { return Variant(Type::kArray, Box<Array>()); }
Variant Variant::MakeArray(Array a) {
  return Variant(Type::kArray, Box<Array>(std::move(a)));
}
Variant Variant::MakeDictionary() {
  return Variant(Type::kDictionary, Box<Dictionary>());
}
Variant Variant::MakeDictionary(Dictionary d) {
  return Variant(Type::kDictionary, Box<Dictionary>(std::move(d)));
}
Variant Variant::PackedBytes(std::vector<uint8_t> v) {
  return Variant(Type::kPackedByteArray, std::move(v));
}
Variant Variant::PackedInt32(std::vector<int32_t> v) {
  return Variant(Type::kPackedInt32Array, std::move(v));
}
Variant Variant::PackedInt64(std::vector<int64_t> v) {
  return Variant(Type::kPackedInt64Array, std::move(v));
}
Variant Variant::PackedFloat32(std::vector<float> v) {
  return Variant(Type::kPackedFloat32Array, std::move(v));
}
Variant Variant::PackedFloat64(std::vector<double> v) {
  return Variant(Type::kPackedFloat64Array, std::move(v));
}
Variant Variant::PackedStrings(std::vector<std::string> v) {
  return Variant(Type::kPackedStringArray, std::move(v));
}
Variant Variant::PackedRealVectors(Type t, std::vector<double> flat) {
  return Variant(t, std::move(flat));
}
Variant Variant::PackedIntVectors(Type t, std::vector<int32_t> flat) {
  return Variant(t, std::move(flat));
}
Variant Variant::PackedColors(std::vector<float> flat) {
  return Variant(Type::kPackedColorArray, std::move(flat));
}

Variant Variant::Default(Type t) {
  if (int n = RealComponents(t)) return Variant(t, Reals(n, 0.0));
  if (int n = IntComponents(t)) return Variant(t, Ints(n, 0));
  switch (t) {
    case Type::kNil:
      return Variant();
    case Type::kBool:
      return Bool(false);
    case Type::kInt:
      return Int(0);
    case Type::kFloat:
      return Float(0);
    case Type::kString:
      return String("");
    case Type::kStringName:
      return StringName("");
    case Type::kNodePath:
      return MakeNodePath({});
    case Type::kRID:
      return Rid(0);
    case Type::kObject:
      return MakeObject({});
    case Type::kCallable:
      return Callable();
    case Type::kSignal:
      return MakeSignal({});
    case Type::kDictionary:
      return MakeDictionary();
    case Type::kArray:
      return MakeArray();
    case Type::kPackedByteArray:
      return PackedBytes({});
    case Type::kPackedInt32Array:
      return PackedInt32({});
    case Type::kPackedInt64Array:
      return PackedInt64({});
    case Type::kPackedFloat32Array:
      return PackedFloat32({});
    case Type::kPackedFloat64Array:
      return PackedFloat64({});
    case Type::kPackedStringArray:
      return PackedStrings({});
    case Type::kPackedColorArray:
      return PackedColors({});
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array:
      return PackedRealVectors(t, {});
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return PackedIntVectors(t, {});
    default:
      return Variant();
  }
}

const Object& Variant::object() const { return *std::get<Box<Object>>(data_); }
Object& Variant::mutable_object() { return *std::get<Box<Object>>(data_); }
const Array& Variant::array() const { return *std::get<Box<Array>>(data_); }
Array& Variant::mutable_array() { return *std::get<Box<Array>>(data_); }
const Dictionary& Variant::dictionary() const {
  return *std::get<Box<Dictionary>>(data_);
}
Dictionary& Variant::mutable_dictionary() {
  return *std::get<Box<Dictionary>>(data_);
}

size_t Variant::packed_size() const {
  size_t n = 0;
  switch (type_) {
    case Type::kPackedByteArray:
      return packed_bytes().size();
    case Type::kPackedInt32Array:
      return packed_int32().size();
    case Type::kPackedInt64Array:
      return packed_int64().size();
    case Type::kPackedFloat32Array:
      return packed_float32().size();
    case Type::kPackedFloat64Array:
      return packed_float64().size();
    case Type::kPackedStringArray:
      return packed_strings().size();
    case Type::kPackedColorArray:
      n = packed_float32().size();
      break;
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array:
      n = packed_float64().size();
      break;
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      n = packed_int32().size();
      break;
    default:
      return 0;
  }
  return n / PackedComponents(type_);
}

bool Variant::operator==(const Variant& o) const {
  if (type_ != o.type_) return false;
  if (data_.index() != o.data_.index()) return false;
  if (const double* d = std::get_if<double>(&data_)) {
    return BitsOf(*d) == BitsOf(std::get<double>(o.data_));
  }
  if (const Reals* r = std::get_if<Reals>(&data_)) {
    return VecBitsEqual(*r, std::get<Reals>(o.data_));
  }
  if (const auto* f = std::get_if<std::vector<float>>(&data_)) {
    return VecBitsEqual(*f, std::get<std::vector<float>>(o.data_));
  }
  if (const auto* f = std::get_if<std::vector<double>>(&data_)) {
    return VecBitsEqual(*f, std::get<std::vector<double>>(o.data_));
  }
  if (const auto* b = std::get_if<Box<Object>>(&data_)) {
    return **b == *std::get<Box<Object>>(o.data_);
  }
  if (const auto* b = std::get_if<Box<Array>>(&data_)) {
    return **b == *std::get<Box<Array>>(o.data_);
  }
  if (const auto* b = std::get_if<Box<Dictionary>>(&data_)) {
    return **b == *std::get<Box<Dictionary>>(o.data_);
  }
  return data_ == o.data_;
}

std::string Variant::DebugString() const {
  std::string s(TypeName(type_));
  switch (type_) {
    case Type::kNil:
      return "null";
    case Type::kBool:
      return as_bool() ? "true" : "false";
    case Type::kInt:
      return absl::StrCat(as_int());
    case Type::kFloat:
      return absl::StrCat(as_float());
    case Type::kString:
    case Type::kStringName:
      return absl::StrCat(s, "(\"", as_string(), "\")");
    case Type::kArray: {
      absl::StrAppend(&s, "[");
      for (const Variant& v : array().items) {
        absl::StrAppend(&s, v.DebugString(), ", ");
      }
      return s + "]";
    }
    case Type::kDictionary: {
      absl::StrAppend(&s, "{");
      for (const auto& kv : dictionary().entries) {
        absl::StrAppend(&s, kv.first.DebugString(), ": ",
                        kv.second.DebugString(), ", ");
      }
      return s + "}";
    }
    default:
      if (std::holds_alternative<Reals>(data_)) {
        return absl::StrCat(s, "(", absl::StrJoin(reals(), ", "), ")");
      }
      if (std::holds_alternative<Ints>(data_)) {
        return absl::StrCat(s, "(", absl::StrJoin(ints(), ", "), ")");
      }
      if (IsPackedArray(type_)) {
        return absl::StrCat(s, "[", packed_size(), "]");
      }
      return s;
  }
}

namespace {
bool IsStringLike(Type t) {
  return t == Type::kString || t == Type::kStringName;
}
bool FloatKeyEq(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}
size_t FloatKeyHash(double d) {
  if (std::isnan(d)) return 0x7ff8;
  if (d == 0) d = 0;  // -0 hashes as 0
  return absl::HashOf(BitsOf(d));
}
}  // namespace

bool KeyEquals(const Variant& a, const Variant& b) {
  if (IsStringLike(a.type()) && IsStringLike(b.type())) {
    return a.as_string() == b.as_string();
  }
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Type::kFloat:
      return FloatKeyEq(a.as_float(), b.as_float());
    case Type::kArray: {
      const auto& x = a.array().items;
      const auto& y = b.array().items;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!KeyEquals(x[i], y[i])) return false;
      }
      return true;
    }
    case Type::kDictionary: {
      const auto& x = a.dictionary().entries;
      const auto& y = b.dictionary().entries;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!KeyEquals(x[i].first, y[i].first) ||
            !KeyEquals(x[i].second, y[i].second)) {
          return false;
        }
      }
      return true;
    }
    default:
      if (RealComponents(a.type()) != 0) {
        const auto& x = a.reals();
        const auto& y = b.reals();
        for (size_t i = 0; i < x.size(); ++i) {
          if (!FloatKeyEq(x[i], y[i])) return false;
        }
        return true;
      }
      return a == b;
  }
}

size_t KeyHash(const Variant& v) {
  const Type t = IsStringLike(v.type()) ? Type::kString : v.type();
  size_t h = absl::HashOf(static_cast<int>(t));
  switch (v.type()) {
    case Type::kNil:
    case Type::kCallable:
      return h;
    case Type::kBool:
      return absl::HashOf(h, v.as_bool());
    case Type::kInt:
      return absl::HashOf(h, v.as_int());
    case Type::kFloat:
      return absl::HashOf(h, FloatKeyHash(v.as_float()));
    case Type::kString:
    case Type::kStringName:
      return absl::HashOf(h, v.as_string());
    case Type::kArray:
      for (const Variant& e : v.array().items) h = absl::HashOf(h, KeyHash(e));
      return h;
    case Type::kDictionary:
      for (const auto& kv : v.dictionary().entries) {
        h = absl::HashOf(h, KeyHash(kv.first), KeyHash(kv.second));
      }
      return h;
    default:
      if (RealComponents(v.type()) != 0) {
        for (double d : v.reals()) h = absl::HashOf(h, FloatKeyHash(d));
        return h;
      }
      if (IntComponents(v.type()) != 0) {
        for (int32_t i : v.ints()) h = absl::HashOf(h, i);
        return h;
      }
      break;
  }
  switch (v.type()) {
    case Type::kNodePath:
      return absl::HashOf(h, v.node_path().names, v.node_path().subnames,
                          v.node_path().absolute);
    case Type::kRID:
      return absl::HashOf(h, v.rid());
    case Type::kObject:
      return absl::HashOf(h, static_cast<int>(v.object().kind), v.object().id,
                          v.object().class_name);
    case Type::kSignal:
      return absl::HashOf(h, v.signal().name, v.signal().object_id);
    case Type::kPackedByteArray:
      return absl::HashOf(h, v.packed_bytes());
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return absl::HashOf(h, v.packed_int32());
    case Type::kPackedInt64Array:
      return absl::HashOf(h, v.packed_int64());
    case Type::kPackedStringArray:
      return absl::HashOf(h, v.packed_strings());
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray:
      for (float f : v.packed_float32()) h = absl::HashOf(h, BitsOf(f));
      return h;
    case Type::kPackedFloat64Array:
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array:
      for (double d : v.packed_float64()) h = absl::HashOf(h, BitsOf(d));
      return h;
    default:
      return h;
  }
}

void Dictionary::Set(Variant key, Variant value) {
  for (auto& kv : entries) {
    if (KeyEquals(kv.first, key)) {
      kv.second = std::move(value);
      return;
    }
  }
  entries.emplace_back(std::move(key), std::move(value));
}

const Variant* Dictionary::Find(const Variant& key) const {
  for (const auto& kv : entries) {
    if (KeyEquals(kv.first, key)) return &kv.second;
  }
  return nullptr;
}

bool AdmitToTypedContainer(const ContainerType& ct, Variant* v) {
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
      // Through a C++ float, as the engine's `(float)inout_variant`.
      *v = Variant::Float(static_cast<float>(v->as_int()));
      return true;
    }
    return false;
  }
  if (want != Type::kObject) return true;
  const Object& o = v->object();
  if (o.kind != Object::Kind::kId) return true;
  // An object sent as an id is an EncodedObjectAsID (a RefCounted).
  return ct.name == "EncodedObjectAsID" || ct.name == "Object" ||
         ct.name == "RefCounted" || ct.name == "Reference";
}

}  // namespace gdwire
