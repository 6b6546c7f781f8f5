// Copyright 2026 The gdwire Authors.
//
// codec/text/element_text.h: Godot's text form (text.h: var_to_str /
// var2str) of a parsed document element (codec/document/document.h),
// written straight from the message's bytes without building owned values.
// The text is exactly ToText(element.ToVariant(), options) in every
// dialect: the common shapes (nil, bool, int, float, strings, math types,
// untyped Arrays, untyped Dictionaries with distinct String keys, packed
// arrays) are written from the element; anything else (typed containers,
// Objects, NodePaths, other keys, duplicate keys, Godot 3's non-canonical
// text) goes through ToVariant and the value writer for that element only.
//
//   gdwire::document::Parser parser;
//   gdwire::document::ParseResult r = parser.Parse(bytes, opts);
//   gdwire::text::TextOptions to;
//   to.dialect = opts.dialect;
//   std::string line;
//   if (r.ok()) gdwire::text::AppendText(r.root, to, &line);  // == ToText(v)

#ifndef GDWIRE_CODEC_TEXT_ELEMENT_TEXT_H_
#define GDWIRE_CODEC_TEXT_ELEMENT_TEXT_H_

#include <string>

#include "codec/document/document.h"
#include "codec/text/text.h"

namespace gdwire {
namespace text {

// Appends ToText(e.ToVariant(), options) to *out ("null" for an invalid
// element, as for a Nil).
void AppendText(const document::Element& e, const TextOptions& options,
                std::string* out);

}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_ELEMENT_TEXT_H_
