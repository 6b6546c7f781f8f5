// Copyright 2026 The gdwire Authors.
//
// core::ShortAsciiText against core::CheckText (the text rules): on every
// length up to 20, with a NUL, a byte >= 0x80 or a BOM at each position
// (and random bytes), it settles exactly the ASCII text windows CheckText
// finds, with the same end, and leaves everything else to CheckText.

#include "codec/core/ascii_text.h"

#include <cstdint>
#include <random>
#include <vector>

#include "codec/core/text.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace core {
namespace {

void Check(const std::vector<uint8_t>& buf, size_t n) {
  size_t len = 99;
  const bool fast = ShortAsciiText(buf.data(), n, buf.size(), &len);
  const simd::WireText t = CheckText(buf.data(), n, Dialect::kGodot4);
  if (fast) {
    ASSERT_TRUE(t.ok) << n;
    EXPECT_EQ(t.begin, 0u) << n;
    EXPECT_EQ(len, t.end) << n;
    for (size_t i = 0; i < len; ++i) ASSERT_LT(buf[i], 0x80) << n;
  } else if (n <= 16) {
    // Left to CheckText only when the window holds a non-ASCII byte.
    bool high = false;
    for (size_t i = 0; i < n && buf[i] != 0; ++i) high |= buf[i] >= 0x80;
    EXPECT_TRUE(high) << n;
  }
}

TEST(ShortAsciiText, EveryLengthAndPosition) {
  for (size_t n = 0; n <= 20; ++n) {
    for (uint8_t fill : {0x41, 0x00, 0x80}) {  // the bytes after n
      for (size_t at = 0; at <= n; ++at) {
        for (uint8_t b : {0x00, 0x7F, 0x80, 0xC3, 0xEF, 0x01}) {
          std::vector<uint8_t> buf(n + 16, fill);
          for (size_t i = 0; i < n; ++i) buf[i] = 'a' + i;
          if (at < n) buf[at] = b;
          Check(buf, n);
          if (n >= 3 && at == 0) {  // a BOM
            buf[0] = 0xEF, buf[1] = 0xBB, buf[2] = 0xBF;
            Check(buf, n);
          }
        }
      }
    }
  }
}

TEST(ShortAsciiText, Random) {
  std::mt19937_64 rng(7);
  for (int k = 0; k < 200000; ++k) {
    const size_t n = rng() % 18;
    std::vector<uint8_t> buf(n + 16);
    for (uint8_t& c : buf) {
      const uint64_t r = rng();
      c = r % 8 == 0 ? 0 : r % 16 == 1 ? 0x80 | (r >> 8) : 0x20 + (r >> 8) % 90;
    }
    Check(buf, n);
  }
}

TEST(ShortAsciiText, NeedsSixteenReadableBytes) {
  const uint8_t p[16] = {'a', 'b'};
  size_t len = 0;
  EXPECT_FALSE(ShortAsciiText(p, 2, 15, &len));
  EXPECT_TRUE(ShortAsciiText(p, 2, 16, &len));
  EXPECT_EQ(len, 2u);
  EXPECT_FALSE(ShortAsciiText(p, 17, 40, &len));
}

}  // namespace
}  // namespace core
}  // namespace gdwire
