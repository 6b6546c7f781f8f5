// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/tcp_reassembler.h: one direction of a TCP
// connection put back in order. Segments arrive as captured (out of order,
// retransmitted, overlapping, some never); the sink receives the stream's
// bytes in order, once each, with their offset in the stream (0 = the
// first byte after the SYN), and a gap for every run of bytes that never
// arrived. Out-of-order data is buffered up to `max_buffered` bytes
// (segment overhead counted); past that the oldest hole is given up as a
// gap, so memory stays bounded whatever the capture holds. Sequence
// numbers wrap as TCP's do (32-bit, compared within a 2 GiB window).

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_TCP_REASSEMBLER_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_TCP_REASSEMBLER_H_

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

#include "absl/types/span.h"

namespace gdwire {
namespace capture {
namespace internal {

class StreamSink {
 public:
  virtual ~StreamSink() = default;
  // The next bytes of the stream, at `offset` (contiguous with the last
  // Data or Gap).
  virtual void Data(uint64_t offset, absl::Span<const uint8_t> bytes) = 0;
  // Bytes [offset, offset + length) never arrived.
  virtual void Gap(uint64_t offset, uint64_t length) = 0;
  // The stream ended (FIN reached, RST, or the end of the capture).
  virtual void End(bool capture_ended) = 0;
};

struct ReassemblyStats {
  uint64_t segments = 0;
  uint64_t out_of_order = 0;  // segments that arrived ahead of a hole
  uint64_t duplicates = 0;    // segments (or parts) already seen
  uint64_t gaps = 0;
  uint64_t gap_bytes = 0;
};

class TcpReassembler {
 public:
  explicit TcpReassembler(size_t max_buffered) : max_buffered_(max_buffered) {}
  // With a budget shared by every reassembler of a capture: when the sum
  // of their buffers passes `shared_max`, the one that grows gives up its
  // holes.
  TcpReassembler(size_t max_buffered, size_t* shared, size_t shared_max)
      : max_buffered_(max_buffered), shared_(shared), shared_max_(shared_max) {}
  ~TcpReassembler() { Account(-static_cast<int64_t>(buffered_)); }
  TcpReassembler(const TcpReassembler&) = delete;
  TcpReassembler& operator=(const TcpReassembler&) = delete;

  // One captured segment of this direction. `missing` payload bytes were
  // not captured (snapshot length). Returns false when a SYN with another
  // sequence number starts a new connection on the same addresses (the
  // caller ends this one and starts afresh).
  bool Segment(uint32_t seq, bool syn, bool fin, bool rst,
               absl::Span<const uint8_t> payload, uint32_t missing,
               StreamSink* sink);
  // The capture ended: buffered data after a hole is delivered behind a
  // gap; then End(true) unless the stream had already ended.
  void Finish(StreamSink* sink);
  // The connection was reset (an RST, from either side): holes are given
  // up as gaps, then End(false).
  void Abort(StreamSink* sink);

  bool ended() const { return ended_; }
  bool started() const { return started_; }
  // The stream's first segment was its SYN (the start was captured).
  bool saw_syn() const { return saw_syn_; }
  uint64_t delivered() const { return next_; }
  size_t buffered() const { return buffered_; }
  const ReassemblyStats& stats() const { return stats_; }

 private:
  void Deliver(uint64_t offset, absl::Span<const uint8_t> bytes,
               StreamSink* sink);
  void Drain(StreamSink* sink);
  void GiveUpHole(StreamSink* sink);
  void CheckEnd(StreamSink* sink);
  void Account(int64_t delta) {
    if (shared_ != nullptr) *shared_ += delta;
  }
  bool OverBudget() const {
    return buffered_ > max_buffered_ ||
           (shared_ != nullptr && *shared_ > shared_max_);
  }

  size_t max_buffered_;
  size_t* shared_ = nullptr;
  size_t shared_max_ = 0;
  bool started_ = false;
  bool ended_ = false;
  bool saw_syn_ = false;
  uint32_t base_ = 0;  // sequence number of stream offset 0
  uint64_t next_ = 0;  // the next offset to deliver
  bool have_fin_ = false;
  uint64_t fin_offset_ = 0;  // stream length when the FIN was seen
  std::map<uint64_t, std::string> pending_;  // offset -> bytes
  size_t buffered_ = 0;
  ReassemblyStats stats_;
};

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_TCP_REASSEMBLER_H_
