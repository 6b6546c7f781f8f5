// Copyright 2026 The gdwire Authors.
//
// benchmarks/compare/export.h: the same messages as the JSON and the
// MessagePack a developer would write for them, for the simdjson and
// msgpack-cxx rows of benchmarks/compare/compare.sh
// (benchmarks/compare/alternatives.cc).
//
//   std::string json, msgpack;
//   absl::Status st = gdwire::bench::ExportMessages(bytes, opts, framing,
//                                                  &json, &msgpack);
//
// Every value of the stream becomes one JSON text on its own line and one
// MessagePack object (back to back). The mapping is the obvious one:
// Dictionary -> object/map (keys as strings), Array -> array, int, float,
// bool, nil as themselves, String/StringName -> string, math types ->
// arrays of numbers (Vector3 -> [x, y, z], Quaternion -> [x, y, z, w];
// f32 components as MessagePack float32 and as the shortest JSON text that
// reads back to the same float), packed vector arrays -> arrays of such
// arrays, other packed arrays -> arrays of numbers or strings,
// PackedByteArray -> base64 text in JSON and bin in MessagePack. Other
// types (NodePath, Object, ...) are not part of game traffic: an error.

#ifndef GDWIRE_BENCHMARKS_COMPARE_EXPORT_H_
#define GDWIRE_BENCHMARKS_COMPARE_EXPORT_H_

#include <string>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "codec/frame/framing.h"
#include "codec/options.h"

namespace gdwire {
namespace bench {

absl::Status ExportMessages(absl::Span<const uint8_t> bytes,
                            const DecodeOptions& options,
                            const FrameOptions& framing, std::string* json,
                            std::string* msgpack);

}  // namespace bench
}  // namespace gdwire

#endif  // GDWIRE_BENCHMARKS_COMPARE_EXPORT_H_
