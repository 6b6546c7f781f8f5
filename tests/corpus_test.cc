// Copyright 2026 The gdwire Authors.
//
// Every real-engine corpus case (Godot 4.6.3 and 3.2.3, Pandemonium 5.3
// and 4.9) against the
// reference codec:
//   * value cases: decoding succeeds and uses every byte; re-encoding gives
//     the engine's exact bytes (don't-care: NodePath padding, object ids);
//   * decode cases: the engine's verdict (accept with the same re-encoding,
//     or reject with the same Godot error code).

#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

namespace gdwire {
namespace {

using testing::CorpusCase;

class CorpusTest : public ::testing::TestWithParam<CorpusCase> {};

// Values the engine itself does not round-trip: a string that starts with
// a BOM (written, then stripped on decode) and a null Object (written as
// NIL).
bool RoundTripsInEngine(const Variant& v) {
  switch (v.type()) {
    case Type::kString:
    case Type::kStringName:
      return v.as_string().rfind("\xEF\xBB\xBF", 0) != 0;
    case Type::kObject:
      if (v.object().kind == Object::Kind::kNull) return false;
      for (const auto& p : v.object().properties) {
        if (!RoundTripsInEngine(p.second)) return false;
      }
      return true;
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      // Without full objects an Object-typed array loses its class name.
      if (v.array().element_type.kind == ContainerType::Kind::kClassName &&
          v.array().element_type.name != "EncodedObjectAsID") {
        return false;
      }
      [[fallthrough]];
    case Type::kArray:
      for (const auto& e : v.array().items) {
        if (!RoundTripsInEngine(e)) return false;
      }
      return true;
    case Type::kDictionary:
      for (const auto& kv : v.dictionary().entries) {
        if (!RoundTripsInEngine(kv.first) || !RoundTripsInEngine(kv.second)) {
          return false;
        }
      }
      return true;
    default:
      return true;
  }
}

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

TEST_P(CorpusTest, ReferenceCodecAgreesWithEngine) {
  const CorpusCase& c = GetParam();
  DecodeOptions dopts;
  dopts.dialect = c.dialect;
  dopts.allow_objects = c.full_objects;
  EncodeOptions eopts;
  eopts.dialect = c.dialect;
  eopts.full_objects = c.full_objects;
  // A Pandemonium engine reads some of its own bytes wrongly (the "engine"
  // cases, and mutated inputs where a defect decides the verdict): there the
  // reference codec emulating the defects must give the engine's verdict,
  // value and bytes exactly.
  if (c.kind == "engine" || (c.kind == "decode" && testing::DefectMatters(c))) {
    dopts.pandemonium_engine_defects = true;
    eopts.pandemonium_engine_defects = true;
  }
  Variant v;
  size_t used = 0;
  Error e = reference::DecodeValue(Bytes(c.input), dopts, &v, &used);
  if (!c.expect_accept) {
    ASSERT_FALSE(e.ok()) << "engine rejects, we accepted: " << v.DebugString();
    if (!c.godot_error.empty()) {
      EXPECT_EQ(testing::GodotErrorName(e.godot_error), c.godot_error)
          << e.ToString();
    }
    return;
  }
  ASSERT_TRUE(e.ok()) << e.ToString();
  if (c.kind == "value") EXPECT_EQ(used, c.input.size());
  auto out = reference::Encode(v, eopts);
  ASSERT_TRUE(out.ok()) << out.status();
  if (v.type() == Type::kObject && v.object().kind == Object::Kind::kNull) {
    // A null Object is written as a bare NIL (spec §3.1).
    EXPECT_EQ(absl::BytesToHexString(*out), "00000000");
    return;
  }
  EXPECT_TRUE(testing::MatchesEngineBytes(c, *out))
      << "ours:   " << absl::BytesToHexString(*out) << "\nengine: "
      << absl::BytesToHexString(
             c.has_reencoded && c.kind == "decode" ? c.reencoded : c.input);
  if (dopts.pandemonium_engine_defects) return;  // the engine's own misreads
  // Our own bytes decode to the same value.
  auto again = reference::Decode(Bytes(*out), dopts);
  ASSERT_TRUE(again.ok()) << again.status();
  if (RoundTripsInEngine(v)) EXPECT_EQ(*again, v);
}

std::string CaseName(const ::testing::TestParamInfo<CorpusCase>& info) {
  return testing::SafeName(info.param.kind + "_" + info.param.name);
}

INSTANTIATE_TEST_SUITE_P(Godot4, CorpusTest,
                         ::testing::ValuesIn(testing::LoadCorpus("godot4")),
                         CaseName);
INSTANTIATE_TEST_SUITE_P(Godot3, CorpusTest,
                         ::testing::ValuesIn(testing::LoadCorpus("godot3")),
                         CaseName);
// Pandemonium 5.3 and 4.9 (tests/corpus_cases.py: where the engine cannot
// read back its own bytes, the value it encoded and exactly its bytes).
INSTANTIATE_TEST_SUITE_P(
    Pandemonium, CorpusTest,
    ::testing::ValuesIn(testing::LoadCorpus("pandemonium")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    Pandemonium4, CorpusTest,
    ::testing::ValuesIn(testing::LoadCorpus("pandemonium4")), CaseName);
// Typed arrays of every element type, nested, with full objects
// (recording/corpus/gen_pandemonium_typed.gd).
INSTANTIATE_TEST_SUITE_P(
    PandemoniumTyped, CorpusTest,
    ::testing::ValuesIn(testing::LoadCorpus("pandemonium_typed")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    PandemoniumTypedEngineReadBack, CorpusTest,
    ::testing::ValuesIn(testing::LoadCorpus("pandemonium_typed", "engine")),
    CaseName);
INSTANTIATE_TEST_SUITE_P(PandemoniumEngineReadBack, CorpusTest,
                         ::testing::ValuesIn(testing::LoadCorpus("pandemonium",
                                                                 "engine")),
                         CaseName);
INSTANTIATE_TEST_SUITE_P(Pandemonium4EngineReadBack, CorpusTest,
                         ::testing::ValuesIn(testing::LoadCorpus("pandemonium4",
                                                                 "engine")),
                         CaseName);

// The share of mutated Pandemonium inputs a defect decides stays small (and
// is counted, so a change shows).
TEST(CorpusTest, PandemoniumDefectsDecideFewVerdicts) {
  for (const char* dir : {"pandemonium", "pandemonium4"}) {
    int n = 0, defect = 0;
    for (const auto& c : testing::LoadCorpus(dir, "decode")) {
      ++n;
      defect += testing::DefectMatters(c);
    }
    std::printf("%s: %d of %d mutated inputs decided by an engine defect\n",
                dir, defect, n);
    EXPECT_GT(n, 40);
    EXPECT_LT(defect, n / 5);
  }
}

}  // namespace
}  // namespace gdwire
