// Copyright 2026 The gdwire Authors.

#include "codec/capture/internal/tcp_reassembler.h"

#include <algorithm>

namespace gdwire {
namespace capture {
namespace internal {

namespace {
// Bookkeeping cost of one buffered segment, counted against the limit so
// that a flood of 1-byte segments is bounded too.
constexpr size_t kSegmentOverhead = 64;
}  // namespace

bool TcpReassembler::Segment(uint32_t seq, bool syn, bool fin, bool rst,
                             absl::Span<const uint8_t> payload,
                             uint32_t missing, StreamSink* sink) {
  ++stats_.segments;
  if (!started_) {
    started_ = true;
    saw_syn_ = syn;
    base_ = syn ? seq + 1 : seq;
  } else if (syn) {
    if (seq + 1 != base_) return false;  // a new connection, same addresses
  }
  if (ended_) return true;  // late segments of an ended stream
  const uint32_t data_seq = syn ? seq + 1 : seq;
  // Offset of the segment relative to the next byte we want, within TCP's
  // +-2 GiB window.
  const int64_t rel = static_cast<int32_t>(
      data_seq - static_cast<uint32_t>(base_ + static_cast<uint32_t>(next_)));
  int64_t start = static_cast<int64_t>(next_) + rel;
  const uint64_t length = uint64_t{payload.size()} + missing;
  if (fin) {
    const int64_t end = start + static_cast<int64_t>(length);
    if (end >= 0 && (!have_fin_ || static_cast<uint64_t>(end) > fin_offset_)) {
      have_fin_ = true;
      fin_offset_ = static_cast<uint64_t>(end);
    }
  }
  if (start < 0) {  // (partly) before the stream: cut it
    const uint64_t cut = static_cast<uint64_t>(-start);
    payload = payload.subspan(std::min<uint64_t>(cut, payload.size()));
    start = 0;
    if (cut >= length) payload = {};
  }
  if (!payload.empty()) {
    const uint64_t off = static_cast<uint64_t>(start);
    if (off + payload.size() <= next_) {
      ++stats_.duplicates;
    } else if (off <= next_) {
      if (off < next_) ++stats_.duplicates;
      Deliver(off, payload, sink);
      Drain(sink);
    } else {
      ++stats_.out_of_order;
      auto it = pending_.find(off);
      if (it == pending_.end() || it->second.size() < payload.size()) {
        if (it != pending_.end()) {
          buffered_ -= it->second.size() + kSegmentOverhead;
          Account(-static_cast<int64_t>(it->second.size() + kSegmentOverhead));
        }
        pending_[off].assign(payload.begin(), payload.end());
        buffered_ += payload.size() + kSegmentOverhead;
        Account(static_cast<int64_t>(payload.size() + kSegmentOverhead));
      } else {
        ++stats_.duplicates;
      }
      while (OverBudget() && !pending_.empty()) GiveUpHole(sink);
    }
  }
  if (rst) {
    Abort(sink);
    return true;
  }
  CheckEnd(sink);
  return true;
}

void TcpReassembler::Deliver(uint64_t offset, absl::Span<const uint8_t> bytes,
                             StreamSink* sink) {
  // Only the part after next_ is new.
  const uint64_t skip = next_ - offset;
  if (skip >= bytes.size()) return;
  bytes = bytes.subspan(skip);
  if (have_fin_ && next_ + bytes.size() > fin_offset_) {
    // Data past the FIN (a bogus or reused segment): not part of the stream.
    bytes = bytes.first(fin_offset_ > next_ ? fin_offset_ - next_ : 0);
    if (bytes.empty()) return;
  }
  sink->Data(next_, bytes);
  next_ += bytes.size();
}

void TcpReassembler::Drain(StreamSink* sink) {
  while (!pending_.empty() && pending_.begin()->first <= next_) {
    auto node = pending_.extract(pending_.begin());
    buffered_ -= node.mapped().size() + kSegmentOverhead;
    Account(-static_cast<int64_t>(node.mapped().size() + kSegmentOverhead));
    const auto& s = node.mapped();
    Deliver(node.key(),
            absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                                s.size()),
            sink);
  }
}

void TcpReassembler::GiveUpHole(StreamSink* sink) {
  const uint64_t to = pending_.begin()->first;
  if (to > next_) {
    ++stats_.gaps;
    stats_.gap_bytes += to - next_;
    sink->Gap(next_, to - next_);
    next_ = to;
  }
  Drain(sink);
}

void TcpReassembler::CheckEnd(StreamSink* sink) {
  if (!ended_ && have_fin_ && next_ >= fin_offset_) {
    ended_ = true;
    pending_.clear();
    Account(-static_cast<int64_t>(buffered_));
    buffered_ = 0;
    sink->End(false);
  }
}

void TcpReassembler::Abort(StreamSink* sink) {
  if (ended_) return;
  // Whatever is still missing is lost.
  while (!pending_.empty()) GiveUpHole(sink);
  ended_ = true;
  if (started_) sink->End(false);
}

void TcpReassembler::Finish(StreamSink* sink) {
  if (ended_) return;
  if (!started_) {  // nothing came this way
    ended_ = true;
    return;
  }
  while (!pending_.empty()) GiveUpHole(sink);
  if (have_fin_ && next_ < fin_offset_) {
    // The FIN came but bytes before it never did.
    ++stats_.gaps;
    stats_.gap_bytes += fin_offset_ - next_;
    sink->Gap(next_, fin_offset_ - next_);
    next_ = fin_offset_;
  }
  ended_ = true;
  sink->End(!have_fin_);
}

}  // namespace internal
}  // namespace capture
}  // namespace gdwire
