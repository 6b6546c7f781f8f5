// Copyright 2026 The gdwire Authors.
//
// SceneMultiplayer packets written by hand from the layouts in the engine's
// source (independently of the encoder), decoded, re-encoded byte for byte,
// and cut at every length.

#include "codec/multiplayer/packet.h"

#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/variant.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace multiplayer {
namespace {

std::string Hex(absl::string_view hex) {
  std::string clean;
  for (char c : hex) {
    if (c != ' ') clean.push_back(c);
  }
  return absl::HexStringToBytes(clean);
}

struct Vector {
  const char* name;
  std::string bytes;
  // True when no proper prefix is a valid packet (every field is counted).
  bool self_delimiting;
};

const std::string kMd5 = "0123456789abcdef0123456789abcdef";

std::vector<Vector> Vectors() {
  return {
      // node id 3 (8 bits), method 1 (8 bits), 2 args: int 1, "a".
      {"rpc_cached", Hex("00 03 01 02 0201 04000000 01000000 61000000"), true},
      {"rpc_no_args", Hex("80 03 00"), true},
      // 32-bit node id 0x80000008: the path "Main/P" at offset 8.
      {"rpc_inline_path",
       Hex("20 08000080 00 01 81") + std::string("Main/P\0", 7), false},
      // One PackedByteArray argument, sent as raw bytes.
      {"rpc_raw_bytes", Hex("80 05 02 dead"), false},
      // 16-bit node id, 16-bit method id 0x8001 (a native rpc).
      {"rpc_wide_ids",
       Hex("50 3412 0180 03 42e803 82a0860100 c20000000001000000"), true},
      // float 1.5 (f64 form: 1.5 fits f32, so f32) and a Vector3.
      {"rpc_float_vector3",
       Hex("00 01 00 02 03000000 0000c03f 09000000 0000803f 00000040 "
           "00004040"),
       true},
      {"simplify_path",
       "\x01" + kMd5 + Hex("00 07000000") + std::string("Main/P\0", 7), false},
      {"confirm_path", Hex("02 01 05000000"), true},
      {"raw", Hex("03 0a0b"), false},
      {"spawn",
       Hex("04 00 01000000 02000000 01000000 08000000 03000000") +
           std::string("Player2\0", 8) +
           Hex("09000000 0000803f 00000040 00004040"),
       false},
      {"spawn_custom",
       Hex("04 ff 01000000 02000000 00000000 02000000") +
           std::string("P\0", 2) + Hex("02000000 0207"),
       false},
      {"despawn", Hex("05 02000000"), true},
      {"sync_full", Hex("06 2a00 03000000 02000000 0205"), false},
      {"sync_delta", Hex("16 03000000 0300000000000000 02000000 8101"), false},
      {"sys_add_peer", Hex("07 01 40e20100"), true},
      {"sys_del_peer", Hex("07 02 40e20100"), true},
      {"sys_relay", Hex("07 03 03000000 800300"), true},
      {"sys_auth", Hex("07 00 6869"), false},
      {"sys_auth_done", Hex("07 00"), true},
  };
}

TEST(PacketTest, VectorsRoundTrip) {
  for (const Vector& v : Vectors()) {
    SCOPED_TRACE(v.name);
    absl::StatusOr<Packet> p = Decode(v.bytes);
    ASSERT_TRUE(p.ok()) << p.status();
    absl::StatusOr<std::string> back = Encode(*p);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(absl::BytesToHexString(*back), absl::BytesToHexString(v.bytes));
  }
}

TEST(PacketTest, EveryTruncationFailsOrRoundTrips) {
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
        ASSERT_TRUE(back.ok()) << back.status();
        EXPECT_EQ(*back, v.bytes.substr(0, n));
      }
    }
  }
}

TEST(PacketTest, RemoteCallFields) {
  absl::StatusOr<Packet> p =
      Decode(Hex("00 03 01 02 0201 04000000 01000000 61000000"));
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->command(), Command::kRemoteCall);
  const RemoteCall& c = std::get<RemoteCall>(p->body);
  EXPECT_EQ(c.node_id, 3u);
  EXPECT_EQ(c.node_id_bytes, 1);
  EXPECT_EQ(c.method_id, 1);
  EXPECT_FALSE(c.byte_only);
  EXPECT_FALSE(c.path.has_value());
  ASSERT_EQ(c.args.size(), 2u);
  EXPECT_EQ(c.args[0].form, ValueForm::kInt8);
  EXPECT_EQ(c.args[0].value, Variant::Int(1));
  EXPECT_EQ(c.args[1].form, ValueForm::kVariant);
  EXPECT_EQ(c.args[1].value, Variant::String("a"));
}

TEST(PacketTest, InlinePathAndWideIds) {
  absl::StatusOr<Packet> p =
      Decode(Hex("20 08000080 00 01 81") + std::string("Main/P\0", 7));
  ASSERT_TRUE(p.ok()) << p.status();
  const RemoteCall& c = std::get<RemoteCall>(p->body);
  ASSERT_TRUE(c.path.has_value());
  EXPECT_EQ(*c.path, "Main/P");
  ASSERT_EQ(c.args.size(), 1u);
  EXPECT_EQ(c.args[0].value, Variant::Bool(true));

  p = Decode(Hex("50 3412 0180 03 42e803 82a0860100 c20000000001000000"));
  ASSERT_TRUE(p.ok()) << p.status();
  const RemoteCall& w = std::get<RemoteCall>(p->body);
  EXPECT_EQ(w.node_id, 0x1234u);
  EXPECT_EQ(w.node_id_bytes, 2);
  EXPECT_EQ(w.method_id, 0x8001);
  EXPECT_EQ(w.method_id_bytes, 2);
  ASSERT_EQ(w.args.size(), 3u);
  EXPECT_EQ(w.args[0].value, Variant::Int(1000));
  EXPECT_EQ(w.args[0].form, ValueForm::kInt16);
  EXPECT_EQ(w.args[1].value, Variant::Int(100000));
  EXPECT_EQ(w.args[1].form, ValueForm::kInt32);
  EXPECT_EQ(w.args[2].value, Variant::Int(int64_t{1} << 32));
  EXPECT_EQ(w.args[2].form, ValueForm::kInt64);
}

TEST(PacketTest, RawBytesArgument) {
  absl::StatusOr<Packet> p = Decode(Hex("80 05 02 dead"));
  ASSERT_TRUE(p.ok());
  const RemoteCall& c = std::get<RemoteCall>(p->body);
  EXPECT_TRUE(c.byte_only);
  EXPECT_EQ(c.raw_args, Hex("dead"));
  EXPECT_TRUE(c.args.empty());
}

TEST(PacketTest, ReplicationFields) {
  absl::StatusOr<Packet> p =
      Decode(Hex("04 ff 01000000 02000000 00000000 02000000") +
             std::string("P\0", 2) + Hex("02000000 0207"));
  ASSERT_TRUE(p.ok()) << p.status();
  const Spawn& s = std::get<Spawn>(p->body);
  EXPECT_EQ(s.scene_id, Spawn::kCustomScene);
  EXPECT_EQ(s.spawner_cache_id, 1u);
  EXPECT_EQ(s.net_id, 2u);
  EXPECT_EQ(s.name, "P");
  ASSERT_TRUE(s.custom_arg.has_value());
  EXPECT_EQ(s.custom_arg->value, Variant::Int(7));

  p = Decode(Hex("16 03000000 0300000000000000 02000000 8101"));
  ASSERT_TRUE(p.ok()) << p.status();
  const Sync& d = std::get<Sync>(p->body);
  EXPECT_TRUE(d.delta);
  ASSERT_EQ(d.blocks.size(), 1u);
  EXPECT_EQ(d.blocks[0].net_id, 3u);
  EXPECT_EQ(d.blocks[0].mask, 3u);
  ASSERT_EQ(d.blocks[0].values.size(), 2u);
  EXPECT_EQ(d.blocks[0].values[1].value, Variant::Bool(false));

  p = Decode(Hex("06 2a00 03000000 02000000 0205"));
  ASSERT_TRUE(p.ok());
  const Sync& f = std::get<Sync>(p->body);
  EXPECT_FALSE(f.delta);
  EXPECT_EQ(f.time, 42);
  ASSERT_EQ(f.blocks.size(), 1u);
  EXPECT_EQ(f.blocks[0].values[0].value, Variant::Int(5));
}

TEST(PacketTest, SysFields) {
  absl::StatusOr<Packet> p = Decode(Hex("07 03 03000000 800300"));
  ASSERT_TRUE(p.ok());
  const Sys& s = std::get<Sys>(p->body);
  EXPECT_EQ(s.sys, SysCommand::kRelay);
  EXPECT_EQ(s.peer, 3);
  ASSERT_NE(s.relayed, nullptr);
  EXPECT_EQ(s.relayed->command(), Command::kRemoteCall);
  Packet copy = *p;  // deep copy
  EXPECT_EQ(*Encode(copy), Hex("07 03 03000000 800300"));

  p = Decode(Hex("07 01 ffffffff"));
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(std::get<Sys>(p->body).peer, -1);
}

Error Fail(const std::string& bytes) {
  absl::StatusOr<Packet> p = Decode(bytes);
  EXPECT_FALSE(p.ok());
  return p.ok() ? Error() : ErrorFromStatus(p.status());
}

TEST(PacketTest, ErrorsNameCommandOffsetAndCause) {
  // String argument cut: declared length 5, 1 byte present.
  Error e = Fail(Hex("00 03 01 02 0201 04000000 05000000 61"));
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.path, "remote_call.args[1]");
  EXPECT_GE(e.offset, 6u);

  e = Fail(Hex("30 01 01 00"));  // node id width code 3
  EXPECT_EQ(e.kind, ErrorKind::kInvalidType);
  EXPECT_EQ(e.path, "remote_call.node_id");

  e = Fail(Hex("20 ff000080 00 00"));  // inline path offset past the end
  EXPECT_EQ(e.kind, ErrorKind::kBadFrame);

  e = Fail(Hex("02 01 05000000 00"));  // confirm path is exactly 6 bytes
  EXPECT_EQ(e.kind, ErrorKind::kBadFrame);
  EXPECT_EQ(e.path, "confirm_path");

  e = Fail(Hex("07 09 00000000"));
  EXPECT_EQ(e.kind, ErrorKind::kInvalidType);
  EXPECT_EQ(e.path, "sys.sys");

  e = Fail(Hex("07 03 02000000 07 01 02000000"));  // relay of a sys
  EXPECT_EQ(e.kind, ErrorKind::kBadFrame);
  EXPECT_EQ(e.path, "relay.sys");
  EXPECT_EQ(e.offset, 6u);

  // Relayed call whose argument is cut: the offset is in the outer packet.
  e = Fail(Hex("07 03 02000000 00 01 00 01 04000000 09000000"));
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.path, "relay.remote_call.args[0]");
  EXPECT_GE(e.offset, 10u);

  // A spawn declaring 2^30 sync ids.
  e = Fail(Hex("04 00 01000000 02000000 00000040 02000000") +
           std::string("P\0", 2));
  EXPECT_EQ(e.kind, ErrorKind::kLimitExceeded);
  e = Fail(Hex("04 00 01000000 02000000 00010000 02000000") +
           std::string("P\0", 2));
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.path, "spawn.sync_net_ids");
  e = Fail(Hex("04 00 01000000 02000000 00000000 00000000 00"));
  EXPECT_EQ(e.kind, ErrorKind::kInvalidLength);

  // Sync block larger than the packet.
  e = Fail(Hex("06 2a00 03000000 ff000000 0205"));
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.path, "sync.blocks[0]");
  EXPECT_EQ(e.offset, 7u);

  // Objects are refused unless allowed (type 24, full object).
  e = Fail(Hex("00 01 00 01 18000000 00000000"));
  EXPECT_EQ(e.kind, ErrorKind::kObjectsNotAllowed);

  // Value type past VARIANT_MAX.
  e = Fail(Hex("00 01 00 01 3f"));
  EXPECT_EQ(e.kind, ErrorKind::kInvalidType);
  EXPECT_EQ(e.offset, 4u);

  e = Fail("");
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
}

TEST(PacketTest, Limits) {
  PacketOptions o;
  o.max_values = 2;
  absl::StatusOr<Packet> p = Decode(Hex("00 03 01 03 0201 0202 0203"), o);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(ErrorFromStatus(p.status()).kind, ErrorKind::kLimitExceeded);
  o.max_values = 3;
  EXPECT_TRUE(Decode(Hex("00 03 01 03 0201 0202 0203"), o).ok());
  o.max_blocks = 1;
  p = Decode(Hex("06 2a00 03000000 02000000 0205 04000000 01000000 81"), o);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(ErrorFromStatus(p.status()).kind, ErrorKind::kLimitExceeded);
}

TEST(PacketTest, EncodeChoosesEngineForms) {
  RemoteCall call;
  call.node_id = 3;
  call.method_id = 1;
  call.args.push_back(MakeValue(Variant::Int(1)));
  call.args.push_back(MakeValue(Variant::String("a")));
  EXPECT_EQ(absl::BytesToHexString(*Encode(MakePacket(call))),
            "000301020201040000000100000061000000");

  RemoteCall none;
  none.node_id = 3;
  none.byte_only = true;
  EXPECT_EQ(*Encode(MakePacket(none)), Hex("80 03 00"));

  RemoteCall inline_path;
  inline_path.path = "Main/P";
  inline_path.args.push_back(MakeValue(Variant::Bool(true)));
  EXPECT_EQ(*Encode(MakePacket(inline_path)),
            Hex("20 08000080 00 01 81") + std::string("Main/P\0", 7));

  Sync delta;
  delta.delta = true;
  delta.blocks.push_back(
      {3,
       3,
       {MakeValue(Variant::Bool(true)), MakeValue(Variant::Bool(false))}});
  EXPECT_EQ(*Encode(MakePacket(delta)),
            Hex("16 03000000 0300000000000000 02000000 8101"));

  Sys relay;
  relay.sys = SysCommand::kRelay;
  relay.peer = 3;
  relay.relayed = std::make_unique<Packet>(MakePacket(none));
  EXPECT_EQ(*Encode(MakePacket(std::move(relay))),
            Hex("07 03 03000000 800300"));
}

TEST(PacketTest, EncodeRefusesWhatTheWireCannotCarry) {
  RemoteCall c;
  c.node_id = 300;
  c.node_id_bytes = 1;
  EXPECT_FALSE(Encode(MakePacket(c)).ok());
  c = RemoteCall();
  c.node_id = 0x80000001;
  EXPECT_FALSE(Encode(MakePacket(c)).ok());
  c = RemoteCall();
  for (int i = 0; i < 256; ++i) c.args.push_back(MakeValue(Variant::Int(i)));
  EXPECT_FALSE(Encode(MakePacket(c)).ok());
  c = RemoteCall();
  Value v;
  v.form = ValueForm::kInt8;
  v.value = Variant::Int(1000);
  c.args.push_back(v);
  std::string out = "keep";
  EXPECT_FALSE(EncodeTo(MakePacket(c), &out).ok());
  EXPECT_EQ(out, "keep");
  Sys inner;
  inner.sys = SysCommand::kAddPeer;
  Sys relay;
  relay.sys = SysCommand::kRelay;
  relay.relayed = std::make_unique<Packet>(MakePacket(inner));
  EXPECT_FALSE(Encode(MakePacket(relay)).ok());
}

}  // namespace
}  // namespace multiplayer
}  // namespace gdwire
