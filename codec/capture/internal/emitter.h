// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/emitter.h: where the per-direction decoders
// (StreamPeer framing, WebSocket) put what they find: each decoded value
// with the stream offset of its message, and each problem with the offset
// it concerns. The flow layer (codec/capture/decoder.cc) adds the time,
// the addresses and the connection.

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_EMITTER_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_EMITTER_H_

#include <cstdint>
#include <string>

#include "absl/types/span.h"
#include "codec/capture/capture.h"
#include "codec/variant.h"

namespace gdwire {
namespace capture {
namespace internal {

class Emitter {
 public:
  virtual ~Emitter() = default;
  // Message number `index` of this direction, starting at stream byte
  // `offset`.
  virtual void Value(Transport transport, uint64_t index, uint64_t offset,
                     Variant value) = 0;
  virtual void Problem(Transport transport, ProblemKind kind, uint64_t offset,
                       std::string text) = 0;
  // A whole binary message (WebSocket) before it is read as a value: true
  // when the flow layer took it (a WebSocketMultiplayerPeer connection's
  // SceneMultiplayer packet); `wire_bytes` is what it took on the stream,
  // framing included.
  virtual bool RawMessage(Transport transport, uint64_t index,
                          absl::Span<const uint8_t> bytes,
                          uint64_t wire_bytes) {
    (void)transport, (void)index, (void)bytes, (void)wire_bytes;
    return false;
  }
};

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_EMITTER_H_
