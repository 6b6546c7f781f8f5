// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/websocket.h: one TCP direction of a WebSocket
// connection (RFC 6455), as WebSocketPeer.put_var uses it: first the HTTP
// upgrade (a "GET ... Upgrade: websocket" request from the client, a
// "HTTP/1.1 101" answer from the server), then frames. Masked payloads are
// unmasked, fragmented messages joined (control frames may come between
// the fragments), and every complete binary message is decoded as one
// value, as PacketPeer.get_var reads a packet (bytes after the value
// ignored). Text messages and compressed (RSV1) messages are reported and
// skipped. A message is held up to max_message_bytes (larger ones are
// skipped, not stored); a gap inside a frame's payload costs that message
// only, a gap in a frame header loses the rest of the direction.

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_WEBSOCKET_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_WEBSOCKET_H_

#include <cstdint>
#include <string>

#include "absl/types/span.h"
#include "codec/capture/internal/emitter.h"
#include "codec/capture/internal/tcp_reassembler.h"
#include "codec/options.h"

namespace gdwire {
namespace capture {
namespace internal {

class WebSocketDecoder : public StreamSink {
 public:
  // Largest HTTP head (request or response line and headers) accepted.
  static constexpr size_t kMaxHttpHead = 16384;

  // `http`: the direction begins with the HTTP upgrade (else with frames:
  // the upgrade was not captured).
  WebSocketDecoder(const DecodeOptions& options, uint32_t max_message_bytes,
                   Emitter* out, bool http = true);

  void Data(uint64_t offset, absl::Span<const uint8_t> bytes) override;
  void Gap(uint64_t offset, uint64_t length) override;
  void End(bool capture_ended) override;

  // Messages completed so far (decoded or not).
  uint64_t messages() const { return messages_; }

 private:
  enum class State : uint8_t { kHttp, kHeader, kPayload, kClosed, kLost };
  size_t Http(absl::Span<const uint8_t> bytes);
  size_t Header(absl::Span<const uint8_t> bytes);
  size_t Payload(absl::Span<const uint8_t> bytes);
  void FrameDone();
  void MessageDone();
  void Lose(uint64_t at, ProblemKind kind, const std::string& why);
  void Report(ProblemKind kind, uint64_t at, std::string text);

  DecodeOptions options_;
  uint32_t max_message_;
  Emitter* out_;
  State state_ = State::kHttp;
  uint64_t pos_ = 0;
  std::string http_;
  // The current frame.
  uint8_t hdr_[14] = {};
  size_t hdr_have_ = 0;
  uint64_t frame_start_ = 0;
  bool fin_ = false;
  uint8_t opcode_ = 0;
  bool masked_ = false;
  uint8_t mask_[4] = {};
  uint64_t length_ = 0;      // payload length
  uint64_t done_ = 0;        // payload bytes seen
  std::string control_;      // a control frame's payload (<= 125 bytes)
  bool skip_frame_ = false;  // a continuation frame of no message
  // The current message (data frames).
  bool in_message_ = false;
  bool message_text_ = false;
  bool message_skip_ = false;  // too big, compressed or damaged: not kept
  uint64_t message_start_ = 0;
  std::string message_;
  uint64_t messages_ = 0;
};

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_WEBSOCKET_H_
