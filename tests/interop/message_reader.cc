// Copyright 2026 The gdwire Authors.

#include "tests/interop/message_reader.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "codec/reference/decoder.h"

namespace gdwire {
namespace interop {

MessageReader::MessageReader(const FrameOptions& frame,
                             const DecodeOptions& decode, Impl impl)
    : frame_(frame), decode_(decode), impl_(impl) {
  SetFraming(frame);
}

void MessageReader::SetFraming(const FrameOptions& frame) {
  frame_ = frame;
  if (impl_ == Impl::kStream) {
    stream_ = std::make_unique<stream::ValueReader>(decode_, frame_);
  }
}

Error MessageReader::Feed(absl::Span<const uint8_t> bytes,
                          std::vector<Variant>* out) {
  if (impl_ == Impl::kReference) return FeedReference(bytes, out);
  absl::Status st = stream_->Feed(bytes, out);
  return st.ok() ? Error() : ErrorFromStatus(st);
}

Error MessageReader::FeedReference(absl::Span<const uint8_t> bytes,
                                   std::vector<Variant>* out) {
  buf_.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto* data = reinterpret_cast<const uint8_t*>(buf_.data());
  // The complete frames at the front of the buffer (both framings carry a
  // u32 length before each value; kNone is not a streaming framing).
  size_t end = start_;
  Error err;
  while (buf_.size() - end >= 4) {
    const uint8_t* p = data + end;
    const uint32_t len = frame_.big_endian && frame_.framing == Framing::kStream
                             ? (uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 |
                                uint32_t{p[2]} << 8 | p[3])
                             : (uint32_t{p[3]} << 24 | uint32_t{p[2]} << 16 |
                                uint32_t{p[1]} << 8 | p[0]);
    if (len > frame_.max_frame_bytes || len > 0x7fffffffu) {
      err.kind = ErrorKind::kBadFrame;
      err.offset = offset_ + (end - start_);
      err.path = "$";
      err.detail = absl::StrCat("frame length ", len, " over the limit");
      break;
    }
    if (buf_.size() - end - 4 < len) break;  // wait for the rest
    end += 4 + size_t{len};
  }
  if (end > start_) {
    DecodeOptions inner = decode_;
    const uint64_t base = offset_;
    absl::Status st = ForEachFrame(
        absl::MakeConstSpan(data + start_, end - start_), frame_,
        [&](absl::Span<const uint8_t> payload, uint64_t at) -> absl::Status {
          Variant v;
          size_t used = 0;
          // Bytes after the value inside its frame are ignored, as by Godot.
          Error e =
              reference::DecodeValue(payload, inner, &v, &used, base + at);
          if (!e.ok()) return e.ToStatus();
          out->push_back(std::move(v));
          return absl::OkStatus();
        });
    offset_ += end - start_;
    start_ = end;
    if (!st.ok()) return ErrorFromStatus(st);
  }
  // Compact now and then, so the buffer holds about one frame.
  if (start_ > (1u << 16) && start_ * 2 > buf_.size()) {
    buf_.erase(0, start_);
    start_ = 0;
  }
  return err;
}

}  // namespace interop
}  // namespace gdwire
