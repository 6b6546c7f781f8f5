// Copyright 2026 The gdwire Authors.
//
// Forward and edit without decoding: (a) Element::bytes() of every value of
// every corpus message and random message reads back as the same value,
// and is the encoder's bytes where the message is canonical; (b) Edit's
// output is the bytes of decode -> change the Variant -> encode, on corpus
// messages and random messages of several dialects; (c) misuse is an error.

#include "codec/document/edit.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/encode/encoder.h"
#include "codec/encode/writer.h"
#include "codec/reference/decoder.h"
#include "codec/variant.h"
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
std::string Str(absl::Span<const uint8_t> b) {
  return std::string(reinterpret_cast<const char*>(b.data()), b.size());
}

// Every value under e (containers' children, Dictionary keys and values).
void Walk(Element e, std::vector<Element>* out) {
  out->push_back(e);
  const Type t = e.type();
  if (t == Type::kDictionary) {
    for (Element::Entry en : e.entries()) {
      Walk(en.key, out);
      Walk(en.value, out);
    }
  } else if (t == Type::kObject) {
    for (Element::Entry en : e.entries()) Walk(en.value, out);
  } else if (t == Type::kArray || t == Type::kTypedArray ||
             t == Type::kPackedTypedArray) {
    for (Element c : e) Walk(c, out);
  }
}

// Each value's bytes() parse alone to the same value; canonical messages'
// values are the encoder's bytes.
void ExpectForwardable(const std::string& msg, const DecodeOptions& dopts,
                       bool canonical, const std::string& what) {
  Parser parser, sub;
  ParseResult r = parser.Parse(Bytes(msg), dopts);
  ASSERT_TRUE(r.ok()) << what;
  EXPECT_EQ(Str(r.root.bytes()), msg.substr(0, r.consumed)) << what;
  std::vector<Element> all;
  Walk(r.root, &all);
  EncodeOptions eo;
  eo.dialect = dopts.dialect;
  eo.full_objects = dopts.allow_objects;
  eo.real_is_double = dopts.real_is_double;
  for (const Element& e : all) {
    const std::string b = Str(e.bytes());
    ParseResult s = sub.Parse(Bytes(b), dopts);
    ASSERT_TRUE(s.ok()) << what << " " << s.error.ToString();
    EXPECT_EQ(s.consumed, b.size()) << what;
    auto want = e.ToVariant();
    auto got = s.root.ToVariant();
    ASSERT_TRUE(want.ok() && got.ok());
    EXPECT_TRUE(*want == *got) << what;
    if (canonical) {
      auto enc = encode::Encode(*want, eo);
      ASSERT_TRUE(enc.ok());
      EXPECT_EQ(absl::BytesToHexString(*enc), absl::BytesToHexString(b))
          << what;
    }
  }
}

TEST(ForwardTest, EveryElementOfEveryCorpusMessage) {
  size_t messages = 0;
  for (const char* dir : {"godot3", "godot4", "pandemonium", "pandemonium4",
                          "pandemonium_typed"}) {
    for (const testing::CorpusCase& c : testing::LoadCorpus(dir)) {
      if (c.kind == "frame") continue;
      DecodeOptions dopts;
      dopts.dialect = c.dialect;
      dopts.allow_objects = true;
      auto v = reference::Decode(Bytes(c.input), dopts);
      if (!v.ok()) continue;
      ExpectForwardable(c.input, dopts, false, c.name);
      ++messages;
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(messages, 1000u);
}

TEST(ForwardTest, EveryElementOfRandomMessages) {
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3, Dialect::kPandemonium,
                    Dialect::kPandemonium4}) {
    testing::RandomOptions ro;
    ro.dialect = d;
    testing::RandomVariant gen(7 + static_cast<int>(d));
    EncodeOptions eo;
    eo.dialect = d;
    eo.full_objects = true;
    DecodeOptions dopts;
    dopts.dialect = d;
    dopts.allow_objects = true;
    for (int i = 0; i < 300; ++i) {
      const Variant v = gen.Make(ro);
      auto enc = encode::Encode(v, eo);
      ASSERT_TRUE(enc.ok());
      ExpectForwardable(*enc, dopts, true, absl::StrCat("random #", i));
      if (::testing::Test::HasFailure()) return;
    }
  }
}

// ---- Edits
// ----------------------------------------------------------------------

std::string Enc(const Variant& v, const EncodeOptions& eo) {
  auto e = encode::Encode(v, eo);
  EXPECT_TRUE(e.ok()) << e.status();
  return e.ok() ? *e : "";
}

// Random edits of a random message (a Dictionary of String keys holding an
// Array and other values) against the same edits of the Variant.
TEST(EditTest, RandomEditsAsDecodeModifyEncode) {
  int edits = 0;
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3, Dialect::kPandemonium,
                    Dialect::kPandemonium4}) {
    testing::RandomOptions ro;
    ro.dialect = d;
    ro.objects = false;
    testing::RandomVariant gen(1234 + static_cast<int>(d));
    std::mt19937_64& rng = gen.rng();
    EncodeOptions eo;
    eo.dialect = d;
    DecodeOptions dopts;
    dopts.dialect = d;
    Parser parser;
    Edit edit;
    for (int i = 0; i < 400; ++i) {
      Dictionary root;
      const int keys = 1 + rng() % 6;
      for (int k = 0; k < keys; ++k) {
        root.Set(Variant::String(absl::StrCat("k", k)), gen.Make(ro));
      }
      Array arr;
      const int n = rng() % 5;
      for (int k = 0; k < n; ++k) arr.items.push_back(gen.Make(ro));
      root.Set(Variant::String("arr"), Variant::MakeArray(arr));
      Variant want = Variant::MakeDictionary(root);
      const std::string msg = Enc(want, eo);
      ParseResult r = parser.Parse(Bytes(msg), dopts);
      ASSERT_TRUE(r.ok());
      edit.Reset(r.root);
      Dictionary& wd = want.mutable_dictionary();
      // 1-3 edits on distinct places.
      const int ops = 1 + rng() % 3;
      bool touched_arr = false, touched_key[8] = {};
      for (int o = 0; o < ops; ++o) {
        const int k = rng() % (keys + 2);  // keys + 1: a new key
        const std::string key = absl::StrCat("k", k);
        switch (rng() % 4) {
          case 0: {  // set (replace or add)
            if (k < 8 && touched_key[k]) break;
            if (k < 8) touched_key[k] = true;
            const Variant nv = gen.Make(ro);
            edit.Set(r.root, key, Enc(nv, eo));
            wd.Set(Variant::String(key), nv);
            break;
          }
          case 1:  // remove
            if (k < 8 && touched_key[k]) break;
            if (k < 8) touched_key[k] = true;
            edit.Remove(r.root, key);
            wd.Erase(Variant::String(key));
            break;
          case 2: {  // append to the array
            if (touched_arr) break;
            const Variant nv = gen.Make(ro);
            edit.Append(r.root["arr"], Enc(nv, eo));
            edit.Append(r.root["arr"], Enc(nv, eo));
            wd.FindMutable(Variant::String("arr"))
                ->mutable_array()
                .items.push_back(nv);
            wd.FindMutable(Variant::String("arr"))
                ->mutable_array()
                .items.push_back(nv);
            touched_arr = true;
            break;
          }
          case 3: {  // remove an element of the array, replace another
            if (touched_arr || n < 2) break;
            touched_arr = true;
            const Variant nv = gen.Make(ro);
            edit.RemoveAt(r.root["arr"], 0);
            edit.Replace(r.root["arr"][n - 1], Enc(nv, eo));
            auto& items =
                wd.FindMutable(Variant::String("arr"))->mutable_array().items;
            items.back() = nv;
            items.erase(items.begin());
            break;
          }
        }
      }
      std::string out = "pre";
      const Error e = edit.WriteTo(&out);
      ASSERT_TRUE(e.ok()) << e.ToString();
      const std::string expect = Enc(want, eo);
      ASSERT_EQ(absl::BytesToHexString(out.substr(3)),
                absl::BytesToHexString(expect))
          << DialectName(d) << " message #" << i;
      ++edits;
    }
  }
  EXPECT_EQ(edits, 1600);
}

// Corpus messages whose bytes are canonical: their root Dictionaries lose
// their first entry and gain a key; their root Arrays lose the first
// element and gain a copy of the last.
TEST(EditTest, CorpusMessagesAsDecodeModifyEncode) {
  size_t edited = 0;
  Parser parser;
  Edit edit;
  for (const char* dir : {"godot3", "godot4", "pandemonium", "pandemonium4"}) {
    for (const testing::CorpusCase& c : testing::LoadCorpus(dir)) {
      if (c.kind == "frame") continue;
      DecodeOptions dopts;
      dopts.dialect = c.dialect;
      dopts.allow_objects = true;
      size_t used = 0;
      auto v = reference::Decode(Bytes(c.input), dopts, &used);
      if (!v.ok()) continue;
      EncodeOptions eo;
      eo.dialect = c.dialect;
      eo.full_objects = true;
      auto canon = encode::Encode(*v, eo);
      if (!canon.ok() || *canon != c.input.substr(0, used)) continue;
      Variant want = *v;
      ParseResult r = parser.Parse(Bytes(c.input), dopts);
      ASSERT_TRUE(r.ok());
      edit.Reset(r.root);
      if (v->type() == Type::kDictionary &&
          !v->dictionary().key_type.is_typed() &&
          !v->dictionary().value_type.is_typed()) {
        Dictionary& wd = want.mutable_dictionary();
        if (!wd.entries.empty() && !wd.Contains(Variant::String("zz"))) {
          edit.RemoveAt(r.root, 0);
          wd.Erase(Variant(wd.entries[0].first));
        }
        edit.Set(r.root, "zz", Enc(Variant::Int(7), eo));
        wd.Set(Variant::String("zz"), Variant::Int(7));
      } else if (v->type() == Type::kArray && !v->array().items.empty()) {
        auto& items = want.mutable_array().items;
        const Variant last = items.back();
        edit.RemoveAt(r.root, 0);
        edit.Append(r.root, r.root[r.root.size() - 1].bytes());
        items.erase(items.begin());
        items.push_back(last);
      } else {
        continue;
      }
      std::string out;
      const Error e = edit.WriteTo(&out);
      ASSERT_TRUE(e.ok()) << c.name << " " << e.ToString();
      auto expect = encode::Encode(want, eo);
      ASSERT_TRUE(expect.ok());
      EXPECT_EQ(absl::BytesToHexString(out), absl::BytesToHexString(*expect))
          << c.name;
      ++edited;
    }
  }
  EXPECT_GT(edited, 40u);
}

TEST(EditTest, NestedAppendsAtTheSameEnd) {
  // [1, [2]]: appends to the outer and the inner Array end at one byte.
  Variant inner = Variant::MakeArray(Array{});
  inner.mutable_array().items = {Variant::Int(2)};
  Variant outer = Variant::MakeArray(Array{});
  outer.mutable_array().items = {Variant::Int(1), inner};
  const std::string msg = Enc(outer, {});
  Parser parser;
  ParseResult r = parser.Parse(Bytes(msg));
  ASSERT_TRUE(r.ok());
  Edit edit(r.root);
  edit.Append(r.root, Enc(Variant::Int(4), {}));     // outer first
  edit.Append(r.root[1], Enc(Variant::Int(3), {}));  // then inner
  std::string out;
  ASSERT_TRUE(edit.WriteTo(&out, encode::Prefix::kStreamPeer).ok());
  outer.mutable_array().items[1].mutable_array().items.push_back(
      Variant::Int(3));
  outer.mutable_array().items.push_back(Variant::Int(4));
  const std::string want = Enc(outer, {});
  ASSERT_EQ(out.size(), want.size() + 4);
  EXPECT_EQ(out.substr(4), want);
  EXPECT_EQ(static_cast<uint8_t>(out[0]), want.size());
}

TEST(ForwardTest, NamesAndPackedStringsAreNotValues) {
  Variant np = Variant::MakeNodePath(NodePath{{"a", "b"}, {"c"}, true});
  Variant ps = Variant::PackedStrings({"x", "yz"});
  Variant arr = Variant::MakeArray(Array{});
  arr.mutable_array().items = {np, ps};
  const std::string msg = Enc(arr, {});
  Parser parser;
  ParseResult r = parser.Parse(Bytes(msg));
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r.root[0].bytes().empty());
  EXPECT_TRUE(r.root[0][0].bytes().empty());
  EXPECT_TRUE(r.root[1][1].bytes().empty());
  Edit edit(r.root);
  edit.Replace(r.root[1][1], Enc(Variant::String("q"), {}));
  std::string out;
  EXPECT_EQ(edit.WriteTo(&out).kind, ErrorKind::kInvalidArgument);
  encode::Writer w;
  w.Start(&out);
  w.Raw(r.root[0][1].bytes());
  EXPECT_FALSE(w.Finish().ok());
}

TEST(EditTest, MisuseIsAnError) {
  Dictionary d;
  d.Set(Variant::String("a"), Variant::Int(1));
  Array typed;
  typed.element_type = ContainerType::Builtin(Type::kInt);
  typed.items = {Variant::Int(5)};
  d.Set(Variant::String("ints"), Variant::MakeArray(typed));
  const std::string msg = Enc(Variant::MakeDictionary(d), {});
  const std::string other = Enc(Variant::Int(9), {});
  Parser parser, parser2;
  ParseResult r = parser.Parse(Bytes(msg));
  ParseResult r2 = parser2.Parse(Bytes(other));
  ASSERT_TRUE(r.ok() && r2.ok());
  const std::string s = Enc(Variant::String("x"), {});
  struct Case {
    const char* name;
    void (*edit)(Edit*, Element, Element, const std::string&);
  };
  const Case cases[] = {
      {"overlap",
       [](Edit* e, Element root, Element, const std::string& v) {
         e->Replace(root["a"], v).Replace(root["a"], v);
       }},
      {"replace a container and edit inside",
       [](Edit* e, Element root, Element, const std::string& v) {
         e->Replace(root, v).Set(root, "a", v);
       }},
      {"other message", [](Edit* e, Element, Element other,
                           const std::string& v) { e->Replace(other, v); }},
      {"append to a Dictionary",
       [](Edit* e, Element root, Element, const std::string& v) {
         e->Append(root, v);
       }},
      {"set in an Array",
       [](Edit* e, Element root, Element, const std::string& v) {
         e->Set(root["ints"], "a", v);
       }},
      {"typed array",
       [](Edit* e, Element root, Element, const std::string& v) {
         e->Append(root["ints"], v);  // a String into Array[int]
       }},
      {"index", [](Edit* e, Element root, Element,
                   const std::string&) { e->RemoveAt(root["ints"], 1); }},
      {"invalid", [](Edit* e, Element root, Element,
                     const std::string& v) { e->Replace(root["none"], v); }},
  };
  Edit edit;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    edit.Reset(r.root);
    c.edit(&edit, r.root, r2.root, s);
    std::string out = "keep";
    const Error e = edit.WriteTo(&out);
    EXPECT_EQ(e.kind, ErrorKind::kInvalidArgument) << e.ToString();
    EXPECT_EQ(out, "keep");
  }
  // And a good edit with the same Edit afterwards.
  edit.Reset(r.root);
  edit.Append(r.root["ints"], Enc(Variant::Int(6), {}));
  std::string out;
  EXPECT_TRUE(edit.WriteTo(&out).ok());
  typed.items.push_back(Variant::Int(6));
  d.Set(Variant::String("ints"), Variant::MakeArray(typed));
  EXPECT_EQ(out, Enc(Variant::MakeDictionary(d), {}));
}

}  // namespace
}  // namespace document
}  // namespace gdwire
