// Copyright 2026 The gdwire Authors.

#include "simd/utf8.h"

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "codec/reference/utf8.h"
#include "codec/types.h"
#include "gtest/gtest.h"
#include "hwy/highway.h"
#include "hwy/tests/hwy_gtest.h"
#include "simd/internal/test_util.h"
#include "simd/target.h"

namespace gdwire {
namespace simd {
namespace {

class Utf8Test : public hwy::TestWithParamTarget {};
HWY_TARGET_INSTANTIATE_TEST_SUITE_P(Utf8Test);

// CheckWireText with slop bytes (that may be read, never looked at): the
// same result as without, whatever the bytes past n are.
void ExpectSlop(const std::vector<uint8_t>& bytes) {
  static constexpr uint8_t kJunk[] = {0xC3, 0x00, 0xE2, 0x80, 0xFF, 'a'};
  const size_t n = bytes.size();
  for (size_t extra : {size_t{15}, size_t{80}}) {
    for (size_t shift : {size_t{0}, size_t{3}}) {
      std::vector<uint8_t> buf(bytes);
      for (size_t k = 0; k < extra; ++k) buf.push_back(kJunk[(k + shift) % 6]);
      for (TextRules rules : {TextRules::kStrict, TextRules::kLenient}) {
        const WireText t = CheckWireText(bytes.data(), n, rules);
        const WireText w = CheckWireText(buf.data(), n, buf.size(), rules);
        ASSERT_EQ(w.ok, t.ok) << "n=" << n << " extra=" << extra;
        if (!t.ok) {
          ASSERT_EQ(w.bad_index, t.bad_index) << "n=" << n;
          continue;
        }
        ASSERT_EQ(w.begin, t.begin) << "n=" << n;
        ASSERT_EQ(w.end, t.end) << "n=" << n;
        ASSERT_EQ(w.ascii, t.ascii) << "n=" << n;
        ASSERT_EQ(w.canonical, t.canonical) << "n=" << n;
      }
    }
  }
}

// Checks CheckWireText (dispatched), its scalar twin and ValidateWireText
// against reference::DecodeWireText for both rule sets. The input is put
// at `misalign` bytes past a 64-byte boundary.
void ExpectOne(const std::vector<uint8_t>& bytes, size_t misalign) {
  test::Buffer buf(bytes.size(), misalign);
  if (!bytes.empty()) std::memcpy(buf.data(), bytes.data(), bytes.size());
  const uint8_t* p = buf.data();
  const size_t n = bytes.size();
  for (TextRules rules : {TextRules::kStrict, TextRules::kLenient}) {
    const Dialect dialect =
        rules == TextRules::kStrict ? Dialect::kGodot4 : Dialect::kGodot3;
    std::string decoded;
    size_t ref_bad = ~size_t{0};
    const bool ref_ok =
        reference::DecodeWireText(p, n, dialect, &decoded, &ref_bad);
    const WireText t = CheckWireText(p, n, rules);
    const WireText s = scalar::CheckWireText(p, n, rules);
    auto where = [&] {
      std::string hex;
      for (size_t i = 0; i < n && i < 64; ++i) {
        static const char* kHex = "0123456789abcdef";
        hex += kHex[p[i] >> 4];
        hex += kHex[p[i] & 15];
        hex += ' ';
      }
      return "rules=" + std::to_string(int(rules)) + " n=" + std::to_string(n) +
             " misalign=" + std::to_string(misalign) + " bytes=" + hex;
    };
    ASSERT_EQ(t.ok, ref_ok) << where();
    ASSERT_EQ(s.ok, ref_ok) << where();
    size_t bad = ~size_t{0};
    ASSERT_EQ(ValidateWireText(p, n, rules, &bad), ref_ok) << where();
    if (!ref_ok) {
      ASSERT_EQ(t.bad_index, ref_bad) << where();
      ASSERT_EQ(s.bad_index, ref_bad) << where();
      ASSERT_EQ(bad, ref_bad) << where();
      continue;
    }
    const size_t begin =
        n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
    size_t end = begin;
    while (end < n && p[end] != 0) ++end;
    ASSERT_EQ(t.begin, begin) << where();
    ASSERT_EQ(t.end, end) << where();
    bool ascii = true;
    for (size_t i = begin; i < end; ++i) ascii &= p[i] < 0x80;
    ASSERT_EQ(t.ascii, ascii) << where();
    const bool canonical =
        decoded ==
        std::string(reinterpret_cast<const char*>(p) + begin, end - begin);
    ASSERT_EQ(t.canonical, canonical) << where();
    ASSERT_EQ(s.begin, t.begin);
    ASSERT_EQ(s.end, t.end);
    ASSERT_EQ(s.ascii, t.ascii);
    ASSERT_EQ(s.canonical, t.canonical);
  }
}

// ExpectOne on the bytes; short ones also with slop bytes after them
// (ExpectSlop), and again after 64 ASCII bytes, so that the long-text
// kernel checks them (its last, space-padded vector) at each target.
void Expect(const std::vector<uint8_t>& bytes, size_t misalign = 0) {
  ExpectOne(bytes, misalign);
  if (bytes.size() <= 80) ExpectSlop(bytes);
  if (bytes.size() <= 64) {
    std::vector<uint8_t> longer(64, 'a');
    longer.insert(longer.end(), bytes.begin(), bytes.end());
    ExpectOne(longer, misalign);
  }
}

// Generalised UTF-8 of cp in `len` bytes (len may be longer than needed:
// an overlong form).
// len 0: the shortest form.
std::vector<uint8_t> Encode(uint32_t cp, int len) {
  static constexpr uint8_t kLead[7] = {0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC};
  if (len == 0) {
    len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  if (len == 1) return {static_cast<uint8_t>(cp)};
  std::vector<uint8_t> out(len);
  for (int k = len - 1; k > 0; --k) {
    out[k] = static_cast<uint8_t>(0x80 | (cp & 0x3F));
    cp >>= 6;
  }
  out[0] = static_cast<uint8_t>(kLead[len] | cp);
  return out;
}

// A random sequence: mostly well-formed, sometimes overlong, surrogate, out
// of range, 5/6-byte, or broken.
std::vector<uint8_t> RandomSequence(std::mt19937_64* rng) {
  const uint64_t r = (*rng)();
  switch (r % 10) {
    case 0:
    case 1:
    case 2:
      return {static_cast<uint8_t>(0x20 + r % 0x5F)};
    case 3:
      return Encode(0x80 + (r >> 8) % 0x780, 2);
    case 4:
      return Encode(0x800 + (r >> 8) % 0xF800, 3);  // incl. surrogates
    case 5:
      return Encode(0x10000 + (r >> 8) % 0x100000, 4);
    case 6:  // beyond U+10FFFF, 5- and 6-byte forms
      return Encode(static_cast<uint32_t>((r >> 8) % 0x80000000u),
                    4 + (r >> 40) % 3);
    case 7: {  // overlong: a small code point in too many bytes
      const int len = 2 + (r >> 8) % 5;
      return Encode(static_cast<uint32_t>((r >> 16) % 0x900), len);
    }
    case 8:
      return {static_cast<uint8_t>(r >> 8)};  // any single byte
    default: {                                // a valid sequence cut short
      auto s = Encode(0x800 + (r >> 8) % 0xF800, 3);
      s.resize(1 + (r >> 40) % 2);
      return s;
    }
  }
}

TEST_P(Utf8Test, DispatchesToTarget) {
  EXPECT_STREQ(TargetName(), hwy::TargetName(GetParam()));
}

// Spec §7.4 and the engine corpus cases.
TEST_P(Utf8Test, HandMade) {
  const std::vector<std::vector<uint8_t>> cases = {
      {},
      {0x61},
      {0xEF, 0xBB, 0xBF},
      {0xEF, 0xBB},
      {0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x61},
      {0x61, 0x00, 0xFF},
      {0x00, 0xFF},
      {0xE0, 0x80, 0x80},
      {0xE0, 0x80, 0xBF},
      {0xE0, 0x81, 0x80},
      {0xE0, 0x9F, 0xBF},
      {0xF0, 0x80, 0x80, 0x80},
      {0xF0, 0x80, 0x80, 0xBF},
      {0xF0, 0x80, 0xBF, 0xBF},
      {0xF0, 0x8F, 0xBF, 0xBF},
      {0xF0, 0x8F, 0x80, 0x80},
      {0xF8, 0x80, 0x80, 0x80, 0x80},
      {0xFC, 0x80, 0x80, 0x80, 0x80, 0x80},
      {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80},
      {0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF},
      {0xC0, 0x80},
      {0xC1, 0xBF},
      {0xED, 0xA0, 0x80},
      {0xF4, 0x90, 0x80, 0x80},
      {0xE2, 0x41, 0x00},
      {0xE2, 0x82, 0x00, 0x41},
      {0xE2, 0x82},
      {0xFE},
      {0xFF},
      {0x80},
      {0xEF, 0xBB, 0xBF, 0xC3},
      {0xEF, 0xBB, 0xBF, 0x00, 0xFF},
  };
  for (const auto& c : cases) {
    for (size_t misalign = 0; misalign < 16; ++misalign) Expect(c, misalign);
  }
}

// Every string of 1 and 2 bytes.
TEST_P(Utf8Test, AllShortStrings) {
  for (int a = 0; a < 256; ++a) {
    Expect({uint8_t(a)});
    for (int b = 0; b < 256; ++b) Expect({uint8_t(a), uint8_t(b)});
  }
}

// Every non-ASCII lead byte followed by up to 5 bytes drawn from the
// boundary values of the continuation ranges, at several offsets inside
// ASCII text (so the SIMD scan hands over at every vector position).
TEST_P(Utf8Test, LeadBytesWithBoundaryFollowers) {
  const uint8_t kFollow[] = {0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F,
                             0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2,
                             0xE0, 0xF0, 0xF8, 0xFC, 0xFF};
  const size_t F = sizeof(kFollow);
  std::mt19937_64 rng(1);
  for (int lead = 0x80; lead < 0x100; ++lead) {
    for (size_t i = 0; i < F; ++i) {
      for (size_t j = 0; j < F; ++j) {
        std::vector<uint8_t> s = {uint8_t(lead), kFollow[i], kFollow[j]};
        Expect(s);
        for (size_t k = 0; k < 4; ++k) {
          s.push_back(kFollow[rng() % F]);
          Expect(s);
        }
        // Inside ASCII text, at a random offset and misalignment.
        std::vector<uint8_t> t(rng() % 70, 'a');
        t.insert(t.end(), s.begin(), s.end());
        t.insert(t.end(), rng() % 40, 'b');
        Expect(t, rng() % 16);
      }
    }
  }
}

// Random text of every length 0..300 at every misalignment 0..15 (8
// rounds each), from several generators, with random single-byte mutations.
TEST_P(Utf8Test, RandomText) {
  std::mt19937_64 rng(2024);
  for (size_t len = 0; len <= test::kMaxLen; ++len) {
    for (size_t round = 0; round < 16 * 8; ++round) {
      const size_t misalign = round % 16;
      std::vector<uint8_t> s;
      switch ((len + round) % 4) {
        case 0:  // uniform random bytes
          s.resize(len);
          test::FillRandom(s.data(), len, &rng);
          break;
        case 1:  // ASCII with a rare bad byte
          s.assign(len, 'x');
          if (len != 0 && rng() % 2) s[rng() % len] = uint8_t(0x80 | rng());
          break;
        default:  // sequences
          while (s.size() < len) {
            auto q = RandomSequence(&rng);
            s.insert(s.end(), q.begin(), q.end());
          }
          s.resize(len);
      }
      if (len >= 3 && rng() % 8 == 0) s[0] = 0xEF, s[1] = 0xBB, s[2] = 0xBF;
      Expect(s, misalign);
      if (len != 0) {
        s[rng() % len] = static_cast<uint8_t>(rng());
        Expect(s, misalign);
        if (rng() % 4 == 0) s[rng() % len] = 0;
        Expect(s, misalign);
      }
    }
  }
}

// Long valid text (ASCII, then mixed) with one bad byte at every position,
// and a NUL at every position.
TEST_P(Utf8Test, OneBadByteEverywhere) {
  std::mt19937_64 rng(9);
  std::vector<uint8_t> ascii(260, 'q');
  std::vector<uint8_t> mixed;
  while (mixed.size() < 260) {
    const auto q = rng() % 3 == 0 ? Encode(0x4E00 + rng() % 0x5000, 3)
                                  : std::vector<uint8_t>{'z'};
    mixed.insert(mixed.end(), q.begin(), q.end());
  }
  for (const auto* base : {&ascii, &mixed}) {
    for (size_t pos = 0; pos < base->size(); ++pos) {
      for (uint8_t bad : {uint8_t(0x00), uint8_t(0x80), uint8_t(0xC0),
                          uint8_t(0xE2), uint8_t(0xF5), uint8_t(0xFF)}) {
        std::vector<uint8_t> s = *base;
        s[pos] = bad;
        Expect(s, pos % 16);
      }
    }
  }
}

// Long valid text from every range (boundary code points included), then
// every position mutated in several ways: the vector kernel must never
// accept what the reference rejects, and must hand over with the same
// verdict and index. The lenient base also has Godot 3-only forms.
TEST_P(Utf8Test, MutatedValidText) {
  std::mt19937_64 rng(77);
  const uint32_t kEdges[] = {0x80,    0x7FF,   0x800,    0xFFF,    0x1000,
                             0xD7FF,  0xE000,  0xFFFF,   0x10000,  0x3FFFF,
                             0x40000, 0xFFFFF, 0x100000, 0x10FFFF, 0xFEFF};
  auto strict_char = [&]() {
    switch (rng() % 6) {
      case 0:
        return Encode(kEdges[rng() % 15], 0);
      case 1:
        return Encode(0x80 + rng() % 0x780, 2);
      case 2: {
        uint32_t cp = 0x800 + rng() % 0xF800;
        if (cp >= 0xD800 && cp <= 0xDFFF) cp -= 0x800;
        return Encode(cp, 3);
      }
      case 3:
        return Encode(0x10000 + rng() % 0x100000, 4);
      default:
        return std::vector<uint8_t>(1 + rng() % 5, uint8_t('A' + rng() % 26));
    }
  };
  auto lenient_char = [&]() {
    switch (rng() % 8) {
      case 0:
        return Encode(0xD800 + rng() % 0x800, 3);  // surrogate
      case 1:
        return Encode(0x110000 + rng() % 0x7FEF0000, 4 + rng() % 3);
      case 2:
        return std::vector<uint8_t>{0xE0, 0x80, 0xBF};  // accepted overlong
      default:
        return strict_char();
    }
  };
  const uint8_t kBytes[] = {0x00, 'a',  0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0,
                            0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF8, 0xFC, 0xFF};
  for (int lenient = 0; lenient < 2; ++lenient) {
    for (int round = 0; round < 3; ++round) {
      std::vector<uint8_t> base;
      while (base.size() < 300) {
        auto c = lenient ? lenient_char() : strict_char();
        if (c.empty() || c[0] == 0) c = {'z'};
        base.insert(base.end(), c.begin(), c.end());
      }
      Expect(base, round);
      for (size_t pos = 0; pos < base.size(); ++pos) {
        for (uint8_t b : kBytes) {
          std::vector<uint8_t> s = base;
          s[pos] = b;
          Expect(s, pos % 16);
        }
        std::vector<uint8_t> cut(base.begin(), base.begin() + pos);
        Expect(cut, pos % 7);
        std::vector<uint8_t> ins = base;
        ins.insert(ins.begin() + pos, uint8_t(0x80 | rng()));
        Expect(ins, pos % 5);
        std::vector<uint8_t> del = base;
        del.erase(del.begin() + pos);
        Expect(del, pos % 3);
      }
    }
  }
}

// Long texts (up to ~6 KB) of alternating stretches: ASCII, valid
// multi-byte text, Godot 3-only forms (surrogates, 5/6-byte, accepted
// overlongs) and, rarely, one bad byte or a NUL, so that the vector kernel
// and the scalar hand-over alternate many times within one string.
TEST_P(Utf8Test, LongAlternatingText) {
  std::mt19937_64 rng(31337);
  size_t valid = 0, long_valid = 0;
  for (int iter = 0; iter < 400; ++iter) {
    std::vector<uint8_t> s;
    const size_t want = rng() % 6000;
    while (s.size() < want) {
      const uint64_t r = rng();
      const size_t len = 1 + (r >> 8) % 200;
      switch (r % 16) {
        case 0:
        case 1:
        case 2:
        case 3:
        case 4:
          s.insert(s.end(), len, uint8_t('a' + (r >> 20) % 26));
          break;
        case 5:
        case 6:
        case 7:
        case 8:
        case 9:
          for (size_t k = 0; k < len / 3; ++k) {
            uint32_t cp = 0x80 + rng() % 0x10FF80;
            if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0x4E2D;
            const auto q = Encode(cp, 0);
            s.insert(s.end(), q.begin(), q.end());
          }
          break;
        case 10: {
          const auto q = Encode(0xD800 + rng() % 0x800, 3);  // surrogate
          s.insert(s.end(), q.begin(), q.end());
          break;
        }
        case 11: {
          const auto q = Encode(0x200000 + rng() % 0x7FE00000, 5 + rng() % 2);
          s.insert(s.end(), q.begin(), q.end());
          break;
        }
        case 12:
          s.insert(s.end(), {0xE0, 0x81, 0x80});  // accepted overlong
          break;
        case 13:
          if (rng() % 64 == 0) s.push_back(static_cast<uint8_t>(rng()));
          break;
        case 14:
          if (rng() % 64 == 0) s.push_back(0);
          break;
        default:
          if (rng() % 64 == 0 && !s.empty()) s.pop_back();  // cut a sequence
      }
    }
    Expect(s, iter % 16);
    const WireText t = CheckWireText(s.data(), s.size(), TextRules::kLenient);
    valid += t.ok;
    long_valid += t.ok && t.end - t.begin > 3000;
  }
  // Enough of the texts are valid (and long) to exercise many hand-overs.
  EXPECT_GT(valid, 100u);
  EXPECT_GT(long_valid, 40u);
}

// Short and long text of valid sequences (every script's widths), as the
// engines write strings: ending at n, or at a NUL followed by anything
// (PackedStringArray elements carry their NUL, then padding), or cut inside
// its last sequence. The kernel settles these itself (the end vector padded
// with spaces), so each end must give the reference's verdict.
TEST_P(Utf8Test, ValidTextEndingEveryWay) {
  std::mt19937_64 rng(2026);
  for (size_t len = 0; len <= 200; ++len) {
    for (int round = 0; round < 24; ++round) {
      std::vector<uint8_t> s;
      while (s.size() < len) {
        const uint64_t r = rng();
        std::vector<uint8_t> q;
        switch (r % 4) {
          case 0:
            q = {static_cast<uint8_t>(0x20 + r % 0x5F)};
            break;
          case 1:
            q = Encode(0x80 + (r >> 8) % 0x780, 0);
            break;
          case 2:
            q = Encode(0x800 + (r >> 8) % 0xD000, 0);
            break;
          default:
            q = Encode(0x10000 + (r >> 8) % 0x100000, 0);
        }
        s.insert(s.end(), q.begin(), q.end());
      }
      const size_t misalign = rng() % 16;
      Expect(s, misalign);
      std::vector<uint8_t> z = s;
      z.push_back(0);
      for (uint64_t k = rng() % 4; k > 0; --k) z.push_back(rng() & 0xFF);
      Expect(z, misalign);
      if (!s.empty()) {
        std::vector<uint8_t> cut(s.begin(), s.end() - 1);
        Expect(cut, misalign);
        cut.push_back(0);
        Expect(cut, misalign);
      }
    }
  }
}

// A BOM-only string with n < 3 is not stripped; the vector paths see no
// difference between strings that end and strings cut by a NUL.
TEST_P(Utf8Test, ResultFields) {
  const uint8_t text[] = {0xEF, 0xBB, 0xBF, 'h', 0xC3, 0xA9, 0, 0xFF};
  WireText t = CheckWireText(text, sizeof(text), TextRules::kStrict);
  ASSERT_TRUE(t.ok);
  EXPECT_EQ(t.begin, 3u);
  EXPECT_EQ(t.end, 6u);
  EXPECT_FALSE(t.ascii);
  EXPECT_TRUE(t.canonical);
  const uint8_t overlong[] = {'a', 0xE0, 0x80, 0xBF};
  t = CheckWireText(overlong, 4, TextRules::kLenient);
  ASSERT_TRUE(t.ok);
  EXPECT_FALSE(t.canonical);
  t = CheckWireText(overlong, 4, TextRules::kStrict);
  ASSERT_FALSE(t.ok);
  EXPECT_EQ(t.bad_index, 1u);
  std::vector<uint8_t> big(100000, 'a');
  EXPECT_EQ(FindNonAsciiOrNul(big.data(), big.size()), big.size());
  big[77777] = 0;
  EXPECT_EQ(FindNonAsciiOrNul(big.data(), big.size()), 77777u);
  EXPECT_EQ(scalar::FindNonAsciiOrNul(big.data(), big.size()), 77777u);
}

}  // namespace
}  // namespace simd
}  // namespace gdwire
