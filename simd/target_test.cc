// Copyright 2026 The gdwire Authors.

#include "simd/target.h"

#include <cstdio>
#include <string>

#include "gtest/gtest.h"
#include "hwy/highway.h"
#include "hwy/tests/hwy_gtest.h"

namespace gdwire {
namespace simd {
namespace {

class TargetTest : public hwy::TestWithParamTarget {};
HWY_TARGET_INSTANTIATE_TEST_SUITE_P(TargetTest);

// Forcing a target (SetSupportedTargetsForTest) changes what the kernels
// dispatch to; TargetName() follows it.
TEST_P(TargetTest, DispatchFollowsForcedTarget) {
  EXPECT_STREQ(TargetName(), hwy::TargetName(GetParam()));
}

TEST(Target, PrintTargets) {
  std::printf("compiled targets:");
  for (const std::string& t : CompiledTargetNames())
    std::printf(" %s", t.c_str());
  std::printf("\nsupported targets:");
  for (const std::string& t : SupportedTargetNames())
    std::printf(" %s", t.c_str());
  std::printf("\nchosen target: %s\n", TargetName());
  EXPECT_FALSE(CompiledTargetNames().empty());
  EXPECT_FALSE(SupportedTargetNames().empty());
  EXPECT_EQ(SupportedTargetNames().front(), TargetName());
}

}  // namespace
}  // namespace simd
}  // namespace gdwire
