// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: simd/target.h
// -----------------------------------------------------------------------------
//
// Which Highway target the gdwire SIMD kernels dispatch to. Every kernel in
// //simd is compiled once per target in HWY_TARGETS (AVX3, AVX2, SSE4, SSSE3
// with the project's -march=x86-64-v2) and the best one this CPU supports is
// chosen on first use (Highway dynamic dispatch).
//
// Example:
//
//   std::printf("gdwire SIMD target: %s\n", gdwire::simd::TargetName());
//   // gdwire SIMD target: AVX3

#ifndef GDWIRE_SIMD_TARGET_H_
#define GDWIRE_SIMD_TARGET_H_

#include <string>
#include <vector>

namespace gdwire {
namespace simd {

// TargetName()
//
// Name of the Highway target the kernels dispatch to now, e.g. "AVX2".
const char* TargetName();

// CompiledTargetNames()
//
// Names of all targets compiled into //simd (HWY_TARGETS), best first.
std::vector<std::string> CompiledTargetNames();

// SupportedTargetNames()
//
// Names of the compiled targets this CPU can run, best first.
std::vector<std::string> SupportedTargetNames();

}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_TARGET_H_
