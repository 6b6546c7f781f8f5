// Copyright 2026 The gdwire Authors.
//
// benchmarks/compare/compare_bench.cc: gdwire's decoders and encoders on
// payloads written by the real engines, for benchmarks/compare/compare.sh
// (which times the engines and simdjson/msgpack-cxx on the same data and prints
// the one table).
//
//   compare_bench [--dialect=godot4] [--seconds=0.5] DIR
//       DIR holds traffic.bin (StreamPeer stream of messages), players.bin,
//       strings.bin, vec3.bin, floats.bin, str_ascii.bin, str_accent.bin,
//       str_cyrillic.bin, chat_ascii.bin, chat_spanish.bin (one
//       var_to_bytes value each; any of them may be missing). Prints one
//       line per measurement:
//       RESULT {"payload": "traffic", "row": "push parser (whole buffer)",
//               "kind": "decode", "bytes": N, "values": N, "best_s": T,
//               "median_s": T, "runs": N, "zero_copy": false}
//   compare_bench --export=OUT [--dialect=D] DIR
//       writes OUT/traffic.json (one JSON text a line) and
//       OUT/traffic.msgpack (MessagePack objects back to back): the same
//       messages as a developer would write them (export.h).
//   compare_bench --make-payloads=DIR [--messages=N]
//       small godot4 payloads written by gdwire's reference encoder (for
//       the smoke test; the comparison uses the engines' own bytes).
//
// Rows (decode: MB/s of the input; encode: MB/s of the bytes written):
//   memcpy                          the input copied once
//   push parser (whole buffer)      codec/stream Parser, one Feed, a handler
//                                   that reads every field (handlers.h)
//   push parser (1400-byte pieces)  the same fed as TCP segments
//   push parser + copy-out          packed payloads: every element copied
//                                   into the caller's array
//   view walk                       codec/view Document::Open + Validate
//   document (+ read every field)   codec/document Parser, reused:
//                                   the tape alone, then every field read
//                                   through Element (packed data by view)
//   DOM decode                      codec/stream ValueReader: owned Variants
//   owned decode                    gdwire::Decode per value (the document's
//                                   tape built into Variants), all kept
//   owned document                  document::OwnedDocument per value, all
//                                   kept; + read every field: each one
//                                   read through Element and freed
//   reference decode                codec/reference, value by value
//   fast encode / reference encode  the decoded values written again
//                                   (framed like the input)
// A decoder that hands packed data over by reference (push parser, view
// walk on a packed array) reads only the header: "zero_copy" is true and
// its figure is time per value, not a throughput.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/types/span.h"
#include "benchmarks/compare/export.h"
#include "benchmarks/compare/handlers.h"
#include "benchmarks/document_touch.h"
#include "benchmarks/snapshot.h"
#include "benchmarks/traffic.h"
#include "codec/document/document.h"
#include "codec/document/edit.h"
#include "codec/document/owned.h"
#include "codec/encode/encoder.h"
#include "codec/encode/writer.h"
#include "codec/frame/frame.h"
#include "codec/gdwire.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/stream/parser.h"
#include "codec/stream/value_reader.h"
#include "codec/view/view.h"
#include "codec/wire.h"
#include "simd/target.h"

namespace gdwire {
namespace bench {
namespace {

using Clock = std::chrono::steady_clock;

struct Timing {
  double best = 0, median = 0;
  int runs = 0;
};

// Runs `fn` (one pass) until `seconds` have passed, at least 3 times and at
// most 1000; the best and the median pass.
Timing Measure(double seconds, const std::function<bool()>& fn, bool* ok) {
  std::vector<double> t;
  const auto until = Clock::now() + std::chrono::duration<double>(seconds);
  do {
    const auto t0 = Clock::now();
    if (!fn()) *ok = false;
    t.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
  } while ((Clock::now() < until || t.size() < 3) && t.size() < 1000);
  std::sort(t.begin(), t.end());
  return {t.front(), t[t.size() / 2], static_cast<int>(t.size())};
}

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream s;
  s << f.rdbuf();
  *out = s.str();
  return true;
}

bool WriteFile(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary);
  f.write(data.data(), static_cast<std::streamsize>(data.size()));
  return static_cast<bool>(f);
}

absl::Span<const uint8_t> AsSpan(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

// Bytes handed over as packed chunks (by reference) in a parse.
struct ChunkBytes : stream::SkipHandler {
  uint64_t bytes = 0;
  bool Chunk(const stream::ChunkEvent& c) {
    bytes += c.count * c.element_bytes;
    return true;
  }
};

void Print(const std::string& payload, const std::string& row, const char* kind,
           size_t bytes, size_t values, const Timing& t, bool zero_copy) {
  std::printf(
      "RESULT {\"payload\": \"%s\", \"row\": \"%s\", \"kind\": \"%s\", "
      "\"bytes\": %zu, \"values\": %zu, \"best_s\": %.9g, \"median_s\": "
      "%.9g, \"runs\": %d, \"zero_copy\": %s}\n",
      payload.c_str(), row.c_str(), kind, bytes, values, t.best, t.median,
      t.runs, zero_copy ? "true" : "false");
  std::fflush(stdout);
}

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

// Issue 23's rows on the traffic: the messages written from plain structs
// with encode::Writer (the same bytes as the engine's, checked: else no
// row), each message forwarded (parsed, its bytes() framed again), and a
// one-field edit of each (parsed, "tick" set with document::Edit).
bool WriterRows(const std::string& name, const std::string& input,
                const std::vector<absl::Span<const uint8_t>>& spans,
                const std::vector<Variant>& values, const DecodeOptions& d,
                const FrameOptions& f, double seconds) {
  const size_t nv = values.size();
  const encode::Prefix prefix = f.framing == Framing::kNone
                                    ? encode::Prefix::kNone
                                    : encode::Prefix::kStreamPeer;
  bool ok = true;
  std::vector<Snapshot> snaps(nv);
  bool shaped = true;
  for (size_t i = 0; i < nv && shaped; ++i) {
    shaped = SnapshotFromVariant(values[i], &snaps[i]);
  }
  EncodeOptions e;
  e.dialect = d.dialect;
  encode::Writer w(e);
  std::string buf;
  auto write_all = [&] {
    buf.clear();
    for (const Snapshot& s : snaps) {
      w.Start(&buf, prefix);
      WriteSnapshot(&w, s);
      if (!w.Finish().ok()) return false;
    }
    return true;
  };
  if (!shaped || !write_all() || buf != input) {
    std::fprintf(stderr,
                 "%s: the messages are not the snapshot shape the writer "
                 "rows write (or the bytes differ): no writer row\n",
                 name.c_str());
  } else {
    Print(name, "writer (from structs)", "encode", buf.size(), nv,
          Measure(seconds, write_all, &ok), false);
  }
  document::Parser parser;
  auto forward = [&] {
    buf.clear();
    for (auto v : spans) {
      document::ParseResult r = parser.Parse(v, d);
      if (!r.ok()) return false;
      const absl::Span<const uint8_t> b = r.root.bytes();
      const size_t at = buf.size();
      if (prefix != encode::Prefix::kNone) buf.append(4, '\0');
      buf.append(reinterpret_cast<const char*>(b.data()), b.size());
      if (prefix != encode::Prefix::kNone) {
        wire::StoreU32(reinterpret_cast<uint8_t*>(&buf[at]),
                       static_cast<uint32_t>(b.size()));
      }
    }
    return true;
  };
  Print(name, "forward (parse + bytes)", "encode", input.size(), nv,
        Measure(seconds, forward, &ok), false);
  document::Edit edit;
  std::string tick;
  w.Start(&tick);
  w.Int(123456789);
  w.Finish();
  auto edit_all = [&] {
    buf.clear();
    for (auto v : spans) {
      document::ParseResult r = parser.Parse(v, d);
      if (!r.ok()) return false;
      edit.Reset(r.root);
      edit.Set(r.root, "tick", tick);
      if (!edit.WriteTo(&buf, prefix).ok()) return false;
    }
    return true;
  };
  edit_all();
  Print(name, "edit one field (parse + edit)", "encode", buf.size(), nv,
        Measure(seconds, edit_all, &ok), false);
  return ok;
}

// Every row on one payload file. Returns false when a decoder failed.
bool RunPayload(const std::string& name, const std::string& input,
                const DecodeOptions& d, const FrameOptions& f, double seconds) {
  const auto all = AsSpan(input);
  bool ok = true;

  // Where each value lies, and the values themselves (for the encoders).
  std::vector<absl::Span<const uint8_t>> spans;
  std::vector<Variant> values;
  absl::Status st =
      ForEachFrame(all, f, [&](absl::Span<const uint8_t> payload, uint64_t) {
        size_t pos = 0;
        do {
          Variant v;
          size_t used = 0;
          Error e = reference::DecodeValue(payload.subspan(pos), d, &v, &used);
          if (!e.ok()) return e.ToStatus();
          spans.push_back(payload.subspan(pos, used));
          values.push_back(std::move(v));
          pos += used;
        } while (f.framing == Framing::kNone && pos < payload.size());
        return absl::OkStatus();
      });
  if (!st.ok()) {
    std::fprintf(stderr, "%s: %s\n", name.c_str(),
                 std::string(st.message()).c_str());
    return false;
  }
  ChunkBytes cb;
  Parse(all, 0, d, f, &cb);
  const bool zero_copy = cb.bytes * 10 >= input.size() * 9;
  const bool packed =
      cb.bytes * 2 >= input.size() ||
      (values.size() == 1 && values[0].type() == Type::kPackedStringArray);
  const size_t n = input.size(), nv = values.size();

  std::vector<uint8_t> copy(n);
  Print(name, "memcpy", "decode", n, nv,
        Measure(
            seconds,
            [&] {
              std::memcpy(copy.data(), input.data(), n);
              return copy[n / 2] == uint8_t(input[n / 2]);
            },
            &ok),
        false);
  for (size_t piece : {size_t{0}, size_t{1400}}) {
    Print(
        name,
        piece ? "push parser (1400-byte pieces)" : "push parser (whole buffer)",
        "decode", n, nv,
        Measure(
            seconds,
            [&] {
              TouchHandler h;
              return Parse(all, piece, d, f, &h);
            },
            &ok),
        zero_copy);
  }
  if (packed) {
    CopyOutHandler h;  // the caller's arrays, reused
    Print(name, "push parser + copy-out", "decode", n, nv,
          Measure(
              seconds, [&] { return Parse(all, 0, d, f, &h); }, &ok),
          false);
  }
  Print(name, "view walk", "decode", n, nv,
        Measure(
            seconds,
            [&] {
              for (auto v : spans) {
                auto doc = view::MessageView::Open(v, d);
                if (!doc.ok() || !doc->Validate().ok()) return false;
              }
              return true;
            },
            &ok),
        zero_copy);
  // The indexed document: one Parser reused for every value (its storage
  // warms up in the first pass); packed data stays in the input.
  document::Parser doc_parser;
  volatile uint64_t doc_sink = 0;
  for (bool read : {false, true}) {
    Print(name, read ? "document + read every field" : "document", "decode", n,
          nv,
          Measure(
              seconds,
              [&] {
                uint64_t sum = 0;
                for (auto v : spans) {
                  document::ParseResult r = doc_parser.Parse(v, d);
                  if (!r.ok()) return false;
                  sum += read ? TouchDocument(r.root) : r.consumed;
                }
                doc_sink = sum;
                return true;
              },
              &ok),
          zero_copy);  // packed arrays stay in the input, as views
  }
  std::vector<Variant> out;
  Print(name, "DOM decode", "decode", n, nv,
        Measure(
            seconds,
            [&] {
              out.clear();
              stream::ValueReader r(d, f);
              return r.Feed(all, &out).ok() && r.Finish(&out).ok() &&
                     out.size() == nv;
            },
            &ok),
        false);
  // The front door, message by message: the indexed document's parse and
  // its tape built into Variants (codec/document ToVariant), kept like the
  // DOM decode's.
  Print(name, "owned decode", "decode", n, nv,
        Measure(
            seconds,
            [&] {
              out.clear();
              for (auto v : spans) {
                absl::StatusOr<Variant> x = Decode(v, d);
                if (!x.ok()) return false;
                out.push_back(*std::move(x));
              }
              return true;
            },
            &ok),
        false);
  out.clear();
  // OwnedDocument (codec/document/owned.h): the parse copied out with the
  // value's bytes. Kept, like the rows above; then as msgpack-cxx's row
  // runs, each message parsed, every field read, and freed.
  std::vector<document::OwnedDocument> owned;
  Print(name, "owned document", "decode", n, nv,
        Measure(
            seconds,
            [&] {
              owned.clear();
              for (auto v : spans) {
                auto x = document::OwnedDocument::Parse(v, d);
                if (!x.ok()) return false;
                owned.push_back(*std::move(x));
              }
              return true;
            },
            &ok),
        false);
  owned.clear();
  Print(name, "owned document + read every field", "decode", n, nv,
        Measure(
            seconds,
            [&] {
              uint64_t sum = 0;
              for (auto v : spans) {
                auto x = document::OwnedDocument::Parse(v, d);
                if (!x.ok()) return false;
                sum += TouchDocument(x->root());
              }
              doc_sink = sum;
              return true;
            },
            &ok),
        false);
  Print(name, "reference decode", "decode", n, nv,
        Measure(
            seconds,
            [&] {
              for (auto v : spans) {
                Variant x;
                size_t used;
                if (!reference::DecodeValue(v, d, &x, &used).ok()) return false;
              }
              return true;
            },
            &ok),
        false);

  EncodeOptions e;
  e.dialect = d.dialect;
  using EncodeFn =
      Error (*)(const Variant&, const EncodeOptions&, std::string*);
  const EncodeFn fast = encode::EncodeTo, ref = reference::EncodeTo;
  for (EncodeFn fn : {fast, ref}) {
    std::string buf;
    auto pass = [&] {
      buf.clear();
      for (const Variant& v : values) {
        const size_t at = buf.size();
        if (f.framing != Framing::kNone) buf.append(4, '\0');
        if (!fn(v, e, &buf).ok()) return false;
        if (f.framing != Framing::kNone) {
          wire::StoreU32(reinterpret_cast<uint8_t*>(&buf[at]),
                         static_cast<uint32_t>(buf.size() - at - 4));
        }
      }
      return true;
    };
    pass();
    const size_t written = buf.size();
    Print(name, fn == fast ? "fast encode" : "reference encode", "encode",
          written, nv, Measure(seconds, pass, &ok), false);
  }
  if (name == "traffic")
    ok = WriterRows(name, input, spans, values, d, f, seconds) && ok;
  if (!ok) std::fprintf(stderr, "%s: a decoder failed\n", name.c_str());
  return ok;
}

// Small godot4 payloads from gdwire's own encoder (smoke test only).
bool MakePayloads(const std::string& dir, int messages) {
  FrameOptions f;
  f.framing = Framing::kStream;
  std::string traffic;
  Traffic t = GameTraffic(1, Framing::kStream);
  for (int i = 0; i < messages; ++i) traffic += t.bytes;
  std::string players = reference::Encode(t.values[0], EncodeOptions()).value();
  std::string strings;
  wire::AppendU32(&strings, 34);  // PackedStringArray (godot4)
  wire::AppendU32(&strings, 1000);
  for (int i = 0; i < 1000; ++i) {
    std::string s = absl::StrFormat("player_%d", i);
    wire::AppendU32(&strings, static_cast<uint32_t>(s.size()));
    strings += s;
    wire::AppendPad4(&strings, s.size());
  }
  std::string vec3;
  wire::AppendU32(&vec3, 36);  // PackedVector3Array (godot4)
  wire::AppendU32(&vec3, 1000);
  for (int i = 0; i < 3000; ++i) wire::AppendF32(&vec3, i * 0.5f);
  return WriteFile(dir + "/traffic.bin", traffic) &&
         WriteFile(dir + "/players.bin", players) &&
         WriteFile(dir + "/strings.bin", strings) &&
         WriteFile(dir + "/vec3.bin", vec3) &&
         WriteFile(dir + "/floats.bin", PackedFloats(4096));
}

int Main(int argc, char** argv) {
  DecodeOptions d;
  double seconds = 0.5;
  int messages = 20;
  std::string dir, export_dir, make_dir;
  for (int i = 1; i < argc; ++i) {
    const absl::string_view a = argv[i];
    const auto [flag, value] =
        std::pair<std::string, std::string>(absl::StrSplit(a, '='));
    if (flag == "--dialect") {
      if (!ParseDialect(value, &d.dialect)) return 2;
    } else if (flag == "--seconds") {
      if (!absl::SimpleAtod(value, &seconds)) return 2;
    } else if (flag == "--export") {
      export_dir = value;
    } else if (flag == "--make-payloads") {
      make_dir = value;
    } else if (flag == "--messages") {
      if (!absl::SimpleAtoi(value, &messages)) return 2;
    } else if (!a.empty() && a[0] != '-') {
      dir = std::string(a);
    } else {
      std::fprintf(stderr, "compare_bench: unknown flag %s\n", argv[i]);
      return 2;
    }
  }
  if (!make_dir.empty()) return MakePayloads(make_dir, messages) ? 0 : 1;
  if (dir.empty()) {
    std::fprintf(stderr, "usage: compare_bench [flags] DIR (see the source)\n");
    return 2;
  }
  FrameOptions stream_framing;
  stream_framing.framing = Framing::kStream;
  if (!export_dir.empty()) {
    std::string in, json, mp;
    if (!ReadFile(dir + "/traffic.bin", &in)) return 1;
    absl::Status st = ExportMessages(AsSpan(in), d, stream_framing, &json, &mp);
    if (!st.ok()) {
      std::fprintf(stderr, "export: %s\n", std::string(st.message()).c_str());
      return 1;
    }
    return WriteFile(export_dir + "/traffic.json", json) &&
                   WriteFile(export_dir + "/traffic.msgpack", mp)
               ? 0
               : 1;
  }
  std::printf("TARGET %s\n", simd::TargetName());
  bool ok = true;
  for (const char* name :
       {"traffic", "players", "strings", "vec3", "floats", "str_ascii",
        "str_accent", "str_cyrillic", "chat_ascii", "chat_spanish"}) {
    std::string in;
    if (!ReadFile(dir + "/" + name + ".bin", &in)) continue;
    const FrameOptions f =
        std::string(name) == "traffic" ? stream_framing : FrameOptions();
    ok &= RunPayload(name, in, d, f, seconds);
  }
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace bench
}  // namespace gdwire

int main(int argc, char** argv) { return gdwire::bench::Main(argc, argv); }
