// Copyright 2026 The gdwire Authors.
//
// The streaming writer and forward/edit from the document (issue 23), each
// with its baseline in the same run:
//
//   bazel run -c opt //benchmarks:writer_bench
//
// Rows (MB/s of the bytes written; items = messages):
//   BM_WriterMemcpy               memcpy of the traffic's bytes, one copy
//                                 per message into a reused buffer
//   BM_WriterTraffic              the traffic (traffic.h, ~1 MiB of godot4
//                                 snapshot messages) written from plain C++
//                                 structs (benchmarks/snapshot.h) with
//                                 encode::Writer, the same bytes (checked)
//   BM_WriterTrafficFramed        the same with the StreamPeer prefix
//   BM_WriterEncodeVariants       the same messages as owned Variants and
//                                 encode::EncodeTo (the route without a
//                                 writer)
//   BM_WriterPackedFloats/N       a PackedFloat32Array of N floats from a
//                                 span, vs BM_WriterPackedMemcpy/N of 4N bytes
//   BM_WriterPackedVector3/N      a PackedVector3Array from N float
//                                 components
//   BM_ForwardTraffic             each message parsed (document::Parser) and
//                                 its root's bytes() appended (a relay)
//   BM_ForwardPlayer              each message parsed, and a reply written
//                                 that embeds one player subtree (Raw)
//   BM_EditOneField4K             a one-field change (Set "tick") of a parsed
//                                 4.4 KB message written with document::Edit,
//                                 vs BM_EditMemcpy4K (the message copied)
//   BM_EditParseOneField4K        the same with the parse

#include <cstring>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "benchmark/benchmark.h"
#include "benchmarks/snapshot.h"
#include "benchmarks/traffic.h"
#include "codec/document/document.h"
#include "codec/document/edit.h"
#include "codec/encode/encoder.h"
#include "codec/encode/writer.h"

namespace gdwire {
namespace bench {
namespace {

absl::Span<const uint8_t> AsSpan(absl::string_view s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

struct Data {
  Traffic traffic;
  std::vector<Snapshot> snapshots;
  std::vector<absl::string_view> messages;
  bool ok = true;
};

const Data& TheData() {
  static const Data* d = [] {
    auto* d = new Data;
    d->traffic = GameTraffic(1 << 20);
    const Traffic& t = d->traffic;
    for (size_t i = 0; i < t.values.size(); ++i) {
      Snapshot s;
      d->ok = d->ok && SnapshotFromVariant(t.values[i], &s);
      d->snapshots.push_back(std::move(s));
      const size_t end =
          i + 1 < t.offsets.size() ? t.offsets[i + 1] : t.bytes.size();
      d->messages.push_back(
          absl::string_view(t.bytes).substr(t.offsets[i], end - t.offsets[i]));
    }
    // The writer's bytes are the traffic's.
    encode::Writer w;
    std::string out;
    for (const Snapshot& s : d->snapshots) {
      w.Start(&out);
      WriteSnapshot(&w, s);
      d->ok = d->ok && w.Finish().ok();
    }
    d->ok = d->ok && out == t.bytes;
    return d;
  }();
  return *d;
}

void BM_WriterMemcpy(benchmark::State& state) {
  const Data& d = TheData();
  std::string out(d.traffic.bytes.size(), '\0');
  for (auto _ : state) {
    size_t at = 0;
    for (absl::string_view m : d.messages) {
      std::memcpy(&out[at], m.data(), m.size());
      at += m.size();
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * d.traffic.bytes.size());
  state.SetItemsProcessed(state.iterations() * d.messages.size());
}

void WriterTraffic(benchmark::State& state, encode::Prefix prefix) {
  const Data& d = TheData();
  if (!d.ok) {
    state.SkipWithError("the writer's bytes differ from the traffic's");
    return;
  }
  encode::Writer w;
  std::string out;
  size_t written = 0;
  for (auto _ : state) {
    out.clear();
    for (const Snapshot& s : d.snapshots) {
      w.Start(&out, prefix);
      WriteSnapshot(&w, s);
      if (!w.Finish().ok()) state.SkipWithError("writer error");
    }
    written = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * written);
  state.SetItemsProcessed(state.iterations() * d.snapshots.size());
}

void BM_WriterTraffic(benchmark::State& state) {
  WriterTraffic(state, encode::Prefix::kNone);
}
void BM_WriterTrafficFramed(benchmark::State& state) {
  WriterTraffic(state, encode::Prefix::kStreamPeer);
}

void BM_WriterEncodeVariants(benchmark::State& state) {
  const Data& d = TheData();
  std::string out;
  const EncodeOptions o;
  for (auto _ : state) {
    out.clear();
    for (const Variant& v : d.traffic.values) {
      if (!encode::EncodeTo(v, o, &out).ok()) state.SkipWithError("encode");
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * out.size());
  state.SetItemsProcessed(state.iterations() * d.traffic.values.size());
}

void BM_WriterPackedMemcpy(benchmark::State& state) {
  const size_t n = state.range(0);
  std::vector<float> x(n, 1.5f);
  std::string out(4 * n + 8, '\0');
  for (auto _ : state) {
    std::memcpy(&out[8], x.data(), 4 * n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 4 * n);
}

void BM_WriterPackedFloats(benchmark::State& state) {
  const size_t n = state.range(0);
  std::vector<float> x(n, 1.5f);
  encode::Writer w;
  std::string out;
  for (auto _ : state) {
    out.clear();
    w.Start(&out);
    w.PackedFloat32s(x);
    if (!w.Finish().ok()) state.SkipWithError("writer error");
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * 4 * n);
}

void BM_WriterPackedVector3(benchmark::State& state) {
  const size_t n = state.range(0);
  std::vector<float> x(n, 1.5f);
  encode::Writer w;
  std::string out;
  for (auto _ : state) {
    out.clear();
    w.Start(&out);
    w.PackedReals(Type::kPackedVector3Array, x);
    if (!w.Finish().ok()) state.SkipWithError("writer error");
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * 4 * n);
}

void BM_ForwardTraffic(benchmark::State& state) {
  const Data& d = TheData();
  document::Parser parser;
  std::string out;
  for (auto _ : state) {
    out.clear();
    for (absl::string_view m : d.messages) {
      document::ParseResult r = parser.Parse(AsSpan(m));
      if (!r.ok()) state.SkipWithError("parse");
      const absl::Span<const uint8_t> b = r.root.bytes();
      out.append(reinterpret_cast<const char*>(b.data()), b.size());
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * d.traffic.bytes.size());
  state.SetItemsProcessed(state.iterations() * d.messages.size());
}

void BM_ForwardPlayer(benchmark::State& state) {
  const Data& d = TheData();
  document::Parser parser;
  encode::Writer w;
  std::string out;
  for (auto _ : state) {
    out.clear();
    for (absl::string_view m : d.messages) {
      document::ParseResult r = parser.Parse(AsSpan(m));
      w.Start(&out, encode::Prefix::kStreamPeer);
      w.BeginDictionary(2);
      w.KeyName("tick").Int(r.root["tick"].as_int());
      w.KeyName("player").Raw(r.root["players"][3].bytes());
      w.EndDictionary();
      if (!w.Finish().ok()) state.SkipWithError("writer error");
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * d.traffic.bytes.size());
  state.SetItemsProcessed(state.iterations() * d.messages.size());
}

// The first traffic message: 16 players, a path and voice (4.4 KB).
absl::string_view Message4K() {
  const Data& d = TheData();
  return d.messages[0];
}

void BM_EditMemcpy4K(benchmark::State& state) {
  const absl::string_view m = Message4K();
  std::string out;
  for (auto _ : state) {
    out.assign(m.data(), m.size());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * m.size());
}

void EditOneField(benchmark::State& state, bool parse) {
  const absl::string_view m = Message4K();
  document::Parser parser;
  document::Edit edit;
  std::string value, out;
  encode::Writer w;
  w.Start(&value);
  w.Int(123456789);
  w.Finish();
  document::ParseResult r = parser.Parse(AsSpan(m));
  for (auto _ : state) {
    if (parse) r = parser.Parse(AsSpan(m));
    edit.Reset(r.root);
    edit.SetName(r.root, "tick", value);
    out.clear();
    if (!edit.WriteTo(&out).ok()) state.SkipWithError("edit");
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * m.size());
}

void BM_EditOneField4K(benchmark::State& state) { EditOneField(state, false); }
void BM_EditParseOneField4K(benchmark::State& state) {
  EditOneField(state, true);
}

BENCHMARK(BM_WriterMemcpy);
BENCHMARK(BM_WriterTraffic);
BENCHMARK(BM_WriterTrafficFramed);
BENCHMARK(BM_WriterEncodeVariants);
BENCHMARK(BM_WriterPackedMemcpy)->Arg(1024)->Arg(65536)->Arg(1 << 22);
BENCHMARK(BM_WriterPackedFloats)->Arg(1024)->Arg(65536)->Arg(1 << 22);
BENCHMARK(BM_WriterPackedVector3)->Arg(1024 * 3)->Arg(65536 * 3);
BENCHMARK(BM_ForwardTraffic);
BENCHMARK(BM_ForwardPlayer);
BENCHMARK(BM_EditMemcpy4K);
BENCHMARK(BM_EditOneField4K);
BENCHMARK(BM_EditParseOneField4K);

}  // namespace
}  // namespace bench
}  // namespace gdwire

BENCHMARK_MAIN();
