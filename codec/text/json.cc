// Copyright 2026 The gdwire Authors.
//
// gdwire's lossless JSON form. docs/JSON.md has the full description with an
// example of every type; in short:
//
//   null, true, false        Nil, bool
//   42                       int: a JSON integer when |v| <= 2^53, else
//                            {"int": "-9223372036854775808"}
//   1.0, 0.1, -0.0, 1e+300   float: a JSON number written with '.' or 'e'
//                            (shortest round trip); {"float": "inf"},
//                            "-inf", "nan" (bits 7ff8000000000000) or
//                            "nan:<16 hex digits>" (exact bits)
//   "text"                   String when valid UTF-8, else
//                            {"String": {"base64": "7aCA"}}
//   [1, "a", null]           untyped Array
//   {"<Type>": payload}      every other type, named as TypeName() names it:
//     {"Vector3": [1.0, 2.0, 3.0]}    math types: components in wire order
//     {"Vector2i": [1, 2]}            integer vectors, Rect2i
//     {"StringName": "hp"}            {"NodePath": "/root/Main:position:x"}
//     {"RID": 5}                      {"Callable": null}
//     {"Signal": {"name": "hit", "object_id": 5}}
//     {"Object": null} / {"Object": {"id": 5}} /
//     {"Object": {"class": "Node", "properties": {"name": "A"}}}
//     {"Array": [1, 2], "type": "int"}              typed Array
//     {"Dictionary": {"a": 1}}                       String keys only
//     {"Dictionary": [[1, "x"], [{"Vector2": [0.0, 0.0]}, null]]}
//                                                    any other keys
//     {"Dictionary": {"x": 1}, "key_type": "String", "value_type": "int"}
//     {"PackedByteArray": "AQID"}                    base64
//     {"PackedVector2Array": [1.0, 2.0, 3.0, 4.0]}   flat components
//
// Inside a payload a real is a JSON number or one of the strings above
// ("nan:" + 8 hex digits for f32 storage: PackedFloat32Array,
// PackedColorArray); a 64-bit integer is a number, or a decimal string when
// |v| > 2^53; any text (names, class names, packed strings) is a JSON
// string or {"base64": "..."} when it is not valid UTF-8 (Godot 3's
// surrogates and code points above U+10FFFF). Dictionaries keep their
// entries exactly as stored, in order.
//
// FromJson reads the text (internal/json_tree.cc: one iterative pass, no
// recursion on the input's nesting) into a small tree that records where
// each value starts, so every error names its line and column, then
// converts the tree to a Variant (internal/json_convert.h). JSON nested more
// than kMaxJsonDepth arrays/objects, and values nested more than kMaxValueDepth
// containers (the binary codec's default max_depth), are refused.

#include "codec/text/json.h"

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "codec/text/internal/json_common.h"
#include "codec/text/internal/json_convert.h"
#include "codec/text/internal/json_tree.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {

using json_internal::Converter;
using json_internal::Node;
using json_internal::PositionError;

absl::StatusOr<Variant> FromJson(absl::string_view json) {
  absl::string_view body = json;
  const size_t base = absl::ConsumePrefix(&body, "\xEF\xBB\xBF") ? 3 : 0;
  Node root;
  size_t error_offset = 0;
  std::string error;
  if (!json_internal::ReadTree(body, &root, &error_offset, &error)) {
    return PositionError(json, base + error_offset, error);
  }
  Variant v;
  if (absl::Status s = Converter(json, base).Value(root, 0, &v); !s.ok()) {
    return s;
  }
  return v;
}

void AppendJsonString(absl::string_view s, std::string* out) {
  json_internal::AppendQuoted(s, out);
}

}  // namespace text
}  // namespace gdwire
