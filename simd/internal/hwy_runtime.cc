// Copyright 2026 The gdwire Authors.
//
// Highway's runtime target selection (the four functions of Highway 1.0.3's
// hwy/targets.cc that dynamic dispatch calls), so that gdwire's libraries
// and tools do not load Debian's libhwy.so at all.
//
// Why: libhwy.so 1.0.3 runs a static initializer when it is loaded (the
// timer calibration of hwy/nanobenchmark, hwy::platform::TimerResolution)
// that costs about 4 ms of CPU before main(), in every process, whether
// it dispatches a kernel or not: half of `gdwire validate`'s start-up on
// the 2-vCPU machine the benchmarks run on (measured: an empty program
// linked with -lhwy exits in 4.5 ms, without it in 0.8 ms). Debian ships
// Highway only as a shared library, and dispatch needs nothing from it but
// these functions; the kernels themselves are all header code.
//
// What is kept: the semantics and bit layout of hwy/targets.h (HWY_SSSE3,
// HWY_SSE4, HWY_AVX2, HWY_AVX3, HWY_AVX3_DL, plus HWY_EMU128 | HWY_SCALAR),
// the feature groups each target needs (CPUID, and XCR0 for the OS saving
// YMM/ZMM state), DisableTargets and SetSupportedTargetsForTest (the
// per-target tests force targets through them). simd/hwy_runtime_test.cc
// holds SupportedTargets() to libhwy.so's own on the machine it runs on.
//
// Test binaries that use Highway's test utilities still link libhwy.so;
// the executable's definitions below take precedence, so the forcing of
// targets and the dispatch read one state.

#include <cpuid.h>

#include <cstdint>
#include <cstdio>

#include "hwy/highway.h"
#include "hwy/targets.h"

#if !HWY_ARCH_X86_64
#error "gdwire's Highway runtime covers x86-64 only (link libhwy elsewhere)"
#endif

namespace hwy {
namespace {

// Mocked targets (SetSupportedTargetsForTest) and the mask of targets left
// enabled (DisableTargets). Written by one thread before dispatching.
int64_t supported_targets_for_test = 0;
int64_t supported_mask = ~int64_t{0};

bool Bit(uint32_t reg, int index) { return (reg >> index) & 1; }

// CPUID flags each target needs, as Highway defines its groups (a superset
// of 1.0.3's: a target is never chosen on a CPU that lacks one of them).
struct Cpu {
  bool sse3, ssse3, sse41, sse42, clmul, aes;
  bool avx, avx2, f16c, fma, lzcnt, bmi, bmi2;
  bool avx512f, avx512vl, avx512dq, avx512bw, avx512cd;
  bool vnni, vpclmulqdq, vbmi, vbmi2, vaes, popcntdq, bitalg, gfni;
  bool osxsave;
};

Cpu ReadCpu() {
  Cpu c{};
  unsigned a, b, cx, d;
  __cpuid(0, a, b, cx, d);
  const unsigned max_level = a;
  __cpuid(1, a, b, cx, d);
  c.sse3 = Bit(cx, 0);
  c.clmul = Bit(cx, 1);
  c.ssse3 = Bit(cx, 9);
  c.fma = Bit(cx, 12);
  c.sse41 = Bit(cx, 19);
  c.sse42 = Bit(cx, 20);
  c.aes = Bit(cx, 25);
  c.osxsave = Bit(cx, 27);
  c.avx = Bit(cx, 28);
  c.f16c = Bit(cx, 29);
  __cpuid(0x80000000u, a, b, cx, d);
  if (a >= 0x80000001u) {
    __cpuid(0x80000001u, a, b, cx, d);
    c.lzcnt = Bit(cx, 5);
  }
  if (max_level >= 7) {
    __cpuid_count(7, 0, a, b, cx, d);
    c.bmi = Bit(b, 3);
    c.avx2 = Bit(b, 5);
    c.bmi2 = Bit(b, 8);
    c.avx512f = Bit(b, 16);
    c.avx512dq = Bit(b, 17);
    c.avx512cd = Bit(b, 28);
    c.avx512bw = Bit(b, 30);
    c.avx512vl = Bit(b, 31);
    c.vbmi = Bit(cx, 1);
    c.vbmi2 = Bit(cx, 6);
    c.gfni = Bit(cx, 8);
    c.vaes = Bit(cx, 9);
    c.vpclmulqdq = Bit(cx, 10);
    c.vnni = Bit(cx, 11);
    c.bitalg = Bit(cx, 12);
    c.popcntdq = Bit(cx, 14);
  }
  return c;
}

int64_t DetectTargets() {
  int64_t bits = HWY_SCALAR | HWY_EMU128;
  const Cpu c = ReadCpu();
  const bool ssse3 = c.sse3 && c.ssse3;  // SSE/SSE2: every x86-64
  const bool sse4 = ssse3 && c.sse41 && c.sse42 && c.clmul && c.aes;
  const bool avx2 =
      sse4 && c.avx && c.avx2 && c.f16c && c.fma && c.lzcnt && c.bmi && c.bmi2;
  const bool avx3 =
      avx2 && c.avx512f && c.avx512vl && c.avx512dq && c.avx512bw && c.avx512cd;
  const bool avx3_dl = avx3 && c.vnni && c.vpclmulqdq && c.vbmi && c.vbmi2 &&
                       c.vaes && c.popcntdq && c.bitalg && c.gfni;
  if (ssse3) bits |= HWY_SSSE3;
  if (sse4) bits |= HWY_SSE4;
  if (avx2) bits |= HWY_AVX2;
  if (avx3) bits |= HWY_AVX3;
  if (avx3_dl) bits |= HWY_AVX3_DL;
  // The OS must save the wider registers across context switches.
  const int64_t need_ymm = HWY_AVX2 | HWY_AVX3 | HWY_AVX3_DL;
  const int64_t need_zmm = HWY_AVX3 | HWY_AVX3_DL;
  if (!c.osxsave) {
    bits &= ~need_ymm;  // no XGETBV: the OS state cannot be known
  } else {
    uint32_t xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if (!Bit(xcr0_lo, 1) || !Bit(xcr0_lo, 2)) bits &= ~need_ymm;  // XMM, YMM
    if (!Bit(xcr0_lo, 5) || !Bit(xcr0_lo, 6) || !Bit(xcr0_lo, 7)) {
      bits &= ~need_zmm;  // opmask, ZMM_Hi256, Hi16_ZMM
    }
  }
  if ((bits & HWY_ENABLED_BASELINE) != HWY_ENABLED_BASELINE) {
    std::fprintf(stderr,
                 "WARNING: CPU supports 0x%016llx, software requires "
                 "0x%016llx\n",
                 static_cast<unsigned long long>(bits),
                 static_cast<unsigned long long>(HWY_ENABLED_BASELINE));
  }
  return bits;
}

}  // namespace

HWY_DLLEXPORT int64_t SupportedTargets() {
  int64_t targets = supported_targets_for_test;
  if (HWY_LIKELY(targets == 0)) {
    // One CPUID pass per process: the answer does not change.
    static const int64_t detected = DetectTargets();
    targets = detected;
  }
  targets &= supported_mask;
  return targets == 0 ? HWY_STATIC_TARGET : targets;
}

HWY_DLLEXPORT void DisableTargets(int64_t disabled_targets) {
  supported_mask = static_cast<int64_t>(~disabled_targets);
  // Takes effect at the next dispatch, which calls SupportedTargets.
  GetChosenTarget().DeInit();
}

HWY_DLLEXPORT void SetSupportedTargetsForTest(int64_t targets) {
  supported_targets_for_test = targets;
  GetChosenTarget().DeInit();
}

HWY_DLLEXPORT ChosenTarget& GetChosenTarget() {
  static ChosenTarget chosen;
  return chosen;
}

}  // namespace hwy
