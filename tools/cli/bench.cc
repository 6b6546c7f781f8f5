// Copyright 2026 The gdwire Authors.
//
// `gdwire bench`: how fast gdwire reads and writes the user's own data.
// Measures memcpy of the same bytes, the push parser (whole buffer, 1400-byte
// pieces, and with every packed element copied out), the view walk, the
// indexed document (parse alone, and parse + every field read), the DOM
// decode (push parser + Variant builder), the reference decoder, and the
// fast and reference encoders writing the values again, each repeated for at
// least --seconds; prints MB/s (encoders: of the bytes written) and the
// ratio to memcpy, with the SIMD target in use. A row whose decoder hands
// packed arrays over by reference (zero-copy) without reading them says
// "zero-copy" and its time per pass instead of a throughput.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "benchmarks/compare/handlers.h"
#include "benchmarks/document_touch.h"
#include "codec/document/document.h"
#include "codec/encode/encoder.h"
#include "codec/frame/frame.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/stream/parser.h"
#include "codec/stream/value_reader.h"
#include "codec/view/view.h"
#include "simd/target.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {
namespace {

constexpr char kHelp[] =
    "usage: gdwire bench [--dialect=godot4|godot3|pandemonium|pandemonium4]\n"
    "                    [--framing=value|raw|stream|packet-stream] "
    "[--big-endian]\n"
    "                    [--allow-objects] [--seconds=S] [--json] FILE\n"
    "\n"
    "Measures decoding speed on FILE (one value by default, as\n"
    "bytes_to_var reads it; --framing=raw: values back to back; or framed):\n"
    "memcpy of the same bytes; the push parser on the whole buffer, in\n"
    "1400-byte pieces, and with every packed element copied out into an\n"
    "array (copy-out); the view walk; the indexed document (a reused\n"
    "document::Parser: parse alone, and parse + every field read through\n"
    "its API); the DOM decode (owned Variants); the\n"
    "reference decoder; and the fast and reference encoders writing the\n"
    "values again (MB/s of the bytes written). Each runs for at least\n"
    "--seconds (default 0.5); prints the best pass's MB/s, the ratio to\n"
    "memcpy, and the SIMD target Highway dispatched to. A decoder that only\n"
    "hands packed arrays over by reference prints \"zero-copy\" and its time\n"
    "per pass, not a throughput.\n"
    "\n"
    "Exit status: 0 ok, 1 bad input, 2 usage.\n";

struct Row {
  std::string name;
  double seconds = 0;  // best pass
  size_t bytes = 0;    // read (decoders) or written (encoders) per pass
  bool zero_copy = false;
  double mb_per_s() const { return seconds > 0 ? bytes / seconds / 1e6 : 0; }
};

// Runs `fn` (one pass over the data) until `seconds` have passed, at least
// 3 times; returns the best pass's time.
double Measure(double seconds, const std::function<bool()>& fn, bool* ok) {
  using Clock = std::chrono::steady_clock;
  const auto until = Clock::now() + std::chrono::duration<double>(seconds);
  double best = 1e300;
  int runs = 0;
  do {
    const auto t0 = Clock::now();
    if (!fn()) *ok = false;
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    best = std::min(best, s);
    ++runs;
  } while (Clock::now() < until || runs < 3);
  return best;
}

// What the parse hands over: bytes of packed arrays by reference, and
// whether there is packed data at all (for the copy-out row).
struct PackedBytes : stream::SkipHandler {
  uint64_t chunk_bytes = 0, packed_strings = 0;
  bool Chunk(const stream::ChunkEvent& c) {
    chunk_bytes += c.count * c.element_bytes;
    return true;
  }
  bool String(const stream::StringPart& s) {
    packed_strings += s.role == stream::StringRole::kPackedElement;
    return true;
  }
};

template <typename H>
bool Parse(absl::Span<const uint8_t> all, size_t piece, const DecodeOptions& d,
           const FrameOptions& f, H* h) {
  stream::Parser<H> p(h, d, f);
  const size_t step = piece == 0 ? all.size() : piece;
  for (size_t i = 0; i < all.size(); i += step) {
    if (!p.Feed(all.subspan(i, std::min(step, all.size() - i))).ok()) {
      return false;
    }
  }
  return p.Finish().ok();
}

}  // namespace

int Bench(int argc, char** argv) {
  Args args;
  Common common;
  absl::Status st = ParseArgs(argc, argv,
                              {"dialect", "framing", "big-endian",
                               "allow-objects", "seconds", "json", "help"},
                              &args);
  if (st.ok() && args.Has("help")) {
    std::fputs(kHelp, stdout);
    return kExitOk;
  }
  if (st.ok()) st = ParseCommon(args, &common);
  double seconds = 0.5;
  if (st.ok() && args.Has("seconds") &&
      (!absl::SimpleAtod(args.Get("seconds", ""), &seconds) || seconds < 0)) {
    st = absl::InvalidArgumentError("--seconds must be a number");
  }
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire bench: %s\n\n%s",
                 std::string(st.message()).c_str(), kHelp);
    return kExitUsage;
  }
  std::string input;
  if (st = ReadInput(common.input, &input); st.ok() && common.one_value) {
    st = KeepOneValue(common, &input);  // bytes_to_var's verdict
  }
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire bench: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  const auto all = absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(input.data()), input.size());
  const DecodeOptions d = common.decode;
  const FrameOptions f = common.frame;

  // Where each value lies (for the per-value decoders), the values (for
  // the encoders), and a check that the input decodes at all.
  std::vector<absl::Span<const uint8_t>> values;
  std::vector<Variant> decoded;
  st = ForEachFrame(all, f, [&](absl::Span<const uint8_t> payload, uint64_t) {
    size_t pos = 0;
    do {
      Variant v;
      size_t used = 0;
      Error e = reference::DecodeValue(payload.subspan(pos), d, &v, &used);
      if (!e.ok()) return e.ToStatus();
      values.push_back(payload.subspan(pos, used));
      decoded.push_back(std::move(v));
      pos += used;
    } while (f.framing == Framing::kNone && pos < payload.size());
    return absl::OkStatus();
  });
  if (!st.ok() || values.empty()) {
    std::fprintf(stderr, "gdwire bench: %s\n",
                 st.ok() ? "no values" : std::string(st.message()).c_str());
    return kExitBadInput;
  }
  PackedBytes packed;
  Parse(all, 0, d, f, &packed);
  // Nine tenths of the input handed over by reference: the parse reads only
  // headers, and a throughput would be of work not done.
  const bool zero_copy = packed.chunk_bytes * 10 >= input.size() * 9;
  const size_t n = input.size();

  bool ok = true;
  std::vector<Row> rows;
  std::vector<uint8_t> copy(n);
  rows.push_back({"memcpy",
                  Measure(
                      seconds,
                      [&] {
                        std::memcpy(copy.data(), input.data(), n);
                        return copy[n / 2] == uint8_t(input[n / 2]);
                      },
                      &ok),
                  n});
  for (size_t piece : {size_t{0}, size_t{1400}}) {
    rows.push_back({piece == 0 ? "stream parser (whole buffer)"
                               : "stream parser (1400-byte pieces)",
                    Measure(
                        seconds,
                        [&] {
                          bench::TouchHandler h;  // reads every field
                          return Parse(all, piece, d, f, &h);
                        },
                        &ok),
                    n, zero_copy});
  }
  if (packed.chunk_bytes > 0 || packed.packed_strings > 0) {
    bench::CopyOutHandler h;  // the caller's arrays, reused across passes
    rows.push_back({"stream parser + copy-out",
                    Measure(
                        seconds, [&] { return Parse(all, 0, d, f, &h); }, &ok),
                    n});
  }
  rows.push_back({"view walk",
                  Measure(
                      seconds,
                      [&] {
                        for (auto v : values) {
                          auto doc = view::MessageView::Open(v, d);
                          if (!doc.ok() || !doc->Validate().ok()) return false;
                        }
                        return true;
                      },
                      &ok),
                  n, zero_copy});
  // The indexed document: one Parser reused for every value (its storage
  // warms up in the first pass). Packed data stays in the input (zero-copy),
  // as for the push parser.
  document::Parser doc_parser;
  volatile uint64_t doc_sink = 0;
  for (bool read : {false, true}) {
    rows.push_back({read ? "document parse + read every field"
                         : "document parse (indexed, reused)",
                    Measure(
                        seconds,
                        [&] {
                          uint64_t sum = 0;
                          for (auto v : values) {
                            document::ParseResult r = doc_parser.Parse(v, d);
                            if (!r.ok()) return false;
                            sum += read ? bench::TouchDocument(r.root)
                                        : r.consumed;
                          }
                          doc_sink = sum;  // keeps the reads
                          return true;
                        },
                        &ok),
                    n, zero_copy});
  }
  std::vector<Variant> out;
  rows.push_back({"DOM decode (stream)",
                  Measure(
                      seconds,
                      [&] {
                        out.clear();
                        stream::ValueReader r(d, f);
                        return r.Feed(all, &out).ok() && r.Finish(&out).ok();
                      },
                      &ok),
                  n});
  out.clear();
  rows.push_back({"reference decoder",
                  Measure(
                      seconds,
                      [&] {
                        for (auto v : values) {
                          Variant x;
                          size_t used;
                          if (!reference::DecodeValue(v, d, &x, &used).ok()) {
                            return false;
                          }
                        }
                        return true;
                      },
                      &ok),
                  n});
  // The values written again, back to back (MB/s of the bytes written).
  std::string encode_note;
  EncodeOptions e;
  e.dialect = d.dialect;
  e.full_objects = d.allow_objects;
  using EncodeFn =
      Error (*)(const Variant&, const EncodeOptions&, std::string*);
  for (EncodeFn fn :
       {EncodeFn{encode::EncodeTo}, EncodeFn{reference::EncodeTo}}) {
    std::string buf;
    auto pass = [&] {
      buf.clear();
      for (const Variant& v : decoded) {
        if (!fn(v, e, &buf).ok()) return false;
      }
      return true;
    };
    if (!pass()) {
      // Decoded but not writable again (e.g. a lone surrogate Godot 3 holds,
      // a type the dialect's encoder refuses): no encode rows.
      encode_note = "the values do not encode again: no encode rows";
      break;
    }
    const size_t written = buf.size();
    rows.push_back({fn == EncodeFn{encode::EncodeTo}
                        ? "fast encode (bytes written)"
                        : "reference encode (bytes written)",
                    Measure(seconds, pass, &ok), written});
  }
  if (!ok) {
    std::fprintf(stderr, "gdwire bench: a decoder failed on the input\n");
    return kExitBadInput;
  }
  const double base = rows[0].mb_per_s();
  if (args.Has("json")) {
    std::string json = absl::StrFormat(
        "{\"bytes\": %zu, \"values\": %zu, \"simd_target\": \"%s\", "
        "\"results\": [",
        n, values.size(), simd::TargetName());
    for (size_t i = 0; i < rows.size(); ++i) {
      const Row& r = rows[i];
      absl::StrAppendFormat(&json, "%s{\"name\": \"%s\", ", i ? ", " : "",
                            r.name);
      if (r.zero_copy) {
        absl::StrAppendFormat(&json,
                              "\"zero_copy\": true, \"us_per_pass\": %.3f}",
                              r.seconds * 1e6);
      } else {
        absl::StrAppendFormat(&json, "\"mb_per_s\": %.1f, \"vs_memcpy\": %.4f}",
                              r.mb_per_s(), r.mb_per_s() / base);
      }
    }
    json += "]";
    if (!encode_note.empty()) {
      absl::StrAppendFormat(&json, ", \"note\": \"%s\"", encode_note);
    }
    json += "}\n";
    std::fputs(json.c_str(), stdout);
    return kExitOk;
  }
  std::printf("%zu bytes, %zu values; SIMD target %s\n", n, values.size(),
              simd::TargetName());
  for (const Row& r : rows) {
    if (r.zero_copy) {
      std::printf(
          "  %-34s  zero-copy (%.2f us a pass: packed data handed "
          "over, not read)\n",
          r.name.c_str(), r.seconds * 1e6);
    } else {
      std::printf("  %-34s %10.1f MB/s  %7.4fx memcpy\n", r.name.c_str(),
                  r.mb_per_s(), r.mb_per_s() / base);
    }
  }
  if (!encode_note.empty()) std::printf("  (%s)\n", encode_note.c_str());
  return kExitOk;
}

}  // namespace cli
}  // namespace gdwire
