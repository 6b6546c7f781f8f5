// Copyright 2026 The gdwire Authors.
//
// tests/interop/message_reader.h: the interop server's decode step, bytes
// in as they arrive from a socket, complete values out, framing-aware.
//
//   MessageReader r(frame_options, decode_options);
//   std::vector<gdwire::Variant> values;
//   gdwire::Error e = r.Feed(bytes_just_received, &values);
//
// It is the one place that would switch to gdwire's streaming push parser
// (codec/stream/, gdwire::stream::ValueReader) when that lands; until then
// it keeps a per-connection buffer and hands each complete frame to the
// reference decoder (gdwire::ForEachFrame + reference::DecodeValue).

#ifndef GDWIRE_TESTS_INTEROP_MESSAGE_READER_H_
#define GDWIRE_TESTS_INTEROP_MESSAGE_READER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace interop {

class MessageReader {
 public:
  MessageReader(const FrameOptions& frame, const DecodeOptions& decode)
      : frame_(frame), decode_(decode) {}

  // Takes effect for the bytes not yet decoded (the hello/ack exchange
  // guarantees none are buffered when the server switches).
  void SetFraming(const FrameOptions& frame) { frame_ = frame; }

  // Appends `bytes`; every value completed by them is appended to `*out`.
  // A bad frame or value is an error (with the absolute stream offset); the
  // values before it are still appended.
  Error Feed(absl::Span<const uint8_t> bytes, std::vector<Variant>* out);

  // Bytes received but not yet part of a complete frame.
  size_t buffered() const { return buf_.size() - start_; }

 private:
  FrameOptions frame_;
  DecodeOptions decode_;
  std::string buf_;
  size_t start_ = 0;     // first byte of buf_ not yet consumed
  uint64_t offset_ = 0;  // stream offset of buf_[start_]
};

}  // namespace interop
}  // namespace gdwire

#endif  // GDWIRE_TESTS_INTEROP_MESSAGE_READER_H_
