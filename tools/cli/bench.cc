// Copyright 2026 The gdwire Authors.
//
// `gdwire bench`: how fast gdwire reads the user's own data. Measures the
// push parser (whole buffer and 1400-byte pieces), the view walk, the DOM
// decode (push parser + Variant builder), the reference decoder, and
// memcpy of the same bytes, each repeated for at least --seconds, and
// prints MB/s and the ratio to memcpy, with the SIMD target in use.

#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "codec/frame/frame.h"
#include "codec/reference/decoder.h"
#include "codec/stream/parser.h"
#include "codec/stream/value_reader.h"
#include "codec/view/view.h"
#include "simd/target.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {
namespace {

constexpr char kHelp[] =
    "usage: gdwire bench [--dialect=godot4|godot3|pandemonium]\n"
    "                    [--framing=value|raw|stream|packet-stream] "
    "[--big-endian]\n"
    "                    [--allow-objects] [--seconds=S] [--json] FILE\n"
    "\n"
    "Measures decoding speed on FILE (one value by default, as\n"
    "bytes_to_var reads it; --framing=raw: values back to back; or framed):\n"
    "the push parser on the whole buffer and in 1400-byte pieces, the view\n"
    "walk, the DOM decode, the reference decoder, and memcpy of the same\n"
    "bytes, each for at least --seconds (default 0.5). Prints MB/s and the\n"
    "ratio to memcpy, and the SIMD target Highway dispatched to.\n"
    "\n"
    "Exit status: 0 ok, 1 bad input, 2 usage.\n";

struct Row {
  std::string name;
  double mb_per_s = 0;
};

// Runs `fn` (one pass over the data) until `seconds` have passed; returns
// the best pass's MB/s.
double Measure(size_t bytes, double seconds, const std::function<bool()>& fn,
               bool* ok) {
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
  return best > 0 ? bytes / best / 1e6 : 0;
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

  // Where each value lies (for the per-value decoders), and a check that
  // the input decodes at all.
  std::vector<absl::Span<const uint8_t>> values;
  st = ForEachFrame(all, f, [&](absl::Span<const uint8_t> payload, uint64_t) {
    size_t pos = 0;
    do {
      Variant v;
      size_t used = 0;
      Error e = reference::DecodeValue(payload.subspan(pos), d, &v, &used);
      if (!e.ok()) return e.ToStatus();
      values.push_back(payload.subspan(pos, used));
      pos += used;
    } while (f.framing == Framing::kNone && pos < payload.size());
    return absl::OkStatus();
  });
  if (!st.ok() || values.empty()) {
    std::fprintf(stderr, "gdwire bench: %s\n",
                 st.ok() ? "no values" : std::string(st.message()).c_str());
    return kExitBadInput;
  }

  bool ok = true;
  std::vector<Row> rows;
  std::vector<uint8_t> copy(input.size());
  rows.push_back({"memcpy", Measure(
                                input.size(), seconds,
                                [&] {
                                  std::memcpy(copy.data(), input.data(),
                                              input.size());
                                  return copy[0] == uint8_t(input[0]);
                                },
                                &ok)});
  for (size_t piece : {size_t{0}, size_t{1400}}) {
    rows.push_back({piece == 0 ? "stream parser (whole buffer)"
                               : "stream parser (1400-byte pieces)",
                    Measure(
                        input.size(), seconds,
                        [&] {
                          stream::SkipHandler h;
                          stream::Parser<stream::SkipHandler> p(&h, d, f);
                          const size_t step = piece == 0 ? all.size() : piece;
                          for (size_t i = 0; i < all.size(); i += step) {
                            if (!p.Feed(all.subspan(i, step)).ok())
                              return false;
                          }
                          return p.Finish().ok();
                        },
                        &ok)});
  }
  rows.push_back({"view walk", Measure(
                                   input.size(), seconds,
                                   [&] {
                                     for (auto v : values) {
                                       auto doc = view::Document::Open(v, d);
                                       if (!doc.ok() || !doc->Validate().ok()) {
                                         return false;
                                       }
                                     }
                                     return true;
                                   },
                                   &ok)});
  rows.push_back({"DOM decode (stream)", Measure(
                                             input.size(), seconds,
                                             [&] {
                                               stream::ValueReader r(d, f);
                                               std::vector<Variant> out;
                                               return r.Feed(all, &out).ok() &&
                                                      r.Finish().ok();
                                             },
                                             &ok)});
  rows.push_back({"reference decoder",
                  Measure(
                      input.size(), seconds,
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
                      &ok)});
  if (!ok) {
    std::fprintf(stderr, "gdwire bench: a decoder failed on the input\n");
    return kExitBadInput;
  }
  const double base = rows[0].mb_per_s;
  if (args.Has("json")) {
    std::string out = absl::StrFormat(
        "{\"bytes\": %zu, \"values\": %zu, \"simd_target\": \"%s\", "
        "\"results\": [",
        input.size(), values.size(), simd::TargetName());
    for (size_t i = 0; i < rows.size(); ++i) {
      absl::StrAppendFormat(&out,
                            "%s{\"name\": \"%s\", \"mb_per_s\": %.1f, "
                            "\"vs_memcpy\": %.4f}",
                            i ? ", " : "", rows[i].name, rows[i].mb_per_s,
                            rows[i].mb_per_s / base);
    }
    out += "]}\n";
    std::fputs(out.c_str(), stdout);
    return kExitOk;
  }
  std::printf("%zu bytes, %zu values; SIMD target %s\n", input.size(),
              values.size(), simd::TargetName());
  for (const Row& r : rows) {
    std::printf("  %-34s %10.1f MB/s  %7.4fx memcpy\n", r.name.c_str(),
                r.mb_per_s, r.mb_per_s / base);
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace gdwire
