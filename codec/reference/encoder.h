// Copyright 2026 The gdwire Authors.
//
// codec/reference/encoder.h: the scalar reference encoder. It writes the
// engine's exact bytes (spec §3.1, §8): the int and float width rules
// (f32 whenever the value survives a round trip through f32, so NaN is
// always f64), zero padding everywhere (NodePath padding included, where
// the engines leave garbage), packed string elements with their NUL, a
// null Object as a bare NIL header, typed-container descriptors (godot4),
// and f64 math components with flag bit 16 when `real_is_double`.
//
//   gdwire::EncodeOptions opts;
//   opts.dialect = gdwire::Dialect::kGodot3;
//   absl::StatusOr<std::string> bytes = gdwire::reference::Encode(v, opts);
//
// It refuses (kUnsupported) types the dialect lacks, typed containers
// outside godot4, full objects without `full_objects`, strings the engine
// could not hold (invalid UTF-8 for the dialect, or NUL), and nesting
// deeper than max_depth (kTooDeep).

#ifndef GDWIRE_CODEC_REFERENCE_ENCODER_H_
#define GDWIRE_CODEC_REFERENCE_ENCODER_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace reference {

absl::StatusOr<std::string> Encode(const Variant& v,
                                   const EncodeOptions& options);

// Appends the encoding of `v` to `*out`. On error `*out` is unchanged.
Error EncodeTo(const Variant& v, const EncodeOptions& options,
               std::string* out);

}  // namespace reference
}  // namespace gdwire

#endif  // GDWIRE_CODEC_REFERENCE_ENCODER_H_
