// Copyright 2026 The gdwire Authors.
//
// codec/frame/frame.h: the framings Godot puts around encoded values
// (spec §9), over complete buffers. (Streaming, frame-by-frame as bytes
// arrive, is the push parser's job.)
//
//   kNone          one value per packet (PacketPeer.put_var), or values back
//                  to back in a buffer
//   kStream        StreamPeer.put_var / FileAccess.store_var: a u32 length
//                  (little-endian, or big-endian with the peer's switch)
//                  before each value
//   kPacketStream  PacketPeerStream: a u32 little-endian length before each
//                  packet, whatever the stream's endianness
//
//   gdwire::FrameOptions f;
//   f.framing = gdwire::Framing::kStream;
//   absl::Status st = gdwire::ForEachFrame(bytes, f,
//       [&](absl::Span<const uint8_t> payload, uint64_t offset) {
//         ...; return absl::OkStatus();
//       });
//
//   std::string out;
//   gdwire::AppendFrame(payload, f, &out);

#ifndef GDWIRE_CODEC_FRAME_FRAME_H_
#define GDWIRE_CODEC_FRAME_FRAME_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {

// Parses "none", "stream" or "packet-stream".
bool ParseFraming(absl::string_view name, Framing* out);

// Calls `fn` for each frame payload of a complete buffer with the absolute
// offset of the payload. kNone yields the whole buffer once. A cut-off
// frame, a negative or oversize length, or an error from `fn` ends it.
absl::Status ForEachFrame(
    absl::Span<const uint8_t> bytes, const FrameOptions& options,
    const std::function<absl::Status(absl::Span<const uint8_t>, uint64_t)>& fn);

// Appends `payload` with the framing's prefix.
void AppendFrame(absl::string_view payload, const FrameOptions& options,
                 std::string* out);

// Decodes every value of a framed buffer with the read core's full decode
// (codec/core; the reference decoder only for
// `decode.pandemonium_engine_defects`, which only it emulates). In
// kNone the values lie back to back. Inside a frame, bytes after the value
// are ignored as by the engine, or an error (kBadFrame) with
// `decode.reject_trailing_bytes`; a value that runs past its frame is
// kBadFrame.
absl::StatusOr<std::vector<Variant>> DecodeFramed(
    absl::Span<const uint8_t> bytes, const FrameOptions& frame,
    const DecodeOptions& decode);

// The same, handing each value to `fn` as soon as it is decoded (with the
// absolute offset of its first byte); an error from `fn` stops.
absl::Status DecodeFramedEach(
    absl::Span<const uint8_t> bytes, const FrameOptions& frame,
    const DecodeOptions& decode,
    const std::function<absl::Status(Variant, uint64_t)>& fn);

// Encodes each value with its framing (kNone: back to back), with the fast
// encoder (codec/encode; the reference encoder only for
// `encode.pandemonium_engine_defects`).
absl::StatusOr<std::string> EncodeFramed(absl::Span<const Variant> values,
                                         const FrameOptions& frame,
                                         const EncodeOptions& encode);

}  // namespace gdwire

#endif  // GDWIRE_CODEC_FRAME_FRAME_H_
