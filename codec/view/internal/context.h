// Copyright 2026 The gdwire Authors.
//
// codec/view/internal/context.h: what every view of one document shares:
// the buffer, its position in a larger stream and the decode options.
// Owned by a view::Document (on the heap, so views survive moving it).

#ifndef GDWIRE_CODEC_VIEW_INTERNAL_CONTEXT_H_
#define GDWIRE_CODEC_VIEW_INTERNAL_CONTEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/types.h"

namespace gdwire {
namespace view {
namespace internal {

struct Context {
  const uint8_t* data = nullptr;
  size_t size = 0;
  uint64_t base = 0;  // added to every error offset
  DecodeOptions opts;

  size_t Remaining(size_t pos) const { return size - pos; }
};

// An error of `kind` detected at buffer position `at` (base added).
Error Fail(const Context& c, ErrorKind kind, size_t at, std::string detail,
           bool in_string = false);
// "truncated <Type>" at `at`.
Error Truncated(const Context& c, Type t, size_t at);

// The status of an error whose path is relative to a view: "$" + path.
absl::Status StatusOf(Error e);

}  // namespace internal
}  // namespace view
}  // namespace gdwire

#endif  // GDWIRE_CODEC_VIEW_INTERNAL_CONTEXT_H_
