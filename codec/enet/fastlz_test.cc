// Copyright 2026 The gdwire Authors.

#include "codec/enet/internal/fastlz.h"

#include <string>
#include <vector>

#include "codec/enet/compression.h"
#include "codec/enet/testing/harness.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace enet {
namespace {

std::string Inflate(const std::vector<uint8_t>& block, size_t limit = 4096) {
  std::vector<uint8_t> out(limit);
  const int64_t n = internal::FastLzDecompress(block, out.data(), limit);
  if (n < 0) return "<error>";
  return std::string(out.begin(), out.begin() + n);
}

TEST(FastLzTest, Level1HandMade) {
  // Literal run of 3 "abc", then a match of 6 at distance 3 (len code 4:
  // (4 << 5) | 0, distance-1 = 2), then literal "!".
  EXPECT_EQ(Inflate({2, 'a', 'b', 'c', 4 << 5, 2, 0, '!'}), "abcabcabc!");
  // Long match: code 7, extra length byte 10 -> 9 + 10 = 19 bytes of 'x'.
  EXPECT_EQ(Inflate({0, 'x', 7 << 5, 10, 0}), std::string(20, 'x'));
  // Distance high bits in the control byte: 256 + 4 back.
  std::vector<uint8_t> b = {31};
  std::string want;
  for (int i = 0; i < 32; ++i) b.push_back('a' + i % 26), want += 'a' + i % 26;
  for (int r = 0; r < 8; ++r) {
    b.push_back(31);
    for (int i = 0; i < 32; ++i) {
      const char c = static_cast<char>('A' + (i + r) % 26);
      b.push_back(c);
      want += c;
    }
  }
  // want has 288 bytes; copy 3 bytes from 261 back (distance-1 = 260).
  b.push_back((1 << 5) | 1);
  b.push_back(4);
  want += want.substr(want.size() - 261, 3);
  EXPECT_EQ(Inflate(b), want);
}

TEST(FastLzTest, Level2HandMade) {
  // Level 2 marker in the first byte (1 << 5), lengths in 255-runs.
  std::vector<uint8_t> b = {(1 << 5) | 0, 'y', 7 << 5, 255, 5, 0};
  EXPECT_EQ(Inflate(b), std::string(1 + 9 + 255 + 5, 'y'));
  // A far match: offset 31 << 8, low byte 255, then a 16-bit distance on
  // top of 8191: 8191 + 2 + 1 = 8194 back.
  std::vector<uint8_t> far = {(1 << 5) | 31};
  std::string want;
  for (int i = 0; i < 8200; ++i) {
    if (i % 32 == 0 && i > 0) far.push_back(31);
    const char c = static_cast<char>(i * 7 % 251);
    far.push_back(static_cast<uint8_t>(c));
    want += c;
  }
  // 8200 = 256 * 32 + 8: the last run has 8 bytes: fix its control byte.
  far[far.size() - 9] = 7;
  far.insert(far.end(), {(1 << 5) | 31, 255, 0, 2});
  want += want.substr(want.size() - 8194, 3);
  EXPECT_EQ(Inflate(far, 9000), want);
}

TEST(FastLzTest, MalformedBlocks) {
  EXPECT_EQ(Inflate({}), "<error>");
  EXPECT_EQ(Inflate({2 << 5, 'a'}), "<error>");        // level 3
  EXPECT_EQ(Inflate({5, 'a', 'b'}), "<error>");        // literal past input
  EXPECT_EQ(Inflate({0, 'a', 1 << 5, 5}), "<error>");  // match before output
  EXPECT_EQ(Inflate({0, 'a', 7 << 5}), "<error>");     // cut in the length
  EXPECT_EQ(Inflate({0, 'a', 1 << 5}), "<error>");     // cut in the distance
  EXPECT_EQ(Inflate({0, 'a', 7 << 5, 255, 0}, 64), "<error>");  // past limit
  EXPECT_EQ(Inflate({3, 'a', 'b', 'c', 'd'}, 2), "<error>");    // past limit
  EXPECT_EQ(Inflate({(1 << 5) | 31, 'a', (1 << 5) | 31, 255, 0}), "<error>");
}

TEST(FastLzTest, RoundTripWithTestEncoder) {
  for (uint32_t seed = 0; seed < 50; ++seed) {
    const std::vector<uint8_t> in = testing::Payload(seed, 16 + seed * 83);
    const std::vector<uint8_t> block =
        testing::FastLzCompress(in.data(), in.size());
    std::vector<uint8_t> out(8192);
    absl::StatusOr<size_t> n =
        Decompress(Compression::kFastLz, block, out.data(), out.size());
    ASSERT_TRUE(n.ok()) << seed;
    out.resize(*n);
    EXPECT_EQ(out, in) << seed;
  }
}

}  // namespace
}  // namespace enet
}  // namespace gdwire
