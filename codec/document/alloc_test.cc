// Copyright 2026 The gdwire Authors.
//
// document::Parser allocates nothing per message once warmed up: after one
// pass over a set of messages (which sizes the tape, the slot table and the
// stack), parsing them all again and reading every field through the
// Element API (lookups by key included) makes no heap allocation at all,
// counted by a replaced operator new. Every dialect, random values. An
// OwnedDocument takes a fixed number of blocks a message.

#include <cstdint>
#include <string>
#include <vector>

#include "codec/document/document.h"
#include "codec/document/owned.h"
#include "codec/reference/encoder.h"
#include "gtest/gtest.h"
#include "tests/alloc_counter.h"
#include "tests/random_variant.h"

// The counting operator new (//tests:alloc_counter).
using gdwire::test_alloc::allocations;
using gdwire::test_alloc::counting;

namespace gdwire {
namespace document {
namespace {

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

// Reads every field (no ToVariant, no lookups by non-hashed keys).
uint64_t Touch(const Element& e) {
  uint64_t sum = static_cast<uint64_t>(e.type()) + e.size();
  switch (e.type()) {
    case Type::kBool:
      return sum + e.as_bool();
    case Type::kInt:
      return sum + static_cast<uint64_t>(e.as_int());
    case Type::kFloat:
      return sum + (e.as_float() > 0);
    case Type::kString:
    case Type::kStringName:
      return sum + e.as_string().size();
    case Type::kDictionary:
      for (Element::Entry en : e.entries()) {
        sum += Touch(en.key) + Touch(en.value);
        // A lookup by the same key finds a value (the last duplicate).
        if (en.key.type() == Type::kString ||
            en.key.type() == Type::kStringName) {
          sum += e[en.key.as_string()].valid();
        } else if (en.key.type() == Type::kInt) {
          sum += e.FindInt(en.key.as_int()).valid();
        }
      }
      return sum;
    case Type::kObject:
      sum += e.object_id() + e.object_class().size();
      for (Element::Entry en : e.entries()) {
        sum += Touch(en.key) + Touch(en.value);
      }
      return sum;
    default:
      break;
  }
  for (Element c : e) sum += Touch(c);
  double r[16];
  if (RealComponents(e.type()) > 0) sum += e.reals(absl::MakeSpan(r));
  int32_t v[4];
  if (IntComponents(e.type()) > 0) sum += e.ints(absl::MakeSpan(v));
  sum += e.packed_bytes().size() + e.signal_name().size() + e.rid();
  return sum;
}

TEST(AllocTest, NoAllocationPerMessageOnceWarmedUp) {
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3, Dialect::kPandemonium,
                    Dialect::kPandemonium4}) {
    gdwire::testing::RandomVariant gen(41 + static_cast<int>(d));
    gdwire::testing::RandomOptions ro;
    ro.dialect = d;
    EncodeOptions eo;
    eo.dialect = d;
    eo.full_objects = true;
    std::vector<std::string> messages;
    for (int i = 0; i < 300; ++i) {
      absl::StatusOr<std::string> b = reference::Encode(gen.Make(ro), eo);
      ASSERT_TRUE(b.ok()) << b.status();
      messages.push_back(*b);
    }
    DecodeOptions o;
    o.dialect = d;
    o.allow_objects = true;
    Parser parser;
    uint64_t sum = 0;
    for (const std::string& m : messages) {  // warm up
      ParseResult r = parser.Parse(Bytes(m), o);
      ASSERT_TRUE(r.ok()) << r.error.ToString();
      sum += Touch(r.root);
    }
    allocations = 0;
    counting = true;
    int parsed = 0;
    for (int round = 0; round < 3; ++round) {
      for (const std::string& m : messages) {
        ParseResult r = parser.Parse(Bytes(m), o);
        parsed += r.ok();
        sum += Touch(r.root);
      }
    }
    counting = false;
    EXPECT_EQ(parsed, 900);
    EXPECT_EQ(allocations, 0u) << DialectName(d);
    EXPECT_NE(sum, 0u);
  }
}

// OwnedDocument::Parse with a warm Parser: at most four heap blocks a
// message (the Parser copy, the bytes, the tape, the slot table), whatever
// the message holds; reading it afterwards allocates nothing.
TEST(AllocTest, OwnedDocumentTakesFourBlocksAMessage) {
  gdwire::testing::RandomVariant gen(97);
  gdwire::testing::RandomOptions ro;
  EncodeOptions eo;
  eo.full_objects = true;
  DecodeOptions o;
  o.allow_objects = true;
  std::vector<std::string> messages;
  for (int i = 0; i < 200; ++i) {
    messages.push_back(*reference::Encode(gen.Make(ro), eo));
  }
  Parser parser;
  for (const std::string& m : messages) {  // warm up
    ASSERT_TRUE(OwnedDocument::Parse(&parser, Bytes(m), o).ok());
  }
  uint64_t sum = 0;
  for (const std::string& m : messages) {
    allocations = 0;
    counting = true;
    absl::StatusOr<OwnedDocument> d =
        OwnedDocument::Parse(&parser, Bytes(m), o);
    const uint64_t parse = allocations;
    sum += d.ok() ? Touch(d->root()) : 0;
    counting = false;
    ASSERT_TRUE(d.ok()) << d.status();
    EXPECT_LE(parse, 4u);
    EXPECT_EQ(allocations, parse) << "reading allocated";
  }
  EXPECT_NE(sum, 0u);
}

// The counter works: a cold Parser allocates (its tape), and so does
// ToVariant of a container.
TEST(AllocTest, TheCounterCounts) {
  Array a;
  a.items = {Variant::String("a string longer than the inline buffer"),
             Variant::Int(2)};
  const std::string m = *reference::Encode(Variant::MakeArray(a), {});
  Parser parser;
  allocations = 0;
  counting = true;
  ParseResult r = parser.Parse(Bytes(m));
  const uint64_t cold = allocations;
  absl::StatusOr<Variant> v = r.root.ToVariant();
  counting = false;
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE(v.ok());
  EXPECT_GT(cold, 0u);
  EXPECT_GT(allocations, cold);
}

}  // namespace
}  // namespace document
}  // namespace gdwire
