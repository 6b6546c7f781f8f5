// Copyright 2026 The gdwire Authors.
//
// The lazy API by hand-made bytes: typed accessors, text views (BOM, NUL,
// Godot 3 overlong forms), typed-container descriptors, cursors over
// Arrays, Dictionaries (duplicates as on the wire), Objects and NodePaths,
// errors with offsets and paths, MessageView lifetime and top-level rules.

#include "codec/view/value_view.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/reference/decoder.h"
#include "codec/view/view.h"
#include "codec/wire.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace view {
namespace {

// Little builder of wire bytes.
struct W {
  std::string b;
  W& u32(uint32_t v) {
    wire::AppendU32(&b, v);
    return *this;
  }
  W& u64(uint64_t v) {
    wire::AppendU64(&b, v);
    return *this;
  }
  W& f32(float v) {
    wire::AppendF32(&b, v);
    return *this;
  }
  W& str(const std::string& s) {
    u32(static_cast<uint32_t>(s.size()));
    b += s;
    wire::AppendPad4(&b, s.size());
    return *this;
  }
};

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

DecodeOptions Opts(Dialect d = Dialect::kGodot4, bool objects = false) {
  DecodeOptions o;
  o.dialect = d;
  o.allow_objects = objects;
  return o;
}

MessageView Open(const std::string& b, const DecodeOptions& o = Opts()) {
  auto doc = MessageView::Open(Bytes(b), o);
  EXPECT_TRUE(doc.ok()) << doc.status();
  return std::move(*doc);
}

TEST(ValueView, Scalars) {
  const std::string i64 = W().u32(2 | wire::kFlag64).u64(-5ll).b;
  MessageView d = Open(i64);
  EXPECT_EQ(d.root().type(), Type::kInt);
  EXPECT_TRUE(d.root().is_wide());
  EXPECT_EQ(*d.root().as_int(), -5);
  // Wrong type: kInvalidArgument at the value's offset.
  auto s = d.root().as_string();
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(ErrorFromStatus(s.status()).kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(*Open(W().u32(1).u32(7).b).root().as_bool(), true);
  EXPECT_EQ(*Open(W().u32(3).f32(1.5f).b).root().as_float(), 1.5);
  EXPECT_EQ(*Open(W().u32(23).u64(99).b).root().rid(), 99u);
  EXPECT_EQ(*Open(W().u32(16).b, Opts(Dialect::kGodot3)).root().rid(), 0u);
  double v[3];
  ASSERT_TRUE(Open(W().u32(9).f32(1).f32(2).f32(3).b)
                  .root()
                  .reals(absl::MakeSpan(v))
                  .ok());
  EXPECT_EQ(v[2], 3.0);
  int32_t iv[2];
  ASSERT_TRUE(
      Open(W().u32(6).u32(4).u32(-2).b).root().ints(absl::MakeSpan(iv)).ok());
  EXPECT_EQ(iv[1], -2);
  // Header flags are kept.
  EXPECT_EQ(Open(W().u32(0x00120002).u32(1).b).root().flags(), 0x1200u);
}

TEST(ValueView, TruncatedAccessorsFailLikeTheReference) {
  for (const std::string& b :
       {W().u32(2 | wire::kFlag64).u32(1).b, W().u32(1).b,
        W().u32(9).f32(1).f32(2).b, W().u32(4).u32(8).b + "abc",
        W().u32(26).str("sig").u32(0).b}) {
    MessageView d = Open(b);
    const auto ref = reference::Decode(Bytes(b), Opts());
    ASSERT_FALSE(ref.ok());
    const Error want = ErrorFromStatus(ref.status());
    absl::Status got;
    switch (d.root().type()) {
      case Type::kInt:
        got = d.root().as_int().status();
        break;
      case Type::kBool:
        got = d.root().as_bool().status();
        break;
      case Type::kVector3: {
        double v[3];
        got = d.root().reals(absl::MakeSpan(v));
        break;
      }
      case Type::kString:
        got = d.root().as_string_view().status();
        break;
      default:
        got = d.root().signal().status();
        break;
    }
    const Error e = ErrorFromStatus(got);
    EXPECT_EQ(e.kind, want.kind) << e.ToString();
    EXPECT_EQ(e.offset, want.offset) << e.ToString();
    EXPECT_EQ(e.path, "$");
  }
}

TEST(ValueView, StringsPointIntoTheBuffer) {
  std::string text = "\xEF\xBB\xBFhi";
  text.push_back('\0');
  text += "junk";
  const std::string bytes = W().u32(4).str(text).b;
  MessageView d = Open(bytes);
  auto sv = d.root().as_string_view();
  ASSERT_TRUE(sv.ok());
  EXPECT_EQ(*sv, "hi");
  EXPECT_EQ(sv->data(), bytes.data() + 8 + 3);  // zero copy, after the BOM
  auto t = d.root().text();
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(t->canonical());
  EXPECT_EQ(t->offset(), 4u);
  // StringName too; invalid UTF-8 fails at the offending byte.
  EXPECT_EQ(*Open(W().u32(21).str("ab").b).root().as_string(), "ab");
  auto bad = Open(W().u32(4).str("a\xC0\x80").b).root().as_string_view();
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(ErrorFromStatus(bad.status()).kind, ErrorKind::kInvalidUtf8);
  EXPECT_EQ(ErrorFromStatus(bad.status()).offset, 9u);
}

TEST(ValueView, Godot3OverlongTextIsNotCanonical) {
  // E0 80 BF is accepted by Godot 3 as U+003F '?'; ED A0 80 (a surrogate)
  // is kept as is.
  const std::string b = W().u32(4).str("x\xE0\x80\xBFy\xED\xA0\x80").b;
  MessageView d = Open(b, Opts(Dialect::kGodot3));
  auto t = d.root().text();
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_FALSE(t->canonical());
  EXPECT_EQ(t->view(), "x\xE0\x80\xBFy\xED\xA0\x80");
  EXPECT_EQ(t->ToString(), "x?y\xED\xA0\x80");
  EXPECT_EQ(*d.root().as_string(), "x?y\xED\xA0\x80");
  auto ref = reference::Decode(Bytes(b), Opts(Dialect::kGodot3));
  ASSERT_TRUE(ref.ok());
  EXPECT_EQ(ref->as_string(), *d.root().as_string());
  // godot4 rejects both.
  EXPECT_FALSE(Open(b).root().text().ok());
}

TEST(ValueView, TypedArrayAndItsElements) {
  // Array[int] [1, "a", 3]: the cursor shows all three (the wire); the
  // engine's value drops "a".
  const std::string b = W().u32(28 | (1u << 16))
                            .u32(2)
                            .u32(3)
                            .u32(2)
                            .u32(1)
                            .u32(4)
                            .str("a")
                            .u32(2)
                            .u32(3)
                            .b;
  MessageView d = Open(b);
  auto a = d.root().array();
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->element_type().kind(), ContainerTypeView::Kind::kBuiltin);
  EXPECT_EQ(a->element_type().builtin(), Type::kInt);
  EXPECT_EQ(a->element_type().ToContainerType(),
            ContainerType::Builtin(Type::kInt));
  EXPECT_EQ(a->size(), 3u);
  std::vector<Type> types;
  for (const absl::StatusOr<ValueView>& e : a->elements()) {
    ASSERT_TRUE(e.ok());
    types.push_back(e->type());
    EXPECT_EQ(e->depth(), 1);
  }
  EXPECT_EQ(types, (std::vector<Type>{Type::kInt, Type::kString, Type::kInt}));
  auto v = d.ToVariant();
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->array().items.size(), 2u);
  EXPECT_EQ(*v, *reference::Decode(Bytes(b), Opts()));
}

TEST(ValueView, DictionaryCursorShowsTheWire) {
  // {"a": 1, "a": 2}: two entries on the wire, one in the value.
  const std::string b = W().u32(27)
                            .u32(2)
                            .u32(4)
                            .str("a")
                            .u32(2)
                            .u32(1)
                            .u32(4)
                            .str("a")
                            .u32(2)
                            .u32(2)
                            .b;
  MessageView d = Open(b);
  auto dict = d.root().dictionary();
  ASSERT_TRUE(dict.ok());
  EXPECT_EQ(dict->size(), 2u);
  EXPECT_FALSE(dict->key_type().is_typed());
  std::vector<int64_t> values;
  DictionaryCursor cur = dict->cursor();
  DictionaryView::Entry e;
  while (cur.Next(&e)) {
    EXPECT_EQ(*e.key.as_string_view(), "a");
    values.push_back(*e.value.as_int());
  }
  EXPECT_TRUE(cur.status().ok());
  EXPECT_EQ(values, (std::vector<int64_t>{1, 2}));
  auto v = d.ToVariant();
  ASSERT_TRUE(v.ok());
  ASSERT_EQ(v->dictionary().entries.size(), 1u);
  EXPECT_EQ(v->dictionary().entries[0].second.as_int(), 2);
}

TEST(ValueView, CursorErrorsCarryOffsetAndPath) {
  // [1, <truncated string>]: the second element's skip fails only when the
  // cursor moves past it; reading it fails at once.
  const std::string b = W().u32(28).u32(3).u32(2).u32(1).u32(4).u32(40).b;
  MessageView d = Open(b);
  auto a = d.root().array();
  ASSERT_TRUE(a.ok());
  ArrayCursor cur = a->cursor();
  ValueView e;
  ASSERT_TRUE(cur.Next(&e));
  ASSERT_TRUE(cur.Next(&e));
  auto s = e.as_string_view();
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(ErrorFromStatus(s.status()).offset, 20u);
  EXPECT_FALSE(cur.Next(&e));
  const Error err = ErrorFromStatus(cur.status());
  EXPECT_EQ(err.kind, ErrorKind::kTruncated);
  EXPECT_EQ(err.offset, 20u);
  EXPECT_EQ(err.path, "$[1]");
  EXPECT_FALSE(cur.Next(&e));  // stays stopped
  const Error ref =
      ErrorFromStatus(reference::Decode(Bytes(b), Opts()).status());
  EXPECT_EQ(ref.offset, err.offset);
  EXPECT_EQ(ref.path, err.path);
  // The range form yields the error once, then ends.
  int steps = 0, errors = 0;
  for (const auto& x : a->elements()) {
    ++steps;
    errors += !x.ok();
  }
  EXPECT_EQ(steps, 3);
  EXPECT_EQ(errors, 1);
}

TEST(ValueView, Objects) {
  const std::string as_id = W().u32(24 | wire::kFlagObjectAsId).u64(5).b;
  auto o = Open(as_id).root().object();
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(o->kind(), Object::Kind::kId);
  EXPECT_EQ(o->id(), 5u);
  const std::string full =
      W().u32(24).str("Node").u32(2).str("x").u32(2).u32(3).str("y").u32(0).b;
  auto denied = Open(full).root().object();
  ASSERT_FALSE(denied.ok());
  EXPECT_EQ(ErrorFromStatus(denied.status()).kind,
            ErrorKind::kObjectsNotAllowed);
  MessageView d = Open(full, Opts(Dialect::kGodot4, true));
  auto f = d.root().object();
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->kind(), Object::Kind::kFull);
  EXPECT_EQ(f->class_name().view(), "Node");
  EXPECT_EQ(f->property_count(), 2u);
  std::vector<std::string> names;
  for (const auto& p : f->property_range()) {
    ASSERT_TRUE(p.ok());
    names.push_back(std::string(p->name.view()));
  }
  EXPECT_EQ(names, (std::vector<std::string>{"x", "y"}));
}

TEST(ValueView, NodePathAndSignal) {
  const std::string np =
      W().u32(22).u32(0x80000002).u32(1).u32(1).str("root").str("a").str("b").b;
  MessageView d = Open(np);
  auto p = d.root().node_path();
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->name_count(), 2u);
  EXPECT_EQ(p->subname_count(), 1u);
  EXPECT_TRUE(p->absolute());
  auto path = p->ToNodePath();
  ASSERT_TRUE(path.ok());
  EXPECT_EQ(path->names, (std::vector<std::string>{"root", "a"}));
  EXPECT_EQ(path->subnames, (std::vector<std::string>{"b"}));
  // Counts wrap in u32 as in the engine: 1 + 0xFFFFFFFF = 0 components.
  auto wrapped = Open(W().u32(22).u32(0x80000001).u32(0xFFFFFFFF).u32(1).b)
                     .root()
                     .node_path();
  ASSERT_TRUE(wrapped.ok());
  EXPECT_EQ(wrapped->component_count(), 0u);
  EXPECT_FALSE(wrapped->absolute());
  auto old = Open(W().u32(22).u32(1).b).root().node_path();
  EXPECT_EQ(ErrorFromStatus(old.status()).kind, ErrorKind::kInvalidNodePath);
  const std::string sb = W().u32(26).str("sig").u64(5).b;
  MessageView sd = Open(sb);  // the buffer and the MessageView outlive the view
  auto sig = sd.root().signal();
  ASSERT_TRUE(sig.ok());
  EXPECT_EQ(sig->name.view(), "sig");
  EXPECT_EQ(sig->object_id, 5u);
}

TEST(ValueView, PackedStrings) {
  std::string b = W().u32(34).u32(2).b;
  W w;
  w.u32(2).b += std::string("a\0\0\0", 4);
  w.u32(4).b += std::string("bcd\0", 4);
  b += w.b;
  MessageView d = Open(b);
  auto s = d.root().packed_string_array();
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->size(), 2u);
  std::vector<std::string> got;
  for (const auto& t : s->elements()) {
    ASSERT_TRUE(t.ok());
    got.push_back(std::string(t->view()));
  }
  EXPECT_EQ(got, (std::vector<std::string>{"a", "bcd"}));
  // A negative count is an empty array, as in the engine.
  auto neg = Open(W().u32(34).u32(0xFFFFFFFF).b).root().packed_string_array();
  ASSERT_TRUE(neg.ok());
  EXPECT_EQ(neg->size(), 0u);
}

TEST(MessageView, LifetimeAndTopLevelRules) {
  const std::string b = W().u32(28).u32(1).u32(2).u32(9).b + "tail";
  auto doc = MessageView::Open(Bytes(b), Opts(), /*base_offset=*/1000);
  ASSERT_TRUE(doc.ok());
  ValueView root = doc->root();
  MessageView moved = std::move(*doc);  // views stay valid
  auto a = root.array();
  ASSERT_TRUE(a.ok());
  ValueView e;
  ArrayCursor cur = a->cursor();
  ASSERT_TRUE(cur.Next(&e));
  EXPECT_EQ(*e.as_int(), 9);
  EXPECT_EQ(e.offset(), 1008u);
  size_t used = 0;
  EXPECT_TRUE(moved.Validate(&used).ok());
  EXPECT_EQ(used, 16u);
  EXPECT_EQ(*root.EncodedSize(), 16u);
  DecodeOptions strict = Opts();
  strict.reject_trailing_bytes = true;
  auto s = MessageView::Open(Bytes(b), strict);
  ASSERT_TRUE(s.ok());
  const Error t = ErrorFromStatus(s->Validate());
  EXPECT_EQ(t.kind, ErrorKind::kTrailingBytes);
  EXPECT_EQ(t.offset, 16u);
  EXPECT_FALSE(s->ToVariant().ok());
  // Bad headers fail at Open, as in the reference.
  auto empty = MessageView::Open(Bytes(""));
  EXPECT_EQ(ErrorFromStatus(empty.status()).kind, ErrorKind::kTruncated);
  auto bad = MessageView::Open(Bytes(W().u32(200).b));
  EXPECT_EQ(ErrorFromStatus(bad.status()).kind, ErrorKind::kInvalidType);
  ValueView none;
  EXPECT_FALSE(none.as_int().ok());
  EXPECT_FALSE(none.ToVariant().ok());
}

}  // namespace
}  // namespace view
}  // namespace gdwire
