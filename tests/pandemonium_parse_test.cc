// Copyright 2026 The gdwire Authors.
//
// Pandemonium's own var2str texts (the 5.3 and 4.9 corpora and the typed-array
// cases) through the text reader: every text that carries its value parses,
// and writing the parsed value gives the engine's text again. (Which texts
// also give back the engine's bytes depends on "%g"'s six digits, so that is
// not asked; tests/corpus_parse_test.cc does it case by case for Godot.)

#include <string>
#include <vector>

#include "codec/reference/decoder.h"
#include "codec/text/parse.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

namespace gdwire {
namespace {

// RIDs print as nothing, NodePath texts lose empty names and '/' or ':'
// inside names, full objects need the class to re-read their properties in
// order: such texts are not a fixed point.
bool TextCarriesValue(const Variant& v) {
  switch (v.type()) {
    case Type::kRID:
    case Type::kObject:
      return false;
    case Type::kNodePath: {
      for (const auto& n : v.node_path().names) {
        if (n.empty() || n.find_first_of("/:") != std::string::npos) {
          return false;
        }
      }
      for (const auto& n : v.node_path().subnames) {
        if (n.empty() || n.find(':') != std::string::npos) return false;
      }
      return true;
    }
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      if (v.array().element_type.kind == ContainerType::Kind::kClassName) {
        return false;
      }
      for (const auto& x : v.array().items) {
        if (!TextCarriesValue(x)) return false;
      }
      return true;
    case Type::kDictionary:
      for (const auto& kv : v.dictionary().entries) {
        if (!TextCarriesValue(kv.first) || !TextCarriesValue(kv.second)) {
          return false;
        }
      }
      return true;
    default:
      return true;
  }
}

TEST(PandemoniumParseTest, EngineTextsReadBackToTheSameText) {
  int checked = 0, typed = 0;
  for (const char* dir : {"pandemonium", "pandemonium4", "pandemonium_typed"}) {
    for (const auto& c : testing::LoadCorpus(dir, "value")) {
      if (!c.has_text) continue;
      DecodeOptions d;
      d.dialect = c.dialect;
      d.allow_objects = c.full_objects;
      auto v = reference::Decode(
          absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(c.input.data()),
                              c.input.size()),
          d);
      ASSERT_TRUE(v.ok()) << c.name << ": " << v.status();
      if (!TextCarriesValue(*v)) continue;
      text::ParseOptions po;
      po.dialect = c.dialect;
      auto back = text::FromText(c.text, po);
      ASSERT_TRUE(back.ok())
          << dir << "/" << c.name << ": " << back.status() << "\n"
          << c.text.substr(0, 400);
      EXPECT_EQ(text::ToText(*back, c.dialect), c.text) << dir << "/" << c.name;
      ++checked;
      typed += c.text.find("TypedArray(") != std::string::npos;
    }
  }
  std::printf("%d Pandemonium engine texts, %d with typed arrays\n", checked,
              typed);
  EXPECT_GT(checked, 800);
  EXPECT_GT(typed, 150);
}

}  // namespace
}  // namespace gdwire
