// Copyright 2026 The gdwire Authors.
//
// The push parser at a piece's end (issue 22 item 1: 1400-byte pieces at
// the whole buffer's speed): a string cut by the piece's end has its length
// and first part read at once and, when it has at most
// WireTextScanner::kPatch bytes, its first piece kept in the scanner's patch
// buffer and the whole string checked once its rest has come
// (codec/stream/internal/wire_text.h); a piece that ends between
// PackedStringArray elements leaves the next one to the next piece's run.
// On strings of every length around those bounds (0 to 300 bytes, 255-258
// around kPatch), in every role the fast loops read (Array element,
// Dictionary key and value, StringName, PackedStringArray element), ASCII,
// Spanish, Cyrillic, emoji, a BOM, a NUL inside or first, cut at every byte
// and again a few bytes later (the rest in two pieces): the reference's
// value and the whole feed's events; with a bad byte planted at every index
// of a value and a key cut at every byte: the reference's error (kind,
// offset, path), godot4 and godot3; and the handler stopping or aborting at
// every event with the pieces cut at every byte.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/reference/encoder.h"
#include "codec/stream/internal/wire_text.h"
#include "codec/stream/parser.h"
#include "gtest/gtest.h"
#include "tests/stream_util.h"

namespace gdwire {
namespace {

using testing::AsBytes;
using testing::Compare;
using testing::ReferenceOutcome;
using testing::StreamOutcome;

constexpr size_t kPatch = stream::internal::WireTextScanner::kPatch;

// Texts of every kind and length around the bounds. "@0" is turned into a
// NUL in the encoded bytes (Bytes()).
std::vector<std::string> Texts() {
  std::vector<std::string> t;
  for (size_t n = 0; n <= 20; ++n) t.push_back(std::string(n, 'a' + n % 26));
  for (size_t n : {31, 32, 33, 60, 120, 253, 254, 255, 256, 257, 258, 300}) {
    t.push_back(std::string(n, 'k'));
  }
  t.push_back(std::string(kPatch - 2, 'p') + "\xC3\xB1");  // kPatch bytes
  t.push_back(
      "\xC2\xA1"
      "buena partida! nos vemos, se\xC3\xB1or");
  t.push_back("\xD0\xBF\xD1\x80\xD0\xB5\xD0\xB4\xD0\xBC\xD0\xB5\xD1\x82_7");
  t.push_back("emoji \xF0\x9F\x98\x80\xF0\x9F\x98\x80 end");
  t.push_back(
      "\xEF\xBB\xBF"
      "after a BOM");
  t.push_back("\xEF\xBB\xBF");
  t.push_back("text@0after the NUL");
  t.push_back("@0first");
  return t;
}

std::string Bytes(const Variant& v, Dialect d) {
  EncodeOptions o;
  o.dialect = d;
  std::string b = reference::Encode(v, o).value();
  for (size_t at = b.find("@0"); at != std::string::npos; at = b.find("@0")) {
    b[at] = '\0';
    b[at + 1] = 'z';
  }
  return b;
}

// [texts as Array elements, {text: text}, [StringNames], PackedStringArray,
// 7]; godot3 has StringNames as Strings.
std::string Payload(Dialect d) {
  Array all, names;
  Dictionary dict;
  std::vector<std::string> packed;
  int i = 0;
  for (const std::string& s : Texts()) {
    all.items.push_back(Variant::String(s));
    packed.push_back(s);
    if (s.size() > 60) continue;  // the long ones in two roles only
    dict.Set(Variant::String(absl::StrCat(s, "#", i++)), Variant::String(s));
    names.items.push_back(d == Dialect::kGodot3 ? Variant::String(s)
                                                : Variant::StringName(s));
  }
  Array top;
  top.items.push_back(Variant::MakeArray(std::move(all)));
  top.items.push_back(Variant::MakeDictionary(std::move(dict)));
  top.items.push_back(Variant::MakeArray(std::move(names)));
  top.items.push_back(Variant::PackedStrings(std::move(packed)));
  top.items.push_back(Variant::Int(7));
  return Bytes(Variant::MakeArray(std::move(top)), d);
}

TEST(StreamPieceEnd, StringsCutAtEveryByte) {
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
    DecodeOptions opts;
    opts.dialect = d;
    const std::string b = Payload(d);
    const testing::Outcome want = ReferenceOutcome(AsBytes(b), opts);
    ASSERT_TRUE(want.ok) << want.error.ToString();
    const std::string whole = testing::EventLog(AsBytes(b), opts, {});
    for (size_t cut = 1; cut < b.size(); ++cut) {
      std::vector<std::vector<size_t>> splits = {{cut}};
      if (cut % 3 == 0) {  // the rest in two pieces, an empty one between
        splits.push_back({cut, cut + 1});
        splits.push_back({cut, cut, cut + 5});
      }
      for (const std::vector<size_t>& cuts : splits) {
        ASSERT_EQ(Compare(want, StreamOutcome(AsBytes(b), opts, cuts)), "")
            << "cut " << cut << " of " << cuts.size();
        ASSERT_EQ(testing::EventLog(AsBytes(b), opts, cuts), whole)
            << "cut " << cut << " of " << cuts.size();
      }
    }
    for (size_t piece : {3, 17, 61, 200, 1400}) {
      std::vector<size_t> cuts;
      for (size_t at = piece; at < b.size(); at += piece) cuts.push_back(at);
      EXPECT_EQ(testing::EventLog(AsBytes(b), opts, cuts), whole) << piece;
    }
  }
}

// {"name": ..., "chat": text} dictionaries in an Array, a bad byte (or, for
// godot3, an overlong form it accepts followed by a bad byte) planted at
// every index of the second chat text or of its key, cut at every byte of
// that string and a few bytes on.
TEST(StreamPieceEnd, BadTextInACutString) {
  const std::string chat = "good game, see you at the north gate at 7 o'clock";
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
    DecodeOptions opts;
    opts.dialect = d;
    Array msgs;
    for (int i = 0; i < 3; ++i) {
      Dictionary m;
      m.Set(Variant::String("name"), Variant::String(absl::StrCat("p", i)));
      m.Set(Variant::String(i == 1 ? "chat_key_long" : "chat"),
            Variant::String(chat));
      msgs.items.push_back(Variant::MakeDictionary(std::move(m)));
    }
    const std::string good = Bytes(Variant::MakeArray(std::move(msgs)), d);
    for (const std::string& what : {chat, std::string("chat_key_long")}) {
      const size_t text =
          good.find(what, what == chat ? good.find(chat) + 1 : size_t{0});
      ASSERT_NE(text, std::string::npos);
      for (size_t bad = 0; bad < what.size(); ++bad) {
        std::string b = good;
        b[text + bad] = '\xFF';
        if (d == Dialect::kGodot3 && bad + 4 < what.size()) {
          b.replace(text + bad, 2, "\xC1\x81");  // an overlong "A"
          b[text + bad + 3] = '\xFF';
        }
        const testing::Outcome want = ReferenceOutcome(AsBytes(b), opts);
        ASSERT_FALSE(want.ok);
        ASSERT_EQ(want.error.kind, ErrorKind::kInvalidUtf8);
        for (size_t cut = text - 5; cut < text + what.size() + 4; ++cut) {
          for (const std::vector<size_t>& cuts :
               {std::vector<size_t>{cut}, std::vector<size_t>{cut, cut + 3}}) {
            ASSERT_EQ(Compare(want, StreamOutcome(AsBytes(b), opts, cuts)), "")
                << "bad " << bad << " cut " << cut << " of " << cuts.size();
          }
        }
      }
    }
  }
}

// Strings over the limits and past the end, cut at every byte.
TEST(StreamPieceEnd, LimitsAndTruncationInACutString) {
  Array a;
  a.items.push_back(Variant::Int(1));
  a.items.push_back(Variant::String(std::string(40, 'x')));
  a.items.push_back(Variant::String(std::string(kPatch + 9, 'y')));
  const std::string b =
      Bytes(Variant::MakeArray(std::move(a)), Dialect::kGodot4);
  for (uint64_t limit : {uint64_t{39}, uint64_t{40}, uint64_t{kPatch}}) {
    DecodeOptions opts;
    opts.max_string_bytes = limit;
    const testing::Outcome want = ReferenceOutcome(AsBytes(b), opts);
    ASSERT_FALSE(want.ok);
    ASSERT_EQ(want.error.kind, ErrorKind::kLimitExceeded);
    for (size_t cut = 1; cut < b.size(); ++cut) {
      ASSERT_EQ(Compare(want, StreamOutcome(AsBytes(b), opts, {cut})), "")
          << limit << " " << cut;
    }
  }
  for (size_t end = 1; end < b.size(); ++end) {
    const std::string cut_off = b.substr(0, end);
    const testing::Outcome want = ReferenceOutcome(AsBytes(cut_off), {});
    ASSERT_FALSE(want.ok);
    for (size_t cut = 1; cut < end; cut += 7) {
      ASSERT_EQ(Compare(want, StreamOutcome(AsBytes(cut_off), {}, {cut})), "")
          << end << " " << cut;
    }
  }
}

// Stops (or aborts) at the k-th event of any kind; string events count
// their last parts only (a string cut by a piece's end comes in parts).
struct StopAt {
  stream::Parser<StopAt>* parser = nullptr;
  int at = 0, seen = 0;
  bool abort = false;
  std::string log;
  bool Next(const std::string& what) {
    absl::StrAppend(&log, what, ";");
    if (++seen != at) return true;
    if (abort) parser->Abort(ErrorKind::kLimitExceeded, "abort");
    return false;
  }
  bool Scalar(const stream::ScalarEvent& e) { return Next(absl::StrCat(e.i)); }
  bool String(const stream::StringPart& s) {
    text.append(s.text.data(), s.text.size());
    if (!s.last()) return true;
    const std::string t = std::move(text);
    text.clear();
    return Next(absl::StrCat("'", t, "'"));
  }
  bool Begin(const stream::BeginEvent& b) {
    return Next(absl::StrCat("B", b.count));
  }
  bool Key(uint64_t i) { return Next(absl::StrCat("K", i)); }
  bool Chunk(const stream::ChunkEvent&) { return true; }
  bool End(const stream::EndEvent&) { return Next("E"); }
  bool ValueDone(uint64_t, uint64_t) { return true; }
  std::string text;
};

struct Fed {
  Error error;
  uint64_t offset = 0;
  bool stopped = false;
  int seen = 0;
  std::string log;
};

Fed Feed(const std::string& b, int at, bool abort, size_t piece) {
  StopAt h;
  h.at = at;
  h.abort = abort;
  stream::Parser<StopAt> p(&h, DecodeOptions());
  h.parser = &p;
  for (size_t from = 0; from < b.size(); from += piece) {
    if (!p.Feed(absl::string_view(b).substr(from, piece)).ok()) break;
    if (p.stopped()) {
      // No further progress, no further events.
      const std::string log = h.log;
      const size_t rest = std::min(from + piece, b.size());
      EXPECT_TRUE(p.Feed(absl::string_view(b).substr(rest)).ok());
      EXPECT_EQ(h.log, log);
      break;
    }
  }
  return Fed{p.error(), p.offset(), p.stopped(), h.seen, h.log};
}

TEST(StreamPieceEnd, StopAndAbortAtEveryEvent) {
  const std::string b = Payload(Dialect::kGodot4);
  const Fed all = Feed(b, 1 << 30, false, b.size());
  ASSERT_GT(all.seen, 100);
  for (size_t piece : {1, 2, 3, 5, 17, 61}) {
    for (int at = 1; at <= all.seen; at += piece > 3 ? 1 : 7) {
      for (bool abort : {false, true}) {
        const Fed whole = Feed(b, at, abort, b.size());
        const Fed got = Feed(b, at, abort, piece);
        ASSERT_EQ(got.seen, at);
        ASSERT_EQ(got.stopped, !abort) << at;
        ASSERT_EQ(got.log, whole.log) << at << " piece " << piece;
        EXPECT_EQ(got.error.kind, whole.error.kind) << at;
        // The offset and path are the whole feed's, but for a string's
        // last part: there the string states leave the offset at the part
        // they passed on (and a PackedStringArray element names itself).
        const bool string_last =
            got.log.compare(got.log.size() - 2, 2, "';") == 0;
        if (!string_last) {
          EXPECT_EQ(got.offset, whole.offset) << at << " piece " << piece;
          EXPECT_EQ(got.error.ToString(), whole.error.ToString()) << at;
        }
      }
    }
  }
}

}  // namespace
}  // namespace gdwire
