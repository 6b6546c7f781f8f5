// Copyright 2026 The gdwire Authors.

#include "codec/variant.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace gdwire {
namespace {

uint64_t BitsOf(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

}  // namespace

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

Variant Variant::Bool(bool b) {
  Variant v(Type::kBool, Slot::kBool);
  v.u_.b = b;
  return v;
}
Variant Variant::Int(int64_t i) {
  Variant v(Type::kInt, Slot::kInt);
  v.u_.i = i;
  return v;
}
Variant Variant::Float(double d) {
  Variant v(Type::kFloat, Slot::kFloat);
  v.u_.f = d;
  return v;
}
Variant Variant::String(std::string s) {
  Variant v(Type::kString, Slot::kString);
  new (&v.u_.s) std::string(std::move(s));
  return v;
}
Variant Variant::StringName(std::string s) {
  Variant v(Type::kStringName, Slot::kString);
  new (&v.u_.s) std::string(std::move(s));
  return v;
}
Variant Variant::Math(Type t, absl::Span<const double> c) {
  const size_t n = std::min<size_t>(c.size(), 16);
  Variant v(t, n <= 8 ? Slot::kReals64 : Slot::kRealsHeap);
  v.n_ = static_cast<uint8_t>(n);
  double* out = v.u_.rd;
  if (n > 8) out = v.u_.rheap = new double[n];
  std::copy(c.begin(), c.begin() + n, out);
  return v;
}
Variant Variant::Math32(Type t, absl::Span<const float> c) {
  const size_t n = std::min<size_t>(c.size(), 16);
  Variant v(t, Slot::kReals32);
  v.n_ = static_cast<uint8_t>(n);
  std::copy(c.begin(), c.begin() + n, v.u_.rf);
  return v;
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
  const size_t n = std::min<size_t>(c.size(), 4);
  Variant v(t, Slot::kInts);
  v.n_ = static_cast<uint8_t>(n);
  std::copy(c.begin(), c.begin() + n, v.u_.ri);
  return v;
}
Variant Variant::MakeNodePath(NodePath p) {
  Variant v(Type::kNodePath, Slot::kNodePath);
  v.u_.path = new NodePath(std::move(p));
  return v;
}
Variant Variant::Rid(uint64_t id) {
  Variant v(Type::kRID, Slot::kRid);
  v.u_.u = id;
  return v;
}
Variant Variant::MakeObject(Object o) {
  Variant v(Type::kObject, Slot::kObject);
  v.u_.object = new Object(std::move(o));
  return v;
}
Variant Variant::Callable() { return Variant(Type::kCallable, Slot::kNone); }
Variant Variant::MakeSignal(Signal s) {
  Variant v(Type::kSignal, Slot::kSignal);
  v.u_.signal = new Signal(std::move(s));
  return v;
}
Variant Variant::MakeArray() { return MakeArray(Array()); }
Variant Variant::MakeArray(Array a) {
  Variant v(Type::kArray, Slot::kArray);
  v.u_.array = new Array(std::move(a));
  return v;
}
Variant Variant::MakeTypedArray(Array a) {
  Variant v(Type::kTypedArray, Slot::kArray);
  v.u_.array = new Array(std::move(a));
  return v;
}
Variant Variant::MakePackedTypedArray(Array a) {
  Variant v(Type::kPackedTypedArray, Slot::kArray);
  v.u_.array = new Array(std::move(a));
  return v;
}
Variant Variant::MakeDictionary() { return MakeDictionary(Dictionary()); }
Variant Variant::AdoptArray(std::unique_ptr<Array> a) {
  Variant v(Type::kArray, Slot::kArray);
  v.u_.array = a ? a.release() : new Array();
  return v;
}
Variant Variant::AdoptDictionary(std::unique_ptr<Dictionary> d) {
  Variant v(Type::kDictionary, Slot::kDict);
  v.u_.dict = d ? d.release() : new Dictionary();
  return v;
}
std::unique_ptr<Array> Variant::ReleaseArray() {
  std::unique_ptr<Array> a(MCheck(Slot::kArray).array);
  type_ = Type::kNil;
  slot_ = Slot::kNone;
  return a;
}
std::unique_ptr<Dictionary> Variant::ReleaseDictionary() {
  std::unique_ptr<Dictionary> d(MCheck(Slot::kDict).dict);
  type_ = Type::kNil;
  slot_ = Slot::kNone;
  return d;
}
Variant Variant::MakeDictionary(Dictionary d) {
  Variant v(Type::kDictionary, Slot::kDict);
  v.u_.dict = new Dictionary(std::move(d));
  return v;
}

#define GDWIRE_PACKED_FACTORY(Name, T, member, slot, type) \
  Variant Variant::Name(std::vector<T> x) {                \
    Variant v(type, slot);                                 \
    new (&v.u_.member) std::vector<T>(std::move(x));       \
    return v;                                              \
  }
GDWIRE_PACKED_FACTORY(PackedBytes, uint8_t, bytes, Slot::kBytes,
                      Type::kPackedByteArray)
GDWIRE_PACKED_FACTORY(PackedInt32, int32_t, i32, Slot::kI32,
                      Type::kPackedInt32Array)
GDWIRE_PACKED_FACTORY(PackedInt64, int64_t, i64, Slot::kI64,
                      Type::kPackedInt64Array)
GDWIRE_PACKED_FACTORY(PackedFloat32, float, f32, Slot::kF32,
                      Type::kPackedFloat32Array)
GDWIRE_PACKED_FACTORY(PackedFloat64, double, f64, Slot::kF64,
                      Type::kPackedFloat64Array)
GDWIRE_PACKED_FACTORY(PackedStrings, std::string, strs, Slot::kStrings,
                      Type::kPackedStringArray)
GDWIRE_PACKED_FACTORY(PackedColors, float, f32, Slot::kF32,
                      Type::kPackedColorArray)
#undef GDWIRE_PACKED_FACTORY

Variant Variant::PackedRealVectors(Type t, std::vector<double> flat) {
  Variant v(t, Slot::kF64);
  new (&v.u_.f64) std::vector<double>(std::move(flat));
  return v;
}
Variant Variant::PackedRealVectors32(Type t, std::vector<float> flat) {
  Variant v(t, Slot::kF32);
  new (&v.u_.f32) std::vector<float>(std::move(flat));
  return v;
}
Variant Variant::PackedIntVectors(Type t, std::vector<int32_t> flat) {
  Variant v(t, Slot::kI32);
  new (&v.u_.i32) std::vector<int32_t>(std::move(flat));
  return v;
}

Variant Variant::Default(Type t) {
  if (int n = RealComponents(t)) {
    const float zero[16] = {};
    return Math32(t, absl::MakeConstSpan(zero, n));
  }
  if (int n = IntComponents(t)) {
    const int32_t zero[4] = {};
    return IntMath(t, absl::MakeConstSpan(zero, n));
  }
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
    case Type::kTypedArray:
    case Type::kPackedTypedArray: {
      Array a;
      a.element_type = ContainerType::Builtin(Type::kNil);
      return t == Type::kTypedArray ? MakeTypedArray(std::move(a))
                                    : MakePackedTypedArray(std::move(a));
    }
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
      return PackedRealVectors32(t, {});
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return PackedIntVectors(t, {});
    default:
      return Variant();
  }
}

void Variant::BadAccess(Slot s) const {
  std::fprintf(stderr,
               "gdwire::Variant: wrong accessor for a %s (slot %d, wanted "
               "%d)\n",
               std::string(TypeName(type_)).c_str(), static_cast<int>(slot_),
               static_cast<int>(s));
  std::abort();
}

void Variant::DestroySlow() {
  switch (slot_) {
    case Slot::kString:
      u_.s.~basic_string();
      break;
    case Slot::kRealsHeap:
      delete[] u_.rheap;
      break;
    case Slot::kNodePath:
      delete u_.path;
      break;
    case Slot::kObject:
      delete u_.object;
      break;
    case Slot::kSignal:
      delete u_.signal;
      break;
    case Slot::kArray:
      delete u_.array;
      break;
    case Slot::kDict:
      delete u_.dict;
      break;
    case Slot::kBytes:
      u_.bytes.~vector();
      break;
    case Slot::kI32:
      u_.i32.~vector();
      break;
    case Slot::kI64:
      u_.i64.~vector();
      break;
    case Slot::kF32:
      u_.f32.~vector();
      break;
    case Slot::kF64:
      u_.f64.~vector();
      break;
    case Slot::kStrings:
      u_.strs.~vector();
      break;
    default:
      break;
  }
  slot_ = Slot::kNone;
  type_ = Type::kNil;
}

void Variant::CopyFrom(const Variant& o) {
  type_ = o.type_;
  slot_ = o.slot_;
  n_ = o.n_;
  switch (slot_) {
    case Slot::kString:
      new (&u_.s) std::string(o.u_.s);
      break;
    case Slot::kRealsHeap:
      u_.rheap = new double[n_];
      std::copy(o.u_.rheap, o.u_.rheap + n_, u_.rheap);
      break;
    case Slot::kNodePath:
      u_.path = new NodePath(*o.u_.path);
      break;
    case Slot::kObject:
      u_.object = new Object(*o.u_.object);
      break;
    case Slot::kSignal:
      u_.signal = new Signal(*o.u_.signal);
      break;
    case Slot::kArray:
      u_.array = new Array(*o.u_.array);
      break;
    case Slot::kDict:
      u_.dict = new Dictionary(*o.u_.dict);
      break;
    case Slot::kBytes:
      new (&u_.bytes) std::vector<uint8_t>(o.u_.bytes);
      break;
    case Slot::kI32:
      new (&u_.i32) std::vector<int32_t>(o.u_.i32);
      break;
    case Slot::kI64:
      new (&u_.i64) std::vector<int64_t>(o.u_.i64);
      break;
    case Slot::kF32:
      new (&u_.f32) std::vector<float>(o.u_.f32);
      break;
    case Slot::kF64:
      new (&u_.f64) std::vector<double>(o.u_.f64);
      break;
    case Slot::kStrings:
      new (&u_.strs) std::vector<std::string>(o.u_.strs);
      break;
    default:  // plain data
      std::memcpy(static_cast<void*>(&u_), &o.u_, sizeof(u_));
      break;
  }
}

RealsView Variant::reals() const {
  switch (slot_) {
    case Slot::kReals32:
      return RealsView(u_.rf, n_);
    case Slot::kReals64:
      return RealsView(u_.rd, n_);
    case Slot::kRealsHeap:
      return RealsView(u_.rheap, n_);
    default:
      BadAccess(Slot::kReals32);
  }
}

RealsView Variant::packed_reals() const {
  switch (slot_) {
    case Slot::kF32:
      return RealsView(u_.f32.data(), u_.f32.size());
    case Slot::kF64:
      return RealsView(u_.f64.data(), u_.f64.size());
    default:
      BadAccess(Slot::kF32);
  }
}

size_t Variant::packed_size() const {
  size_t n = 0;
  switch (slot_) {
    case Slot::kBytes:
      n = u_.bytes.size();
      break;
    case Slot::kI32:
      n = u_.i32.size();
      break;
    case Slot::kI64:
      n = u_.i64.size();
      break;
    case Slot::kF32:
      n = u_.f32.size();
      break;
    case Slot::kF64:
      n = u_.f64.size();
      break;
    case Slot::kStrings:
      n = u_.strs.size();
      break;
    default:
      return 0;
  }
  const int c = PackedComponents(type_);
  return c > 1 ? n / c : n;
}

namespace {

// Two real sequences, either storage, equal bit for bit as doubles.
bool RealsBitsEqual(const RealsView& a, const RealsView& b) {
  if (a.size() != b.size()) return false;
  if (!a.wide() && !b.wide()) {
    return a.empty() ||
           std::memcmp(a.f32(), b.f32(), a.size() * sizeof(float)) == 0;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (BitsOf(a[i]) != BitsOf(b[i])) return false;
  }
  return true;
}

}  // namespace

bool Variant::operator==(const Variant& o) const {
  if (type_ != o.type_) return false;
  switch (slot_) {
    case Slot::kNone:
      return o.slot_ == Slot::kNone;
    case Slot::kBool:
      return o.slot_ == slot_ && u_.b == o.u_.b;
    case Slot::kInt:
    case Slot::kRid:
      return o.slot_ == slot_ && u_.u == o.u_.u;
    case Slot::kFloat:
      return o.slot_ == slot_ && BitsOf(u_.f) == BitsOf(o.u_.f);
    case Slot::kReals32:
    case Slot::kReals64:
    case Slot::kRealsHeap:
      return RealComponents(o.type_) != 0 && RealsBitsEqual(reals(), o.reals());
    case Slot::kInts:
      return o.slot_ == slot_ && n_ == o.n_ &&
             std::equal(u_.ri, u_.ri + n_, o.u_.ri);
    case Slot::kString:
      return o.slot_ == slot_ && u_.s == o.u_.s;
    case Slot::kNodePath:
      return o.slot_ == slot_ && *u_.path == *o.u_.path;
    case Slot::kObject:
      return o.slot_ == slot_ && *u_.object == *o.u_.object;
    case Slot::kSignal:
      return o.slot_ == slot_ && *u_.signal == *o.u_.signal;
    case Slot::kArray:
      return o.slot_ == slot_ && *u_.array == *o.u_.array;
    case Slot::kDict:
      return o.slot_ == slot_ && *u_.dict == *o.u_.dict;
    case Slot::kBytes:
      return o.slot_ == slot_ && u_.bytes == o.u_.bytes;
    case Slot::kI32:
      return o.slot_ == slot_ && u_.i32 == o.u_.i32;
    case Slot::kI64:
      return o.slot_ == slot_ && u_.i64 == o.u_.i64;
    case Slot::kF32:
    case Slot::kF64:
      if (o.slot_ != Slot::kF32 && o.slot_ != Slot::kF64) return false;
      // PackedFloat32/64Array keep their one storage; real vectors compare
      // across storages.
      return RealsBitsEqual(packed_reals(), o.packed_reals());
    case Slot::kStrings:
      return o.slot_ == slot_ && u_.strs == o.u_.strs;
  }
  return false;
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
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray: {
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
      if (RealComponents(type_) != 0) {
        std::vector<double> r(reals().begin(), reals().end());
        return absl::StrCat(s, "(", absl::StrJoin(r, ", "), ")");
      }
      if (IntComponents(type_) != 0) {
        return absl::StrCat(s, "(", absl::StrJoin(ints(), ", "), ")");
      }
      if (IsPackedArray(type_)) {
        return absl::StrCat(s, "[", packed_size(), "]");
      }
      return s;
  }
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

bool AdmitToPandemoniumArray(Type which, const ContainerType& ct, Variant* v) {
  const Type want =
      ct.kind == ContainerType::Kind::kBuiltin ? ct.builtin : Type::kObject;
  const Type have = v->type();
  if (which == Type::kPackedTypedArray && want == Type::kNil) {
    if (have == Type::kNil) *v = Variant::Bool(false);  // Vector<bool>
    return have == Type::kNil || have == Type::kBool;
  }
  if (have == Type::kNil && want == Type::kObject) return true;
  if (have != want) return false;
  if (which == Type::kPackedTypedArray && want == Type::kFloat) {
    *v = Variant::Float(static_cast<float>(v->as_float()));
  }
  return true;
}

}  // namespace gdwire
