// Copyright 2026 The gdwire Authors.
//
// codec/text/text.h: Godot's text form of a value, exactly as the engine
// writes it: `var_to_str` (Godot 4), `var2str` (Godot 3 and Pandemonium).
//
//   std::string s = gdwire::text::ToText(v, gdwire::Dialect::kGodot4);
//   // "Vector3(1, 2, 3)", "{\n\"a\": 1\n}", "PackedByteArray(1, 2)", ...
//
// Numbers are formatted with the engine's rules (godot4: Grisu2 digits, of
// the f32 when the value is one, `inf_neg`; math components as real_t;
// godot3: the value as real_t printed with "%g", "-inf.0"), strings are
// escaped as the engine does, and Dictionaries are written in the engine's
// layout and key order (both engines sort the keys). The rules and their
// sources are listed in text.cc.

#ifndef GDWIRE_CODEC_TEXT_TEXT_H_
#define GDWIRE_CODEC_TEXT_TEXT_H_

#include <string>

#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {

struct TextOptions {
  Dialect dialect = Dialect::kGodot4;
  // Format math components as a double-precision (real_t = double) engine
  // build would. The default is a single-precision build, like the
  // official and Debian engines: components are printed as f32.
  bool real_is_double = false;
};

std::string ToText(const Variant& v, const TextOptions& options);
inline std::string ToText(const Variant& v, Dialect d) {
  TextOptions o;
  o.dialect = d;
  return ToText(v, o);
}

}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_TEXT_H_
