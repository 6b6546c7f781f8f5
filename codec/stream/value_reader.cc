// Copyright 2026 The gdwire Authors.

#include "codec/stream/value_reader.h"

#include <utility>

namespace gdwire {
namespace stream {

void ValueReader::Drain(std::vector<Variant>* out,
                        std::vector<uint64_t>* offsets) {
  std::vector<Variant>& v = builder_.values();
  if (out != nullptr) {
    for (Variant& x : v) out->push_back(std::move(x));
  }
  if (offsets != nullptr) {
    offsets->insert(offsets->end(), builder_.offsets().begin(),
                    builder_.offsets().end());
  }
  v.clear();
  builder_.offsets().clear();
}

absl::Status ValueReader::Feed(absl::Span<const uint8_t> bytes,
                               std::vector<Variant>* out,
                               std::vector<uint64_t>* offsets) {
  absl::Status st = parser_.Feed(bytes);
  Drain(out, offsets);
  return st;
}

absl::Status ValueReader::Finish(std::vector<Variant>* out) {
  absl::Status st = parser_.Finish();
  Drain(out, nullptr);
  return st;
}

void ValueReader::Reset() {
  parser_.Reset();
  builder_.Clear();
}

absl::StatusOr<Variant> Decode(absl::Span<const uint8_t> bytes,
                               const DecodeOptions& options, size_t* consumed) {
  DecodeOptions opts = options;
  opts.reject_trailing_bytes = false;  // checked below: one value only
  VariantBuilder builder(opts);
  builder.set_stop_after_value(true);
  Parser<VariantBuilder> parser(&builder, opts);
  builder.set_abort([&parser](ErrorKind kind, std::string detail) {
    parser.Abort(kind, std::move(detail));
  });
  absl::Status st = parser.Feed(bytes);
  if (st.ok() && !parser.stopped()) st = parser.Finish();
  if (!st.ok()) return st;
  if (builder.values().empty()) {  // empty input
    Error e;
    e.kind = ErrorKind::kTruncated;
    e.offset = 0;
    e.path = "$";
    e.detail = "truncated header";
    e.godot_error = GodotErrorCode(e.kind, false);
    return e.ToStatus();
  }
  const uint64_t used = parser.offset();
  if (options.reject_trailing_bytes && used != bytes.size()) {
    Error e;
    e.kind = ErrorKind::kTrailingBytes;
    e.offset = used;
    e.path = "$";
    e.detail = "trailing bytes after the value";
    e.godot_error = GodotErrorCode(e.kind, false);
    return e.ToStatus();
  }
  if (consumed != nullptr) *consumed = static_cast<size_t>(used);
  return std::move(builder.values().front());
}

}  // namespace stream
}  // namespace gdwire
