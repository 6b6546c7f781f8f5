// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/direction.h: one direction of a TCP connection:
// its reassembler, and the decoder its first bytes choose ("GET " or
// "HTTP": WebSocket, anything else: StreamPeer framing; WebSocket frames
// without an upgrade on CaptureOptions::websocket_ports).

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_DIRECTION_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_DIRECTION_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/types/span.h"
#include "codec/capture/capture.h"
#include "codec/capture/internal/emitter.h"
#include "codec/capture/internal/tcp_reassembler.h"

namespace gdwire {
namespace capture {
namespace internal {

class TcpDirection : public StreamSink {
 public:
  // `buffered`: the out-of-order bytes of every direction of the capture
  // (options.max_reorder_bytes_total bounds them).
  // `websocket`: the connection is on one of options.websocket_ports.
  TcpDirection(const CaptureOptions& options, Emitter* out, size_t* buffered,
               bool websocket)
      : options_(options),
        out_(out),
        websocket_(websocket),
        reassembler_(options.max_reorder_bytes, buffered,
                     options.max_reorder_bytes_total) {}

  TcpReassembler& reassembler() { return reassembler_; }

  void Data(uint64_t offset, absl::Span<const uint8_t> bytes) override;
  void Gap(uint64_t offset, uint64_t length) override;
  void End(bool capture_ended) override;

 private:
  void Choose();

  const CaptureOptions& options_;
  Emitter* out_;
  bool websocket_;
  TcpReassembler reassembler_;
  std::string sniff_;  // the first bytes, until the decoder is chosen
  std::unique_ptr<StreamSink> decoder_;
};

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_DIRECTION_H_
