// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: codec/encode/writer.h
// -----------------------------------------------------------------------------
//
// The streaming writer: a message written straight to bytes, value by
// value, from the caller's own data (no Variant is built). The bytes are
// those of the engine's `var_to_bytes` (and of encode::Encode) in every
// dialect: the same int and float width rules, padding and real_is_double
// widths, taken from the one home of those rules (internal/out.h).
//
// Example (a reply written from plain structs, framed for StreamPeer):
//
//   gdwire::EncodeOptions opts;              // godot4
//   gdwire::encode::Writer w(opts);          // keep it: its stack is reused
//   std::string out;                         // and the buffer
//   out.clear();
//   w.Start(&out, gdwire::encode::Prefix::kStreamPeer);
//   w.BeginDictionary();                     // count patched in at the end
//   w.KeyName("type").StringName("snapshot");
//   w.KeyName("tick").Int(tick);
//   w.KeyName("players").BeginArray(players.size());
//   for (const Player& p : players) {
//     w.BeginDictionary(3);
//     w.KeyName("id").Int(p.id);
//     w.KeyName("pos").Vector3(p.x, p.y, p.z);
//     w.KeyName("path").PackedReals(gdwire::Type::kPackedVector3Array,
//                                   absl::MakeConstSpan(p.path));
//     w.EndDictionary();
//   }
//   w.EndArray();
//   w.EndDictionary();
//   gdwire::Error e = w.Finish();            // the length prefix patched in
//   if (!e.ok()) { /* e.kind, e.offset, e.path; out is as before Start */ }
//
// Containers: BeginArray / BeginDictionary take the element count, or
// kUnknownCount (the default) to have it patched in at End. Dictionary
// entries are a key then a value: Key("name") (a String key) or
// KeyName("name") (a StringName key), or Key() followed by any value as the
// key; then the value. Typed containers (godot4 Array[T] and
// Dictionary[K, V]) check every child against their element type. A full
// Object (BeginObject, needs EncodeOptions::full_objects) takes Key(name)
// then a value per property.
//
// Misuse is an error, never wrong bytes: a value where a key is due, a key
// outside a Dictionary or Object, an End without its Begin (or of the other
// kind), a count that does not match, a second root value, a Finish with
// containers open, a type the dialect lacks, text the engine could not
// hold, nesting deeper than max_depth. The first error sticks (later calls
// do nothing) and Finish() returns it (kind, offset in the message, path)
// and cuts the buffer back to its size at Start.
//
// Raw(bytes) writes one value already encoded in this dialect (a
// document::Element's bytes(), another Writer's output): a relay forwards
// what it received without decoding it. The bytes are copied as they are:
// only the header is checked (a type of the dialect; a full Object at the
// top needs full_objects). Objects inside are the caller's to vet -- a
// message parsed without allow_objects holds none.
//
// Allocation: once the buffer and the stack have grown to the size of the
// messages written, a message allocates nothing (tests: writer_alloc_test).

#ifndef GDWIRE_CODEC_ENCODE_WRITER_H_
#define GDWIRE_CODEC_ENCODE_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/base/optimization.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/bytes.h"
#include "codec/encode/internal/out.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace encode {

// The framing prefix written before the message (patched in by Finish).
enum class Prefix : uint8_t {
  kNone,                 // var_to_bytes, PacketPeer.put_var
  kStreamPeer,           // StreamPeer.put_var: u32 length, little-endian
  kStreamPeerBigEndian,  // the same with StreamPeer.big_endian
  kPacketPeerStream,     // PacketPeerStream: u32 length, little-endian
};

inline constexpr uint32_t kUnknownCount = 0xFFFFFFFFu;

class Writer : private internal::Out {
 public:
  explicit Writer(const EncodeOptions& options = {});
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  // Options for the next messages (between messages only).
  void SetOptions(const EncodeOptions& options);

  // Starts a message appended to `*out` (which must outlive the message).
  void Start(std::string* out, Prefix prefix = Prefix::kNone);
  // Ends the message: ok when exactly one complete value was written; the
  // prefix is patched in. On error `*out` is back to its size at Start.
  Error Finish();
  // False once a misuse was detected (Finish gives the error).
  bool ok() const { return failed_ == 0; }
  const EncodeOptions& options() const { return opts_; }

  // ---- Scalars -------------------------------------------------------------
  Writer& Nil();
  Writer& Bool(bool b);
  Writer& Int(int64_t i);
  Writer& Float(double f);
  Writer& String(absl::string_view s);
  Writer& StringName(absl::string_view s);
  Writer& RID(uint64_t id);  // godot4 carries the id; the others write none
  Writer& Callable();        // as the engines write one: its type id only
  Writer& Signal(absl::string_view name, uint64_t object_id);

  // ---- Math types ----------------------------------------------------------
  // Real components (RealComponents(t) of them) as f32 or f64; written as
  // f32 unless real_is_double and the type has the width flag.
  Writer& Math(Type t, absl::Span<const float> c);
  Writer& Math(Type t, absl::Span<const double> c);
  // Integer vectors and Rect2i (IntComponents(t) of them).
  Writer& Ints(Type t, absl::Span<const int32_t> c);
  Writer& Vector2(float x, float y);
  Writer& Vector3(float x, float y, float z);
  Writer& Vector2i(int32_t x, int32_t y);
  Writer& Vector3i(int32_t x, int32_t y, int32_t z);
  Writer& Quaternion(float x, float y, float z, float w);
  Writer& Color(float r, float g, float b, float a);

  // ---- Packed arrays (payloads by the //simd kernels) -----------------------
  Writer& PackedBytes(absl::Span<const uint8_t> b);
  // kPackedInt32Array (the default), or Pandemonium's Vector2i/3i/4i
  // arrays (components, a multiple of 2, 3, 4).
  Writer& PackedInt32s(absl::Span<const int32_t> x,
                       Type t = Type::kPackedInt32Array);
  Writer& PackedInt64s(absl::Span<const int64_t> x);
  Writer& PackedFloat32s(absl::Span<const float> x);
  Writer& PackedFloat64s(absl::Span<const double> x);
  // kPackedVector2/3/4Array, kPackedColorArray: components in order.
  Writer& PackedReals(Type t, absl::Span<const float> c);
  Writer& PackedReals(Type t, absl::Span<const double> c);
  Writer& PackedStrings(absl::Span<const absl::string_view> s);
  Writer& PackedStrings(absl::Span<const std::string> s);

  // ---- NodePath and Object -------------------------------------------------
  Writer& NodePath(absl::Span<const absl::string_view> names,
                   absl::Span<const absl::string_view> subnames, bool absolute);
  Writer& NullObject();           // written as NIL, as the engines do
  Writer& ObjectId(uint64_t id);  // an object sent as its instance id
  // A full Object (full_objects only): Key(name) and a value per property.
  Writer& BeginObject(absl::string_view class_name,
                      uint32_t count = kUnknownCount);
  Writer& EndObject();

  // ---- Containers ----------------------------------------------------------
  Writer& BeginArray(uint32_t count = kUnknownCount);
  Writer& BeginArray(const ContainerType& element_type,
                     uint32_t count = kUnknownCount);  // godot4 Array[T]
  // Pandemonium 5's TypedArray / PackedTypedArray (`which`): the element
  // type, then the elements as the engine holds them (a PackedTypedArray
  // of Nil holds Bools, one of Float holds f32 values); EndArray.
  Writer& BeginTypedArray(Type which, const ContainerType& element_type,
                          uint32_t count = kUnknownCount);
  Writer& EndArray();
  Writer& BeginDictionary(uint32_t count = kUnknownCount);
  Writer& BeginDictionary(const ContainerType& key_type,
                          const ContainerType& value_type,
                          uint32_t count = kUnknownCount);
  Writer& EndDictionary();
  // In a Dictionary: a String key (KeyName: a StringName key); in a full
  // Object: the next property's name.
  Writer& Key(absl::string_view key);
  Writer& KeyName(absl::string_view key);
  // In a Dictionary: the next value written is the key.
  Writer& Key();

  // One value already encoded in this writer's dialect (e.g. a
  // document::Element's bytes()), copied as it is.
  Writer& Raw(ByteView value);

  // Bytes of the message so far (prefix included).
  size_t size() const { return len_ - start_; }

 private:
  enum State : uint8_t {
    kElement,   // an Array element is due
    kEntryKey,  // a Dictionary key (Key) is due
    kKeyValue,  // after Key(): the next value is the key
    kValue,     // a Dictionary / Object value is due
    kPropName,  // an Object property name (Key) is due
    kRootEmpty,
    kRootDone,
    kDeep,  // children would be deeper than max_depth
    kDead,  // after an error
  };
  enum Kind : uint8_t { kRoot, kArray, kDict, kObject };
  // Type checks of typed containers: 0 any, else a Type + 1, or kObjects.
  static constexpr uint8_t kObjects = 0xFF;
  struct Frame {
    Kind kind;
    State state;
    uint8_t check_a;  // elements / keys
    uint8_t check_b;  // values
    uint32_t expected;
    uint32_t written;  // children (entries) written
    size_t count_pos;  // where the count word is
  };

  // Before every value of type t: the container's state allows it.
  bool Slot(Type t) {
    Frame& f = *top_;
    switch (f.state) {
      case kElement:
        ++f.written;
        return f.check_a == 0 || Allowed(f.check_a, t);
      case kValue:
        f.state = f.kind == kDict ? kEntryKey : kPropName;
        ++f.written;
        return f.check_b == 0 || Allowed(f.check_b, t);
      case kKeyValue:
        f.state = kValue;
        return f.check_a == 0 || Allowed(f.check_a, t);
      case kRootEmpty:
        f.state = kRootDone;
        return true;
      default:
        return Misplaced(t);
    }
  }
  // The header word of type t (false: the dialect lacks it).
  bool Id(Type t, uint32_t* id) {
    *id = ids_[static_cast<int>(t)];
    return ABSL_PREDICT_TRUE(*id != kNoId) || NoType(t);
  }
  bool Allowed(uint8_t check, Type t);
  bool Misplaced(Type t);
  bool NoType(Type t);
  bool Fail(ErrorKind kind, absl::string_view detail);
  bool Text(absl::string_view s);
  bool TextValue(Type t, absl::string_view s);
  void BadMath(Type t);
  Writer& Begin(Kind kind, uint32_t count, uint8_t check_a, uint8_t check_b);
  Writer& End(Kind kind);
  bool ContainerSide(const ContainerType& ct, uint32_t* kind, uint8_t* check);
  bool ContainerPayload(const ContainerType& ct);
  bool PackedHeader(Type t, size_t n, bool* wide);
  bool Components(Type t, bool reals, size_t n, size_t* elements);
  template <typename S>
  void Strings(absl::Span<const S> s);
  template <typename T>
  void Reals(Type t, absl::Span<const T> c);
  std::string PathOfError() const;

  static constexpr uint32_t kNoId = 0xFFFFFFFFu;
  EncodeOptions opts_;
  uint32_t ids_[kTypeCount];
  uint32_t real_header_[kTypeCount];  // math types: id and width flag
  uint8_t comps_[kTypeCount];         // RealComponents

  std::vector<Frame> stack_;
  Frame* top_ = nullptr;
  size_t depth_ = 0;  // open containers (stack_[0] is the root)
  Frame dead_{};
  size_t start_ = 0;  // where the message (prefix included) starts
  Prefix prefix_ = Prefix::kNone;
  int failed_ = 0;
  Error err_;
};

// ---- Inline hot paths
// ---------------------------------------------------------

inline Writer& Writer::Int(int64_t i) {
  uint32_t id;
  if (Slot(Type::kInt) && Id(Type::kInt, &id)) PutInt(id, i);
  return *this;
}

inline Writer& Writer::Float(double f) {
  uint32_t id;
  if (Slot(Type::kFloat) && Id(Type::kFloat, &id)) PutFloat(id, f);
  return *this;
}

inline Writer& Writer::Bool(bool b) {
  uint32_t id;
  if (Slot(Type::kBool) && Id(Type::kBool, &id)) {
    PutU32(id);
    PutU32(b ? 1 : 0);
  }
  return *this;
}

// Short ASCII text (keys, names) in one step: header, length, text and
// its zero padding; the rest through Text().
ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool Writer::TextValue(
    Type t, absl::string_view s) {
  uint32_t id;
  if (!Slot(t) || !Id(t, &id)) return false;
  const size_t n = s.size();
  if (ABSL_PREDICT_TRUE(
          n <= 64 &&
          wire::PlainAscii(reinterpret_cast<const uint8_t*>(s.data()), n))) {
    const size_t padded = (n + 3) & ~size_t{3};
    uint8_t* o = Extend(8 + padded);
    wire::StoreU32(o, id);
    wire::StoreU32(o + 4, static_cast<uint32_t>(n));
    if (padded != 0) wire::StoreU32(o + 4 + padded, 0);
    std::memcpy(o + 8, s.data(), n);
    return true;
  }
  PutU32(id);
  return Text(s);
}

inline Writer& Writer::String(absl::string_view s) {
  TextValue(Type::kString, s);
  return *this;
}

inline Writer& Writer::StringName(absl::string_view s) {
  TextValue(Type::kStringName, s);
  return *this;
}

ABSL_ATTRIBUTE_ALWAYS_INLINE inline Writer& Writer::Key(absl::string_view key) {
  if (top_->state == kEntryKey) {
    top_->state = kKeyValue;
    TextValue(Type::kString, key);
  } else if (top_->state == kPropName) {
    top_->state = kValue;
    Text(key);
  } else {
    Misplaced(Type::kString);
  }
  return *this;
}

ABSL_ATTRIBUTE_ALWAYS_INLINE inline Writer& Writer::KeyName(
    absl::string_view key) {
  if (top_->state == kEntryKey) {
    top_->state = kKeyValue;
    TextValue(Type::kStringName, key);
  } else {
    Misplaced(Type::kStringName);
  }
  return *this;
}

inline Writer& Writer::Math(Type t, absl::Span<const float> c) {
  if (!Slot(t)) return *this;
  const uint32_t h = real_header_[static_cast<int>(t)];
  if (ABSL_PREDICT_FALSE(h == kNoId ||
                         c.size() != comps_[static_cast<int>(t)])) {
    BadMath(t);
    return *this;
  }
  PutU32(h);
  PutReals(c.data(), c.size(), (h & wire::kFlag64) != 0);
  return *this;
}

inline Writer& Writer::Vector2(float x, float y) {
  const float c[2] = {x, y};
  return Math(Type::kVector2, c);
}
inline Writer& Writer::Vector3(float x, float y, float z) {
  const float c[3] = {x, y, z};
  return Math(Type::kVector3, c);
}
inline Writer& Writer::Quaternion(float x, float y, float z, float w) {
  const float c[4] = {x, y, z, w};
  return Math(Type::kQuaternion, c);
}
inline Writer& Writer::Color(float r, float g, float b, float a) {
  const float c[4] = {r, g, b, a};
  return Math(Type::kColor, c);
}
inline Writer& Writer::Vector2i(int32_t x, int32_t y) {
  const int32_t c[2] = {x, y};
  return Ints(Type::kVector2i, c);
}
inline Writer& Writer::Vector3i(int32_t x, int32_t y, int32_t z) {
  const int32_t c[3] = {x, y, z};
  return Ints(Type::kVector3i, c);
}

}  // namespace encode
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENCODE_WRITER_H_
