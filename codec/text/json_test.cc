// Copyright 2026 The gdwire Authors.

#include "codec/text/json.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace text {
namespace {

double D(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}
float F(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

constexpr double kInf = std::numeric_limits<double>::infinity();

// Checks FromJson(ToJson(v)) == v and that the JSON is stable (writing the
// value read back gives the same text).
void ExpectRoundTrip(const Variant& v) {
  const std::string j = ToJson(v);
  EXPECT_EQ(j.find('\n'), std::string::npos) << j;
  absl::StatusOr<Variant> back = FromJson(j);
  ASSERT_TRUE(back.ok()) << back.status() << "\n" << j;
  EXPECT_EQ(*back, v) << j << "\n" << back->DebugString();
  EXPECT_EQ(ToJson(*back), j);
}

Variant ArrayOf(std::vector<Variant> items, ContainerType type = {}) {
  Array a;
  a.element_type = std::move(type);
  a.items = std::move(items);
  return Variant::MakeArray(std::move(a));
}

// Pandemonium 5's TypedArray / PackedTypedArray.
Variant TypedOf(Type t, std::vector<Variant> items, ContainerType type) {
  Array a;
  a.element_type = std::move(type);
  a.items = std::move(items);
  return t == Type::kTypedArray ? Variant::MakeTypedArray(std::move(a))
                                : Variant::MakePackedTypedArray(std::move(a));
}

Variant DictOf(std::vector<std::pair<Variant, Variant>> entries,
               ContainerType key_type = {}, ContainerType value_type = {}) {
  Dictionary d;
  d.key_type = std::move(key_type);
  d.value_type = std::move(value_type);
  d.entries = std::move(entries);
  return Variant::MakeDictionary(std::move(d));
}

Variant ObjectOf(Object::Kind kind, uint64_t id, std::string class_name,
                 std::vector<std::pair<std::string, Variant>> props) {
  Object o;
  o.kind = kind;
  o.id = id;
  o.class_name = std::move(class_name);
  o.properties = std::move(props);
  return Variant::MakeObject(std::move(o));
}

Variant Path(std::vector<std::string> names, std::vector<std::string> subnames,
             bool absolute) {
  NodePath p;
  p.names = std::move(names);
  p.subnames = std::move(subnames);
  p.absolute = absolute;
  return Variant::MakeNodePath(std::move(p));
}

// One example of every type, in the form docs/JSON.md shows.
struct Golden {
  Variant value;
  const char* json;
};

std::vector<Golden> Goldens() {
  const double m16[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  return {
      {Variant(), "null"},
      {Variant::Bool(true), "true"},
      {Variant::Int(42), "42"},
      {Variant::Int(-(int64_t{1} << 53)), "-9007199254740992"},
      {Variant::Int((int64_t{1} << 53) + 1), "{\"int\":\"9007199254740993\"}"},
      {Variant::Float(1), "1.0"},
      {Variant::Float(0.1), "0.1"},
      {Variant::Float(-0.0), "-0.0"},
      {Variant::Float(1e300), "1e+300"},
      {Variant::Float(2.5e-8), "2.5e-08"},
      {Variant::Float(-kInf), "{\"float\":\"-inf\"}"},
      {Variant::Float(D(0x7ff8000000000000)), "{\"float\":\"nan\"}"},
      {Variant::Float(D(0x7ff0000000000001)),
       "{\"float\":\"nan:7ff0000000000001\"}"},
      {Variant::String("h\xc3\xa9llo \"q\"\n"),
       "\"h\xc3\xa9llo \\\"q\\\"\\n\""},
      {Variant::String("\xed\xa0\x80"), "{\"String\":{\"base64\":\"7aCA\"}}"},
      {Variant::Vector2(1, 2.5), "{\"Vector2\":[1.0,2.5]}"},
      {Variant::IntMath(Type::kVector2i, {1, -2}), "{\"Vector2i\":[1,-2]}"},
      {Variant::Math(Type::kRect2, {0, 0, 4, 3}),
       "{\"Rect2\":[0.0,0.0,4.0,3.0]}"},
      {Variant::IntMath(Type::kRect2i, {0, 0, 4, 3}), "{\"Rect2i\":[0,0,4,3]}"},
      {Variant::Vector3(1, 2, 3), "{\"Vector3\":[1.0,2.0,3.0]}"},
      {Variant::IntMath(Type::kVector3i, {1, 2, 3}), "{\"Vector3i\":[1,2,3]}"},
      {Variant::Math(Type::kTransform2D, {1, 0, 0, 1, 5, 6}),
       "{\"Transform2D\":[1.0,0.0,0.0,1.0,5.0,6.0]}"},
      {Variant::Math(Type::kVector4, {1, 2, 3, 4}),
       "{\"Vector4\":[1.0,2.0,3.0,4.0]}"},
      {Variant::IntMath(Type::kVector4i, {1, 2, 3, 4}),
       "{\"Vector4i\":[1,2,3,4]}"},
      {Variant::Math(Type::kPlane, {0, 1, 0, -2}),
       "{\"Plane\":[0.0,1.0,0.0,-2.0]}"},
      {Variant::Math(Type::kQuaternion, {0, 0, 0, 1}),
       "{\"Quaternion\":[0.0,0.0,0.0,1.0]}"},
      {Variant::Math(Type::kAABB, {0, 0, 0, 1, 2, 3}),
       "{\"AABB\":[0.0,0.0,0.0,1.0,2.0,3.0]}"},
      {Variant::Math(Type::kBasis, {1, 0, 0, 0, 1, 0, 0, 0, 1}),
       "{\"Basis\":[1.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,1.0]}"},
      {Variant::Math(Type::kTransform3D,
                     {1, 0, 0, 0, 1, 0, 0, 0, 1, 10, 20, 30}),
       "{\"Transform3D\":[1.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,1.0,10.0,20.0,"
       "30.0]}"},
      {Variant::Math(Type::kProjection, m16),
       "{\"Projection\":[1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,"
       "0.0,0.0,1.0]}"},
      {Variant::Color(1, 0.5, 0, 1), "{\"Color\":[1.0,0.5,0.0,1.0]}"},
      {Variant::Vector2(kInf, D(0x7ff8000000000000)),
       "{\"Vector2\":[\"inf\",\"nan\"]}"},
      {Variant::StringName("hp"), "{\"StringName\":\"hp\"}"},
      {Path({"root", "Main"}, {"position", "x"}, true),
       "{\"NodePath\":\"/root/Main:position:x\"}"},
      {Path({"a/b"}, {}, false),
       "{\"NodePath\":{\"names\":[\"a/b\"],\"subnames\":[],\"absolute\":"
       "false}}"},
      {Variant::Rid(5), "{\"RID\":5}"},
      {Variant::Rid(~uint64_t{0}), "{\"RID\":\"18446744073709551615\"}"},
      {Variant::MakeObject({}), "{\"Object\":null}"},
      {ObjectOf(Object::Kind::kId, 1425, "", {}), "{\"Object\":{\"id\":1425}}"},
      {ObjectOf(Object::Kind::kFull, 0, "Node",
                {{"name", Variant::String("A")}}),
       "{\"Object\":{\"class\":\"Node\",\"properties\":{\"name\":\"A\"}}}"},
      {ObjectOf(Object::Kind::kFull, 0, "Node",
                {{"x", Variant::Int(1)}, {"x", Variant::Int(2)}}),
       "{\"Object\":{\"class\":\"Node\",\"properties\":[[\"x\",1],[\"x\",2]]}"
       "}"},
      {ObjectOf(Object::Kind::kNull, 7, "", {}),
       "{\"Object\":{\"kind\":\"null\",\"id\":7}}"},
      {Variant::Callable(), "{\"Callable\":null}"},
      {Variant::MakeSignal({"hit", 5}),
       "{\"Signal\":{\"name\":\"hit\",\"object_id\":5}}"},
      {DictOf({{Variant::String("a"), Variant::Int(1)},
               {Variant::String("b"), ArrayOf({})}}),
       "{\"Dictionary\":{\"a\":1,\"b\":[]}}"},
      {DictOf({{Variant::Int(1), Variant::String("x")},
               {Variant::StringName("k"), Variant()}}),
       "{\"Dictionary\":[[1,\"x\"],[{\"StringName\":\"k\"},null]]}"},
      {DictOf({{Variant::String("x"), Variant::Int(1)}},
              ContainerType::Builtin(Type::kString),
              ContainerType::Builtin(Type::kInt)),
       "{\"Dictionary\":{\"x\":1},\"key_type\":\"String\",\"value_type\":"
       "\"int\"}"},
      {DictOf({}), "{\"Dictionary\":{}}"},
      {ArrayOf({Variant::Int(1), Variant::String("a"), Variant()}),
       "[1,\"a\",null]"},
      {ArrayOf({Variant::Int(1), Variant::Int(2)},
               ContainerType::Builtin(Type::kInt)),
       "{\"Array\":[1,2],\"type\":\"int\"}"},
      {ArrayOf({}, ContainerType::ClassName("Node")),
       "{\"Array\":[],\"type\":{\"class\":\"Node\"}}"},
      {ArrayOf({}, ContainerType::Script("res://x.gd")),
       "{\"Array\":[],\"type\":{\"script\":\"res://x.gd\"}}"},
      {TypedOf(Type::kTypedArray, {Variant::Int(1)},
               ContainerType::Builtin(Type::kInt)),
       "{\"TypedArray\":[1],\"type\":\"int\"}"},
      {TypedOf(Type::kPackedTypedArray, {Variant()},
               ContainerType::ClassName("Resource")),
       "{\"PackedTypedArray\":[null],\"type\":{\"class\":\"Resource\"}}"},
      {TypedOf(Type::kPackedTypedArray, {}, ContainerType::Builtin(Type::kNil)),
       "{\"PackedTypedArray\":[],\"type\":\"Nil\"}"},
      {Variant::PackedBytes({1, 2, 3}), "{\"PackedByteArray\":\"AQID\"}"},
      {Variant::PackedInt32({1, -1}), "{\"PackedInt32Array\":[1,-1]}"},
      {Variant::PackedInt64({1, std::numeric_limits<int64_t>::min()}),
       "{\"PackedInt64Array\":[1,\"-9223372036854775808\"]}"},
      {Variant::PackedFloat32({0.1f, F(0x7fc00000), F(0x7f800001)}),
       "{\"PackedFloat32Array\":[0.1,\"nan\",\"nan:7f800001\"]}"},
      {Variant::PackedFloat64({0.1, -kInf}),
       "{\"PackedFloat64Array\":[0.1,\"-inf\"]}"},
      {Variant::PackedStrings({"", "a", "\xff"}),
       "{\"PackedStringArray\":[\"\",\"a\",{\"base64\":\"/w==\"}]}"},
      {Variant::PackedRealVectors(Type::kPackedVector2Array, {1, 2, 3, 4}),
       "{\"PackedVector2Array\":[1.0,2.0,3.0,4.0]}"},
      {Variant::PackedRealVectors(Type::kPackedVector3Array, {1, 2, 3}),
       "{\"PackedVector3Array\":[1.0,2.0,3.0]}"},
      {Variant::PackedColors({1, 0, 0, 1}),
       "{\"PackedColorArray\":[1.0,0.0,0.0,1.0]}"},
      {Variant::PackedRealVectors(Type::kPackedVector4Array, {1, 2, 3, 4}),
       "{\"PackedVector4Array\":[1.0,2.0,3.0,4.0]}"},
      {Variant::PackedIntVectors(Type::kPackedVector2iArray, {1, 2}),
       "{\"PoolVector2iArray\":[1,2]}"},
      {Variant::PackedIntVectors(Type::kPackedVector3iArray, {1, 2, 3}),
       "{\"PoolVector3iArray\":[1,2,3]}"},
      {Variant::PackedIntVectors(Type::kPackedVector4iArray, {1, 2, 3, 4}),
       "{\"PoolVector4iArray\":[1,2,3,4]}"},
  };
}

TEST(JsonTest, GoldenFormOfEveryType) {
  bool seen[kTypeCount] = {};
  for (const Golden& g : Goldens()) {
    seen[static_cast<int>(g.value.type())] = true;
    EXPECT_EQ(ToJson(g.value), g.json) << g.value.DebugString();
    absl::StatusOr<Variant> back = FromJson(g.json);
    ASSERT_TRUE(back.ok()) << back.status() << "\n" << g.json;
    EXPECT_EQ(*back, g.value) << g.json;
  }
  for (int t = 0; t < kTypeCount; ++t) {
    EXPECT_TRUE(seen[t]) << "no golden for " << TypeName(static_cast<Type>(t));
  }
}

TEST(JsonTest, DefaultOfEveryType) {
  for (int t = 0; t < kTypeCount; ++t) {
    SCOPED_TRACE(TypeName(static_cast<Type>(t)));
    ExpectRoundTrip(Variant::Default(static_cast<Type>(t)));
  }
}

std::vector<double> SpecialDoubles() {
  return {0.0,
          -0.0,
          1.0,
          -1.0,
          0.1,
          1.0 / 3,
          1e21,
          1e22,
          123456789012345678.0,
          9007199254740993.0,
          std::numeric_limits<double>::max(),
          std::numeric_limits<double>::lowest(),
          std::numeric_limits<double>::min(),
          std::numeric_limits<double>::denorm_min(),
          -std::numeric_limits<double>::denorm_min(),
          D(0x000fffffffffffff),  // largest subnormal
          kInf,
          -kInf,
          D(0x7ff8000000000000),  // quiet NaN
          D(0xfff8000000000000),  // x86's default NaN (negative)
          D(0x7ff0000000000001),  // signalling NaN
          D(0x7ff4000000000000),  // signalling NaN
          D(0xfff0000000000001),
          D(0x7fffffffffffffff),
          D(0x7ff8000000000001),
          static_cast<double>(std::numeric_limits<float>::max()),
          WidenF32Exact(F(0x7f800001)),  // f32 sNaN kept in an f64
          WidenF32Exact(F(0xffc00001))};
}

std::vector<float> SpecialFloats() {
  return {0.0f,
          -0.0f,
          0.1f,
          1.0f / 3,
          16777217.0f,
          std::numeric_limits<float>::max(),
          std::numeric_limits<float>::lowest(),
          std::numeric_limits<float>::min(),
          std::numeric_limits<float>::denorm_min(),
          F(0x007fffff),
          std::numeric_limits<float>::infinity(),
          -std::numeric_limits<float>::infinity(),
          F(0x7fc00000),
          F(0xffc00000),
          F(0x7f800001),  // signalling NaN
          F(0x7fa00000),
          F(0xff800001),
          F(0x7fffffff)};
}

TEST(JsonTest, FloatSpecialsEverywhere) {
  for (double d : SpecialDoubles()) {
    SCOPED_TRACE(ToJson(Variant::Float(d)));
    ExpectRoundTrip(Variant::Float(d));
    ExpectRoundTrip(Variant::Vector2(d, -d));
    ExpectRoundTrip(Variant::Color(d, 0, d, 1));
    ExpectRoundTrip(Variant::Math(
        Type::kProjection, {d, d, d, d, d, d, d, d, d, d, d, d, d, d, d, d}));
    ExpectRoundTrip(Variant::PackedFloat64({d, -d}));
    ExpectRoundTrip(
        Variant::PackedRealVectors(Type::kPackedVector3Array, {d, d, -d}));
    ExpectRoundTrip(ArrayOf({Variant::Float(d)}));
    ExpectRoundTrip(DictOf({{Variant::Float(d), Variant::Float(d)}}));
    if (std::isfinite(d)) {
      const std::string j = ToJson(Variant::Float(d));
      EXPECT_NE(j.find_first_of(".e"), std::string::npos) << j;
      EXPECT_NE(j[0], '{') << j;
    }
  }
  for (float f : SpecialFloats()) {
    SCOPED_TRACE(ToJson(Variant::PackedFloat32({f})));
    ExpectRoundTrip(Variant::PackedFloat32({f, -f}));
    ExpectRoundTrip(Variant::PackedColors({f, f, -f, f}));
    ExpectRoundTrip(Variant::Float(WidenF32Exact(f)));
    ExpectRoundTrip(Variant::Vector3(WidenF32Exact(f), 0, 0));
  }
}

TEST(JsonTest, FloatsAreShortest) {
  EXPECT_EQ(ToJson(Variant::PackedFloat32({0.1f, 1.0f / 3, 16777216.0f})),
            "{\"PackedFloat32Array\":[0.1,0.33333334,16777216.0]}");
  EXPECT_EQ(ToJson(Variant::Float(1.0 / 3)), "0.3333333333333333");
  EXPECT_EQ(ToJson(Variant::Float(5e-324)), "5e-324");
  EXPECT_EQ(ToJson(Variant::Float(100)), "100.0");
  EXPECT_EQ(ToJson(Variant::Vector2(WidenF32Exact(0.1f), -0.0)),
            "{\"Vector2\":[0.10000000149011612,-0.0]}");
}

TEST(JsonTest, IntegersAtTheEdges) {
  const int64_t big = int64_t{1} << 53;
  const int64_t values[] = {0,
                            1,
                            -1,
                            big - 1,
                            big,
                            big + 1,
                            -big,
                            -big - 1,
                            std::numeric_limits<int32_t>::min(),
                            std::numeric_limits<int32_t>::max(),
                            std::numeric_limits<int64_t>::min(),
                            std::numeric_limits<int64_t>::max()};
  for (int64_t i : values) {
    SCOPED_TRACE(i);
    ExpectRoundTrip(Variant::Int(i));
    ExpectRoundTrip(Variant::PackedInt64({i, -1}));
    ExpectRoundTrip(Variant::Rid(static_cast<uint64_t>(i)));
    ExpectRoundTrip(Variant::MakeSignal({"s", static_cast<uint64_t>(i)}));
    ExpectRoundTrip(
        ObjectOf(Object::Kind::kId, static_cast<uint64_t>(i), "", {}));
    const bool plain = i >= -big && i <= big;
    EXPECT_EQ(ToJson(Variant::Int(i)) == absl::StrCat(i), plain);
  }
  const int32_t i32[] = {std::numeric_limits<int32_t>::min(),
                         std::numeric_limits<int32_t>::max(), 0, -1};
  for (int32_t i : i32) {
    ExpectRoundTrip(Variant::IntMath(Type::kVector4i, {i, i, i, i}));
    ExpectRoundTrip(Variant::PackedInt32({i}));
    ExpectRoundTrip(
        Variant::PackedIntVectors(Type::kPackedVector3iArray, {i, 0, i}));
  }
}

std::vector<std::string> InterestingStrings() {
  return {"",
          "plain",
          std::string("nul\0inside", 10),
          "\"quotes\" and \\backslash\\ /slash",
          "\b\f\n\r\t\x01\x1f\x7f",
          "h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80",  // é € 😀
          "\xef\xbb\xbf"
          "bom",
          "\xe2\x80\xa8\xe2\x80\xa9",  // U+2028 U+2029
          "\xed\xa0\x80",              // lone high surrogate (Godot 3)
          "\xed\xbf\xbf",              // lone low surrogate
          "\xed\xa0\xbd\xed\xb8\x80",  // surrogate pair as CESU-8
          "\xf4\x90\x80\x80",          // U+110000
          "\xfd\xbf\xbf\xbf\xbf\xbf",  // 0x7FFFFFFF, 6 bytes
          "\xf8\x88\x80\x80\x80",      // 5 bytes
          "\xc0\x80",                  // overlong NUL
          "\xff\xfe",
          "a\x80",
          "\xe2\x82",  // truncated
          "x/y:z",
          "res://scenes/main.tscn"};
}

TEST(JsonTest, StringsWithArbitraryBytes) {
  for (const std::string& s : InterestingStrings()) {
    SCOPED_TRACE(ToJson(Variant::String(s)));
    ExpectRoundTrip(Variant::String(s));
    ExpectRoundTrip(Variant::StringName(s));
    ExpectRoundTrip(Variant::PackedStrings({s, s}));
    ExpectRoundTrip(Variant::MakeSignal({s, 1}));
    ExpectRoundTrip(Path({s, "b"}, {s}, true));
    ExpectRoundTrip(Path({s}, {}, false));
    ExpectRoundTrip(ObjectOf(Object::Kind::kFull, 0, s, {{s, Variant()}}));
    ExpectRoundTrip(DictOf({{Variant::String(s), Variant::String(s)}}));
    ExpectRoundTrip(ArrayOf({}, ContainerType::ClassName(s)));
    ExpectRoundTrip(DictOf({}, ContainerType::Script(s), {}));
  }
}

TEST(JsonTest, NodePaths) {
  const std::vector<Variant> paths = {
      Path({}, {}, false),        Path({}, {}, true),
      Path({"a"}, {}, false),     Path({"a"}, {}, true),
      Path({}, {"x"}, false),     Path({}, {"x"}, true),
      Path({""}, {}, false),      Path({"", ""}, {}, true),
      Path({}, {""}, false),      Path({"a", ""}, {"", "b"}, false),
      Path({"a:b"}, {}, false),   Path({"a"}, {"b/c"}, false),
      Path({"/a"}, {}, false),    Path({".."}, {"x", "y"}, false),
      Path({"\xff"}, {"y"}, true)};
  for (const Variant& p : paths) ExpectRoundTrip(p);
  EXPECT_EQ(ToJson(Path({".."}, {"x", "y"}, false)),
            "{\"NodePath\":\"..:x:y\"}");
  EXPECT_EQ(ToJson(Path({}, {}, false)), "{\"NodePath\":\"\"}");
}

TEST(JsonTest, ObjectsOfEveryKind) {
  const Variant props =
      ObjectOf(Object::Kind::kFull, 0, "Node2D",
               {{"position", Variant::Vector2(1, 2)},
                {"name", Variant::StringName("Player")},
                {"child", ObjectOf(Object::Kind::kId, 99, "", {})}});
  ExpectRoundTrip(props);
  ExpectRoundTrip(ObjectOf(Object::Kind::kFull, 0, "", {}));
  ExpectRoundTrip(ObjectOf(Object::Kind::kId, 0, "", {}));
  // Field combinations no codec makes still come back as they were.
  ExpectRoundTrip(ObjectOf(Object::Kind::kNull, 1, "C", {}));
  ExpectRoundTrip(ObjectOf(Object::Kind::kNull, 0, "", {{"p", Variant()}}));
  ExpectRoundTrip(ObjectOf(Object::Kind::kId, 5, "C", {}));
  ExpectRoundTrip(ObjectOf(Object::Kind::kFull, 5, "C", {{"", Variant()}}));
  EXPECT_EQ(ToJson(ObjectOf(Object::Kind::kFull, 0, "", {})),
            "{\"Object\":{\"class\":\"\",\"properties\":{}}}");
}

TEST(JsonTest, ContainerTypesOfEveryKind) {
  std::vector<ContainerType> types = {
      ContainerType(), ContainerType::ClassName("Node"),
      ContainerType::Script("res://a.gd"), ContainerType::ClassName(""),
      ContainerType::Script("\xed\xa0\x80")};
  for (int t = 0; t < kTypeCount; ++t) {
    types.push_back(ContainerType::Builtin(static_cast<Type>(t)));
  }
  // Unusual field combinations.
  types.push_back({ContainerType::Kind::kNone, Type::kInt, ""});
  types.push_back({ContainerType::Kind::kNone, Type::kNil, "x"});
  types.push_back({ContainerType::Kind::kBuiltin, Type::kInt, "x"});
  types.push_back({ContainerType::Kind::kClassName, Type::kInt, "Node"});
  types.push_back({ContainerType::Kind::kScript, Type::kNil, ""});
  for (const ContainerType& a : types) {
    ExpectRoundTrip(ArrayOf({Variant::Int(1)}, a));
    for (const ContainerType& b : {ContainerType(), a}) {
      ExpectRoundTrip(DictOf({{Variant::Int(1), Variant()}}, a, b));
      ExpectRoundTrip(DictOf({}, b, a));
    }
  }
}

TEST(JsonTest, DictionariesKeepEntriesAndOrder) {
  const Variant keys[] = {Variant(),
                          Variant::Bool(false),
                          Variant::Int(1),
                          Variant::Float(1),
                          Variant::Float(D(0x7ff8000000000000)),
                          Variant::Float(-0.0),
                          Variant::Float(0.0),
                          Variant::String("k"),
                          Variant::StringName("k"),
                          Variant::String("\xed\xa0\x80"),
                          Variant::Vector2(1, 2),
                          ArrayOf({Variant::Int(1)}),
                          DictOf({{Variant::Int(1), Variant::Int(2)}}),
                          Variant::MakeObject({}),
                          Variant::Callable(),
                          Variant::PackedBytes({})};
  std::vector<std::pair<Variant, Variant>> entries;
  for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); ++i) {
    entries.emplace_back(keys[i], Variant::Int(static_cast<int64_t>(i)));
  }
  ExpectRoundTrip(DictOf(entries));
  // Entries equal under Godot's key rules are kept apart, as stored.
  ExpectRoundTrip(DictOf({{Variant::String("a"), Variant::Int(1)},
                          {Variant::String("a"), Variant::Int(2)}}));
  // String keys in insertion order (not sorted).
  const Variant d = DictOf({{Variant::String("z"), Variant::Int(1)},
                            {Variant::String("a"), Variant::Int(2)},
                            {Variant::String(""), Variant::Int(3)}});
  ExpectRoundTrip(d);
  EXPECT_EQ(ToJson(d), "{\"Dictionary\":{\"z\":1,\"a\":2,\"\":3}}");
}

TEST(JsonTest, NestedContainers) {
  Variant v = Variant::Int(0);
  for (int i = 0; i < 30; ++i) {
    switch (i % 4) {
      case 0:
        v = ArrayOf({v, Variant::String("s")});
        break;
      case 1:
        v = DictOf({{v, v}, {Variant::String("k"), v}});
        break;
      case 2:
        v = ObjectOf(Object::Kind::kFull, 0, "N", {{"p", v}});
        break;
      default:
        v = ArrayOf({v}, ContainerType::Builtin(Type::kArray));
        break;
    }
    if (i < 12) ExpectRoundTrip(v);  // the dictionaries double the size
  }
}

// Deep values, built by moving (an initializer list would copy each level).
Variant DeepArrays(int levels, Variant leaf) {
  for (int i = 0; i < levels; ++i) {
    Array a;
    a.items.push_back(std::move(leaf));
    leaf = Variant::MakeArray(std::move(a));
  }
  return leaf;
}

Variant DeepDictionaries(int levels, Variant leaf) {
  for (int i = 0; i < levels; ++i) {
    Dictionary d;
    d.entries.emplace_back(Variant::Int(i), std::move(leaf));
    leaf = Variant::MakeDictionary(std::move(d));
  }
  return leaf;
}

// The kind of container that costs most JSON nesting per level: Objects
// whose properties are written as [name, value] pairs.
Variant DeepObjects(int levels, Variant leaf) {
  for (int i = 0; i < levels; ++i) {
    Object o;
    o.kind = Object::Kind::kFull;
    o.class_name = "C";
    o.properties.emplace_back("\xff", std::move(leaf));
    leaf = Variant::MakeObject(std::move(o));
  }
  return leaf;
}

// How many JSON arrays/objects are open at most in `json`.
int JsonNesting(absl::string_view json) {
  int depth = 0;
  int max = 0;
  bool in_string = false;
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') ++i;
      if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      max = std::max(max, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return max;
}

TEST(JsonTest, DepthLimitMatchesTheBinaryCodec) {
  // 1024 nested containers (1025 levels) are fine, as for DecodeOptions.
  ExpectRoundTrip(DeepArrays(1024, Variant::Int(1)));
  ExpectRoundTrip(DeepDictionaries(1024, Variant::Int(1)));
  // The worst case for JSON nesting: 4 JSON levels per container and a
  // NodePath leaf written in full with base64 names.
  const Variant worst = DeepObjects(1024, Path({"\xff"}, {}, false));
  EXPECT_EQ(JsonNesting(ToJson(worst)), 4 * 1024 + 4);
  ExpectRoundTrip(worst);

  // One more level is refused with a clear message.
  absl::StatusOr<Variant> r = FromJson(ToJson(DeepArrays(1025, Variant())));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("nested deeper than 1024"),
            std::string::npos)
      << r.status();
  EXPECT_FALSE(FromJson(ToJson(DeepDictionaries(1025, Variant()))).ok());
  EXPECT_FALSE(FromJson(ToJson(DeepObjects(1025, Variant()))).ok());
}

TEST(JsonTest, HostileNestingFailsCleanly) {
  for (const char* open : {"[", "{\"Array\":[", "{\"a\":", "[{\"x\":["}) {
    std::string deep;
    for (int i = 0; i < 200000; ++i) deep += open;
    absl::StatusOr<Variant> r = FromJson(deep);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.status().message().find("nested deeper than"),
              std::string::npos)
        << r.status();
  }
  std::string balanced = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_FALSE(FromJson(balanced).ok());
  // Deep but within the JSON limit: refused by the value depth limit.
  balanced = std::string(4000, '[') + std::string(4000, ']');
  absl::StatusOr<Variant> r = FromJson(balanced);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("nested deeper than 1024 containers"),
            std::string::npos)
      << r.status();
}

// Random values of every type, with the corners the binary property tests
// avoid: any float bits everywhere, strings of arbitrary bytes, unusual
// container types and object fields, duplicate Dictionary keys.
class WildVariant {
 public:
  explicit WildVariant(uint64_t seed) : rng_(seed) {}

  Variant Make(int depth) {
    Type t = static_cast<Type>(Below(kTypeCount));
    if (depth >= 4 &&
        (t == Type::kArray || t == Type::kDictionary || t == Type::kObject)) {
      t = Type::kInt;
    }
    return Of(t, depth);
  }

 private:
  uint64_t Below(uint64_t n) { return rng_() % n; }

  double F64() {
    switch (Below(6)) {
      case 0:
        return D(rng_());
      case 1:
        return SpecialDoubles()[Below(SpecialDoubles().size())];
      case 2:
        return static_cast<double>(static_cast<int64_t>(Below(2001)) - 1000);
      case 3:
        return WidenF32Exact(F32());
      default:
        return std::uniform_real_distribution<double>(-1e9, 1e9)(rng_);
    }
  }

  float F32() {
    switch (Below(4)) {
      case 0:
        return F(static_cast<uint32_t>(rng_()));
      case 1:
        return SpecialFloats()[Below(SpecialFloats().size())];
      default:
        return std::uniform_real_distribution<float>(-1e4f, 1e4f)(rng_);
    }
  }

  int64_t I64() {
    switch (Below(4)) {
      case 0:
        return static_cast<int64_t>(rng_());
      case 1:
        return (int64_t{1} << 53) + static_cast<int64_t>(Below(5)) - 2;
      default:
        return static_cast<int64_t>(Below(2001)) - 1000;
    }
  }

  std::string Text() {
    if (Below(4) == 0) {
      const std::vector<std::string> s = InterestingStrings();
      return s[Below(s.size())];
    }
    std::string s;
    for (int n = static_cast<int>(Below(10)); n > 0; --n) {
      switch (Below(4)) {
        case 0:
          s.push_back(static_cast<char>(rng_()));  // any byte
          break;
        case 1:
          s += "\xc3\xa9";
          break;
        default:
          s.push_back(static_cast<char>(' ' + Below(95)));
          break;
      }
    }
    return s;
  }

  ContainerType Ct() {
    switch (Below(6)) {
      case 0:
      case 1:
        return {};
      case 2:
        return ContainerType::Builtin(static_cast<Type>(Below(kTypeCount)));
      case 3:
        return ContainerType::ClassName(Text());
      case 4:
        return ContainerType::Script(Text());
      default:
        return {static_cast<ContainerType::Kind>(Below(4)),
                static_cast<Type>(Below(kTypeCount)), Text()};
    }
  }

  template <typename T, typename Fn>
  std::vector<T> Many(size_t multiple, Fn fn) {
    std::vector<T> v(multiple * Below(6));
    for (T& x : v) x = fn();
    return v;
  }

  Variant Of(Type t, int depth) {
    if (int n = RealComponents(t)) {
      Variant::Reals c(n);
      for (double& x : c) x = F64();
      return Variant::Math(t, c);
    }
    if (int n = IntComponents(t)) {
      Variant::Ints c(n);
      for (int32_t& x : c) x = static_cast<int32_t>(rng_());
      return Variant::IntMath(t, c);
    }
    const auto f64 = [this] { return F64(); };
    const auto f32 = [this] { return F32(); };
    const auto i32 = [this] { return static_cast<int32_t>(I64()); };
    const auto text = [this] { return Text(); };
    switch (t) {
      case Type::kNil:
        return Variant();
      case Type::kBool:
        return Variant::Bool(Below(2) != 0);
      case Type::kInt:
        return Variant::Int(I64());
      case Type::kFloat:
        return Variant::Float(F64());
      case Type::kString:
        return Variant::String(Text());
      case Type::kStringName:
        return Variant::StringName(Text());
      case Type::kNodePath: {
        NodePath p;
        p.names = Many<std::string>(1, text);
        p.subnames = Many<std::string>(1, text);
        p.absolute = Below(2) != 0;
        return Variant::MakeNodePath(std::move(p));
      }
      case Type::kRID:
        return Variant::Rid(static_cast<uint64_t>(I64()));
      case Type::kObject: {
        Object o;
        o.kind = static_cast<Object::Kind>(Below(3));
        if (Below(4) == 0 || o.kind == Object::Kind::kId) {
          o.id = static_cast<uint64_t>(I64());
        }
        if (Below(4) == 0 || o.kind == Object::Kind::kFull) {
          o.class_name = Text();
          for (int n = static_cast<int>(Below(4)); n > 0; --n) {
            o.properties.emplace_back(
                Below(3) ? "p" + std::to_string(n) : Text(), Make(depth + 1));
          }
        }
        return Variant::MakeObject(std::move(o));
      }
      case Type::kCallable:
        return Variant::Callable();
      case Type::kSignal:
        return Variant::MakeSignal({Text(), static_cast<uint64_t>(I64())});
      case Type::kDictionary: {
        Dictionary d;
        if (Below(2)) {
          d.key_type = Ct();
          d.value_type = Ct();
        }
        const bool string_keys = Below(2) != 0;
        for (int n = static_cast<int>(Below(5)); n > 0; --n) {
          Variant k;
          if (!d.entries.empty() && Below(5) == 0) {
            k = d.entries[Below(d.entries.size())].first;  // duplicate
          } else {
            k = string_keys ? Variant::String(Text()) : Make(depth + 1);
          }
          d.entries.emplace_back(std::move(k), Make(depth + 1));
        }
        return Variant::MakeDictionary(std::move(d));
      }
      case Type::kArray: {
        Array a;
        if (Below(2)) a.element_type = Ct();
        for (int n = static_cast<int>(Below(5)); n > 0; --n) {
          a.items.push_back(Make(depth + 1));
        }
        return Variant::MakeArray(std::move(a));
      }
      case Type::kPackedByteArray:
        return Variant::PackedBytes(
            Many<uint8_t>(3, [this] { return static_cast<uint8_t>(rng_()); }));
      case Type::kPackedInt32Array:
        return Variant::PackedInt32(Many<int32_t>(1, i32));
      case Type::kPackedInt64Array:
        return Variant::PackedInt64(Many<int64_t>(1, [this] { return I64(); }));
      case Type::kPackedFloat32Array:
        return Variant::PackedFloat32(Many<float>(1, f32));
      case Type::kPackedFloat64Array:
        return Variant::PackedFloat64(Many<double>(1, f64));
      case Type::kPackedStringArray:
        return Variant::PackedStrings(Many<std::string>(1, text));
      case Type::kPackedColorArray:
        return Variant::PackedColors(Many<float>(4, f32));
      case Type::kPackedVector2Array:
      case Type::kPackedVector3Array:
      case Type::kPackedVector4Array:
        return Variant::PackedRealVectors(
            t, Many<double>(PackedComponents(t), f64));
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray:
        return Variant::PackedIntVectors(
            t, Many<int32_t>(PackedComponents(t), i32));
      default:
        return Variant();
    }
  }

  std::mt19937_64 rng_;
};

TEST(JsonTest, RandomWildValues) {
  WildVariant gen(20261122);
  for (int i = 0; i < 4000; ++i) {
    const Variant v = gen.Make(0);
    ExpectRoundTrip(v);
    if (::testing::Test::HasFailure()) break;
  }
}

TEST(JsonTest, RandomValuesOfEveryDialect) {
  for (Dialect d :
       {Dialect::kGodot4, Dialect::kGodot3, Dialect::kPandemonium}) {
    gdwire::testing::RandomVariant gen(7 + static_cast<int>(d));
    gdwire::testing::RandomOptions o;
    o.dialect = d;
    o.real_is_double = d == Dialect::kGodot4;
    for (int i = 0; i < 1000; ++i) {
      ExpectRoundTrip(gen.Make(o));
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(JsonTest, ReadsEquivalentSpellings) {
  const std::pair<const char*, Variant> cases[] = {
      {" \n\t{ \"Vector3\" : [ 1 , 2e0 , 3.0 ] }\r\n",
       Variant::Vector3(1, 2, 3)},
      {"\xef\xbb\xbf[]", ArrayOf({})},  // a UTF-8 BOM is skipped
      {"{\"Nil\":null}", Variant()},
      {"{\"bool\":false}", Variant::Bool(false)},
      {"{\"int\":5}", Variant::Int(5)},
      {"{\"int\":\"-5\"}", Variant::Int(-5)},
      {"{\"float\":1}", Variant::Float(1)},
      {"{\"float\":-0}", Variant::Float(-0.0)},
      {"{\"float\":\"nan:7FF8000000000000\"}",
       Variant::Float(D(0x7ff8000000000000))},
      {"-0.0", Variant::Float(-0.0)},
      {"-0", Variant::Int(0)},
      {"1E2", Variant::Float(100)},
      {"{\"String\":\"x\"}", Variant::String("x")},
      {"{\"String\":{\"base64\":\"eA==\"}}", Variant::String("x")},
      {"\"\\u00e9\\ud83d\\ude00\"",
       Variant::String("\xc3\xa9\xf0\x9f\x98\x80")},
      {"{\"Array\":[1]}", ArrayOf({Variant::Int(1)})},
      {"{\"type\":\"int\",\"Array\":[1]}",
       ArrayOf({Variant::Int(1)}, ContainerType::Builtin(Type::kInt))},
      {"{\"Array\":[],\"type\":{\"kind\":\"class\",\"builtin\":\"Object\","
       "\"name\":\"Node\"}}",
       ArrayOf({}, ContainerType::ClassName("Node"))},
      {"{\"Dictionary\":[[\"a\",1]]}",
       DictOf({{Variant::String("a"), Variant::Int(1)}})},
      {"{\"PackedByteArray\":[0,255]}", Variant::PackedBytes({0, 255})},
      {"{\"PackedInt64Array\":[\"1\",2]}", Variant::PackedInt64({1, 2})},
      {"{\"NodePath\":{}}", Path({}, {}, false)},
      {"{\"NodePath\":{\"absolute\":true,\"names\":[\"a\"]}}",
       Path({"a"}, {}, true)},
      {"{\"Object\":{}}", Variant::MakeObject({})},
      {"{\"Object\":{\"properties\":[[\"a\",1]],\"class\":\"C\"}}",
       ObjectOf(Object::Kind::kFull, 0, "C", {{"a", Variant::Int(1)}})},
      {"{\"Object\":{\"kind\":\"full\"}}",
       ObjectOf(Object::Kind::kFull, 0, "", {})},
      {"{\"RID\":\"5\"}", Variant::Rid(5)},
      {"{\"Signal\":{}}", Variant::MakeSignal({})},
  };
  for (const auto& c : cases) {
    absl::StatusOr<Variant> r = FromJson(c.first);
    ASSERT_TRUE(r.ok()) << c.first << "\n" << r.status();
    EXPECT_EQ(*r, c.second) << c.first;
  }
}

// FromJson(json) fails with a message containing `want`.
void ExpectError(absl::string_view json, absl::string_view want) {
  absl::StatusOr<Variant> r = FromJson(json);
  ASSERT_FALSE(r.ok()) << json;
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find(want), std::string::npos)
      << "input: " << json << "\nmessage: " << r.status().message()
      << "\nwanted: " << want;
}

TEST(JsonTest, ErrorsNameTheLineAndColumn) {
  ExpectError("", "line 1, column 1 (byte 0)");
  ExpectError("   ", "line 1, column 4 (byte 3)");
  ExpectError("[1,\n 2,,]", "line 2, column 4 (byte 7)");
  ExpectError("{\n  \"Vector3\": [1, 2]\n}",
              "line 2, column 14 (byte 15): \"Vector3\" takes 3 components, "
              "got 2");
  ExpectError("[\"\xc3\xa9\", {\"x\":1}]", "line 1, column 8 (byte 8)");
  ExpectError("[1,\n\n  {\"Vector2\": [1, true]}]",
              "line 3, column 19 (byte 23)");
  ExpectError("{\"a\":1,\n\"a\":2}", "line 2, column 1 (byte 8): duplicate");
  ExpectError("\xef\xbb\xbf[1,]", "line 1, column 5 (byte 6)");
}

TEST(JsonTest, MalformedJson) {
  const std::pair<absl::string_view, const char*> cases[] = {
      {"[1,2", "Missing a comma or ']'"},
      {"{\"a\" 1}", "Missing a colon"},
      {"[1,]", "Invalid value"},
      {"{\"Array\":[],}", "Missing a name"},
      {"[1] x", "root must not be followed by other values"},
      {"[1] []", "root must not be followed by other values"},
      {absl::string_view("[1]\0", 4), "NUL byte outside a string"},
      {absl::string_view("[1,\0]", 5), "byte 3"},
      {absl::string_view("\"a\0b\"", 5), "Missing a closing quotation mark"},
      {"\"tab\there\"", "Invalid escape"},
      {"'single'", "Invalid value"},
      {"nan", "Invalid value"},
      {"NaN", "Invalid value"},
      {"Infinity", "Invalid value"},
      {"-inf", "Invalid value"},
      {"+1", "Invalid value"},
      {".5", "Invalid value"},
      {"01", "root must not be followed"},
      {"1.", "Miss fraction part"},
      {"1e", "Miss exponent"},
      {"0x10", "root must not be followed"},
      {"// comment\n1", "Invalid value"},
      {"\"\xff\"", "Invalid encoding"},
      {"\"\xed\xa0\x80\"", "Invalid encoding"},  // raw surrogate bytes
      {"\"\xc0\x80\"", "Invalid encoding"},      // overlong
      {"\"\xf4\x90\x80\x80\"", "Invalid encoding"},
      {"\"\\ud800\"", "surrogate"},
      {"\"\\ud800\\u0041\"", "surrogate"},
      {"\"\\udc00\"", "unpaired surrogate"},
      {"{\"\\udfff\":1}", "unpaired surrogate"},
      {"\"\\u12\"", "Incorrect hex digit"},
      {"\"\\x41\"", "Invalid escape"},
  };
  for (const auto& c : cases) ExpectError(c.first, c.second);
}

TEST(JsonTest, HugeNumbers) {
  ExpectError("1e400", "too big");
  ExpectError("-1e309", "too big");
  ExpectError(std::string(400, '9'), "too big");
  ExpectError("1e-400", "out of the range of a 64-bit float");
  ExpectError("[1e-400]", "out of the range of a 64-bit float");
  ExpectError("9223372036854775808", "out of the int64 range");
  ExpectError("-9223372036854775809", "out of the int64 range");
  ExpectError("123456789012345678901234567890", "out of the int64 range");
  ExpectError("{\"int\":\"99999999999999999999\"}", "out of the int64 range");
  ExpectError("{\"RID\":18446744073709551616}", "out of the uint64 range");
  ExpectError("{\"PackedFloat32Array\":[1e39]}",
              "out of the range of a 32-bit float");
  ExpectError("{\"PackedFloat32Array\":[1e-50]}",
              "out of the range of a 32-bit float");
  ExpectError("{\"Vector2i\":[1,2147483648]}", "out of the int32 range");
  ExpectError("{\"PackedByteArray\":[256]}", "0..255");
  ExpectError("0." + std::string(100000, '1') + "e99999999999999999999",
              "too big");
  // Long but representable.
  absl::StatusOr<Variant> r =
      FromJson("0." + std::string(5000, '0') + "1e5000");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(*r, Variant::Float(0.1));
}

TEST(JsonTest, SchemaErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {"{}", "empty object"},
      {"{\"NoSuchType\":1}", "unknown type tag \"NoSuchType\""},
      {"{\"vector3\":[1,2,3]}", "unknown type tag"},
      {"{\"Vector3\":[1,2,3],\"int\":5}", "two type tags"},
      {"{\"Vector3\":[1,2,3],\"type\":\"int\"}", "unexpected key \"type\""},
      {"{\"Dictionary\":{},\"type\":\"int\"}", "unexpected key \"type\""},
      {"{\"Array\":[],\"key_type\":\"int\"}", "unexpected key"},
      {"{\"Array\":{}}", "\"Array\" takes an array"},
      {"{\"Array\":[],\"type\":\"Nope\"}", "expected a type name"},
      {"{\"Array\":[],\"type\":{\"class\":\"A\",\"script\":\"b\"}}",
       "exactly one of"},
      {"{\"Array\":[],\"type\":{\"kind\":\"other\"}}", "\"kind\" is"},
      {"{\"Array\":[],\"type\":null}", "container type"},
      {"{\"Vector3\":[1,2]}", "takes 3 components, got 2"},
      {"{\"Vector3\":[1,2,3,4]}", "takes 3 components, got 4"},
      {"{\"Vector3\":1}", "takes an array"},
      {"{\"Vector3\":[1,2,\"x\"]}", "expected a number or \"inf\""},
      {"{\"Vector3\":[1,2,null]}", "got null"},
      {"{\"Vector2i\":[1,2.5]}", "fraction or exponent"},
      {"{\"float\":\"0x12\"}", "expected a number or \"inf\""},
      {"{\"float\":\"1.5\"}", "expected a number or \"inf\""},
      {"{\"float\":\"nan:3ff0000000000000\"}", "expected a number"},
      {"{\"float\":\"nan:7ff0000000000000\"}", "expected a number"},
      {"{\"float\":\"nan:7ff800000000000\"}", "expected a number"},
      {"{\"PackedFloat32Array\":[\"nan:7ff8000000000000\"]}",
       "nan:<8 hex digits>"},
      {"{\"int\":1.5}", "fraction or exponent"},
      {"{\"int\":\"+5\"}", "malformed integer"},
      {"{\"int\":\" 5\"}", "malformed integer"},
      {"{\"int\":\"\"}", "malformed integer"},
      {"{\"int\":true}", "expected an integer, got a boolean"},
      {"{\"RID\":-1}", "non-negative"},
      {"{\"Nil\":0}", "takes null"},
      {"{\"Callable\":{}}", "takes null"},
      {"{\"bool\":1}", "true or false"},
      {"{\"String\":5}", "expected a string or {\"base64\""},
      {"{\"String\":{\"base64\":\"!!\"}}", "base64"},
      {"{\"String\":{\"base64\":\"eA\"}}", "base64"},  // no padding
      {"{\"String\":{\"hex\":\"78\"}}", "expected a string or"},
      {"{\"PackedByteArray\":\"AQI\"}", "base64"},
      {"{\"PackedByteArray\":{}}", "base64 string"},
      {"{\"PackedVector2Array\":[1.0,2.0,3.0]}", "multiple of 2"},
      {"{\"PackedColorArray\":[1,2,3]}", "multiple of 4"},
      {"{\"PoolVector3iArray\":[1]}", "multiple of 3"},
      {"{\"PackedStringArray\":[1]}", "expected a string"},
      {"{\"Dictionary\":[[1]]}", "[key, value]"},
      {"{\"Dictionary\":[1]}", "[key, value]"},
      {"{\"Dictionary\":\"x\"}", "takes an object or an array"},
      {"{\"Dictionary\":{\"k\":1,\"j\":2,\"k\":3}}", "duplicate key \"k\""},
      {"{\"Object\":5}", "null or an object"},
      {"{\"Object\":{\"id\":\"x\"}}", "non-negative integer"},
      {"{\"Object\":{\"name\":\"x\"}}", "unexpected key \"name\""},
      {"{\"Object\":{\"kind\":\"weird\"}}", "\"kind\" is"},
      {"{\"Object\":{\"properties\":[[\"a\"]]}}", "[name, value]"},
      {"{\"Object\":{\"properties\":5}}", "\"properties\" takes"},
      {"{\"Signal\":[]}", "\"Signal\" takes"},
      {"{\"Signal\":{\"object\":1}}", "unexpected key"},
      {"{\"NodePath\":5}", "string or an object"},
      {"{\"NodePath\":{\"names\":\"a\"}}", "takes an array"},
      {"{\"NodePath\":{\"absolute\":1}}", "true or false"},
      {"{\"NodePath\":{\"path\":\"a\"}}", "unexpected key"},
  };
  for (const auto& c : cases) ExpectError(c.first, c.second);
}

TEST(JsonTest, ErrorsQuoteLongKeysShortly) {
  const std::string key(1000, 'k');
  absl::StatusOr<Variant> r = FromJson("{\"" + key + "\":1}");
  ASSERT_FALSE(r.ok());
  EXPECT_LT(r.status().message().size(), 300u) << r.status();
}

TEST(JsonTest, CorruptedJsonNeverCrashes) {
  // Mutations of valid documents: each must parse or fail, never crash.
  WildVariant gen(99);
  std::mt19937_64 rng(5);
  const char kBytes[] = "[]{}\",:0123456789.eE-+ntfu\\\x00\xff\xc3";
  for (int i = 0; i < 1500; ++i) {
    std::string j = ToJson(gen.Make(0));
    for (int k = static_cast<int>(rng() % 4); k >= 0 && !j.empty(); --k) {
      const size_t pos = rng() % j.size();
      switch (rng() % 3) {
        case 0:
          j[pos] = kBytes[rng() % (sizeof(kBytes) - 1)];
          break;
        case 1:
          j.erase(pos, 1 + rng() % 3);
          break;
        default:
          j.insert(pos, 1, kBytes[rng() % (sizeof(kBytes) - 1)]);
          break;
      }
    }
    absl::StatusOr<Variant> r = FromJson(j);
    if (r.ok()) {
      // Whatever was read writes back to JSON that reads back the same.
      absl::StatusOr<Variant> again = FromJson(ToJson(*r));
      ASSERT_TRUE(again.ok()) << again.status();
      EXPECT_EQ(*again, *r) << j;
    } else {
      EXPECT_NE(r.status().message().find("JSON line "), std::string::npos)
          << r.status();
    }
  }
}

}  // namespace
}  // namespace text
}  // namespace gdwire
