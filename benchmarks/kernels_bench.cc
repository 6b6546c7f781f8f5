// Copyright 2026 The gdwire Authors.
//
// Benchmarks of the //simd kernels against their scalar twins and against
// memcpy of the same bytes (input and output sizes), 4 KiB .. 64 MiB of
// wire input. After the Google Benchmark output it prints a summary with
// the ratios, computed from this same run:
//
//   bazel run -c opt //benchmarks:kernels_bench
//   bazel run -c opt //benchmarks:kernels_bench -- --benchmark_out=/tmp/k.json
//       --benchmark_out_format=json  (one line)
//   benchmarks/ci/bench_compare.py --baseline-pattern=BM_Memcpy /tmp/k.json
//
// --gdwire_target=AVX2 forces a target (default: the best one);
// --gdwire_paired=0 skips the paired memcpy timing.
//
// Names: BM_<Kernel>_SIMD/<input bytes>, BM_<Kernel>_Scalar/<input bytes>,
// BM_Memcpy/<bytes>. Throughput (bytes_per_second) counts input bytes;
// the counter out_bytes gives the bytes written per call.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "hwy/highway.h"
#include "hwy/targets.h"
#include "simd/convert.h"
#include "simd/endian.h"
#include "simd/interleave.h"
#include "simd/pad.h"
#include "simd/target.h"
#include "simd/utf8.h"

namespace gdwire {
namespace simd {
namespace {

enum class Input {
  kF32,         // random finite floats
  kF64,         // random finite doubles
  kI32,         // random int32
  kI64Small,    // int64 values that fit in int32
  kZero,        // all zero (padding)
  kAscii,       // printable ASCII text
  kMixedText,   // ASCII with 1/3 CJK (3-byte) characters
  kStringData,  // bytes of many short strings (packed string array)
};

using Kernel =
    std::function<void(const uint8_t* in, size_t in_bytes, uint8_t* out)>;

struct Case {
  std::string name;
  Input input;
  double out_per_in;  // bytes written per input byte
  size_t granule;     // input bytes per element (size rounded down to it)
  Kernel simd;
  Kernel scalar;
};

// The last input made; benchmarks of one kernel and size run one after
// another, so they share it.
struct InputCache {
  Input kind;
  size_t bytes = ~size_t{0};
  std::vector<uint8_t> data;
};
InputCache g_input;
bool g_paired = true;  // --gdwire_paired=0 turns the paired timing off
std::vector<std::string_view> g_strings;  // views into g_input (kStringData)

const std::vector<uint8_t>& MakeInput(Input kind, size_t bytes) {
  if (g_input.kind == kind && g_input.bytes == bytes) return g_input.data;
  g_input.kind = kind;
  g_input.bytes = bytes;
  std::vector<uint8_t>& d = g_input.data;
  d.assign(bytes, 0);
  std::mt19937_64 rng(bytes);
  switch (kind) {
    case Input::kF32:
      for (size_t i = 0; i + 4 <= bytes; i += 4) {
        const float f =
            std::ldexp(float(rng() % 100000) - 5e4f, rng() % 64 - 32);
        std::memcpy(&d[i], &f, 4);
      }
      break;
    case Input::kF64:
      for (size_t i = 0; i + 8 <= bytes; i += 8) {
        const double f =
            std::ldexp(double(rng() % 100000) - 5e4, rng() % 64 - 32);
        std::memcpy(&d[i], &f, 8);
      }
      break;
    case Input::kI32:
      for (size_t i = 0; i + 4 <= bytes; i += 4) {
        const uint32_t v = static_cast<uint32_t>(rng());
        std::memcpy(&d[i], &v, 4);
      }
      break;
    case Input::kI64Small:
      for (size_t i = 0; i + 8 <= bytes; i += 8) {
        const int64_t v = static_cast<int32_t>(rng());
        std::memcpy(&d[i], &v, 8);
      }
      break;
    case Input::kZero:
      break;
    case Input::kAscii:
      for (auto& c : d) c = static_cast<uint8_t>(0x20 + rng() % 0x5F);
      break;
    case Input::kMixedText:
      for (size_t i = 0; i < bytes;) {
        if (rng() % 3 == 0 && i + 3 <= bytes) {
          const uint32_t cp = 0x4E00 + rng() % 0x5000;
          d[i++] = static_cast<uint8_t>(0xE0 | (cp >> 12));
          d[i++] = static_cast<uint8_t>(0x80 | ((cp >> 6) & 0x3F));
          d[i++] = static_cast<uint8_t>(0x80 | (cp & 0x3F));
        } else {
          d[i++] = static_cast<uint8_t>(0x20 + rng() % 0x5F);
        }
      }
      break;
    case Input::kStringData:
      for (auto& c : d) c = static_cast<uint8_t>('a' + rng() % 26);
      break;
  }
  if (kind == Input::kStringData) {  // strings of 0..31 bytes
    g_strings.clear();
    for (size_t i = 0; i < bytes;) {
      const size_t len = std::min<size_t>(rng() % 32, bytes - i);
      g_strings.emplace_back(reinterpret_cast<const char*>(&d[i]), len);
      i += len;
      if (len == 0 && i == bytes) break;
    }
  }
  return d;
}

size_t OutBytes(const Case& c, size_t in_bytes) {
  if (c.input == Input::kStringData) {
    return PackedStringsSize(g_strings.data(), g_strings.size());
  }
  return static_cast<size_t>(in_bytes * c.out_per_in);
}

std::vector<Case> Cases() {
  auto f = [](auto fn) { return fn; };
  std::vector<Case> cases;
  // Copy-out of a packed array (LE host: memcpy).
  cases.push_back({"LoadF32LE", Input::kF32, 1, 4,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     LoadF32LE(in, b / 4, reinterpret_cast<float*>(out));
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     scalar::LoadF32LE(in, b / 4,
                                       reinterpret_cast<float*>(out));
                   }});
  cases.push_back({"LoadU32Swapped", Input::kI32, 1, 4,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     SwapBytes32(in, b / 4, out);
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     scalar::SwapBytes32(in, b / 4, out);
                   }});
  cases.push_back({"LoadU64Swapped", Input::kF64, 1, 8,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     SwapBytes64(in, b / 8, out);
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     scalar::SwapBytes64(in, b / 8, out);
                   }});
  cases.push_back({"WidenF32ToF64", Input::kF32, 2, 4,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     WidenF32ToF64(in, b / 4, reinterpret_cast<double*>(out));
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     scalar::WidenF32ToF64(in, b / 4,
                                           reinterpret_cast<double*>(out));
                   }});
  cases.push_back({"NarrowF64ToF32", Input::kF64, 0.5, 8,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     NarrowF64ToF32(in, b / 8, reinterpret_cast<float*>(out));
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     scalar::NarrowF64ToF32(in, b / 8,
                                            reinterpret_cast<float*>(out));
                   }});
  cases.push_back({"WidenI32ToI64", Input::kI32, 2, 4,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     WidenI32ToI64(in, b / 4, reinterpret_cast<int64_t*>(out));
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     scalar::WidenI32ToI64(in, b / 4,
                                           reinterpret_cast<int64_t*>(out));
                   }});
  cases.push_back({"NarrowI64ToI32", Input::kI64Small, 0.5, 8,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     size_t bad;
                     benchmark::DoNotOptimize(NarrowI64ToI32(
                         in, b / 8, reinterpret_cast<int32_t*>(out), &bad));
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     size_t bad;
                     benchmark::DoNotOptimize(scalar::NarrowI64ToI32(
                         in, b / 8, reinterpret_cast<int32_t*>(out), &bad));
                   }});
  // AoS -> SoA and back. The SoA arrays are laid out one after another in
  // `out` (each n elements).
  for (size_t comps : {2, 3, 4}) {
    const std::string c = std::to_string(comps);
    cases.push_back({"DeinterleaveF32x" + c, Input::kF32, 1, 4 * comps,
                     [comps](const uint8_t* in, size_t b, uint8_t* out) {
                       const size_t n = b / (4 * comps);
                       float* o[4];
                       for (size_t k = 0; k < comps; ++k)
                         o[k] = reinterpret_cast<float*>(out) + k * n;
                       DeinterleaveF32(in, n, comps, o);
                     },
                     [comps](const uint8_t* in, size_t b, uint8_t* out) {
                       const size_t n = b / (4 * comps);
                       float* o[4];
                       for (size_t k = 0; k < comps; ++k)
                         o[k] = reinterpret_cast<float*>(out) + k * n;
                       scalar::DeinterleaveF32(in, n, comps, o);
                     }});
  }
  for (size_t comps : {2, 3, 4}) {
    const std::string c = std::to_string(comps);
    cases.push_back({"InterleaveF32x" + c, Input::kF32, 1, 4 * comps,
                     [comps](const uint8_t* in, size_t b, uint8_t* out) {
                       const size_t n = b / (4 * comps);
                       const float* s[4];
                       for (size_t k = 0; k < comps; ++k)
                         s[k] = reinterpret_cast<const float*>(in) + k * n;
                       InterleaveF32(s, n, comps, out);
                     },
                     [comps](const uint8_t* in, size_t b, uint8_t* out) {
                       const size_t n = b / (4 * comps);
                       const float* s[4];
                       for (size_t k = 0; k < comps; ++k)
                         s[k] = reinterpret_cast<const float*>(in) + k * n;
                       scalar::InterleaveF32(s, n, comps, out);
                     }});
  }
  cases.push_back({"DeinterleaveF64x3", Input::kF64, 1, 24,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     const size_t n = b / 24;
                     double* o[3];
                     for (size_t k = 0; k < 3; ++k)
                       o[k] = reinterpret_cast<double*>(out) + k * n;
                     DeinterleaveF64(in, n, 3, o);
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     const size_t n = b / 24;
                     double* o[3];
                     for (size_t k = 0; k < 3; ++k)
                       o[k] = reinterpret_cast<double*>(out) + k * n;
                     scalar::DeinterleaveF64(in, n, 3, o);
                   }});
  cases.push_back({"DeinterleaveF32ToF64x3", Input::kF32, 2, 12,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     const size_t n = b / 12;
                     double* o[3];
                     for (size_t k = 0; k < 3; ++k)
                       o[k] = reinterpret_cast<double*>(out) + k * n;
                     DeinterleaveF32ToF64(in, n, 3, o);
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     const size_t n = b / 12;
                     double* o[3];
                     for (size_t k = 0; k < 3; ++k)
                       o[k] = reinterpret_cast<double*>(out) + k * n;
                     scalar::DeinterleaveF32ToF64(in, n, 3, o);
                   }});
  cases.push_back({"DeinterleaveF64ToF32x3", Input::kF64, 0.5, 24,
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     const size_t n = b / 24;
                     float* o[3];
                     for (size_t k = 0; k < 3; ++k)
                       o[k] = reinterpret_cast<float*>(out) + k * n;
                     DeinterleaveF64ToF32(in, n, 3, o);
                   },
                   [](const uint8_t* in, size_t b, uint8_t* out) {
                     const size_t n = b / 24;
                     float* o[3];
                     for (size_t k = 0; k < 3; ++k)
                       o[k] = reinterpret_cast<float*>(out) + k * n;
                     scalar::DeinterleaveF64ToF32(in, n, 3, o);
                   }});
  // Padding check, UTF-8 validation (no output), packed strings.
  cases.push_back({"FindNonZero", Input::kZero, 0, 1,
                   [](const uint8_t* in, size_t b, uint8_t*) {
                     benchmark::DoNotOptimize(FindNonZero(in, b));
                   },
                   [](const uint8_t* in, size_t b, uint8_t*) {
                     benchmark::DoNotOptimize(scalar::FindNonZero(in, b));
                   }});
  for (auto rules : {TextRules::kStrict, TextRules::kLenient}) {
    const std::string r = rules == TextRules::kStrict ? "Strict" : "Lenient";
    for (Input text : {Input::kAscii, Input::kMixedText}) {
      const std::string t = text == Input::kAscii ? "Ascii" : "Mixed";
      cases.push_back({"Utf8" + r + t, text, 0, 1,
                       [rules](const uint8_t* in, size_t b, uint8_t*) {
                         benchmark::DoNotOptimize(CheckWireText(in, b, rules));
                       },
                       [rules](const uint8_t* in, size_t b, uint8_t*) {
                         benchmark::DoNotOptimize(
                             scalar::CheckWireText(in, b, rules));
                       }});
    }
  }
  cases.push_back({"WritePackedStrings", Input::kStringData, 1, 1,
                   [](const uint8_t*, size_t, uint8_t* out) {
                     WritePackedStrings(g_strings.data(), g_strings.size(),
                                        out);
                   },
                   [](const uint8_t*, size_t, uint8_t* out) {
                     // The scalar twin takes std::string; time the same
                     // byte-at-a-time layout on the views.
                     size_t pos = 0;
                     for (std::string_view s : g_strings) {
                       const uint32_t len = static_cast<uint32_t>(s.size() + 1);
                       for (int k = 0; k < 4; ++k)
                         out[pos++] = uint8_t(len >> (8 * k));
                       for (char ch : s) out[pos++] = static_cast<uint8_t>(ch);
                       out[pos++] = 0;
                       while (pos % 4 != 0) out[pos++] = 0;
                     }
                   }});
  (void)f;
  return cases;
}

// Paired timing: batches of kernel calls alternate with batches of memcpy
// of the input bytes and of the output bytes, so all three see the same
// machine load; the fastest round of each is kept. Returns the speed of
// the kernel relative to each memcpy (> 1: the kernel is faster).
struct Paired {
  double vs_memcpy_in = 0;
  double vs_memcpy_out = 0;
};

Paired PairedWithMemcpy(const Kernel& k, const uint8_t* in, size_t bytes,
                        uint8_t* out, size_t out_bytes) {
  using Clock = std::chrono::steady_clock;
  std::vector<uint8_t> mi_src(bytes, 1), mi_dst(bytes);
  std::vector<uint8_t> mo_src(out_bytes, 1), mo_dst(out_bytes);
  const size_t batch =
      std::max<size_t>(1, (size_t{1} << 20) / std::max<size_t>(bytes, 1));
  auto time = [&](auto&& fn) {
    const auto t0 = Clock::now();
    for (size_t b = 0; b < batch; ++b) {
      fn();
      benchmark::ClobberMemory();
    }
    return std::chrono::duration<double>(Clock::now() - t0).count();
  };
  double tk = 1e30, tmi = 1e30, tmo = 1e30;
  for (int round = 0; round < 9; ++round) {
    tk = std::min(tk, time([&] { k(in, bytes, out); }));
    tmi = std::min(
        tmi, time([&] { std::memcpy(mi_dst.data(), mi_src.data(), bytes); }));
    if (out_bytes != 0) {
      tmo = std::min(tmo, time([&] {
                       std::memcpy(mo_dst.data(), mo_src.data(), out_bytes);
                     }));
    }
  }
  Paired p;
  p.vs_memcpy_in = tmi / tk;
  p.vs_memcpy_out = out_bytes != 0 ? tmo / tk : 0;
  return p;
}

void RunKernel(benchmark::State& state, const Case& c, bool simd) {
  size_t bytes = static_cast<size_t>(state.range(0));
  bytes -= bytes % c.granule;
  const std::vector<uint8_t>& in = MakeInput(c.input, bytes);
  const size_t out_bytes = OutBytes(c, bytes);
  std::vector<uint8_t> out(out_bytes + 64);
  const Kernel& k = simd ? c.simd : c.scalar;
  k(in.data(), bytes, out.data());  // warm up, fault the pages in
  for (auto _ : state) {
    k(in.data(), bytes, out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
  // Items: elements (structs for the interleave kernels, bytes for text).
  state.SetItemsProcessed(int64_t(state.iterations()) *
                          int64_t(bytes / c.granule));
  state.counters["out_bytes"] = double(out_bytes);
  if (g_paired && simd) {
    const Paired p =
        PairedWithMemcpy(k, in.data(), bytes, out.data(), out_bytes);
    state.counters["x_mc_in"] = p.vs_memcpy_in;
    if (out_bytes != 0) state.counters["x_mc_out"] = p.vs_memcpy_out;
  }
  if (simd) state.SetLabel(TargetName());
}

void RunMemcpy(benchmark::State& state) {
  const size_t bytes = static_cast<size_t>(state.range(0));
  std::vector<uint8_t> in(bytes, 1), out(bytes);
  std::memcpy(out.data(), in.data(), bytes);
  for (auto _ : state) {
    std::memcpy(out.data(), in.data(), bytes);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
}

// Captures every run for the summary.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (r.error_occurred || r.run_type != Run::RT_Iteration) continue;
      std::string name = r.benchmark_name();
      const std::string suffix = "/real_time";
      if (name.size() > suffix.size() &&
          name.compare(name.size() - suffix.size(), suffix.size(), suffix) ==
              0) {
        name.resize(name.size() - suffix.size());
      }
      // With --benchmark_repetitions the fastest repetition counts (the
      // least disturbed by other load on the machine).
      const double t = r.GetAdjustedRealTime();
      auto it = times_.find(name);
      if (it == times_.end() || t < it->second) times_[name] = t;
      for (const char* key : {"x_mc_in", "x_mc_out"}) {
        auto c = r.counters.find(key);
        if (c == r.counters.end()) continue;
        double& best = paired_[name + ":" + key];
        best = std::max(best, double(c->second));
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  const std::map<std::string, double>& times() const { return times_; }
  // "<name>:x_mc_in" / ":x_mc_out": the paired ratios (best repetition).
  const std::map<std::string, double>& paired() const { return paired_; }

 private:
  std::map<std::string, double> times_;
  std::map<std::string, double> paired_;
};

const std::vector<size_t>& Sizes() {
  static const std::vector<size_t> kSizes = {size_t{4} << 10, size_t{64} << 10,
                                             size_t{1} << 20, size_t{16} << 20,
                                             size_t{64} << 20};
  return kSizes;
}

// The memcpy size a kernel's input or output size is compared with.
size_t MemcpyBytes(double bytes) { return static_cast<size_t>(bytes + 0.5); }

void PrintSummary(const std::vector<Case>& cases,
                  const SummaryReporter& reporter) {
  const std::map<std::string, double>& t = reporter.times();
  const std::map<std::string, double>& paired = reporter.paired();
  std::printf(
      "\nSummary (target %s). simd, scalar: GB/s of input bytes. x_*: speed "
      "of the SIMD kernel relative to a baseline (>1: faster):\n"
      "  x_scalar = the scalar twin; mc_in / mc_out = memcpy of the input / "
      "output bytes,\n"
      "  paired (batches alternated in one loop: robust to machine load) and "
      "from the separate BM_Memcpy runs.\n",
      TargetName());
  std::printf("%-22s %9s %7s %7s %8s %10s %11s %8s %9s\n", "kernel", "in_bytes",
              "simd", "scalar", "x_scalar", "x_mc_in(p)", "x_mc_out(p)",
              "x_mc_in", "x_mc_out");
  auto fmt = [](double v) {
    char buf[32];
    if (v > 0) {
      std::snprintf(buf, sizeof(buf), "%.2f", v);
    } else {
      std::snprintf(buf, sizeof(buf), "-");
    }
    return std::string(buf);
  };
  for (const Case& c : cases) {
    for (size_t size : Sizes()) {
      const std::string s = std::to_string(size);
      const std::string simd_name = "BM_" + c.name + "_SIMD/" + s;
      auto it_simd = t.find(simd_name);
      if (it_simd == t.end()) continue;
      const double ts = it_simd->second;  // ns per call
      auto find = [](const std::map<std::string, double>& m,
                     const std::string& name) {
        auto it = m.find(name);
        return it == m.end() ? 0.0 : it->second;
      };
      const double tsc = find(t, "BM_" + c.name + "_Scalar/" + s);
      const double tmi = find(t, "BM_Memcpy/" + s);
      const size_t out = MemcpyBytes(size * c.out_per_in);
      const double tmo = out ? find(t, "BM_Memcpy/" + std::to_string(out)) : 0;
      auto x = [&](double base) { return base > 0 ? base / ts : 0.0; };
      std::printf("%-22s %9zu %7.2f %7.2f %8s %10s %11s %8s %9s\n",
                  c.name.c_str(), size, size / ts, tsc > 0 ? size / tsc : 0.0,
                  fmt(x(tsc)).c_str(),
                  fmt(find(paired, simd_name + ":x_mc_in")).c_str(),
                  fmt(find(paired, simd_name + ":x_mc_out")).c_str(),
                  fmt(x(tmi)).c_str(), fmt(x(tmo)).c_str());
    }
  }
}

}  // namespace
}  // namespace simd
}  // namespace gdwire

int main(int argc, char** argv) {
  using namespace gdwire::simd;  // NOLINT
  // Own flags, removed before Google Benchmark sees argv:
  //   --gdwire_target=AVX2 (or AVX3, SSE4, SSSE3): dispatch to that target
  //     instead of the best one, to compare targets on one machine;
  //   --gdwire_paired=0: skip the paired memcpy timing (faster runs).
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::string target_flag = "--gdwire_target=";
    if (arg.compare(0, target_flag.size(), target_flag) == 0) {
      const std::string want = arg.substr(target_flag.size());
      int64_t chosen = 0;
      for (int64_t t = 1; t != 0 && t <= HWY_TARGETS; t <<= 1) {
        if ((HWY_TARGETS & t) && want == hwy::TargetName(t)) chosen = t;
      }
      if (chosen == 0 || (hwy::SupportedTargets() & chosen) == 0) {
        std::fprintf(stderr, "unknown or unsupported target %s\n",
                     want.c_str());
        return 1;
      }
      hwy::SetSupportedTargetsForTest(chosen);
    } else if (arg == "--gdwire_paired=0") {
      g_paired = false;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  static const std::vector<Case> cases = Cases();
  std::set<size_t> memcpy_sizes;
  for (const Case& c : cases) {
    for (size_t size : Sizes()) {
      for (bool simd : {true, false}) {
        const std::string name = "BM_" + c.name + (simd ? "_SIMD" : "_Scalar");
        benchmark::RegisterBenchmark(
            name.c_str(),
            [&c, simd](benchmark::State& st) { RunKernel(st, c, simd); })
            ->Arg(static_cast<int64_t>(size))
            ->UseRealTime();
      }
      memcpy_sizes.insert(size);
      if (c.out_per_in > 0)
        memcpy_sizes.insert(MemcpyBytes(size * c.out_per_in));
    }
  }
  for (size_t size : memcpy_sizes) {
    benchmark::RegisterBenchmark("BM_Memcpy", RunMemcpy)
        ->Arg(static_cast<int64_t>(size))
        ->UseRealTime();
  }
  std::printf("gdwire::simd::TargetName() = %s\n", TargetName());
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  PrintSummary(cases, reporter);
  benchmark::Shutdown();
  return 0;
}
