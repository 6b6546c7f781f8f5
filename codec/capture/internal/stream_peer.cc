// Copyright 2026 The gdwire Authors.

#include "codec/capture/internal/stream_peer.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/capture/internal/errors.h"
#include "codec/error.h"

namespace gdwire {
namespace capture {
namespace internal {

namespace {
// A try at a frame start takes frames whose value fills them exactly (as
// the engines write them): trailing bytes in a frame are more likely a
// wrong start than a message.
DecodeOptions Strict(DecodeOptions o) {
  o.reject_trailing_bytes = true;
  return o;
}
}  // namespace

StreamPeerDecoder::StreamPeerDecoder(const DecodeOptions& options,
                                     const FrameOptions& framing, Emitter* out,
                                     bool from_start)
    : framing_(framing),
      out_(out),
      reader_(options, framing),
      probe_reader_(Strict(options), framing) {
  lost_ = !from_start;
  unseen_start_ = !from_start;
}

size_t StreamPeerDecoder::PartLength(size_t available) const {
  const uint64_t part =
      prefix_have_ < 4 ? uint64_t(4 - prefix_have_) : frame_end_ - pos_;
  return static_cast<size_t>(std::min<uint64_t>(available, part));
}

void StreamPeerDecoder::Track(absl::Span<const uint8_t> bytes) {
  for (size_t i = 0; i < bytes.size();) {
    if (prefix_have_ < 4) {
      if (prefix_have_ == 0) frame_start_ = pos_;
      prefix_[prefix_have_++] = bytes[i++];
      ++pos_;
      if (prefix_have_ == 4) {
        const uint32_t len =
            framing_.big_endian
                ? uint32_t{prefix_[0]} << 24 | uint32_t{prefix_[1]} << 16 |
                      uint32_t{prefix_[2]} << 8 | prefix_[3]
                : uint32_t{prefix_[3]} << 24 | uint32_t{prefix_[2]} << 16 |
                      uint32_t{prefix_[1]} << 8 | prefix_[0];
        frame_end_ = pos_ + len;
        frame_ok_ = len <= framing_.max_frame_bytes && len < (1u << 31) &&
                    (!probing_ || len <= kMaxProbeFrame);
        cur_index_ = frames_++;
        if (len == 0) {
          prefix_have_ = 0;
          ++frames_done_;
        }
      }
      continue;
    }
    const size_t k = static_cast<size_t>(
        std::min<uint64_t>(bytes.size() - i, frame_end_ - pos_));
    i += k;
    pos_ += k;
    if (pos_ >= frame_end_) {
      prefix_have_ = 0;
      ++frames_done_;
    }
  }
}

void StreamPeerDecoder::Restart(uint64_t at) {
  cur_ = &reader_;
  reader_.Reset();
  base_ = at;
  pos_ = at;
  prefix_have_ = 0;
  skipping_ = false;
}

void StreamPeerDecoder::Lose(uint64_t at, ProblemKind kind,
                             const std::string& why) {
  lost_ = true;
  lost_at_ = at;
  out_->Problem(
      Transport::kTcp, kind, at,
      absl::StrCat(
          why, "; the framing is lost from byte ", at,
          ": looking for the next message start (segment by segment)"));
}

void StreamPeerDecoder::EmitValues() {
  for (size_t i = 0; i < values_.size(); ++i) {
    // The value's own first byte; the message starts at its prefix.
    const uint64_t at = base_ + offsets_[i];
    const uint64_t msg = at >= 4 ? at - 4 : 0;
    if (probing_) {
      held_.push_back({cur_index_, msg, std::move(values_[i])});
    } else {
      out_->Value(Transport::kTcp, cur_index_, msg, std::move(values_[i]));
    }
  }
  values_.clear();
  offsets_.clear();
}

void StreamPeerDecoder::StartProbe() {
  lost_ = false;
  probing_ = true;
  probe_at_ = pos_;
  probe_frames_ = frames_;
  probe_done_ = frames_done_;
  held_.clear();
  Restart(pos_);
  cur_ = &probe_reader_;
  probe_reader_.Reset();
}

void StreamPeerDecoder::ProbeFailed() {
  probing_ = false;
  lost_ = true;
  frames_ = probe_frames_;
  held_.clear();
  values_.clear();
  offsets_.clear();
  cur_ = &reader_;
  reader_.Reset();
  prefix_have_ = 0;
}

void StreamPeerDecoder::Confirm() {
  probing_ = false;
  if (unseen_start_ && probe_at_ == 0) {
    // The capture began between two messages: nothing was lost that the
    // capture had (message numbers count from the first one captured).
  } else if (unseen_start_) {
    out_->Problem(
        Transport::kTcp, ProblemKind::kGap, probe_at_,
        absl::StrCat("the start of the connection was not captured: decoding "
                     "from byte ",
                     probe_at_, " (the first ", probe_at_,
                     " bytes skipped); message numbers count from there"));
  } else {
    out_->Problem(Transport::kTcp, ProblemKind::kGap, probe_at_,
                  absl::StrCat("a message starts at byte ", probe_at_,
                               ": decoding again (", probe_at_ - lost_at_,
                               " bytes skipped); message numbers from #",
                               probe_frames_, " on are a lower bound"));
  }
  unseen_start_ = false;
  for (Held& h : held_) {
    out_->Value(Transport::kTcp, h.index, h.offset, std::move(h.value));
  }
  held_.clear();
}

void StreamPeerDecoder::FeedPart(absl::Span<const uint8_t> bytes) {
  const absl::Status st = cur_->Feed(bytes, &values_, &offsets_);
  Track(bytes);
  if (probing_) {
    if (!st.ok() || !frame_ok_) {
      ProbeFailed();
      return;
    }
    EmitValues();
    if (frames_done_ - probe_done_ >= 2) Confirm();
    return;
  }
  EmitValues();
  if (st.ok()) return;
  const std::string err = RebasedError(st, base_);
  if (!frame_ok_) {
    frames_ = cur_index_ + 1;
    Lose(frame_start_, ProblemKind::kFraming,
         absl::StrCat("message #", cur_index_, " at byte ", frame_start_, ": ",
                      err));
    return;
  }
  out_->Problem(Transport::kTcp, ProblemKind::kDecode, frame_start_,
                absl::StrCat("message #", cur_index_, " at byte ", frame_start_,
                             ": ", err));
  // Resume at the next frame.
  if (pos_ >= frame_end_) {
    Restart(pos_);
  } else {
    skipping_ = true;
    skip_to_ = frame_end_;
  }
}

void StreamPeerDecoder::Data(uint64_t offset, absl::Span<const uint8_t> bytes) {
  (void)offset;  // == pos_: the reassembler delivers in order
  // A piece of its own (a segment) is where a lost framing may start again.
  // A try still inside a length prefix when a new piece begins is taken
  // for a wrong start (the engines send each prefix whole, in a segment of
  // its own): the new piece is tried instead.
  if (probing_ && prefix_have_ > 0 && prefix_have_ < 4) ProbeFailed();
  if (lost_) StartProbe();
  while (!bytes.empty()) {
    if (lost_) {
      pos_ += bytes.size();
      return;
    }
    if (skipping_) {
      const size_t drop = static_cast<size_t>(
          std::min<uint64_t>(bytes.size(), skip_to_ - pos_));
      pos_ += drop;
      bytes = bytes.subspan(drop);
      if (pos_ < skip_to_) return;
      Restart(pos_);
      continue;
    }
    const size_t n = PartLength(bytes.size());
    FeedPart(bytes.first(n));
    bytes = bytes.subspan(n);
  }
}

void StreamPeerDecoder::Gap(uint64_t offset, uint64_t length) {
  const std::string gap =
      absl::StrCat("gap of ", length, " bytes at byte ", offset);
  const uint64_t end = offset + length;
  if (probing_) ProbeFailed();
  if (lost_) {
    pos_ = end;
    return;
  }
  if (skipping_ && end <= skip_to_) {
    out_->Problem(Transport::kTcp, ProblemKind::kGap, offset,
                  absl::StrCat(gap, " (inside message #", cur_index_,
                               ", already skipped)"));
    pos_ = end;
    if (pos_ == skip_to_) Restart(pos_);
    return;
  }
  if (!skipping_ && prefix_have_ == 4 && end <= frame_end_) {
    out_->Problem(Transport::kTcp, ProblemKind::kGap, offset,
                  absl::StrCat(gap, ": message #", cur_index_, " (bytes ",
                               frame_start_, "..", frame_end_, ") lost"));
    pos_ = end;
    ++frames_done_;
    if (pos_ == frame_end_) {
      Restart(pos_);
    } else {
      skipping_ = true;
      skip_to_ = frame_end_;
    }
    return;
  }
  // The message cut by the gap (if any) and the one whose prefix the gap
  // took are lost, and perhaps more.
  const uint64_t first_lost =
      prefix_have_ == 4 && !skipping_ ? cur_index_ : frames_;
  pos_ = end;
  frames_ += 1;
  Lose(offset, ProblemKind::kGap,
       absl::StrCat(gap, " takes a message boundary (message #", first_lost,
                    " lost, perhaps more)"));
}

void StreamPeerDecoder::End(bool capture_ended) {
  if (probing_) {
    // One whole frame that ends the stream is taken too.
    const absl::Status st = cur_->Finish(&values_);
    offsets_.resize(values_.size(), pos_ - base_);
    if (st.ok() && frames_done_ - probe_done_ >= 1 && prefix_have_ == 0) {
      EmitValues();
      Confirm();
      return;
    }
    ProbeFailed();
  }
  if (lost_) {
    if (pos_ > lost_at_) {
      out_->Problem(
          Transport::kTcp, ProblemKind::kFraming, lost_at_,
          absl::StrCat(unseen_start_ ? "the start of the connection was not "
                                       "captured, and no"
                                     : "no",
                       " message start found from byte ", lost_at_, " (",
                       pos_ - lost_at_, " bytes to the end not decoded)",
                       unseen_start_ ? "; if it is WebSocket, name its port "
                                       "as a WebSocket port (--websocket-port)"
                                     : ""));
    }
    return;
  }
  if (skipping_) return;
  const absl::Status st = cur_->Finish(&values_);
  offsets_.resize(values_.size(), pos_ - base_);
  EmitValues();
  if (st.ok()) return;
  const bool in_prefix = prefix_have_ > 0 && prefix_have_ < 4;
  out_->Problem(
      Transport::kTcp, ProblemKind::kTruncated, frame_start_,
      absl::StrCat(capture_ended ? "the capture ends" : "the connection closed",
                   " inside message #", in_prefix ? frames_ : cur_index_,
                   " at byte ", frame_start_,
                   in_prefix
                       ? " (in its length prefix)"
                       : absl::StrCat(" (", pos_ - frame_start_, " of ",
                                      frame_end_ - frame_start_, " bytes)")));
}

}  // namespace internal
}  // namespace capture
}  // namespace gdwire
