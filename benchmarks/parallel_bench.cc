// Copyright 2026 The gdwire Authors.
//
// A large StreamPeer recording decoded, validated and written as JSON on
// 1..N threads
// (codec/stream/parallel.h), wall-clock time: the speed-up over one thread
// is the ratio of BM_ParallelDecode/1 to BM_ParallelDecode/N in the same
// run. The traffic is gdwire's game-snapshot generator, length-prefixed.
//
//   bazel run -c opt //benchmarks:parallel_bench
//   GDWIRE_PARALLEL_MB=256 bazel-bin/benchmarks/parallel_bench

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>  // NOLINT: std::thread
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/traffic.h"
#include "codec/frame/frame.h"
#include "codec/stream/parallel.h"
#include "codec/text/element_json.h"
#include "codec/text/json.h"

namespace gdwire {
namespace bench {
namespace {

// 32 MiB, or GDWIRE_PARALLEL_MB MiB (more than the last-level cache on a
// big machine).
const Traffic& Recording() {
  static const Traffic* t = [] {
    size_t mb = 32;
    if (const char* e = std::getenv("GDWIRE_PARALLEL_MB")) {
      mb = std::max<size_t>(1, std::strtoull(e, nullptr, 10));
    }
    return new Traffic(GameTraffic(mb << 20, Framing::kStream));
  }();
  return *t;
}

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

void BM_ParallelDecode(benchmark::State& state) {
  const Traffic& t = Recording();
  FrameOptions f;
  f.framing = Framing::kStream;
  ParallelOptions p;
  p.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    uint64_t n = 0;
    absl::Status st = DecodeFramedParallel(Bytes(t.bytes), f, DecodeOptions(),
                                           p, [&](Variant v, uint64_t) {
                                             benchmark::DoNotOptimize(v);
                                             ++n;
                                             return absl::OkStatus();
                                           });
    if (!st.ok() || n != t.offsets.size()) state.SkipWithError("decode");
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * t.bytes.size());
  state.SetItemsProcessed(int64_t(state.iterations()) * t.offsets.size());
}

void BM_ParallelValidate(benchmark::State& state) {
  const Traffic& t = Recording();
  FrameOptions f;
  f.framing = Framing::kStream;
  ParallelOptions p;
  p.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    uint64_t n = 0;
    absl::Status st =
        ValidateFramedParallel(Bytes(t.bytes), f, DecodeOptions(), p, &n);
    if (!st.ok() || n != t.offsets.size()) state.SkipWithError("validate");
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * t.bytes.size());
  state.SetItemsProcessed(int64_t(state.iterations()) * t.offsets.size());
}

// `gdwire decode --format=json`'s work without the process: each frame's
// JSON written from its document on the threads, the lines handed over in
// stream order (into a sink that only counts them).
void BM_ParallelJson(benchmark::State& state) {
  const Traffic& t = Recording();
  FrameOptions f;
  f.framing = Framing::kStream;
  ParallelOptions p;
  p.threads = static_cast<int>(state.range(0));
  uint64_t written = 0;
  for (auto _ : state) {
    written = 0;
    absl::Status st = FormatFramedParallel(
        Bytes(t.bytes), f, DecodeOptions(), p,
        [](const Variant& v, uint64_t, uint64_t, std::string* out) {
          out->append(text::ToJson(v)).push_back('\n');
          return absl::OkStatus();
        },
        [&](absl::string_view b) {
          written += b.size();
          return absl::OkStatus();
        },
        [](const document::Element& root, uint64_t, uint64_t,
           std::string* out) {
          text::AppendJson(root, out);
          out->push_back('\n');
          return absl::OkStatus();
        });
    if (!st.ok() || written == 0) state.SkipWithError("json");
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * t.bytes.size());
  state.SetItemsProcessed(int64_t(state.iterations()) * t.offsets.size());
  state.counters["json_bytes"] = static_cast<double>(written);
}

// The baseline: the same bytes only read (64-bit words xor-ed), each of N
// threads its 1/N share: what the memory gives N threads, above which no
// reader of these bytes can scale.
void BM_ParallelRead(benchmark::State& state) {
  const Traffic& t = Recording();
  const int n = static_cast<int>(state.range(0));
  const size_t words = t.bytes.size() / 8;
  std::vector<uint64_t> sums(static_cast<size_t>(n) * 8);  // a line apart
  auto part = [&](int i) {
    const size_t b = words * i / n, e = words * (i + 1) / n;
    uint64_t x = 0;
    for (size_t k = b; k < e; ++k) {
      uint64_t w;
      std::memcpy(&w, t.bytes.data() + k * 8, 8);
      x ^= w;
    }
    sums[static_cast<size_t>(i) * 8] = x;
  };
  for (auto _ : state) {
    std::vector<std::thread> threads;
    for (int i = 1; i < n; ++i) threads.emplace_back(part, i);
    part(0);
    for (std::thread& th : threads) th.join();
    benchmark::DoNotOptimize(sums.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * t.bytes.size());
}

void Threads(benchmark::internal::Benchmark* b) {
  const int hw = static_cast<int>(std::thread::hardware_concurrency());
  for (int n = 1; n <= std::max(hw, 1); n *= 2) b->Arg(n);
  if (hw > 1 && (hw & (hw - 1)) != 0) b->Arg(hw);
}

BENCHMARK(BM_ParallelRead)
    ->Apply(Threads)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParallelDecode)
    ->Apply(Threads)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParallelValidate)
    ->Apply(Threads)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParallelJson)
    ->Apply(Threads)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace bench
}  // namespace gdwire

BENCHMARK_MAIN();
