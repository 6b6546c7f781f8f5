// Copyright 2026 The gdwire Authors.
//
// codec/text/parse.h: reads Godot's text form of a value, the inverse of
// codec/text/text.h: `str_to_var` (Godot 4) and `str2var` (Godot 3 and
// Pandemonium).
//
//   absl::StatusOr<gdwire::Variant> v =
//       gdwire::text::FromText("Vector3(1, 2, 3)", gdwire::Dialect::kGodot4);
//   absl::StatusOr<std::string> bytes =  // var_to_bytes(str_to_var(...))
//       gdwire::reference::Encode(*v, gdwire::EncodeOptions());
//   v = gdwire::text::FromText("[1,\n Vector2(1, 2", gdwire::Dialect::kGodot4);
//   // v.status().message():
//   //   "2:14: expected ',' or ')', got end of text at byte 17"
//   // gdwire::ErrorFromStatus(v.status()): kind kTruncated, offset 17,
//   // path "2:14".
//
// Everything ToText writes reads back (null, bools, ints, floats with
// inf / inf_neg / nan and Godot 3's "-inf.0", strings, &"names",
// NodePath("..."), every math type, Object(...), Callable(), Signal(),
// [...], {...}, typed Array[T]([...]) / Dictionary[K, V]({...}), every
// Packed*Array / Pool*Array), plus what the engines' parsers also accept:
// `;` comments, "#rrggbb" colors, trailing commas, the old type names
// (Quat, Transform, Matrix32, Rect3, ...), base64 PackedByteArray("...").
// docs/TEXT.md lists the grammar and where gdwire is stricter than the
// engine (it reports an error where the engine would silently wrap, clamp
// or drop data).
//
// Errors are gdwire::Error statuses (see codec/error.h) whose path is the
// "line:column" of the offending token (both from 1; columns count code
// points) and whose offset is its byte offset in the text. Syntax errors
// have kind kInvalidArgument, text that ends inside a value kTruncated,
// bad UTF-8 kInvalidUtf8, a type the dialect lacks kUnsupported, nesting deeper
// than max_depth kTooDeep. The parser keeps its own stack, so deep input cannot
// overflow the call stack.

#ifndef GDWIRE_CODEC_TEXT_PARSE_H_
#define GDWIRE_CODEC_TEXT_PARSE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {

struct ParseOptions {
  Dialect dialect = Dialect::kGodot4;
  // Keep math components (Vector2 ... Projection, packed vector arrays) as
  // doubles, as a double-precision (real_t = double) engine build does.
  // The default rounds them to f32 like the official single-precision
  // builds, so the value equals what reference::Decode gives for the
  // engine's bytes. Color and PackedFloat32/ColorArray are always f32.
  bool real_is_double = false;
  // Containers and objects may nest this deep (as DecodeOptions).
  int max_depth = 1024;
  // The engines read "\a" as 'a' and "\v" as 'v' although their writers
  // (String::c_escape, used for StringName, NodePath and packed strings)
  // write BEL and VT that way. Set to read them as the writer meant them.
  bool writer_escapes = false;
};

// Parses exactly one value; only whitespace and `;` comments may follow.
absl::StatusOr<Variant> FromText(absl::string_view text,
                                 const ParseOptions& options);
inline absl::StatusOr<Variant> FromText(absl::string_view text, Dialect d) {
  ParseOptions o;
  o.dialect = d;
  return FromText(text, o);
}

// Parses every value of a text that holds values one after another,
// separated by whitespace (as `gdwire decode` prints them). An empty text
// gives no values.
absl::StatusOr<std::vector<Variant>> FromTextAll(absl::string_view text,
                                                 const ParseOptions& options);

}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_PARSE_H_
