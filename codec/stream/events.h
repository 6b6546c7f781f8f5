// Copyright 2026 The gdwire Authors.
//
// codec/stream/events.h: the events the push parser (codec/stream/parser.h)
// hands to its handler, and the handler interface.
//
// A handler is any class with these member functions (a template parameter
// of the parser, so calls are direct and inlinable, as with RapidJSON's SAX
// reader); each returns false to stop the parse:
//
//   struct MyHandler {
//     bool Scalar(const gdwire::stream::ScalarEvent& e);
//     bool String(const gdwire::stream::StringPart& s);
//     bool Begin(const gdwire::stream::BeginEvent& b);
//     bool Key(uint64_t index);
//     bool Chunk(const gdwire::stream::ChunkEvent& c);
//     bool End(const gdwire::stream::EndEvent& e);
//     bool ValueDone(uint64_t begin_offset, uint64_t end_offset);
//   };
//
// `gdwire::stream::Handler` below is the same interface with virtual
// functions, for callers who want a type-erased handler
// (`gdwire::stream::Parser<gdwire::stream::Handler>`).
//
// The sequence of events of one value:
//   * Nil, bool, int, float, every math type (Vector2 ... Projection,
//     Color, the integer vectors), RID, Callable and an Object sent as an
//     instance id (or null): one `Scalar`.
//   * String, StringName: one or more `String` parts (role kString /
//     kStringName); a string that lies in one fed piece comes as one part
//     with both kFirstPart and kLastPart, a view straight into the caller's
//     bytes; otherwise in several parts as the bytes arrive.
//   * Array: `Begin` (count, element type), the elements, `End`.
//     Dictionary: `Begin` (count, key and value types), then per entry
//     `Key(i)`, the key's events, the value's events; `End`.
//     A typed container's class name or script path (godot4) arrives as
//     `String` parts (roles kElementClass ... kValueScript) just before
//     its `Begin`.
//   * Object in full: `Begin(kObject)`, the class name (kObjectClass parts),
//     then per property its name (kPropertyName parts) and its value;
//     `End`. An empty class name is a null Object (no properties follow).
//   * NodePath: `Begin` (name and subname counts, absolute), the
//     components as kNodePathName / kNodePathSubname strings, `End`.
//   * Signal: `Begin`, the name (kSignalName), `End` with the object id.
//   * Packed arrays: `Begin` (element type, count, f64 flag), `Chunk`s
//     that point straight into the caller's bytes (whole elements, the
//     index of the first; an element split across pieces is delivered
//     whole from a small carry buffer), `End`. A PackedStringArray's
//     elements are kPackedElement strings instead of chunks.
//   * After the outermost value: `ValueDone` with its first and one-past-
//     last absolute byte offsets. Many values may follow back to back.
//
// Views (string parts, chunk data) are valid only during the call.
// String text is the engine's text: a leading BOM is dropped and the text
// ends at the first NUL (spec §7.4); it is validated (godot4 strict UTF-8,
// Godot 3's lenient rules otherwise) before the value completes. In godot3
// and pandemonium a part may hold a non-shortest sequence the engine
// accepts; the last part then carries kNotCanonical and the engine's text
// is `gdwire::stream::CanonicalText()` of the bytes (codec/stream/text.h).

#ifndef GDWIRE_CODEC_STREAM_EVENTS_H_
#define GDWIRE_CODEC_STREAM_EVENTS_H_

#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "codec/types.h"

namespace gdwire {
namespace stream {

// A value that needs no further events.
struct ScalarEvent {
  Type type = Type::kNil;
  uint32_t header = 0;  // the wire header word, flags included
  bool wide = false;    // INT / FLOAT / real math sent with 64-bit fields
  bool b = false;       // kBool
  int64_t i = 0;        // kInt
  double f = 0;         // kFloat
  // kRID (godot4; 0 in godot3), kObject sent as an id (0: a null Object).
  uint64_t id = 0;
  // Math types: the first `count` entries are the components in wire
  // order, as the engine holds them (f64 fields narrowed to f32 unless
  // DecodeOptions::real_is_double); the rest is unset.
  int count = 0;
  double reals[16];
  int32_t ints[4];  // Vector2i, Vector3i, Vector4i, Rect2i
};

enum class StringRole : uint8_t {
  kString,
  kStringName,
  kNodePathName,
  kNodePathSubname,
  kSignalName,
  kObjectClass,
  kPropertyName,
  kPackedElement,  // an element of a PackedStringArray
  kElementClass,   // typed Array element: class name / script path
  kElementScript,
  kKeyClass,  // typed Dictionary key
  kKeyScript,
  kValueClass,  // typed Dictionary value
  kValueScript,
};

enum StringFlags : uint8_t {
  kFirstPart = 1,
  kLastPart = 2,
  kNotCanonical = 4,  // godot3: the text holds a non-shortest sequence
};

struct StringPart {
  StringRole role = StringRole::kString;
  uint8_t flags = 0;
  absl::string_view text;
  bool first() const { return (flags & kFirstPart) != 0; }
  bool last() const { return (flags & kLastPart) != 0; }
  // The whole string in one zero-copy view.
  bool whole() const { return first() && last(); }
};

// A typed container's descriptor (godot4), raw from the wire.
struct ContainerDesc {
  enum Kind : uint8_t { kNone = 0, kBuiltin = 1, kClassName = 2, kScript = 3 };
  Kind kind = kNone;
  Type builtin = Type::kNil;  // kBuiltin
};

struct BeginEvent {
  Type type = Type::kNil;
  uint32_t header = 0;
  // Array, Dictionary: the declared count. Packed arrays: elements
  // (0 for a negative PackedStringArray count). NodePath: name count.
  uint64_t count = 0;
  // Array, Dictionary: bytes of the current piece after the count, the
  // most the elements can occupy in it (a handler that reserves room from
  // `count` bounds it by this, so that a hostile count costs nothing).
  uint64_t available = 0;
  uint64_t subnames = 0;  // NodePath (the obsolete property counts here)
  bool absolute = false;  // NodePath, as the engine sets it
  bool wide = false;      // packed real vectors sent with f64 components
  // Packed arrays: wire bytes of one element (e.g. 12 for f32 Vector3).
  uint32_t element_bytes = 0;
  ContainerDesc element, key, value;  // Array: element; Dictionary: key, value
};

struct ChunkEvent {
  Type type = Type::kNil;
  const uint8_t* data = nullptr;  // `count` whole elements, wire order (LE)
  uint64_t first = 0;             // index of the first element
  size_t count = 0;
  uint32_t element_bytes = 0;
  bool wide = false;
};

struct EndEvent {
  Type type = Type::kNil;
  uint64_t object_id = 0;  // kSignal
};

// The handler interface with virtual functions (type-erased). Every
// default returns true (keep going).
class Handler {
 public:
  virtual ~Handler() = default;
  virtual bool Scalar(const ScalarEvent&) { return true; }
  virtual bool String(const StringPart&) { return true; }
  virtual bool Begin(const BeginEvent&) { return true; }
  virtual bool Key(uint64_t /*index*/) { return true; }
  virtual bool Chunk(const ChunkEvent&) { return true; }
  virtual bool End(const EndEvent&) { return true; }
  virtual bool ValueDone(uint64_t /*begin*/, uint64_t /*end*/) { return true; }
};

// Ignores everything (validation only).
struct SkipHandler {
  bool Scalar(const ScalarEvent&) { return true; }
  bool String(const StringPart&) { return true; }
  bool Begin(const BeginEvent&) { return true; }
  bool Key(uint64_t) { return true; }
  bool Chunk(const ChunkEvent&) { return true; }
  bool End(const EndEvent&) { return true; }
  bool ValueDone(uint64_t, uint64_t) { return true; }
};

// Counts what passes.
struct CountHandler {
  uint64_t scalars = 0, strings = 0, string_bytes = 0, containers = 0, keys = 0,
           chunks = 0, elements = 0, values = 0;
  bool Scalar(const ScalarEvent&) { return ++scalars, true; }
  bool String(const StringPart& s) {
    strings += s.last();
    string_bytes += s.text.size();
    return true;
  }
  bool Begin(const BeginEvent&) { return ++containers, true; }
  bool Key(uint64_t) { return ++keys, true; }
  bool Chunk(const ChunkEvent& c) {
    ++chunks;
    elements += c.count;
    return true;
  }
  bool End(const EndEvent&) { return true; }
  bool ValueDone(uint64_t, uint64_t) { return ++values, true; }
};

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_EVENTS_H_
