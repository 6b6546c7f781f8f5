// Copyright 2026 The gdwire Authors.
//
// Godot 3.2 MultiplayerAPI packets and NetworkedMultiplayerENet frames,
// written by hand from core/io/multiplayer_api.cpp and
// modules/enet/networked_multiplayer_enet.cpp (3.2 branch).

#include "codec/multiplayer/godot3.h"

#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/variant.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace multiplayer {
namespace godot3 {
namespace {

std::string Hex(absl::string_view hex) {
  std::string clean;
  for (char c : hex) {
    if (c != ' ') clean.push_back(c);
  }
  return absl::HexStringToBytes(clean);
}

std::string C(absl::string_view s) { return std::string(s) + '\0'; }

struct Vector {
  const char* name;
  std::string bytes;
  bool self_delimiting;
};

std::vector<Vector> Vectors() {
  return {
      // set_hp(5) on cache id 1: plain Variants (int: type 2, i32).
      {"rpc", Hex("00 01000000") + C("set_hp") + Hex("01 02000000 05000000"),
       true},
      // ping() with the path "Player" at offset 11 (node 0x8000000b).
      {"rpc_inline", Hex("00 0b000080") + C("ping") + Hex("00") + C("Player"),
       false},
      // Two args: true, "ab"; a 64-bit int (flag 1 << 16).
      {"rpc_args",
       Hex("00 02000000") + C("m") +
           Hex("03 01000000 01000000 04000000 02000000 61620000 "
               "02000100 0000000001000000"),
       true},
      {"rset", Hex("01 01000000") + C("hp") + Hex("02000000 03000000"), true},
      {"simplify", Hex("02 01000000") + C("Player"), false},
      {"confirm", Hex("03") + C("Player"), false},
      {"raw", Hex("04 0a0b"), false},
  };
}

TEST(Godot3Test, VectorsRoundTrip) {
  for (const Vector& v : Vectors()) {
    SCOPED_TRACE(v.name);
    absl::StatusOr<Packet> p = Decode(v.bytes);
    ASSERT_TRUE(p.ok()) << p.status();
    absl::StatusOr<std::string> back = Encode(*p);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(absl::BytesToHexString(*back), absl::BytesToHexString(v.bytes));
  }
}

TEST(Godot3Test, EveryTruncationFailsOrRoundTrips) {
  for (const Vector& v : Vectors()) {
    for (size_t n = 0; n < v.bytes.size(); ++n) {
      SCOPED_TRACE(absl::StrCat(v.name, " cut at ", n));
      absl::StatusOr<Packet> p =
          Decode(absl::string_view(v.bytes).substr(0, n));
      if (v.self_delimiting) {
        ASSERT_FALSE(p.ok());
      }
      if (p.ok()) {
        absl::StatusOr<std::string> back = Encode(*p);
        ASSERT_TRUE(back.ok());
        EXPECT_EQ(*back, v.bytes.substr(0, n));
      }
    }
  }
}

TEST(Godot3Test, Fields) {
  absl::StatusOr<Packet> p = Decode(Vectors()[2].bytes);
  ASSERT_TRUE(p.ok()) << p.status();
  const RemoteCall& c = std::get<RemoteCall>(p->body);
  EXPECT_EQ(c.method, "m");
  ASSERT_EQ(c.args.size(), 3u);
  EXPECT_EQ(c.args[0].value, Variant::Bool(true));
  EXPECT_EQ(c.args[1].value, Variant::String("ab"));
  EXPECT_EQ(c.args[2].value, Variant::Int(int64_t{1} << 32));
  EXPECT_EQ(ToText(*p), "rpc <cache 2>.m(true, \"ab\", 4294967296)");

  p = Decode(Vectors()[1].bytes);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(ToText(*p), "rpc Player.ping()");
  p = Decode(Vectors()[3].bytes);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(ToText(*p, "Player"), "rset Player.hp = 3");
  p = Decode(Vectors()[4].bytes);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(ToText(*p), "simplify_path 1 = Player");
  EXPECT_EQ(ToText(*Decode(Hex("04 0a0b"))), "raw 2 bytes 0a0b");
}

TEST(Godot3Test, Errors) {
  absl::StatusOr<Packet> p = Decode(Hex("09 00"));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(ErrorFromStatus(p.status()).kind, ErrorKind::kInvalidType);
  p = Decode(Hex("00 01000000 616263"));  // name without NUL
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(ErrorFromStatus(p.status()).path, "remote_call.name");
  p = Decode(Hex("00 01000000") + C("m") + Hex("01 04000000 09000000 61"));
  ASSERT_FALSE(p.ok());
  Error e = ErrorFromStatus(p.status());
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.path, "remote_call.args[0]");
  p = Decode(Hex("00 ff000080") + C("m") + Hex("00"));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(ErrorFromStatus(p.status()).kind, ErrorKind::kBadFrame);
}

TEST(Godot3Test, EnetFraming) {
  const std::string data = Hex("02000000 01000000 04 0a0b");
  absl::StatusOr<EnetFrame> f = SplitEnet(
      1, absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(data.data()),
                             data.size()));
  ASSERT_TRUE(f.ok());
  EXPECT_FALSE(f->config);
  EXPECT_EQ(f->source, 2u);
  EXPECT_EQ(f->target, 1);
  EXPECT_EQ(f->payload.size(), 3u);
  EXPECT_EQ(JoinEnet(*f), data);

  const std::string config = Hex("00000000 03000000");
  f = SplitEnet(
      0, absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(config.data()),
                             config.size()));
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(f->config);
  EXPECT_EQ(f->message, EnetFrame::kAddPeer);
  EXPECT_EQ(f->peer, 3u);
  EXPECT_EQ(JoinEnet(*f), config);

  const std::string short_config = Hex("00000000");
  EXPECT_FALSE(
      SplitEnet(0,
                absl::MakeConstSpan(
                    reinterpret_cast<const uint8_t*>(short_config.data()), 4))
          .ok());
  EXPECT_FALSE(
      SplitEnet(1,
                absl::MakeConstSpan(
                    reinterpret_cast<const uint8_t*>(short_config.data()), 4))
          .ok());
}

}  // namespace
}  // namespace godot3
}  // namespace multiplayer
}  // namespace gdwire
