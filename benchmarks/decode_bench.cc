// Copyright 2026 The gdwire Authors.
//
// Decode (and encode) throughput on realistic data, each figure with its
// baselines in the same run: memcpy of the same bytes and the scalar
// reference decoder.
//
//   bazel run -c opt //benchmarks:decode_bench --
//       --benchmark_out=/tmp/d.json --benchmark_out_format=json
//   benchmarks/ci/bench_compare.py /tmp/d.json --baseline-pattern='Memcpy'
//       --candidate-pattern='Stream|View|Reference'
// (each command on one line)
//
// Names: BM_Traffic<Path>/<piece> (piece 0 = the whole buffer in one Feed,
// 1400 = TCP-segment pieces) over ~1 MiB of game traffic (codec/.. see
// traffic.h); BM_Packed<Path>/<elements> over one PackedFloat32Array.

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "benchmark/benchmark.h"
#include "benchmarks/traffic.h"
#include "codec/document/owned.h"
#include "codec/encode/encoder.h"
#include "codec/gdwire.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/stream/parser.h"
#include "codec/stream/value_reader.h"
#include "codec/view/view.h"

namespace gdwire {
namespace bench {
namespace {

absl::Span<const uint8_t> AsSpan(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

const Traffic& TheTraffic() {
  static const Traffic* t = new Traffic(GameTraffic(1 << 20));
  return *t;
}

// Feeds `bytes` whole (piece == 0) or in pieces of `piece` bytes.
template <typename Feeder>
void FeedPieces(absl::Span<const uint8_t> bytes, size_t piece, Feeder feed) {
  if (piece == 0) {
    feed(bytes);
    return;
  }
  for (size_t i = 0; i < bytes.size(); i += piece) {
    feed(bytes.subspan(i, std::min(piece, bytes.size() - i)));
  }
}

void Report(benchmark::State& state, size_t bytes, size_t items) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * items));
}

// ---- game traffic ---------------------------------------------------------

void BM_TrafficMemcpy(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  std::string dst(t.bytes.size(), '\0');
  for (auto _ : state) {
    std::memcpy(dst.data(), t.bytes.data(), t.bytes.size());
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficMemcpy)->Arg(0)->Arg(1400);

template <typename H>
void TrafficStream(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  const size_t piece = static_cast<size_t>(state.range(0));
  for (auto _ : state) {
    H h;
    stream::Parser<H> p(&h, DecodeOptions());
    FeedPieces(AsSpan(t.bytes), piece, [&](absl::Span<const uint8_t> b) {
      if (!p.Feed(b).ok()) state.SkipWithError("parse error");
    });
    if (!p.Finish().ok() || p.values() != t.offsets.size()) {
      state.SkipWithError("wrong value count");
    }
    benchmark::DoNotOptimize(h);
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
void BM_TrafficStreamSkip(benchmark::State& state) {
  TrafficStream<stream::SkipHandler>(state);
}
void BM_TrafficStreamCount(benchmark::State& state) {
  TrafficStream<stream::CountHandler>(state);
}
BENCHMARK(BM_TrafficStreamSkip)->Arg(0)->Arg(1400);
BENCHMARK(BM_TrafficStreamCount)->Arg(0)->Arg(1400);

void BM_TrafficStreamDom(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  const size_t piece = static_cast<size_t>(state.range(0));
  std::vector<Variant> out;
  for (auto _ : state) {
    stream::ValueReader r((DecodeOptions()));
    out.clear();
    FeedPieces(AsSpan(t.bytes), piece, [&](absl::Span<const uint8_t> b) {
      if (!r.Feed(b, &out).ok()) state.SkipWithError("parse error");
    });
    if (out.size() != t.offsets.size()) state.SkipWithError("count");
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficStreamDom)->Arg(0)->Arg(1400);

// The DOM decode into one Variant reused from message to message
// (stream::ReusingDecoder): the snapshots share a shape, so after the
// first pass the only allocations are for the messages that carry a path
// and a voice blob (every 50th).
void BM_TrafficStreamDomReuse(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  stream::ReusingDecoder decoder{DecodeOptions()};
  Variant msg;
  const absl::Span<const uint8_t> all = AsSpan(t.bytes);
  for (auto _ : state) {
    for (size_t i = 0; i < t.offsets.size(); ++i) {
      const size_t end =
          i + 1 < t.offsets.size() ? t.offsets[i + 1] : t.bytes.size();
      if (!decoder
               .DecodeInto(all.subspan(t.offsets[i], end - t.offsets[i]), &msg)
               .ok()) {
        state.SkipWithError("decode");
      }
      benchmark::DoNotOptimize(msg);
    }
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficStreamDomReuse);

void BM_TrafficViewValidate(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  const auto all = AsSpan(t.bytes);
  for (auto _ : state) {
    for (size_t off : t.offsets) {
      auto doc = view::MessageView::Open(all.subspan(off), DecodeOptions());
      if (!doc.ok() || !doc->Validate().ok()) state.SkipWithError("view");
    }
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficViewValidate)->Arg(0);

void BM_TrafficViewToVariant(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  const auto all = AsSpan(t.bytes);
  for (auto _ : state) {
    for (size_t off : t.offsets) {
      auto doc = view::MessageView::Open(all.subspan(off), DecodeOptions());
      auto v = doc->ToVariant();
      if (!v.ok()) state.SkipWithError("view");
      benchmark::DoNotOptimize(v);
    }
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficViewToVariant)->Arg(0);

void BM_TrafficReference(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  const auto all = AsSpan(t.bytes);
  for (auto _ : state) {
    for (size_t off : t.offsets) {
      Variant v;
      size_t used;
      if (!reference::DecodeValue(all.subspan(off), DecodeOptions(), &v, &used)
               .ok()) {
        state.SkipWithError("reference");
      }
      benchmark::DoNotOptimize(v);
    }
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficReference)->Arg(0);

// Owned values message by message, as BM_TrafficReference: the front door
// (gdwire::Decode: the indexed document's tape built into Variants) and
// document::OwnedDocument (the parse copied out with the value's bytes).
void BM_TrafficOwnedDecode(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  const auto all = AsSpan(t.bytes);
  for (auto _ : state) {
    for (size_t off : t.offsets) {
      absl::StatusOr<Variant> v = Decode(all.subspan(off));
      if (!v.ok()) state.SkipWithError("decode");
      benchmark::DoNotOptimize(v);
    }
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficOwnedDecode)->Arg(0);

void BM_TrafficOwnedDocument(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  const auto all = AsSpan(t.bytes);
  for (auto _ : state) {
    for (size_t off : t.offsets) {
      auto d = document::OwnedDocument::Parse(all.subspan(off));
      if (!d.ok()) state.SkipWithError("owned document");
      benchmark::DoNotOptimize(d);
    }
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficOwnedDocument)->Arg(0);

void BM_TrafficReferenceEncode(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  std::string out;
  for (auto _ : state) {
    out.clear();
    for (const Variant& v : t.values) {
      reference::EncodeTo(v, EncodeOptions(), &out);
    }
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficReferenceEncode)->Arg(0);

void BM_TrafficFastEncode(benchmark::State& state) {
  const Traffic& t = TheTraffic();
  std::string out;
  for (auto _ : state) {
    out.clear();
    for (const Variant& v : t.values) {
      encode::EncodeTo(v, EncodeOptions(), &out);
    }
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, t.bytes.size(), t.offsets.size());
}
BENCHMARK(BM_TrafficFastEncode)->Arg(0);

// ---- a PackedStringArray of 200,000 short strings --------------------------

// Names like a game's item list ("item_1234", "Sword of 12"...), 5 to 24
// bytes, a few non-ASCII (UTF-8 checked like the others).
const std::string& PackedStringsPayload() {
  static const std::string* s = [] {
    std::vector<std::string> v;
    v.reserve(200000);
    for (int i = 0; i < 200000; ++i) {
      std::string e = i % 3 == 0 ? absl::StrCat("item_", i)
                      : i % 3 == 1
                          ? absl::StrCat("Sword of ", i % 977)
                          : absl::StrCat("player ", i, " \xc3\xa9t\xc3\xa9");
      v.push_back(std::move(e));
    }
    auto enc = reference::Encode(Variant::PackedStrings(std::move(v)),
                                 EncodeOptions());
    return new std::string(*enc);
  }();
  return *s;
}

void BM_PackedStringsStreamCount(benchmark::State& state) {
  const std::string& s = PackedStringsPayload();
  const size_t piece = static_cast<size_t>(state.range(0));
  for (auto _ : state) {
    stream::CountHandler h;
    stream::Parser<stream::CountHandler> p(&h, DecodeOptions());
    FeedPieces(AsSpan(s), piece, [&](absl::Span<const uint8_t> b) {
      if (!p.Feed(b).ok()) state.SkipWithError("parse error");
    });
    if (h.strings != 200000) state.SkipWithError("count");
  }
  Report(state, s.size(), 200000);
}
BENCHMARK(BM_PackedStringsStreamCount)->Arg(0)->Arg(1400);

void BM_PackedStringsStreamDom(benchmark::State& state) {
  const std::string& s = PackedStringsPayload();
  for (auto _ : state) {
    auto v = stream::Decode(AsSpan(s), DecodeOptions());
    if (!v.ok()) state.SkipWithError("decode");
    benchmark::DoNotOptimize(v);
  }
  Report(state, s.size(), 200000);
}
BENCHMARK(BM_PackedStringsStreamDom);

void BM_PackedStringsReference(benchmark::State& state) {
  const std::string& s = PackedStringsPayload();
  for (auto _ : state) {
    auto v = reference::Decode(AsSpan(s), DecodeOptions());
    if (!v.ok()) state.SkipWithError("decode");
    benchmark::DoNotOptimize(v);
  }
  Report(state, s.size(), 200000);
}
BENCHMARK(BM_PackedStringsReference);

// ---- one large PackedFloat32Array -----------------------------------------

const std::string& Packed(size_t n) {
  static auto* cache = new std::map<size_t, std::string>();
  auto it = cache->find(n);
  if (it == cache->end()) it = cache->emplace(n, PackedFloats(n)).first;
  return it->second;
}

#define PACKED_SIZES Arg(1024)->Arg(65536)->Arg(16 << 20)

void BM_PackedMemcpy(benchmark::State& state) {
  const std::string& in = Packed(static_cast<size_t>(state.range(0)));
  std::vector<char> dst(in.size());
  for (auto _ : state) {
    std::memcpy(dst.data(), in.data(), in.size());
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  Report(state, in.size(), state.range(0));
}
BENCHMARK(BM_PackedMemcpy)->PACKED_SIZES;

void BM_PackedStreamCount(benchmark::State& state) {
  const std::string& in = Packed(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    stream::CountHandler h;
    stream::Parser<stream::CountHandler> p(&h, DecodeOptions());
    FeedPieces(AsSpan(in), 1400,
               [&](absl::Span<const uint8_t> b) { (void)p.Feed(b); });
    benchmark::DoNotOptimize(h.elements);
  }
  Report(state, in.size(), state.range(0));
}
BENCHMARK(BM_PackedStreamCount)->PACKED_SIZES;

void BM_PackedStreamDom(benchmark::State& state) {
  const std::string& in = Packed(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    auto v = stream::Decode(AsSpan(in), DecodeOptions());
    benchmark::DoNotOptimize(v);
  }
  Report(state, in.size(), state.range(0));
}
BENCHMARK(BM_PackedStreamDom)->PACKED_SIZES;

void BM_PackedViewCopyToFloat(benchmark::State& state) {
  const std::string& in = Packed(static_cast<size_t>(state.range(0)));
  std::vector<float> dst(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    auto doc = view::MessageView::Open(AsSpan(in), DecodeOptions());
    auto p = doc->root().packed_array();
    if (!p.ok() || !p->CopyTo(absl::MakeSpan(dst)).ok()) {
      state.SkipWithError("view");
    }
    benchmark::DoNotOptimize(dst.data());
  }
  Report(state, in.size(), state.range(0));
}
BENCHMARK(BM_PackedViewCopyToFloat)->PACKED_SIZES;

void BM_PackedViewCopyToDouble(benchmark::State& state) {
  const std::string& in = Packed(static_cast<size_t>(state.range(0)));
  std::vector<double> dst(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    auto doc = view::MessageView::Open(AsSpan(in), DecodeOptions());
    auto p = doc->root().packed_array();
    if (!p.ok() || !p->CopyTo(absl::MakeSpan(dst)).ok()) {
      state.SkipWithError("view");
    }
    benchmark::DoNotOptimize(dst.data());
  }
  Report(state, in.size(), state.range(0));
}
BENCHMARK(BM_PackedViewCopyToDouble)->PACKED_SIZES;

// Opening a packed-array view is O(1): the same time for 16 elements and
// for 16 Mi elements (64 MiB).
void BM_PackedViewOpen(benchmark::State& state) {
  const std::string& in = Packed(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    auto doc = view::MessageView::Open(AsSpan(in), DecodeOptions());
    auto p = doc->root().packed_array();
    benchmark::DoNotOptimize(p->size());
  }
}
BENCHMARK(BM_PackedViewOpen)->Arg(16)->Arg(16 << 20);

void BM_PackedReference(benchmark::State& state) {
  const std::string& in = Packed(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    auto v = reference::Decode(AsSpan(in), DecodeOptions());
    benchmark::DoNotOptimize(v);
  }
  Report(state, in.size(), state.range(0));
}
BENCHMARK(BM_PackedReference)->PACKED_SIZES;

// ---- encoding one large PackedVector3Array ---------------------------------

// A PackedVector3Array Variant of n vectors as decoding makes it (3n
// floats, f32 on the wire).
const Variant& PackedVector3s(size_t n) {
  static auto* cache = new std::map<size_t, Variant>();
  auto it = cache->find(n);
  if (it == cache->end()) {
    std::vector<float> flat(3 * n);
    for (size_t i = 0; i < flat.size(); ++i) {
      flat[i] =
          static_cast<float>(static_cast<double>(i % 4099) * 0.37 - 700.0);
    }
    it = cache
             ->emplace(n, Variant::PackedRealVectors32(
                              Type::kPackedVector3Array, std::move(flat)))
             .first;
  }
  return it->second;
}

template <typename EncodeFn>
void PackedEncode(benchmark::State& state, EncodeFn encode_to) {
  const size_t n = static_cast<size_t>(state.range(0));
  const Variant& v = PackedVector3s(n);
  std::string out;
  for (auto _ : state) {
    out.clear();
    encode_to(v, EncodeOptions(), &out);
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, out.size(), n);
}
void BM_PackedReferenceEncode(benchmark::State& state) {
  PackedEncode(state, reference::EncodeTo);
}
void BM_PackedFastEncode(benchmark::State& state) {
  PackedEncode(state, encode::EncodeTo);
}
BENCHMARK(BM_PackedReferenceEncode)->Arg(1024)->Arg(16 << 20);
BENCHMARK(BM_PackedFastEncode)->Arg(1024)->Arg(16 << 20);

}  // namespace
}  // namespace bench
}  // namespace gdwire

BENCHMARK_MAIN();
