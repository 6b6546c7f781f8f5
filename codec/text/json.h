// Copyright 2026 The gdwire Authors.
//
// codec/text/json.h: gdwire's JSON form of a value, documented and
// lossless: every Variant of every type (NaN payloads, -0, typed containers,
// objects, non-string Dictionary keys) survives ToJson -> FromJson and
// compares equal (`==`) afterwards.
//
//   std::string j = gdwire::text::ToJson(v);
//   absl::StatusOr<gdwire::Variant> back = gdwire::text::FromJson(j);
//
// The schema is described in docs/JSON.md (and at the top of json.cc).

#ifndef GDWIRE_CODEC_TEXT_JSON_H_
#define GDWIRE_CODEC_TEXT_JSON_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {

// One line of JSON (no newline at the end).
std::string ToJson(const Variant& v);
absl::StatusOr<Variant> FromJson(absl::string_view json);

// Appends `s` as a JSON string literal, escaped as ToJson escapes strings
// (for text that is valid UTF-8; other bytes pass through as they are).
void AppendJsonString(absl::string_view s, std::string* out);

}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_JSON_H_
