// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/key_order.h: the order in which var_to_str / var2str
// write Dictionary keys. Internal to codec/text.
//
//   std::vector<const std::pair<Variant, Variant>*> entries = ...;
//   internal::SortEntries(&entries, Dialect::kGodot4, false);
//
// Both engines sort a copy of the key list (in insertion order) with Godot's
// SortArray (see godot_sort.h) and this "less":
//   * godot4 (core/variant/variant_parser.cpp: keys.sort_custom<
//     StringLikeVariantOrder>): String and StringName compare by text with
//     each other; otherwise Variant::operator<: type id first, then bool,
//     int, float, the vectors (component by component), RID (by id), Array
//     (element by element with Variant::operator<, then shorter first);
//     every other type never compares less.
//   * godot3 (core/variant_parser.cpp: List::sort() = Variant::operator<):
//     type id first, then bool, int, real, String (by code point), Vector2
//     and Vector3 with Math::is_equal_approx on all but the last component,
//     and Array by 3.x's OP_LESS (false if the right array is shorter, else
//     true at the first element that is not less, else false); every other
//     type never compares less (pool arrays compare in the engine, but
//     sorting two of them as keys crashes 3.2.3, so nothing is lost).
//   * pandemonium: as godot3 with Pandemonium's type ids; StringName by
//     text and the integer vectors by component (not verified on an engine).
// Verified against Godot 4.6.3 and 3.2.3 (tests/data/text/*.json).

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_KEY_ORDER_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_KEY_ORDER_H_

#include <utility>
#include <vector>

#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace internal {

// The engine's "a < b" for two Dictionary keys.
bool KeyLess(const Variant& a, const Variant& b, Dialect dialect,
             bool real_is_double);

// Puts `entries` (given in insertion order) in the order the engine writes
// them.
void SortEntries(std::vector<const std::pair<Variant, Variant>*>* entries,
                 Dialect dialect, bool real_is_double);

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_KEY_ORDER_H_
