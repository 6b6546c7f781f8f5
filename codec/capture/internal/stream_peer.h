// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/stream_peer.h: one TCP direction in StreamPeer
// framing (StreamPeerTCP.put_var: u32 length, then the value). The bytes go
// to the push parser (stream::ValueReader, Framing::kStream) piece by piece
// as the reassembler delivers them. Beside it a small tracker follows the
// frame boundaries, so that a message lost in a gap, or one that does not
// decode, costs only that message: decoding resumes at the next frame.
// When a gap takes a length prefix (or the prefix itself is bad) the
// framing is lost and the rest of the direction is skipped, reported once.

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_STREAM_PEER_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_STREAM_PEER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "codec/capture/internal/emitter.h"
#include "codec/capture/internal/tcp_reassembler.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/stream/value_reader.h"

namespace gdwire {
namespace capture {
namespace internal {

class StreamPeerDecoder : public StreamSink {
 public:
  StreamPeerDecoder(const DecodeOptions& options, const FrameOptions& framing,
                    Emitter* out);

  void Data(uint64_t offset, absl::Span<const uint8_t> bytes) override;
  void Gap(uint64_t offset, uint64_t length) override;
  void End(bool capture_ended) override;

 private:
  // Feeds bytes that lie inside one frame part (prefix or body).
  void FeedPart(absl::Span<const uint8_t> bytes);
  // How many of `available` bytes belong to the current part.
  size_t PartLength(size_t available) const;
  // Advances the frame tracker over the bytes of one part.
  void Track(absl::Span<const uint8_t> bytes);
  void Restart(uint64_t at);
  void Lose(uint64_t at, ProblemKind kind, const std::string& why);
  void EmitValues();

  FrameOptions framing_;
  Emitter* out_;
  stream::ValueReader reader_;
  std::vector<Variant> values_;
  std::vector<uint64_t> offsets_;
  uint64_t base_ = 0;  // stream offset of the reader's byte 0
  uint64_t pos_ = 0;   // the next stream offset
  // Frame tracker.
  uint8_t prefix_[4] = {};
  int prefix_have_ = 0;
  uint64_t frame_start_ = 0;
  uint64_t frame_end_ = 0;  // the last prefix read: its frame's end
  bool frame_ok_ = true;    // and its length is within the limits
  uint64_t frames_ = 0;     // length prefixes read
  uint64_t cur_index_ = 0;  // the current message's number
  uint64_t skip_to_ = 0;    // skipping a broken message up to here
  bool skipping_ = false;
  bool lost_ = false;  // framing lost: the rest is skipped
};

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_STREAM_PEER_H_
