// Copyright 2026 The gdwire Authors.
//
// Godot text of every real-engine corpus value: decode the engine's bytes
// with the reference decoder and compare ToText with the engine's own
// var_to_str (4.6.3) / var2str (3.2.3) of its decode.

#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_split.h"
#include "codec/frame/frame.h"
#include "codec/reference/decoder.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

namespace gdwire {
namespace {

using testing::CorpusCase;

// The manifests hold code points JSON cannot (lone surrogates, > U+10FFFF)
// as "\u{XXXX}"; our text holds them as Godot 3's generalised UTF-8.
std::string ManifestForm(const std::string& s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    const uint8_t c = s[i];
    int len = c < 0x80   ? 1
              : c < 0xE0 ? 2
              : c < 0xF0 ? 3
              : c < 0xF8 ? 4
              : c < 0xFC ? 5
                         : 6;
    if (len > 1 && i + len <= s.size()) {
      uint32_t cp = c & (0xFF >> (len + 1));
      for (int k = 1; k < len; ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
      if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
        char buf[24];
        std::snprintf(buf, sizeof(buf), "\\u{%X}", cp);
        out += buf;
        i += len;
        continue;
      }
    }
    out.append(s, i, len);
    i += len;
  }
  return out;
}

class CorpusTextTest : public ::testing::TestWithParam<CorpusCase> {};

TEST_P(CorpusTextTest, TextEqualsEngineText) {
  const CorpusCase& c = GetParam();
  DecodeOptions d;
  d.dialect = c.dialect;
  d.allow_objects = c.full_objects;
  // What a Pandemonium engine read back wrongly, with its defects emulated.
  d.pandemonium_engine_defects =
      c.kind == "engine" || (c.kind == "decode" && testing::DefectMatters(c));
  auto v = reference::Decode(
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(c.input.data()),
                          c.input.size()),
      d);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(ManifestForm(text::ToText(*v, c.dialect)), c.text);
}

// Texts that depend on the engine's class database, which a codec cannot
// have: the engine instantiates the class and drops properties its script
// does not define (spec §4.5 "set failures are silent"), and prints an
// EncodedObjectAsID holding id 2^64-1 without its properties.
bool NeedsClassDb(const CorpusCase& c) {
  return c.dialect == Dialect::kGodot3 &&
         (c.name == "object_script_class_full" || c.name == "object_id_max");
}

std::vector<CorpusCase> WithText() {
  std::vector<CorpusCase> out;
  for (const char* dir : {"godot4", "godot3", "pandemonium", "pandemonium4",
                          "pandemonium_typed"}) {
    for (auto& c : testing::LoadCorpus(dir)) {
      if (c.expect_accept && c.has_text && !NeedsClassDb(c)) out.push_back(c);
    }
    for (auto& c : testing::LoadCorpus(dir, "engine")) {
      if (c.expect_accept && c.has_text) out.push_back(c);
    }
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Engines, CorpusTextTest,
                         ::testing::ValuesIn(WithText()),
                         [](const ::testing::TestParamInfo<CorpusCase>& info) {
                           return testing::SafeName(
                               info.param.kind + "_" + info.param.name + "_" +
                               std::string(DialectName(info.param.dialect)));
                         });

// The godot3 streams carry each value's var2str text too.
TEST(CorpusTextTest, Godot3StreamTexts) {
  for (const auto& c : testing::LoadCorpus("godot3", "frame")) {
    FrameOptions f;
    f.framing = c.godot_error == "packet-stream" ? Framing::kPacketStream
                                                 : Framing::kStream;
    f.big_endian = c.godot_error == "stream-be";
    DecodeOptions d;
    d.dialect = Dialect::kGodot3;
    auto values = DecodeFramed(
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(c.input.data()),
                            c.input.size()),
        f, d);
    ASSERT_TRUE(values.ok()) << values.status();
    std::vector<std::string> texts = absl::StrSplit(c.text, ',');
    ASSERT_EQ(texts.size(), values->size());
    for (size_t i = 0; i < texts.size(); ++i) {
      EXPECT_EQ(text::ToText((*values)[i], Dialect::kGodot3),
                absl::HexStringToBytes(texts[i]))
          << c.name << " #" << i;
    }
  }
}

}  // namespace
}  // namespace gdwire
