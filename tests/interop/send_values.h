// Copyright 2026 The gdwire Authors.
//
// tests/interop/send_values.h: the values the interop echo server
// (echo_server.cc) sends in "send" mode: random values of the dialect
// (tests/random_variant.h), every type first, a large packed array now and
// then, leaving out what the dialect's engine cannot read back or compare
// (Godot 3.2.3's pool-array Dictionary keys, Pandemonium's decoding
// defects; docs/PANDEMONIUM.md).
//
//   SendValues values(seed, Dialect::kGodot4);
//   for (uint64_t i = 0; i < count; ++i) Send(values.Make(i));

#ifndef GDWIRE_TESTS_INTEROP_SEND_VALUES_H_
#define GDWIRE_TESTS_INTEROP_SEND_VALUES_H_

#include <cstdint>

#include "codec/types.h"
#include "codec/variant.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace interop {

class SendValues {
 public:
  SendValues(uint64_t seed, Dialect dialect) : rng_(seed), dialect_(dialect) {}

  // The value sent as the i-th (from 0).
  Variant Make(uint64_t i);

  // Values made and left out (the engine could not have taken them back).
  uint64_t skipped() const { return skipped_; }

 private:
  Variant MakeOnce(uint64_t i);

  testing::RandomVariant rng_;
  const Dialect dialect_;
  uint64_t skipped_ = 0;
};

}  // namespace interop
}  // namespace gdwire

#endif  // GDWIRE_TESTS_INTEROP_SEND_VALUES_H_
