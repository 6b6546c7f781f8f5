// Copyright 2026 The gdwire Authors.
//
// The views against the reference decoder (an independent implementation
// of the same rules):
//   * every real-engine corpus case (Godot 4.6.3, 3.2.3), with objects
//     allowed and not, trailing bytes rejected and not;
//   * thousands of random values of every type in godot4, godot4 with
//     real_is_double (and its bytes read by a single-precision decoder),
//     godot3 and pandemonium;
//   * every truncation of hundreds of random values, and random byte
//     mutations.
// MessageView::ToVariant / Validate must give the same value, or the same
// error kind, offset and path; the lazy API (cursors + accessors, see
// test_util.h) the same value, or the same verdict.

#include <random>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/view/test_util.h"
#include "codec/view/view.h"
#include "codec/wire.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace view {
namespace {

using testing::Bytes;
using testing::LazyBuild;

struct Verdict {
  Error error;
  Variant value;
  size_t used = 0;
};

Verdict Reference(const std::string& bytes, const DecodeOptions& o) {
  Verdict v;
  v.error = reference::DecodeValue(Bytes(bytes), o, &v.value, &v.used);
  return v;
}

Verdict ViewDecode(const std::string& bytes, const DecodeOptions& o) {
  Verdict v;
  absl::StatusOr<MessageView> doc = MessageView::Open(Bytes(bytes), o);
  if (!doc.ok()) {
    v.error = ErrorFromStatus(doc.status());
    return v;
  }
  v.error = doc->DecodeValue(&v.value, &v.used);
  return v;
}

Verdict ViewValidate(const std::string& bytes, const DecodeOptions& o) {
  Verdict v;
  absl::StatusOr<MessageView> doc = MessageView::Open(Bytes(bytes), o);
  if (!doc.ok()) {
    v.error = ErrorFromStatus(doc.status());
    return v;
  }
  v.error = doc->ValidateValue(&v.used);
  return v;
}

// The lazy API's verdict (never checks trailing bytes).
absl::StatusOr<Variant> Lazy(const std::string& bytes, const DecodeOptions& o) {
  absl::StatusOr<MessageView> doc = MessageView::Open(Bytes(bytes), o);
  if (!doc.ok()) return doc.status();
  return LazyBuild(doc->root(), o.real_is_double);
}

std::string Describe(const std::string& bytes, const DecodeOptions& o) {
  return absl::StrCat("dialect ", DialectName(o.dialect), " objects ",
                      o.allow_objects, " trailing ", o.reject_trailing_bytes,
                      " double ", o.real_is_double, "\nbytes ",
                      absl::BytesToHexString(bytes.substr(0, 200)));
}

// Both decoders charge the same allocation account, up to the same point
// (they write it back on failure too): any difference in what is charged,
// and so in where a budget would stop them, shows here without searching
// for the budget that exposes it.
bool SameCharges(const std::string& bytes, DecodeOptions o) {
  uint64_t a = 3, b = 3;
  o.alloc_account = &a;
  const Verdict ref = Reference(bytes, o);
  o.alloc_account = &b;
  const Verdict got = ViewDecode(bytes, o);
  EXPECT_EQ(a, b) << Describe(bytes, o);
  EXPECT_EQ(got.error.kind, ref.error.kind) << got.error.ToString();
  return a == b && got.error.kind == ref.error.kind;
}

// Returns false (after reporting) on the first difference.
bool SameAsReference(const std::string& bytes, const DecodeOptions& o,
                     bool lazy_error_exact, bool lazy_value) {
  const Verdict ref = Reference(bytes, o);
  const Verdict got = ViewDecode(bytes, o);
  const Verdict val = ViewValidate(bytes, o);
  bool ok = true;
  for (const Verdict* v : {&got, &val}) {
    const char* what = v == &got ? "ToVariant" : "Validate";
    EXPECT_EQ(v->error.kind, ref.error.kind)
        << what << " " << v->error.ToString() << " vs reference "
        << ref.error.ToString() << "\n"
        << Describe(bytes, o);
    EXPECT_EQ(v->error.offset, ref.error.offset)
        << what << " " << v->error.ToString() << " vs reference "
        << ref.error.ToString() << "\n"
        << Describe(bytes, o);
    EXPECT_EQ(v->error.path, ref.error.path)
        << what << " " << v->error.ToString() << " vs reference "
        << ref.error.ToString() << "\n"
        << Describe(bytes, o);
    if (ref.error.ok()) {
      EXPECT_EQ(v->used, ref.used) << what;
    }
    ok = ok && v->error.kind == ref.error.kind &&
         v->error.offset == ref.error.offset && v->error.path == ref.error.path;
  }
  if (ref.error.ok()) {
    EXPECT_EQ(got.value, ref.value)
        << "view " << got.value.DebugString() << "\nref  "
        << ref.value.DebugString() << "\n"
        << Describe(bytes, o);
    ok = ok && got.value == ref.value;
  }
  // The lazy API. Trailing bytes are the MessageView's business, and the
  // allocation budget ToVariant's (the accessors allocate nothing).
  DecodeOptions lo = o;
  lo.reject_trailing_bytes = false;
  lo.max_alloc_bytes = 0;
  lo.alloc_account = nullptr;
  const Verdict ref_lazy = Reference(bytes, lo);
  absl::StatusOr<Variant> lazy = Lazy(bytes, lo);
  EXPECT_EQ(lazy.ok(), ref_lazy.error.ok())
      << "lazy: " << lazy.status()
      << " reference: " << ref_lazy.error.ToString() << "\n"
      << Describe(bytes, o);
  ok = ok && lazy.ok() == ref_lazy.error.ok();
  if (!lazy.ok() && !ref_lazy.error.ok() && lazy_error_exact) {
    const Error e = ErrorFromStatus(lazy.status());
    EXPECT_EQ(e.kind, ref_lazy.error.kind)
        << e.ToString() << " vs " << ref_lazy.error.ToString() << "\n"
        << Describe(bytes, o);
    EXPECT_EQ(e.offset, ref_lazy.error.offset)
        << e.ToString() << " vs " << ref_lazy.error.ToString() << "\n"
        << Describe(bytes, o);
    ok = ok && e.kind == ref_lazy.error.kind &&
         e.offset == ref_lazy.error.offset;
  }
  if (lazy.ok() && ref_lazy.error.ok() && lazy_value) {
    EXPECT_EQ(*lazy, ref_lazy.value)
        << "lazy " << lazy->DebugString() << "\nref  "
        << ref_lazy.value.DebugString() << "\n"
        << Describe(bytes, o);
    ok = ok && *lazy == ref_lazy.value;
  }
  // The structural size agrees with what the reference consumed.
  if (ref_lazy.error.ok()) {
    absl::StatusOr<MessageView> doc = MessageView::Open(Bytes(bytes), lo);
    EXPECT_TRUE(doc.ok());
    if (doc.ok()) {
      absl::StatusOr<size_t> size = doc->root().EncodedSize();
      EXPECT_TRUE(size.ok()) << size.status();
      if (size.ok()) {
        EXPECT_EQ(*size, ref_lazy.used);
      }
    }
  }
  return ok;
}

// ---- Corpus ---------------------------------------------------------------

class CorpusTest
    : public ::testing::TestWithParam<gdwire::testing::CorpusCase> {};

TEST_P(CorpusTest, SameVerdictAsReference) {
  const gdwire::testing::CorpusCase& c = GetParam();
  for (int objects = 0; objects < 2; ++objects) {
    for (int trailing = 0; trailing < 2; ++trailing) {
      DecodeOptions o;
      o.dialect = c.dialect;
      o.allow_objects = objects != 0;
      o.reject_trailing_bytes = trailing != 0;
      // Engine bytes may hold typed containers whose elements the engine
      // drops, so the lazy (wire-level) value is not compared.
      SameAsReference(c.input, o, /*lazy_error_exact=*/false,
                      /*lazy_value=*/false);
    }
  }
}

std::string CaseName(
    const ::testing::TestParamInfo<gdwire::testing::CorpusCase>& info) {
  return gdwire::testing::SafeName(info.param.kind + "_" + info.param.name);
}

INSTANTIATE_TEST_SUITE_P(
    Godot4, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("godot4")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    Godot3, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("godot3")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    Pandemonium, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("pandemonium")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    Pandemonium4, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("pandemonium4")), CaseName);
INSTANTIATE_TEST_SUITE_P(
    PandemoniumTyped, CorpusTest,
    ::testing::ValuesIn(gdwire::testing::LoadCorpus("pandemonium_typed")),
    CaseName);

TEST(CorpusTest, BothCorporaLoaded) {
  EXPECT_GT(gdwire::testing::LoadCorpus("godot4").size(), 100u);
  EXPECT_GT(gdwire::testing::LoadCorpus("godot3").size(), 500u);
  EXPECT_GT(gdwire::testing::LoadCorpus("pandemonium").size(), 500u);
  EXPECT_GT(gdwire::testing::LoadCorpus("pandemonium4").size(), 500u);
}

// ---- Random values ---------------------------------------------------------

struct Config {
  Dialect dialect;
  bool encode_double;  // the peer is a double-precision build
  bool decode_double;  // so are we
};

std::string ConfigName(const ::testing::TestParamInfo<Config>& info) {
  return absl::StrCat(DialectName(info.param.dialect),
                      info.param.encode_double ? "_from_double" : "",
                      info.param.decode_double ? "_as_double" : "");
}

class RandomTest : public ::testing::TestWithParam<Config> {
 protected:
  gdwire::testing::RandomOptions Random(int max_packed) const {
    gdwire::testing::RandomOptions ro;
    ro.dialect = GetParam().dialect;
    ro.real_is_double = GetParam().encode_double;
    ro.max_packed = max_packed;
    return ro;
  }
  EncodeOptions Encode() const {
    EncodeOptions eo;
    eo.dialect = GetParam().dialect;
    eo.full_objects = true;
    eo.real_is_double = GetParam().encode_double;
    return eo;
  }
  DecodeOptions Decode(bool objects) const {
    DecodeOptions d;
    d.dialect = GetParam().dialect;
    d.allow_objects = objects;
    d.real_is_double = GetParam().decode_double;
    return d;
  }
  uint64_t Seed() const {
    return 7 + static_cast<int>(GetParam().dialect) * 1000 +
           GetParam().encode_double * 100 + GetParam().decode_double * 10;
  }
};

TEST_P(RandomTest, RandomValues) {
  gdwire::testing::RandomVariant gen(Seed());
  const auto ro = Random(40);
  for (int i = 0; i < 1500; ++i) {
    const Variant v = gen.Make(ro);
    absl::StatusOr<std::string> bytes = reference::Encode(v, Encode());
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    // The lazy value equals the reference's: random values need no
    // admission and have no duplicate keys that differ.
    ASSERT_TRUE(SameAsReference(*bytes, Decode(true), true, true))
        << "value #" << i << " " << v.DebugString();
    ASSERT_TRUE(SameAsReference(*bytes, Decode(false), true, true))
        << "value #" << i << " " << v.DebugString();
  }
}

TEST_P(RandomTest, EveryTruncation) {
  gdwire::testing::RandomVariant gen(Seed() + 1);
  const auto ro = Random(6);
  int cases = 0;
  for (int i = 0; i < 250; ++i) {
    const Variant v = gen.Make(ro);
    absl::StatusOr<std::string> bytes = reference::Encode(v, Encode());
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    for (size_t cut = 0; cut < bytes->size(); ++cut) {
      ASSERT_TRUE(
          SameAsReference(bytes->substr(0, cut), Decode(true), true, false))
          << "value #" << i << " cut at " << cut;
      ASSERT_TRUE(SameCharges(bytes->substr(0, cut), Decode(true)))
          << "value #" << i << " cut at " << cut;
      ++cases;
    }
  }
  EXPECT_GT(cases, 5000);
}

TEST_P(RandomTest, RandomMutations) {
  gdwire::testing::RandomVariant gen(Seed() + 2);
  std::mt19937_64 rng(Seed() + 3);
  const auto ro = Random(6);
  for (int i = 0; i < 300; ++i) {
    const Variant v = gen.Make(ro);
    absl::StatusOr<std::string> bytes = reference::Encode(v, Encode());
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    if (bytes->empty()) continue;
    for (int m = 0; m < 20; ++m) {
      std::string b = *bytes;
      const int edits = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < edits; ++k) {
        const size_t at = rng() % b.size();
        switch (rng() % 4) {
          case 0:
            b[at] = static_cast<char>(rng());
            break;
          case 1:
            b[at] ^= static_cast<char>(1u << (rng() % 8));
            break;
          case 2:  // a small type id or count
            b[at] = static_cast<char>(rng() % 40);
            break;
          default:
            b[at] = static_cast<char>(0xFF);
            break;
        }
      }
      const bool objects = (rng() & 1) != 0;
      ASSERT_TRUE(SameAsReference(b, Decode(objects), false, false))
          << "value #" << i << " mutation " << m;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllDialects, RandomTest,
    ::testing::Values(Config{Dialect::kGodot4, false, false},
                      Config{Dialect::kGodot4, true, true},
                      Config{Dialect::kGodot4, true, false},
                      Config{Dialect::kGodot3, false, false},
                      Config{Dialect::kPandemonium, false, false},
                      Config{Dialect::kPandemonium, true, true},
                      Config{Dialect::kPandemonium4, false, false}),
    ConfigName);

// ---- Limits and depth ---------------------------------------------------

TEST(DifferentialTest, LimitsAndDepth) {
  gdwire::testing::RandomVariant gen(77);
  gdwire::testing::RandomOptions ro;
  EncodeOptions eo;
  eo.full_objects = true;
  for (int i = 0; i < 400; ++i) {
    const Variant v = gen.Make(ro);
    absl::StatusOr<std::string> bytes = reference::Encode(v, eo);
    ASSERT_TRUE(bytes.ok());
    DecodeOptions o;
    o.allow_objects = true;
    o.max_depth = static_cast<int>(i % 4) - 1;  // -1 .. 2
    o.max_string_bytes = i % 7;
    o.max_packed_elements = i % 5;
    o.max_container_elements = i % 3;
    ASSERT_TRUE(SameAsReference(*bytes, o, true, false)) << "value #" << i;
  }
}

// The allocation budget: the same charges at the same offsets.
TEST(DifferentialTest, AllocationBudget) {
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
    gdwire::testing::RandomVariant gen(91 + static_cast<int>(d));
    gdwire::testing::RandomOptions ro;
    ro.dialect = d;
    EncodeOptions eo;
    eo.dialect = d;
    eo.full_objects = true;
    int limited = 0;
    for (int i = 0; i < 300; ++i) {
      const Variant v = gen.Make(ro);
      absl::StatusOr<std::string> bytes = reference::Encode(v, eo);
      ASSERT_TRUE(bytes.ok());
      for (bool objects : {true, false}) {
        DecodeOptions o;
        o.dialect = d;
        o.allow_objects = objects;
        // What the whole decode charges, then budgets around it.
        uint64_t need = 0;
        o.alloc_account = &need;
        Variant tmp;
        size_t used;
        reference::DecodeValue(Bytes(*bytes), o, &tmp, &used);
        o.alloc_account = nullptr;
        for (uint64_t budget :
             {need, need - 1, need / 2, need / 3, need / 7, uint64_t{1}}) {
          if (budget == 0) continue;
          o.max_alloc_bytes = budget;
          ASSERT_TRUE(SameAsReference(*bytes, o, true, false))
              << "value #" << i << " budget " << budget << " of " << need;
          const Verdict ref = Reference(*bytes, o);
          limited += ref.error.kind == ErrorKind::kLimitExceeded;
        }
        // A shared account: same verdict and same running total.
        o.max_alloc_bytes = need + 100;
        uint64_t a = 50 + i, b = 50 + i;
        o.alloc_account = &a;
        const Verdict ref = Reference(*bytes, o);
        o.alloc_account = &b;
        const Verdict got = ViewDecode(*bytes, o);
        EXPECT_EQ(got.error.kind, ref.error.kind) << got.error.ToString();
        EXPECT_EQ(got.error.offset, ref.error.offset);
        EXPECT_EQ(a, b) << "value #" << i;
      }
    }
    EXPECT_GT(limited, 300) << DialectName(d);
  }
}

// Hand-made shapes the random values rarely make: long and odd Dictionary
// keys in error paths, typed containers that convert or drop elements,
// minimal-size elements (tight "backed" counts for the budget), objects.
std::vector<std::string> HandMade() {
  std::vector<Variant> values;
  auto str = [](const std::string& s) { return Variant::String(s); };
  {
    Dictionary d;
    d.Set(str(std::string(70, 'k') + "\"\\"), Variant::PackedStrings({"ab"}));
    d.Set(Variant::Int(-7), Variant::Vector3(1, 2, 3));
    d.Set(Variant::Float(1.5), str("v"));
    d.Set(Variant::StringName("name"), Variant::MakeArray());
    values.push_back(Variant::MakeDictionary(d));
  }
  {
    Array a;
    for (int i = 0; i < 6; ++i) {
      Array inner;
      for (int k = 0; k < i; ++k) inner.items.push_back(Variant());
      a.items.push_back(Variant::MakeArray(inner));
      a.items.push_back(Variant());
      a.items.push_back(Variant::MakeDictionary());
    }
    values.push_back(Variant::MakeArray(a));
  }
  {
    Array a;  // Array[float] holding ints: converted through float
    a.element_type = ContainerType::Builtin(Type::kFloat);
    a.items = {Variant::Int(16777217), Variant::Float(0.5), Variant::Int(-3),
               str("dropped")};
    values.push_back(Variant::MakeArray(a));
    Array s;  // Array[String] holding StringNames, long and short
    s.element_type = ContainerType::Builtin(Type::kString);
    s.items = {Variant::StringName(std::string(40, 'x')),
               Variant::StringName("y"), str("z"), Variant::Int(1)};
    values.push_back(Variant::MakeArray(s));
    Array n = s;  // Array[StringName] holding Strings
    n.element_type = ContainerType::Builtin(Type::kStringName);
    values.push_back(Variant::MakeArray(n));
    Dictionary d;  // Dictionary[StringName, int] with String keys, duplicates
    d.key_type = ContainerType::Builtin(Type::kStringName);
    d.value_type = ContainerType::Builtin(Type::kInt);
    d.entries = {{str(std::string(30, 'a')), Variant::Int(1)},
                 {Variant::StringName(std::string(30, 'a')), Variant::Int(2)},
                 {str("b"), Variant::Float(2)},
                 {Variant::Int(3), Variant::Int(3)}};
    values.push_back(Variant::MakeDictionary(d));
    Array o;  // Array[Object] with ids, null and a non-object
    o.element_type = ContainerType::ClassName("Node");
    Object id;
    id.kind = Object::Kind::kId;
    id.id = 9;
    o.items = {Variant::MakeObject(id), Variant(), Variant::Int(1)};
    values.push_back(Variant::MakeArray(o));
  }
  {
    Dictionary d;  // container keys: counts inside keys near the limit
    for (int i = 0; i < 4; ++i) {
      Array k;
      for (int j = 0; j <= i; ++j) k.items.push_back(Variant());
      d.entries.emplace_back(Variant::MakeArray(k), Variant());
      Dictionary kd;
      kd.entries.emplace_back(Variant::Int(i), Variant());
      d.entries.emplace_back(Variant::MakeDictionary(kd), Variant::MakeArray());
    }
    values.push_back(Variant::MakeDictionary(d));
  }
  {
    Dictionary d;  // keys that differ only in their elements
    for (const char* t : {"a", "b", "c"}) {
      d.entries.emplace_back(Variant::PackedStrings({t}), Variant());
    }
    for (const char* t : {"a", "b", "c"}) {
      NodePath np;
      np.names = {t};
      d.entries.emplace_back(Variant::MakeNodePath(np), Variant());
    }
    for (const char* t : {"a", "b", "c"}) {
      Object o;
      o.kind = Object::Kind::kFull;
      o.class_name = "N";
      o.properties = {{t, Variant()}};
      d.entries.emplace_back(Variant::MakeObject(o), Variant());
    }
    values.push_back(Variant::MakeDictionary(d));
    Object obj;  // property values that are counted containers
    obj.kind = Object::Kind::kFull;
    obj.class_name = "O";
    for (int i = 0; i < 4; ++i) {
      Array a;
      for (int j = 0; j <= i; ++j) a.items.push_back(Variant());
      obj.properties.emplace_back("p", Variant::MakeArray(a));
      obj.properties.emplace_back("q", Variant::PackedStrings({"x", "y"}));
    }
    values.push_back(Variant::MakeObject(obj));
  }
  {
    Object obj;
    obj.kind = Object::Kind::kFull;
    obj.class_name = "Node";
    obj.properties = {
        {"position", Variant::Vector3(1, 2, 3)},
        {std::string(20, 'p'), Variant::MakeArray()},
        {"transform",
         Variant::Math(Type::kTransform3D, std::vector<double>(12, 1.0))}};
    values.push_back(Variant::MakeObject(obj));
  }
  std::vector<std::string> out;
  EncodeOptions eo;
  eo.full_objects = true;
  for (const Variant& v : values) {
    absl::StatusOr<std::string> b = reference::Encode(v, eo);
    EXPECT_TRUE(b.ok()) << b.status() << v.DebugString();
    if (b.ok()) out.push_back(*b);
  }
  return out;
}

TEST(DifferentialTest, HandMadeShapesEveryTruncationAndBudget) {
  int limited = 0;
  for (const std::string& bytes : HandMade()) {
    for (bool objects : {true, false}) {
      DecodeOptions o;
      o.allow_objects = objects;
      uint64_t need = 0;
      o.alloc_account = &need;
      Variant tmp;
      size_t used;
      reference::DecodeValue(Bytes(bytes), o, &tmp, &used);
      o.alloc_account = nullptr;
      for (size_t cut = 0; cut <= bytes.size(); ++cut) {
        const std::string part = bytes.substr(0, cut);
        o.max_alloc_bytes = 0;
        ASSERT_TRUE(SameAsReference(part, o, true, false)) << "cut " << cut;
        ASSERT_TRUE(SameCharges(part, o)) << "cut " << cut;
        for (uint64_t budget = 1; budget <= need + 1;
             budget += 1 + budget / 16) {
          o.max_alloc_bytes = budget;
          ASSERT_TRUE(SameAsReference(part, o, true, false))
              << "cut " << cut << " budget " << budget;
          limited += Reference(part, o).error.kind == ErrorKind::kLimitExceeded;
        }
      }
    }
  }
  EXPECT_GT(limited, 1000);
}

// Text of every UTF-8 class at every kind of place a wire string occurs,
// in both rule sets (godot4 strict, godot3 lenient + canonical text).
TEST(DifferentialTest, Utf8ClassesEverywhere) {
  const std::vector<std::string> pieces = {"a",
                                           "\xC3\xA9",
                                           "\xE2\x82\xAC",
                                           "\xF0\x9F\x98\x80",
                                           "\xC0\x80",
                                           "\xC1\xBF",
                                           "\xE0\x80\x80",
                                           "\xE0\x80\xBF",
                                           "\xE0\x9F\xBF",
                                           "\xF0\x80\x80\x80",
                                           "\xF0\x8F\xBF\xBF",
                                           "\xF0\x80\x80\xBF",
                                           "\xF8\x80\x80\x80\x80",
                                           "\xFC\x80\x80\x80\x80\x80",
                                           "\xF8\x88\x80\x80\x80",
                                           "\xFD\xBF\xBF\xBF\xBF\xBF",
                                           "\xED\xA0\x80",
                                           "\xED\xBF\xBF",
                                           "\xF4\x90\x80\x80",
                                           "\xF7\xBF\xBF\xBF",
                                           "\x80",
                                           "\xBF",
                                           "\xFE",
                                           "\xFF",
                                           "\xC3",
                                           "\xE2\x82",
                                           "\xF0\x9F\x98",
                                           "\xC3\x28",
                                           "\xE2\x28\xA1",
                                           "\xEF\xBB\xBF",
                                           std::string("\0", 1),
                                           std::string("\0\xFF", 2)};
  // Places: String, StringName, PackedStringArray element, NodePath
  // component, Dictionary key, Object class and property name, Signal
  // name, typed-Array class name.
  auto wire_string = [](const std::string& t) {
    std::string b;
    wire::AppendU32(&b, static_cast<uint32_t>(t.size()));
    b += t;
    wire::AppendPad4(&b, t.size());
    return b;
  };
  auto u32 = [](uint32_t v) {
    std::string b;
    wire::AppendU32(&b, v);
    return b;
  };
  int cases = 0;
  for (const std::string& x : pieces) {
    for (const std::string& text :
         {x, "ab" + x, x + "cd", "\xEF\xBB\xBF" + x, x + x}) {
      const std::string ws = wire_string(text);
      for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
        const uint32_t str = 4;
        const uint32_t name = d == Dialect::kGodot4 ? 21 : 4;
        const uint32_t packed = d == Dialect::kGodot4 ? 34 : 23;
        const uint32_t nodepath = d == Dialect::kGodot4 ? 22 : 15;
        const uint32_t dict = d == Dialect::kGodot4 ? 27 : 18;
        const uint32_t object = d == Dialect::kGodot4 ? 24 : 17;
        std::vector<std::string> inputs = {
            u32(str) + ws,
            u32(name) + ws,
            u32(packed) + u32(2) + wire_string("ok") + ws,
            u32(nodepath) + u32(0x80000001) + u32(1) + u32(1) +
                wire_string("n") + ws,
            u32(dict) + u32(2) + u32(str) + ws + u32(0) + u32(str) +
                wire_string("k") + u32(str) + ws,
            u32(object) + ws + u32(1) + ws + u32(0),
            u32(object) + wire_string("N") + u32(1) + ws + u32(str) + ws,
        };
        if (d == Dialect::kGodot4) {
          inputs.push_back(u32(26) + ws + u32(5) + u32(0));      // Signal
          inputs.push_back(u32(28 | (2u << 16)) + ws + u32(0));  // Array[C]
          inputs.push_back(u32(28 | (3u << 16)) + ws + u32(0));  // Array[S]
        }
        for (const std::string& in : inputs) {
          for (bool objects : {true, false}) {
            DecodeOptions o;
            o.dialect = d;
            o.allow_objects = objects;
            ASSERT_TRUE(SameAsReference(in, o, true, true))
                << absl::BytesToHexString(in);
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_GT(cases, 3000);
}

TEST(DifferentialTest, DeepNestingNeedsNoRecursion) {
  // 1025 levels decode, 1026 do not; 100000 levels fail without a stack
  // overflow (the views never recurse).
  for (int levels : {1025, 1026, 100000}) {
    std::string b;
    for (int i = 0; i < levels - 1; ++i) {
      wire::AppendU32(&b, 28);  // godot4 Array
      wire::AppendU32(&b, 1);
    }
    wire::AppendU32(&b, 28);
    wire::AppendU32(&b, 0);
    DecodeOptions o;
    if (levels <= 1026) {
      ASSERT_TRUE(SameAsReference(b, o, true, false)) << levels;
    }
    o.max_depth = 1 << 30;  // no depth limit: only the walk's own stack
    absl::StatusOr<MessageView> doc = MessageView::Open(Bytes(b), o);
    ASSERT_TRUE(doc.ok());
    EXPECT_TRUE(doc->Validate().ok()) << levels;
    absl::StatusOr<size_t> size = doc->root().EncodedSize();
    ASSERT_TRUE(size.ok());
    EXPECT_EQ(*size, b.size());
  }
}

}  // namespace
}  // namespace view
}  // namespace gdwire
