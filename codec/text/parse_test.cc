// Copyright 2026 The gdwire Authors.
//
// FromText: every type in every dialect, the engines' spellings, errors
// with line:column, the depth limit, and random values text -> value ->
// text.

#include "codec/text/parse.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/reference/encoder.h"
#include "codec/text/text.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace text {
namespace {

constexpr Dialect kG3 = Dialect::kGodot3;
constexpr Dialect kG4 = Dialect::kGodot4;
constexpr Dialect kPd = Dialect::kPandemonium;

Variant Parse(absl::string_view s, Dialect d = kG4) {
  absl::StatusOr<Variant> v = FromText(s, d);
  EXPECT_TRUE(v.ok()) << s << ": " << v.status();
  return v.ok() ? *v : Variant();
}

// "line:col: detail" of a failed parse.
std::string ErrorOf(absl::string_view s, Dialect d = kG4) {
  absl::StatusOr<Variant> v = FromText(s, d);
  if (v.ok()) return "ok";
  Error e = ErrorFromStatus(v.status());
  return absl::StrCat(e.path, ": ", e.detail);
}

ErrorKind KindOf(absl::string_view s, Dialect d = kG4) {
  return ErrorFromStatus(FromText(s, d).status()).kind;
}

TEST(FromText, Scalars) {
  EXPECT_EQ(Parse("null"), Variant());
  EXPECT_EQ(Parse("nil"), Variant());
  EXPECT_EQ(Parse("true"), Variant::Bool(true));
  EXPECT_EQ(Parse("  false\n"), Variant::Bool(false));
  EXPECT_EQ(Parse("-1"), Variant::Int(-1));
  EXPECT_EQ(Parse("9223372036854775807"), Variant::Int(INT64_MAX));
  EXPECT_EQ(Parse("-9223372036854775808"), Variant::Int(INT64_MIN));
  EXPECT_EQ(Parse("0.5"), Variant::Float(0.5));
  EXPECT_EQ(Parse("1e+300"), Variant::Float(1e300));
  EXPECT_EQ(Parse("1E3"), Variant::Float(1000));
  EXPECT_EQ(Parse("2."), Variant::Float(2));
  EXPECT_EQ(Parse("-0.0"), Variant::Float(-0.0));
  EXPECT_EQ(Parse("1e999"), Variant::Float(INFINITY));
  EXPECT_EQ(Parse("inf"), Variant::Float(INFINITY));
  EXPECT_EQ(Parse("inf_neg"), Variant::Float(-INFINITY));
  EXPECT_EQ(Parse("-inf"), Variant::Float(-INFINITY));
  EXPECT_TRUE(std::isnan(Parse("nan").as_float()));
  EXPECT_EQ(Parse("\"a\\\"b\\\\c\""), Variant::String("a\"b\\c"));
  EXPECT_EQ(Parse("\"line1\nline2\""), Variant::String("line1\nline2"));
  EXPECT_EQ(Parse("\"\\t\\n\\r\\b\\f\\'\\?\""),
            Variant::String("\t\n\r\b\f'?"));
  EXPECT_EQ(Parse("\"h\\u00e9\\U01F600\""),
            Variant::String("h\xC3\xA9\xF0\x9F\x98\x80"));
  EXPECT_EQ(Parse("\"\\ud83d\\ude00\""), Variant::String("\xF0\x9F\x98\x80"));
  EXPECT_EQ(Parse("\"日本語\""), Variant::String("日本語"));
  EXPECT_EQ(Parse("&\"hp\""), Variant::StringName("hp"));
  EXPECT_EQ(Parse("@\"hp\"", kPd), Variant::StringName("hp"));
  EXPECT_EQ(Parse("; a comment\n42 ; another"), Variant::Int(42));
  EXPECT_EQ(Parse("\xEF\xBB\xBF"
                  "7"),
            Variant::Int(7));
}

TEST(FromText, Godot3Floats) {
  // var2str writes REAL specials with ".0" and components with "-nan".
  EXPECT_EQ(Parse("-inf.0", kG3), Variant::Float(-INFINITY));
  const double nn = Parse("-nan.0", kG3).as_float();
  EXPECT_TRUE(std::isnan(nn) && std::signbit(nn));
  EXPECT_EQ(Parse("1.67772e+07", kG3), Variant::Float(1.67772e+07));
  const Variant v = Parse("Vector3( inf, -inf, nan )", kG3);
  EXPECT_EQ(v.reals()[0], INFINITY);
  EXPECT_EQ(v.reals()[1], -INFINITY);
  EXPECT_TRUE(std::isnan(v.reals()[2]));
  EXPECT_EQ(Parse("PoolRealArray( 0, -nan, 1 )", kG3).packed_float32().size(),
            3u);
}

TEST(FromText, MathTypes) {
  EXPECT_EQ(Parse("Vector2(1, 2)"), Variant::Vector2(1, 2));
  // real_t components are f32 in a single-precision engine.
  EXPECT_EQ(Parse("Vector2(0.1, 0.2)").reals()[0], double(0.1f));
  ParseOptions dbl;
  dbl.real_is_double = true;
  EXPECT_EQ(FromText("Vector2(0.1, 0.2)", dbl)->reals()[0], 0.1);
  EXPECT_EQ(Parse("Vector2i(-2147483648, 2147483647)"),
            Variant::IntMath(Type::kVector2i, {INT32_MIN, INT32_MAX}));
  EXPECT_EQ(Parse("Rect2i(-1, -2, 3, 4)").ints()[3], 4);
  EXPECT_EQ(Parse("Transform3D(1, 4, 7, 2, 5, 8, 3, 6, 9, 10, 11, 12)")
                .reals()
                .size(),
            12u);
  EXPECT_EQ(
      Parse("Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 )", kG3).type(),
      Type::kTransform3D);
  EXPECT_EQ(Parse("Quat( 1, 2, 3, 4 )", kG3).type(), Type::kQuaternion);
  EXPECT_EQ(Parse("Quaternion(0, 0, 0, 1)").type(), Type::kQuaternion);
  EXPECT_EQ(Parse("Projection(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, "
                  "14, 15, 16)")
                .reals()[15],
            16);
  EXPECT_EQ(Parse("Color(2, -1, 0.1, 0.5)").reals()[2], double(0.1f));
  EXPECT_EQ(Parse("#ff000080"), Variant::Color(1, 0, 0, float(128 / 255.0)));
  EXPECT_EQ(Parse("#80ff0000", kG3),
            Variant::Color(1, 0, 0, float(128 / 255.0)));
  // Pandemonium writes integer components with "%g".
  EXPECT_EQ(Parse("Vector2i( 1, 2.14748e+09 )", kPd),
            Variant::IntMath(Type::kVector2i, {1, 2147480000}));
}

TEST(FromText, PandemoniumForms) {
  // Pandemonium's var2str: rtos_fix specials, Projection without inner
  // spaces, "{\n}" for an empty Dictionary, @"StringName".
  const Variant v = Parse("Vector2( inf_neg, nan )", kPd);
  EXPECT_EQ(v.reals()[0], -INFINITY);
  EXPECT_TRUE(std::isnan(v.reals()[1]));
  EXPECT_EQ(Parse("inf_neg", kPd), Variant::Float(-INFINITY));
  EXPECT_EQ(
      Parse("Projection(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)", kPd)
          .type(),
      Type::kProjection);
  EXPECT_EQ(Parse("{\n}", kPd), Variant::MakeDictionary());
  EXPECT_EQ(Parse("{\n@\"a\": Rect2i( 1, 2, 3, 4 )\n}", kPd)
                .dictionary()
                .entries[0]
                .first,
            Variant::StringName("a"));
  EXPECT_EQ(
      Parse("Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 )", kPd).type(),
      Type::kTransform3D);
}

TEST(FromText, MiscTypes) {
  NodePath np;
  np.absolute = true;
  np.names = {"root", "Main"};
  np.subnames = {"transform", "origin"};
  EXPECT_EQ(Parse("NodePath(\"/root/Main:transform:origin\")"),
            Variant::MakeNodePath(np));
  EXPECT_EQ(Parse("NodePath(\"\")"), Variant::MakeNodePath(NodePath()));
  EXPECT_EQ(Parse("NodePath(\":position:x\")").node_path().subnames.size(), 2u);
  EXPECT_EQ(Parse("RID()"), Variant::Rid(0));
  EXPECT_EQ(Parse("RID(-1)"), Variant::Rid(~uint64_t{0}));
  EXPECT_EQ(Parse("Callable()"), Variant::Callable());
  EXPECT_EQ(Parse("Signal()"), Variant::MakeSignal(Signal()));
  Object id;
  id.kind = Object::Kind::kId;
  id.id = 1425;
  EXPECT_EQ(Parse("Object(EncodedObjectAsID,\"object_id\":1425,"
                  "\"script\":null)\n",
                  kG3),
            Variant::MakeObject(id));
  const Variant full = Parse(
      "Object(Node,\"name\":\"A\",\"script\":Object(GDScript,"
      "\"script/source\":\"\")\n)\n");
  ASSERT_EQ(full.type(), Type::kObject);
  EXPECT_EQ(full.object().class_name, "Node");
  ASSERT_EQ(full.object().properties.size(), 2u);
  EXPECT_EQ(full.object().properties[1].second.object().class_name, "GDScript");
}

TEST(FromText, Containers) {
  Variant a = Parse("[1, \"a\", 2.5, null, true, Vector2i(1, 2),]");
  ASSERT_EQ(a.array().items.size(), 6u);
  EXPECT_EQ(Parse("[  ]", kG3), Variant::MakeArray());
  EXPECT_EQ(Parse("{\n\n}", kG3), Variant::MakeDictionary());
  Variant d = Parse("{\n\"b\": 1,\n\"a\": [2],\n\"b\": 3\n}");
  ASSERT_EQ(d.dictionary().entries.size(), 2u);
  EXPECT_EQ(d.dictionary().entries[0].first, Variant::String("b"));
  EXPECT_EQ(d.dictionary().entries[0].second, Variant::Int(3));  // overwritten
  // Godot 4: a String and a StringName of the same text are one key.
  EXPECT_EQ(Parse("{\"k\": 1, &\"k\": 2}").dictionary().entries.size(), 1u);

  Variant ta = Parse("Array[float]([0.5, 1])");
  EXPECT_EQ(ta.array().element_type, ContainerType::Builtin(Type::kFloat));
  EXPECT_EQ(ta.array().items[1], Variant::Float(1));  // int -> float
  EXPECT_EQ(Parse("Array[Node]([])").array().element_type,
            ContainerType::ClassName("Node"));
  EXPECT_EQ(Parse("Array[Resource(\"res://a.gd\")]([])").array().element_type,
            ContainerType::Script("res://a.gd"));
  Variant td = Parse("Dictionary[String, Variant]({\n\"x\": 1\n})");
  EXPECT_EQ(td.dictionary().key_type, ContainerType::Builtin(Type::kString));
  EXPECT_FALSE(td.dictionary().value_type.is_typed());
  EXPECT_EQ(Parse("Dictionary[Vector2i, Array]({\nVector2i(1, 1): [1]\n})")
                .dictionary()
                .entries.size(),
            1u);
  EXPECT_EQ(ErrorOf("Array[int]([1, \"x\"])"),
            "1:16: element of type String in a container typed int");
}

TEST(FromText, PackedArrays) {
  EXPECT_EQ(Parse("PackedByteArray()"), Variant::PackedBytes({}));
  EXPECT_EQ(Parse("PackedByteArray(1, 2, 255)"),
            Variant::PackedBytes({1, 2, 255}));
  EXPECT_EQ(Parse("PackedByteArray(\"AQID\")"),
            Variant::PackedBytes({1, 2, 3}));
  EXPECT_EQ(Parse("PoolByteArray( 1, 2 )", kG3), Variant::PackedBytes({1, 2}));
  EXPECT_EQ(Parse("PackedInt64Array(1, -9223372036854775808)"),
            Variant::PackedInt64({1, INT64_MIN}));
  EXPECT_EQ(Parse("PackedFloat64Array(0.1, inf)"),
            Variant::PackedFloat64({0.1, INFINITY}));
  EXPECT_EQ(Parse("PackedStringArray(\"\", \"a\\nb\")"),
            Variant::PackedStrings({"", "a\nb"}));
  EXPECT_EQ(Parse("PackedVector4Array(1, 2, 3, 4)").packed_size(), 1u);
  EXPECT_EQ(Parse("PoolVector4Array( 1, 2, 3, 4 )", kPd).packed_size(), 1u);
  EXPECT_EQ(Parse("PoolVector3iArray( 1, 2, 3 )", kPd),
            Variant::PackedIntVectors(Type::kPackedVector3iArray, {1, 2, 3}));
  EXPECT_EQ(Parse("PackedColorArray(1, 0, 0, 1)").packed_size(), 1u);
}

TEST(FromText, Escapes) {
  // The engines read "\a" as 'a'; writer_escapes reads it as BEL.
  EXPECT_EQ(Parse("&\"\\a\\v\""), Variant::StringName("av"));
  ParseOptions o;
  o.writer_escapes = true;
  EXPECT_EQ(*FromText("&\"\\a\\v\"", o), Variant::StringName("\a\v"));
  // Godot 3 keeps a lone surrogate (generalised UTF-8).
  EXPECT_EQ(Parse("\"\\ud800\"", kG3), Variant::String("\xED\xA0\x80"));
  EXPECT_EQ(Parse("\"\\U01F600\"", kG3), Variant::String("U01F600"));
}

TEST(FromText, DialectTypes) {
  EXPECT_EQ(KindOf("Vector2i(1, 2)", kG3), ErrorKind::kUnsupported);
  EXPECT_EQ(KindOf("&\"x\"", kG3), ErrorKind::kUnsupported);
  EXPECT_EQ(KindOf("Callable()", kPd), ErrorKind::kUnsupported);
  EXPECT_EQ(KindOf("PackedInt64Array()", kG3), ErrorKind::kUnsupported);
  EXPECT_EQ(KindOf("PoolVector2iArray()", kG4), ErrorKind::kUnsupported);
  EXPECT_EQ(KindOf("Array[int]([])", kG3), ErrorKind::kUnsupported);
  EXPECT_EQ(ErrorOf("Vector2i(1, 2)", kG3),
            "1:1: Vector2i does not exist in godot3");
}

TEST(FromText, ErrorsPointAtLineAndColumn) {
  EXPECT_EQ(ErrorOf("Vector2(1, 2"),
            "1:13: expected ',' or ')', got end of text");
  EXPECT_EQ(ErrorOf("Vector3(1, 2, 3]"), "1:16: expected ',' or ')', got ']'");
  EXPECT_EQ(ErrorOf("[1,\n 2\n 3]"), "3:2: expected ',' or ']', got a number");
  EXPECT_EQ(ErrorOf("{\n\"a\" 1\n}"),
            "2:5: expected ':' after the key, got a number");
  EXPECT_EQ(ErrorOf("\"日本\" x"), "1:6: unexpected 'x' after the value");
  EXPECT_EQ(ErrorOf("Vector2(1)"), "1:1: Vector2 needs 2 arguments, got 1");
  EXPECT_EQ(ErrorOf("Foo(1)"), "1:1: unexpected identifier 'Foo'");
  EXPECT_EQ(ErrorOf("[1, \"abc"), "1:5: unterminated string");
  EXPECT_EQ(ErrorOf("PackedByteArray(1, 256)"),
            "1:20: 256 is out of range for PackedByteArray");
  EXPECT_EQ(ErrorOf("Vector2i(1.5, 2)"),
            "1:10: expected an integer for Vector2i");
  EXPECT_EQ(ErrorOf("PackedVector2Array(1, 2, 3)"),
            "1:1: PackedVector2Array needs a multiple of 2 numbers, got 3");
  EXPECT_EQ(ErrorOf("99999999999999999999"),
            "1:1: integer 99999999999999999999 out of the 64-bit range");
  EXPECT_EQ(ErrorOf("NodePath(\"a::b\")"),
            "1:10: invalid NodePath: empty subname");
  EXPECT_EQ(ErrorOf("\"\\ud800x\""),
            "1:1: unpaired UTF-16 lead surrogate in string");
  EXPECT_EQ(ErrorOf("\"\\u00zz\""), "1:2: malformed hex constant in string");
  EXPECT_EQ(ErrorOf("#12345"), "1:1: invalid color code '#12345'");
  EXPECT_EQ(ErrorOf("1e"), "1:1: malformed number: exponent without digits");
  EXPECT_EQ(ErrorOf("$"), "1:1: unexpected character '$'");
  EXPECT_EQ(ErrorOf(""), "1:1: expected a value, got end of text");
  EXPECT_EQ(ErrorOf("Object(Node, 1)"),
            "1:14: expected a property name string or ')', got a number");
  EXPECT_EQ(KindOf("[1, 2"), ErrorKind::kTruncated);
  EXPECT_EQ(KindOf("\"\xFF\""), ErrorKind::kInvalidUtf8);
  EXPECT_EQ(KindOf("\"\\u0000\""), ErrorKind::kInvalidArgument);
  // The status message is the Error form: "line:col: detail at byte N"
  // (the example of parse.h).
  const Error e = ErrorFromStatus(FromText("[1,\n Vector2(1, 2", kG4).status());
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.offset, 17u);
  EXPECT_EQ(e.path, "2:14");
  EXPECT_EQ(e.ToString(),
            "2:14: expected ',' or ')', got end of text at byte 17");
  EXPECT_EQ(FromText("Vector2(1, 2", kG4).status().message(),
            "1:13: expected ',' or ')', got end of text at byte 12");
}

TEST(FromText, DepthLimit) {
  auto nested = [](int n) { return std::string(n, '[') + std::string(n, ']'); };
  // max_depth 1024: 1025 levels including the top value, as the decoder.
  EXPECT_TRUE(FromText(nested(1025), kG4).ok());
  EXPECT_EQ(KindOf(nested(1026)), ErrorKind::kTooDeep);
  EXPECT_EQ(ErrorOf(std::string(1025, '[') + "1"),
            "1:1026: nesting deeper than 1024");
  // Far deeper input fails cleanly (no recursion in the parser).
  EXPECT_EQ(KindOf(std::string(200000, '[')), ErrorKind::kTooDeep);
  std::string dicts;
  for (int i = 0; i < 100000; ++i) dicts += "{\"k\": ";
  EXPECT_EQ(KindOf(dicts), ErrorKind::kTooDeep);
  ParseOptions o;
  o.max_depth = 100000;
  std::string deep(50000, '[');
  EXPECT_EQ(ErrorFromStatus(FromText(deep, o).status()).kind,
            ErrorKind::kTruncated);
}

TEST(FromText, ManyValues) {
  auto v = FromTextAll("1\n[ 2 ]\n{\n}\n\"x\"\n", ParseOptions());
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->size(), 4u);
  EXPECT_TRUE(FromTextAll("  ", ParseOptions())->empty());
  EXPECT_FALSE(FromText("1 2", kG4).ok());
}

// Values whose text the writers cannot make unambiguous: Godot 3 writes an
// RID as nothing, NodePath texts with empty names lose them.
bool TextCarriesValue(const Variant& v, Dialect d) {
  switch (v.type()) {
    case Type::kRID:
      return d == kG4;
    case Type::kNodePath: {
      for (const auto& n : v.node_path().names) {
        if (n.empty() || n.find_first_of("/:") != std::string::npos) {
          return false;
        }
      }
      for (const auto& n : v.node_path().subnames) {
        if (n.empty() || n.find(':') != std::string::npos) return false;
      }
      return true;
    }
    case Type::kTypedArray:  // Pandemonium 5
    case Type::kPackedTypedArray:
    case Type::kArray:
      for (const auto& x : v.array().items) {
        if (!TextCarriesValue(x, d)) return false;
      }
      return true;
    case Type::kDictionary:
      for (const auto& kv : v.dictionary().entries) {
        if (!TextCarriesValue(kv.first, d) || !TextCarriesValue(kv.second, d)) {
          return false;
        }
      }
      return true;
    case Type::kObject:
      for (const auto& p : v.object().properties) {
        if (!TextCarriesValue(p.second, d)) return false;
      }
      return true;
    default:
      return true;
  }
}

class RandomTextTest : public ::testing::TestWithParam<Dialect> {};

TEST_P(RandomTextTest, TextValueTextIsAFixedPoint) {
  const Dialect d = GetParam();
  testing::RandomVariant rng(0x7e57 + static_cast<int>(d));
  testing::RandomOptions ro;
  ro.dialect = d;
  ParseOptions po;
  po.dialect = d;
  po.writer_escapes = true;
  int checked = 0;
  for (int i = 0; i < 600; ++i) {
    const Variant v = rng.Make(ro);
    if (!TextCarriesValue(v, d)) continue;
    const std::string t1 = ToText(v, d);
    absl::StatusOr<Variant> back = FromText(t1, po);
    ASSERT_TRUE(back.ok()) << back.status() << "\n" << t1;
    ASSERT_EQ(ToText(*back, d), t1) << "#" << i;
    // What the text gives is a value the encoder takes.
    EncodeOptions eo;
    eo.dialect = d;
    eo.full_objects = true;
    EXPECT_TRUE(reference::Encode(*back, eo).ok()) << t1;
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

// Every prefix and many one-byte corruptions of real texts either parse or
// fail with a "line:col" error; nothing crashes.
TEST_P(RandomTextTest, DamagedTextFailsCleanly) {
  const Dialect d = GetParam();
  testing::RandomVariant rng(0xbad + static_cast<int>(d));
  testing::RandomOptions ro;
  ro.dialect = d;
  ro.max_packed = 6;
  const char kBytes[] = "[]{}(),:;\"\\&@#-.e0123456789 \nxyzVector2i";
  for (int i = 0; i < 60; ++i) {
    const std::string t = ToText(rng.Make(ro), d);
    for (size_t n = 0; n <= t.size(); ++n) {
      for (int k = 0; k < 3; ++k) {
        std::string s = t.substr(0, n);
        if (k > 0 && n < t.size()) {
          s = t;
          s[n] = kBytes[rng.rng()() % (sizeof(kBytes) - 1)];
        }
        absl::StatusOr<Variant> v = FromText(s, d);
        if (v.ok()) continue;
        const Error e = ErrorFromStatus(v.status());
        ASSERT_NE(e.kind, ErrorKind::kOk);
        ASSERT_NE(e.path.find(':'), std::string::npos) << v.status();
        ASSERT_LE(e.offset, s.size()) << v.status();
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dialects, RandomTextTest,
                         ::testing::Values(kG4, kG3, kPd,
                                           Dialect::kPandemonium4),
                         [](const ::testing::TestParamInfo<Dialect>& info) {
                           return std::string(DialectName(info.param));
                         });

}  // namespace
}  // namespace text
}  // namespace gdwire
