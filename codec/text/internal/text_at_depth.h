// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/text_at_depth.h: ToText (text.h) of a value that sits
// `depth` containers deep in another, appended to a string: the writer of
// document elements (element_text.cc) hands the shapes it does not write
// itself to the value writer here, at the depth where they are (Godot 4
// prints containers deeper than 100 levels empty). Internal to codec/text.
//
//   std::string s = "[";
//   internal::AppendTextAt(v, options, /*depth=*/1, &s);  // an element of [

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_TEXT_AT_DEPTH_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_TEXT_AT_DEPTH_H_

#include <string>

#include "codec/text/text.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace internal {

// Appends the text of v, written as the value at nesting depth `depth`
// (0: a whole value, as ToText) to *out.
void AppendTextAt(const Variant& v, const TextOptions& options, int depth,
                  std::string* out);

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_TEXT_AT_DEPTH_H_
