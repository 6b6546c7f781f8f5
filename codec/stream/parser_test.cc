// Copyright 2026 The gdwire Authors.
//
// The push parser's own contract: zero-copy strings and chunks, parts and
// carries across pieces, events and their order, stopping early, the
// type-erased handler, Cord input, bytes_needed/at_boundary, limits.
// (Agreement with the reference decoder on every input is
// tests/stream_differential_test.cc.)

#include "codec/stream/parser.h"

#include <string>
#include <vector>

#include "absl/strings/cord.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/reference/encoder.h"
#include "codec/stream/value_reader.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace stream {
namespace {

std::string Hex(absl::string_view h) { return absl::HexStringToBytes(h); }

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

// Records events as text, and where the views point.
struct Log : Handler {
  std::string log;
  std::vector<absl::string_view> strings;
  std::vector<ChunkEvent> chunks;
  int stop_at = -1;  // stop (return false) at this event number
  int events = 0;
  bool Next() { return ++events != stop_at; }
  bool Scalar(const ScalarEvent& e) override {
    absl::StrAppend(&log, "S", TypeName(e.type), "(", e.i, ",", e.f, ")");
    return Next();
  }
  bool String(const StringPart& s) override {
    strings.push_back(s.text);
    absl::StrAppend(&log, "T", static_cast<int>(s.role), "'", s.text, "'",
                    s.first() ? "f" : "", s.last() ? "l" : "");
    return Next();
  }
  bool Begin(const BeginEvent& b) override {
    absl::StrAppend(&log, "B", TypeName(b.type), "#", b.count);
    return Next();
  }
  bool Key(uint64_t i) override {
    absl::StrAppend(&log, "K", i);
    return Next();
  }
  bool Chunk(const ChunkEvent& c) override {
    chunks.push_back(c);
    absl::StrAppend(&log, "C", c.first, "+", c.count);
    return Next();
  }
  bool End(const EndEvent& e) override {
    absl::StrAppend(&log, "E", TypeName(e.type));
    return Next();
  }
  bool ValueDone(uint64_t b, uint64_t e) override {
    absl::StrAppend(&log, "D", b, "-", e, ";");
    return Next();
  }
};

bool Within(const void* p, const std::string& buf) {
  const char* c = static_cast<const char*>(p);
  return c >= buf.data() && c < buf.data() + buf.size();
}

TEST(Parser, StringInOnePieceIsAViewIntoTheInput) {
  const std::string in = Hex("0400000005000000") + "hello" + Hex("000000");
  Log h;
  Parser<Handler> p(&h, DecodeOptions());
  ASSERT_TRUE(p.Feed(in).ok());
  ASSERT_TRUE(p.Finish().ok());
  EXPECT_EQ(h.log, "T0'hello'flD0-16;");
  ASSERT_EQ(h.strings.size(), 1u);
  EXPECT_TRUE(Within(h.strings[0].data(), in));
}

TEST(Parser, StringAcrossPiecesComesInParts) {
  const std::string in = Hex("0400000005000000") + "hello" + Hex("000000");
  Log h;
  Parser<Handler> p(&h, DecodeOptions());
  ASSERT_TRUE(p.Feed(in.substr(0, 11)).ok());  // header, length, "hel"
  EXPECT_EQ(h.log, "T0'hel'f");
  EXPECT_EQ(p.bytes_needed(), 5u);  // "lo" and 3 padding bytes
  ASSERT_TRUE(p.Feed(in.substr(11, 1)).ok());
  ASSERT_TRUE(p.Feed(in.substr(12)).ok());
  EXPECT_EQ(h.log, "T0'hel'fT0'l'T0'o'lD0-16;");
  EXPECT_TRUE(p.at_boundary());
}

TEST(Parser, BomHeldBackThenDropped) {
  // "\xEF\xBB\xBF" "ab": the BOM is dropped even when split (the first
  // bytes of a string that may be a BOM are held back until known).
  const std::string in = Hex("0400000005000000efbbbf6162000000");
  for (size_t cut = 1; cut < in.size(); ++cut) {
    Log h;
    Parser<Handler> p(&h, DecodeOptions());
    ASSERT_TRUE(p.Feed(in.substr(0, cut)).ok());
    ASSERT_TRUE(p.Feed(in.substr(cut)).ok());
    std::string text;  // the parts' texts, as logged during the calls
    for (size_t i = 0; i + 1 < h.log.size(); ++i) {
      if (h.log[i] == '\'') {
        const size_t j = h.log.find('\'', i + 1);
        text += h.log.substr(i + 1, j - i - 1);
        i = j;
      }
    }
    EXPECT_EQ(text, "ab") << "cut " << cut << ": " << h.log;
  }
}

TEST(Parser, PackedChunksPointIntoTheInputAndCarrySplitElements) {
  // PackedVector3Array (godot4 id 36) of 3 elements.
  std::string in = Hex("2400000003000000");
  for (int i = 0; i < 9; ++i) in += Hex("0000803f");
  Log h;
  Parser<Handler> p(&h, DecodeOptions());
  ASSERT_TRUE(p.Feed(in.substr(0, 8 + 12 + 5)).ok());  // 1 element and 5 bytes
  ASSERT_TRUE(p.Feed(in.substr(25, 10)).ok());         // ends the 2nd, 3 bytes
  ASSERT_TRUE(p.Feed(in.substr(35)).ok());
  EXPECT_EQ(h.log,
            "BPackedVector3Array#3C0+1C1+1C2+1EPackedVector3ArrayD0-44;");
  ASSERT_EQ(h.chunks.size(), 3u);
  EXPECT_EQ(h.chunks[0].element_bytes, 12u);
  // The first chunk is a view into the first piece; the split one is whole
  // (copied from the carry).
  float x;
  std::memcpy(&x, h.chunks[1].data + 8, 4);
  EXPECT_EQ(x, 1.0f);
}

TEST(Parser, DictionaryKeysAndTypedContainers) {
  // godot4: {"a": 1} and Array[int]([7]).
  Variant d = Variant::MakeDictionary();
  d.mutable_dictionary().Set(Variant::String("a"), Variant::Int(1));
  Array typed;
  typed.element_type = ContainerType::Builtin(Type::kInt);
  typed.items.push_back(Variant::Int(7));
  std::string in = *reference::Encode(d, EncodeOptions());
  in += *reference::Encode(Variant::MakeArray(typed), EncodeOptions());
  Log h;
  Parser<Handler> p(&h, DecodeOptions());
  ASSERT_TRUE(p.Feed(in).ok());
  EXPECT_EQ(h.log,
            "BDictionary#1K0T0'a'flSint(1,0)EDictionaryD0-28;"
            "BArray#1Sint(7,0)EArrayD28-48;");
  EXPECT_EQ(p.values(), 2u);
}

TEST(Parser, HandlerStopsEarly) {
  const std::string in =
      Hex("1c000000020000000200000001000000020000000200000000");
  Log h;
  h.stop_at = 2;  // after the first element
  Parser<Handler> p(&h, DecodeOptions());
  ASSERT_TRUE(p.Feed(in).ok());
  EXPECT_TRUE(p.stopped());
  EXPECT_EQ(p.offset(), 16u);  // header, count, first int
  EXPECT_EQ(h.log, "BArray#2Sint(1,0)");
  ASSERT_TRUE(p.Feed(in).ok());  // no further progress
  EXPECT_EQ(p.offset(), 16u);
}

TEST(Parser, CordChunksAreFedInOrder) {
  Variant v = Variant::String(std::string(5000, 'x'));
  const std::string enc = *reference::Encode(v, EncodeOptions());
  absl::Cord cord;
  for (size_t i = 0; i < enc.size(); i += 1000)
    cord.Append(enc.substr(i, 1000));
  ValueReader r((DecodeOptions()));
  std::vector<Variant> out;
  VariantBuilder b((DecodeOptions()));
  Parser<VariantBuilder> p(&b, DecodeOptions());
  ASSERT_TRUE(p.Feed(cord).ok());
  ASSERT_EQ(b.values().size(), 1u);
  EXPECT_EQ(b.values()[0], v);
}

TEST(Parser, TruncationOnlyAtFinish) {
  const std::string in = Hex("0400000005000000") + "hel";
  Log h;
  Parser<Handler> p(&h, DecodeOptions());
  ASSERT_TRUE(p.Feed(in).ok());
  EXPECT_FALSE(p.at_boundary());
  absl::Status st = p.Finish();
  Error e = ErrorFromStatus(st);
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.offset, 4u);  // the string's length field, as the reference
  EXPECT_EQ(p.error().godot_error, 18);  // ERR_FILE_EOF
  EXPECT_EQ(ErrorFromStatus(p.Feed(in)).kind, ErrorKind::kTruncated);
  p.Reset();
  ASSERT_TRUE(p.Feed(Hex("0000000000000000")).ok());  // two NILs
  EXPECT_TRUE(p.Finish().ok());
  EXPECT_EQ(p.values(), 2u);
}

TEST(Parser, ErrorsAtOnceWithPath) {
  // [1, <type id 200>]
  const std::string in = Hex("1c000000020000000200000001000000c8000000");
  Log h;
  Parser<Handler> p(&h, DecodeOptions());
  Error e = ErrorFromStatus(p.Feed(in));
  EXPECT_EQ(e.kind, ErrorKind::kInvalidType);
  EXPECT_EQ(e.offset, 16u);
  EXPECT_EQ(e.path, "$[1]");
}

TEST(Parser, HugeDeclaredCountsWaitWithoutAllocating) {
  // A PackedFloat32Array declaring 2^29-1 elements (2 GiB - 4 bytes): a
  // limit error at once with a small limit; by default it waits for the
  // bytes, and is truncated at the end. 2^31-1 elements overflow at once.
  const std::string in = Hex("20000000ffffff1f");
  DecodeOptions small;
  small.max_packed_elements = 1000;
  Log h;
  Parser<Handler> p(&h, small);
  EXPECT_EQ(ErrorFromStatus(p.Feed(in)).kind, ErrorKind::kLimitExceeded);
  Parser<Handler> q(&h, DecodeOptions());
  ASSERT_TRUE(q.Feed(in).ok());
  EXPECT_EQ(q.bytes_needed(), (uint64_t{1} << 31) - 4);
  EXPECT_EQ(ErrorFromStatus(q.Finish()).kind, ErrorKind::kTruncated);
  Parser<Handler> r(&h, DecodeOptions());
  EXPECT_EQ(ErrorFromStatus(r.Feed(Hex("20000000ffffff7f"))).kind,
            ErrorKind::kInvalidLength);
}

TEST(Parser, DepthLimitWithoutRecursion) {
  // 100,000 nested one-element Arrays: kTooDeep at the 1025th level.
  std::string in;
  for (int i = 0; i < 100000; ++i) in += Hex("1c00000001000000");
  Log h;
  Parser<Handler> p(&h, DecodeOptions());
  Error e = ErrorFromStatus(p.Feed(in));
  EXPECT_EQ(e.kind, ErrorKind::kTooDeep);
  EXPECT_EQ(e.offset, 1025u * 8);
}

TEST(Parser, FramedStreamsCheckPrefixesAtOnce) {
  FrameOptions f;
  f.framing = Framing::kStream;
  f.max_frame_bytes = 100;
  Log h;
  Parser<Handler> p(&h, DecodeOptions(), f);
  Error e = ErrorFromStatus(p.Feed(Hex("e8030000")));  // 1000 > 100
  EXPECT_EQ(e.kind, ErrorKind::kBadFrame);
  EXPECT_EQ(e.offset, 0u);
  Parser<Handler> q(&h, DecodeOptions(), f);
  // A frame of 12 holding an int (8 bytes): the rest is skipped.
  ASSERT_TRUE(q.Feed(Hex("0c000000020000002a000000ffffffff")).ok());
  EXPECT_TRUE(q.at_boundary());
  DecodeOptions strict;
  strict.reject_trailing_bytes = true;
  Parser<Handler> r(&h, strict, f);
  e = ErrorFromStatus(r.Feed(Hex("0c000000020000002a000000ffffffff")));
  EXPECT_EQ(e.kind, ErrorKind::kBadFrame);
  EXPECT_EQ(e.offset, 12u);
  // A value running past its frame: kBadFrame where the reference
  // truncation is.
  Parser<Handler> s(&h, DecodeOptions(), f);
  e = ErrorFromStatus(s.Feed(Hex("0600000002000000ffff")));
  EXPECT_EQ(e.kind, ErrorKind::kBadFrame);
  EXPECT_EQ(e.offset, 8u);
}

TEST(ValueReader, AbsoluteMemoryBudget) {
  // An Array of 1000 strings of 100 bytes (~104 KB on the wire).
  Array a;
  for (int i = 0; i < 1000; ++i) {
    a.items.push_back(Variant::String(std::string(100, 'a' + i % 26)));
  }
  const std::string in =
      *reference::Encode(Variant::MakeArray(a), EncodeOptions());
  DecodeOptions tight;
  tight.max_alloc_bytes = 50000;
  for (size_t piece : {size_t{1400}, in.size()}) {
    ValueReader r(tight);
    std::vector<Variant> out;
    absl::Status st;
    for (size_t i = 0; i < in.size() && st.ok(); i += piece) {
      st = r.Feed(absl::string_view(in).substr(i, piece), &out);
    }
    const Error e = ErrorFromStatus(st);
    EXPECT_EQ(e.kind, ErrorKind::kLimitExceeded) << st;
    EXPECT_EQ(e.path.rfind("$[", 0), 0u) << e.path;  // names the element
    EXPECT_TRUE(out.empty());
  }
  DecodeOptions roomy;
  roomy.max_alloc_bytes = 1 << 20;
  auto v = Decode(Bytes(in), roomy);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->array().items.size(), 1000u);
  // A 64 KiB packed array against a 16 KiB budget fails while it arrives.
  std::string packed = Hex("1d00000000000100") + std::string(65536, 'x');
  DecodeOptions small;
  small.max_alloc_bytes = 16384;
  ValueReader r(small);
  std::vector<Variant> out;
  absl::Status st;
  size_t fed = 0;
  for (; fed < packed.size() && st.ok(); fed += 1400) {
    st = r.Feed(absl::string_view(packed).substr(fed, 1400), &out);
  }
  EXPECT_EQ(ErrorFromStatus(st).kind, ErrorKind::kLimitExceeded);
  EXPECT_LT(fed, 20000u);
}

// A value is handed out only once the parser has accepted all of it: not
// a frame's value with bytes left in its frame (strict), not a string
// whose bad last sequence is judged after its last text byte arrived.
TEST(ValueReader, NoValueBeforeItsVerdict) {
  FrameOptions f;
  f.framing = Framing::kStream;
  DecodeOptions strict;
  strict.reject_trailing_bytes = true;
  {
    ValueReader r(strict, f);
    std::vector<Variant> out;
    const std::string in = Hex("0c000000020000002a000000ffffffff");
    EXPECT_FALSE(r.Feed(absl::string_view(in), &out).ok());
    EXPECT_TRUE(out.empty());
  }
  // A godot4 String of 5 bytes ending in a lead byte, fed a byte at a
  // time: its verdict comes with the padding, after the text.
  const std::string bad =
      Hex("0400000005000000616263"
          "64c3000000");
  ValueReader r(DecodeOptions{});
  std::vector<Variant> out;
  absl::Status st;
  for (size_t i = 0; i < bad.size() && st.ok(); ++i) {
    st = r.Feed(absl::string_view(bad).substr(i, 1), &out);
  }
  if (st.ok()) st = r.Finish(&out);
  EXPECT_FALSE(st.ok());
  EXPECT_TRUE(out.empty());
  // The same string good: one value, at its end.
  const std::string good =
      Hex("0400000005000000616263"
          "6465000000");
  ValueReader g(DecodeOptions{});
  for (size_t i = 0; i < good.size(); ++i) {
    ASSERT_TRUE(g.Feed(absl::string_view(good).substr(i, 1), &out).ok());
    EXPECT_EQ(out.size(), i + 1 == good.size() ? 1u : 0u) << i;
  }
}

}  // namespace
}  // namespace stream
}  // namespace gdwire
