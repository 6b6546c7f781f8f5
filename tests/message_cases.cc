// Copyright 2026 The gdwire Authors.

#include "tests/message_cases.h"

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "codec/reference/encoder.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace testing {

int ForEachCorpusMessage(const MessageFn& fn) {
  int cases = 0;
  for (const char* corpus : {"godot4", "godot3", "pandemonium", "pandemonium4",
                             "pandemonium_typed"}) {
    for (const CorpusCase& c : LoadCorpus(corpus)) {
      for (int variant = 0; variant < 4; ++variant) {
        DecodeOptions opts;
        opts.dialect = c.dialect;
        opts.real_is_double = (variant & 1) != 0;
        opts.allow_objects = (variant & 2) != 0 || c.full_objects;
        fn(c.input, opts,
           absl::StrCat(corpus, " ", c.name, " variant ", variant));
        if (::testing::Test::HasFatalFailure()) return cases;
      }
      ++cases;
    }
  }
  return cases;
}

void ForEachRandomMessage(uint64_t seed, int per, const MessageFn& fn) {
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3, Dialect::kPandemonium,
                    Dialect::kPandemonium4}) {
    for (bool real_is_double : {false, true}) {
      RandomVariant gen(static_cast<uint64_t>(d) * seed + real_is_double);
      RandomOptions ro;
      ro.dialect = d;
      ro.real_is_double = real_is_double;
      for (int i = 0; i < per; ++i) {
        const Variant v = gen.Make(ro);
        EncodeOptions eo;
        eo.dialect = d;
        eo.full_objects = true;
        eo.real_is_double = real_is_double;
        absl::StatusOr<std::string> bytes = reference::Encode(v, eo);
        if (!bytes.ok()) continue;  // not representable in this dialect
        DecodeOptions opts;
        opts.dialect = d;
        opts.allow_objects = true;
        opts.real_is_double = real_is_double;
        fn(*bytes, opts,
           absl::StrCat("dialect ", static_cast<int>(d), " double ",
                        real_is_double, " #", i));
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

}  // namespace testing
}  // namespace gdwire
