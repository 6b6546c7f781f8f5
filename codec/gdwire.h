// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: codec/gdwire.h
// -----------------------------------------------------------------------------
//
// gdwire's front door: the fastest correct way to turn Godot's Variant bytes
// (`var_to_bytes`, `put_var`, `store_var`) into values and back, in every
// dialect. Bytes come as anything ByteView takes: std::string,
// std::string_view, std::vector<char> / <uint8_t>, a byte span.
//
//   #include "codec/gdwire.h"
//
//   // bytes_to_var: an owned value (Objects stay off, as in Godot).
//   absl::StatusOr<gdwire::Variant> v = gdwire::Decode(msg);
//   if (!v.ok()) return v.status();  // kind, byte offset and path: "$[3].hp"
//
//   // Reading a few fields of a big message: index it, build nothing.
//   gdwire::document::Parser parser;          // keep one, reuse it
//   gdwire::document::ParseResult r = parser.Parse(msg);
//   if (!r.ok()) return r.error.ToStatus();
//   int64_t hp = r.root["players"][3]["hp"].as_int();
//
//   // var_to_bytes.
//   gdwire::Variant reply = gdwire::Variant::MakeArray();
//   reply.mutable_array().items.push_back(gdwire::Variant::Int(hp));
//   absl::StatusOr<std::string> bytes = gdwire::Encode(reply);
//
//   // var_to_str / str_to_var: gdwire::text::ToText, gdwire::text::FromText.
//
// The other faces, for other jobs: bytes as they arrive in pieces
// (codec/stream/value_reader.h, codec/stream/parser.h for events), lazy
// views with O(1) open (codec/view/view.h), framed recordings and their
// parallel decode (codec/frame/frame.h, codec/stream/parallel.h), packet
// captures (codec/capture), Godot's networking (codec/enet,
// codec/multiplayer). Every face gives the verdicts of Decode: the same
// values, errors, offsets and paths.
//
// Accessors are named alike on every face: as_bool(), as_int(),
// as_float(), as_string(), rid(), reals(), ints(), node_path(), array(),
// dictionary(), at(i), key_at(i), size(); a Variant checks the type (a
// mismatch is a programming error), a document::Element returns zero
// values, a view::ValueView a StatusOr. Operations that search or build
// are verbs: Find(), ToVariant(), Validate().
#ifndef GDWIRE_CODEC_GDWIRE_H_
#define GDWIRE_CODEC_GDWIRE_H_

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "codec/bytes.h"
#include "codec/document/document.h"  // IWYU pragma: export
#include "codec/error.h"              // IWYU pragma: export
#include "codec/options.h"            // IWYU pragma: export
#include "codec/text/parse.h"         // IWYU pragma: export
#include "codec/text/text.h"          // IWYU pragma: export
#include "codec/variant.h"            // IWYU pragma: export

namespace gdwire {

// Decode()
//
// The value at the start of `bytes`, as the engine's `bytes_to_var` reads
// it: the indexed document's parse (every check, the reference decoder's
// verdicts), its tape built into Variants (an allocation budget set in
// options: the read core's charged walk). `*consumed` (when given)
// receives its size; bytes after it are ignored, or an error with
// options.reject_trailing_bytes. For messages only read and kept,
// document::OwnedDocument (codec/document/owned.h) is about 3x faster.
absl::StatusOr<Variant> Decode(ByteView bytes,
                               const DecodeOptions& options = {},
                               size_t* consumed = nullptr);

// Validate()
//
// Every check of Decode, building nothing (the indexed document's parse,
// or with an allocation budget the read core's charged walk).
absl::Status Validate(ByteView bytes, const DecodeOptions& options = {},
                      size_t* consumed = nullptr);

// Encode()
//
// The engine's `var_to_bytes` of `value` (the fast encoder).
absl::StatusOr<std::string> Encode(const Variant& value,
                                   const EncodeOptions& options = {});

// EncodeTo()
//
// The same, appended to `*out` (reuse one buffer for many messages). On
// error *out keeps what it had.
Error EncodeTo(const Variant& value, const EncodeOptions& options,
               std::string* out);

}  // namespace gdwire

#endif  // GDWIRE_CODEC_GDWIRE_H_
