// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/stream_peer.h: one TCP direction in StreamPeer
// framing (StreamPeerTCP.put_var: u32 length, then the value). The bytes go
// to the push parser (stream::ValueReader, Framing::kStream) piece by piece
// as the reassembler delivers them. Beside it a small tracker follows the
// frame boundaries, so that a message lost in a gap, or one that does not
// decode, costs only that message: decoding resumes at the next frame.
//
// When the framing is lost (a gap takes a length prefix, a prefix is bad,
// or the connection's start was not captured) the decoder hunts for a
// frame start: at the start of each piece the reassembler delivers (a TCP
// segment; the engines send each prefix in a segment of its own) it tries
// a parse on the side, and takes it when two whole frames decode in a row,
// each value filling its frame exactly (or one that ends the stream).
// Nothing is printed from a failed try; a try still inside a length prefix
// when the next piece begins gives way to a try at that piece.
// Message numbers after such a loss are a lower bound (the messages lost
// cannot be counted): the lost message counts as one.

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
  // Largest frame a resynchronising try accepts (a larger prefix there is
  // more likely noise than a message).
  static constexpr uint32_t kMaxProbeFrame = 1u << 20;

  // `from_start`: the stream's first byte is a frame's (the SYN was seen);
  // otherwise the decoder begins by hunting for a frame start.
  StreamPeerDecoder(const DecodeOptions& options, const FrameOptions& framing,
                    Emitter* out, bool from_start = true);

  void Data(uint64_t offset, absl::Span<const uint8_t> bytes) override;
  void Gap(uint64_t offset, uint64_t length) override;
  void End(bool capture_ended) override;

 private:
  struct Held {
    uint64_t index, offset;
    Variant value;
  };
  // Feeds bytes that lie inside one frame part (prefix or body).
  void FeedPart(absl::Span<const uint8_t> bytes);
  // How many of `available` bytes belong to the current part.
  size_t PartLength(size_t available) const;
  // Advances the frame tracker over the bytes of one part.
  void Track(absl::Span<const uint8_t> bytes);
  void Restart(uint64_t at);
  void Lose(uint64_t at, ProblemKind kind, const std::string& why);
  void EmitValues();
  void StartProbe();
  void ProbeFailed();
  void Confirm();

  FrameOptions framing_;
  Emitter* out_;
  stream::ValueReader reader_;
  stream::ValueReader probe_reader_;  // strict: for tries at a frame start
  stream::ValueReader* cur_ = &reader_;
  std::vector<Variant> values_;
  std::vector<uint64_t> offsets_;
  uint64_t base_ = 0;  // stream offset of the reader's byte 0
  uint64_t pos_ = 0;   // the next stream offset
  // Frame tracker.
  uint8_t prefix_[4] = {};
  int prefix_have_ = 0;
  uint64_t frame_start_ = 0;
  uint64_t frame_end_ = 0;    // the last prefix read: its frame's end
  bool frame_ok_ = true;      // and its length is within the limits
  uint64_t frames_ = 0;       // message number of the next prefix
  uint64_t frames_done_ = 0;  // frames read to their end
  uint64_t cur_index_ = 0;    // the current message's number
  uint64_t skip_to_ = 0;      // skipping a broken message up to here
  bool skipping_ = false;
  bool lost_ = false;  // framing lost: hunting for a frame start
  uint64_t lost_at_ = 0;
  bool unseen_start_ = false;  // the SYN was not captured
  // The current try at a frame start.
  bool probing_ = false;
  uint64_t probe_at_ = 0;
  uint64_t probe_frames_ = 0;  // frames_ when it began
  uint64_t probe_done_ = 0;    // frames_done_ when it began
  std::vector<Held> held_;     // its values, until it is taken
};

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_STREAM_PEER_H_
