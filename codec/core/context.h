// Copyright 2026 The gdwire Authors.
//
// codec/core/context.h: what every view of one document shares:
// the buffer, its position in a larger stream and the decode options.
// Owned by a view::MessageView (on the heap, so views survive moving it).

#ifndef GDWIRE_CODEC_CORE_CONTEXT_H_
#define GDWIRE_CODEC_CORE_CONTEXT_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/types.h"

namespace gdwire {
namespace core {

struct Context {
  const uint8_t* data = nullptr;
  size_t size = 0;
  uint64_t base = 0;  // added to every error offset
  DecodeOptions opts;

  size_t Remaining(size_t pos) const { return size - pos; }
};

// Allocation accounting of a full decode, the reference decoder's rules
// (DecodeOptions::max_alloc_bytes): every heap block the decoded value
// needs is charged, at the offset of the field that needs it, before it is
// made; counted storage is charged only when the count is "backed" by the
// input left after what the enclosing containers still need (`promised`).
struct Budget {
  uint64_t limit = UINT64_MAX;
  uint64_t charged = 0;
  uint64_t promised = 0;

  // kLimitExceeded at `at` when `bytes` more would pass the limit.
  Error Charge(const Context& c, uint64_t bytes, size_t at);
  // Charges count * elem_bytes when count * min_wire_bytes fits in the
  // input after `pos` less `promised`; else sets *backed = false and
  // charges nothing.
  Error ChargeBacked(const Context& c, size_t pos, uint64_t count,
                     uint64_t min_wire_bytes, uint64_t elem_bytes, size_t at,
                     bool* backed);
};

// Heap bytes of a std::string of `n` chars: none within its inline
// capacity; above it at least twice that, plus the NUL, rounded to 16
// (libstdc++ and libc++ alike).
inline uint64_t StringHeap(uint64_t n) {
  static const uint64_t kInline = std::string().capacity();
  if (n <= kInline) return 0;
  return (std::max(n, 2 * kInline) + 1 + 15) & ~uint64_t{15};
}

// Heap bytes of the components of a double-precision math type (a Variant
// keeps up to 8 doubles, and any f32 math type, inline).
inline uint64_t RealsHeap(uint64_t n) { return n <= 8 ? 0 : n * 8; }

// An error of `kind` detected at buffer position `at` (base added).
Error Fail(const Context& c, ErrorKind kind, size_t at, std::string detail,
           bool in_string = false);
// "truncated <Type>" at `at`.
Error Truncated(const Context& c, Type t, size_t at);

// The status of an error whose path is relative to a view: "$" + path.
absl::Status StatusOf(Error e);

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_CONTEXT_H_
