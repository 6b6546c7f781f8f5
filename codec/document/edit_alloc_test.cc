// Copyright 2026 The gdwire Authors.
//
// Forward and edit allocate nothing per message once warm: after one pass
// over the messages (which grows the Parser's tape, the Edit's patch lists
// and scratch, and the output buffer), parsing each again, forwarding a
// subtree with the Writer and writing an edited copy make no heap
// allocation, counted by a replaced operator new.

#include <cstdint>
#include <string>
#include <vector>

#include "codec/document/document.h"
#include "codec/document/edit.h"
#include "codec/encode/encoder.h"
#include "codec/encode/writer.h"
#include "gtest/gtest.h"
#include "tests/alloc_counter.h"
#include "tests/random_variant.h"

using gdwire::test_alloc::allocations;
using gdwire::test_alloc::counting;

namespace gdwire {
namespace document {
namespace {

TEST(EditAllocTest, NoAllocationPerMessageOnceWarm) {
  testing::RandomVariant gen(5);
  testing::RandomOptions ro;
  ro.objects = false;
  std::vector<std::string> messages;
  for (int i = 0; i < 100; ++i) {
    Dictionary d;
    d.Set(Variant::String("tick"), Variant::Int(i));
    d.Set(Variant::String("state"), gen.Make(ro));
    Array a;
    a.items = {gen.Make(ro), gen.Make(ro)};
    d.Set(Variant::String("log"), Variant::MakeArray(a));
    messages.push_back(*encode::Encode(Variant::MakeDictionary(d), {}));
  }
  const std::string tick = *encode::Encode(Variant::Int(1 << 20), {});
  Parser parser;
  Edit edit;
  encode::Writer w;
  std::string out;
  size_t written = 0;
  for (int round = 0; round < 2; ++round) {
    if (round == 1) {
      allocations = 0;
      counting = true;
    }
    for (const std::string& m : messages) {
      ParseResult r = parser.Parse(m);
      if (!r.ok()) break;
      out.clear();
      w.Start(&out, encode::Prefix::kStreamPeer);
      w.BeginDictionary(1).Key("state").Raw(r.root["state"].bytes());
      w.EndDictionary();
      const bool forwarded = w.Finish().ok();
      edit.Reset(r.root);
      edit.Set(r.root, "tick", tick).Set(r.root, "new", tick);
      edit.Append(r.root["log"], r.root["tick"].bytes())
          .RemoveAt(r.root["log"], 0);
      const bool edited = edit.WriteTo(&out).ok();
      if (!forwarded || !edited) break;
      written += out.size();
    }
    counting = false;
  }
  EXPECT_GT(written, 1000u);
  EXPECT_EQ(allocations, 0u);
}

}  // namespace
}  // namespace document
}  // namespace gdwire
