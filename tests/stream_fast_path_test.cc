// Copyright 2026 The gdwire Authors.
//
// The push parser's whole-value fast path (codec/stream/internal/
// parser_fast.h) and its hand-over to the state machine: on player
// snapshots (string and int keys, StringNames, math types, nested and empty
// containers) fed whole (every value in the fast path), cut at every byte
// (a piece ending inside each field the fast path reads) and in pieces of
// several sizes, the parser gives the reference decoder's value or error
// (kind, offset, path), the same events, and the same error and offset when
// the handler aborts or stops at any event; errors planted deep inside the
// fast region (bad UTF-8 in a value, a key, a value under an int key; an
// invalid type id; a count over its limit; a value deeper than max_depth;
// a string running past the end) are reported as the reference reports them.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/reference/encoder.h"
#include "codec/stream/parser.h"
#include "gtest/gtest.h"
#include "tests/stream_util.h"

namespace gdwire {
namespace {

using testing::AsBytes;
using testing::Compare;
using testing::ReferenceOutcome;
using testing::StreamOutcome;

// {"players": [n player Dictionaries], "tick": 77}; each player's "id" is
// 0x5A5A0000 + i (a marker to find its header by). godot3 has no
// StringName: Strings there.
Variant Snapshot(int n, Dialect dialect = Dialect::kGodot4) {
  const auto name = [&](std::string s) {
    return dialect == Dialect::kGodot3 ? Variant::String(std::move(s))
                                       : Variant::StringName(std::move(s));
  };
  Array players;
  for (int i = 0; i < n; ++i) {
    Dictionary d;
    d.Set(Variant::String("id"), Variant::Int(0x5A5A0000 + i));
    d.Set(Variant::String("name"), Variant::String(absl::StrCat("player_", i)));
    d.Set(name("pos"), Variant::Vector3(i, 2.5, -i));
    d.Set(Variant::String("vel"), Variant::Vector2(0.25, i));
    d.Set(Variant::String("hp"), Variant::Float(100.0 - i));
    d.Set(Variant::String("alive"), Variant::Bool(i % 2 == 0));
    d.Set(Variant::String("team"), name("red"));
    d.Set(Variant::Int(100 + i), Variant::String(absl::StrCat("seven_", i)));
    d.Set(Variant::Vector2(1, i), Variant::String(absl::StrCat("vec_", i)));
    Array inv;
    inv.items.push_back(Variant::Int(i));
    inv.items.push_back(Variant::String("a sword longer than sixteen"));
    inv.items.push_back(Variant::MakeDictionary());
    inv.items.push_back(Variant::MakeArray());
    for (int k = 0; k < 8; ++k) inv.items.push_back(Variant::Int(k));
    d.Set(Variant::String("inv"), Variant::MakeArray(std::move(inv)));
    players.items.push_back(Variant::MakeDictionary(std::move(d)));
  }
  Dictionary m;
  m.Set(Variant::String("players"), Variant::MakeArray(std::move(players)));
  m.Set(Variant::String("tick"), Variant::Int(77));
  return Variant::MakeDictionary(std::move(m));
}

std::string Bytes(const Variant& v, Dialect d = Dialect::kGodot4) {
  EncodeOptions o;
  o.dialect = d;
  return reference::Encode(v, o).value();
}

// Cut sets: whole; every single cut; pieces of several sizes.
std::vector<std::vector<size_t>> Splits(size_t n) {
  std::vector<std::vector<size_t>> s;
  s.push_back({});
  for (size_t cut = 1; cut < n; ++cut) s.push_back({cut});
  for (size_t piece : {3, 17, 61, 200, 1400}) {
    std::vector<size_t> cuts;
    for (size_t at = piece; at < n; at += piece) cuts.push_back(at);
    s.push_back(cuts);
  }
  return s;
}

// The reference's outcome under every split; returns the whole-feed error.
Error CheckEverySplit(const std::string& input, const DecodeOptions& d) {
  const testing::Outcome want = ReferenceOutcome(AsBytes(input), d);
  for (const auto& cuts : Splits(input.size())) {
    const testing::Outcome got = StreamOutcome(AsBytes(input), d, cuts);
    const std::string diff = Compare(want, got);
    EXPECT_EQ(diff, "") << "cuts " << cuts.size() << " first "
                        << (cuts.empty() ? 0 : cuts[0]);
    if (!diff.empty()) break;
  }
  return want.error;
}

size_t Find(const std::string& s, const std::string& what, size_t from = 0) {
  const size_t at = s.find(what, from);
  EXPECT_NE(at, std::string::npos) << what;
  return at;
}

std::string U32(uint32_t v) {
  std::string s(4, '\0');
  std::memcpy(&s[0], &v, 4);
  return s;
}

TEST(StreamFastPath, ValuesAtEverySplit) {
  for (Dialect dialect : {Dialect::kGodot4, Dialect::kGodot3}) {
    DecodeOptions d;
    d.dialect = dialect;
    const std::string bytes = Bytes(Snapshot(4, dialect), dialect);
    const testing::Outcome want = ReferenceOutcome(AsBytes(bytes), d);
    ASSERT_TRUE(want.ok);
    const std::string whole = testing::EventLog(AsBytes(bytes), d, {});
    for (const auto& cuts : Splits(bytes.size())) {
      EXPECT_EQ(Compare(want, StreamOutcome(AsBytes(bytes), d, cuts)), "");
      ASSERT_EQ(testing::EventLog(AsBytes(bytes), d, cuts), whole)
          << "cuts " << cuts.size() << " first "
          << (cuts.empty() ? 0 : cuts[0]);
    }
  }
}

TEST(StreamFastPath, BadTextInAValue) {
  std::string b = Bytes(Snapshot(6));
  b[Find(b, "player_3")] = '\xFF';
  const Error e = CheckEverySplit(b, DecodeOptions());
  EXPECT_EQ(e.kind, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(e.path, "$[\"players\"][3][\"name\"]");
}

TEST(StreamFastPath, BadTextUnderAnIntKey) {
  std::string b = Bytes(Snapshot(6));
  b[Find(b, "seven_2") + 2] = '\xC0';
  const Error e = CheckEverySplit(b, DecodeOptions());
  EXPECT_EQ(e.kind, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(e.path, "$[\"players\"][2][102]");
}

TEST(StreamFastPath, BadTextUnderAVectorKey) {
  std::string b = Bytes(Snapshot(6));
  b[Find(b, "vec_1") + 1] = '\xFF';
  const Error e = CheckEverySplit(b, DecodeOptions());
  EXPECT_EQ(e.kind, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(e.path, "$[\"players\"][1]{#8}");
}

TEST(StreamFastPath, BadTextInAKey) {
  std::string b = Bytes(Snapshot(6));
  size_t at = 0;
  for (int i = 0; i <= 5; ++i) at = Find(b, "name", at + 1);
  b[at + 1] = '\x80';
  const Error e = CheckEverySplit(b, DecodeOptions());
  EXPECT_EQ(e.kind, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(e.path, "$[\"players\"][5]{key #1}");
}

TEST(StreamFastPath, InvalidTypeId) {
  std::string b = Bytes(Snapshot(6));
  const size_t id = Find(b, U32(0x5A5A0004));
  b[id - 4] = '\xC8';  // the header of player 4's "id" value: type 200
  const Error e = CheckEverySplit(b, DecodeOptions());
  EXPECT_EQ(e.kind, ErrorKind::kInvalidType);
  EXPECT_EQ(e.offset, id - 4);
  EXPECT_EQ(e.path, "$[\"players\"][4][\"id\"]");
}

TEST(StreamFastPath, StringRunsPastTheEnd) {
  std::string b = Bytes(Snapshot(3));
  const size_t at = Find(b, "player_2");
  b.replace(at - 4, 4, U32(1000));
  const Error e = CheckEverySplit(b, DecodeOptions());
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
}

TEST(StreamFastPath, Limits) {
  const std::string b = Bytes(Snapshot(3));
  DecodeOptions count;
  count.max_container_elements = 11;  // each "inv" has 12
  Error e = CheckEverySplit(b, count);
  EXPECT_EQ(e.kind, ErrorKind::kLimitExceeded);
  EXPECT_EQ(e.path, "$[\"players\"][0][\"inv\"]");
  DecodeOptions depth;
  depth.max_depth = 3;  // the values inside "inv" are at depth 4
  e = CheckEverySplit(b, depth);
  EXPECT_EQ(e.kind, ErrorKind::kTooDeep);
  EXPECT_EQ(e.path, "$[\"players\"][0][\"inv\"][0]");
  DecodeOptions text;
  text.max_string_bytes = 20;  // "a sword longer than sixteen"
  e = CheckEverySplit(b, text);
  EXPECT_EQ(e.kind, ErrorKind::kLimitExceeded);
  EXPECT_EQ(e.path, "$[\"players\"][0][\"inv\"][1]");
}

// Godot 3's lenient text: an overlong key is named in its shortest form.
TEST(StreamFastPath, NonCanonicalKeyInAPath) {
  std::string b = Bytes(Snapshot(4, Dialect::kGodot3), Dialect::kGodot3);
  size_t at = 0;
  for (int i = 0; i <= 2; ++i) at = Find(b, "name", at + 1);
  b.replace(at + 1, 3, "\xE0\x90\x80");  // "n" + an overlong U+0400
  b[Find(b, "player_2") + 1] = '\xFF';   // an error under that key
  DecodeOptions d;
  d.dialect = Dialect::kGodot3;
  const Error e = CheckEverySplit(b, d);
  EXPECT_EQ(e.kind, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(e.path, "$[\"players\"][2][\"n\xD0\x80\"]");
}

// Aborts (or stops) at the k-th non-string event, or (packed) at the k-th
// PackedStringArray element's last part.
struct AbortAt {
  stream::Parser<AbortAt>* parser = nullptr;
  int at = 0, seen = 0;
  bool abort = true;
  bool packed = false;
  bool Next() {
    if (++seen != at) return true;
    if (abort) parser->Abort(ErrorKind::kLimitExceeded, "abort");
    return false;
  }
  bool Scalar(const stream::ScalarEvent&) { return packed || Next(); }
  bool String(const stream::StringPart& s) {
    return !packed || s.role != stream::StringRole::kPackedElement ||
           !s.last() || Next();
  }
  bool Begin(const stream::BeginEvent&) { return packed || Next(); }
  bool Key(uint64_t) { return packed || Next(); }
  bool Chunk(const stream::ChunkEvent&) { return true; }
  bool End(const stream::EndEvent&) { return packed || Next(); }
  bool ValueDone(uint64_t, uint64_t) { return true; }
};

struct Stopped {
  Error error;
  uint64_t offset = 0;
  bool stopped = false;
  int seen = 0;
};

Stopped RunAbort(const std::string& b, const FrameOptions& framing, int at,
                 bool abort, const std::vector<size_t>& cuts,
                 bool packed = false) {
  AbortAt h;
  h.at = at;
  h.abort = abort;
  h.packed = packed;
  stream::Parser<AbortAt> p(&h, DecodeOptions(), framing);
  h.parser = &p;
  size_t from = 0;
  std::vector<size_t> ends = cuts;
  ends.push_back(b.size());
  for (size_t end : ends) {
    end = std::min(end, b.size());
    if (end < from) continue;
    if (!p.Feed(absl::string_view(b).substr(from, end - from)).ok()) break;
    if (p.stopped()) break;
    from = end;
  }
  return Stopped{p.error(), p.offset(), p.stopped(), h.seen};
}

TEST(StreamFastPath, AbortAndStopAtEveryEvent) {
  const std::string one = Bytes(Snapshot(2));
  for (Framing framing : {Framing::kNone, Framing::kStream}) {
    FrameOptions f;
    f.framing = framing;
    std::string b = framing == Framing::kNone ? one : U32(one.size()) + one;
    b += b;  // two values
    const int events = RunAbort(b, f, 1 << 30, false, {}).seen;
    ASSERT_GT(events, 100);
    for (int at = 1; at <= events; ++at) {
      for (bool abort : {true, false}) {
        const Stopped whole = RunAbort(b, f, at, abort, {});
        ASSERT_EQ(whole.stopped, !abort);
        ASSERT_EQ(whole.error.kind,
                  abort ? ErrorKind::kLimitExceeded : ErrorKind::kOk);
        for (const auto& cuts :
             {testing::EveryByte(b.size()), std::vector<size_t>{b.size() / 2},
              std::vector<size_t>{41, 300}}) {
          const Stopped got = RunAbort(b, f, at, abort, cuts);
          EXPECT_EQ(got.offset, whole.offset) << at;
          EXPECT_EQ(got.stopped, whole.stopped) << at;
          EXPECT_EQ(got.error.ToString(), whole.error.ToString()) << at;
        }
      }
    }
  }
}

// The PackedStringArray run (elements whole in the piece, one loop) stops
// and aborts right after the element whose event asked for it, naming the
// array (the string states, which read an element cut by a piece's end,
// name the element).
TEST(StreamFastPath, AbortAndStopInAPackedStringRun) {
  std::vector<std::string> names;
  for (int i = 0; i < 40; ++i) names.push_back(absl::StrCat("elem", 1000 + i));
  Dictionary d;
  d.Set(Variant::String("names"), Variant::PackedStrings(std::move(names)));
  d.Set(Variant::String("n"), Variant::Int(1));
  const std::string b = Bytes(Variant::MakeDictionary(std::move(d)));
  // The engine's elements carry their NUL: 4 + 9 + 3 bytes each.
  const size_t first = Find(b, "elem1000") - 4;
  const size_t step = Find(b, "elem1001") - Find(b, "elem1000");
  ASSERT_EQ(step, 16u);
  const FrameOptions f;
  ASSERT_EQ(RunAbort(b, f, 1 << 30, false, {}, true).seen, 40);
  for (int at = 1; at <= 40; ++at) {
    const Stopped stopped = RunAbort(b, f, at, false, {}, true);
    EXPECT_TRUE(stopped.stopped) << at;
    EXPECT_EQ(stopped.offset, first + step * at) << at;
    const Stopped aborted = RunAbort(b, f, at, true, {}, true);
    EXPECT_FALSE(aborted.stopped) << at;
    EXPECT_EQ(aborted.error.kind, ErrorKind::kLimitExceeded) << at;
    EXPECT_EQ(aborted.error.offset, first + step * at) << at;
    EXPECT_EQ(aborted.error.path, "$[\"names\"]") << at;
  }
}

}  // namespace
}  // namespace gdwire
