// Copyright 2026 The gdwire Authors.
//
// Fuzzes the multi-threaded decode of framed buffers
// (codec/stream/parallel.h) against the one-thread DecodeFramedEach. Mode
// byte: dialect = DialectFromMode(mode), bit 2 allow objects, bit 3
// reject_trailing_bytes, bit 4 packet-stream (else stream), bit 5
// big-endian, bits 6-7 threads - 2 (2..5). The next byte sets the batch
// size (1 + byte * 16 bytes), so batches cut the input in many places.
//
// Checks: no crash / UB / race (the sanitizers); the same values at the
// same offsets in the same order, and the same error (kind, offset, path,
// detail), as DecodeFramedEach over the whole buffer; validation (no values
// built) with the same verdict, error and count; FormatFramedParallel (JSON
// lines from the documents where they accept, from values elsewhere) the
// serial decode's lines, then its error; the same for the engine's text
// (element_text.h from the documents, ToText from values).

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "codec/frame/frame.h"
#include "codec/stream/parallel.h"
#include "codec/text/element_json.h"
#include "codec/text/element_text.h"
#include "codec/text/json.h"
#include "codec/text/text.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t mode = data[0];
  gdwire::DecodeOptions d = gdwire::fuzz::OptionsFromMode(mode);
  d.reject_trailing_bytes = (mode & 8) != 0;
  gdwire::FrameOptions f;
  f.framing = (mode & 16) != 0 ? gdwire::Framing::kPacketStream
                               : gdwire::Framing::kStream;
  f.big_endian = (mode & 32) != 0;
  gdwire::ParallelOptions p;
  p.threads = 2 + (mode >> 6);
  p.batch_bytes = 1 + size_t{data[1]} * 16;
  const auto bytes = absl::MakeConstSpan(data + 2, size - 2);

  using Values = std::vector<std::pair<gdwire::Variant, uint64_t>>;
  Values want, got;
  const absl::Status a = gdwire::DecodeFramedEach(
      bytes, f, d, [&](gdwire::Variant v, uint64_t at) {
        want.emplace_back(std::move(v), at);
        return absl::OkStatus();
      });
  const absl::Status b = gdwire::DecodeFramedParallel(
      bytes, f, d, p, [&](gdwire::Variant v, uint64_t at) {
        got.emplace_back(std::move(v), at);
        return absl::OkStatus();
      });
  Check(a.ok() == b.ok(), "verdicts differ", b.ToString());
  Check(want.size() == got.size(), "value counts differ");
  for (size_t i = 0; i < want.size(); ++i) {
    Check(want[i].second == got[i].second, "offsets differ");
    Check(want[i].first == got[i].first, "values differ");
  }
  if (!a.ok()) {
    const gdwire::Error x = gdwire::ErrorFromStatus(a);
    const gdwire::Error y = gdwire::ErrorFromStatus(b);
    Check(x.kind == y.kind && x.offset == y.offset && x.path == y.path &&
              x.detail == y.detail,
          "errors differ", x.ToString() + " / " + y.ToString());
  }
  uint64_t n = 0;
  const absl::Status c = gdwire::ValidateFramedParallel(bytes, f, d, p, &n);
  Check(c.ok() == a.ok() && n == want.size(), "validate differs");
  Check(c.ok() || gdwire::ErrorFromStatus(a).ToString() ==
                      gdwire::ErrorFromStatus(c).ToString(),
        "validate's error differs");
  // JSON and the engine's text, each from the documents where they accept.
  gdwire::text::TextOptions to;
  to.dialect = d.dialect;
  for (const bool json : {true, false}) {
    auto line = [&](const gdwire::Variant& v) {
      return json ? gdwire::text::ToJson(v) : gdwire::text::ToText(v, to);
    };
    std::string lines, want_lines;
    for (const auto& [v, at] : want) {
      want_lines += line(v) + "@" + std::to_string(at) + "\n";
    }
    const absl::Status e = gdwire::FormatFramedParallel(
        bytes, f, d, p,
        [&](const gdwire::Variant& v, uint64_t at, uint64_t, std::string* out) {
          *out += line(v) + "@" + std::to_string(at) + "\n";
          return absl::OkStatus();
        },
        [&](absl::string_view b) {
          lines.append(b.data(), b.size());
          return absl::OkStatus();
        },
        [&](const gdwire::document::Element& root, uint64_t at, uint64_t,
            std::string* out) {
          if (json) {
            gdwire::text::AppendJson(root, out);
          } else {
            gdwire::text::AppendText(root, to, out);
          }
          *out += "@" + std::to_string(at) + "\n";
          return absl::OkStatus();
        });
    Check(lines == want_lines,
          json ? "JSON lines differ" : "text lines differ");
    Check(e.ok() == a.ok() &&
              (e.ok() || gdwire::ErrorFromStatus(a).ToString() ==
                             gdwire::ErrorFromStatus(e).ToString()),
          "format's verdict differs");
  }
  return 0;
}
