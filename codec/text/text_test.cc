// Copyright 2026 The gdwire Authors.
//
// ToText against text the real engines printed (tests/data/text/*.json:
// Godot 4.6.3 var_to_str and Godot 3.2.3 var2str of values built from the
// same specs), plus rules taken from source where no engine runs
// (Pandemonium, double-precision builds).

#include "codec/text/text.h"

#include <algorithm>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "codec/text/internal/godot_sort.h"
#include "codec/text/internal/key_order.h"
#include "codec/text/internal/number.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "simdjson.h"

namespace gdwire {
namespace text {
namespace {

// A read-only JSON value (simdjson's DOM) with the few accessors the
// vectors need. Missing members and wrong types read as null / 0 / "".
class Json {
 public:
  Json() = default;
  explicit Json(simdjson::dom::element e) : e_(e), valid_(true) {}
  bool IsObject() const { return valid_ && e_.is_object(); }
  bool IsArray() const { return valid_ && e_.is_array(); }
  bool IsString() const { return valid_ && e_.is_string(); }
  bool IsNumber() const { return valid_ && e_.is_number(); }
  std::string String() const {
    std::string_view v;
    return IsString() && !e_.get_string().get(v) ? std::string(v)
                                                 : std::string();
  }
  double GetDouble() const {
    double d = 0;
    if (IsNumber() && e_.get_double().get(d)) d = 0;
    return d;
  }
  int64_t GetInt64() const {
    int64_t i = 0;
    if (valid_ && e_.get_int64().get(i)) i = 0;
    return i;
  }
  int GetInt() const { return static_cast<int>(GetInt64()); }
  unsigned GetUint() const { return static_cast<unsigned>(GetInt64()); }
  bool GetBool() const {
    bool b = false;
    if (valid_ && e_.get_bool().get(b)) b = false;
    return b;
  }
  std::vector<Json> GetArray() const {
    std::vector<Json> out;
    simdjson::dom::array a;
    if (IsArray() && !e_.get_array().get(a)) {
      for (simdjson::dom::element x : a) out.emplace_back(x);
    }
    return out;
  }
  size_t Size() const { return GetArray().size(); }
  Json operator[](size_t i) const {
    simdjson::dom::array a;
    simdjson::dom::element x;
    if (IsArray() && !e_.get_array().get(a) && !a.at(i).get(x)) {
      return Json(x);
    }
    return Json();
  }
  Json Member(const char* name) const {
    simdjson::dom::object o;
    simdjson::dom::element x;
    if (IsObject() && !e_.get_object().get(o) && !o[name].get(x)) {
      return Json(x);
    }
    return Json();
  }

 private:
  simdjson::dom::element e_;
  bool valid_ = false;
};

// ---------------------------------------------------------------------------
// Test data

std::string ReadVectors(const std::string& name) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const std::string path =
      (srcdir == nullptr ? std::string() : std::string(srcdir) + "/gdwire/") +
      "tests/data/text/" + name;
  std::ifstream f(path, std::ios::binary);
  EXPECT_TRUE(f.good()) << "cannot read " << path;
  return std::string((std::istreambuf_iterator<char>(f)),
                     std::istreambuf_iterator<char>());
}

// Parses a vectors file; on failure the document is a JSON null. The
// parsers live as long as the test (the values point into them).
Json LoadVectors(const std::string& name) {
  static auto* parsers = new std::deque<simdjson::dom::parser>();
  const std::string text = ReadVectors(name);
  simdjson::dom::element root;
  const auto error = parsers->emplace_back().parse(text).get(root);
  EXPECT_FALSE(error) << name << ": " << simdjson::error_message(error);
  return error ? Json() : Json(root);
}

Json Member(const Json& v, const char* name) { return v.Member(name); }

std::string Str(const Json& v) { return v.String(); }

uint64_t Hex64(const std::string& s) {
  uint64_t bits = 0;
  EXPECT_TRUE(absl::SimpleHexAtoi(s, &bits)) << s;
  return bits;
}

double DoubleFromBits(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof(d));
  return d;
}

// A number in a spec: a JSON number, or the hex of a double's bits, or
// "inf", "-inf", "nan", "-0".
double Num(const Json& v) {
  if (v.IsNumber()) return v.GetDouble();
  const std::string s = Str(v);
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf") return -std::numeric_limits<double>::infinity();
  if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (s == "-0") return -0.0;
  return DoubleFromBits(Hex64(s));
}

std::vector<double> Nums(const Json& arr, size_t from) {
  std::vector<double> out;
  for (size_t i = from; i < arr.Size(); ++i) {
    out.push_back(Num(arr[i]));
  }
  return out;
}

// What GDScript's NodePath(String) keeps: "/" absolute, names split at '/',
// subnames after the first ':' split at ':'.
NodePath ParseNodePath(std::string s) {
  NodePath np;
  if (!s.empty() && s[0] == '/') {
    np.absolute = true;
    s.erase(0, 1);
  }
  const size_t colon = s.find(':');
  const std::string path = s.substr(0, colon);
  if (!path.empty()) np.names = absl::StrSplit(path, '/');
  if (colon != std::string::npos) {
    np.subnames = absl::StrSplit(s.substr(colon + 1), ':');
  }
  return np;
}

ContainerType ParseContainerType(const Json& t) {
  const std::string kind = Str(t[0]);
  if (kind == "builtin") {
    return ContainerType::Builtin(static_cast<Type>(t[1].GetInt()));
  }
  if (kind == "class") return ContainerType::ClassName(Str(t[1]));
  return ContainerType();
}

Variant NestArrays(int n) {
  Variant a = Variant::MakeArray();
  for (int i = 0; i < n; ++i) {
    Variant outer = Variant::MakeArray();
    outer.mutable_array().items.push_back(std::move(a));
    a = std::move(outer);
  }
  return a;
}

Variant NestDicts(int n) {
  Variant d = Variant::MakeDictionary();
  for (int i = 0; i < n; ++i) {
    Variant outer = Variant::MakeDictionary();
    outer.mutable_dictionary().Set(Variant::String("k"), std::move(d));
    d = std::move(outer);
  }
  return d;
}

// [{"x": [{"x": [... n levels ...]}]}]
Variant NestMixed(int n) {
  Variant inner = Variant::MakeArray();
  for (int i = 0; i < n; ++i) {
    Variant d = Variant::MakeDictionary();
    d.mutable_dictionary().Set(Variant::String("x"), std::move(inner));
    inner = Variant::MakeArray();
    inner.mutable_array().items.push_back(std::move(d));
  }
  return inner;
}

// Builds the value a spec of tests/data/text/*_misc.json and *_dict_order.json
// describes, as the engine holds it after building it in GDScript.
Variant Build(const Json& s, Dialect d) {
  const std::string k = Str(s[0]);
  const auto items = [&](const Json& arr) {
    Array a;
    for (const Json& e : arr.GetArray()) a.items.push_back(Build(e, d));
    return a;
  };
  const auto entries = [&](const Json& arr, Dictionary* dict) {
    for (const Json& kv : arr.GetArray()) {
      dict->Set(Build(kv[0], d), Build(kv[1], d));
    }
  };
  if (k == "nil") return Variant();
  if (k == "bool") return Variant::Bool(s[1].GetBool());
  if (k == "int") return Variant::Int(s[1].GetInt64());
  if (k == "float") return Variant::Float(DoubleFromBits(Hex64(Str(s[1]))));
  if (k == "str") return Variant::String(Str(s[1]));
  if (k == "sname") return Variant::StringName(Str(s[1]));
  if (k == "np") return Variant::MakeNodePath(ParseNodePath(Str(s[1])));
  static const std::pair<const char*, Type> kMath[] = {
      {"v2", Type::kVector2},      {"v3", Type::kVector3},
      {"v4", Type::kVector4},      {"rect2", Type::kRect2},
      {"plane", Type::kPlane},     {"quat", Type::kQuaternion},
      {"aabb", Type::kAABB},       {"color", Type::kColor},
      {"t2d", Type::kTransform2D}, {"basis", Type::kBasis},
      {"t3d", Type::kTransform3D}, {"proj", Type::kProjection},
  };
  for (const auto& [name, type] : kMath) {
    if (k == name) return Variant::Math(type, Nums(s, 1));
  }
  static const std::pair<const char*, Type> kIntMath[] = {
      {"v2i", Type::kVector2i},
      {"v3i", Type::kVector3i},
      {"v4i", Type::kVector4i},
      {"rect2i", Type::kRect2i},
  };
  for (const auto& [name, type] : kIntMath) {
    if (k == name) {
      std::vector<int32_t> c;
      for (size_t i = 1; i < s.Size(); ++i) {
        c.push_back(s[i].GetInt());
      }
      return Variant::IntMath(type, c);
    }
  }
  if (k == "arr") return Variant::MakeArray(items(s[1]));
  if (k == "tarr") {
    Array a = items(s[2]);
    a.element_type = ParseContainerType(s[1]);
    return Variant::MakeArray(std::move(a));
  }
  if (k == "dict") {
    Dictionary dict;
    entries(s[1], &dict);
    return Variant::MakeDictionary(std::move(dict));
  }
  if (k == "tdict") {
    Dictionary dict;
    dict.key_type = ParseContainerType(s[1]);
    dict.value_type = ParseContainerType(s[2]);
    entries(s[3], &dict);
    return Variant::MakeDictionary(std::move(dict));
  }
  if (k == "pba") {
    std::vector<uint8_t> v;
    for (const Json& e : s[1].GetArray()) v.push_back(e.GetUint());
    return Variant::PackedBytes(v);
  }
  if (k == "pi32" || k == "pia") {
    std::vector<int32_t> v;
    for (const Json& e : s[1].GetArray()) v.push_back(e.GetInt());
    return Variant::PackedInt32(v);
  }
  if (k == "pi64") {
    std::vector<int64_t> v;
    for (const Json& e : s[1].GetArray()) v.push_back(e.GetInt64());
    return Variant::PackedInt64(v);
  }
  if (k == "pf32" || k == "pcol") {
    std::vector<float> v;
    for (double x : Nums(s[1], 0)) v.push_back(NarrowF64ToF32(x));
    return k == "pf32" ? Variant::PackedFloat32(v) : Variant::PackedColors(v);
  }
  if (k == "pf64") return Variant::PackedFloat64(Nums(s[1], 0));
  if (k == "pstr") {
    std::vector<std::string> v;
    for (const Json& e : s[1].GetArray()) v.push_back(Str(e));
    return Variant::PackedStrings(v);
  }
  if (k == "pv2" || k == "pv3" || k == "pv4") {
    const Type t = k == "pv2"   ? Type::kPackedVector2Array
                   : k == "pv3" ? Type::kPackedVector3Array
                                : Type::kPackedVector4Array;
    return Variant::PackedRealVectors(t, Nums(s[1], 0));
  }
  if (k == "objid") {
    Object o;
    o.id = Hex64(Str(s[1]));
    o.kind = o.id == 0 ? Object::Kind::kNull : Object::Kind::kId;
    return Variant::MakeObject(std::move(o));
  }
  if (k == "obj") {
    Object o;
    o.kind = Object::Kind::kFull;
    o.class_name = Str(s[1]);
    o.properties.emplace_back("script", Variant());
    return Variant::MakeObject(std::move(o));
  }
  if (k == "rid") {
    return Variant::Rid(s.Size() > 1 ? Hex64(Str(s[1])) : 0);
  }
  if (k == "callable") return Variant::Callable();
  if (k == "signal") return Variant::MakeSignal(Signal());
  if (k == "deeparr") return NestArrays(s[1].GetInt());
  if (k == "deepdict") return NestDicts(s[1].GetInt());
  if (k == "deepmixed") return NestMixed(s[1].GetInt());
  if (k == "tarrdeep") {
    Array a;
    a.element_type = ContainerType::Builtin(Type::kArray);
    a.items.push_back(NestArrays(s[1].GetInt()));
    return Variant::MakeArray(std::move(a));
  }
  ADD_FAILURE() << "unknown spec kind " << k;
  return Variant();
}

std::string G4(const Variant& v) { return ToText(v, Dialect::kGodot4); }
std::string G3(const Variant& v) { return ToText(v, Dialect::kGodot3); }
std::string Pd(const Variant& v) { return ToText(v, Dialect::kPandemonium); }

Variant Dict(std::vector<std::pair<Variant, Variant>> kvs) {
  Variant d = Variant::MakeDictionary();
  for (auto& kv : kvs) {
    d.mutable_dictionary().Set(std::move(kv.first), std::move(kv.second));
  }
  return d;
}

Variant Arr(std::vector<Variant> items) {
  Variant a = Variant::MakeArray();
  a.mutable_array().items = std::move(items);
  return a;
}

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// ---------------------------------------------------------------------------
// Engine vectors

TEST(EngineFloats, Godot4) {
  const Json doc = LoadVectors("godot4_floats.json");
  const Json cases = Member(doc, "cases");
  ASSERT_TRUE(cases.IsArray());
  EXPECT_GT(cases.Size(), 1000u);
  int failures = 0;
  for (const Json& c : cases.GetArray()) {
    const std::string bits = Str(Member(c, "f64"));
    const double d = DoubleFromBits(Hex64(bits));
    const std::string got[] = {
        G4(Variant::Float(d)),
        G4(Variant::PackedFloat32({NarrowF64ToF32(d)})),
        G4(Variant::PackedFloat64({d})),
        G4(Variant::Vector2(d, 0)),
    };
    const std::string want[] = {
        Str(Member(c, "float")),
        Str(Member(c, "packed_float32")),
        Str(Member(c, "packed_float64")),
        Str(Member(c, "vector2")),
    };
    for (int i = 0; i < 4; ++i) {
      if (got[i] != want[i] && ++failures <= 20) {
        ADD_FAILURE() << bits << ": got " << got[i] << ", engine " << want[i];
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(EngineFloats, Godot3) {
  const Json doc = LoadVectors("godot3_floats.json");
  const Json cases = Member(doc, "cases");
  ASSERT_TRUE(cases.IsArray());
  EXPECT_GT(cases.Size(), 500u);
  int failures = 0;
  for (const Json& c : cases.GetArray()) {
    const std::string bits = Str(Member(c, "f64"));
    const double d = DoubleFromBits(Hex64(bits));
    const std::string got[] = {
        G3(Variant::Float(d)),
        G3(Variant::PackedFloat32({NarrowF64ToF32(d)})),
        G3(Variant::Vector2(d, 0)),
    };
    const std::string want[] = {
        Str(Member(c, "float")),
        Str(Member(c, "pool_real_array")),
        Str(Member(c, "vector2")),
    };
    for (int i = 0; i < 3; ++i) {
      if (got[i] != want[i] && ++failures <= 20) {
        ADD_FAILURE() << bits << ": got " << got[i] << ", engine " << want[i];
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

void CheckDictOrder(const char* file, Dialect dialect) {
  const Json doc = LoadVectors(file);
  const Json pool_spec = Member(doc, "pool");
  const Json dicts = Member(doc, "dicts");
  ASSERT_TRUE(pool_spec.IsArray());
  ASSERT_TRUE(dicts.IsArray());
  EXPECT_GT(dicts.Size(), 100u);
  std::vector<Variant> pool;
  for (const Json& s : pool_spec.GetArray()) pool.push_back(Build(s, dialect));
  int n = 0;
  for (const Json& c : dicts.GetArray()) {
    Variant d = Variant::MakeDictionary();
    for (const Json& i : Member(c, "keys").GetArray()) {
      d.mutable_dictionary().Set(pool[i.GetUint()], Variant::Int(i.GetInt()));
    }
    EXPECT_EQ(ToText(d, dialect), Str(Member(c, "text"))) << "dict #" << n;
    ++n;
  }
}

TEST(EngineDictOrder, Godot4) {
  CheckDictOrder("godot4_dict_order.json", Dialect::kGodot4);
}

TEST(EngineDictOrder, Godot3) {
  CheckDictOrder("godot3_dict_order.json", Dialect::kGodot3);
}

void CheckMisc(const char* file, Dialect dialect) {
  const Json doc = LoadVectors(file);
  const Json cases = Member(doc, "cases");
  ASSERT_TRUE(cases.IsArray());
  EXPECT_GT(cases.Size(), 40u);
  for (const Json& c : cases.GetArray()) {
    const Variant v = Build(Member(c, "value"), dialect);
    EXPECT_EQ(ToText(v, dialect), Str(Member(c, "text")))
        << Str(Member(c, "name"));
  }
}

TEST(EngineMisc, Godot4) { CheckMisc("godot4_misc.json", Dialect::kGodot4); }

TEST(EngineMisc, Godot3) { CheckMisc("godot3_misc.json", Dialect::kGodot3); }

// ---------------------------------------------------------------------------
// godot4 rules, by example

TEST(Godot4, Scalars) {
  EXPECT_EQ(G4(Variant()), "null");
  EXPECT_EQ(G4(Variant::Bool(true)), "true");
  EXPECT_EQ(G4(Variant::Int(std::numeric_limits<int64_t>::min())),
            "-9223372036854775808");
  EXPECT_EQ(G4(Variant::Float(0.1)), "0.1");
  EXPECT_EQ(G4(Variant::Float(-0.0)), "0.0");
  EXPECT_EQ(G4(Variant::Float(3)), "3.0");
  EXPECT_EQ(G4(Variant::Float(1e300)), "1e+300");
  EXPECT_EQ(G4(Variant::Float(1e15)), "1e+15");
  EXPECT_EQ(G4(Variant::Float(123456789012345.0)), "123456789012345.0");
  EXPECT_EQ(G4(Variant::Float(5e-5)), "5e-05");
  EXPECT_EQ(G4(Variant::Float(0.0001)), "0.0001");
  EXPECT_EQ(G4(Variant::Float(kInf)), "inf");
  EXPECT_EQ(G4(Variant::Float(-kInf)), "inf_neg");
  EXPECT_EQ(G4(Variant::Float(-kNan)), "nan");
  // An f32 value prints its f32 digits; a double its own.
  EXPECT_EQ(G4(Variant::Float(static_cast<double>(0.1f))), "0.1");
  EXPECT_EQ(G4(Variant::Float(DoubleFromBits(0x47efffffe0000001))),
            "3.402823466385289e+38");
  EXPECT_EQ(G4(Variant::Float(DoubleFromBits(0x47efffffe0000000))),
            "3.4028235e+38");
}

TEST(Godot4, Strings) {
  EXPECT_EQ(G4(Variant::String("a\"b\\c\n\t?'")), "\"a\\\"b\\\\c\n\t?'\"");
  EXPECT_EQ(G4(Variant::StringName("a\"b\\c\n\t\a?'")),
            "&\"a\\\"b\\\\c\\n\\t\\a?\\'\"");
  EXPECT_EQ(G4(Variant::PackedStrings({"\r\v\f\b", ""})),
            "PackedStringArray(\"\\r\\v\\f\\b\", \"\")");
  // Godot 3's generalised UTF-8 passes through untouched.
  EXPECT_EQ(G4(Variant::String("\xED\xA0\x80\xF4\x90\x80\x80")),
            "\"\xED\xA0\x80\xF4\x90\x80\x80\"");
}

TEST(Godot4, NodePath) {
  NodePath np;
  np.absolute = true;
  np.names = {"root", "a\"b"};
  np.subnames = {"x", "y?"};
  EXPECT_EQ(G4(Variant::MakeNodePath(np)), "NodePath(\"/root/a\\\"b:x:y?\")");
  EXPECT_EQ(G4(Variant::MakeNodePath(NodePath())), "NodePath(\"\")");
}

TEST(Godot4, MathAndRealIsDouble) {
  const double third = 1.0 / 3;
  EXPECT_EQ(G4(Variant::Vector2(0.1, third)), "Vector2(0.1, 0.33333334)");
  EXPECT_EQ(G4(Variant::Color(third, 0, -0.0, 1)),
            "Color(0.33333334, 0, 0, 1)");
  TextOptions o;
  o.dialect = Dialect::kGodot4;
  o.real_is_double = true;
  EXPECT_EQ(ToText(Variant::Vector2(0.1, third), o),
            "Vector2(0.1, 0.3333333333333333)");
  // Color and PackedFloat32/ColorArray are float in every build.
  EXPECT_EQ(ToText(Variant::Color(third, 0, 0, 1), o),
            "Color(0.33333334, 0, 0, 1)");
  EXPECT_EQ(ToText(Variant::PackedRealVectors(Type::kPackedVector2Array,
                                              {third, 1e300}),
                   o),
            "PackedVector2Array(0.3333333333333333, 1e+300)");
  EXPECT_EQ(
      G4(Variant::PackedRealVectors(Type::kPackedVector2Array, {third, 1e300})),
      "PackedVector2Array(0.33333334, inf)");
  // FLOAT is a double in every build.
  EXPECT_EQ(ToText(Variant::Float(third), o), "0.3333333333333333");
  EXPECT_EQ(G4(Variant::IntMath(Type::kRect2i, {1, -2, 3, 4})),
            "Rect2i(1, -2, 3, 4)");
}

TEST(Godot4, Misc) {
  EXPECT_EQ(G4(Variant::Rid(0)), "RID()");
  EXPECT_EQ(G4(Variant::Rid(42)), "RID(42)");
  EXPECT_EQ(G4(Variant::Rid(~uint64_t{0})), "RID(-1)");
  EXPECT_EQ(G4(Variant::Callable()), "Callable()");
  EXPECT_EQ(G4(Variant::MakeSignal(Signal{"s", 5})), "Signal()");
  EXPECT_EQ(G4(Variant::PackedBytes({})), "PackedByteArray()");
  EXPECT_EQ(G4(Variant::PackedBytes({1, 255})), "PackedByteArray(1, 255)");
}

TEST(Godot4, Objects) {
  Object null_obj;
  EXPECT_EQ(G4(Variant::MakeObject(null_obj)), "null");
  Object id;
  id.kind = Object::Kind::kId;
  id.id = 0x8000000000000054;
  EXPECT_EQ(G4(Variant::MakeObject(id)),
            "Object(EncodedObjectAsID,\"object_id\":-9223372036854775724,"
            "\"script\":null)\n");
  Object full;
  full.kind = Object::Kind::kFull;
  full.class_name = "Resource";
  full.properties.emplace_back("resource_name", Variant::String("n"));
  full.properties.emplace_back("a\"b", Arr({Variant::Int(1)}));
  // Property names are written as they are (no escaping).
  EXPECT_EQ(G4(Variant::MakeObject(full)),
            "Object(Resource,\"resource_name\":\"n\",\"a\"b\":[1])\n");
  Object empty;
  empty.kind = Object::Kind::kFull;
  empty.class_name = "Foo";
  EXPECT_EQ(G4(Variant::MakeObject(empty)), "Object(Foo,)\n");
}

TEST(Godot4, Containers) {
  EXPECT_EQ(G4(Variant::MakeArray()), "[]");
  EXPECT_EQ(G4(Variant::MakeDictionary()), "{}");
  EXPECT_EQ(G4(Dict({{Variant::String("b"), Variant::Int(1)},
                     {Variant::String("a"), Variant::Float(2)}})),
            "{\n\"a\": 2.0,\n\"b\": 1\n}");
  Array typed;
  typed.element_type = ContainerType::Script("res://x\".gd");
  EXPECT_EQ(G4(Variant::MakeArray(typed)),
            "Array[Resource(\"res://x\\\".gd\")]([])");
  Array nil_typed;
  nil_typed.element_type = ContainerType::Builtin(Type::kNil);
  nil_typed.items.push_back(Variant::Int(1));
  EXPECT_EQ(G4(Variant::MakeArray(nil_typed)), "[1]");
  Dictionary td;
  td.key_type = ContainerType::ClassName("Node");
  td.value_type = ContainerType::Builtin(Type::kNil);
  EXPECT_EQ(G4(Variant::MakeDictionary(td)), "Dictionary[Node, Variant]({})");
}

TEST(Godot4, RecursionLimit) {
  // 101 levels print; the 102nd container is written empty.
  std::string want(101, '[');
  want += "[]";
  want += std::string(101, ']');
  EXPECT_EQ(G4(NestArrays(101)), want);
  EXPECT_EQ(G4(NestArrays(150)), want);
  // Objects past the limit print as null.
  Object o;
  o.kind = Object::Kind::kFull;
  o.class_name = "Object";
  Variant v = Variant::MakeObject(o);
  for (int i = 0; i < 101; ++i) v = Arr({std::move(v)});
  const std::string text = G4(v);
  EXPECT_NE(text.find("[null]"), std::string::npos);
}

// ---------------------------------------------------------------------------
// godot3 rules, by example

TEST(Godot3, Scalars) {
  EXPECT_EQ(G3(Variant::Float(0.1)), "0.1");
  EXPECT_EQ(G3(Variant::Float(1.0 / 3)), "0.333333");
  EXPECT_EQ(G3(Variant::Float(3)), "3.0");
  EXPECT_EQ(G3(Variant::Float(-0.0)), "0.0");
  EXPECT_EQ(G3(Variant::Float(1e6)), "1e+06");
  EXPECT_EQ(G3(Variant::Float(-kInf)), "-inf.0");
  EXPECT_EQ(G3(Variant::Float(-kNan)), "-nan.0");
  EXPECT_EQ(G3(Variant::Float(kNan)), "nan");
  EXPECT_EQ(G3(Variant::Float(1e39)), "inf");
  EXPECT_EQ(G3(Variant::Float(5e-324)), "0.0");
  TextOptions o;
  o.dialect = Dialect::kGodot3;
  o.real_is_double = true;
  EXPECT_EQ(ToText(Variant::Float(1e39), o), "1e+39");
  EXPECT_EQ(ToText(Variant::Float(5e-324), o), "4.94066e-324");
}

TEST(Godot3, Layout) {
  EXPECT_EQ(G3(Variant::Vector2(-0.0, -kInf)), "Vector2( 0, -inf )");
  EXPECT_EQ(G3(Variant::Math(Type::kQuaternion, {0, 0, 0, 1})),
            "Quat( 0, 0, 0, 1 )");
  EXPECT_EQ(G3(Variant::MakeArray()), "[  ]");
  EXPECT_EQ(G3(Variant::MakeDictionary()), "{\n\n}");
  EXPECT_EQ(G3(Dict({{Variant::Int(2), Variant::Nil()},
                     {Variant::Int(1), Variant::Nil()}})),
            "{\n1: null,\n2: null\n}");
  EXPECT_EQ(G3(Variant::PackedInt32({})), "PoolIntArray(  )");
  EXPECT_EQ(G3(Variant::PackedStrings({"?"})), "PoolStringArray( \"\\?\" )");
  EXPECT_EQ(G3(Arr({Variant::Rid(0), Variant::Int(1)})), "[ , 1 ]");
}

// ---------------------------------------------------------------------------
// Pandemonium (from its source: core/variant/variant_parser.cpp)

TEST(Pandemonium, Numbers) {
  EXPECT_EQ(Pd(Variant::Float(3)), "3.0");
  EXPECT_EQ(Pd(Variant::Float(-kInf)), "inf_neg");
  EXPECT_EQ(Pd(Variant::Float(-kNan)), "nan");
  EXPECT_EQ(Pd(Variant::Float(-0.0)), "0.0");
  EXPECT_EQ(Pd(Variant::Vector2(-kInf, 0.5)), "Vector2( inf_neg, 0.5 )");
  // Integer vectors go through rtos_fix ("%g") too.
  EXPECT_EQ(Pd(Variant::IntMath(Type::kVector2i, {1, 2147483647})),
            "Vector2i( 1, 2.14748e+09 )");
  EXPECT_EQ(
      Pd(Variant::PackedIntVectors(Type::kPackedVector2iArray, {0, -1234567})),
      "PoolVector2iArray( 0, -1.23457e+06 )");
}

TEST(Pandemonium, Layout) {
  std::vector<double> p(16, 0.0);
  p[0] = 1;
  EXPECT_EQ(Pd(Variant::Math(Type::kProjection, p)),
            "Projection(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)");
  EXPECT_EQ(Pd(Variant::Math(Type::kQuaternion, {0, 0, 0, 1})),
            "Quaternion( 0, 0, 0, 1 )");
  EXPECT_EQ(Pd(Variant::Math(Type::kTransform3D,
                             {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0})),
            "Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 )");
  EXPECT_EQ(Pd(Variant::MakeDictionary()), "{\n}");
  EXPECT_EQ(Pd(Dict({{Variant::String("b"), Variant::Int(1)},
                     {Variant::String("a"), Variant::Int(2)}})),
            "{\n\"a\": 2,\n\"b\": 1\n}");
  EXPECT_EQ(Pd(Variant::StringName("a?\n")), "@\"a\\?\\n\"");
  EXPECT_EQ(
      Pd(Variant::PackedRealVectors(Type::kPackedVector4Array, {1, 2, 3, 4})),
      "PoolVector4Array( 1, 2, 3, 4 )");
  EXPECT_EQ(Pd(Variant::Rid(0)), "");
  EXPECT_EQ(Pd(Variant::MakeArray()), "[  ]");
}

// ---------------------------------------------------------------------------
// Internals

TEST(Number, Shortest) {
  using internal::ShortestDouble;
  using internal::ShortestFloat;
  EXPECT_EQ(ShortestDouble(0.1), "0.1");
  EXPECT_EQ(ShortestDouble(-0.0), "-0");
  EXPECT_EQ(ShortestDouble(1e15), "1e+15");
  EXPECT_EQ(ShortestDouble(999999999999999.0), "999999999999999");
  EXPECT_EQ(ShortestDouble(0.00012345), "0.00012345");
  EXPECT_EQ(ShortestDouble(1.5e-5), "1.5e-05");
  EXPECT_EQ(ShortestDouble(5e-324), "5e-324");
  EXPECT_EQ(ShortestDouble(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(ShortestDouble(-kInf), "-inf");
  EXPECT_EQ(ShortestFloat(16777216.0f), "16777216");
  EXPECT_EQ(ShortestFloat(1e-45f), "1e-45");
  EXPECT_EQ(ShortestFloat(123456789012345678.0f), "1.2345679e+17");
  // A Grisu2 result longer than the shortest (engine-checked).
  EXPECT_EQ(ShortestFloat(132774944.0f), "132774944");
}

TEST(Number, Shortest_RoundTrips) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 100000; ++i) {
    const double d = DoubleFromBits(rng());
    if (!std::isfinite(d)) continue;
    const std::string s = internal::ShortestDouble(d);
    EXPECT_EQ(std::strtod(s.c_str(), nullptr), d) << s;
    uint32_t b = static_cast<uint32_t>(rng());
    float f;
    std::memcpy(&f, &b, sizeof(f));
    if (!std::isfinite(f)) continue;
    const std::string t = internal::ShortestFloat(f);
    EXPECT_EQ(std::strtof(t.c_str(), nullptr), f) << t;
  }
}

TEST(Number, FormatGIsPrintfAndLocaleFree) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const double d = DoubleFromBits(rng());
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%g", d);
    EXPECT_EQ(internal::FormatG(d), buf);
  }
  EXPECT_EQ(internal::FormatG(-kNan), "-nan");
  // A comma locale (when installed) changes printf but not FormatG.
  const char* old = std::setlocale(LC_NUMERIC, nullptr);
  const std::string saved = old == nullptr ? "C" : old;
  for (const char* loc : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8"}) {
    if (std::setlocale(LC_NUMERIC, loc) != nullptr) break;
  }
  EXPECT_EQ(internal::FormatG(0.5), "0.5");
  EXPECT_EQ(G3(Variant::Vector2(0.5, 1.25)), "Vector2( 0.5, 1.25 )");
  std::setlocale(LC_NUMERIC, saved.c_str());
}

TEST(GodotSort, StrictWeakOrdersSortNormally) {
  std::mt19937 rng(3);
  for (int n = 0; n < 300; ++n) {
    std::vector<int> v(n);
    for (int& x : v) x = static_cast<int>(rng() % 50);
    std::vector<int> want = v;
    std::sort(want.begin(), want.end());
    internal::GodotSort(v.data(), n, [](int a, int b) { return a < b; });
    EXPECT_EQ(v, want) << n;
  }
}

TEST(GodotSort, AllEquivalentIsReversedAbove16) {
  // As the engines print 20 Color keys (no order on Color): the partition
  // step swaps the two halves end for end.
  for (int n : {16, 17, 20}) {
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i) v[i] = i;
    internal::GodotSort(v.data(), n, [](int, int) { return false; });
    std::vector<int> want = v;
    for (int i = 0; i < n; ++i) want[i] = n > 16 ? n - 1 - i : i;
    EXPECT_EQ(v, want) << n;
  }
}

TEST(KeyOrder, StringLikeInGodot4Only) {
  const Variant s = Variant::String("b");
  const Variant sn = Variant::StringName("a");
  EXPECT_TRUE(internal::KeyLess(sn, s, Dialect::kGodot4, false));
  EXPECT_FALSE(internal::KeyLess(s, sn, Dialect::kGodot4, false));
  // Pandemonium: by type id (STRING 4 < STRING_NAME 24).
  EXPECT_TRUE(internal::KeyLess(s, sn, Dialect::kPandemonium, false));
}

// Godot 4 writes ':' + the joined subnames only when the join is not
// empty; Godot 3 writes ':' before every subname (engine behaviour seen in
// the live interop test with Godot 4.6.3).
TEST(NodePathText, EmptySubnames) {
  NodePath one_empty;
  one_empty.names = {"a"};
  one_empty.subnames = {""};
  NodePath two_empty = one_empty;
  two_empty.subnames = {"", ""};
  NodePath mixed = one_empty;
  mixed.subnames = {"", "x"};
  const Variant a = Variant::MakeNodePath(one_empty);
  const Variant b = Variant::MakeNodePath(two_empty);
  const Variant c = Variant::MakeNodePath(mixed);
  EXPECT_EQ(ToText(a, Dialect::kGodot4), "NodePath(\"a\")");
  EXPECT_EQ(ToText(b, Dialect::kGodot4), "NodePath(\"a::\")");
  EXPECT_EQ(ToText(c, Dialect::kGodot4), "NodePath(\"a::x\")");
  EXPECT_EQ(ToText(a, Dialect::kGodot3), "NodePath(\"a:\")");
  EXPECT_EQ(ToText(b, Dialect::kGodot3), "NodePath(\"a::\")");
}

}  // namespace
}  // namespace text
}  // namespace gdwire
