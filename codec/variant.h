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
// Representation (72 bytes a Variant, no heap for scalars, math types or
// short strings):
//   * Strings are UTF-8 (`std::string`; up to 15 bytes without a heap
//     block). Godot 3's lenient decoder can yield surrogates and code
//     points above U+10FFFF; they are kept in the same generalised UTF-8
//     that Godot 3 itself writes (ED A0 80, F4 90 80 80, FD BF BF BF BF BF),
//     so they re-encode byte-identically.
//   * Real-number math types (Vector2 ... Projection, Color) hold their
//     components inline in wire order (Basis row-major, Transform2D
//     column-major, Projection by columns), in the precision they came in:
//     floats from the wire's f32 (Math32, what decoding makes), doubles from
//     Math() or a 64-bit wire value kept with real_is_double. `reals()`
//     reads either as doubles (f32 widened bit-exactly, NaN payloads too).
//     Only a double-precision Basis, Transform3D or Projection (more than 8
//     doubles) takes a heap block.
//   * Packed vector arrays hold a flat array of components (x0, y0, x1, ...)
//     in their wire element type: floats (PackedRealVectors32, as decoded)
//     or doubles (PackedRealVectors, or decoded with real_is_double);
//     `packed_reals()` reads either.
//   * Arrays, Dictionaries, Objects, NodePaths and Signals live in one heap
//     block each; moving a Variant moves the pointer (never a deep copy).
//   * A Dictionary finds keys in O(1) with Godot's key identity (KeyEquals).

#ifndef GDWIRE_CODEC_VARIANT_H_
#define GDWIRE_CODEC_VARIANT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
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

// Bit-exact f32 <-> f64 for math components: NaN payloads (signalling
// ones included) survive a round trip, unlike a C++ cast.
inline double WidenF32Exact(float f) {
  if (f == f) return static_cast<double>(f);  // every value but NaN
  uint32_t b;
  std::memcpy(&b, &f, 4);
  if ((b & 0x7f800000u) != 0x7f800000u || (b & 0x007fffffu) == 0) {
    return static_cast<double>(f);
  }
  // NaN: move sign and payload over by hand (a cast would quieten it).
  const uint64_t d = (uint64_t{b >> 31} << 63) | (uint64_t{0x7ff} << 52) |
                     (uint64_t{b & 0x007fffffu} << 29);
  double out;
  std::memcpy(&out, &d, 8);
  return out;
}
float NarrowF64ToF32(double d);

// Real-number components as they are stored (f32, or f64 when `wide()`),
// read as doubles (f32 widened bit-exactly). A cheap view: it points into
// the Variant it came from.
class RealsView {
 public:
  RealsView() = default;
  RealsView(const float* f, size_t n) : f_(f), n_(n) {}
  RealsView(const double* d, size_t n) : d_(d), n_(n), wide_(true) {}

  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  // True when the components are stored as doubles.
  bool wide() const { return wide_; }
  // The stored components: f32() when !wide(), f64() when wide().
  const float* f32() const { return f_; }
  const double* f64() const { return d_; }
  double operator[](size_t i) const {
    return wide_ ? d_[i] : WidenF32Exact(f_[i]);
  }

  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = double;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = double;
    iterator(const RealsView* v, size_t i) : v_(v), i_(i) {}
    double operator*() const { return (*v_)[i_]; }
    iterator& operator++() {
      ++i_;
      return *this;
    }
    iterator operator++(int) {
      iterator t = *this;
      ++i_;
      return t;
    }
    bool operator==(const iterator& o) const { return i_ == o.i_; }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }

   private:
    const RealsView* v_;
    size_t i_;
  };
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, n_); }

 private:
  const float* f_ = nullptr;
  const double* d_ = nullptr;
  size_t n_ = 0;
  bool wide_ = false;
};

class Variant {
 public:
  // Handy containers for building math values.
  using Reals = std::vector<double>;
  using Ints = std::vector<int32_t>;

  Variant() = default;  // Nil
  Variant(const Variant& o) { CopyFrom(o); }
  Variant(Variant&& o) noexcept { MoveFrom(&o); }
  Variant& operator=(const Variant& o) {
    if (this != &o) {
      Variant t(o);
      Destroy();
      MoveFrom(&t);
    }
    return *this;
  }
  Variant& operator=(Variant&& o) noexcept {
    if (this != &o) {
      Destroy();
      MoveFrom(&o);
    }
    return *this;
  }
  ~Variant() { Destroy(); }

  // Scalars.
  static Variant Nil() { return Variant(); }
  static Variant Bool(bool b);
  static Variant Int(int64_t i);
  static Variant Float(double d);
  static Variant String(std::string s);
  static Variant StringName(std::string s);
  // Real-number math types, components in wire order; `c.size()` must be
  // RealComponents(t). Math() keeps doubles; Math32() keeps floats (as a
  // single-precision engine does, and as decoding stores them).
  static Variant Math(Type t, absl::Span<const double> c);
  static Variant Math32(Type t, absl::Span<const float> c);
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
  // Pandemonium 5's TypedArray / PackedTypedArray (kTypedArray,
  // kPackedTypedArray): an Array whose `element_type` is its element type,
  // ContainerType::Builtin(t) (kNil included) or ContainerType::ClassName(c)
  // for Objects. Read them with array() like an Array.
  static Variant MakeTypedArray(Array a);
  static Variant MakePackedTypedArray(Array a);
  // Packed arrays. Vector/color arrays take flat components.
  static Variant PackedBytes(std::vector<uint8_t> v);
  static Variant PackedInt32(std::vector<int32_t> v);
  static Variant PackedInt64(std::vector<int64_t> v);
  static Variant PackedFloat32(std::vector<float> v);
  static Variant PackedFloat64(std::vector<double> v);
  static Variant PackedStrings(std::vector<std::string> v);
  // kPackedVector2/3/4Array, stored as doubles (PackedRealVectors) or as
  // floats (PackedRealVectors32: the wire's f32 elements as they are).
  static Variant PackedRealVectors(Type t, std::vector<double> flat);
  static Variant PackedRealVectors32(Type t, std::vector<float> flat);
  // kPackedVector2i/3i/4iArray (Pandemonium).
  static Variant PackedIntVectors(Type t, std::vector<int32_t> flat);
  static Variant PackedColors(std::vector<float> flat);
  // An empty value of type t (zero math types, empty containers, ...).
  static Variant Default(Type t);

  Type type() const { return type_; }
  bool is_nil() const { return type_ == Type::kNil; }

  // Accessors: calling one for another type is a programming error
  // (checked: it aborts with a message).
  bool as_bool() const { return Check(Slot::kBool).b; }
  int64_t as_int() const { return Check(Slot::kInt).i; }
  double as_float() const { return Check(Slot::kFloat).f; }
  // kString and kStringName.
  const std::string& as_string() const { return Check(Slot::kString).s; }
  // Math types (Vector2 ... Projection, Color): the components in wire
  // order, as stored (f32 or f64), read as doubles.
  RealsView reals() const;
  // Integer vectors and Rect2i.
  absl::Span<const int32_t> ints() const {
    return absl::MakeConstSpan(Check(Slot::kInts).ri, n_);
  }
  const NodePath& node_path() const { return *Check(Slot::kNodePath).path; }
  uint64_t rid() const { return Check(Slot::kRid).u; }
  const Object& object() const { return *Check(Slot::kObject).object; }
  // The mutable_*() of containers forget KeyHash's memo of the container
  // (codec/internal/key_hash.h).
  Object& mutable_object();
  const Signal& signal() const { return *Check(Slot::kSignal).signal; }
  // kArray, kTypedArray and kPackedTypedArray.
  const Array& array() const { return *Check(Slot::kArray).array; }
  Array& mutable_array();
  const Dictionary& dictionary() const { return *Check(Slot::kDict).dict; }
  Dictionary& mutable_dictionary();
  const std::vector<uint8_t>& packed_bytes() const {
    return Check(Slot::kBytes).bytes;
  }
  // kPackedInt32Array and the Pandemonium integer-vector arrays.
  const std::vector<int32_t>& packed_int32() const {
    return Check(Slot::kI32).i32;
  }
  const std::vector<int64_t>& packed_int64() const {
    return Check(Slot::kI64).i64;
  }
  // kPackedFloat32Array, kPackedColorArray, and the real-vector arrays
  // stored as floats (!packed_wide()).
  const std::vector<float>& packed_float32() const {
    return Check(Slot::kF32).f32;
  }
  // kPackedFloat64Array, and the real-vector arrays stored as doubles
  // (packed_wide()).
  const std::vector<double>& packed_float64() const {
    return Check(Slot::kF64).f64;
  }
  // kPackedVector2/3/4Array: true when stored as doubles.
  bool packed_wide() const { return slot_ == Slot::kF64; }
  // kPackedVector2/3/4Array (either storage), kPackedFloat32/64Array and
  // kPackedColorArray: the flat components read as doubles.
  RealsView packed_reals() const;
  const std::vector<std::string>& packed_strings() const {
    return Check(Slot::kStrings).strs;
  }
  // Mutable packed storage, to change an array in place.
  std::vector<uint8_t>& mutable_packed_bytes() {
    return MCheck(Slot::kBytes).bytes;
  }
  std::vector<int32_t>& mutable_packed_int32() {
    return MCheck(Slot::kI32).i32;
  }
  std::vector<int64_t>& mutable_packed_int64() {
    return MCheck(Slot::kI64).i64;
  }
  std::vector<float>& mutable_packed_float32() {
    return MCheck(Slot::kF32).f32;
  }
  std::vector<double>& mutable_packed_float64() {
    return MCheck(Slot::kF64).f64;
  }
  std::vector<std::string>& mutable_packed_strings() {
    return MCheck(Slot::kStrings).strs;
  }
  // Number of elements of a packed array (vectors count once).
  size_t packed_size() const;
  // kString and kStringName, to change the text in place.
  std::string* mutable_string() { return &MCheck(Slot::kString).s; }
  // Makes this Variant a String (t == kString) or StringName (else) holding
  // a copy of `text`, built in place: the same value as String(std::string
  // (text)) without the temporaries (decoders build every key this way).
  void SetString(Type t, absl::string_view text) {
    Destroy();
    new (&u_.s) std::string(text.data(), text.size());
    type_ = t == Type::kString ? Type::kString : Type::kStringName;
    slot_ = Slot::kString;
  }

  // Storage recycling (codec/stream/value_reader.h, ReusingDecoder): a
  // container's heap block taken out (the Variant is left Nil), or a
  // Variant made around one.
  static Variant AdoptArray(std::unique_ptr<Array> a);
  static Variant AdoptDictionary(std::unique_ptr<Dictionary> d);
  std::unique_ptr<Array> ReleaseArray();
  std::unique_ptr<Dictionary> ReleaseDictionary();

  // Deep equality. Floats compare bit for bit, f32-stored components as
  // their exact widening (so the storage precision does not matter).
  bool operator==(const Variant& o) const;
  bool operator!=(const Variant& o) const { return !(*this == o); }

  // A short debugging form (not Godot's text; see codec/text/text.h).
  std::string DebugString() const;

 private:
  // Which member of the union is live. Members from kString on own
  // something (Destroy), the ones before are plain data.
  enum class Slot : uint8_t {
    kNone,
    kBool,
    kInt,
    kFloat,
    kRid,
    kReals32,
    kReals64,
    kInts,
    kString,
    kRealsHeap,
    kNodePath,
    kObject,
    kSignal,
    kArray,
    kDict,
    kBytes,
    kI32,
    kI64,
    kF32,
    kF64,
    kStrings,
  };
  union Payload {
    Payload() {}
    ~Payload() {}
    bool b;
    int64_t i;
    double f;
    uint64_t u;
    float rf[16];   // f32 math, up to Projection
    double rd[8];   // f64 math up to 8 components
    double* rheap;  // f64 Basis, Transform3D, Projection
    int32_t ri[4];
    std::string s;
    NodePath* path;
    Object* object;
    Signal* signal;
    Array* array;
    Dictionary* dict;
    std::vector<uint8_t> bytes;
    std::vector<int32_t> i32;
    std::vector<int64_t> i64;
    std::vector<float> f32;
    std::vector<double> f64;
    std::vector<std::string> strs;
  };

  Variant(Type t, Slot s) : type_(t), slot_(s) {}
  const Payload& Check(Slot s) const {
    if (slot_ != s) BadAccess(s);
    return u_;
  }
  Payload& MCheck(Slot s) {
    if (slot_ != s) BadAccess(s);
    return u_;
  }
  [[noreturn]] void BadAccess(Slot s) const;
  void Destroy() {
    if (slot_ >= Slot::kString) DestroySlow();
  }
  void DestroySlow();
  void CopyFrom(const Variant& o);
  // Takes o's value and leaves o Nil. Every member but std::string is
  // moved bit for bit (pointers and vectors are trivially relocatable).
  void MoveFrom(Variant* o) {
    type_ = o->type_;
    slot_ = o->slot_;
    n_ = o->n_;
    if (slot_ == Slot::kString) {
      new (&u_.s) std::string(std::move(o->u_.s));
      o->u_.s.~basic_string();
    } else {
      std::memcpy(static_cast<void*>(&u_), &o->u_, sizeof(u_));
    }
    o->type_ = Type::kNil;
    o->slot_ = Slot::kNone;
  }

  Type type_ = Type::kNil;
  Slot slot_ = Slot::kNone;
  uint8_t n_ = 0;  // math components
  Payload u_;
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

  // KeyHash's memo of this container's hash, read and written only inside
  // a KeyHashScope (codec/internal/key_hash.h); mutators forget it.
  mutable uint64_t key_hash_memo_ = 0;
  mutable bool key_hash_memo_set_ = false;

  bool operator==(const Object& o) const {
    return kind == o.kind && id == o.id && class_name == o.class_name &&
           properties == o.properties;
  }
};

struct Array {
  ContainerType element_type;
  std::vector<Variant> items;

  size_t size() const { return items.size(); }
  void Append(Variant v) {
    key_hash_memo_set_ = false;
    items.push_back(std::move(v));
  }

  // KeyHash's memo of this container's hash, read and written only inside
  // a KeyHashScope (codec/internal/key_hash.h); mutators forget it.
  mutable uint64_t key_hash_memo_ = 0;
  mutable bool key_hash_memo_set_ = false;

  bool operator==(const Array& o) const {
    return element_type == o.element_type && items == o.items;
  }
};

// A Dictionary keeps its entries in insertion order and finds keys in O(1)
// (a hash index over `entries`, with Godot's key identity: KeyEquals).
//
// `entries` may be read freely and its values changed in place. Change the
// keys through Set / Erase / Clear; appending to `entries` directly is
// allowed for a key that is not in the Dictionary yet (decoders that have
// checked it), the index catches up on the next lookup.
struct Dictionary {
  ContainerType key_type;
  ContainerType value_type;
  std::vector<std::pair<Variant, Variant>> entries;  // insertion order

  Dictionary() = default;
  Dictionary(const Dictionary& o)
      : key_type(o.key_type), value_type(o.value_type), entries(o.entries) {}
  Dictionary(Dictionary&&) noexcept = default;
  Dictionary& operator=(const Dictionary& o) {
    if (this != &o) {
      key_type = o.key_type;
      value_type = o.value_type;
      entries = o.entries;
      index_.clear();
      indexed_ = 0;
      key_hash_memo_set_ = false;
    }
    return *this;
  }
  Dictionary& operator=(Dictionary&&) noexcept = default;

  size_t size() const { return entries.size(); }
  bool empty() const { return entries.empty(); }
  // Inserts or overwrites (Godot key semantics, see KeyEquals). O(1).
  void Set(Variant key, Variant value);
  // Returns the value for key, or nullptr. O(1).
  const Variant* Find(const Variant& key) const;
  Variant* FindMutable(const Variant& key);
  bool Contains(const Variant& key) const { return Find(key) != nullptr; }
  // Removes the key; later entries move up one place. O(n).
  bool Erase(const Variant& key);
  void Clear();
  // Reserves room for n entries (and their index).
  void Reserve(size_t n);

  bool operator==(const Dictionary& o) const {
    return key_type == o.key_type && value_type == o.value_type &&
           entries == o.entries;
  }

 private:
  // Open addressing, linear probing; a slot holds (entry index + 1) and 32
  // bits of the key's hash (0 = empty). Small Dictionaries (up to
  // kLinearMax entries) are searched without it.
  static constexpr size_t kLinearMax = 8;
  struct Slot {
    uint32_t entry;  // index + 1; 0 = empty
    uint32_t hash;
  };
  // The index of key's entry, or -1. Brings the index up to date first.
  ptrdiff_t Lookup(const Variant& key, size_t hash) const;
  void Sync() const;
  void Insert(uint32_t entry, size_t hash) const;
  void Rehash(size_t capacity) const;

  mutable std::vector<Slot> index_;
  mutable size_t indexed_ = 0;  // entries covered by index_

 public:
  // KeyHash's memo of this Dictionary's hash, read and written only inside
  // a KeyHashScope (codec/internal/key_hash.h); mutators forget it.
  mutable uint64_t key_hash_memo_ = 0;
  mutable bool key_hash_memo_set_ = false;
};

inline Object& Variant::mutable_object() {
  Object& o = *MCheck(Slot::kObject).object;
  o.key_hash_memo_set_ = false;
  return o;
}
inline Array& Variant::mutable_array() {
  Array& a = *MCheck(Slot::kArray).array;
  a.key_hash_memo_set_ = false;
  return a;
}
inline Dictionary& Variant::mutable_dictionary() {
  Dictionary& d = *MCheck(Slot::kDict).dict;
  d.key_hash_memo_set_ = false;
  return d;
}

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

// Pandemonium 5's TypedArray / PackedTypedArray insertion check
// (can_take_variant) as decoding applies it: the element's type must be the
// array's (null also fits Object arrays; Object classes are not checked);
// others are dropped (false). Read as the engine's encoder meant: a
// Nil-typed PackedTypedArray holds bools (null becomes false), a
// float-typed one real_t (f32). `which` is kTypedArray or
// kPackedTypedArray. Used by the push parser's DOM handler and the views;
// the reference decoder keeps its own copy.
bool AdmitToPandemoniumArray(Type which, const ContainerType& ct, Variant* v);

}  // namespace gdwire

#endif  // GDWIRE_CODEC_VARIANT_H_
