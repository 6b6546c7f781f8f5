// Copyright 2026 The gdwire Authors.
//
// Golden vectors of spec §14 (Godot's own unit tests and engine runs) and
// hand-made vectors for what no engine here produces (double builds,
// Pandemonium). The real-engine corpora are tested in //tests.

#include "codec/reference/decoder.h"

#include <cmath>
#include <cstring>
#include <string>

#include "absl/strings/escaping.h"
#include "absl/strings/str_replace.h"
#include "codec/reference/encoder.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace reference {
namespace {

std::string Hex(absl::string_view spaced) {
  return absl::HexStringToBytes(absl::StrReplaceAll(spaced, {{" ", ""}}));
}
absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

Variant MustDecode(const std::string& bytes, Dialect d,
                   bool allow_objects = false, bool real_double = false) {
  DecodeOptions o;
  o.dialect = d;
  o.real_is_double = real_double;
  o.allow_objects = allow_objects;
  auto v = Decode(Bytes(bytes), o);
  EXPECT_TRUE(v.ok()) << v.status();
  return v.ok() ? *v : Variant();
}

std::string MustEncode(const Variant& v, Dialect d, bool real_double = false,
                       bool full = false) {
  EncodeOptions o;
  o.dialect = d;
  o.real_is_double = real_double;
  o.full_objects = full;
  auto b = Encode(v, o);
  EXPECT_TRUE(b.ok()) << b.status();
  return b.ok() ? *b : "";
}

Error DecodeError(const std::string& bytes, Dialect d) {
  DecodeOptions o;
  o.dialect = d;
  Variant v;
  size_t used;
  return DecodeValue(Bytes(bytes), o, &v, &used);
}

// Spec §14 A and F: encode gives exactly these bytes, decode gives back the
// value.
struct Golden {
  const char* hex;
  Dialect dialect;
  bool real_double;
};

TEST(ReferenceTest, GoldenVectorsRoundTrip) {
  const Golden kGolden[] = {
      {"00000000", Dialect::kGodot4, false},
      {"02000000 78563412", Dialect::kGodot4, false},
      {"02000100 efcdab89674523f1", Dialect::kGodot4, false},
      {"03000000 0000203e", Dialect::kGodot4, false},
      {"03000100 555555555555d53f", Dialect::kGodot4, false},
      {"1c000100 02000000 01000000 02000100 efcdab89674523f1", Dialect::kGodot4,
       false},
      {"1b000500 02000000 02000000 01000000 02000100 efcdab89674523f1 "
       "02000100 efcdab89674523f1",
       Dialect::kGodot4, false},
      {"1c000000 03000000 03000100 333333333333f33f 03000100 "
       "3333333333330b40 03000100 cc6a666666661640",
       Dialect::kGodot4, false},
      {"06000000 01000000 ffffffff", Dialect::kGodot4, false},
      {"08000000 01000000 02000000 03000000 04000000", Dialect::kGodot4, false},
      {"11000000 0000803f 00008040 0000e040 00000040 0000a040 00000041 "
       "00004040 0000c040 00001041",
       Dialect::kGodot4, false},
      {"14000000 0000003f 0000803e 0000803f 0000403f", Dialect::kGodot4, false},
      {"15000000 02000000 61620000", Dialect::kGodot4, false},
      {"16000000 02000080 02000000 01000000 04000000 726f6f74 01000000 "
       "61000000 01000000 62000000 01000000 63000000",
       Dialect::kGodot4, false},
      {"17000000 05000000 00000000", Dialect::kGodot4, false},
      {"18000100 05000000 00000000", Dialect::kGodot4, false},
      {"19000000", Dialect::kGodot4, false},
      {"1a000000 03000000 73696700 05000000 00000000", Dialect::kGodot4, false},
      {"1c000100 04000000 01000000 04000000 01000000 61000000",
       Dialect::kGodot4, false},
      {"1b000100 04000000 00000000", Dialect::kGodot4, false},
      {"1d000000 03000000 01020300", Dialect::kGodot4, false},
      {"1f000000 02000000 0100000000000000 ffffffffffffffff", Dialect::kGodot4,
       false},
      {"22000000 03000000 02000000 61000000 04000000 62636400 01000000 "
       "00000000",
       Dialect::kGodot4, false},
      {"26000000 01000000 0000803f 00000040 00004040 00008040",
       Dialect::kGodot4, false},
      // Double-precision builds (spec §14 F, hand-made).
      {"05000100 000000000000f03f 0000000000000040", Dialect::kGodot4, true},
      {"23000100 01000000 000000000000f03f 0000000000000040", Dialect::kGodot4,
       true},
      // Godot 3 (spec §14 C).
      {"0f000000 00000080 00000000 00000000", Dialect::kGodot3, false},
      {"17000000 01000000 02000000 61000000", Dialect::kGodot3, false},
      {"10000000", Dialect::kGodot3, false},
      // Pandemonium (spec §12): Vector2 is id 7, Vector4 id 11, StringName
      // 24, PoolVector4iArray 38 (36 in 4.x), Array 26, TypedArray 27,
      // PackedTypedArray 28 (5.x only).
      {"07000000 0000803f 00000040", Dialect::kPandemonium, false},
      {"0b000000 0000803f 00000040 00004040 00008040", Dialect::kPandemonium,
       false},
      {"18000000 02000000 61620000", Dialect::kPandemonium, false},
      {"24000000 01000000 01000000 02000000 03000000 04000000",
       Dialect::kPandemonium4, false},
      {"26000000 01000000 01000000 02000000 03000000 04000000",
       Dialect::kPandemonium, false},
      {"1b000000 02000000 02000000 02000000 01000000 02000000 ffffffff",
       Dialect::kPandemonium, false},
      {"1c000100 17000000 01000000 00000000", Dialect::kPandemonium, false},
      {"1a000000 02000000 0b000000 0000803f 00000040 00004040 00008040 "
       "02000000 07000000",
       Dialect::kPandemonium, false},
  };
  for (const Golden& g : kGolden) {
    const std::string bytes = Hex(g.hex);
    Variant v = MustDecode(bytes, g.dialect, false, g.real_double);
    EXPECT_EQ(absl::BytesToHexString(MustEncode(v, g.dialect, g.real_double)),
              absl::BytesToHexString(bytes))
        << g.hex;
  }
}

TEST(ReferenceTest, DecodedValues) {
  Variant v = MustDecode(Hex("02000100 efcdab89674523f1"), Dialect::kGodot4);
  EXPECT_EQ(v.as_int(), static_cast<int64_t>(0xf123456789abcdefull));
  v = MustDecode(Hex("1c000100 02000000 01000000 02000000 05000000"),
                 Dialect::kGodot4);
  EXPECT_EQ(v.array().element_type, ContainerType::Builtin(Type::kInt));
  ASSERT_EQ(v.array().items.size(), 1u);
  // Basis is row-major on the wire and held in wire order.
  v = MustDecode(Hex("11000000 0000803f 00008040 0000e040 00000040 0000a040 "
                     "00000041 00004040 0000c040 00001041"),
                 Dialect::kGodot4);
  EXPECT_EQ(v.type(), Type::kBasis);
  EXPECT_EQ(v.reals()[1], 4.0);
  // Double-flagged math decodes in any build and narrows on re-encode.
  v = MustDecode(Hex("0c000100 000000000000f03f 0000000000000040 "
                     "0000000000000840 0000000000001040"),
                 Dialect::kGodot4);
  EXPECT_EQ(absl::BytesToHexString(MustEncode(v, Dialect::kGodot4)),
            "0c0000000000803f000000400000404000008040");
  // A single-precision engine narrows f64 components on decode; a double
  // build keeps them.
  const std::string wide = Hex("05000100 9a9999999999b93f 0000000000000000");
  EXPECT_EQ(MustDecode(wide, Dialect::kGodot4).reals()[0],
            static_cast<double>(0.1f));
  EXPECT_EQ(MustDecode(wide, Dialect::kGodot4, false, true).reals()[0], 0.1);
}

TEST(ReferenceTest, EncoderWidthRules) {
  EXPECT_EQ(
      absl::BytesToHexString(MustEncode(Variant::Float(NAN), Dialect::kGodot4)),
      "03000100000000000000f87f");
  EXPECT_EQ(absl::BytesToHexString(
                MustEncode(Variant::Float(-0.0), Dialect::kGodot4)),
            "0300000000000080");
  EXPECT_EQ(absl::BytesToHexString(
                MustEncode(Variant::Int(INT32_MIN), Dialect::kGodot4)),
            "0200000000000080");
  EXPECT_EQ(absl::BytesToHexString(MustEncode(
                Variant::Int(int64_t{INT32_MIN} - 1), Dialect::kGodot4)),
            "02000100ffffff7fffffffff");
  // A null Object is written as NIL.
  EXPECT_EQ(absl::BytesToHexString(
                MustEncode(Variant::MakeObject({}), Dialect::kGodot3)),
            "00000000");
}

TEST(ReferenceTest, ErrorsCarryKindOffsetAndPath) {
  // [1, "ab" cut off]
  Error e = DecodeError(Hex("1c000000 02000000 02000000 01000000 04000000 "
                            "02000000 61"),
                        Dialect::kGodot4);
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.offset, 20u);
  EXPECT_EQ(e.path, "$[1]");
  EXPECT_EQ(e.ToString(), "$[1]: truncated string of 2 bytes at byte 20");

  e = DecodeError(Hex("1b000000 01000000 04000000 03000000 706f7300 "
                      "24000000 01000000 0000803f"),
                  Dialect::kGodot4);
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.path, "$[\"pos\"]");
  EXPECT_EQ(e.offset, 28u);

  EXPECT_EQ(DecodeError(Hex("27000000"), Dialect::kGodot4).kind,
            ErrorKind::kInvalidType);
  EXPECT_EQ(DecodeError(Hex("1b000000"), Dialect::kGodot3).kind,
            ErrorKind::kInvalidType);
  EXPECT_EQ(DecodeError(Hex("18000000 00000000"), Dialect::kGodot4).kind,
            ErrorKind::kObjectsNotAllowed);
  EXPECT_EQ(
      DecodeError(Hex("0f000000 01000000 00000000 00000000"), Dialect::kGodot3)
          .kind,
      ErrorKind::kInvalidNodePath);
  EXPECT_EQ(DecodeError(Hex("1d000000 ffffffff"), Dialect::kGodot4).kind,
            ErrorKind::kInvalidLength);
  EXPECT_EQ(
      DecodeError(Hex("04000000 03000000 e0808000"), Dialect::kGodot3).kind,
      ErrorKind::kInvalidUtf8);
}

TEST(ReferenceTest, HugeCountsAllocateNothing) {
  // 12 bytes declaring 2^31-1 elements: fails at once, no big allocation.
  for (const char* hex :
       {"1c000000 ffffff7f 00000000", "20000000 ffffff7f 00000000",
        "22000000 ffffff7f 00000000", "1b000000 ffffff7f 00000000"}) {
    Error e = DecodeError(Hex(hex), Dialect::kGodot4);
    EXPECT_FALSE(e.ok()) << hex;
  }
}

TEST(ReferenceTest, DepthLimit) {
  std::string deep;
  for (int i = 0; i < 1025; ++i) deep += Hex("1c000000 01000000");
  deep += Hex("1c000000 00000000");  // 1026 levels
  EXPECT_EQ(DecodeError(deep, Dialect::kGodot4).kind, ErrorKind::kTooDeep);
  EXPECT_TRUE(DecodeError(deep.substr(8), Dialect::kGodot4).ok());  // 1025
}

TEST(ReferenceTest, TrailingBytes) {
  DecodeOptions o;
  o.reject_trailing_bytes = true;
  const std::string b = Hex("00000000 ffff");
  Variant v;
  size_t used = 0;
  EXPECT_EQ(DecodeValue(Bytes(b), o, &v, &used).kind,
            ErrorKind::kTrailingBytes);
  o.reject_trailing_bytes = false;
  EXPECT_TRUE(DecodeValue(Bytes(b), o, &v, &used).ok());
  EXPECT_EQ(used, 4u);
}

TEST(ReferenceTest, EncoderRefusesWhatTheDialectLacks) {
  EncodeOptions o;
  o.dialect = Dialect::kGodot3;
  EXPECT_FALSE(Encode(Variant::StringName("a"), o).ok());
  Variant arr = Variant::MakeArray();
  arr.mutable_array().element_type = ContainerType::Builtin(Type::kInt);
  EXPECT_FALSE(Encode(arr, o).ok());
  o.dialect = Dialect::kGodot4;
  EXPECT_FALSE(Encode(Variant::String(std::string("a\0b", 3)), o).ok());
}

}  // namespace
}  // namespace reference
}  // namespace gdwire
