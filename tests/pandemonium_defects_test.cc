// Copyright 2026 The gdwire Authors.
//
// Each defect of the Pandemonium engines (5.3, and 4.9 where it has the
// type) that gdwire meets on the wire, on the engine's own bytes from the
// corpora (tests/data/corpus/pandemonium{,4}/): what the engine does (the
// reference codec with DecodeOptions/EncodeOptions::pandemonium_engine_defects
// reproduces it), and what gdwire does instead (docs/PANDEMONIUM.md).

#include <string>

#include "absl/strings/escaping.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

namespace gdwire {
namespace {

constexpr Dialect kPd = Dialect::kPandemonium;

// The engine's bytes of a value case of the 5.3 corpus.
std::string EngineBytes(const std::string& name,
                        const std::string& dir = "pandemonium") {
  for (const auto& c : testing::LoadCorpus(dir, "value")) {
    if (c.name == name) return c.input;
  }
  ADD_FAILURE() << "no corpus case " << name;
  return "";
}

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

// Decodes as gdwire does (defects = false) or as the engine does.
Error Decode(const std::string& bytes, bool defects, Variant* v,
             size_t* used = nullptr, Dialect d = kPd, bool objects = false) {
  DecodeOptions o;
  o.dialect = d;
  o.allow_objects = objects;
  o.pandemonium_engine_defects = defects;
  size_t u = 0;
  Error e = reference::DecodeValue(Bytes(bytes), o, v, &u);
  if (used != nullptr) *used = u;
  return e;
}

std::string Text(const std::string& bytes, bool defects, Dialect d = kPd,
                 bool objects = false) {
  Variant v;
  Error e = Decode(bytes, defects, &v, nullptr, d, objects);
  return e.ok() ? text::ToText(v, d) : "error: " + e.ToString();
}

std::string Hex(const std::string& bytes) {
  return absl::BytesToHexString(bytes);
}

std::string Encode(const Variant& v, bool defects, bool full = false,
                   Dialect d = kPd) {
  EncodeOptions o;
  o.dialect = d;
  o.full_objects = full;
  o.pandemonium_engine_defects = defects;
  auto out = reference::Encode(v, o);
  EXPECT_TRUE(out.ok()) << out.status();
  return out.ok() ? Hex(*out) : "";
}

TEST(PandemoniumDefects, Vector4ReportsTwelveBytesConsumed) {
  // [Vector4(1, 2, 3, 4), 5]: the engine then reads the int's header from
  // the vector's w and its value as a header: [Vector4(...), null].
  const std::string b = EngineBytes("fixed_0075_array_vector4_then_int");
  EXPECT_EQ(Text(b, true), "[ Vector4( 1, 2, 3, 4 ), null ]");
  EXPECT_EQ(Text(b, false), "[ Vector4( 1, 2, 3, 4 ), 5 ]");
  // Alone, the engine reads it (bytes after a value are ignored).
  Variant v;
  size_t used = 0;
  ASSERT_TRUE(Decode(b.substr(8, 20), true, &v, &used).ok());
  EXPECT_EQ(used, 16u);
  ASSERT_TRUE(Decode(b.substr(8, 20), false, &v, &used).ok());
  EXPECT_EQ(used, 20u);
  // gdwire writes the engine's bytes back.
  ASSERT_TRUE(Decode(b, false, &v).ok());
  EXPECT_EQ(Encode(v, false), Hex(b));
}

TEST(PandemoniumDefects, Vector4iReportsTwelveBytesConsumed) {
  const std::string b = EngineBytes("fixed_0076_array_vector4i_then_string");
  // (w = 4 is read as a String header, the next word as its length 4...:
  // the engine's own text of it.)
  EXPECT_EQ(Text(b, true), "[ Vector4i( 1, 2, 3, 4 ), \"\x05\" ]");
  EXPECT_EQ(Text(b, false), "[ Vector4i( 1, 2, 3, 4 ), \"after\" ]");
  Variant v;
  ASSERT_TRUE(Decode(b, false, &v).ok());
  EXPECT_EQ(Encode(v, false), Hex(b));
}

TEST(PandemoniumDefects, ProjectionAloneFailsToDecode) {
  // The engine asks for 62 floats (248 bytes) where 16 (64) follow.
  const std::string b = EngineBytes("fixed_0053_projection_1to16");
  EXPECT_EQ(b.size(), 68u);
  Variant v;
  EXPECT_EQ(Decode(b, true, &v).kind, ErrorKind::kTruncated);
  EXPECT_EQ(
      Text(b, false),
      "Projection(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)");
  // With 184 more bytes after it the engine reads it too.
  EXPECT_TRUE(Decode(b + std::string(184, '\0'), true, &v).ok());
  ASSERT_TRUE(Decode(b, false, &v).ok());
  EXPECT_EQ(Encode(v, false), Hex(b));
}

TEST(PandemoniumDefects, PoolVector4ArrayDecoderReadsWFromZ) {
  const std::string b = EngineBytes("fixed_0137_poolvector4array_1234");
  EXPECT_EQ(Text(b, true), "PoolVector4Array( 1, 2, 3, 3 )");
  EXPECT_EQ(Text(b, false), "PoolVector4Array( 1, 2, 3, 4 )");
  Variant v;
  ASSERT_TRUE(Decode(b, false, &v).ok());
  EXPECT_EQ(Encode(v, false), Hex(b));
}

TEST(PandemoniumDefects, PoolVector4iArrayEncoderWritesZTwice) {
  // The engine encoded PoolVector4iArray(1, 2, 3, 4): w is not on the wire.
  const std::string b = EngineBytes("fixed_0140_poolvector4iarray_1234");
  EXPECT_EQ(Hex(b), "260000000100000001000000020000000300000003000000");
  EXPECT_EQ(Text(b, false), "PoolVector4iArray( 1, 2, 3, 3 )");
  const Variant v =
      Variant::PackedIntVectors(Type::kPackedVector4iArray, {1, 2, 3, 4});
  EXPECT_EQ(Encode(v, true), Hex(b));  // as the engine writes it
  // gdwire writes w (the engine's decoder reads it).
  EXPECT_EQ(Encode(v, false),
            "260000000100000001000000020000000300000004000000");
}

TEST(PandemoniumDefects, NilTypedPackedTypedArrayWritesNullsAsBools) {
  // PackedTypedArray(Nil) stores bools: its nulls go out as false, which its
  // decoder then drops (the array takes Nil only).
  const std::string b = EngineBytes("fixed_0100_packedtypedarray_nil_nulls");
  EXPECT_EQ(Text(b, true), "PackedTypedArray( Nil ,  )");
  EXPECT_EQ(Text(b, false), "PackedTypedArray( Nil , false, false )");
  Array a;
  a.element_type = ContainerType::Builtin(Type::kNil);
  a.items = {Variant(), Variant()};
  EXPECT_EQ(Encode(Variant::MakePackedTypedArray(a), false), Hex(b));
  Variant v;
  ASSERT_TRUE(Decode(b, false, &v).ok());
  EXPECT_EQ(Encode(v, false), Hex(b));
}

TEST(PandemoniumDefects, ObjectTypedArrayLosesClassNameWithoutFullObjects) {
  // TypedArray(Resource) without full objects: the object-as-id flag and no
  // class name; it decodes as an EncodedObjectAsID array.
  const std::string ids = EngineBytes("fixed_0093_typedarray_object_nulls_ids");
  EXPECT_EQ(Text(ids, false), "TypedArray( EncodedObjectAsID , null, null )");
  Array a;
  a.element_type = ContainerType::ClassName("Resource");
  a.items = {Variant(), Variant()};
  EXPECT_EQ(Encode(Variant::MakeTypedArray(a), false), Hex(ids));
  // With full objects the class name is a StringName after the type.
  const std::string full =
      EngineBytes("fixed_0094_typedarray_object_empty_full");
  EXPECT_EQ(Text(full, false, kPd, true), "TypedArray( Resource ,  )");
  a.items.clear();
  EXPECT_EQ(Encode(Variant::MakeTypedArray(a), false, /*full=*/true),
            Hex(full));
}

TEST(PandemoniumDefects, TypedArraysDropElementsOfAnotherType) {
  // TypedArray(StringName) holding an int (a mutated input the engine
  // accepted): the int is dropped without an error, by both.
  const std::string b = absl::HexStringToBytes(
      "1b0000001b000000020000001b000000180000000100000002000000010000001b000000"
      "0400000000000000");
  EXPECT_EQ(Text(b, false),
            "TypedArray( TypedArray , TypedArray( StringName ,  ), "
            "TypedArray( String ,  ) )");
  EXPECT_EQ(Text(b, true), Text(b, false));
}

TEST(PandemoniumDefects, StringBomIsDropped) {
  // As Godot 3: a UTF-8 BOM starting a String is dropped on decode (gdwire
  // follows the engine here: it reads its bytes back, minus the BOM).
  const std::string b = EngineBytes("fixed_0018_string_bom");
  EXPECT_EQ(Text(b, false), "\"bom\"");
  EXPECT_EQ(Text(b, true), "\"bom\"");
}

TEST(PandemoniumDefects, OddCodePointsAreRead) {
  // The engine writes a lone surrogate as ED A0 80 (its String holds it) but
  // its decoder refuses it (strict UTF-8, seen live): gdwire reads what the
  // encoder wrote, as Godot 3's rules do.
  const std::string b = absl::HexStringToBytes("0400000003000000eda08000");
  Variant v;
  ASSERT_TRUE(Decode(b, false, &v).ok());
  EXPECT_EQ(v.as_string(), "\xED\xA0\x80");
  EXPECT_EQ(Encode(v, false), Hex(b));
}

TEST(PandemoniumDefects, Pandemonium4HasTheSameReadBackDefects) {
  // 4.9's marshalls.cpp is 5.3's without the typed arrays.
  const std::string b =
      EngineBytes("fixed_0074_array_vector4_then_int", "pandemonium4");
  const Dialect d = Dialect::kPandemonium4;
  EXPECT_EQ(Text(b, true, d), "[ Vector4( 1, 2, 3, 4 ), null ]");
  EXPECT_EQ(Text(b, false, d), "[ Vector4( 1, 2, 3, 4 ), 5 ]");
}

}  // namespace
}  // namespace gdwire
