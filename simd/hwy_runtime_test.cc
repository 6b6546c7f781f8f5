// Copyright 2026 The gdwire Authors.
//
// simd/internal/hwy_runtime.cc, gdwire's own copy of Highway's runtime
// target selection, against libhwy.so's (loaded here with dlopen only).

#include <dlfcn.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "hwy/highway.h"
#include "hwy/targets.h"
#include "simd/target.h"

namespace gdwire {
namespace simd {
namespace {

bool LibhwyMapped() {
  std::ifstream maps("/proc/self/maps");
  std::stringstream text;
  text << maps.rdbuf();
  return text.str().find("libhwy") != std::string::npos;
}

// //simd brings its own runtime: linking it does not load libhwy.so (and
// its load-time initializer).
TEST(HwyRuntime, LibhwyIsNotLoaded) {
  (void)TargetName();  // a dispatch
  EXPECT_FALSE(LibhwyMapped());
}

// The targets this CPU supports, as libhwy 1.0.3 itself detects them.
TEST(HwyRuntime, SameTargetsAsLibhwy) {
  const int64_t ours = hwy::SupportedTargets();
  void* lib = dlopen("libhwy.so.1", RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(lib, nullptr) << dlerror();
  using Fn = int64_t (*)();
  // dlsym on the library's handle finds libhwy's own definition, not the
  // executable's.
  auto theirs = reinterpret_cast<Fn>(dlsym(lib, "_ZN3hwy16SupportedTargetsEv"));
  ASSERT_NE(theirs, nullptr) << dlerror();
  std::printf("gdwire 0x%016llx libhwy 0x%016llx\n",
              static_cast<unsigned long long>(ours),
              static_cast<unsigned long long>(theirs()));
  EXPECT_EQ(ours, theirs());
  EXPECT_EQ(ours & HWY_ENABLED_BASELINE, HWY_ENABLED_BASELINE);
}

// The best compiled target the CPU supports is the one dispatched to.
TEST(HwyRuntime, DispatchTakesTheBestTarget) {
  const int64_t usable = hwy::SupportedTargets() & HWY_TARGETS;
  ASSERT_NE(usable, 0);
  const int64_t best = usable & -usable;  // lowest bit: the best target
  EXPECT_STREQ(TargetName(), hwy::TargetName(best));
}

// The forcing the per-target tests use, and DisableTargets.
TEST(HwyRuntime, ForcingAndDisablingTargets) {
  const int64_t usable = hwy::SupportedTargets() & HWY_TARGETS;
  for (int bit = 0; bit < 63; ++bit) {
    const int64_t t = int64_t{1} << bit;
    if ((usable & t) == 0) continue;
    hwy::SetSupportedTargetsForTest(t);
    EXPECT_EQ(hwy::SupportedTargets(), t);
    EXPECT_STREQ(TargetName(), hwy::TargetName(t));
  }
  hwy::SetSupportedTargetsForTest(0);
  const int64_t best = usable & -usable;
  if (usable != best) {
    hwy::DisableTargets(best);
    const int64_t next = (usable & ~best) & -(usable & ~best);
    EXPECT_STREQ(TargetName(), hwy::TargetName(next));
    hwy::DisableTargets(0);
  }
  EXPECT_STREQ(TargetName(), hwy::TargetName(best));
}

}  // namespace
}  // namespace simd
}  // namespace gdwire
