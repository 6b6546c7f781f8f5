// Copyright 2026 The gdwire Authors.

#include "tests/stream_util.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/reference/decoder.h"
#include "codec/stream/parser.h"
#include "codec/stream/variant_builder.h"

namespace gdwire {
namespace testing {
namespace {

// Feeds bytes to `parser` in the given pieces until it stops or fails.
template <typename P>
absl::Status FeedPieces(P* parser, absl::Span<const uint8_t> bytes,
                        const std::vector<size_t>& cuts) {
  size_t pos = 0;
  std::vector<size_t> ends = cuts;
  ends.push_back(bytes.size());
  for (size_t e : ends) {
    e = std::min(e, bytes.size());
    if (e < pos) continue;
    absl::Status st = parser->Feed(bytes.subspan(pos, e - pos));
    if (!st.ok() || parser->stopped()) return st;
    pos = e;
  }
  return parser->Finish();
}

struct Recorder {
  std::string log;
  std::string text;
  bool in_string = false;
  std::string chunk;
  uint64_t next_element = 0;
  bool stop_after_value = true;

  bool Scalar(const stream::ScalarEvent& e) {
    absl::StrAppend(&log, "S", static_cast<int>(e.type), ":", e.header, ":",
                    e.wide, e.b, ":", e.i, ":", e.id, ":");
    double f = e.f;
    uint64_t u;
    std::memcpy(&u, &f, 8);
    absl::StrAppend(&log, u);
    for (int i = 0; i < e.count; ++i) {
      if (IntComponents(e.type) > 0) {
        absl::StrAppend(&log, ",", e.ints[i]);
      } else {
        std::memcpy(&u, &e.reals[i], 8);
        absl::StrAppend(&log, ",", u);
      }
    }
    log += "\n";
    return true;
  }
  bool String(const stream::StringPart& s) {
    if (s.first() == in_string) log += "BAD-FIRST-FLAG\n";
    in_string = true;
    text.append(s.text.data(), s.text.size());
    if (s.last()) {
      absl::StrAppend(&log, "T", static_cast<int>(s.role), ":",
                      (s.flags & stream::kNotCanonical) != 0, ":",
                      absl::CEscape(text), "\n");
      text.clear();
      in_string = false;
    }
    return true;
  }
  bool Begin(const stream::BeginEvent& b) {
    absl::StrAppend(&log, "B", static_cast<int>(b.type), ":", b.header, ":",
                    b.count, ":", b.subnames, ":", b.absolute, b.wide, ":",
                    b.element_bytes, ":", b.element.kind, "/",
                    static_cast<int>(b.element.builtin), ":", b.key.kind, "/",
                    static_cast<int>(b.key.builtin), ":", b.value.kind, "/",
                    static_cast<int>(b.value.builtin), "\n");
    next_element = 0;
    chunk.clear();
    return true;
  }
  bool Key(uint64_t i) {
    absl::StrAppend(&log, "K", i, "\n");
    return true;
  }
  bool Chunk(const stream::ChunkEvent& c) {
    if (c.first != next_element || c.count == 0) log += "BAD-CHUNK\n";
    next_element += c.count;
    chunk.append(reinterpret_cast<const char*>(c.data),
                 c.count * c.element_bytes);
    return true;
  }
  bool End(const stream::EndEvent& e) {
    absl::StrAppend(&log, "E", static_cast<int>(e.type), ":", e.object_id, ":",
                    next_element, ":", std::hash<std::string>()(chunk), "\n");
    chunk.clear();
    next_element = 0;
    return true;
  }
  bool ValueDone(uint64_t b, uint64_t e) {
    absl::StrAppend(&log, "D", b, ":", e, "\n");
    return !stop_after_value;
  }
};

}  // namespace

Outcome ReferenceOutcome(absl::Span<const uint8_t> bytes,
                         const DecodeOptions& opts) {
  Outcome o;
  o.error = reference::DecodeValue(bytes, opts, &o.value, &o.consumed);
  o.ok = o.error.ok();
  return o;
}

Outcome StreamOutcome(absl::Span<const uint8_t> bytes,
                      const DecodeOptions& opts,
                      const std::vector<size_t>& cuts) {
  stream::VariantBuilder builder(opts);
  builder.set_stop_after_value(true);
  stream::Parser<stream::VariantBuilder> parser(&builder, opts);
  Outcome o;
  absl::Status st = FeedPieces(&parser, bytes, cuts);
  if (!st.ok()) {
    o.error = parser.error();
    return o;
  }
  if (builder.values().empty()) {
    o.error.kind = ErrorKind::kTruncated;
    o.error.offset = 0;
    o.error.path = "$";
    o.error.godot_error = GodotErrorCode(ErrorKind::kTruncated, false);
    return o;
  }
  o.ok = true;
  o.value = std::move(builder.values().front());
  o.consumed = static_cast<size_t>(parser.offset());
  return o;
}

std::string Compare(const Outcome& want, const Outcome& got) {
  if (want.ok != got.ok) {
    return absl::StrCat("verdicts differ: reference ",
                        want.ok ? "accepts" : want.error.ToString(),
                        "; stream ", got.ok ? "accepts" : got.error.ToString());
  }
  if (want.ok) {
    if (want.consumed != got.consumed) {
      return absl::StrCat("consumed ", want.consumed, " vs ", got.consumed);
    }
    if (!(want.value == got.value)) {
      return absl::StrCat("values differ:\n ref ", want.value.DebugString(),
                          "\n got ", got.value.DebugString());
    }
    return "";
  }
  const Error& a = want.error;
  const Error& b = got.error;
  if (a.kind != b.kind || a.offset != b.offset || a.path != b.path ||
      a.godot_error != b.godot_error) {
    return absl::StrCat("errors differ:\n ref    ", a.ToString(), " [",
                        ErrorKindName(a.kind), ", godot ", a.godot_error,
                        "]\n stream ", b.ToString(), " [",
                        ErrorKindName(b.kind), ", godot ", b.godot_error, "]");
  }
  return "";
}

std::string EventLog(absl::Span<const uint8_t> bytes, const DecodeOptions& opts,
                     const std::vector<size_t>& cuts) {
  Recorder r;
  stream::Parser<Recorder> parser(&r, opts);
  absl::Status st = FeedPieces(&parser, bytes, cuts);
  if (!st.ok()) absl::StrAppend(&r.log, "ERROR ", st.ToString(), "\n");
  return r.log;
}

std::vector<size_t> RandomCuts(std::mt19937_64* rng, size_t n,
                               size_t max_piece) {
  std::vector<size_t> cuts;
  for (size_t c = 1 + (*rng)() % max_piece; c < n;
       c += 1 + (*rng)() % max_piece) {
    cuts.push_back(c);
  }
  return cuts;
}

std::vector<size_t> EveryByte(size_t n) {
  std::vector<size_t> cuts;
  for (size_t i = 1; i < n; ++i) cuts.push_back(i);
  return cuts;
}

}  // namespace testing
}  // namespace gdwire
