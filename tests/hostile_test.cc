// Copyright 2026 The gdwire Authors.
//
// Hostile input against what the format (docs/FORMAT.md §3-§14)
// says the engine does: the verdict (accept / reject) and, for a
// rejection, Godot's Error code (gdwire::Error::godot_error: 30
// ERR_INVALID_DATA, 18 ERR_FILE_EOF, 4 ERR_UNAUTHORIZED, 6
// ERR_OUT_OF_MEMORY), plus gdwire's own kind, offset and path where the
// spec pins them down. Through the reference decoder:
//
//   * every crafted `decode` case of both real-engine corpora (the engine's
//     own verdicts);
//   * every corpus case cut at every byte;
//   * every type id >= VARIANT_MAX of each dialect, with flag bits, at the
//     top and nested;
//   * negative and huge counts for every counted type;
//   * every class of invalid UTF-8 of spec §7.4 in every string position;
//   * full objects with allow_objects off;
//   * nesting 1025 levels deep (accepted) and 1026 (refused) through
//     Array, Dictionary key, Dictionary value and Object property.
//
// Each TEST loops over its inputs (thousands) and reports every mismatch.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/reference/decoder.h"
#include "codec/types.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

namespace gdwire {
namespace {

constexpr int kAccept = 0;
constexpr int kInvalidData = 30;  // ERR_INVALID_DATA
constexpr int kFileEof = 18;      // ERR_FILE_EOF
constexpr int kUnauthorized = 4;  // ERR_UNAUTHORIZED
constexpr int kOutOfMemory = 6;   // ERR_OUT_OF_MEMORY

const Dialect kDialects[] = {Dialect::kGodot3, Dialect::kGodot4,
                             Dialect::kPandemonium};

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}
void U32(std::string* s, uint32_t v) {
  for (int i = 0; i < 4; ++i) s->push_back(static_cast<char>(v >> (8 * i)));
}
std::string Words(std::initializer_list<uint32_t> words) {
  std::string s;
  for (uint32_t w : words) U32(&s, w);
  return s;
}
uint32_t Id(Dialect d, Type t) {
  uint32_t id = 0;
  WireId(d, t, &id);
  return id;
}
// A wire string with its padding.
std::string WireString(const std::string& text) {
  std::string s = Words({static_cast<uint32_t>(text.size())}) + text;
  while (s.size() % 4) s.push_back('\0');
  return s;
}
std::string Hex(const std::string& s) { return absl::BytesToHexString(s); }

struct Expect {
  int godot = kAccept;              // 0: accepted
  ErrorKind kind = ErrorKind::kOk;  // kOk: any kind
  int64_t offset = -1;              // -1: any offset
  std::string path;                 // "": any path
};

// Decodes and compares with `want`; returns the error.
Error Check(const std::string& what, const std::string& bytes, Dialect d,
            bool objects, const Expect& want) {
  DecodeOptions o;
  o.dialect = d;
  o.allow_objects = objects;
  Variant v;
  size_t used = 0;
  const Error e = reference::DecodeValue(Bytes(bytes), o, &v, &used);
  const std::string ctx =
      absl::StrCat(what, " [", DialectName(d), objects ? ", objects" : "", "] ",
                   Hex(bytes.substr(0, 64)), " -> ", e.ToString());
  if (want.godot == kAccept) {
    EXPECT_TRUE(e.ok()) << ctx;
    return e;
  }
  EXPECT_FALSE(e.ok()) << ctx << " decoded " << v.DebugString();
  if (e.ok()) return e;
  EXPECT_EQ(e.godot_error, want.godot) << ctx;
  if (want.kind != ErrorKind::kOk) {
    EXPECT_EQ(ErrorKindName(e.kind), ErrorKindName(want.kind)) << ctx;
  }
  if (want.offset >= 0) {
    EXPECT_EQ(e.offset, uint64_t(want.offset)) << ctx;
  }
  if (!want.path.empty()) {
    EXPECT_EQ(e.path, want.path) << ctx;
  }
  EXPECT_LE(e.offset, bytes.size()) << ctx;
  return e;
}

std::vector<testing::CorpusCase> AllCases() {
  std::vector<testing::CorpusCase> all = testing::LoadCorpus("godot3");
  for (auto& c : testing::LoadCorpus("godot4")) all.push_back(std::move(c));
  return all;
}

// ---- The engine's own verdicts ----------------------------------------------

TEST(HostileTest, EveryCorpusDecodeCaseGetsTheEnginesVerdict) {
  int n = 0;
  for (const testing::CorpusCase& c : AllCases()) {
    if (c.kind != "decode") continue;
    DecodeOptions o;
    o.dialect = c.dialect;
    o.allow_objects = c.full_objects;
    Variant v;
    size_t used = 0;
    const Error e = reference::DecodeValue(Bytes(c.input), o, &v, &used);
    EXPECT_EQ(e.ok(), c.expect_accept) << c.name << ": " << e.ToString();
    if (!c.expect_accept && !e.ok() && !c.godot_error.empty()) {
      EXPECT_EQ(testing::GodotErrorName(e.godot_error), c.godot_error)
          << c.name << ": " << e.ToString();
    }
    ++n;
  }
  EXPECT_GT(n, 300);
}

// ---- Truncations -----------------------------------------------------------

// Every corpus case that decodes, cut at every byte (the first KiB of the
// large ones, then 128 cuts spread over the rest): the engine fails every field
// that runs past the end (ERR_INVALID_DATA; ERR_FILE_EOF for a wire string's
// text), except the padding after a PackedByteArray's data, which may be cut
// off (§7.3): then the value is the same.
TEST(HostileTest, EveryCaseCutAtEveryByte) {
  int cuts = 0, accepted = 0;
  for (const testing::CorpusCase& c : AllCases()) {
    DecodeOptions o;
    o.dialect = c.dialect;
    o.allow_objects = c.full_objects;
    Variant full;
    size_t used = 0;
    if (!reference::DecodeValue(Bytes(c.input), o, &full, &used).ok()) continue;
    const auto t0 = std::chrono::steady_clock::now();
    const size_t stride = std::max<size_t>(1, used / 128);
    for (size_t k = 0; k < used; k += k < 1024 ? 1 : stride) {
      const std::string cut = c.input.substr(0, k);
      Variant v;
      size_t u = 0;
      const Error e = reference::DecodeValue(Bytes(cut), o, &v, &u);
      ++cuts;
      if (e.ok()) {
        ++accepted;
        EXPECT_EQ(v, full) << c.name << " cut at " << k;
        EXPECT_LT(used - k, 4u) << c.name << " cut at " << k;
        continue;
      }
      EXPECT_EQ(e.kind, ErrorKind::kTruncated)
          << c.name << " cut at " << k << ": " << e.ToString();
      EXPECT_TRUE(e.godot_error == kInvalidData || e.godot_error == kFileEof)
          << c.name << " cut at " << k << ": " << e.ToString();
      EXPECT_LE(e.offset, k) << c.name << " cut at " << k;
      EXPECT_EQ(e.path.rfind("$", 0), 0u);
    }
    const double ms = std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - t0)
                          .count();
    if (ms > 1000) std::printf("slow: %s %.0f ms\n", c.name.c_str(), ms);
  }
  std::printf("%d cuts, %d accepted (PackedByteArray padding)\n", cuts,
              accepted);
  EXPECT_GT(cuts, 20000);
}

// ---- Type ids
// ----------------------------------------------------------------

TEST(HostileTest, EveryTypeIdAtOrPastVariantMaxIsInvalidData) {
  const uint32_t flag_sets[] = {0, 1u << 16, 0xFFFFFF00u, 0x00030000u,
                                0x80000000u};
  for (Dialect d : kDialects) {
    const uint32_t arr = Id(d, Type::kArray), dict = Id(d, Type::kDictionary);
    for (uint32_t id = VariantMax(d); id < 256; ++id) {
      for (uint32_t flags : flag_sets) {
        const uint32_t h = id | flags;
        const std::string what = absl::StrCat("type id ", id);
        Check(what, Words({h}), d, false,
              {kInvalidData, ErrorKind::kInvalidType, 0, "$"});
        Check(what, Words({h, 0, 0, 0}), d, false,
              {kInvalidData, ErrorKind::kInvalidType, 0, "$"});
        Check(what + " in an Array", Words({arr, 2, 0, h}), d, false,
              {kInvalidData, ErrorKind::kInvalidType, 12, "$[1]"});
        Check(what + " as a key", Words({dict, 1, h, 0}), d, false,
              {kInvalidData, ErrorKind::kInvalidType, 8, "${key #0}"});
        Check(what + " as a value", Words({dict, 1, 2, 7, h}), d, false,
              {kInvalidData, ErrorKind::kInvalidType, 16, "$[7]"});
        Check(what + " as a property",
              Words({Id(d, Type::kObject), 1, 0x41, 1}) + WireString("p") +
                  Words({h}),
              d, true, {kInvalidData, ErrorKind::kInvalidType, 24, "$.p"});
      }
    }
    // Flag bits on valid ids are ignored (§3): NIL with every flag bit.
    Check("NIL with all flags", Words({0xFFFFFF00u}), d, false, {});
    Check("Array with high flags", Words({arr | 0xFFF00000u, 0}), d, false, {});
  }
  // godot4 typed containers: an element type id >= 39.
  for (uint32_t id : {39u, 40u, 255u, 0xFFFFFFFFu}) {
    Check("typed Array element type", Words({28 | (1u << 16), id, 0}),
          Dialect::kGodot4, false,
          {kInvalidData, ErrorKind::kInvalidContainerType, 4, "$"});
    Check("typed Dictionary value type", Words({27 | (1u << 18), id, 0}),
          Dialect::kGodot4, false,
          {kInvalidData, ErrorKind::kInvalidContainerType, 4, "$"});
  }
}

// ---- Counts
// ------------------------------------------------------------------

TEST(HostileTest, NegativeAndHugeCountsOfEveryCountedType) {
  for (Dialect d : kDialects) {
    for (int t = 0; t < kTypeCount; ++t) {
      const Type type = static_cast<Type>(t);
      if (!IsPackedArray(type) || !DialectHasType(d, type)) continue;
      const uint32_t id = Id(d, type);
      const std::string name(TypeName(type));
      if (type == Type::kPackedStringArray) {
        // Negative: zero iterations, an empty array (§6).
        for (uint32_t n : {0xFFFFFFFFu, 0x80000000u}) {
          Check(name + " negative", Words({id, n}), d, false, {});
        }
        Check(name + " huge", Words({id, 0x7FFFFFFF, 0}), d, false,
              {kInvalidData, ErrorKind::kTruncated, 12, "$[1]"});
        continue;
      }
      for (uint32_t n : {0xFFFFFFFFu, 0x80000000u, 0xFFFFFF00u}) {
        Check(name + " negative", Words({id, n, 0, 0}), d, false,
              {kInvalidData, ErrorKind::kInvalidLength, 4, "$"});
      }
      // count x element size overflows int32 (the byte array has none).
      const bool bytes = type == Type::kPackedByteArray;
      Check(name + " 2^31-1", Words({id, 0x7FFFFFFF, 0, 0}), d, false,
            {kInvalidData,
             bytes ? ErrorKind::kTruncated : ErrorKind::kInvalidLength,
             bytes ? 8 : 4, "$"});
      Check(name + " 2^20", Words({id, 1u << 20, 0, 0}), d, false,
            {kInvalidData, ErrorKind::kTruncated, 8, "$"});
    }
    // Array / Dictionary: bit 31 is cleared (§6), so never negative.
    for (Type t : {Type::kArray, Type::kDictionary}) {
      const uint32_t id = Id(d, t);
      Check("container count 0x80000000", Words({id, 0x80000000u}), d, false,
            {});
      Check("container count 2^32-1", Words({id, 0xFFFFFFFFu, 0}), d, false,
            {kInvalidData, ErrorKind::kTruncated});
    }
    // Object property count: negative means none (§6).
    const uint32_t obj = Id(d, Type::kObject);
    Check("Object negative properties", Words({obj, 1, 0x41, 0xFFFFFFFFu}), d,
          true, {});
    Check("Object huge properties", Words({obj, 1, 0x41, 0x7FFFFFFF}), d, true,
          {kInvalidData, ErrorKind::kTruncated, 16});
    // Wire strings: N < 0, N + pad overflowing int32, N past the end:
    // ERR_FILE_EOF (§7.3).
    const uint32_t str = Id(d, Type::kString);
    for (uint32_t n : {0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 0x7FFFFFFEu}) {
      Check("String length", Words({str, n, 0}), d, false,
            {kFileEof, ErrorKind::kInvalidLength, 4, "$"});
    }
    Check("String length 2^31-4", Words({str, 0x7FFFFFFC, 0}), d, false,
          {kFileEof, ErrorKind::kTruncated, 4, "$"});
    Check("String without its padding", Words({str, 1}) + "a", d, false,
          {kFileEof, ErrorKind::kTruncated, 4, "$"});
    // NodePath component counts: u32 arithmetic (§4.4).
    const uint32_t np = Id(d, Type::kNodePath);
    Check("NodePath 2^31-1 names", Words({np, 0xFFFFFFFFu, 0, 0}), d, false,
          {kInvalidData, ErrorKind::kTruncated, 16});
    Check("NodePath 2^32-1 subnames", Words({np, 0x80000000u, 0xFFFFFFFFu, 0}),
          d, false, {kInvalidData, ErrorKind::kTruncated, 16});
    Check("NodePath wrapping to 0", Words({np, 0x80000001u, 0xFFFFFFFFu, 0}), d,
          false, {});
    Check("NodePath old format", Words({np, 5, 0, 0}), d, false,
          {kInvalidData, ErrorKind::kInvalidNodePath, 4});
  }
}

// ---- Invalid UTF-8 -------------------------------------------------------

struct Utf8Case {
  const char* name;
  std::string bytes;
  bool godot3_accepts;  // Godot 3's lenient parser (and Pandemonium's)
};

std::vector<Utf8Case> Utf8Classes() {
  return {
      {"lead 0x80", "a\x80", false},
      {"lead 0xBF", "\xBF", false},
      {"lead 0xFE", "\xFE", false},
      {"lead 0xFF", "ab\xFF", false},
      {"bad continuation", "\xC3\x41", false},
      {"truncated 2-byte at the end", "a\xC3", false},
      {"truncated 3-byte at the end", "\xE2\x82", false},
      {"truncated 4-byte at the end", "\xF0\x9F\x98", false},
      {"overlong C0 80 (U+0000)", std::string("\xC0\x80", 2), false},
      {"overlong C1 BF", "\xC1\xBF", false},
      {"overlong E0 80 80", std::string("\xE0\x80\x80", 3), false},
      {"overlong F0 80 80 80", std::string("\xF0\x80\x80\x80", 4), false},
      {"overlong F8 80 80 80 80", std::string("\xF8\x80\x80\x80\x80", 5),
       false},
      {"overlong E0 80 BF", std::string("\xE0\x80\xBF", 3), true},
      {"overlong E0 9F BF", "\xE0\x9F\xBF", true},
      {"overlong F0 8F BF BF", "\xF0\x8F\xBF\xBF", true},
      {"surrogate ED A0 80", "\xED\xA0\x80", true},
      {"surrogate ED BF BF", "\xED\xBF\xBF", true},
      {"above U+10FFFF F4 90 80 80", "\xF4\x90\x80\x80", true},
      {"5-byte F8 88 80 80 80", "\xF8\x88\x80\x80\x80", true},
      {"6-byte FC 84 80 80 80 80", "\xFC\x84\x80\x80\x80\x80", true},
  };
}

// Every string position, as (bytes, objects, offset of the string's length
// word, path) for a string `s`.
struct Position {
  std::string name;
  std::string bytes;
  bool objects;
  uint32_t at;  // the string's length word
  std::string path;
};

std::vector<Position> StringPositions(Dialect d, const std::string& s) {
  const std::string ws = WireString(s);
  std::vector<Position> p;
  p.push_back({"String", Words({Id(d, Type::kString)}) + ws, false, 4, "$"});
  if (DialectHasType(d, Type::kStringName)) {
    p.push_back(
        {"StringName", Words({Id(d, Type::kStringName)}) + ws, false, 4, "$"});
  }
  p.push_back({"NodePath name",
               Words({Id(d, Type::kNodePath), 0x80000002u, 0, 0}) +
                   WireString("ok") + ws,
               false, 24, "$"});
  p.push_back({"NodePath subname",
               Words({Id(d, Type::kNodePath), 0x80000000u, 1, 0}) + ws, false,
               16, "$"});
  p.push_back({"Dictionary key",
               Words({Id(d, Type::kDictionary), 1, Id(d, Type::kString)}) + ws +
                   Words({0}),
               false, 12, "${key #0}"});
  p.push_back(
      {"Dictionary value",
       Words({Id(d, Type::kDictionary), 1, 2, 3, Id(d, Type::kString)}) + ws,
       false, 20, "$[3]"});
  p.push_back({"Array element",
               Words({Id(d, Type::kArray), 2, 0, Id(d, Type::kString)}) + ws,
               false, 16, "$[1]"});
  p.push_back(
      {"PackedStringArray element",
       Words({Id(d, Type::kPackedStringArray), 2}) + WireString("x") + ws,
       false, 16, "$[1]"});
  p.push_back({"Object class name",
               Words({Id(d, Type::kObject)}) + ws + Words({0}), true, 4, "$"});
  p.push_back({"Object property name",
               Words({Id(d, Type::kObject)}) + WireString("A") + Words({1}) +
                   ws + Words({0}),
               true, 16, "$.<property #0>"});
  if (d == Dialect::kGodot4) {
    p.push_back(
        {"Signal name", Words({26}) + ws + Words({0, 0}), false, 4, "$"});
    p.push_back({"typed Array class name",
                 Words({28 | (2u << 16)}) + ws + Words({0}), true, 4, "$"});
  }
  return p;
}

TEST(HostileTest, InvalidUtf8OfEveryClassInEveryStringPosition) {
  int n = 0;
  for (Dialect d : kDialects) {
    const bool lenient = d != Dialect::kGodot4;
    for (const Utf8Case& u : Utf8Classes()) {
      for (const Position& p : StringPositions(d, u.bytes)) {
        const std::string what = absl::StrCat(p.name, ", ", u.name);
        if (lenient && u.godot3_accepts) {
          Check(what, p.bytes, d, p.objects, {});
        } else {
          const Error e =
              Check(what, p.bytes, d, p.objects,
                    {kInvalidData, ErrorKind::kInvalidUtf8, -1, p.path});
          // The offending byte lies within the string's text.
          EXPECT_GE(e.offset, p.at + 4) << what;
          EXPECT_LE(e.offset, p.at + 4 + u.bytes.size()) << what;
        }
        ++n;
        // Bytes after the first NUL are never checked (§7.4).
        Check(what + " after a NUL",
              StringPositions(d, std::string("a\0", 2) + u.bytes)[0].bytes, d,
              false, {});
      }
    }
    // One leading BOM is stripped, in every position.
    for (const Position& p : StringPositions(d,
                                             "\xEF\xBB\xBF"
                                             "abc")) {
      Check(p.name + " with a BOM", p.bytes, d, p.objects, {});
    }
  }
  EXPECT_GT(n, 500);
}

// ---- Objects -------------------------------------------------------------

TEST(HostileTest, FullObjectsNeedAllowObjects) {
  for (Dialect d : kDialects) {
    const uint32_t obj = Id(d, Type::kObject);
    const std::string full = Words({obj}) + WireString("Node") + Words({1}) +
                             WireString("x") + Words({Id(d, Type::kInt), 5});
    Check("full object", full, d, false,
          {kUnauthorized, ErrorKind::kObjectsNotAllowed, 0, "$"});
    Check("full object", full, d, true, {});
    // The permission check comes first (§4.5): even the null form, even a
    // cut-off one.
    Check("null full object", Words({obj, 0}), d, false,
          {kUnauthorized, ErrorKind::kObjectsNotAllowed, 0, "$"});
    Check("cut full object", Words({obj}), d, false,
          {kUnauthorized, ErrorKind::kObjectsNotAllowed, 0, "$"});
    Check("null full object", Words({obj, 0}), d, true, {});
    // Nested anywhere.
    Check("object in an Array", Words({Id(d, Type::kArray), 2, 0}) + full, d,
          false, {kUnauthorized, ErrorKind::kObjectsNotAllowed, 12, "$[1]"});
    Check("object as a key", Words({Id(d, Type::kDictionary), 1}) + full, d,
          false,
          {kUnauthorized, ErrorKind::kObjectsNotAllowed, 8, "${key #0}"});
    Check("object as a value",
          Words({Id(d, Type::kDictionary), 1, Id(d, Type::kInt), 9}) + full, d,
          false, {kUnauthorized, ErrorKind::kObjectsNotAllowed, 16, "$[9]"});
    // Objects as instance ids are always allowed.
    Check("object as id", Words({obj | (1u << 16), 7, 0}), d, false, {});
    Check("cut object as id", Words({obj | (1u << 16), 7}), d, false,
          {kInvalidData, ErrorKind::kTruncated, 4});
  }
  // godot4 typed containers of a class: accepted, class replaced (§7.5).
  DecodeOptions o;
  auto v = reference::Decode(
      Bytes(Words({28 | (2u << 16)}) + WireString("Node") + Words({0})), o);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->array().element_type.name, "EncodedObjectAsID");
}

// ---- Depth ---------------------------------------------------------------

// `levels` nested containers of one kind around a NIL.
std::string Nest(Dialect d, const std::string& how, int levels) {
  std::string s;
  const uint32_t arr = Id(d, Type::kArray), dict = Id(d, Type::kDictionary);
  const uint32_t obj = Id(d, Type::kObject);
  for (int i = 0; i < levels - 1; ++i) {
    if (how == "Array") s += Words({arr, 1});
    if (how == "Dictionary key") s += Words({dict, 1});
    if (how == "Dictionary value") s += Words({dict, 1, Id(d, Type::kInt), 1});
    if (how == "Object property") {
      s += Words({obj}) + WireString("O") + Words({1}) + WireString("p");
    }
    if (how == "mixed") {
      switch (i % 3) {
        case 0:
          s += Words({arr, 1});
          break;
        case 1:
          s += Words({dict, 1});
          break;
        default:
          s += Words({obj}) + WireString("O") + Words({1}) + WireString("p");
      }
    }
  }
  s += Words({0});  // the innermost value
  // Dictionary keys need their values after them, innermost first.
  if (how == "Dictionary key" || how == "mixed") {
    for (int i = 0; i < levels - 1; ++i) {
      if (how == "Dictionary key" || i % 3 == 1) s += Words({0});
    }
  }
  return s;
}

TEST(HostileTest, NestingPast1024LevelsIsOutOfMemory) {
  for (Dialect d : kDialects) {
    for (const char* how : {"Array", "Dictionary key", "Dictionary value",
                            "Object property", "mixed"}) {
      const bool objects = true;
      // depth 0 .. 1024: 1025 levels decode.
      Check(absl::StrCat(how, " x1025"), Nest(d, how, 1025), d, objects, {});
      const std::string deep = Nest(d, how, 1026);
      const Error e = Check(absl::StrCat(how, " x1026"), deep, d, objects,
                            {kOutOfMemory, ErrorKind::kTooDeep});
      // Reported at the header of the first value 1025 levels down: the
      // innermost NIL, or for Dictionary values the innermost key.
      EXPECT_EQ(
          deep.substr(e.offset, 4),
          Words({std::string(how) == "Dictionary value" ? Id(d, Type::kInt)
                                                        : 0u}))
          << how;
      for (int levels : {2000, 5000}) {
        Check(absl::StrCat(how, " x", levels), Nest(d, how, levels), d, objects,
              {kOutOfMemory, ErrorKind::kTooDeep});
      }
    }
  }
}

}  // namespace
}  // namespace gdwire
