// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/testing/json_line.h: reading the engines' JSON-lines
// logs in the recording tests (enet_capture_test, godot3_capture_test),
// without a JSON library: one field of a one-line object, and a JSON
// string's escapes undone.
//
//   std::string method = Field(line, "method");          // escapes kept
//   std::string arg = Unescape(Field(line, "args"));

#ifndef GDWIRE_CODEC_MULTIPLAYER_TESTING_JSON_LINE_H_
#define GDWIRE_CODEC_MULTIPLAYER_TESTING_JSON_LINE_H_

#include <string>

namespace gdwire {
namespace multiplayer {
namespace testing {

// The value of "name" in a one-line JSON object: a string (escapes kept)
// or a number; "" when absent. (No std::regex: it recurses per character,
// and the lines hold 40 KB of hex.)
std::string Field(const std::string& line, const std::string& name);

// JSON string escapes -> text, newlines as spaces; \uXXXX only as far as
// var_to_str of the recorded values needs (ASCII and BMP code points, as
// UTF-8).
std::string Unescape(const std::string& s);

}  // namespace testing
}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_TESTING_JSON_LINE_H_
