// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: codec/encode/encoder.h
// -----------------------------------------------------------------------------
//
// The fast Variant encoder. It writes exactly the bytes of the reference
// encoder (codec/reference/encoder.h) for every value and every option set,
// and fails with the same error (kind, offset, path) where that one does,
// but it writes packed-array payloads in bulk with the //simd kernels, each
// into room made with one resize of the output: byte arrays and strings
// with their zero padding, int/float arrays as little-endian stores, and
// packed vector arrays narrowed from the Variant's doubles to the f32 wire
// form (NaN payloads kept bit for bit, as the reference does). All-ASCII
// text is validated with a SIMD scan.
//
// Example:
//
//   gdwire::EncodeOptions opts;
//   opts.dialect = gdwire::Dialect::kGodot4;
//   gdwire::Variant v = gdwire::Variant::PackedRealVectors(
//       gdwire::Type::kPackedVector3Array, {1, 2, 3, 4, 5, 6});
//   absl::StatusOr<std::string> bytes = gdwire::encode::Encode(v, opts);
//   if (!bytes.ok()) { /* gdwire::ErrorFromStatus(bytes.status()) */ }
//
//   std::string buf;  // or append many values to one buffer
//   gdwire::Error e = gdwire::encode::EncodeTo(v, opts, &buf);
//
// It refuses what the reference refuses: types the dialect lacks
// (kUnsupported), typed containers outside godot4, full objects without
// `full_objects`, strings the engine could not hold (kInvalidUtf8), and
// nesting deeper than max_depth (kTooDeep).

#ifndef GDWIRE_CODEC_ENCODE_ENCODER_H_
#define GDWIRE_CODEC_ENCODE_ENCODER_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace encode {

// Encode()
//
// Returns the encoding of `v`, or the error as a status (see
// codec/error.h for recovering its kind, offset and path).
absl::StatusOr<std::string> Encode(const Variant& v,
                                   const EncodeOptions& options);

// EncodeTo()
//
// Appends the encoding of `v` to `*out`. On error `*out` is unchanged and
// the error's offset is relative to the start of this value.
Error EncodeTo(const Variant& v, const EncodeOptions& options,
               std::string* out);

}  // namespace encode
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENCODE_ENCODER_H_
