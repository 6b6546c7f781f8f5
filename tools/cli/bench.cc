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
#include "codec/document/owned.h"
#include "codec/encode/encoder.h"
#include "codec/encode/write_variant.h"
#include "codec/encode/writer.h"
#include "codec/frame/frame.h"
#include "codec/gdwire.h"
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
    "its API; its check, as gdwire validate runs it); the DOM decode (owned "
    "Variants); the owned decode\n"
    "(gdwire::Decode) and the owned document (OwnedDocument); the\n"
    "reference decoder; and the fast and reference encoders writing the\n"
    "values again (MB/s of the bytes written); the streaming writer writing\n"
    "them call by call; a relay's forward (parse, bytes copied). Each runs\n"
    "for at least\n"
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

// The input, where each value lies (for the per-value decoders), and the
// values (for the encoders).
struct BenchInput {
  std::string bytes;
  absl::Span<const uint8_t> all;  // bytes
  DecodeOptions d;
  FrameOptions f;
  std::vector<absl::Span<const uint8_t>> values;
  std::vector<Variant> decoded;
  // Packed data the parse hands over by reference (for the copy-out row),
  // and whether that is most of the input (then the decoders that hand it
  // over are zero-copy rows).
  bool has_packed = false;
  bool zero_copy = false;
};

// The flags; false when Bench is to return *exit_code at once (--help, or a
// usage error, reported).
bool ParseBenchArgs(int argc, char** argv, Args* args, Common* common,
                    double* seconds, int* exit_code) {
  absl::Status st = ParseArgs(argc, argv,
                              {"dialect", "framing", "big-endian",
                               "allow-objects", "seconds", "json", "help"},
                              args);
  if (st.ok() && args->Has("help")) {
    std::fputs(kHelp, stdout);
    *exit_code = kExitOk;
    return false;
  }
  if (st.ok()) st = ParseCommon(*args, common);
  if (st.ok() && args->Has("seconds") &&
      (!absl::SimpleAtod(args->Get("seconds", ""), seconds) || *seconds < 0)) {
    st = absl::InvalidArgumentError("--seconds must be a number");
  }
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire bench: %s\n\n%s",
                 std::string(st.message()).c_str(), kHelp);
    *exit_code = kExitUsage;
    return false;
  }
  return true;
}

// Reads the input and checks that it decodes at all, finding its values.
absl::Status LoadInput(const Common& common, BenchInput* in) {
  absl::Status st = ReadInput(common.input, &in->bytes);
  if (st.ok() && common.one_value) {
    st = KeepOneValue(common, &in->bytes);  // bytes_to_var's verdict
  }
  if (!st.ok()) return st;
  in->all = absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(in->bytes.data()), in->bytes.size());
  in->d = common.decode;
  in->f = common.frame;
  DecodeOptions d = in->d;
  d.reject_trailing_bytes = false;  // values may lie back to back
  const FrameOptions& f = in->f;
  st = ForEachFrame(
      in->all, f, [&](absl::Span<const uint8_t> payload, uint64_t) {
        size_t pos = 0;
        do {
          size_t used = 0;
          absl::StatusOr<Variant> v = Decode(payload.subspan(pos), d, &used);
          if (!v.ok()) return v.status();
          in->values.push_back(payload.subspan(pos, used));
          in->decoded.push_back(*std::move(v));
          pos += used;
        } while (f.framing == Framing::kNone && pos < payload.size());
        return absl::OkStatus();
      });
  if (!st.ok()) return st;
  if (in->values.empty()) return absl::InvalidArgumentError("no values");
  PackedBytes packed;
  Parse(in->all, 0, d, f, &packed);
  in->has_packed = packed.chunk_bytes > 0 || packed.packed_strings > 0;
  // Nine tenths of the input handed over by reference: the parse reads only
  // headers, and a throughput would be of work not done.
  in->zero_copy = packed.chunk_bytes * 10 >= in->bytes.size() * 9;
  return absl::OkStatus();
}

// memcpy (the baseline), the push parser on the whole buffer and in
// 1400-byte pieces, and with every packed element copied out.
void AddParserRows(const BenchInput& in, double seconds, std::vector<Row>* rows,
                   bool* ok) {
  const size_t n = in.bytes.size();
  std::vector<uint8_t> copy(n);
  rows->push_back({"memcpy",
                   Measure(
                       seconds,
                       [&] {
                         std::memcpy(copy.data(), in.bytes.data(), n);
                         return copy[n / 2] == uint8_t(in.bytes[n / 2]);
                       },
                       ok),
                   n});
  for (size_t piece : {size_t{0}, size_t{1400}}) {
    rows->push_back({piece == 0 ? "stream parser (whole buffer)"
                                : "stream parser (1400-byte pieces)",
                     Measure(
                         seconds,
                         [&] {
                           bench::TouchHandler h;  // reads every field
                           return Parse(in.all, piece, in.d, in.f, &h);
                         },
                         ok),
                     n, in.zero_copy});
  }
  if (in.has_packed) {
    bench::CopyOutHandler h;  // the caller's arrays, reused across passes
    rows->push_back(
        {"stream parser + copy-out",
         Measure(
             seconds, [&] { return Parse(in.all, 0, in.d, in.f, &h); }, ok),
         n});
  }
}

// The view walk, and the indexed document: one Parser reused for every
// value (its storage warms up in the first pass), parse alone and parse +
// every field read. Packed data stays in the input (zero-copy), as for the
// push parser.
void AddDocumentRows(const BenchInput& in, double seconds,
                     std::vector<Row>* rows, bool* ok) {
  const size_t n = in.bytes.size();
  rows->push_back({"view walk",
                   Measure(
                       seconds,
                       [&] {
                         for (auto v : in.values) {
                           auto doc = view::MessageView::Open(v, in.d);
                           if (!doc.ok() || !doc->Validate().ok()) return false;
                         }
                         return true;
                       },
                       ok),
                   n, in.zero_copy});
  document::Parser doc_parser;
  volatile uint64_t doc_sink = 0;
  for (bool read : {false, true}) {
    rows->push_back(
        {read ? "document parse + read every field"
              : "document parse (indexed, reused)",
         Measure(
             seconds,
             [&] {
               uint64_t sum = 0;
               for (auto v : in.values) {
                 document::ParseResult r = doc_parser.Parse(v, in.d);
                 if (!r.ok()) return false;
                 sum += read ? bench::TouchDocument(r.root) : r.consumed;
               }
               doc_sink = sum;  // keeps the reads
               return true;
             },
             ok),
         n, in.zero_copy});
  }
  rows->push_back({"document check (validate)",
                   Measure(
                       seconds,
                       [&] {
                         uint64_t sum = 0;
                         for (auto v : in.values) {
                           document::ParseResult r = doc_parser.Check(v, in.d);
                           if (!r.ok()) return false;
                           sum += r.consumed;
                         }
                         doc_sink = sum;
                         return true;
                       },
                       ok),
                   n, in.zero_copy});
}

// The decoders that make owned values: the DOM decode (push parser +
// Variant builder), the front door, OwnedDocument and the reference
// decoder.
void AddVariantRows(const BenchInput& in, double seconds,
                    std::vector<Row>* rows, bool* ok) {
  const size_t n = in.bytes.size();
  std::vector<Variant> out;
  rows->push_back({"DOM decode (stream)",
                   Measure(
                       seconds,
                       [&] {
                         out.clear();
                         stream::ValueReader r(in.d, in.f);
                         return r.Feed(in.all, &out).ok() &&
                                r.Finish(&out).ok();
                       },
                       ok),
                   n});
  out.clear();
  // The front door value by value (the document's tape built into
  // Variants), and OwnedDocument (the parse copied out with its bytes).
  rows->push_back({"owned decode (gdwire::Decode)",
                   Measure(
                       seconds,
                       [&] {
                         out.clear();
                         for (auto v : in.values) {
                           absl::StatusOr<Variant> x = Decode(v, in.d);
                           if (!x.ok()) return false;
                           out.push_back(*std::move(x));
                         }
                         return true;
                       },
                       ok),
                   n});
  out.clear();
  std::vector<document::OwnedDocument> owned;
  rows->push_back({"owned document",
                   Measure(
                       seconds,
                       [&] {
                         owned.clear();
                         for (auto v : in.values) {
                           auto x = document::OwnedDocument::Parse(v, in.d);
                           if (!x.ok()) return false;
                           owned.push_back(*std::move(x));
                         }
                         return true;
                       },
                       ok),
                   n});
  owned.clear();
  rows->push_back(
      {"reference decoder",
       Measure(
           seconds,
           [&] {
             for (auto v : in.values) {
               Variant x;
               size_t used;
               if (!reference::DecodeValue(v, in.d, &x, &used).ok()) {
                 return false;
               }
             }
             return true;
           },
           ok),
       n});
}

// The values written again, back to back, by the fast and the reference
// encoder (MB/s of the bytes written). Returns a note when they do not
// encode again (then no encode rows).
std::string AddEncodeRows(const BenchInput& in, double seconds,
                          std::vector<Row>* rows, bool* ok) {
  EncodeOptions e;
  e.dialect = in.d.dialect;
  e.full_objects = in.d.allow_objects;
  using EncodeFn =
      Error (*)(const Variant&, const EncodeOptions&, std::string*);
  for (EncodeFn fn :
       {EncodeFn{encode::EncodeTo}, EncodeFn{reference::EncodeTo}}) {
    std::string buf;
    auto pass = [&] {
      buf.clear();
      for (const Variant& v : in.decoded) {
        if (!fn(v, e, &buf).ok()) return false;
      }
      return true;
    };
    if (!pass()) {
      // Decoded but not writable again (e.g. a lone surrogate Godot 3 holds,
      // a type the dialect's encoder refuses): no encode rows.
      return "the values do not encode again: no encode rows";
    }
    const size_t written = buf.size();
    rows->push_back({fn == EncodeFn{encode::EncodeTo}
                         ? "fast encode (bytes written)"
                         : "reference encode (bytes written)",
                     Measure(seconds, pass, ok), written});
  }
  return "";
}

// The streaming writer re-writing the decoded values call by call
// (encode::WriteVariant; MB/s of the bytes written), and a relay's forward:
// each value parsed (document) and its bytes() copied out.
void AddWriterRows(const BenchInput& in, double seconds, std::vector<Row>* rows,
                   bool* ok) {
  EncodeOptions e;
  e.dialect = in.d.dialect;
  e.full_objects = in.d.allow_objects;
  encode::Writer w(e);
  std::string buf;
  auto write_all = [&] {
    buf.clear();
    for (const Variant& v : in.decoded) {
      w.Start(&buf);
      encode::WriteVariant(&w, v);
      if (!w.Finish().ok()) return false;
    }
    return true;
  };
  if (write_all()) {  // else no writer row (as for the encoders)
    rows->push_back({"writer (values, call by call)",
                     Measure(seconds, write_all, ok), buf.size()});
  }
  document::Parser parser;
  rows->push_back({"forward (parse + bytes copied)",
                   Measure(
                       seconds,
                       [&] {
                         buf.clear();
                         for (auto v : in.values) {
                           document::ParseResult r = parser.Parse(v, in.d);
                           if (!r.ok()) return false;
                           const auto b = r.root.bytes();
                           buf.append(reinterpret_cast<const char*>(b.data()),
                                      b.size());
                         }
                         return true;
                       },
                       ok),
                   in.bytes.size()});
}

// --json: one object with the input's size, the SIMD target and the rows.
void PrintJson(const BenchInput& in, const std::vector<Row>& rows,
               const std::string& encode_note) {
  const double base = rows[0].mb_per_s();
  std::string json = absl::StrFormat(
      "{\"bytes\": %zu, \"values\": %zu, \"simd_target\": \"%s\", "
      "\"results\": [",
      in.bytes.size(), in.values.size(), simd::TargetName());
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
}

// The table: a row per measurement, MB/s and the ratio to memcpy.
void PrintTable(const BenchInput& in, const std::vector<Row>& rows,
                const std::string& encode_note) {
  const double base = rows[0].mb_per_s();
  std::printf("%zu bytes, %zu values; SIMD target %s\n", in.bytes.size(),
              in.values.size(), simd::TargetName());
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
}

}  // namespace

int Bench(int argc, char** argv) {
  Args args;
  Common common;
  double seconds = 0.5;
  int exit_code = kExitOk;
  if (!ParseBenchArgs(argc, argv, &args, &common, &seconds, &exit_code)) {
    return exit_code;
  }
  BenchInput in;
  if (absl::Status st = LoadInput(common, &in); !st.ok()) {
    std::fprintf(stderr, "gdwire bench: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  bool ok = true;
  std::vector<Row> rows;
  AddParserRows(in, seconds, &rows, &ok);
  AddDocumentRows(in, seconds, &rows, &ok);
  AddVariantRows(in, seconds, &rows, &ok);
  const std::string encode_note = AddEncodeRows(in, seconds, &rows, &ok);
  AddWriterRows(in, seconds, &rows, &ok);
  if (!ok) {
    std::fprintf(stderr, "gdwire bench: a decoder failed on the input\n");
    return kExitBadInput;
  }
  if (args.Has("json")) {
    PrintJson(in, rows, encode_note);
  } else {
    PrintTable(in, rows, encode_note);
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace gdwire
