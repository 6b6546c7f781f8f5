// Copyright 2026 The gdwire Authors.
//
// document::Parser against the reference decoder (the oracle): every
// corpus case (godot3, godot4, pandemonium, engine verdicts on malformed
// input included), random values in every dialect, every truncation and
// random mutations give the same verdict (kind, offset, path), the same
// owned value (ToVariant) and the same size; a walk through the Element
// API alone rebuilds the reference's value; lookups by key follow Godot's
// key identity.

#include "codec/document/document.h"

#include <random>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/variant.h"
#include "codec/wire.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace document {
namespace {

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

std::string Describe(const std::string& bytes, const DecodeOptions& o) {
  return absl::StrCat("dialect ", DialectName(o.dialect), " objects ",
                      o.allow_objects, " trailing ", o.reject_trailing_bytes,
                      " double ", o.real_is_double, "\nbytes ",
                      absl::BytesToHexString(bytes.substr(0, 200)));
}

// Rebuilds the value through the Element API only (no ToVariant but for
// leaves the API does not model: math, Signal, Callable, RID, packed).
Variant Walk(const Element& e) {
  switch (e.type()) {
    case Type::kNil:
      return Variant();
    case Type::kBool:
      return Variant::Bool(e.as_bool());
    case Type::kInt:
      return Variant::Int(e.as_int());
    case Type::kFloat:
      return Variant::Float(e.as_float());
    case Type::kString:
      return Variant::String(std::string(e.as_string()));
    case Type::kStringName:
      return Variant::StringName(std::string(e.as_string()));
    case Type::kArray: {
      Array a;
      a.element_type = e.element_type();
      for (Element c : e) a.items.push_back(Walk(c));
      return Variant::MakeArray(std::move(a));
    }
    case Type::kTypedArray:
    case Type::kPackedTypedArray: {
      Array a;
      a.element_type = e.element_type();
      for (Element c : e) a.items.push_back(Walk(c));
      return e.type() == Type::kTypedArray
                 ? Variant::MakeTypedArray(std::move(a))
                 : Variant::MakePackedTypedArray(std::move(a));
    }
    case Type::kDictionary: {
      Dictionary d;
      d.key_type = e.key_type();
      d.value_type = e.value_type();
      for (Element::Entry en : e.entries()) {
        d.Set(Walk(en.key), Walk(en.value));
      }
      return Variant::MakeDictionary(std::move(d));
    }
    case Type::kNodePath: {
      NodePath np;
      for (uint32_t i = 0; i < e.size(); ++i) {
        (i < e.node_path_name_count() ? np.names : np.subnames)
            .push_back(std::string(e[i].as_string()));
      }
      np.absolute = e.node_path_absolute();
      return Variant::MakeNodePath(std::move(np));
    }
    case Type::kPackedStringArray: {
      std::vector<std::string> v;
      for (Element c : e) v.push_back(std::string(c.as_string()));
      return Variant::PackedStrings(std::move(v));
    }
    case Type::kObject: {
      Object o;
      o.kind = e.object_kind();
      o.id = e.object_id();
      o.class_name = std::string(e.object_class());
      for (Element::Entry en : e.entries()) {
        o.properties.emplace_back(std::string(en.key.as_string()),
                                  Walk(en.value));
      }
      return Variant::MakeObject(std::move(o));
    }
    default: {
      absl::StatusOr<Variant> v = e.ToVariant();
      EXPECT_TRUE(v.ok()) << v.status();
      return v.ok() ? *v : Variant();
    }
  }
}

// Returns false (after reporting) on the first difference. `walk`: also
// compare the value rebuilt through the API (no typed-container
// admissions, no godot3 non-canonical text).
bool SameAsReference(Parser& parser, const std::string& bytes,
                     const DecodeOptions& o, bool walk) {
  Variant ref;
  size_t ref_used = 0;
  const Error ref_e =
      reference::DecodeValue(Bytes(bytes), o, &ref, &ref_used, 0);
  // Check first (no indexes, no root): the same verdict and size; the
  // Parse after it must index again (ToVariant and Walk below rely on it).
  const ParseResult c = parser.Check(Bytes(bytes), o);
  EXPECT_FALSE(c.root.valid());
  EXPECT_FALSE(parser.root().valid());
  EXPECT_EQ(c.error.kind, ref_e.kind) << "Check: " << c.error.ToString();
  EXPECT_EQ(c.error.offset, ref_e.offset) << "Check: " << c.error.ToString();
  EXPECT_EQ(c.error.path, ref_e.path) << "Check: " << c.error.ToString();
  if (ref_e.ok() && c.ok()) EXPECT_EQ(c.consumed, ref_used);
  const ParseResult r = parser.Parse(Bytes(bytes), o);
  EXPECT_EQ(r.error.kind, ref_e.kind)
      << r.error.ToString() << " vs reference " << ref_e.ToString() << "\n"
      << Describe(bytes, o);
  EXPECT_EQ(r.error.offset, ref_e.offset)
      << r.error.ToString() << " vs reference " << ref_e.ToString() << "\n"
      << Describe(bytes, o);
  EXPECT_EQ(r.error.path, ref_e.path)
      << r.error.ToString() << " vs reference " << ref_e.ToString() << "\n"
      << Describe(bytes, o);
  bool ok = r.error.kind == ref_e.kind && r.error.offset == ref_e.offset &&
            r.error.path == ref_e.path;
  if (!ref_e.ok() || !r.ok()) return ok;
  EXPECT_EQ(r.consumed, ref_used);
  absl::StatusOr<Variant> got = r.root.ToVariant();
  EXPECT_TRUE(got.ok()) << got.status();
  if (!got.ok()) return false;
  EXPECT_EQ(*got, ref) << "document " << got->DebugString() << "\nref      "
                       << ref.DebugString() << "\n"
                       << Describe(bytes, o);
  ok = ok && *got == ref;
  if (walk) {
    const Variant w = Walk(r.root);
    EXPECT_EQ(w, ref) << "walk " << w.DebugString() << "\nref  "
                      << ref.DebugString() << "\n"
                      << Describe(bytes, o);
    ok = ok && w == ref;
  }
  return ok;
}

// ---- Corpus ---------------------------------------------------------------

class CorpusTest
    : public ::testing::TestWithParam<gdwire::testing::CorpusCase> {};

TEST_P(CorpusTest, SameVerdictAsReference) {
  const gdwire::testing::CorpusCase& c = GetParam();
  Parser parser;
  for (int objects = 0; objects < 2; ++objects) {
    for (int trailing = 0; trailing < 2; ++trailing) {
      DecodeOptions o;
      o.dialect = c.dialect;
      o.allow_objects = objects != 0;
      o.reject_trailing_bytes = trailing != 0;
      // Engine bytes may hold typed containers whose elements the engine
      // converts, so the walked (wire-level) value is not compared.
      SameAsReference(parser, c.input, o, /*walk=*/false);
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

TEST(CorpusTest, CorporaLoaded) {
  EXPECT_GT(gdwire::testing::LoadCorpus("godot4").size(), 100u);
  EXPECT_GT(gdwire::testing::LoadCorpus("godot3").size(), 500u);
  EXPECT_GT(gdwire::testing::LoadCorpus("pandemonium").size(), 500u);
}

// ---- Random values ---------------------------------------------------------

struct Config {
  Dialect dialect;
  bool encode_double;
  bool decode_double;
};

std::string ConfigName(const ::testing::TestParamInfo<Config>& info) {
  return absl::StrCat(DialectName(info.param.dialect),
                      info.param.encode_double ? "_enc64" : "",
                      info.param.decode_double ? "_dec64" : "");
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
    return 11 + static_cast<int>(GetParam().dialect) * 1000 +
           GetParam().encode_double * 100 + GetParam().decode_double * 10;
  }
};

TEST_P(RandomTest, RandomValues) {
  gdwire::testing::RandomVariant gen(Seed());
  const auto ro = Random(40);
  Parser parser;  // reused across every message, as intended
  for (int i = 0; i < 1500; ++i) {
    const Variant v = gen.Make(ro);
    absl::StatusOr<std::string> bytes = reference::Encode(v, Encode());
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    ASSERT_TRUE(SameAsReference(parser, *bytes, Decode(true), true))
        << "value #" << i << " " << v.DebugString();
    ASSERT_TRUE(SameAsReference(parser, *bytes, Decode(false), true))
        << "value #" << i << " " << v.DebugString();
  }
}

TEST_P(RandomTest, EveryTruncation) {
  gdwire::testing::RandomVariant gen(Seed() + 1);
  const auto ro = Random(6);
  Parser parser;
  int cases = 0;
  for (int i = 0; i < 200; ++i) {
    const Variant v = gen.Make(ro);
    absl::StatusOr<std::string> bytes = reference::Encode(v, Encode());
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    for (size_t cut = 0; cut < bytes->size(); ++cut) {
      ASSERT_TRUE(
          SameAsReference(parser, bytes->substr(0, cut), Decode(true), false))
          << "value #" << i << " cut at " << cut;
      ++cases;
    }
  }
  EXPECT_GT(cases, 3000);
}

TEST_P(RandomTest, RandomMutations) {
  gdwire::testing::RandomVariant gen(Seed() + 2);
  std::mt19937_64 rng(Seed() + 3);
  const auto ro = Random(6);
  Parser parser;
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
          case 2:
            b[at] = static_cast<char>(rng() % 40);
            break;
          default:
            b[at] = static_cast<char>(0xFF);
            break;
        }
      }
      DecodeOptions o = Decode((rng() & 1) != 0);
      o.reject_trailing_bytes = (rng() & 1) != 0;
      ASSERT_TRUE(SameAsReference(parser, b, o, false))
          << "value #" << i << " mutation " << m;
    }
  }
}

TEST_P(RandomTest, AllocationBudget) {
  gdwire::testing::RandomVariant gen(Seed() + 4);
  const auto ro = Random(12);
  Parser parser;
  for (int i = 0; i < 100; ++i) {
    const Variant v = gen.Make(ro);
    absl::StatusOr<std::string> bytes = reference::Encode(v, Encode());
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    for (uint64_t budget : {1ull, 64ull, 300ull, 1000ull, 5000ull}) {
      DecodeOptions o = Decode(true);
      o.max_alloc_bytes = budget;
      ASSERT_TRUE(SameAsReference(parser, *bytes, o, false))
          << "value #" << i << " budget " << budget;
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

// ---- Lookups ---------------------------------------------------------------

std::string Enc(const Variant& v, Dialect d = Dialect::kGodot4) {
  EncodeOptions eo;
  eo.dialect = d;
  absl::StatusOr<std::string> b = reference::Encode(v, eo);
  EXPECT_TRUE(b.ok()) << b.status();
  return b.ok() ? *b : std::string();
}

// A Dictionary on the wire with the given entries, duplicates kept.
std::string RawDict(const std::vector<std::pair<Variant, Variant>>& entries) {
  std::string out;
  wire::AppendU32(&out, 27);  // godot4 DICTIONARY
  wire::AppendU32(&out, static_cast<uint32_t>(entries.size()));
  for (const auto& [k, v] : entries) out += Enc(k) + Enc(v);
  return out;
}

// A few String keys (no hash table, kLinearKeys): the last duplicate wins,
// String and StringName are one key, the empty key is found, and ToVariant
// keeps one entry per key.
TEST(LookupTest, FewStringKeysWithoutTable) {
  const std::string bytes = RawDict({
      {Variant::String("hp"), Variant::Int(1)},
      {Variant::String(""), Variant::Int(2)},
      {Variant::StringName("hp"), Variant::Int(3)},
      {Variant::String("name"), Variant::Int(4)},
  });
  Parser parser;
  ParseResult r = parser.Parse(Bytes(bytes));
  ASSERT_TRUE(r.ok()) << r.error.ToString();
  EXPECT_EQ(r.root["hp"].as_int(), 3);
  EXPECT_EQ(r.root.Find(absl::string_view()).as_int(), 2);
  EXPECT_EQ(r.root["name"].as_int(), 4);
  EXPECT_FALSE(r.root["nam"].valid());
  EXPECT_FALSE(r.root.FindInt(1).valid());
  absl::StatusOr<Variant> v = r.root.ToVariant();
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->dictionary().entries.size(), 3u);
}

TEST(LookupTest, KeysByGodotIdentityLastDuplicateWins) {
  const std::string bytes = RawDict({
      {Variant::String("hp"), Variant::Int(1)},
      {Variant::Int(1), Variant::String("int one")},
      {Variant::Float(1.0), Variant::String("float one")},
      {Variant::StringName("hp"), Variant::Int(2)},  // same key as "hp"
      {Variant::Float(std::nan("")), Variant::Int(7)},
      {Variant::Float(-0.0), Variant::Int(8)},
      {Variant::Bool(true), Variant::Int(9)},
      {Variant(), Variant::Int(10)},
  });
  Parser parser;
  ParseResult r = parser.Parse(Bytes(bytes));
  ASSERT_TRUE(r.ok()) << r.error.ToString();
  Element root = r.root;
  EXPECT_EQ(root.size(), 8u);  // the wire's entries
  EXPECT_EQ(root["hp"].as_int(), 2);
  EXPECT_EQ(root.FindKey(Variant::StringName("hp")).as_int(), 2);
  EXPECT_EQ(root.FindInt(1).as_string(), "int one");
  EXPECT_EQ(root.FindKey(Variant::Float(1.0)).as_string(), "float one");
  EXPECT_EQ(root.FindKey(Variant::Float(std::nan(""))).as_int(), 7);
  EXPECT_EQ(root.FindKey(Variant::Float(0.0)).as_int(), 8);
  EXPECT_EQ(root.FindKey(Variant::Bool(true)).as_int(), 9);
  EXPECT_EQ(root.FindKey(Variant()).as_int(), 10);
  EXPECT_FALSE(root["mp"].valid());
  EXPECT_FALSE(root.FindInt(2).valid());
  EXPECT_FALSE(root.FindKey(Variant::Bool(false)).valid());
  // Wire order, duplicates included.
  std::vector<Type> order;
  for (Element::Entry e : root.entries()) order.push_back(e.key.type());
  EXPECT_EQ(order, (std::vector<Type>{Type::kString, Type::kInt, Type::kFloat,
                                      Type::kStringName, Type::kFloat,
                                      Type::kFloat, Type::kBool, Type::kNil}));
  // The owned value agrees with the reference decoder.
  DecodeOptions o;
  Variant ref;
  size_t used;
  ASSERT_TRUE(reference::DecodeValue(Bytes(bytes), o, &ref, &used, 0).ok());
  EXPECT_EQ(*root.ToVariant(), ref);
}

TEST(LookupTest, ArraysAndComplexKeys) {
  Array inner;
  inner.items = {Variant::Int(1), Variant::Int(2)};
  const Variant key = Variant::MakeArray(inner);
  const std::string bytes = RawDict({
      {key, Variant::Int(5)},
      {Variant::String("list"), Variant::MakeArray(inner)},
  });
  Parser parser;
  ParseResult r = parser.Parse(Bytes(bytes));
  ASSERT_TRUE(r.ok()) << r.error.ToString();
  EXPECT_EQ(r.root.FindKey(key).as_int(), 5);
  EXPECT_EQ(r.root["list"].size(), 2u);
  EXPECT_EQ(r.root["list"][1].as_int(), 2);
  EXPECT_FALSE(r.root["list"][2].valid());
  EXPECT_EQ(r.root.key_at(0).type(), Type::kArray);
}

TEST(TapeTest, RealComponentsTable) {
  for (int t = 0; t < kTypeCount; ++t) {
    EXPECT_EQ(internal::kRealComponents[t],
              RealComponents(static_cast<Type>(t)))
        << TypeName(static_cast<Type>(t));
  }
}

TEST(LookupTest, ManyKeysAndDuplicates) {
  // More keys than the index keeps hashes for while building, each twice.
  std::vector<std::pair<Variant, Variant>> entries;
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 300; ++i) {
      entries.push_back({Variant::String(absl::StrCat("key", i)),
                         Variant::Int(round * 1000 + i)});
      entries.push_back({Variant::Int(i), Variant::Int(round * 1000 - i)});
    }
  }
  const std::string bytes = RawDict(entries);
  Parser parser;
  ParseResult r = parser.Parse(Bytes(bytes));
  ASSERT_TRUE(r.ok()) << r.error.ToString();
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(r.root[absl::StrCat("key", i)].as_int(), 1000 + i);
    EXPECT_EQ(r.root.FindInt(i).as_int(), 1000 - i);
  }
  EXPECT_FALSE(r.root["key300"].valid());
  // A Check (which builds no index) leaves no document; the next Parse
  // indexes as before.
  const ParseResult checked = parser.Check(Bytes(bytes));
  EXPECT_TRUE(checked.ok());
  EXPECT_EQ(checked.consumed, bytes.size());
  EXPECT_FALSE(parser.root().valid());
  r = parser.Parse(Bytes(bytes));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.root["key7"].as_int(), 1007);
  EXPECT_EQ(r.root.FindInt(7).as_int(), 993);
  Variant ref;
  size_t used;
  ASSERT_TRUE(reference::DecodeValue(Bytes(bytes), {}, &ref, &used, 0).ok());
  EXPECT_EQ(*r.root.ToVariant(), ref);
}

// Godot 3 keeps some overlong UTF-8 as other text: such a key is found by
// its engine text, and the last duplicate still wins over an equal key
// written canonically.
TEST(LookupTest, Godot3NonCanonicalKeys) {
  auto str = [](const std::string& raw) {
    std::string out;
    wire::AppendU32(&out, 4);  // godot3 STRING
    wire::AppendU32(&out, static_cast<uint32_t>(raw.size()));
    out += raw;
    wire::AppendPad4(&out, raw.size());
    return out;
  };
  auto integer = [](int v) {
    std::string out;
    wire::AppendU32(&out, 2);  // godot3 INT
    wire::AppendU32(&out, static_cast<uint32_t>(v));
    return out;
  };
  int non_canonical = 0;
  for (const std::string& overlong :
       {std::string("\xC1\x81"), std::string("\xE0\x81\x81"),
        std::string("x\xC0\xBFy")}) {
    std::string bytes;
    wire::AppendU32(&bytes, 18);  // godot3 DICTIONARY
    wire::AppendU32(&bytes, 3);
    bytes += str(overlong) + integer(1);
    bytes += str("plain") + integer(2);
    bytes += str(overlong) + integer(3);
    DecodeOptions o;
    o.dialect = Dialect::kGodot3;
    Variant ref;
    size_t used;
    const Error e = reference::DecodeValue(Bytes(bytes), o, &ref, &used, 0);
    Parser parser;
    ParseResult r = parser.Parse(Bytes(bytes), o);
    ASSERT_EQ(r.error.kind, e.kind) << r.error.ToString();
    if (!e.ok()) continue;  // not accepted by the engine: nothing to find
    ASSERT_EQ(*r.root.ToVariant(), ref);
    non_canonical += !r.root.key_at(0).text_canonical();
    for (const auto& [k, v] : ref.dictionary().entries) {
      const Element found = r.root.FindKey(k);
      ASSERT_TRUE(found.valid()) << k.DebugString();
      EXPECT_EQ(*found.ToVariant(), v) << k.DebugString();
      EXPECT_EQ(r.root[k.as_string()].as_int(), v.as_int());
    }
  }
  EXPECT_GT(non_canonical, 0);  // the case is exercised
}

// ---- The API on every kind of value ------------------------------------

TEST(ApiTest, InvalidElementIsSafe) {
  const Element e;
  EXPECT_FALSE(e.valid());
  EXPECT_EQ(e.type(), Type::kNil);
  EXPECT_EQ(e.size(), 0u);
  EXPECT_FALSE(e[0].valid());
  EXPECT_FALSE(e["x"].valid());
  EXPECT_FALSE(e.FindInt(1).valid());
  EXPECT_EQ(e.as_int(), 0);
  EXPECT_EQ(e.as_string(), "");
  EXPECT_TRUE(e.packed_bytes().empty());
  EXPECT_EQ(e.object_kind(), Object::Kind::kNull);
  int n = 0;
  for (Element c : e) n += c.valid();
  for (Element::Entry en : e.entries()) n += en.key.valid();
  EXPECT_EQ(n, 0);
  EXPECT_FALSE(e.ToVariant().ok());
}

TEST(ApiTest, FailedParseLeavesNoRootAndTheParserWorksOn) {
  Parser parser;
  const std::string good = Enc(Variant::String("hello"));
  ParseResult bad = parser.Parse(Bytes(good.substr(0, 6)));
  EXPECT_EQ(bad.error.kind, ErrorKind::kTruncated);
  EXPECT_EQ(bad.error.path, "$");
  EXPECT_FALSE(bad.root.valid());
  EXPECT_FALSE(parser.root().valid());
  ParseResult ok = parser.Parse(Bytes(good));
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok.root.as_string(), "hello");
  EXPECT_EQ(parser.root().as_string(), "hello");
}

TEST(ApiTest, EveryKindThroughTheApi) {
  Dictionary d;
  Array typed;
  typed.element_type = ContainerType::Builtin(Type::kInt);
  typed.items = {Variant::Int(7), Variant::Int(-8)};
  d.Set(Variant::String("typed"), Variant::MakeArray(typed));
  NodePath np;
  np.names = {"root", "Player"};
  np.subnames = {"position"};
  np.absolute = true;
  d.Set(Variant::String("path"), Variant::MakeNodePath(np));
  d.Set(Variant::String("pos"), Variant::Vector3(1.5, -2, 3));
  d.Set(Variant::String("v3"),
        Variant::PackedRealVectors32(Type::kPackedVector3Array,
                                     {1, 2, 3, 4, 5, 6}));
  d.Set(Variant::String("names"), Variant::PackedStrings({"a", "bc", ""}));
  d.Set(Variant::String("big"), Variant::Int(int64_t{1} << 40));
  Object o;
  o.kind = Object::Kind::kFull;
  o.class_name = "Node2D";
  o.properties = {{"visible", Variant::Bool(true)}, {"z", Variant::Int(3)}};
  d.Set(Variant::String("obj"), Variant::MakeObject(o));
  EncodeOptions eo;
  eo.full_objects = true;
  const std::string bytes = *reference::Encode(Variant::MakeDictionary(d), eo);
  DecodeOptions opts;
  opts.allow_objects = true;
  Parser parser;
  ParseResult r = parser.Parse(Bytes(bytes), opts);
  ASSERT_TRUE(r.ok()) << r.error.ToString();
  const Element root = r.root;
  EXPECT_EQ(root.offset(), 0u);

  const Element t = root["typed"];
  EXPECT_EQ(t.element_type(), ContainerType::Builtin(Type::kInt));
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[1].as_int(), -8);

  const Element p = root["path"];
  EXPECT_EQ(p.type(), Type::kNodePath);
  EXPECT_EQ(p.size(), 3u);
  EXPECT_EQ(p.node_path_name_count(), 2u);
  EXPECT_TRUE(p.node_path_absolute());
  EXPECT_EQ(p[1].as_string(), "Player");
  EXPECT_EQ(p[2].as_string(), "position");

  double xyz[3];
  ASSERT_TRUE(root["pos"].reals(absl::MakeSpan(xyz)));
  EXPECT_EQ(xyz[0], 1.5);
  EXPECT_EQ(xyz[1], -2);
  EXPECT_FALSE(root["pos"].reals(absl::MakeSpan(xyz, 2)));

  const Element v3 = root["v3"];
  EXPECT_EQ(v3.size(), 2u);
  EXPECT_EQ(v3.packed_components(), 3);
  EXPECT_EQ(v3.packed_width(), 4);
  ASSERT_EQ(v3.packed_bytes().size(), 24u);
  EXPECT_EQ(wire::LoadF32(v3.packed_bytes().data() + 20), 6.0f);
  int children = 0;
  for (Element c : v3) children += c.valid();
  EXPECT_EQ(children, 0);

  const Element names = root["names"];
  ASSERT_EQ(names.size(), 3u);
  std::string joined;
  for (Element c : names) joined += std::string(c.as_string()) + ",";
  EXPECT_EQ(joined, "a,bc,,");

  EXPECT_EQ(root["big"].as_int(), int64_t{1} << 40);

  const Element obj = root["obj"];
  EXPECT_EQ(obj.object_kind(), Object::Kind::kFull);
  EXPECT_EQ(obj.object_class(), "Node2D");
  EXPECT_EQ(obj.size(), 2u);
  EXPECT_TRUE(obj["visible"].as_bool());
  EXPECT_EQ(obj["z"].as_int(), 3);
  EXPECT_EQ(obj.key_at(1).as_string(), "z");

  // Without allow_objects the same bytes are refused, as by the engine.
  ParseResult refused = parser.Parse(Bytes(bytes));
  EXPECT_EQ(refused.error.kind, ErrorKind::kObjectsNotAllowed);

  // Every sub-value converts to what the reference decodes.
  r = parser.Parse(Bytes(bytes), opts);
  ASSERT_TRUE(r.ok());
  for (Element::Entry en : r.root.entries()) {
    const Variant* want = d.Find(*en.key.ToVariant());
    ASSERT_NE(want, nullptr);
    EXPECT_EQ(*en.value.ToVariant(), *want) << en.key.as_string();
  }
}

}  // namespace
}  // namespace document
}  // namespace gdwire
