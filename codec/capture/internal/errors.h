// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/errors.h: a decoder's error as text for a capture
// Problem: the byte offset moved to the stream's (the decoder may have been
// restarted part-way), the framed parser's own "#<n>" value number dropped
// (the capture layer numbers messages itself).

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_ERRORS_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_ERRORS_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "codec/error.h"

namespace gdwire {
namespace capture {
namespace internal {

// "$[3]: truncated String at byte <base + offset>".
inline std::string RebasedError(const absl::Status& st, uint64_t base) {
  Error e = ErrorFromStatus(st);
  e.offset += base;
  if (!e.path.empty() && e.path[0] == '#') {
    const size_t dollar = e.path.find('$');
    e.path = dollar == std::string::npos ? "$" : e.path.substr(dollar);
  }
  return e.ToString();
}

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_ERRORS_H_
