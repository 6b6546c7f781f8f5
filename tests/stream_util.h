// Copyright 2026 The gdwire Authors.
//
// tests/stream_util.h: helpers to run the push parser over a buffer cut
// into given pieces and to compare its outcome with the reference
// decoder's (used by the differential tests, the fuzz target and the
// benchmarks).

#ifndef GDWIRE_TESTS_STREAM_UTIL_H_
#define GDWIRE_TESTS_STREAM_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace testing {

struct Outcome {
  bool ok = false;
  Variant value;
  size_t consumed = 0;
  Error error;
};

// The reference decoder on the whole buffer (trailing bytes ignored).
Outcome ReferenceOutcome(absl::Span<const uint8_t> bytes,
                         const DecodeOptions& opts);

// The push parser (DOM handler) fed `bytes` in pieces ending at `cuts`
// (ascending, any values; the last piece ends at bytes.size()), stopping
// after the first value.
Outcome StreamOutcome(absl::Span<const uint8_t> bytes,
                      const DecodeOptions& opts,
                      const std::vector<size_t>& cuts);

// "" when the outcomes agree (value, consumed; or error kind, offset, path,
// Godot error code), else a description of the difference.
std::string Compare(const Outcome& want, const Outcome& got);

// A normalised log of every event the parser emits for the first value
// (string parts joined, chunks joined, with checks that part flags and
// chunk indexes are consistent); equal for every split of the same bytes.
std::string EventLog(absl::Span<const uint8_t> bytes, const DecodeOptions& opts,
                     const std::vector<size_t>& cuts);

// Random cut points with pieces of 1..max_piece bytes.
std::vector<size_t> RandomCuts(std::mt19937_64* rng, size_t n,
                               size_t max_piece);
// Every byte its own piece.
std::vector<size_t> EveryByte(size_t n);

inline absl::Span<const uint8_t> AsBytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

}  // namespace testing
}  // namespace gdwire

#endif  // GDWIRE_TESTS_STREAM_UTIL_H_
