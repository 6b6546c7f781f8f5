// Copyright 2026 The gdwire Authors.
//
// core::CheckText, the one text check of every reader (inline vectors for
// short text, simd/utf8 for the rest), against the independent reference
// decoder (codec/reference/utf8) under both rule sets, and against
// simdjson's validator where the strict rules are RFC 3629: every 1- and
// 2-byte sequence and every 3- and 4-byte sequence of boundary bytes at
// every position of short windows, after ASCII, accented and Cyrillic text,
// with and without a NUL, a BOM and the caller's slop bytes; then random
// text of every length up to 300 bytes. Buffers are allocated exactly as
// large as the check may read, so ASan catches a read past them.

#include "codec/core/text.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "codec/reference/utf8.h"
#include "codec/types.h"
#include "gtest/gtest.h"
#include "simd/utf8_short.h"
#include "simdjson.h"

namespace gdwire {
namespace core {
namespace {

// Bytes where the rules change: ASCII, NUL, continuation bounds, every
// kind of lead, the overlong and surrogate edges, the BOM's bytes.
const std::vector<uint8_t>& Edges() {
  static const auto* v = new std::vector<uint8_t>{
      0x00, 0x01, 0x20, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xBB, 0xBF,
      0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1,
      0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF};
  return *v;
}

int failures = 0;

// Checks `text` (n = its size) with `slop` readable bytes after it, against
// the reference, under `dialect`.
void Expect(const std::string& text, size_t slop, Dialect dialect) {
  const size_t n = text.size();
  const size_t readable = n + slop;
  std::unique_ptr<uint8_t[]> buf(new uint8_t[readable == 0 ? 1 : readable]);
  std::memcpy(buf.get(), text.data(), n);
  for (size_t k = n; k < readable; ++k) buf[k] = 0x80 | (k & 0x3F);
  const simd::WireText t = CheckText(buf.get(), n, readable, dialect);
  std::string out;
  size_t bad = 0;
  const bool ok = reference::DecodeWireText(buf.get(), n, dialect, &out, &bad);
  bool same = t.ok == ok;
  size_t begin = 0, end = n;
  if (same && ok) {
    begin = n >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    end = text.find('\0', begin);
    if (end == std::string::npos) end = n;
    const std::string window = text.substr(begin, end - begin);
    bool ascii = true;
    for (unsigned char c : window) ascii = ascii && c < 0x80;
    same = t.begin == begin && t.end == end && t.canonical == (out == window) &&
           t.ascii == ascii;
    if (same && dialect == Dialect::kGodot4) {
      same = simdjson::validate_utf8(window.data(), window.size());
    }
  } else if (same) {
    same = t.bad_index == bad;
    if (same && dialect == Dialect::kGodot4) {
      // simdjson rejects the same text window.
      begin = n >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
      end = text.find('\0', begin);
      if (end == std::string::npos) end = n;
      same = !simdjson::validate_utf8(text.data() + begin, end - begin);
    }
  }
  if (!same && ++failures <= 20) {
    std::string hex;
    for (unsigned char c : text) {
      static const char* kHex = "0123456789abcdef";
      hex += kHex[c >> 4];
      hex += kHex[c & 15];
      hex += ' ';
    }
    ADD_FAILURE() << "dialect " << static_cast<int>(dialect) << " slop " << slop
                  << " text [" << hex << "]: got ok=" << t.ok
                  << " begin=" << t.begin << " end=" << t.end
                  << " bad=" << t.bad_index << " ascii=" << t.ascii
                  << " canonical=" << t.canonical << "; reference ok=" << ok
                  << " bad=" << bad;
  }
}

// `seq` at every position of windows of `filler` text, each checked with
// the NUL-terminated and bare forms, tight and with slop bytes.
void Sweep(const std::string& seq, const std::string& prefix,
           const std::vector<size_t>& lengths, Dialect dialect) {
  for (size_t len : lengths) {
    if (len < prefix.size() + seq.size()) continue;
    for (size_t pos = prefix.size(); pos + seq.size() <= len; ++pos) {
      std::string s = prefix + std::string(pos - prefix.size(), 'a') + seq;
      s += std::string(len - s.size(), 'b');
      const size_t tight = simd::ShortTextReadable(s.size()) - s.size();
      Expect(s, tight, dialect);
      Expect(s + '\0', 16, dialect);
    }
  }
}

const Dialect kDialects[] = {Dialect::kGodot4, Dialect::kGodot3};

// The prefixes that send the sweep down each path of the short check: none
// (the 2-byte masks of the chunk that holds the sequence, or one vector
// from the first non-ASCII byte), an accent far before (the masks of the
// first and a later chunk, or the chunk path), Cyrillic (every chunk), a
// BOM.
const std::vector<std::string>& Prefixes() {
  static const auto* v = new std::vector<std::string>{
      "", "\xC3\xA9", "\xD0\xBF\xD1\x80\xD0\xB5\xD0\xB4\xD0\xBC\xD0\xB5",
      "\xEF\xBB\xBF"};
  return *v;
}

// One instance for each first byte of the sequences.
class CheckTextLead : public ::testing::TestWithParam<int> {};

TEST_P(CheckTextLead, EveryTwoByteSequenceEverywhere) {
  const int a = GetParam();
  const std::vector<size_t> lengths = {2, 15, 16, 17, 33, 64, 65, 80};
  for (Dialect dialect : kDialects) {
    for (int b = 0; b < 256; ++b) {
      const std::string seq = {static_cast<char>(a), static_cast<char>(b)};
      Sweep(seq, "", {2, 16, 17, 33}, dialect);
      if (a >= 0x80 && (b & 7) == 0) {
        for (const std::string& prefix : Prefixes()) {
          Sweep(seq, prefix, lengths, dialect);
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST_P(CheckTextLead, EveryThreeAndFourByteEdgeSequenceEverywhere) {
  const uint8_t a = static_cast<uint8_t>(GetParam());
  const std::vector<uint8_t>& e = Edges();
  if (a < 0x80 || std::find(e.begin(), e.end(), a) == e.end()) return;
  for (Dialect dialect : kDialects) {
    for (uint8_t b : e) {
      for (uint8_t c : e) {
        const std::string three = {char(a), char(b), char(c)};
        Sweep(three, "", {3, 16, 20}, dialect);
        Sweep(three, Prefixes()[1], {31, 66}, dialect);
        for (uint8_t d : e) {
          const std::string four = three + char(d);
          if (a >= 0xF0) Sweep(four, "", {4, 18}, dialect);
          Expect(four, 12, dialect);
          Expect(std::string(60, 'x') + four, 0, dialect);
          Expect(Prefixes()[2] + std::string(50, 'x') + four + "z", 2, dialect);
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

INSTANTIATE_TEST_SUITE_P(Leads, CheckTextLead, ::testing::Range(0, 256));

// Random text of every length up to 300: valid sequences of 1 to 6 bytes
// (Godot 3's too), overlong forms, stray bytes, NULs, BOMs.
TEST(CheckText, RandomText) {
  std::mt19937_64 rng(22);
  const std::vector<std::string> pieces = {"a",
                                           " ",
                                           "\xC3\xA9",
                                           "\xC2\xA1",
                                           "\xD0\xBF",
                                           "\xE2\x82\xAC",
                                           "\xED\x9F\xBF",
                                           "\xED\xA0\x80",
                                           "\xF0\x9F\x98\x80",
                                           "\xF4\x8F\xBF\xBF",
                                           "\xF4\x90\x80\x80",
                                           "\xE0\x80\xAF",
                                           "\xC1\xBF",
                                           "\xF8\x88\x80\x80\x80",
                                           "\xFC\x84\x80\x80\x80\x80",
                                           "\xE0\x9F\xBF",
                                           "\x80",
                                           "\xFF",
                                           "\0",
                                           "\xEF\xBB\xBF"};
  for (int iter = 0; iter < 60000; ++iter) {
    const size_t len = rng() % 301;
    std::string s;
    const int rare = static_cast<int>(rng() % 4);  // how often non-ASCII
    while (s.size() < len) {
      if (static_cast<int>(rng() % 16) > rare) {
        s += static_cast<char>('a' + rng() % 26);
      } else {
        s += pieces[rng() % pieces.size()];
      }
    }
    s.resize(len);
    for (Dialect dialect : kDialects) {
      Expect(s, simd::ShortTextReadable(len) - len, dialect);
      Expect(s, rng() % 20, dialect);
    }
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace core
}  // namespace gdwire
