// Copyright 2026 The gdwire Authors.
//
// The names the text reader knows (internal to //codec/text:parse): the
// constructor names of every dialect and their old spellings (Vector2,
// PoolVector2Array, Matrix32, ...), Godot 4's builtin names in
// Array[T] / Dictionary[K, V], the float spellings (inf, nan, inf_neg,
// -inf, -nan) and Godot's NodePath(String) rules.

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_PARSE_NAMES_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_PARSE_NAMES_H_

#include "absl/strings/string_view.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace internal {

// A constructor name (any dialect's spelling) -> its type. The caller
// checks that the dialect has the type.
bool LookUpType(absl::string_view name, Type* t);

// A builtin type as Godot 4 names it in Array[T] / Dictionary[K, V].
bool LookUpBuiltin(absl::string_view name, Type* t);

// The float spellings of the writers: inf, nan, inf_neg, -inf, -nan.
bool SpecialFloat(absl::string_view id, double* out);

// Godot's NodePath(String) constructor: '/' separates names (empty ones
// are skipped), ':' starts each subname (an empty one is an error, but a
// trailing ':' is allowed), a leading '/' makes it absolute. False on an
// empty subname.
bool ParseNodePath(absl::string_view s, NodePath* out);

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_PARSE_NAMES_H_
