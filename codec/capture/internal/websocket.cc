// Copyright 2026 The gdwire Authors.

#include "codec/capture/internal/websocket.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "codec/error.h"
#include "codec/gdwire.h"

namespace gdwire {
namespace capture {
namespace internal {

namespace {

constexpr uint8_t kContinuation = 0, kText = 1, kBinary = 2, kClose = 8,
                  kPing = 9, kPong = 10;

// The value of header `name` (case-insensitive) in an HTTP head, or "".
std::string HeaderValue(absl::string_view head, absl::string_view name) {
  for (absl::string_view line : absl::StrSplit(head, "\r\n")) {
    const size_t colon = line.find(':');
    if (colon == absl::string_view::npos) continue;
    if (absl::EqualsIgnoreCase(
            absl::StripAsciiWhitespace(line.substr(0, colon)), name)) {
      return std::string(absl::StripAsciiWhitespace(line.substr(colon + 1)));
    }
  }
  return "";
}

}  // namespace

WebSocketDecoder::WebSocketDecoder(const DecodeOptions& options,
                                   uint32_t max_message_bytes, Emitter* out,
                                   bool http)
    : options_(options), max_message_(max_message_bytes), out_(out) {
  if (!http) state_ = State::kHeader;
}

void WebSocketDecoder::Report(ProblemKind kind, uint64_t at, std::string text) {
  out_->Problem(Transport::kWebSocket, kind, at, std::move(text));
}

void WebSocketDecoder::Lose(uint64_t at, ProblemKind kind,
                            const std::string& why) {
  state_ = State::kLost;
  message_.clear();
  message_.shrink_to_fit();
  http_.clear();
  http_.shrink_to_fit();
  Report(kind, at,
         absl::StrCat(why, "; the rest of this direction (from byte ", at,
                      ") is skipped"));
}

size_t WebSocketDecoder::Http(absl::Span<const uint8_t> bytes) {
  const size_t before = http_.size();
  const size_t take = std::min(bytes.size(), kMaxHttpHead - before);
  http_.append(reinterpret_cast<const char*>(bytes.data()), take);
  const size_t end = http_.find("\r\n\r\n", before >= 3 ? before - 3 : 0);
  if (end == std::string::npos) {
    if (http_.size() >= kMaxHttpHead) {
      Lose(0, ProblemKind::kProtocol,
           absl::StrCat("no end of the HTTP head in its first ", kMaxHttpHead,
                        " bytes"));
      return bytes.size();
    }
    return take;
  }
  const size_t used = end + 4 - before;
  http_.resize(end + 4);
  const absl::string_view head(http_);
  const absl::string_view first = head.substr(0, head.find("\r\n"));
  if (absl::StartsWith(head, "GET ")) {
    if (!absl::StrContains(absl::AsciiStrToLower(HeaderValue(head, "Upgrade")),
                           "websocket")) {
      Lose(0, ProblemKind::kProtocol,
           absl::StrCat("HTTP request without a WebSocket upgrade (\"", first,
                        "\")"));
      return bytes.size();
    }
  } else if (absl::StartsWith(head, "HTTP/")) {
    const std::vector<absl::string_view> parts =
        absl::StrSplit(first, absl::MaxSplits(' ', 2));
    if (parts.size() < 2 || parts[1] != "101") {
      Lose(0, ProblemKind::kProtocol,
           absl::StrCat("the server refused the WebSocket upgrade (\"", first,
                        "\")"));
      return bytes.size();
    }
  } else {
    Lose(0, ProblemKind::kProtocol, "not an HTTP upgrade");
    return bytes.size();
  }
  http_.clear();
  http_.shrink_to_fit();
  state_ = State::kHeader;
  hdr_have_ = 0;
  return used;
}

size_t WebSocketDecoder::Header(absl::Span<const uint8_t> bytes) {
  if (hdr_have_ == 0) frame_start_ = pos_;
  size_t take = 0;
  auto collect = [&](size_t need) {
    const size_t k = std::min(bytes.size() - take, need - hdr_have_);
    std::copy(bytes.begin() + take, bytes.begin() + take + k, hdr_ + hdr_have_);
    hdr_have_ += k;
    take += k;
    return hdr_have_ == need;
  };
  if (hdr_have_ < 2 && !collect(2)) return take;
  const uint8_t len7 = hdr_[1] & 0x7f;
  const size_t need = 2 +
                      (len7 == 126   ? 2
                       : len7 == 127 ? 8
                                     : 0) +
                      (hdr_[1] & 0x80 ? 4 : 0);
  if (!collect(need)) return take;
  // The whole header is here.
  fin_ = (hdr_[0] & 0x80) != 0;
  const uint8_t rsv = hdr_[0] & 0x70;
  opcode_ = hdr_[0] & 0x0f;
  masked_ = (hdr_[1] & 0x80) != 0;
  size_t p = 2;
  if (len7 == 126) {
    length_ = uint64_t{hdr_[2]} << 8 | hdr_[3];
    p = 4;
  } else if (len7 == 127) {
    length_ = 0;
    for (int i = 0; i < 8; ++i) length_ = length_ << 8 | hdr_[2 + i];
    p = 10;
  } else {
    length_ = len7;
  }
  if (masked_) std::copy(hdr_ + p, hdr_ + p + 4, mask_);
  hdr_have_ = 0;
  done_ = 0;
  control_.clear();
  state_ = State::kPayload;
  const uint64_t at = frame_start_;
  if (length_ >> 63) {
    Lose(at, ProblemKind::kFraming,
         absl::StrCat("frame at byte ", at,
                      ": payload length with its top bit set"));
    return take;
  }
  const bool control = (opcode_ & 0x08) != 0;
  if (opcode_ > kBinary && !(opcode_ >= kClose && opcode_ <= kPong)) {
    Lose(at, ProblemKind::kFraming,
         absl::StrCat("frame at byte ", at, ": reserved opcode ", opcode_));
    return take;
  }
  if (control) {
    if (!fin_ || length_ > 125) {
      Report(ProblemKind::kFraming, at,
             absl::StrCat("control frame at byte ", at,
                          !fin_ ? " is fragmented" : " is longer than 125",
                          " (skipped)"));
    }
  } else if (opcode_ == kContinuation) {
    if (!in_message_) {
      Report(ProblemKind::kFraming, at,
             absl::StrCat("continuation frame at byte ", at,
                          " without a message (skipped)"));
      skip_frame_ = true;
    }
  } else {
    if (in_message_) {
      Report(ProblemKind::kFraming, message_start_,
             absl::StrCat("message #", messages_, " at byte ", message_start_,
                          " not finished when a new one began at byte ", at,
                          " (skipped)"));
      ++messages_;
    }
    in_message_ = true;
    message_start_ = at;
    message_text_ = opcode_ == kText;
    message_skip_ = false;
    message_.clear();
  }
  if (!control && !skip_frame_ && in_message_ && !message_skip_) {
    if (rsv != 0) {
      Report(ProblemKind::kProtocol, message_start_,
             absl::StrCat("message #", messages_, " at byte ", message_start_,
                          ": compressed or extension frame (RSV bits ",
                          rsv >> 4, ") skipped"));
      message_skip_ = true;
    } else if (length_ > max_message_ - std::min<uint64_t>(message_.size(),
                                                           max_message_)) {
      Report(
          ProblemKind::kLimit, message_start_,
          absl::StrCat("message #", messages_, " at byte ", message_start_,
                       " is larger than ", max_message_, " bytes (skipped)"));
      message_skip_ = true;
    }
    if (message_skip_) {
      message_.clear();
      message_.shrink_to_fit();
    }
  }
  if (length_ == 0) FrameDone();
  return take;
}

size_t WebSocketDecoder::Payload(absl::Span<const uint8_t> bytes) {
  const size_t k =
      static_cast<size_t>(std::min<uint64_t>(bytes.size(), length_ - done_));
  const bool control = (opcode_ & 0x08) != 0;
  std::string* into = nullptr;
  if (control) {
    if (length_ <= 125) into = &control_;
  } else if (!skip_frame_ && in_message_ && !message_skip_) {
    into = &message_;
  }
  if (into != nullptr) {
    const size_t old = into->size();
    into->resize(old + k);
    char* d = &(*into)[old];
    if (masked_) {
      for (size_t i = 0; i < k; ++i) {
        d[i] = static_cast<char>(bytes[i] ^ mask_[(done_ + i) & 3]);
      }
    } else {
      std::copy(bytes.begin(), bytes.begin() + k, d);
    }
  }
  done_ += k;
  if (done_ == length_) FrameDone();
  return k;
}

void WebSocketDecoder::FrameDone() {
  state_ = State::kHeader;
  hdr_have_ = 0;
  const bool control = (opcode_ & 0x08) != 0;
  if (control) {
    if (opcode_ == kClose) state_ = State::kClosed;
    return;
  }
  if (skip_frame_) {
    skip_frame_ = false;
    return;
  }
  if (fin_ && in_message_) MessageDone();
}

void WebSocketDecoder::MessageDone() {
  const uint64_t index = messages_++;
  in_message_ = false;
  if (message_skip_) return;
  if (message_text_) {
    Report(ProblemKind::kProtocol, message_start_,
           absl::StrCat("message #", index, " at byte ", message_start_,
                        " is a text message of ", message_.size(),
                        " bytes (put_var sends binary; skipped)"));
  } else if (out_->RawMessage(
                 Transport::kWebSocket, index,
                 absl::MakeConstSpan(
                     reinterpret_cast<const uint8_t*>(message_.data()),
                     message_.size()),
                 pos_ - message_start_)) {
    // A multiplayer packet, taken by the flow layer.
  } else {
    size_t used = 0;
    absl::StatusOr<Variant> v = gdwire::Decode(
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(message_.data()),
                            message_.size()),
        options_, &used);
    if (v.ok()) {
      out_->Value(Transport::kWebSocket, index, message_start_, *std::move(v));
    } else {
      Report(ProblemKind::kDecode, message_start_,
             absl::StrCat("message #", index, " at byte ", message_start_, ": ",
                          ErrorFromStatus(v.status()).ToString(),
                          " of the message"));
    }
  }
  message_.clear();
  if (message_.capacity() > (1u << 20)) message_.shrink_to_fit();
}

void WebSocketDecoder::Data(uint64_t offset, absl::Span<const uint8_t> bytes) {
  (void)offset;  // == pos_
  while (!bytes.empty()) {
    size_t n;
    switch (state_) {
      case State::kHttp:
        n = Http(bytes);
        break;
      case State::kHeader:
        n = Header(bytes);
        break;
      case State::kPayload:
        n = Payload(bytes);
        break;
      default:
        n = bytes.size();
        break;
    }
    pos_ += n;
    bytes = bytes.subspan(n);
  }
}

void WebSocketDecoder::Gap(uint64_t offset, uint64_t length) {
  const std::string gap =
      absl::StrCat("gap of ", length, " bytes at byte ", offset);
  if (state_ == State::kLost || state_ == State::kClosed) {
    pos_ = offset + length;
    return;
  }
  if (state_ == State::kPayload && length <= length_ - done_) {
    const bool control = (opcode_ & 0x08) != 0;
    if (!control && !skip_frame_ && in_message_) {
      Report(ProblemKind::kGap, offset,
             absl::StrCat(gap, ": message #", messages_, " (from byte ",
                          message_start_, ") lost"));
      message_skip_ = true;
      message_.clear();
    } else {
      Report(ProblemKind::kGap, offset,
             absl::StrCat(gap, " (inside a frame of no message)"));
      control_.clear();
    }
    done_ += length;
    pos_ = offset + length;
    return;
  }
  pos_ = offset + length;
  Lose(offset, ProblemKind::kGap,
       absl::StrCat(gap, state_ == State::kHttp ? " in the HTTP upgrade"
                                                : " takes a frame header"));
}

void WebSocketDecoder::End(bool capture_ended) {
  const char* what =
      capture_ended ? "the capture ends" : "the connection closed";
  if (state_ == State::kHttp && !http_.empty()) {
    Report(ProblemKind::kTruncated, 0,
           absl::StrCat(what, " inside the HTTP upgrade"));
  } else if (state_ == State::kPayload ||
             (state_ == State::kHeader && (hdr_have_ > 0 || in_message_))) {
    Report(ProblemKind::kTruncated, in_message_ ? message_start_ : frame_start_,
           absl::StrCat(
               what, " inside ",
               in_message_ ? absl::StrCat("message #", messages_, " at byte ",
                                          message_start_)
                           : absl::StrCat("the frame at byte ", frame_start_)));
  }
  state_ = State::kClosed;
  message_.clear();
  message_.shrink_to_fit();
}

}  // namespace internal
}  // namespace capture
}  // namespace gdwire
