// Copyright 2026 The gdwire Authors.
//
// A large StreamPeer recording decoded and validated on 1..N threads
// (codec/stream/parallel.h), wall-clock time: the speed-up over one thread
// is the ratio of BM_ParallelDecode/1 to BM_ParallelDecode/N in the same
// run. The traffic is gdwire's game-snapshot generator, length-prefixed.
//
//   bazel run -c opt //benchmarks:parallel_bench

#include <cstdint>
#include <thread>  // NOLINT: std::thread::hardware_concurrency

#include "benchmark/benchmark.h"
#include "benchmarks/traffic.h"
#include "codec/frame/frame.h"
#include "codec/stream/parallel.h"

namespace gdwire {
namespace bench {
namespace {

const Traffic& Recording() {
  static const Traffic* t =
      new Traffic(GameTraffic(32 << 20, Framing::kStream));
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

void Threads(benchmark::internal::Benchmark* b) {
  const int hw = static_cast<int>(std::thread::hardware_concurrency());
  for (int n = 1; n <= std::max(hw, 1); n *= 2) b->Arg(n);
  if (hw > 1 && (hw & (hw - 1)) != 0) b->Arg(hw);
}

BENCHMARK(BM_ParallelDecode)
    ->Apply(Threads)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParallelValidate)
    ->Apply(Threads)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace bench
}  // namespace gdwire

BENCHMARK_MAIN();
