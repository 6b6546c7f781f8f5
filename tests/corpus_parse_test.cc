// Copyright 2026 The gdwire Authors.
//
// Godot text -> value -> bytes on every real-engine corpus case that has
// the engine's own text (var_to_str 4.6.3 / var2str 3.2.3 of its decode):
//
//   * FromText reads the engine's text, and ToText of the value gives the
//     engine's text back exactly;
//   * the value encodes to the engine's bytes (MatchesEngineBytes), or at
//     least equals reference::Decode(engine bytes), or equals it up to the
//     order of Dictionary entries (the engines write keys sorted, not in
//     insertion order). Where the text itself has lost information (Godot
//     3 prints floats with 6 digits, an RID as nothing, -0.0 as 0.0) only
//     the text round trip holds; those cases are listed with the reason.

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/reference/utf8.h"
#include "codec/text/parse.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

namespace gdwire {
namespace {

using testing::CorpusCase;

// The manifests spell code points JSON cannot hold (lone surrogates, >
// U+10FFFF) "\u{XXXX}"; the engine's text holds them as Godot 3's
// generalised UTF-8.
std::string EngineText(const std::string& s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 3, "\\u{") == 0) {
      const size_t end = s.find('}', i);
      uint32_t cp = 0;
      if (end != std::string::npos &&
          absl::SimpleHexAtoi(s.substr(i + 3, end - i - 3), &cp)) {
        reference::AppendCodePoint(cp, &out);
        i = end + 1;
        continue;
      }
    }
    out.push_back(s[i++]);
  }
  return out;
}

// Equality that ignores the order of Dictionary entries (at any depth).
bool SameUpToKeyOrder(const Variant& a, const Variant& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Type::kArray: {
      const Array& x = a.array();
      const Array& y = b.array();
      if (x.element_type != y.element_type || x.items.size() != y.items.size())
        return false;
      for (size_t i = 0; i < x.items.size(); ++i) {
        if (!SameUpToKeyOrder(x.items[i], y.items[i])) return false;
      }
      return true;
    }
    case Type::kDictionary: {
      const Dictionary& x = a.dictionary();
      const Dictionary& y = b.dictionary();
      if (x.key_type != y.key_type || x.value_type != y.value_type ||
          x.entries.size() != y.entries.size()) {
        return false;
      }
      for (const auto& kv : x.entries) {
        bool found = false;
        for (const auto& kv2 : y.entries) {
          if (SameUpToKeyOrder(kv.first, kv2.first) &&
              SameUpToKeyOrder(kv.second, kv2.second)) {
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
      return true;
    }
    case Type::kObject: {
      const Object& x = a.object();
      const Object& y = b.object();
      if (x.kind != y.kind || x.id != y.id || x.class_name != y.class_name ||
          x.properties.size() != y.properties.size()) {
        return false;
      }
      for (size_t i = 0; i < x.properties.size(); ++i) {
        if (x.properties[i].first != y.properties[i].first ||
            !SameUpToKeyOrder(x.properties[i].second, y.properties[i].second)) {
          return false;
        }
      }
      return true;
    }
    default:
      return a == b;
  }
}

enum class Outcome { kBytes, kValue, kValueUnordered, kTextOnly, kNoParse };

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kBytes:
      return "engine bytes";
    case Outcome::kValue:
      return "decoded value";
    case Outcome::kValueUnordered:
      return "decoded value up to key order";
    case Outcome::kTextOnly:
      return "text only";
    case Outcome::kNoParse:
      return "not parseable";
  }
  return "?";
}

std::vector<CorpusCase> WithText() {
  std::vector<CorpusCase> out;
  for (const char* dir : {"godot4", "godot3"}) {
    for (auto& c : testing::LoadCorpus(dir)) {
      if (c.expect_accept && c.has_text) out.push_back(c);
    }
  }
  return out;
}

std::string Label(const CorpusCase& c) {
  return absl::StrCat(DialectName(c.dialect), "/", c.name);
}

// Runs one case; returns how far the round trip goes.
Outcome RoundTrip(const CorpusCase& c, std::string* why) {
  const std::string text = EngineText(c.text);
  text::ParseOptions po;
  po.dialect = c.dialect;
  absl::StatusOr<Variant> v = text::FromText(text, po);
  if (!v.ok()) {
    *why = std::string(v.status().message());
    return Outcome::kNoParse;
  }
  const std::string again = text::ToText(*v, c.dialect);
  EXPECT_EQ(again, text) << Label(c) << ": ToText(FromText(text)) differs";

  EncodeOptions eo;
  eo.dialect = c.dialect;
  eo.full_objects = c.full_objects;
  absl::StatusOr<std::string> bytes = reference::Encode(*v, eo);
  EXPECT_TRUE(bytes.ok()) << Label(c) << ": " << bytes.status();
  if (bytes.ok() && testing::MatchesEngineBytes(c, *bytes)) {
    return Outcome::kBytes;
  }
  DecodeOptions d;
  d.dialect = c.dialect;
  d.allow_objects = c.full_objects;
  auto decoded = reference::Decode(
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(c.input.data()),
                          c.input.size()),
      d);
  EXPECT_TRUE(decoded.ok()) << Label(c) << ": " << decoded.status();
  if (!decoded.ok()) return Outcome::kTextOnly;
  if (*decoded == *v) return Outcome::kValue;
  if (SameUpToKeyOrder(*decoded, *v)) return Outcome::kValueUnordered;
  *why = absl::StrCat("decoded ", decoded->DebugString().substr(0, 120),
                      " / from text ", v->DebugString().substr(0, 120));
  return Outcome::kTextOnly;
}

// Cases whose engine text has lost part of the value, with the reason;
// only the text round trip holds for them. Every other case must give the
// engine's bytes, or at least the decoded value up to key order.
const std::map<std::string, std::string>& TextOnly() {
  static const auto* m = new std::map<std::string, std::string>{
      {"godot4/float_neg0_runtime", "-0.0 is written 0.0"},
      {"godot3/float_neg0", "-0.0 is written 0.0"},
      {"godot3/vector2_neg0", "-0 is written 0"},
      {"godot3/float_1_3", "\"%g\": 6 digits"},
      {"godot3/float_pi", "\"%g\": 6 digits"},
      {"godot3/float_16777216", "\"%g\": 6 digits"},
      {"godot3/float_16777217", "\"%g\": 6 digits"},
      {"godot3/float_f32_max_denormal", "\"%g\": 6 digits"},
      {"godot3/float_1e_45", "\"%g\": 6 digits"},
      {"godot3/float_2pow100", "\"%g\": 6 digits"},
      {"godot3/transform2d_rot", "\"%g\": 6 digits"},
      {"godot3/basis_rot", "\"%g\": 6 digits"},
      {"godot3/transform_look", "\"%g\": 6 digits"},
      {"godot3/poolreal_specials", "\"%g\", NaN payloads, -0"},
      {"godot3/poolvector2_small", "\"%g\" / -0"},
      {"godot3/trunc_poolvector2_small_32_of_32", "\"%g\" / -0"},
      {"godot3/float_f64_max_denormal", "written as the f32 real_t: 0"},
      {"godot3/float_f64_min_denormal", "written as the f32 real_t: 0"},
      {"godot3/float_nan_payload", "a NaN payload is written nan"},
      {"godot3/float_snan64", "a NaN payload is written nan"},
      {"godot3/real32_nan_payload", "a NaN payload is written nan"},
      {"godot3/real32_snan", "a NaN payload is written nan"},
      {"godot3/nodepath_empty_name", "NodePath text drops empty names"},
      {"godot3/nodepath_name_with_slash", "a '/' inside a name splits it"},
      {"godot3/object_id_zero", "Godot 3 writes object id 0 as null"},
  };
  return *m;
}

// Texts that cannot be read back (the engines cannot either).
const std::map<std::string, std::string>& NotParseable() {
  static const auto* m = new std::map<std::string, std::string>{
      {"godot3/rid_empty", "var2str writes an RID as nothing"},
      {"godot3/rid_physics_body", "var2str writes an RID as nothing"},
      {"godot3/array_all_types", "holds an RID: \"[ ..., , ... ]\""},
      {"godot3/object_id_max", "\"Object(EncodedObjectAsID)\" lacks ','"},
  };
  return *m;
}

TEST(CorpusParseTest, EngineTextRoundTrips) {
  std::map<Outcome, int> count;
  std::map<Dialect, std::map<Outcome, int>> by_dialect;
  std::string report;
  const std::vector<CorpusCase> cases = WithText();
  ASSERT_GT(cases.size(), 200u);
  for (const CorpusCase& c : cases) {
    std::string why;
    const Outcome o = RoundTrip(c, &why);
    ++count[o];
    ++by_dialect[c.dialect][o];
    const std::string label = Label(c);
    const bool text_only = TextOnly().count(label) != 0;
    const bool no_parse = NotParseable().count(label) != 0;
    if (o == Outcome::kNoParse) {
      EXPECT_TRUE(no_parse) << label << ": " << why;
    } else if (o == Outcome::kTextOnly) {
      EXPECT_TRUE(text_only) << label << ": " << why;
    } else {
      EXPECT_FALSE(text_only || no_parse)
          << label << " is listed as lossy but gives the " << OutcomeName(o);
    }
    if (text_only || no_parse) {
      absl::StrAppend(
          &report, "  ", label, ": ", OutcomeName(o), " (",
          text_only ? TextOnly().at(label) : NotParseable().at(label), ")\n");
    }
  }
  std::string summary;
  for (const auto& [d, m] : by_dialect) {
    absl::StrAppend(&summary, DialectName(d), ":");
    for (const auto& [o, n] : m) {
      absl::StrAppend(&summary, " ", OutcomeName(o), " ", n, ";");
    }
    absl::StrAppend(&summary, "\n");
  }
  std::printf("%zu corpus texts\n%s%s", cases.size(), summary.c_str(),
              report.c_str());
  EXPECT_GE(count[Outcome::kBytes], 260);
}

}  // namespace
}  // namespace gdwire
