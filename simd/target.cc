// Copyright 2026 The gdwire Authors.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/target.cc"
#include "simd/target.h"

#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {

const char* TargetNameImpl() { return hwy::TargetName(HWY_TARGET); }

}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace gdwire {
namespace simd {
namespace {

std::vector<std::string> Names(int64_t targets) {
  std::vector<std::string> names;
  // Lower bits are better targets on x86 (HWY_AVX3 < HWY_AVX2 < ...).
  for (int i = 0; i < 63; ++i) {
    const int64_t bit = int64_t{1} << i;
    if (targets & bit) names.push_back(hwy::TargetName(bit));
  }
  return names;
}

}  // namespace

HWY_EXPORT(TargetNameImpl);

const char* TargetName() { return HWY_DYNAMIC_DISPATCH(TargetNameImpl)(); }

std::vector<std::string> CompiledTargetNames() { return Names(HWY_TARGETS); }

std::vector<std::string> SupportedTargetNames() {
  return Names(hwy::SupportedTargets() & HWY_TARGETS);
}

}  // namespace simd
}  // namespace gdwire
#endif  // HWY_ONCE
