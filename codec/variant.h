// Copyright 2026 The gdwire Authors.
//
// codec/variant.h: `gdwire::Variant`, an owned value that can hold every
// type of all three dialects (godot3, godot4, pandemonium).
//
// A Variant is a regular value type: copies are deep, `==` compares types
// and contents (floats bit for bit, so NaN payloads count), and containers
// keep their insertion order and typed-container metadata.
//
//   using gdwire::Variant;
//   Variant pos = Variant::Vector3(1, 2, 3);
//   Variant msg = Variant::MakeDictionary();
//   msg.mutable_dictionary().Set(Variant::String("pos"), pos);
//   msg.mutable_dictionary().Set(Variant::StringName("hp"), Variant::Int(42));
//
// Representation choices:
//   * Strings are UTF-8 (`std::string`). Godot 3's lenient decoder can yield
//     surrogates and code points above U+10FFFF; they are kept in the same
//     generalised UTF-8 that Godot 3 itself writes (ED A0 80, F4 90 80 80,
//     FD BF BF BF BF BF), so they re-encode byte-identically.
//   * Real-number math types (Vector2 ... Projection, Color) hold doubles in
//     wire order: exactly the components the wire carries, in that order
//     (Basis row-major, Transform2D column-major, Projection by columns).
//     A value decoded from f32 is widened bit-exactly (NaN payloads too).
//   * Packed vector arrays hold a flat array of components (x0, y0, x1, ...).

#ifndef GDWIRE_CODEC_VARIANT_H_
#define GDWIRE_CODEC_VARIANT_H_

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/types/span.h"
#include "codec/types.h"

namespace gdwire {

class Variant;

// The element (or key / value) type of a typed Array or Dictionary (godot4).
struct ContainerType {
  enum class Kind : uint8_t {
    kNone = 0,       // untyped (Variant)
    kBuiltin = 1,    // a builtin type id
    kClassName = 2,  // an Object class name
    kScript = 3,     // an Object script path (res://...)
  };
  Kind kind = Kind::kNone;
  Type builtin = Type::kNil;  // kBuiltin: the type; kClassName/kScript: kObject
  std::string name;           // class name or script path

  static ContainerType Builtin(Type t) { return {Kind::kBuiltin, t, {}}; }
  static ContainerType ClassName(std::string n) {
    return {Kind::kClassName, Type::kObject, std::move(n)};
  }
  static ContainerType Script(std::string path) {
    return {Kind::kScript, Type::kObject, std::move(path)};
  }
  bool is_typed() const { return kind != Kind::kNone; }
  bool operator==(const ContainerType& o) const {
    return kind == o.kind && builtin == o.builtin && name == o.name;
  }
  bool operator!=(const ContainerType& o) const { return !(*this == o); }
};

struct NodePath {
  std::vector<std::string> names;
  std::vector<std::string> subnames;
  bool absolute = false;
  bool empty() const { return names.empty() && subnames.empty(); }
  bool operator==(const NodePath& o) const {
    return names == o.names && subnames == o.subnames && absolute == o.absolute;
  }
};

struct Signal {
  std::string name;
  uint64_t object_id = 0;
  bool operator==(const Signal& o) const {
    return name == o.name && object_id == o.object_id;
  }
};

struct Object;
struct Array;
struct Dictionary;

// A heap box with value semantics (deep copy), for the recursive types.
template <typename T>
class Box {
 public:
  Box() : p_(std::make_unique<T>()) {}
  explicit Box(T v) : p_(std::make_unique<T>(std::move(v))) {}
  Box(const Box& o) : p_(std::make_unique<T>(*o.p_)) {}
  Box(Box&&) noexcept = default;
  Box& operator=(const Box& o) {
    if (this != &o) p_ = std::make_unique<T>(*o.p_);
    return *this;
  }
  Box& operator=(Box&&) noexcept = default;
  T& operator*() { return *p_; }
  const T& operator*() const { return *p_; }
  T* operator->() { return p_.get(); }
  const T* operator->() const { return p_.get(); }
  friend bool operator==(const Box& a, const Box& b) { return *a == *b; }

 private:
  std::unique_ptr<T> p_;
};

class Variant {
 public:
  using Reals = absl::InlinedVector<double, 4>;
  using Ints = absl::InlinedVector<int32_t, 4>;

  Variant() = default;  // Nil

  // Scalars.
  static Variant Nil() { return Variant(); }
  static Variant Bool(bool b);
  static Variant Int(int64_t i);
  static Variant Float(double d);
  static Variant String(std::string s);
  static Variant StringName(std::string s);
  // Real-number math types, components in wire order; `c.size()` must be
  // RealComponents(t).
  static Variant Math(Type t, absl::Span<const double> c);
  static Variant Vector2(double x, double y);
  static Variant Vector3(double x, double y, double z);
  static Variant Color(double r, double g, double b, double a);
  // Integer vectors and Rect2i, `c.size()` must be IntComponents(t).
  static Variant IntMath(Type t, absl::Span<const int32_t> c);
  static Variant MakeNodePath(NodePath p);
  static Variant Rid(uint64_t id);
  static Variant MakeObject(Object o);
  static Variant Callable();
  static Variant MakeSignal(Signal s);
  static Variant MakeArray();
  static Variant MakeArray(Array a);
  static Variant MakeDictionary();
  static Variant MakeDictionary(Dictionary d);
  // Packed arrays. Vector/color arrays take flat components.
  static Variant PackedBytes(std::vector<uint8_t> v);
  static Variant PackedInt32(std::vector<int32_t> v);
  static Variant PackedInt64(std::vector<int64_t> v);
  static Variant PackedFloat32(std::vector<float> v);
  static Variant PackedFloat64(std::vector<double> v);
  static Variant PackedStrings(std::vector<std::string> v);
  // kPackedVector2/3/4Array.
  static Variant PackedRealVectors(Type t, std::vector<double> flat);
  // kPackedVector2i/3i/4iArray (Pandemonium).
  static Variant PackedIntVectors(Type t, std::vector<int32_t> flat);
  static Variant PackedColors(std::vector<float> flat);
  // An empty value of type t (zero math types, empty containers, ...).
  static Variant Default(Type t);

  Type type() const { return type_; }
  bool is_nil() const { return type_ == Type::kNil; }

  // Accessors: calling one for another type is a programming error
  // (checked by std::get, which aborts when exceptions are off).
  bool as_bool() const { return std::get<bool>(data_); }
  int64_t as_int() const { return std::get<int64_t>(data_); }
  double as_float() const { return std::get<double>(data_); }
  // kString and kStringName.
  const std::string& as_string() const { return std::get<std::string>(data_); }
  const Reals& reals() const { return std::get<Reals>(data_); }
  const Ints& ints() const { return std::get<Ints>(data_); }
  const NodePath& node_path() const { return std::get<NodePath>(data_); }
  uint64_t rid() const { return std::get<uint64_t>(data_); }
  const Object& object() const;
  Object& mutable_object();
  const Signal& signal() const { return std::get<Signal>(data_); }
  const Array& array() const;
  Array& mutable_array();
  const Dictionary& dictionary() const;
  Dictionary& mutable_dictionary();
  const std::vector<uint8_t>& packed_bytes() const {
    return std::get<std::vector<uint8_t>>(data_);
  }
  // kPackedInt32Array and the Pandemonium integer-vector arrays.
  const std::vector<int32_t>& packed_int32() const {
    return std::get<std::vector<int32_t>>(data_);
  }
  const std::vector<int64_t>& packed_int64() const {
    return std::get<std::vector<int64_t>>(data_);
  }
  // kPackedFloat32Array and kPackedColorArray.
  const std::vector<float>& packed_float32() const {
    return std::get<std::vector<float>>(data_);
  }
  // kPackedFloat64Array and kPackedVector2/3/4Array.
  const std::vector<double>& packed_float64() const {
    return std::get<std::vector<double>>(data_);
  }
  const std::vector<std::string>& packed_strings() const {
    return std::get<std::vector<std::string>>(data_);
  }
  // Number of elements of a packed array (vectors count once).
  size_t packed_size() const;

  // Deep equality; floats compare bit for bit.
  bool operator==(const Variant& o) const;
  bool operator!=(const Variant& o) const { return !(*this == o); }

  // A short debugging form (not Godot's text; see codec/text/text.h).
  std::string DebugString() const;

 private:
  using Data =
      std::variant<std::monostate, bool, int64_t, double, std::string, Reals,
                   Ints, NodePath, uint64_t, Box<Object>, Signal, Box<Array>,
                   Box<Dictionary>, std::vector<uint8_t>, std::vector<int32_t>,
                   std::vector<int64_t>, std::vector<float>,
                   std::vector<double>, std::vector<std::string>>;
  Variant(Type t, Data d) : type_(t), data_(std::move(d)) {}

  Type type_ = Type::kNil;
  Data data_;
};

struct Object {
  enum class Kind : uint8_t {
    kNull = 0,  // a null Object (encodes as NIL)
    kId = 1,    // sent as an instance id (object-as-id)
    kFull = 2,  // class name + stored properties
  };
  Kind kind = Kind::kNull;
  uint64_t id = 0;                                          // kId
  std::string class_name;                                   // kFull
  std::vector<std::pair<std::string, Variant>> properties;  // kFull, in order
  bool operator==(const Object& o) const {
    return kind == o.kind && id == o.id && class_name == o.class_name &&
           properties == o.properties;
  }
};

struct Array {
  ContainerType element_type;
  std::vector<Variant> items;
  bool operator==(const Array& o) const {
    return element_type == o.element_type && items == o.items;
  }
};

struct Dictionary {
  ContainerType key_type;
  ContainerType value_type;
  std::vector<std::pair<Variant, Variant>> entries;  // insertion order

  // Inserts or overwrites (Godot key semantics, see KeyEquals). O(n).
  void Set(Variant key, Variant value);
  // Returns the value for key, or nullptr.
  const Variant* Find(const Variant& key) const;
  bool operator==(const Dictionary& o) const {
    return key_type == o.key_type && value_type == o.value_type &&
           entries == o.entries;
  }
};

// Godot's Dictionary key identity: same type and value, except that
// floats compare by value with all NaNs equal and -0 == 0, and (godot4) a
// String and a StringName with the same text are the same key.
bool KeyEquals(const Variant& a, const Variant& b);
// A hash consistent with KeyEquals.
size_t KeyHash(const Variant& v);

// Godot 4's typed-container insertion check (ContainerTypeValidate), as
// decoding applies it to each element, key and value: false when the
// element is dropped; may convert it (String <-> StringName, int -> float
// through a C++ float). Used by the push parser's DOM handler and the
// views; the reference decoder keeps its own copy, as the independent
// oracle they are checked against.
bool AdmitToTypedContainer(const ContainerType& ct, Variant* v);

// Bit-exact f32 <-> f64 for math components: NaN payloads (signalling
// ones included) survive a round trip, unlike a C++ cast.
double WidenF32Exact(float f);
float NarrowF64ToF32(double d);

}  // namespace gdwire

#endif  // GDWIRE_CODEC_VARIANT_H_
