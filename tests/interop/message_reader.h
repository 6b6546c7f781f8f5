// Copyright 2026 The gdwire Authors.
//
// tests/interop/message_reader.h: the interop server's decode step, bytes
// in as they arrive from a socket, complete values out, framing-aware.
//
//   MessageReader r(frame_options, decode_options);
//   std::vector<gdwire::Variant> values;
//   gdwire::Error e = r.Feed(bytes_just_received, &values);
//
// By default it is gdwire's streaming push parser
// (gdwire::stream::ValueReader, codec/stream/value_reader.h): bytes are
// parsed as they arrive, nothing is buffered but a few bytes of a split
// field. Impl::kReference is the earlier stand-in, kept to cross-check: a
// per-connection buffer whose complete frames go to the reference decoder
// (gdwire::ForEachFrame + reference::DecodeValue).

#ifndef GDWIRE_TESTS_INTEROP_MESSAGE_READER_H_
#define GDWIRE_TESTS_INTEROP_MESSAGE_READER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/options.h"
#include "codec/stream/value_reader.h"
#include "codec/variant.h"

namespace gdwire {
namespace interop {

class MessageReader {
 public:
  enum class Impl { kStream, kReference };

  MessageReader(const FrameOptions& frame, const DecodeOptions& decode,
                Impl impl = Impl::kStream);

  // Takes effect for the bytes not yet decoded (the hello/ack exchange
  // guarantees none are buffered when the server switches): a fresh parser.
  void SetFraming(const FrameOptions& frame);

  // Appends `bytes`; every value completed by them is appended to `*out`.
  // A bad frame or value is an error (with the absolute stream offset); the
  // values before it are still appended.
  Error Feed(absl::Span<const uint8_t> bytes, std::vector<Variant>* out);

  // kReference: bytes received but not yet part of a complete frame.
  size_t buffered() const { return buf_.size() - start_; }

 private:
  Error FeedReference(absl::Span<const uint8_t> bytes,
                      std::vector<Variant>* out);

  FrameOptions frame_;
  DecodeOptions decode_;
  Impl impl_;
  std::unique_ptr<stream::ValueReader> stream_;
  std::string buf_;
  size_t start_ = 0;     // first byte of buf_ not yet consumed
  uint64_t offset_ = 0;  // stream offset of buf_[start_]
};

}  // namespace interop
}  // namespace gdwire

#endif  // GDWIRE_TESTS_INTEROP_MESSAGE_READER_H_
