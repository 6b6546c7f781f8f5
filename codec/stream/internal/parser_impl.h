// Copyright 2026 The gdwire Authors.
//
// The push parser's state machine (included by codec/stream/parser.h).
// Each state consumes what it can of the current piece; a state that needs
// bytes the piece lacks returns, to resume on the next Feed() (or reports a
// truncation at Finish() / at the end of its frame). Every check, its order
// and its error offset follow the reference decoder (spec §7.3).

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_PARSER_IMPL_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_PARSER_IMPL_H_

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/core/wire_types.h"
#include "codec/stream/internal/parser_errors.h"
#include "codec/stream/internal/parser_strings.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/wire.h"

namespace gdwire {
namespace stream {

template <typename H>
Parser<H>::Parser(H* handler, const DecodeOptions& options,
                  const FrameOptions& framing)
    : h_(handler),
      opts_(options),
      frame_(framing),
      types_(core::WireTypes(options.dialect)) {
  Reset();
}

template <typename H>
void Parser<H>::Reset() {
  begin_ = p_ = end_ = nullptr;
  chunk_base_ = consumed_ = 0;
  ending_ = false;
  state_ = framed() ? kFramePrefix : kValueStart;
  error_ = Error();
  status_ = absl::OkStatus();
  stopped_ = false;
  abort_kind_ = ErrorKind::kOk;
  values_ = 0;
  carry_len_ = 0;
  in_frame_ = false;
  frame_left_ = 0;
  stack_.clear();
  pk_carry_len_ = 0;
}

template <typename H>
absl::Status Parser<H>::Feed(absl::Span<const uint8_t> bytes) {
  if (!status_.ok() || stopped_) return status_;
  begin_ = p_ = bytes.data();
  end_ = p_ + bytes.size();
  chunk_base_ = consumed_;
  Run();
  consumed_ = Pos();
  for (Frame& f : stack_) {  // keys pointing into the piece: keep a copy
    if (f.key_in_piece) {
      f.key_text.assign(f.key_view.data(), f.key_view.size());
      f.key_in_piece = false;
    }
  }
  begin_ = p_ = end_ = nullptr;
  chunk_base_ = consumed_;
  return status_;
}

template <typename H>
absl::Status Parser<H>::Feed(const absl::Cord& bytes) {
  for (absl::string_view chunk : bytes.Chunks()) {
    absl::Status st = Feed(chunk);
    if (!st.ok() || stopped_) return st;
  }
  return status_;
}

template <typename H>
absl::Status Parser<H>::Finish() {
  if (!status_.ok() || stopped_) return status_;
  ending_ = true;
  begin_ = p_ = end_ = nullptr;
  chunk_base_ = consumed_;
  Run();
  ending_ = false;
  return status_;
}

template <typename H>
bool Parser<H>::at_boundary() const {
  if (framed()) return state_ == kFramePrefix && carry_len_ == 0;
  return (state_ == kValueStart && stack_.empty()) || state_ == kTrailing;
}

template <typename H>
uint64_t Parser<H>::bytes_needed() const {
  if (at_boundary() || state_ == kTrailing) return 0;
  if (framed() && in_frame_) return frame_left_;
  switch (state_) {
    case kFramePrefix:
    case kHeader:
    case kStrLen:
    case kObjectCount:
    case kDescId:
    case kCount:
    case kPackedCount:
      return 4 - carry_len_;
    case kNodePathHead:
      return 12 - carry_len_;
    case kNodePathRest:
    case kSignalId:
      return 8 - carry_len_;
    case kFixed:
      return fixed_len_ - carry_len_;
    case kStrBody:
      return text_.remaining() + str_pad_left_;
    case kStrPad:
      return str_pad_left_;
    case kPackedData:
      return pk_left_;
    case kPackedPad:
      return 0;
    default:
      return 4;
  }
}

template <typename H>
const uint8_t* Parser<H>::Take(size_t n) {
  if (carry_len_ == 0) {
    field_start_ = Pos();
    if (Avail() >= n) {
      const uint8_t* r = p_;
      Advance(n);
      return r;
    }
  }
  const size_t k = std::min(n - carry_len_, Avail());
  if (k > 0) std::memcpy(carry_ + carry_len_, p_, k);
  Advance(k);
  carry_len_ += k;
  if (carry_len_ < n) return nullptr;
  carry_len_ = 0;
  return carry_;
}

// Runs the state machine over the current piece. Returns false on an error
// or a stop; true when it waits for more bytes (or the stream is done).
template <typename H>
bool Parser<H>::Run() {
  for (;;) {
    switch (state_) {
      case kFramePrefix: {
        if (carry_len_ == 0 && Avail() == 0) return true;  // a boundary
        const uint8_t* q = Take(4);
        if (q == nullptr) return ending_ ? Truncated() : true;
        if (!FramePrefix(q)) return false;
        state_ = kValueStart;
        break;
      }
      case kFrameSkip:
        Advance(Avail());
        if (frame_left_ == 0) {
          in_frame_ = false;
          state_ = kFramePrefix;
          break;
        }
        return ending_ ? Truncated() : true;
      case kTrailing:
        if (Avail() == 0) return true;
        return Fail(ErrorKind::kTrailingBytes, Pos(),
                    "trailing bytes after the value");
      case kValueStart: {
      value_start:  // straight from a value that completed in this piece
        if (stack_.empty()) {
          if (!framed() && Avail() == 0) return true;  // a boundary
          value_begin_ = Pos();
        }
        if (static_cast<int>(stack_.size()) > opts_.max_depth) {
          return Fail(ErrorKind::kTooDeep, Pos(),
                      "nesting deeper than max_depth");
        }
        if (!stack_.empty()) {
          Frame& f = stack_.back();
          if (f.type == Type::kDictionary && !f.want_value) {
            f.key_kind = Frame::kOther;
            f.key_in_piece = false;
          }
        }
        value_start_ = Pos();
        state_ = kHeader;
        // Whole values in place while they lie in the piece; what the fast
        // path does not take (p_ unchanged) the states below read.
        if (carry_len_ == 0 && Avail() >= 16) {
          const uint8_t* const at = p_;
          if (!FastValues()) return false;
          // A value the fast path did not take, its header next: read here.
          if (p_ != at && state_ != kHeader) break;
        }
        [[fallthrough]];
      }
      case kHeader: {
        const uint8_t* q = Take(4);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!Header(q)) return false;
        // The common case: a whole scalar or string, the next value next
        // (no round trip through the state switch).
        if (state_ == kValueStart) goto value_start;
        // A string cut by the piece's end: its first part is passed on.
        if (state_ == kStrBody && Avail() == 0) {
          return Ending() ? Truncated() : true;
        }
        break;
      }
      case kFixed: {
        const uint8_t* q = Take(fixed_len_);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!FixedPayload(q)) return false;
        break;
      }
      case kStrLen: {
        const uint8_t* q = Take(4);
        if (q == nullptr) return Ending() ? Truncated() : true;
        str_start_ = field_start_;
        const int32_t n = static_cast<int32_t>(wire::LoadU32(q));
        if (n < 0) {
          return Fail(ErrorKind::kInvalidLength, str_start_,
                      absl::StrCat("negative string length ", n), true);
        }
        if (uint64_t(n) + wire::Pad4(n) > uint64_t{INT32_MAX}) {
          return Fail(ErrorKind::kInvalidLength, str_start_,
                      "string length overflow", true);
        }
        if (uint64_t(n) > opts_.max_string_bytes) {
          return Fail(
              ErrorKind::kLimitExceeded, str_start_,
              absl::StrCat("string of ", n, " bytes exceeds the limit"));
        }
        BeginText(static_cast<uint32_t>(n));
        state_ = kStrBody;
        break;
      }
      case kStrBody: {
        const size_t k = std::min<uint64_t>(Avail(), text_.remaining());
        if (k > 0 || str_parts_ == 0) {
          if (!EmitText(p_, k)) return false;
          Advance(k);
        }
        if (text_.remaining() > 0) return Ending() ? Truncated() : true;
        state_ = kStrPad;
        [[fallthrough]];
      }
      case kStrPad: {
        const size_t k = std::min<uint64_t>(Avail(), str_pad_left_);
        Advance(k);
        str_pad_left_ -= static_cast<uint32_t>(k);
        if (str_pad_left_ > 0) return Ending() ? Truncated() : true;
        if (!StringDone()) return false;
        // A string cut by the piece's end is done: on to the next value
        // (or element) without a round trip through the state switch.
        if (state_ == kValueStart) goto value_start;
        if (state_ == kPackedStringsNext) goto packed_strings_next;
        break;
      }
      case kNodePathHead: {
        const uint8_t* q = Take(4);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!NodePathHead(q)) return false;
        state_ = kNodePathRest;
        break;
      }
      case kNodePathRest: {
        const uint8_t* q = Take(8);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!NodePathRest(q)) return false;
        break;
      }
      case kNodePathNext:
        if (np_index_ < np_total_) {
          if (!StartString(np_index_ < np_names_
                               ? StringRole::kNodePathName
                               : StringRole::kNodePathSubname)) {
            return false;
          }
          break;
        }
        if (!h_->End(EndEvent{Type::kNodePath, 0})) return Stop();
        if (!ValueComplete()) return false;
        break;
      case kObjectCount: {
        const uint8_t* q = Take(4);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!ObjectCount(q)) return false;
        break;
      }
      case kSignalId: {
        const uint8_t* q = Take(8);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!h_->End(EndEvent{Type::kSignal, wire::LoadU64(q)})) return Stop();
        if (!ValueComplete()) return false;
        break;
      }
      case kDescNext:
        if (!DescNext()) return false;
        break;
      case kDescId: {
        const uint8_t* q = Take(4);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!DescId(q)) return false;
        break;
      }
      case kCount: {
        const uint8_t* q = Take(4);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!Count(q)) return false;
        break;
      }
      case kPackedCount: {
        const uint8_t* q = Take(4);
        if (q == nullptr) return Ending() ? Truncated() : true;
        if (!PackedCount(q)) return false;
        break;
      }
      case kPackedData:
        if (!PackedData()) return false;
        if (state_ == kPackedData) return Ending() ? Truncated() : true;
        break;
      case kPackedPad: {
        const size_t k = std::min<uint64_t>(Avail(), pk_pad_left_);
        Advance(k);
        pk_pad_left_ -= static_cast<uint32_t>(k);
        // The padding may be cut off by the end of the input (§7.3).
        if (pk_pad_left_ > 0 && !Ending()) return true;
        if (!h_->End(EndEvent{type_, 0})) return Stop();
        if (!ValueComplete()) return false;
        break;
      }
      case kPackedStringsNext:
      packed_strings_next:
        // Elements whole in the piece go one after the other here; one
        // that is not hands over to the string states.
        while (pk_index_ < pk_count_) {
          if (!PackedStringsRun()) return false;
          if (pk_index_ == pk_count_) break;
          // The piece ends between elements: the next piece's run reads on.
          if (Avail() == 0 && !Ending()) return true;
          // One the run left (not whole here, or bad text to report):
          if (!StartString(StringRole::kPackedElement)) return false;
          if (state_ == kStrBody && Avail() == 0) {  // cut by the piece's end
            return Ending() ? Truncated() : true;
          }
          if (state_ != kPackedStringsNext) break;
        }
        if (state_ != kPackedStringsNext) break;
        if (!h_->End(EndEvent{type_, 0})) return Stop();
        if (!ValueComplete()) return false;
        break;
    }
  }
}

// A frame's length prefix is read: check it and enter the frame.
template <typename H>
bool Parser<H>::FramePrefix(const uint8_t* q) {
  const uint32_t len = frame_.framing == Framing::kStream && frame_.big_endian
                           ? wire::LoadU32BE(q)
                           : wire::LoadU32(q);
  if (len > INT32_MAX || len > frame_.max_frame_bytes) {
    Fail(ErrorKind::kBadFrame, field_start_,
         len > INT32_MAX
             ? absl::StrCat("negative frame length ", static_cast<int32_t>(len))
             : absl::StrCat("frame of ", len, " bytes exceeds the limit of ",
                            frame_.max_frame_bytes));
    error_.path = "$";
    status_ = error_.ToStatus();
    return false;
  }
  frame_start_ = field_start_;
  frame_len_ = len;
  frame_left_ = len;
  in_frame_ = true;
  return true;
}

// A NodePath's first word (the name count and the new-format flag).
template <typename H>
bool Parser<H>::NodePathHead(const uint8_t* q) {
  np_start_ = field_start_;
  const uint32_t w0 = wire::LoadU32(q);
  if ((w0 & wire::kNodePathNewFormat) == 0) {
    return Fail(ErrorKind::kInvalidNodePath, np_start_,
                "NodePath in the old (pre-3.0) format");
  }
  np_names_ = w0 & 0x7FFFFFFF;
  return true;
}

// A full Object's property count, after its class name.
template <typename H>
bool Parser<H>::ObjectCount(const uint8_t* q) {
  Frame& f = stack_.back();
  const int32_t count = static_cast<int32_t>(wire::LoadU32(q));
  f.count = count < 0 ? 0 : static_cast<uint64_t>(count);
  f.in_items = true;
  f.want_value = false;
  if (f.count == 0) {
    if (!EndContainer()) return false;
  } else if (!StartString(StringRole::kPropertyName)) {
    return false;
  }
  return true;
}

template <typename H>
bool Parser<H>::EndContainer() {
  const EndEvent e{stack_.back().type, 0};
  stack_.pop_back();
  if (!h_->End(e)) return Stop();
  return ValueComplete();
}

// A value is complete: advance its container (closing those that are
// complete too), or finish the outermost value.
template <typename H>
bool Parser<H>::ValueComplete() {
  while (!stack_.empty()) {
    Frame& f = stack_.back();
    if (f.type == Type::kDictionary && !f.want_value) {
      f.want_value = true;  // the key is done; its value follows
      state_ = kValueStart;
      return true;
    }
    f.want_value = false;
    if (++f.index < f.count) {
      if (f.type == Type::kObject)
        return StartString(StringRole::kPropertyName);
      if (f.type == Type::kDictionary && !h_->Key(f.index)) return Stop();
      state_ = kValueStart;
      return true;
    }
    const EndEvent e{f.type, 0};
    stack_.pop_back();
    if (!h_->End(e)) return Stop();
  }
  return FrameDone();
}

template <typename H>
bool Parser<H>::FrameDone() {
  const uint64_t begin = value_begin_;
  if (!framed()) {
    state_ = opts_.reject_trailing_bytes ? kTrailing : kValueStart;
  } else if (frame_left_ > 0) {
    if (opts_.reject_trailing_bytes) {
      Fail(ErrorKind::kBadFrame, Pos(),
           absl::StrCat("value ends ", frame_left_, " bytes before its frame"));
      error_.path = "$";
      status_ = error_.ToStatus();
      return false;
    }
    state_ = kFrameSkip;
  } else {
    in_frame_ = false;
    state_ = kFramePrefix;
  }
  ++values_;
  if (!h_->ValueDone(begin, Pos())) return Stop();
  return true;
}

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_PARSER_IMPL_H_
