// Copyright 2026 The gdwire Authors.
//
// codec/core/wire_types.h: the one table of wire ids per dialect. What a
// reader needs to know of the low 8 bits of a header, looked up once per
// value by the push parser, the document and the walker alike.
//
//   const core::WireType& t = core::WireTypes(dialect)[header & 0xFF];
//   if (t.shape == core::kInvalid) { /* unknown type id */ }
//   if (t.shape == core::kFixed) payload = t.fixed[(header >> 16) & 1];
#ifndef GDWIRE_CODEC_CORE_WIRE_TYPES_H_
#define GDWIRE_CODEC_CORE_WIRE_TYPES_H_

#include <cstdint>

#include "codec/types.h"

namespace gdwire {
namespace core {

// How a value of a type is laid out after its header.
enum Shape : uint8_t {
  kInvalid = 0,    // not a type id of the dialect
  kFixed,          // fixed-size payload: WireType::fixed
  kText,           // String, StringName
  kArrayShape,     // Array (godot4 typed Array too)
  kTypedShape,     // Pandemonium TypedArray / PackedTypedArray
  kDictShape,      // Dictionary
  kObjectShape,    // Object (fixed[1] == 8: sent as an instance id)
  kNodePathShape,  // NodePath
  kStringsShape,   // PackedStringArray
  kPackedShape,    // packed arrays of fixed-size elements
  kOtherShape,     // the rest (Signal)
};

struct WireType {
  Type type = Type::kNil;
  Shape shape = kInvalid;
  uint8_t reals = 0;  // real components of a math type
  uint8_t ints = 0;   // i32 components of an integer vector / Rect2i
  // Payload bytes when that size is fixed, else -1; [1] with header bit 16
  // set (64-bit fields, f64 math types, an Object sent as an id).
  int16_t fixed[2] = {-1, -1};

  bool valid() const { return shape != kInvalid; }
};

// The dialect's 256 wire ids (index: header & wire::kTypeMask).
const WireType* WireTypes(Dialect d);

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_WIRE_TYPES_H_
