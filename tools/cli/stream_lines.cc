// Copyright 2026 The gdwire Authors.

#include "tools/cli/stream_lines.h"

#include <algorithm>

#include "absl/status/statusor.h"
#include "codec/stream/value_reader.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {

StreamLines::StreamLines(const DecodeOptions& options,
                         const FrameOptions& framing, bool json)
    : options_(options),
      json_(json),
      // The document's verdicts are the reference decoder's; Pandemonium's
      // engine defects are emulated by the value path only.
      document_decides_(options.max_alloc_bytes == 0 &&
                        options.alloc_account == nullptr &&
                        !options.pandemonium_engine_defects),
      parser_(&ends_, options, framing) {}

absl::Status StreamLines::Feed(ByteView piece, std::string* out) {
  const uint64_t start = fed_;
  ends_.done.clear();
  const absl::Status st = parser_.Feed(piece);
  fed_ += piece.size();
  absl::Status lines = Emit(piece, start, out);
  if (!st.ok()) return st;
  if (!lines.ok()) return lines;
  // Keep the bytes of the value under way (from the end of the last one).
  if (last_end_ >= start) {
    const size_t from = static_cast<size_t>(last_end_ - start);
    const absl::string_view rest =
        piece.chars().substr(std::min(from, piece.size()));
    carry_.assign(rest.data(), rest.size());
  } else {
    carry_.erase(0, static_cast<size_t>(last_end_ - carry_at_));
    carry_.append(piece.chars().data(), piece.size());
  }
  carry_at_ = std::min(last_end_, fed_);
  return absl::OkStatus();
}

absl::Status StreamLines::Finish(std::string* out) {
  ends_.done.clear();
  const absl::Status st = parser_.Finish();
  absl::Status lines = Emit(ByteView(), fed_, out);
  return st.ok() ? lines : st;
}

absl::Status StreamLines::Emit(ByteView piece, uint64_t start,
                               std::string* out) {
  for (const auto& [begin, value_end] : ends_.done) {
    // A top-level PackedByteArray whose padding was cut off ends past the
    // stream (completed by Finish).
    const uint64_t end = std::min(value_end, fed_);
    last_end_ = value_end;
    ByteView value;
    if (begin >= start) {
      value = ByteView(piece.data() + (begin - start), end - begin);
    } else {
      const absl::string_view carried = absl::string_view(carry_).substr(
          static_cast<size_t>(begin - carry_at_),
          static_cast<size_t>(std::min(end, start) - begin));
      joined_.assign(carried.data(), carried.size());
      if (end > start) {
        joined_.append(piece.chars().data(), static_cast<size_t>(end - start));
      }
      value = ByteView(joined_);
    }
    if (absl::Status st = AppendLine(value, out); !st.ok()) return st;
  }
  return absl::OkStatus();
}

absl::Status StreamLines::AppendLine(ByteView value, std::string* out) {
  if (document_decides_) {
    const document::ParseResult r = document_.Parse(value, options_);
    if (r.ok()) {
      AppendElementLine(r.root, json_, options_.dialect, out);
      return absl::OkStatus();
    }
  }
  absl::StatusOr<Variant> v = stream::Decode(value, options_);
  if (!v.ok()) return v.status();  // the push parser accepted it: not seen
  AppendValueLine(*v, json_, options_.dialect, out);
  return absl::OkStatus();
}

}  // namespace cli
}  // namespace gdwire
