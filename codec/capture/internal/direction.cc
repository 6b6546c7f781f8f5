// Copyright 2026 The gdwire Authors.

#include "codec/capture/internal/direction.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "codec/capture/internal/stream_peer.h"
#include "codec/capture/internal/websocket.h"

namespace gdwire {
namespace capture {
namespace internal {

void TcpDirection::Choose() {
  const bool http =
      absl::StartsWith(sniff_, "GET ") || absl::StartsWith(sniff_, "HTTP");
  if (http || websocket_) {
    decoder_ = std::make_unique<WebSocketDecoder>(
        options_.decode, options_.max_message_bytes, out_, http);
  } else {
    FrameOptions framing;
    framing.framing = Framing::kStream;
    framing.big_endian = options_.big_endian;
    framing.max_frame_bytes = options_.max_message_bytes;
    decoder_ = std::make_unique<StreamPeerDecoder>(
        options_.decode, framing, out_, reassembler_.saw_syn());
  }
  if (!sniff_.empty()) {
    decoder_->Data(
        0, absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(sniff_.data()),
                               sniff_.size()));
  }
  sniff_.clear();
  sniff_.shrink_to_fit();
}

void TcpDirection::Data(uint64_t offset, absl::Span<const uint8_t> bytes) {
  if (decoder_ == nullptr) {
    const size_t k = std::min<size_t>(4 - sniff_.size(), bytes.size());
    sniff_.append(reinterpret_cast<const char*>(bytes.data()), k);
    bytes = bytes.subspan(k);
    offset += k;
    if (sniff_.size() < 4) return;
    Choose();
  }
  if (!bytes.empty()) decoder_->Data(offset, bytes);
}

void TcpDirection::Gap(uint64_t offset, uint64_t length) {
  if (decoder_ == nullptr) Choose();
  decoder_->Gap(offset, length);
}

void TcpDirection::End(bool capture_ended) {
  if (decoder_ == nullptr) {
    if (sniff_.empty()) return;  // no data at all
    Choose();
  }
  decoder_->End(capture_ended);
  decoder_.reset();
}

}  // namespace internal
}  // namespace capture
}  // namespace gdwire
