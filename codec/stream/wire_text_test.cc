// Copyright 2026 The gdwire Authors.
//
// The incremental wire-text scanner against the reference rules
// (reference::DecodeWireText): same verdict, same offending index, same
// text, whatever the split of the bytes into pieces.

#include "codec/stream/internal/wire_text.h"

#include <random>
#include <string>
#include <vector>

#include "codec/core/text.h"
#include "codec/reference/utf8.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace stream {
namespace internal {
namespace {

struct Scan {
  bool ok;
  uint32_t bad;
  std::string text;  // canonical when !strict
};

Scan ScanInPieces(const std::string& s, Dialect d,
                  const std::vector<size_t>& cuts) {
  WireTextScanner sc;
  sc.Begin(static_cast<uint32_t>(s.size()), d);
  std::string raw;
  size_t pos = 0;
  std::vector<size_t> ends = cuts;
  ends.push_back(s.size());
  for (size_t e : ends) {
    if (e < pos) continue;
    const auto* p = reinterpret_cast<const uint8_t*>(s.data()) + pos;
    WireTextScanner::Text t = sc.Consume(p, e - pos);
    raw.append(t.held.data(), t.held.size());
    raw.append(reinterpret_cast<const char*>(p) + t.begin, t.end - t.begin);
    pos = e;
  }
  EXPECT_EQ(sc.remaining(), 0u);
  Scan r{!sc.failed(), sc.bad_index(), ""};
  if (r.ok) {
    if (sc.canonical()) {
      r.text = raw;
    } else {
      core::AppendCanonical(raw, &r.text);
    }
  }
  return r;
}

void ExpectSame(const std::string& s, Dialect d,
                const std::vector<size_t>& cuts) {
  std::string want;
  size_t bad = 0;
  const bool ok = reference::DecodeWireText(
      reinterpret_cast<const uint8_t*>(s.data()), s.size(), d, &want, &bad);
  const Scan got = ScanInPieces(s, d, cuts);
  ASSERT_EQ(got.ok, ok) << "dialect " << int(d) << " len " << s.size();
  if (ok) {
    EXPECT_EQ(got.text, want);
  } else {
    EXPECT_EQ(got.bad, bad);
  }
}

// Bytes biased towards the interesting ones: ASCII, NUL, BOM pieces, lead
// and continuation bytes of every length, C0/C1, FE/FF.
std::string RandomBytes(std::mt19937_64* rng, size_t n) {
  static const uint8_t kPool[] = {
      'a',  'Z',  ' ',  0x00, 0xEF, 0xBB, 0xBF, 0x80, 0x81, 0x9F, 0xA0,
      0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5,
      0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0x7F, 0x8F, 0x90};
  std::string s(n, '\0');
  for (char& c : s) {
    c = static_cast<char>((*rng)() % 3 == 0 ? (*rng)() & 0xFF
                                            : kPool[(*rng)() % sizeof(kPool)]);
  }
  return s;
}

TEST(WireTextScanner, AgreesWithReferenceOnEverySplit) {
  std::mt19937_64 rng(7);
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
    for (int iter = 0; iter < 20000; ++iter) {
      const std::string s = RandomBytes(&rng, rng() % 12);
      for (size_t cut = 0; cut <= s.size(); ++cut) {
        ExpectSame(s, d, {cut});
        if (HasFailure()) return;
      }
      std::vector<size_t> ones;
      for (size_t i = 1; i < s.size(); ++i) ones.push_back(i);
      ExpectSame(s, d, ones);
      if (HasFailure()) return;
    }
  }
}

TEST(WireTextScanner, LongTextsInRandomPieces) {
  std::mt19937_64 rng(11);
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
    for (int iter = 0; iter < 3000; ++iter) {
      std::string s;
      const int kind = iter % 3;
      // Mostly valid text with a rare bad byte.
      for (size_t n = rng() % 300; s.size() < n;) {
        static const char* kTexts[] = {"hello ",       "\xC3\xA9",
                                       "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
                                       "\xED\xA0\x80", "\xF8\x88\x80\x80\x80",
                                       "\xE0\x9F\xBF"};
        s += kTexts[rng() % (kind == 0 ? 4 : 7)];
      }
      if (kind == 2 && !s.empty()) s[rng() % s.size()] = char(rng() & 0xFF);
      if (iter % 10 == 0) s = "\xEF\xBB\xBF" + s;
      std::vector<size_t> cuts;
      for (size_t c = 0; c < s.size(); c += 1 + rng() % 7) cuts.push_back(c);
      ExpectSame(s, d, cuts);
      if (HasFailure()) return;
    }
  }
}

// A string of at most kPatch bytes whose first piece has 3 bytes or more:
// that piece is kept and the string checked once whole (the rest in one
// piece), or the kept piece scanned first (the rest in several pieces, an
// empty one among them); around kPatch, both sides of the bound.
TEST(WireTextScanner, KeptFirstPieceAgreesWithReference) {
  std::mt19937_64 rng(13);
  const size_t kPatch = WireTextScanner::kPatch;
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
    for (int iter = 0; iter < 4000; ++iter) {
      std::string s;
      const size_t n = iter % 50 == 0 ? kPatch - 2 + rng() % 4 : rng() % 40;
      static const char* kTexts[] = {
          "ab",           "\xC3\xA9",         "\xD0\xBF",
          "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xED\xA0\x80",
          "\xE0\x9F\xBF", "\xC0\x80"};
      while (s.size() < n) s += kTexts[rng() % (iter % 2 ? 8 : 5)];
      if (iter % 3 == 0 && !s.empty()) s[rng() % s.size()] = char(rng() & 0xFF);
      if (iter % 7 == 0) s = "\xEF\xBB\xBF" + s;
      if (iter % 11 == 0 && !s.empty()) s[rng() % s.size()] = '\0';
      if (s.size() < 4) continue;
      for (size_t first = 3; first < s.size(); ++first) {
        ExpectSame(s, d, {first});
        const size_t mid = first + (s.size() - first) / 2;
        ExpectSame(s, d, {first, mid});
        ExpectSame(s, d, {first, first, mid});
        if (HasFailure()) return;
      }
    }
  }
}

TEST(WireTextScanner, SpecExamples) {
  // Spec §7.4: one BOM stripped, text ends at NUL, bytes after it unchecked.
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
    ExpectSame(
        "\xEF\xBB\xBF\xEF\xBB\xBF"
        "a",
        d, {1, 2, 4});
    ExpectSame("a\0\xFF", d, {});
    ExpectSame(std::string("\xEF\xBB\xBF\0x", 5), d, {2});
    ExpectSame("\xE0\x41\x00", d, {1});  // cut by NUL wins over the bad byte
    ExpectSame("\xC0\x80", d, {1});
    ExpectSame("\xE0\x80\xBF", d, {1, 2});
  }
}

}  // namespace
}  // namespace internal
}  // namespace stream
}  // namespace gdwire
