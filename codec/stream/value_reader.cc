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

absl::Status ValueReader::Feed(ByteView bytes, std::vector<Variant>* out,
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

namespace {

Error OneValueError(ErrorKind kind, uint64_t offset, const char* detail) {
  Error e;
  e.kind = kind;
  e.offset = offset;
  e.path = "$";
  e.detail = detail;
  e.godot_error = GodotErrorCode(e.kind, false);
  return e;
}

DecodeOptions OneValue(DecodeOptions o) {
  o.reject_trailing_bytes = false;  // checked after the value: one only
  return o;
}

}  // namespace

ReusingDecoder::ReusingDecoder(const DecodeOptions& options)
    : options_(options),
      builder_(OneValue(options)),
      parser_(&builder_, OneValue(options)) {
  builder_.set_stop_after_value(true);
  builder_.set_recycler(&recycler_);
  builder_.set_abort([this](ErrorKind kind, std::string detail) {
    parser_.Abort(kind, std::move(detail));
  });
}

absl::Status ReusingDecoder::DecodeInto(ByteView bytes, Variant* out,
                                        size_t* consumed) {
  recycler_.Take(out);
  parser_.Reset();
  builder_.Clear();
  absl::Status st = parser_.Feed(bytes);
  if (st.ok() && !parser_.stopped()) st = parser_.Finish();
  if (!st.ok()) {
    builder_.Clear();
    return st;
  }
  if (builder_.values().empty()) {  // empty input
    return OneValueError(ErrorKind::kTruncated, 0, "truncated header")
        .ToStatus();
  }
  const uint64_t used = parser_.offset();
  if (options_.reject_trailing_bytes && used != bytes.size()) {
    builder_.Clear();
    return OneValueError(ErrorKind::kTrailingBytes, used,
                         "trailing bytes after the value")
        .ToStatus();
  }
  if (consumed != nullptr) *consumed = static_cast<size_t>(used);
  *out = std::move(builder_.values().front());
  builder_.values().clear();
  builder_.offsets().clear();
  return absl::OkStatus();
}

absl::StatusOr<Variant> Decode(ByteView bytes, const DecodeOptions& options,
                               size_t* consumed) {
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
