// Copyright 2026 The gdwire Authors.
//
// codec/core/fields.h: the fields every value is built from (wire
// string, container-type descriptor, container count, packed-array layout),
// located and checked in place with the engine's checks, in the engine's
// order, at the engine's error offsets (spec §2.2, §5.3, §6, §7.3).
//
// Each reader starts at *pos, and on success moves *pos past the field.

#ifndef GDWIRE_CODEC_CORE_FIELDS_H_
#define GDWIRE_CODEC_CORE_FIELDS_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "codec/core/context.h"
#include "codec/error.h"
#include "codec/variant.h"

namespace gdwire {
namespace core {

// A wire string located in the buffer.
struct WireText {
  size_t len_pos = 0;     // the i32 length word
  size_t text_pos = 0;    // first text byte (after a BOM)
  size_t text_size = 0;   // text bytes up to the first NUL
  bool canonical = true;  // the bytes are the engine's text (checked only)
};

// Reads a length-prefixed string. With `check_text` the text is validated
// under the dialect's UTF-8 rules; without, only its bounds are. With a
// budget, its text is charged (after the bounds, before the UTF-8 check).
Error ReadWireString(const Context& c, size_t* pos, bool check_text,
                     WireText* out, Budget* budget = nullptr);

// The engine's text of a checked wire string (canonical for godot3).
std::string TextOf(const Context& c, const WireText& t);
inline absl::string_view RawTextOf(const Context& c, const WireText& t) {
  return absl::string_view(reinterpret_cast<const char*>(c.data) + t.text_pos,
                           t.text_size);
}

// A typed-container descriptor as it is on the wire (godot4, spec §5.3).
struct TypeDescriptor {
  uint32_t kind = 0;  // 0 none, 1 builtin, 2 class name, 3 script path
  Type builtin = Type::kNil;
  WireText name;  // kinds 2 and 3
};

// Reads the descriptor of one side; `kind` comes from the header.
Error ReadTypeDescriptor(const Context& c, uint32_t kind, size_t* pos,
                         bool check_text, TypeDescriptor* out,
                         Budget* budget = nullptr);

// The engine's ContainerType for a descriptor (allow_objects rules).
ContainerType ToContainerType(const Context& c, const TypeDescriptor& d);

// Pandemonium 5's TypedArray / PackedTypedArray head: the element type word
// (bit 31 masked) and, for Object elements without the object-as-id flag in
// `header`, the class name's StringName (kind 2); an Object sent as ids is
// kind 1 / kObject. As the reference decoder reads it.
Error ReadPandemoniumElementType(const Context& c, uint32_t header, size_t* pos,
                                 bool check_text, TypeDescriptor* out,
                                 Budget* budget = nullptr);

// The element type of a Pandemonium typed array for its descriptor.
ContainerType ToPandemoniumElementType(const Context& c,
                                       const TypeDescriptor& d);

// An Array / Dictionary element count (bit 31 cleared, limit checked).
Error ReadCount(const Context& c, const char* what, size_t* pos,
                uint32_t* count);

// A full Object's property count after its class name: negative means
// none; the container limit applies.
Error ReadPropertyCount(const Context& c, size_t* pos, uint32_t* count);

// A packed array of fixed-size elements (every packed type but strings).
struct PackedLayout {
  uint32_t count = 0;  // elements (vectors count once)
  int comps = 1;       // components per element
  int width = 4;       // bytes per component: 1, 4 or 8
  size_t data_pos = 0;
};

// Reads the count and checks the data bounds once (the data is not
// touched). *pos ends after the data (and a byte array's padding).
Error ReadPackedLayout(const Context& c, Type type, uint32_t header,
                       size_t* pos, PackedLayout* out);

// A packed string array's count: negative means empty (spec §6); the
// packed limit applies.
Error ReadPackedStringsCount(const Context& c, size_t* pos, uint32_t* count);

// Bytes a packed type's component occupies given the header flags.
int PackedWidth(const Context& c, Type type, uint32_t header);

// The path segment of a Dictionary key at `key_pos` (an already read
// key): ["text"], [42] or {#index}; as the reference decoder names it.
std::string KeySegment(const Context& c, size_t key_pos, size_t index);

// The path segment of an Object property whose name is at `name_pos`:
// ".name" (long names cut, as the reference decoder does).
std::string PropertySegment(const Context& c, size_t name_pos);

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_FIELDS_H_
