// Copyright 2026 The gdwire Authors.
//
// codec/stream/value_reader.h: owned `gdwire::Variant`s from a stream fed
// in pieces — the push parser (codec/stream/parser.h) wired to the DOM
// handler (codec/stream/variant_builder.h). Framing-aware: raw values back
// to back, StreamPeer/FileAccess length prefixes or PacketPeerStream.
//
//   gdwire::FrameOptions framing;
//   framing.framing = gdwire::Framing::kStream;     // StreamPeer.put_var
//   gdwire::stream::ValueReader reader(gdwire::DecodeOptions(), framing);
//   std::vector<gdwire::Variant> values;
//   while (int n = recv(fd, buf, sizeof buf, 0)) {
//     absl::Status st = reader.Feed(absl::MakeConstSpan(buf, n), &values);
//     if (!st.ok()) break;                         // kind, offset, path
//     for (gdwire::Variant& v : values) ...;       // every complete value
//     values.clear();
//   }
//   absl::Status end = reader.Finish();            // kBadFrame if cut off
//
// And the DOM decode of one complete buffer by the streaming parser (the
// same verdicts as reference::Decode):
//
//   absl::StatusOr<gdwire::Variant> v = gdwire::stream::Decode(bytes, opts);

#ifndef GDWIRE_CODEC_STREAM_VALUE_READER_H_
#define GDWIRE_CODEC_STREAM_VALUE_READER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/bytes.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/stream/parser.h"
#include "codec/stream/variant_builder.h"
#include "codec/variant.h"

namespace gdwire {
namespace stream {

class ValueReader {
 public:
  explicit ValueReader(const DecodeOptions& options,
                       const FrameOptions& framing = FrameOptions())
      : builder_(options), parser_(&builder_, options, framing) {
    builder_.set_abort([this](ErrorKind kind, std::string detail) {
      parser_.Abort(kind, std::move(detail));
    });
  }
  ValueReader(const ValueReader&) = delete;
  ValueReader& operator=(const ValueReader&) = delete;

  // Parses the next piece; appends every value it completes to `*out`
  // (and, if given, the absolute offset of each value's first byte).
  absl::Status Feed(ByteView bytes, std::vector<Variant>* out,
                    std::vector<uint64_t>* offsets = nullptr);
  // The stream ended; a top-level PackedByteArray whose padding was cut off
  // completes here (appended to `*out` when given).
  absl::Status Finish(std::vector<Variant>* out = nullptr);
  void Reset();

  const Parser<VariantBuilder>& parser() const { return parser_; }

 private:
  void Drain(std::vector<Variant>* out, std::vector<uint64_t>* offsets);

  VariantBuilder builder_;
  Parser<VariantBuilder> parser_;
};

// Decodes the first value of a complete buffer with the push parser.
// `*consumed` receives its length; trailing bytes are ignored unless
// options.reject_trailing_bytes. Same verdicts as reference::Decode.
absl::StatusOr<Variant> Decode(ByteView bytes, const DecodeOptions& options,
                               size_t* consumed = nullptr);

// Decodes one value at a time into a Variant the caller keeps, reusing
// its heap blocks: the Arrays and Dictionaries (with their room), heap
// strings and packed arrays of the last value decoded into it are taken
// apart and built into the next one, so a message of the same shape as
// the last (a game's snapshots, say) decodes with no allocation once
// warmed up. Verdicts, offsets and paths are those of Decode().
//
//   gdwire::stream::ReusingDecoder decoder(opts);
//   gdwire::Variant msg;                        // kept across messages
//   for (each message) {
//     absl::Status st = decoder.DecodeInto(bytes, &msg);
//     if (!st.ok()) ...;                        // msg is then Nil
//     Handle(msg);
//   }
//
// NodePaths, Signals and Objects are rebuilt (allocated) every time.
class ReusingDecoder {
 public:
  explicit ReusingDecoder(const DecodeOptions& options);
  ReusingDecoder(const ReusingDecoder&) = delete;
  ReusingDecoder& operator=(const ReusingDecoder&) = delete;

  // The first value of `bytes` into *out (trailing bytes ignored unless
  // options.reject_trailing_bytes); `*consumed` gets its length.
  absl::Status DecodeInto(ByteView bytes, Variant* out,
                          size_t* consumed = nullptr);

 private:
  DecodeOptions options_;
  internal::Recycler recycler_;
  VariantBuilder builder_;
  Parser<VariantBuilder> parser_;
};

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_VALUE_READER_H_
