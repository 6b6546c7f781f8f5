// Copyright 2026 The gdwire Authors.
//
// codec/reference/decoder.h: the scalar reference decoder. Plain recursive
// code over one complete buffer, written to be audited against the spec
// (docs/FORMAT.md §3-§14) rather than to be fast. The fast
// paths (streaming parser, views) are checked against it.
//
//   gdwire::DecodeOptions opts;
//   opts.dialect = gdwire::Dialect::kGodot3;
//   size_t used = 0;
//   absl::StatusOr<gdwire::Variant> v =
//       gdwire::reference::Decode(bytes, opts, &used);
//
// It accepts and rejects exactly what the engine of the dialect does
// (spec §7.3), with three deliberate differences, all opt-in or safer:
//   * `max_depth` applies to godot3 as in 3.x after 3.2.3 (3.2.3 crashed).
//   * Full objects are not instantiated: the class name and properties are
//     returned as data (no ClassDB, so no ERR_UNAVAILABLE for unknown
//     classes and no script loading).
//   * The DecodeOptions limits (string / packed / container sizes).
// Errors carry the kind, the absolute offset of the first byte of the
// offending field, and the path into the value.

#ifndef GDWIRE_CODEC_REFERENCE_DECODER_H_
#define GDWIRE_CODEC_REFERENCE_DECODER_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace reference {

// Decodes one value from the start of `bytes`. `*consumed` (if given)
// receives the number of bytes the value used; bytes after it are ignored
// unless `options.reject_trailing_bytes`. `base_offset` is added to error
// offsets (the position of bytes[0] in a larger stream).
absl::StatusOr<Variant> Decode(absl::Span<const uint8_t> bytes,
                               const DecodeOptions& options,
                               size_t* consumed = nullptr,
                               uint64_t base_offset = 0);

// The same, returning the structured error instead of a Status.
Error DecodeValue(absl::Span<const uint8_t> bytes, const DecodeOptions& options,
                  Variant* out, size_t* consumed, uint64_t base_offset = 0);

}  // namespace reference
}  // namespace gdwire

#endif  // GDWIRE_CODEC_REFERENCE_DECODER_H_
