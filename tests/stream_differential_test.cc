// Copyright 2026 The gdwire Authors.
//
// The push parser against the reference decoder: on every real-engine
// corpus case, thousands of random values and mutated inputs, fed whole,
// split at every byte, in 1-byte pieces and in random pieces, it gives
// exactly the reference's value (and length) or the reference's error
// (kind, offset, path, Godot error code); every truncation likewise. Its
// events are the same for every split.

#include <random>
#include <string>
#include <vector>

#include "codec/reference/encoder.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"
#include "tests/random_variant.h"
#include "tests/stream_util.h"

namespace gdwire {
namespace {

// Sanitizer builds run 5-10x slower: they check a sample of the same work.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kSample = 4;
#else
constexpr int kSample = 1;
#endif

using testing::AsBytes;
using testing::Compare;
using testing::CorpusCase;
using testing::EventLog;
using testing::EveryByte;
using testing::RandomCuts;
using testing::ReferenceOutcome;
using testing::StreamOutcome;

DecodeOptions OptionsOf(const CorpusCase& c) {
  DecodeOptions d;
  d.dialect = c.dialect;
  d.allow_objects = c.full_objects;
  return d;
}

// Checks one input under every kind of split. Returns false on the first
// difference (reported through gtest).
bool CheckAllSplits(const std::string& input, const DecodeOptions& d,
                    std::mt19937_64* rng, const std::string& name,
                    bool events = true) {
  const auto bytes = AsBytes(input);
  const testing::Outcome want = ReferenceOutcome(bytes, d);
  std::vector<std::vector<size_t>> splits;
  splits.push_back({});
  if (input.size() <= 2048 / kSample) {
    for (size_t cut = 1; cut < input.size(); ++cut) splits.push_back({cut});
  } else {
    for (int i = 0; i < 64; ++i) splits.push_back({(*rng)() % input.size()});
  }
  if (input.size() <= (size_t{1} << 17))
    splits.push_back(EveryByte(input.size()));
  const bool large = input.size() > 65536;
  for (size_t max_piece : {2, 3, 7, 16, 64, 1400}) {
    splits.push_back(
        RandomCuts(rng, input.size(), large ? max_piece * 97 : max_piece));
  }
  const std::string whole_events = events ? EventLog(bytes, d, {}) : "";
  for (size_t i = 0; i < splits.size(); ++i) {
    const std::string diff = Compare(want, StreamOutcome(bytes, d, splits[i]));
    if (!diff.empty()) {
      ADD_FAILURE() << name << " (split #" << i << ", " << splits[i].size() + 1
                    << " pieces): " << diff;
      return false;
    }
    // Events are the same however the bytes are cut (checked on a sample
    // of the splits, the log being slow to build).
    if (events && (i == splits.size() - 1 || i % 97 == 1)) {
      const std::string got = EventLog(bytes, d, splits[i]);
      if (got != whole_events) {
        ADD_FAILURE() << name << ": events differ for split #" << i
                      << "\nwhole:\n"
                      << whole_events.substr(0, 2000) << "\nsplit:\n"
                      << got.substr(0, 2000);
        return false;
      }
    }
  }
  return true;
}

class StreamCorpusTest : public ::testing::TestWithParam<CorpusCase> {};

TEST_P(StreamCorpusTest, AgreesWithReferenceOnEverySplit) {
  const CorpusCase& c = GetParam();
  std::mt19937_64 rng(std::hash<std::string>()(c.name));
  CheckAllSplits(c.input, OptionsOf(c), &rng, c.name);
}

TEST_P(StreamCorpusTest, AgreesWithReferenceOnEveryTruncation) {
  const CorpusCase& c = GetParam();
  std::mt19937_64 rng(std::hash<std::string>()(c.name) + 1);
  const DecodeOptions d = OptionsOf(c);
  const size_t n = c.input.size();
  // Every prefix of the small cases; 64 of the large ones, cut into
  // pieces of a size that keeps the test fast.
  const size_t step = n <= 4096 / kSample ? 1 : n / (64 / kSample);
  const size_t max_piece = n <= 65536 ? 5 : 1400;
  for (size_t k = 0; k < n; k += step) {
    const auto prefix = AsBytes(c.input).subspan(0, k);
    const testing::Outcome want = ReferenceOutcome(prefix, d);
    for (const auto& cuts :
         {std::vector<size_t>{}, RandomCuts(&rng, k, max_piece)}) {
      const std::string diff = Compare(want, StreamOutcome(prefix, d, cuts));
      ASSERT_TRUE(diff.empty()) << "first " << k << " bytes: " << diff;
    }
  }
}

std::vector<CorpusCase> DecodableCases(const std::string& dir) {
  std::vector<CorpusCase> out;
  for (CorpusCase& c : testing::LoadCorpus(dir)) {
    if (c.kind != "frame") out.push_back(std::move(c));
  }
  return out;
}

std::string CaseName(const ::testing::TestParamInfo<CorpusCase>& info) {
  return testing::SafeName(info.param.kind + "_" + info.param.name);
}

INSTANTIATE_TEST_SUITE_P(Godot4, StreamCorpusTest,
                         ::testing::ValuesIn(DecodableCases("godot4")),
                         CaseName);
INSTANTIATE_TEST_SUITE_P(Godot3, StreamCorpusTest,
                         ::testing::ValuesIn(DecodableCases("godot3")),
                         CaseName);
INSTANTIATE_TEST_SUITE_P(Pandemonium, StreamCorpusTest,
                         ::testing::ValuesIn(DecodableCases("pandemonium")),
                         CaseName);
INSTANTIATE_TEST_SUITE_P(Pandemonium4, StreamCorpusTest,
                         ::testing::ValuesIn(DecodableCases("pandemonium4")),
                         CaseName);
INSTANTIATE_TEST_SUITE_P(
    PandemoniumTyped, StreamCorpusTest,
    ::testing::ValuesIn(DecodableCases("pandemonium_typed")), CaseName);

struct Config {
  Dialect dialect;
  bool real_is_double;
  bool allow_objects;
};

class StreamRandomTest : public ::testing::TestWithParam<Config> {};

TEST_P(StreamRandomTest, RandomValuesAndTheirTruncations) {
  const Config cfg = GetParam();
  testing::RandomOptions ro;
  ro.dialect = cfg.dialect;
  ro.real_is_double = cfg.real_is_double;
  EncodeOptions eo;
  eo.dialect = cfg.dialect;
  // Objects are written in full; with allow_objects off both decoders
  // must refuse them the same way.
  eo.full_objects = true;
  eo.real_is_double = cfg.real_is_double;
  DecodeOptions d;
  d.dialect = cfg.dialect;
  d.allow_objects = cfg.allow_objects;
  d.real_is_double = cfg.real_is_double;
  testing::RandomVariant gen(99 + static_cast<int>(cfg.dialect) * 3 +
                             cfg.real_is_double * 5 + cfg.allow_objects);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 1200 / kSample; ++i) {
    const Variant v = gen.Make(ro);
    auto bytes = reference::Encode(v, eo);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    if (!CheckAllSplits(*bytes, d, &rng, absl::StrCat("value #", i),
                        i % 10 == 0)) {
      return;
    }
    if (i % 6 != 0) continue;
    for (size_t k = 0; k < bytes->size(); ++k) {
      const auto prefix = AsBytes(*bytes).subspan(0, k);
      const std::string diff =
          Compare(ReferenceOutcome(prefix, d),
                  StreamOutcome(prefix, d, RandomCuts(&rng, k, 9)));
      ASSERT_TRUE(diff.empty()) << "value #" << i << ", " << k << " of "
                                << bytes->size() << " bytes: " << diff;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Dialects, StreamRandomTest,
    ::testing::Values(Config{Dialect::kGodot4, false, true},
                      Config{Dialect::kGodot4, false, false},
                      Config{Dialect::kGodot4, true, true},
                      Config{Dialect::kGodot3, false, true},
                      Config{Dialect::kGodot3, false, false},
                      Config{Dialect::kPandemonium, false, true},
                      Config{Dialect::kPandemonium, false, false},
                      Config{Dialect::kPandemonium4, false, true}),
    [](const ::testing::TestParamInfo<Config>& info) {
      return std::string(DialectName(info.param.dialect)) +
             (info.param.real_is_double ? "_double" : "") +
             (info.param.allow_objects ? "_objects" : "");
    });

// Malformed inputs: corpus cases with bytes flipped, inserted, removed,
// header ids replaced, lengths and counts made huge or negative.
TEST(StreamMutationTest, MutatedCorpusInputs) {
  std::mt19937_64 rng(2026);
  std::vector<CorpusCase> cases = DecodableCases("godot4");
  for (const char* dir : {"godot3", "pandemonium", "pandemonium4"}) {
    for (CorpusCase& c : DecodableCases(dir)) cases.push_back(c);
  }
  int checked = 0;
  for (int iter = 0; iter < 30000 / kSample; ++iter) {
    const CorpusCase& c = cases[rng() % cases.size()];
    if (c.input.size() > 65536) continue;
    std::string s = c.input;
    const int edits = 1 + rng() % 3;
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const size_t at = rng() % s.size();
      switch (rng() % 6) {
        case 0:
          s[at] = static_cast<char>(rng());
          break;
        case 1:
          s[at] ^= static_cast<char>(1 << (rng() % 8));
          break;
        case 2:
          s.insert(at, 1, static_cast<char>(rng()));
          break;
        case 3:
          s.erase(at, 1 + rng() % 4);
          break;
        case 4: {  // a word made huge, negative or small
          static const uint32_t kWords[] = {0xFFFFFFFF, 0x80000000, 0x7FFFFFFF,
                                            0x40000000, 1,          0,
                                            2,          3,          0x10000};
          const uint32_t w = kWords[rng() % 9];
          const size_t a = at & ~size_t{3};
          for (int k = 0; k < 4 && a + k < s.size(); ++k) {
            s[a + k] = static_cast<char>(w >> (8 * k));
          }
          break;
        }
        default:
          s[at & ~size_t{3}] = static_cast<char>(rng() % 45);
          break;
      }
    }
    DecodeOptions d = OptionsOf(c);
    d.allow_objects = rng() % 2;
    if (rng() % 4 == 0) d.max_depth = rng() % 8;
    const auto bytes = AsBytes(s);
    const testing::Outcome want = ReferenceOutcome(bytes, d);
    for (size_t max_piece : {size_t{1}, size_t{5}, size_t{4096}}) {
      const std::string diff = Compare(
          want, StreamOutcome(bytes, d, RandomCuts(&rng, s.size(), max_piece)));
      ASSERT_TRUE(diff.empty())
          << c.name << " mutated (iteration " << iter << "): " << diff;
    }
    ++checked;
  }
  EXPECT_GT(checked, 20000 / kSample);
}

// Error paths through long Dictionary keys and property names: cut at 64
// bytes of text as the reference cuts them, however the key arrives.
TEST(StreamPathTest, LongKeysAndPropertyNames) {
  std::mt19937_64 rng(64);
  for (size_t len : {size_t{63}, size_t{64}, size_t{65}, size_t{1023},
                     size_t{1024}, size_t{1025}, size_t{5000}}) {
    for (bool overlong : {false, true}) {
      std::vector<std::string> inputs;
      if (!overlong) {
        const std::string key(len, 'k');
        Dictionary d;
        d.Set(Variant::String(key), Variant::MakeArray());
        Object o;
        o.kind = Object::Kind::kFull;
        o.class_name = "Node";
        o.properties.emplace_back(key, Variant::Int(1));
        for (const Variant& v :
             {Variant::MakeDictionary(d), Variant::MakeObject(o)}) {
          EncodeOptions eo;
          eo.full_objects = true;
          auto bytes = reference::Encode(v, eo);
          ASSERT_TRUE(bytes.ok()) << bytes.status();
          inputs.push_back(*bytes);
        }
      } else {
        // godot3 {key: []} with a key of overlong forms (E0 9F BF, which
        // Godot 3 accepts and shortens to DF BF), written by hand.
        std::string key;
        while (key.size() + 3 <= len) key += "\xE0\x9F\xBF";
        std::string b;
        auto u32 = [&b](uint32_t v) {
          b.append(reinterpret_cast<const char*>(&v), 4);
        };
        u32(18);  // godot3 Dictionary
        u32(1);
        u32(4);  // String
        u32(static_cast<uint32_t>(key.size()));
        b += key;
        b.append((4 - key.size() % 4) % 4, '\0');
        u32(19);  // godot3 Array
        u32(0);
        inputs.push_back(b);
      }
      for (const std::string& input : inputs) {
        DecodeOptions d4;
        d4.dialect = overlong ? Dialect::kGodot3 : Dialect::kGodot4;
        d4.allow_objects = true;
        const std::string* bytes = &input;
        // Cut inside the value that follows the key: the error's path
        // names the key.
        const auto prefix = AsBytes(*bytes).subspan(0, bytes->size() - 2);
        const testing::Outcome want = ReferenceOutcome(prefix, d4);
        ASSERT_FALSE(want.ok);
        for (size_t piece : {size_t{1}, size_t{7}, size_t{100000}}) {
          const std::string diff = Compare(
              want, StreamOutcome(prefix, d4,
                                  RandomCuts(&rng, prefix.size(), piece)));
          ASSERT_TRUE(diff.empty()) << "key of " << len << " bytes: " << diff;
        }
      }
    }
  }
}

}  // namespace
}  // namespace gdwire
