// Copyright 2026 The gdwire Authors.
//
// ReusingDecoder: the same values and verdicts as stream::Decode whatever
// the Variant held before, and no allocation at all for a message of the
// same shape as the last one (counted by a replaced operator new).

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/reference/encoder.h"
#include "codec/stream/value_reader.h"
#include "gtest/gtest.h"
#include "tests/alloc_counter.h"
#include "tests/random_variant.h"

// The counting operator new (//tests:alloc_counter).
using gdwire::test_alloc::allocations;
using gdwire::test_alloc::counting;

namespace gdwire {
namespace stream {
namespace {

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

std::string Encode(const Variant& v) {
  auto e = reference::Encode(v, EncodeOptions());
  EXPECT_TRUE(e.ok()) << e.status();
  return *e;
}

// A snapshot-like message; `k` changes every value but not the shape
// (string lengths stay the same).
Variant Message(int k) {
  Dictionary msg;
  msg.Set(Variant::StringName("type"), Variant::StringName("snapshot"));
  msg.Set(Variant::StringName("tick"), Variant::Int(1000 + k));
  msg.Set(Variant::String("a key longer than fifteen bytes"),
          Variant::String(absl::StrCat("a value longer than SSO #", k % 10)));
  Array players;
  for (int i = 0; i < 16; ++i) {
    Dictionary p;
    p.Set(Variant::StringName("id"), Variant::Int(i));
    p.Set(Variant::StringName("name"),
          Variant::String(absl::StrCat("player_", i % 10, k % 10)));
    p.Set(Variant::StringName("pos"), Variant::Vector3(k, i, 0.5));
    p.Set(Variant::StringName("hp"), Variant::Int(100 - k));
    for (int j = 0; j < 10; ++j) {  // past the Dictionary's linear search
      p.Set(Variant::Int(j), Variant::Float(j * 0.5 + k));
    }
    players.Append(Variant::MakeDictionary(std::move(p)));
  }
  msg.Set(Variant::StringName("players"), Variant::MakeArray(players));
  std::vector<float> path(90);
  for (size_t i = 0; i < path.size(); ++i) path[i] = float(i + k);
  msg.Set(Variant::StringName("path"),
          Variant::PackedRealVectors32(Type::kPackedVector3Array, path));
  msg.Set(Variant::StringName("tags"),
          Variant::PackedStrings(
              {absl::StrCat("tag number ", k % 10, "xxxxxx"), "short"}));
  msg.Set(Variant::StringName("blob"),
          Variant::PackedBytes(std::vector<uint8_t>(33, uint8_t(k))));
  return Variant::MakeDictionary(std::move(msg));
}

TEST(ReusingDecoder, SameShapeAllocatesNothing) {
  ReusingDecoder decoder{DecodeOptions()};
  Variant out;
  const std::string a = Encode(Message(1));
  const std::string b = Encode(Message(2));
  ASSERT_TRUE(decoder.DecodeInto(Bytes(a), &out).ok());  // warms up
  ASSERT_TRUE(decoder.DecodeInto(Bytes(b), &out).ok());
  for (int round = 0; round < 3; ++round) {
    for (const std::string* m : {&a, &b}) {
      allocations = 0;
      counting = true;
      const absl::Status st = decoder.DecodeInto(Bytes(*m), &out);
      counting = false;
      ASSERT_TRUE(st.ok()) << st;
      EXPECT_EQ(allocations, 0u) << "round " << round;
      auto want = Decode(Bytes(*m), DecodeOptions());
      ASSERT_TRUE(want.ok());
      EXPECT_EQ(out, *want);
    }
  }
  // The index of a refilled Dictionary finds the new keys.
  const Variant* players = out.dictionary().Find(Variant::String("players"));
  ASSERT_NE(players, nullptr);
  const Dictionary& p0 = players->array().items[0].dictionary();
  ASSERT_NE(p0.Find(Variant::Int(9)), nullptr);
  EXPECT_EQ(p0.Find(Variant::Int(9))->as_float(), 9 * 0.5 + 2);
}

// Whatever the Variant held, the result is Decode's: values of random
// shapes one after the other into the same Variant, and every truncation.
TEST(ReusingDecoder, AgreesWithDecodeAcrossShapes) {
  for (Dialect d : {Dialect::kGodot4, Dialect::kGodot3}) {
    testing::RandomVariant gen(uint64_t(d) + 17);
    testing::RandomOptions ro;
    ro.dialect = d;
    ro.objects = false;
    DecodeOptions opts;
    opts.dialect = d;
    ReusingDecoder decoder(opts);
    Variant out;
    for (int i = 0; i < 1500; ++i) {
      EncodeOptions eo;
      eo.dialect = d;
      auto enc = reference::Encode(gen.Make(ro), eo);
      ASSERT_TRUE(enc.ok());
      const std::string& s = *enc;
      const size_t cut = i % 3 == 0 ? s.size() * (i % 7) / 7 : s.size();
      const auto bytes = Bytes(s).subspan(0, cut);
      size_t used_want = 0, used_got = 0;
      auto want = Decode(bytes, opts, &used_want);
      const absl::Status got = decoder.DecodeInto(bytes, &out, &used_got);
      ASSERT_EQ(want.ok(), got.ok()) << i << " " << got;
      if (want.ok()) {
        EXPECT_EQ(out, *want) << i;
        EXPECT_EQ(used_want, used_got);
      } else {
        const Error a = ErrorFromStatus(want.status());
        const Error b = ErrorFromStatus(got);
        EXPECT_EQ(a.kind, b.kind) << i;
        EXPECT_EQ(a.offset, b.offset) << i;
        EXPECT_EQ(a.path, b.path) << i;
      }
    }
  }
}

TEST(ReusingDecoder, TrailingBytesAndEmptyInput) {
  DecodeOptions strict;
  strict.reject_trailing_bytes = true;
  ReusingDecoder lenient{DecodeOptions()}, picky(strict);
  const std::string s = Encode(Variant::Int(5)) + "xyz!";
  Variant out;
  size_t used = 0;
  ASSERT_TRUE(lenient.DecodeInto(Bytes(s), &out, &used).ok());
  EXPECT_EQ(out, Variant::Int(5));
  EXPECT_EQ(used, 8u);
  EXPECT_EQ(ErrorFromStatus(picky.DecodeInto(Bytes(s), &out)).kind,
            ErrorKind::kTrailingBytes);
  EXPECT_EQ(ErrorFromStatus(lenient.DecodeInto(Bytes(""), &out)).kind,
            ErrorKind::kTruncated);
  EXPECT_TRUE(out.is_nil());
}

}  // namespace
}  // namespace stream
}  // namespace gdwire
