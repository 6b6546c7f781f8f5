// Copyright 2026 The gdwire Authors.
//
// The streaming Writer writes the bytes of encode::Encode (itself checked
// against the reference encoder and the engines) for (a) every engine
// corpus value, under its own options and every other dialect / option set,
// also compared with the engine's own bytes; (b) random values of every
// dialect, real_is_double and full_objects, counts given and back-patched;
// and refuses misuse with an error and no bytes.

#include "codec/encode/writer.h"

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/encode/encoder.h"
#include "codec/encode/write_variant.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace encode {
namespace {

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

std::string Describe(const EncodeOptions& o) {
  return absl::StrCat("{", DialectName(o.dialect),
                      " full_objects=", o.full_objects,
                      " real_is_double=", o.real_is_double, "}");
}

// Writes v with a Writer (counts given, then back-patched) and compares
// with encode::EncodeTo. Returns the bytes (empty on error) through *got.
// False when the Writer has no call for a value inside (Pandemonium typed
// arrays): nothing compared.
bool ExpectSame(const Variant& v, const EncodeOptions& o,
                const std::string& what, std::string* got = nullptr) {
  SCOPED_TRACE(absl::StrCat(what, " ", Describe(o), " ", v.DebugString()));
  std::string want = "pre";
  const Error fe = EncodeTo(v, o, &want);
  Writer w(o);
  for (bool given : {true, false}) {
    std::string out = "pre";
    w.Start(&out);
    EXPECT_TRUE(WriteVariant(&w, v, given));
    const Error we = w.Finish();
    EXPECT_EQ(static_cast<int>(we.kind), static_cast<int>(fe.kind))
        << "writer: " << we.ToString() << "\nencoder: " << fe.ToString();
    if (fe.ok() && we.ok() && out != want) {
      ADD_FAILURE() << "bytes differ (given counts " << given << ")\nwriter:  "
                    << absl::BytesToHexString(out.substr(0, 256))
                    << "\nencoder: "
                    << absl::BytesToHexString(want.substr(0, 256));
    }
    if (!we.ok()) {
      EXPECT_EQ(out, "pre") << "an error leaves no bytes";
    }
    if (got != nullptr) *got = we.ok() ? out.substr(3) : "";
  }
  return true;
}

std::vector<EncodeOptions> AllOptions() {
  std::vector<EncodeOptions> out;
  for (Dialect d : {Dialect::kGodot3, Dialect::kGodot4, Dialect::kPandemonium,
                    Dialect::kPandemonium4}) {
    for (bool full : {false, true}) {
      for (bool dbl : {false, true}) {
        EncodeOptions o;
        o.dialect = d;
        o.full_objects = full;
        o.real_is_double = dbl;
        out.push_back(o);
      }
    }
  }
  return out;
}

TEST(WriterTest, CorpusValuesAsTheEngineAndTheEncoder) {
  size_t values = 0, engine_equal = 0, skipped = 0;
  for (const char* dir : {"godot3", "godot4", "pandemonium", "pandemonium4",
                          "pandemonium_typed"}) {
    const std::vector<testing::CorpusCase> cases = testing::LoadCorpus(dir);
    ASSERT_FALSE(cases.empty()) << dir;
    for (const testing::CorpusCase& c : cases) {
      if (c.kind == "frame") continue;
      DecodeOptions dopts;
      dopts.dialect = c.dialect;
      dopts.allow_objects = true;
      size_t used = 0;
      auto v = reference::Decode(Bytes(c.input), dopts, &used);
      if (!v.ok()) continue;
      EncodeOptions own;
      own.dialect = c.dialect;
      own.full_objects = c.full_objects;
      std::string got;
      if (!ExpectSame(*v, own, c.name, &got)) {
        ++skipped;
        continue;
      }
      ++values;
      // The engine's own bytes (its input or re-encoding) where the case is
      // a value the engine wrote.
      if (!got.empty() && c.expect_accept &&
          testing::MatchesEngineBytes(c, got)) {
        ++engine_equal;
      }
      for (const EncodeOptions& o : AllOptions()) ExpectSame(*v, o, c.name);
      if (::testing::Test::HasFailure()) return;
    }
  }
  std::cerr << values << " corpus values, " << engine_equal
            << " equal to the engine's bytes, " << skipped << " skipped\n";
  EXPECT_EQ(skipped, 0u);
  EXPECT_GT(values, 200u);
  EXPECT_GT(engine_equal, 200u);
}

// Every accepted corpus value whose engine bytes are canonical is written
// with the engine's bytes (not only the encoder's): the engine is the
// final word.
TEST(WriterTest, EngineBytesOfEveryCanonicalCorpusValue) {
  size_t checked = 0;
  for (const char* dir : {"godot3", "godot4", "pandemonium", "pandemonium4"}) {
    for (const testing::CorpusCase& c : testing::LoadCorpus(dir)) {
      if (c.kind != "value" || !c.expect_accept) continue;
      DecodeOptions dopts;
      dopts.dialect = c.dialect;
      dopts.allow_objects = true;
      auto v = reference::Decode(Bytes(c.input), dopts);
      if (!v.ok()) continue;
      EncodeOptions own;
      own.dialect = c.dialect;
      own.full_objects = c.full_objects;
      auto want = Encode(*v, own);
      if (!want.ok() || !testing::MatchesEngineBytes(c, *want)) continue;
      Writer w(own);
      std::string out;
      w.Start(&out);
      ASSERT_TRUE(WriteVariant(&w, *v, true));
      ASSERT_TRUE(w.Finish().ok()) << c.name;
      EXPECT_TRUE(testing::MatchesEngineBytes(c, out)) << c.name;
      ++checked;
    }
  }
  EXPECT_GT(checked, 200u);
}

struct RandomConfig {
  Dialect dialect;
  bool real_is_double;
  bool objects;
};

class WriterRandomTest : public ::testing::TestWithParam<RandomConfig> {};

TEST_P(WriterRandomTest, RandomValuesAsTheEncoderAndTheReference) {
  const RandomConfig cfg = GetParam();
  testing::RandomOptions ro;
  ro.dialect = cfg.dialect;
  ro.real_is_double = cfg.real_is_double;
  ro.objects = cfg.objects;
  testing::RandomVariant gen(91 + static_cast<int>(cfg.dialect) * 13 +
                             cfg.real_is_double * 5 + cfg.objects);
  int compared = 0;
  for (int i = 0; i < 1000; ++i) {
    const Variant v = gen.Make(ro);
    EncodeOptions o;
    o.dialect = cfg.dialect;
    o.real_is_double = cfg.real_is_double;
    for (bool full : {false, true}) {
      o.full_objects = full;
      std::string got;
      if (!ExpectSame(v, o, absl::StrCat("value #", i), &got)) continue;
      ++compared;
      auto ref = reference::Encode(v, o);
      EXPECT_EQ(ref.ok(), !got.empty() || v.type() == Type::kNil);
      if (ref.ok() && !got.empty()) {
        EXPECT_TRUE(*ref == got);
      }
    }
    if (i % 10 == 0) {
      for (const EncodeOptions& other : AllOptions()) {
        ExpectSame(v, other, absl::StrCat("value #", i));
      }
      for (int depth : {0, 1, 2}) {
        EncodeOptions shallow = o;
        shallow.max_depth = depth;
        ExpectSame(v, shallow, absl::StrCat("value #", i, " depth ", depth));
      }
    }
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GE(compared, 1000);
}

INSTANTIATE_TEST_SUITE_P(
    Dialects, WriterRandomTest,
    ::testing::Values(RandomConfig{Dialect::kGodot4, false, true},
                      RandomConfig{Dialect::kGodot4, true, true},
                      RandomConfig{Dialect::kGodot4, false, false},
                      RandomConfig{Dialect::kGodot3, false, true},
                      RandomConfig{Dialect::kGodot3, true, false},
                      RandomConfig{Dialect::kPandemonium, false, true},
                      RandomConfig{Dialect::kPandemonium, true, false},
                      RandomConfig{Dialect::kPandemonium4, false, true}),
    [](const ::testing::TestParamInfo<RandomConfig>& info) {
      return absl::StrCat(DialectName(info.param.dialect),
                          info.param.real_is_double ? "_double" : "",
                          info.param.objects ? "_objects" : "");
    });

// ---- Framing
// ------------------------------------------------------------------

TEST(WriterTest, PrefixesArePatchedIn) {
  Writer w;
  for (Prefix p : {Prefix::kStreamPeer, Prefix::kStreamPeerBigEndian,
                   Prefix::kPacketPeerStream}) {
    std::string out = "xy";
    w.Start(&out, p);
    w.BeginArray().Int(1).String("ab").EndArray();
    ASSERT_TRUE(w.Finish().ok());
    Variant a = Variant::MakeArray(Array{});
    a.mutable_array().items = {Variant::Int(1), Variant::String("ab")};
    const std::string body = *Encode(a, EncodeOptions());
    std::string want = "xy";
    const uint32_t n = static_cast<uint32_t>(body.size());
    if (p == Prefix::kStreamPeerBigEndian) {
      want +=
          std::string{static_cast<char>(n >> 24), static_cast<char>(n >> 16),
                      static_cast<char>(n >> 8), static_cast<char>(n)};
    } else {
      want +=
          std::string{static_cast<char>(n), static_cast<char>(n >> 8),
                      static_cast<char>(n >> 16), static_cast<char>(n >> 24)};
    }
    want += body;
    EXPECT_EQ(absl::BytesToHexString(out), absl::BytesToHexString(want));
  }
}

TEST(WriterTest, ManyMessagesIntoOneBuffer) {
  Writer w;
  std::string out;
  std::string want;
  for (int i = 0; i < 100; ++i) {
    w.Start(&out, Prefix::kStreamPeer);
    w.BeginDictionary().KeyName("tick").Int(i * 1000003).EndDictionary();
    ASSERT_TRUE(w.Finish().ok());
    Dictionary d;
    d.Set(Variant::StringName("tick"), Variant::Int(i * 1000003));
    const std::string body = *Encode(Variant::MakeDictionary(d), {});
    std::string frame(4, '\0');
    frame[0] = static_cast<char>(body.size());
    want += frame + body;
  }
  EXPECT_EQ(out, want);
}

// ---- Misuse
// -------------------------------------------------------------------

struct Misuse {
  const char* name;
  void (*write)(Writer*);
  ErrorKind kind;
};

TEST(WriterTest, MisuseIsAnErrorAndLeavesNoBytes) {
  const Misuse cases[] = {
      {"key outside a dictionary", [](Writer* w) { w->Key("a").Int(1); },
       ErrorKind::kInvalidArgument},
      {"key in an array",
       [](Writer* w) { w->BeginArray().Key("a").Int(1).EndArray(); },
       ErrorKind::kInvalidArgument},
      {"value where a key is due",
       [](Writer* w) { w->BeginDictionary().Int(1).Int(2).EndDictionary(); },
       ErrorKind::kInvalidArgument},
      {"key where a value is due",
       [](Writer* w) {
         w->BeginDictionary().Key("a").Key("b").Int(2).EndDictionary();
       },
       ErrorKind::kInvalidArgument},
      {"end without begin", [](Writer* w) { w->Int(1).EndArray(); },
       ErrorKind::kInvalidArgument},
      {"end of the other kind",
       [](Writer* w) { w->BeginArray().EndDictionary(); },
       ErrorKind::kInvalidArgument},
      {"end after a key",
       [](Writer* w) { w->BeginDictionary().Key("a").EndDictionary(); },
       ErrorKind::kInvalidArgument},
      {"count too small",
       [](Writer* w) { w->BeginArray(1).Int(1).Int(2).EndArray(); },
       ErrorKind::kInvalidArgument},
      {"count too large",
       [](Writer* w) { w->BeginArray(3).Int(1).Int(2).EndArray(); },
       ErrorKind::kInvalidArgument},
      {"dictionary count",
       [](Writer* w) { w->BeginDictionary(2).Key("a").Int(1).EndDictionary(); },
       ErrorKind::kInvalidArgument},
      {"unfinished", [](Writer* w) { w->BeginArray().Int(1); },
       ErrorKind::kInvalidArgument},
      {"nothing written", [](Writer*) {}, ErrorKind::kInvalidArgument},
      {"two roots", [](Writer* w) { w->Int(1).Int(2); },
       ErrorKind::kInvalidArgument},
      {"typed array element",
       [](Writer* w) {
         w->BeginArray(ContainerType::Builtin(Type::kInt)).Int(1).String("x");
         w->EndArray();
       },
       ErrorKind::kInvalidArgument},
      {"typed dictionary key",
       [](Writer* w) {
         w->BeginDictionary(ContainerType::Builtin(Type::kInt), ContainerType())
             .Key("a")
             .Int(1)
             .EndDictionary();
       },
       ErrorKind::kInvalidArgument},
      {"invalid utf-8", [](Writer* w) { w->String("a\xff"); },
       ErrorKind::kInvalidUtf8},
      {"NUL in a key",
       [](Writer* w) {
         w->BeginDictionary().Key(absl::string_view("a\0b", 3)).Int(1);
         w->EndDictionary();
       },
       ErrorKind::kInvalidUtf8},
      {"full object without full_objects",
       [](Writer* w) { w->BeginObject("Node").EndObject(); },
       ErrorKind::kUnsupported},
      {"wrong component count",
       [](Writer* w) {
         const float c[2] = {1, 2};
         w->Math(Type::kVector3, c);
       },
       ErrorKind::kInvalidArgument},
      {"packed components",
       [](Writer* w) {
         const float c[4] = {1, 2, 3, 4};
         w->PackedReals(Type::kPackedVector3Array, c);
       },
       ErrorKind::kInvalidArgument},
      {"raw full object without full_objects",
       [](Writer* w) {
         EncodeOptions full;
         full.full_objects = true;
         Object o;
         o.kind = Object::Kind::kFull;
         o.class_name = "Node";
         w->Raw(*Encode(Variant::MakeObject(o), full));
       },
       ErrorKind::kUnsupported},
      {"raw garbage", [](Writer* w) { w->Raw(std::string("\xff\0\0\0", 4)); },
       ErrorKind::kInvalidType},
  };
  Writer w;
  for (const Misuse& m : cases) {
    SCOPED_TRACE(m.name);
    std::string out = "keep";
    w.Start(&out, Prefix::kStreamPeer);
    m.write(&w);
    const Error e = w.Finish();
    EXPECT_EQ(static_cast<int>(e.kind), static_cast<int>(m.kind))
        << e.ToString();
    EXPECT_FALSE(e.detail.empty());
    EXPECT_EQ(out, "keep");
    // The writer is usable again after an error.
    w.Start(&out);
    w.Int(7);
    EXPECT_TRUE(w.Finish().ok());
    EXPECT_EQ(out.size(), 4u + 8u);
  }
}

TEST(WriterTest, UnsupportedTypesOfTheDialect) {
  EncodeOptions g3;
  g3.dialect = Dialect::kGodot3;
  Writer w(g3);
  std::string out;
  w.Start(&out);
  const int64_t x[1] = {1};
  w.PackedInt64s(x);
  EXPECT_EQ(w.Finish().kind, ErrorKind::kUnsupported);
  w.Start(&out);
  w.BeginArray(ContainerType::Builtin(Type::kInt)).EndArray();
  EXPECT_EQ(w.Finish().kind, ErrorKind::kUnsupported);
  EXPECT_TRUE(out.empty());
}

TEST(WriterTest, ErrorPathAndOffset) {
  Writer w;
  std::string out;
  w.Start(&out);
  w.BeginDictionary().KeyName("a").BeginArray().Int(1).String("\xc0");
  const Error e = w.Finish();
  EXPECT_EQ(e.kind, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(e.path, "${value #0}");
  // dict header+count 8, key 4+4+4, array header+count 8, int 8, String
  // header 4: the text's length word is where it failed.
  EXPECT_EQ(e.offset, 8u + 12u + 8u + 8u + 4u);
}

TEST(WriterTest, RawForwardsAnEncodedValue) {
  Variant inner = Variant::MakeArray(Array{});
  inner.mutable_array().items = {Variant::Int(5), Variant::Vector3(1, 2, 3)};
  const std::string raw = *Encode(inner, {});
  Writer w;
  std::string out;
  w.Start(&out);
  w.BeginDictionary().KeyName("payload").Raw(raw).EndDictionary();
  ASSERT_TRUE(w.Finish().ok());
  Dictionary d;
  d.Set(Variant::StringName("payload"), inner);
  EXPECT_EQ(out, *Encode(Variant::MakeDictionary(d), {}));
}

}  // namespace
}  // namespace encode
}  // namespace gdwire
