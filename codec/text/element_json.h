// Copyright 2026 The gdwire Authors.
//
// codec/text/element_json.h: gdwire's JSON form (json.h) of a parsed
// document element (codec/document/document.h), written straight from the
// message's bytes without building owned values. The text is exactly
// ToJson(element.ToVariant()): the common shapes (nil, bool, int, float,
// strings, math types, untyped Arrays, untyped Dictionaries with distinct
// String keys, PackedByteArray and the f32 packed arrays) are written from
// the element; anything else (typed containers, Objects, NodePaths, other
// keys, duplicate keys, non-finite numbers, Godot 3's non-canonical text)
// goes through ToVariant and ToJson for that element only.
//
//   gdwire::document::Parser parser;
//   gdwire::document::ParseResult r = parser.Parse(bytes, opts);
//   std::string line;
//   if (r.ok()) gdwire::text::AppendJson(r.root, &line);  // == ToJson(v)

#ifndef GDWIRE_CODEC_TEXT_ELEMENT_JSON_H_
#define GDWIRE_CODEC_TEXT_ELEMENT_JSON_H_

#include <string>

#include "codec/document/document.h"

namespace gdwire {
namespace text {

// Appends ToJson(e.ToVariant()) to *out ("null" for an invalid element, as
// for a Nil).
void AppendJson(const document::Element& e, std::string* out);

}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_ELEMENT_JSON_H_
