// Copyright 2026 The gdwire Authors.
//
// tests/random_variant.h: random Variants of every type a dialect has,
// nested, for property tests, differential tests, fuzz seeds and
// benchmarks. Every value it makes survives encode -> decode unchanged
// (`==`) under the options it is made for.

#ifndef GDWIRE_TESTS_RANDOM_VARIANT_H_
#define GDWIRE_TESTS_RANDOM_VARIANT_H_

#include <cstdint>
#include <random>

#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace testing {

struct RandomOptions {
  Dialect dialect = Dialect::kGodot4;
  int max_depth = 4;
  int max_items = 6;    // container sizes
  int max_packed = 40;  // packed array sizes
  bool objects = true;  // full objects (needs full_objects/allow_objects)
  bool real_is_double = false;
};

class RandomVariant {
 public:
  explicit RandomVariant(uint64_t seed) : rng_(seed) {}
  Variant Make(const RandomOptions& o) { return Value(o, 0); }
  Variant OfType(Type t, const RandomOptions& o) { return Typed(t, o, 0); }
  std::mt19937_64& rng() { return rng_; }

 private:
  Variant Value(const RandomOptions& o, int depth);
  Variant Typed(Type t, const RandomOptions& o, int depth);
  double Real(const RandomOptions& o);
  float F32();
  double F64();
  std::string Text(const RandomOptions& o);
  uint64_t Below(uint64_t n) { return n == 0 ? 0 : rng_() % n; }

  std::mt19937_64 rng_;
};

}  // namespace testing
}  // namespace gdwire

#endif  // GDWIRE_TESTS_RANDOM_VARIANT_H_
