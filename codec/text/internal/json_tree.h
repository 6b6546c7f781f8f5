// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/json_tree.h: the first half of FromJson (json.h).
// JSON text is read with simdjson's On-Demand API (Debian libsimdjson-dev)
// into a small tree that keeps, for each value, the byte offset where it
// starts, numbers as their exact literal text and strings unescaped, so the
// conversion to a Variant (json_convert.h) can name the line and column of
// every error. The reader walks the input with an explicit stack (no recursion
// on the input's nesting) and refuses JSON nested deeper than
// kMaxJsonDepth, an object with a repeated key, and anything after the
// value but whitespace.

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_JSON_TREE_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_JSON_TREE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace gdwire {
namespace text {
namespace json_internal {

// JSON arrays/objects open at once. A value at the deepest allowed level
// (1024, the binary codec's default max_depth) needs at most 4 JSON levels
// per container level (an Object's properties as [name, value] pairs) plus
// 4 for itself, 4 * 1024 + 4 = 4100.
inline constexpr size_t kMaxJsonDepth = 4200;

// A parsed JSON value and the byte offset where it starts.
struct Node {
  enum class Kind : uint8_t {
    kNull,
    kFalse,
    kTrue,
    kNumber,
    kString,
    kArray,
    kObject
  };
  Kind kind = Kind::kNull;
  size_t offset = 0;
  std::string text;         // kNumber: the literal; kString: the string
  std::vector<Node> items;  // kArray: elements; kObject: key, value, ...
};

// "null", "a boolean", "a number", ... for messages.
const char* KindName(const Node& n);

// A key or string for an error message: quoted, escaped, shortened.
std::string Quote(absl::string_view s);

// InvalidArgument "JSON line L, column C (byte B): message"; offset is into
// `json` (the whole input, BOM included).
absl::Status PositionError(absl::string_view json, size_t offset,
                           absl::string_view message);

// Reads `body` (the input without a leading BOM) into *root. On failure
// returns false with the offset (into body) and a message.
bool ReadTree(absl::string_view body, Node* root, size_t* error_offset,
              std::string* error);

}  // namespace json_internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_JSON_TREE_H_
