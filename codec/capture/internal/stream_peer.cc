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

StreamPeerDecoder::StreamPeerDecoder(const DecodeOptions& options,
                                     const FrameOptions& framing, Emitter* out)
    : framing_(framing), out_(out), reader_(options, framing) {}

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
        frame_ok_ = len <= framing_.max_frame_bytes && len < (1u << 31);
        cur_index_ = frames_++;
        if (len == 0) prefix_have_ = 0;
      }
      continue;
    }
    const size_t k = static_cast<size_t>(
        std::min<uint64_t>(bytes.size() - i, frame_end_ - pos_));
    i += k;
    pos_ += k;
    if (pos_ >= frame_end_) prefix_have_ = 0;
  }
}

void StreamPeerDecoder::Restart(uint64_t at) {
  reader_.Reset();
  base_ = at;
  pos_ = at;
  prefix_have_ = 0;
  skipping_ = false;
}

void StreamPeerDecoder::Lose(uint64_t at, ProblemKind kind,
                             const std::string& why) {
  lost_ = true;
  out_->Problem(Transport::kTcp, kind, at,
                absl::StrCat(why, "; the rest of this direction (from byte ",
                             at, ") cannot be framed and is skipped"));
}

void StreamPeerDecoder::EmitValues() {
  for (size_t i = 0; i < values_.size(); ++i) {
    // The value's own first byte; the message starts at its prefix.
    const uint64_t at = base_ + offsets_[i];
    out_->Value(Transport::kTcp, cur_index_, at >= 4 ? at - 4 : 0,
                std::move(values_[i]));
  }
  values_.clear();
  offsets_.clear();
}

void StreamPeerDecoder::FeedPart(absl::Span<const uint8_t> bytes) {
  const absl::Status st = reader_.Feed(bytes, &values_, &offsets_);
  Track(bytes);
  EmitValues();
  if (st.ok()) return;
  const std::string err = RebasedError(st, base_);
  if (!frame_ok_) {
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
    if (pos_ == frame_end_) {
      Restart(pos_);
    } else {
      skipping_ = true;
      skip_to_ = frame_end_;
    }
    return;
  }
  pos_ = end;
  Lose(offset, ProblemKind::kGap,
       absl::StrCat(gap, " takes a message boundary (message #", frames_,
                    " or earlier lost)"));
}

void StreamPeerDecoder::End(bool capture_ended) {
  if (lost_ || skipping_) return;
  const absl::Status st = reader_.Finish(&values_);
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
