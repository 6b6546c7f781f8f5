// Copyright 2026 The gdwire Authors.
//
// tests/message_cases.h: the messages the differential tests of the
// writers that read a document (codec/text:element_json_test,
// element_text_test) run on: every input of every engine corpus in four
// option variants, and random values of every dialect encoded by the
// reference encoder. Each comes with the options to parse it with and a
// name for failure messages.
//
//   int cases = gdwire::testing::ForEachCorpusMessage(
//       [&](const std::string& bytes, const gdwire::DecodeOptions& opts,
//           const std::string& what) { Check(bytes, opts, what); });

#ifndef GDWIRE_TESTS_MESSAGE_CASES_H_
#define GDWIRE_TESTS_MESSAGE_CASES_H_

#include <cstdint>
#include <functional>
#include <string>

#include "codec/options.h"

namespace gdwire {
namespace testing {

using MessageFn =
    std::function<void(const std::string& bytes, const DecodeOptions& opts,
                       const std::string& what)>;

// Every case of the godot4, godot3, pandemonium, pandemonium4 and
// pandemonium_typed corpora, with real_is_double off and on and objects
// allowed or not (full-object cases always allowed). Stops at the first
// fatal gtest failure. Returns the number of corpus cases.
int ForEachCorpusMessage(const MessageFn& fn);

// `per` random values (tests/random_variant.h) for each dialect and
// real_is_double, encoded with full objects and parsed with objects
// allowed; values the dialect cannot hold are skipped. `seed` varies the
// values. Stops at the first fatal gtest failure.
void ForEachRandomMessage(uint64_t seed, int per, const MessageFn& fn);

}  // namespace testing
}  // namespace gdwire

#endif  // GDWIRE_TESTS_MESSAGE_CASES_H_
