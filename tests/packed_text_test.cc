// Copyright 2026 The gdwire Authors.
//
// PackedStringArray text in every dialect through every reader that checks
// it (issue 22, item 2), against the reference decoder: random arrays whose
// elements mix ASCII, accents, Cyrillic, CJK and 4-byte sequences (short
// elements, which core::CheckText settles inline in vectors, and long
// ones), whole and with one planted fault: a byte of every kind put at a
// random place (string starts and ends included), a sequence cut at an
// element's end, a stray continuation at its start, overlong forms,
// surrogates, a NUL inside, a BOM, nonzero padding, a length that runs past
// the end or over max_string_bytes. The push parser (at every single cut and
// in pieces of several sizes), the document (Check and Parse) and the views
// (ValidateValue, DecodeValue) must give the reference's value, or its error
// kind, offset and path; valid godot4 text is also what simdjson accepts.

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/error.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/view/view.h"
#include "gtest/gtest.h"
#include "simdjson.h"
#include "tests/stream_util.h"

namespace gdwire {
namespace {

using testing::AsBytes;

const Dialect kDialects[] = {Dialect::kGodot4, Dialect::kGodot3,
                             Dialect::kPandemonium, Dialect::kPandemonium4};

// Text pieces of every width.
const std::vector<std::string>& Pieces() {
  static const auto* v = new std::vector<std::string>{"a",
                                                      "Z",
                                                      "_",
                                                      "7",
                                                      "\xC3\xA9",
                                                      "\xC3\xB1",
                                                      "\xC2\xA1",
                                                      "\xD0\xB4",
                                                      "\xD1\x87",
                                                      "\xDF\xBF",
                                                      "\xE4\xB8\xAD",
                                                      "\xE2\x82\xAC",
                                                      "\xEF\xBF\xBD",
                                                      "\xF0\x9F\x98\x80",
                                                      "\xF4\x8F\xBF\xBF"};
  return *v;
}

// A random element: mostly one script with ASCII, 0 to `max_pieces` pieces.
std::string Element(std::mt19937_64* rng, size_t max_pieces) {
  const std::vector<std::string>& p = Pieces();
  const size_t script = 4 + (*rng)() % (p.size() - 4);
  const size_t n = (*rng)() % (max_pieces + 1);
  std::string s;
  if ((*rng)() % 40 == 0) s = "\xEF\xBB\xBF";  // a BOM
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = (*rng)() % 10;
    s += r < 5 ? p[(*rng)() % 4] : r < 9 ? p[script] : p[(*rng)() % p.size()];
  }
  return s;
}

// Bytes a fault puts in: NUL, ASCII, continuations, every kind of lead.
const uint8_t kBad[] = {0x00, 0x41, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                        0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF8, 0xFF};

// Sequences a fault puts in over a string's bytes: overlongs, surrogates,
// beyond U+10FFFF, cut-off leads, 5- and 6-byte forms (Godot 3 takes some).
const std::vector<std::string>& BadSequences() {
  static const auto* v =
      new std::vector<std::string>{"\xC0\xAF",
                                   "\xC1\xBF",
                                   "\xE0\x80\xAF",
                                   "\xE0\x9F\xBF",
                                   "\xF0\x80\x80\xAF",
                                   "\xED\xA0\x80",
                                   "\xED\xBF\xBF",
                                   "\xF4\x90\x80\x80",
                                   "\xC3",
                                   "\xE4\xB8",
                                   "\xF0\x9F\x98",
                                   "\xF8\x88\x80\x80\x80",
                                   "\xFC\x84\x80\x80\x80\x80"};
  return *v;
}

struct Layout {
  std::string bytes;
  // Per element: the offset of its length word, and its byte count.
  std::vector<size_t> at;
  std::vector<uint32_t> len;
};

// {"names": PackedStringArray(elements)} in `dialect`, with where each
// element lies (found by walking the length words after the header).
Layout Encode(const std::vector<std::string>& elements, Dialect dialect) {
  Dictionary d;
  d.Set(Variant::String("names"), Variant::PackedStrings(elements));
  EncodeOptions o;
  o.dialect = dialect;
  Layout l;
  l.bytes = reference::Encode(Variant::MakeDictionary(std::move(d)), o).value();
  // The array's count is right before the first element: find the count
  // word followed by a walkable run of exactly that many elements.
  for (size_t c = 0; c + 4 <= l.bytes.size(); c += 4) {
    uint32_t count;
    std::memcpy(&count, &l.bytes[c], 4);
    if (count != elements.size()) continue;
    size_t pos = c + 4;
    std::vector<size_t> at;
    std::vector<uint32_t> len;
    for (uint32_t i = 0; i < count && pos + 4 <= l.bytes.size(); ++i) {
      uint32_t n;
      std::memcpy(&n, &l.bytes[pos], 4);
      at.push_back(pos);
      len.push_back(n);
      pos += 4 + n + ((4 - n % 4) % 4);
    }
    if (at.size() == count && pos == l.bytes.size()) {
      l.at = std::move(at);
      l.len = std::move(len);
      return l;
    }
  }
  ADD_FAILURE() << "no element layout";
  return l;
}

// One planted fault in element `i` (or none when the array is empty).
std::string Plant(const Layout& l, std::mt19937_64* rng) {
  std::string b = l.bytes;
  if (l.at.empty()) return b;
  const size_t i = (*rng)() % l.at.size();
  const size_t text = l.at[i] + 4;
  const uint32_t n = l.len[i];
  const size_t pad = (4 - n % 4) % 4;
  const uint64_t kind = (*rng)() % 9;
  // A place in the string, its first and last bytes more often.
  size_t k = 0;
  if (n > 0) {
    const uint64_t r = (*rng)() % 4;
    k = r == 0 ? 0 : r == 1 ? n - 1 : (*rng)() % n;
    if (r == 1 && n >= 2 && (*rng)() % 2 == 0) k = n - 2;  // before its NUL
  }
  switch (kind) {
    case 0:
    case 1:
      if (n > 0) b[text + k] = static_cast<char>(kBad[(*rng)() % sizeof(kBad)]);
      break;
    case 2:
    case 3: {
      const std::string& s = BadSequences()[(*rng)() % BadSequences().size()];
      for (size_t j = 0; j < s.size() && k + j < n; ++j) b[text + k + j] = s[j];
      break;
    }
    case 4:  // a lead cut off by the element's NUL or end
      if (n >= 2) b[text + n - 2] = static_cast<char>(0xC3 + (*rng)() % 0x30);
      break;
    case 5:  // a stray continuation at the start
      if (n > 0) b[text] = static_cast<char>(0x80 + (*rng)() % 0x40);
      break;
    case 6:  // nonzero padding (the engine ignores it) or a NUL inside
      if (pad > 0) {
        b[text + n + (*rng)() % pad] = static_cast<char>(1 + (*rng)() % 255);
      } else if (n > 0) {
        b[text + k] = '\0';
      }
      break;
    case 7: {  // a length that runs past the end (or, rarely, a huge one)
      uint32_t big = (*rng)() % 2 == 0
                         ? static_cast<uint32_t>(b.size())
                         : static_cast<uint32_t>(0x7FFFFFF0u - (*rng)() % 16);
      std::memcpy(&b[l.at[i]], &big, 4);
      break;
    }
    default: {  // a length off by a few bytes
      const uint32_t m = n + static_cast<uint32_t>((*rng)() % 9) - 4;
      std::memcpy(&b[l.at[i]], &m, 4);
      break;
    }
  }
  return b;
}

int failures = 0;

void Report(const std::string& what, const std::string& bytes,
            const Error& want, const Error& got) {
  if (++failures > 20) return;
  ADD_FAILURE() << what << ": got " << got.ToString() << " vs reference "
                << want.ToString() << " (" << bytes.size() << " bytes)";
}

bool Same(const Error& a, const Error& b) {
  return a.kind == b.kind && a.offset == b.offset && a.path == b.path;
}

// Every reader against the reference on `bytes`; `cuts_every` feeds the
// push parser at every single cut too (else pieces of a few sizes).
void CheckAll(const std::string& bytes, const DecodeOptions& o,
              document::Parser* doc, bool cuts_every) {
  Variant ref;
  size_t used = 0;
  const Error want = reference::DecodeValue(AsBytes(bytes), o, &ref, &used, 0);
  // Push parser.
  const testing::Outcome ref_outcome =
      testing::ReferenceOutcome(AsBytes(bytes), o);
  std::vector<std::vector<size_t>> splits = {{}};
  if (cuts_every) {
    for (size_t c = 1; c < bytes.size(); ++c) splits.push_back({c});
  }
  for (size_t piece : {1, 3, 17, 61}) {
    std::vector<size_t> cuts;
    for (size_t at = piece; at < bytes.size(); at += piece) cuts.push_back(at);
    splits.push_back(cuts);
  }
  for (const auto& cuts : splits) {
    const std::string diff = testing::Compare(
        ref_outcome, testing::StreamOutcome(AsBytes(bytes), o, cuts));
    if (!diff.empty()) {
      if (++failures <= 20) {
        ADD_FAILURE() << "push parser, " << cuts.size() << " cuts, first "
                      << (cuts.empty() ? 0 : cuts[0]) << ": " << diff;
      }
      break;
    }
  }
  // Document.
  const document::ParseResult c = doc->Check(AsBytes(bytes), o);
  if (!Same(c.error, want)) Report("document check", bytes, want, c.error);
  const document::ParseResult r = doc->Parse(AsBytes(bytes), o);
  if (!Same(r.error, want)) Report("document parse", bytes, want, r.error);
  if (want.ok() && r.ok()) {
    absl::StatusOr<Variant> v = r.root.ToVariant();
    if (!v.ok() || !(*v == ref)) {
      Report("document value", bytes, want, Error{});
    }
  }
  // Views.
  absl::StatusOr<view::MessageView> m =
      view::MessageView::Open(AsBytes(bytes), o);
  Error ve, de;
  Variant vv;
  size_t vu = 0;
  if (!m.ok()) {
    ve = de = ErrorFromStatus(m.status());
  } else {
    ve = m->ValidateValue(&vu);
    de = m->DecodeValue(&vv, &vu);
  }
  if (!Same(ve, want)) Report("view validate", bytes, want, ve);
  if (!Same(de, want)) Report("view decode", bytes, want, de);
  if (want.ok() && de.ok() && !(vv == ref)) {
    Report("view value", bytes, want, Error{});
  }
}

TEST(PackedText, ValidArraysOfEveryScript) {
  std::mt19937_64 rng(2022);
  document::Parser doc;
  for (Dialect dialect : kDialects) {
    DecodeOptions o;
    o.dialect = dialect;
    for (int iter = 0; iter < 150; ++iter) {
      std::vector<std::string> elements(rng() % 12);
      for (std::string& e : elements) {
        e = Element(&rng, rng() % 8 == 0 ? 120 : 14);
        if (dialect == Dialect::kGodot4) {
          ASSERT_TRUE(simdjson::validate_utf8(e.data(), e.size()));
        }
      }
      CheckAll(Encode(elements, dialect).bytes, o, &doc, iter < 40);
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(PackedText, OnePlantedFault) {
  std::mt19937_64 rng(22);
  document::Parser doc;
  int errors = 0;
  for (Dialect dialect : kDialects) {
    for (int iter = 0; iter < 1500; ++iter) {
      DecodeOptions o;
      o.dialect = dialect;
      if (iter % 10 == 0) o.max_string_bytes = 24;
      std::vector<std::string> elements(1 + rng() % 10);
      for (std::string& e : elements) {
        e = Element(&rng, rng() % 10 == 0 ? 100 : 12);
      }
      const std::string bytes = Plant(Encode(elements, dialect), &rng);
      Variant ref;
      size_t used = 0;
      if (!reference::DecodeValue(AsBytes(bytes), o, &ref, &used, 0).ok()) {
        ++errors;
      }
      CheckAll(bytes, o, &doc, iter % 10 == 1);
    }
  }
  // Most faults are errors (the rest: accepted text, ignored padding).
  EXPECT_GT(errors, 2000);
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace gdwire
