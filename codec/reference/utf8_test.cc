// Copyright 2026 The gdwire Authors.

#include "codec/reference/utf8.h"

#include <string>

#include "absl/strings/escaping.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace reference {
namespace {

struct Case {
  const char* hex;
  bool g3_ok;
  const char* g3_out_hex;  // decoded text (generalised UTF-8), if ok
  bool g4_ok;
};

// From spec §7.4 and the godot3 corpus (utf8_* and string_* cases).
const Case kCases[] = {
    {"616263", true, "616263", true},
    {"efbbbf616263", true, "616263", true},      // BOM stripped
    {"efbbbfefbbbf61", true, "efbbbf61", true},  // only one BOM
    {"61006262", true, "61", true},              // stops at NUL
    {"6100ff", true, "61", true},                // not validated after NUL
    {"c080", false, "", false},                  // overlong 2-byte
    {"c1bf", false, "", false},
    {"e08080", false, "", false},
    {"e080bf", true, "3f", false},  // accepted by 3.x
    {"e09fbf", true, "dfbf", false},
    {"e08180", true, "40", false},
    {"f0808080", false, "", false},
    {"f08080bf", false, "", false},
    {"f080bfbf", true, "e0bfbf", false},  // U+0FFF
    {"f08fbfbf", true, "efbfbf", false},
    {"f88080808080", false, "", false},
    {"fc8080808080", false, "", false},
    {"eda080", true, "eda080", false},              // surrogate
    {"eda0bdedb880", true, "eda0bdedb880", false},  // CESU pair
    {"f4908080", true, "f4908080", false},          // > U+10FFFF
    {"f888808080", true, "f888808080", false},      // 5-byte
    {"fdbfbfbfbfbf", true, "fdbfbfbfbfbf", false},  // 6-byte 0x7FFFFFFF
    {"80", false, "", false},
    {"ff", false, "", false},
    {"fe", false, "", false},
    {"e282", false, "", false},    // truncated
    {"e28200", false, "", false},  // cut by NUL
    {"e282ac", true, "e282ac", true},
    {"f09f9880", true, "f09f9880", true},
    {"f48fbfbf", true, "f48fbfbf", true},
};

TEST(Utf8Test, WireTextRules) {
  for (const Case& c : kCases) {
    const std::string in = absl::HexStringToBytes(c.hex);
    const auto* p = reinterpret_cast<const uint8_t*>(in.data());
    std::string out;
    size_t bad = 99;
    EXPECT_EQ(DecodeWireText(p, in.size(), Dialect::kGodot3, &out, &bad),
              c.g3_ok)
        << c.hex;
    if (c.g3_ok) {
      EXPECT_EQ(absl::BytesToHexString(out), c.g3_out_hex) << c.hex;
    }
    out.clear();
    EXPECT_EQ(DecodeWireText(p, in.size(), Dialect::kGodot4, &out, &bad),
              c.g4_ok)
        << c.hex;
  }
}

TEST(Utf8Test, EncodableText) {
  EXPECT_TRUE(IsEncodableText("abc", Dialect::kGodot4));
  EXPECT_TRUE(
      IsEncodableText("\xef\xbb\xbf"
                      "abc",
                      Dialect::kGodot4));
  EXPECT_FALSE(IsEncodableText(std::string("a\0b", 3), Dialect::kGodot4));
  EXPECT_FALSE(IsEncodableText("\xed\xa0\x80", Dialect::kGodot4));
  EXPECT_TRUE(IsEncodableText("\xed\xa0\x80", Dialect::kGodot3));
  EXPECT_FALSE(IsEncodableText("\xe0\x80\xbf", Dialect::kGodot3));  // overlong
}

}  // namespace
}  // namespace reference
}  // namespace gdwire
