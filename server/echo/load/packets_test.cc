// Copyright 2026 The gdwire Authors.
//
// What gdwire_load sends, checked with the multiplayer codec and against
// libenet's protocol structs.

#include "server/echo/load/packets.h"

#include <arpa/inet.h>
#include <enet/enet.h>
#include <enet/protocol.h>

#include <cstring>
#include <set>
#include <string>

#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "codec/variant.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace load {
namespace {

using multiplayer::Decode;
using multiplayer::RemoteCall;

class PacketsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto m = multiplayer::LoadManifest("server/echo/echo.manifest.json");
    ASSERT_TRUE(m.ok()) << m.status();
    manifest_ = std::move(*m);
  }
  std::unique_ptr<multiplayer::FileManifest> manifest_;
};

TEST_F(PacketsTest, TargetsTakeTheNodesOwnConfig) {
  auto rel = ResolveTarget(*manifest_, "Main/Rel0", "echo", "echo_reply");
  ASSERT_TRUE(rel.ok()) << rel.status();
  EXPECT_EQ(rel->checksum, "6ecc68d51e756fcac675a712e415698e");
  EXPECT_EQ(rel->method_id, 0);
  EXPECT_EQ(rel->reply_id, 1);
  EXPECT_EQ(rel->call.enet_channel, 0);
  EXPECT_EQ(rel->call.enet_flags, ENET_PACKET_FLAG_RELIABLE);
  // Same @rpc names (same checksum), other modes and channels.
  auto unrel = ResolveTarget(*manifest_, "Main/Unrel0", "echo", "echo_reply");
  ASSERT_TRUE(unrel.ok());
  EXPECT_EQ(unrel->call.enet_channel, 1);
  EXPECT_EQ(unrel->call.enet_flags, ENET_PACKET_FLAG_UNSEQUENCED |
                                        ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT);
  auto ord = ResolveTarget(*manifest_, "Main/Ord1", "echo", "echo_reply");
  ASSERT_TRUE(ord.ok());
  EXPECT_EQ(ord->call.enet_channel, 2);
  EXPECT_EQ(ord->call.enet_flags, ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT);
  auto unrel2 = ResolveTarget(*manifest_, "Main/Unrel2", "echo", "echo_reply");
  ASSERT_TRUE(unrel2.ok());
  EXPECT_EQ(unrel2->call.enet_channel, 3);
  EXPECT_FALSE(
      ResolveTarget(*manifest_, "Main/Nope", "echo", "echo_reply").ok());
  EXPECT_FALSE(
      ResolveTarget(*manifest_, "Main/Rel0", "shout", "echo_reply").ok());
}

TEST_F(PacketsTest, CallsDecodeWithTheirSequenceNumberAndArguments) {
  auto t = ResolveTarget(*manifest_, "Main/Rel0", "echo", "echo_reply");
  ASSERT_TRUE(t.ok());
  const auto pool = ValuePool(7);
  std::set<Type> types;
  std::set<multiplayer::ValueForm> forms;
  for (const auto& v : pool) {
    types.insert(v.value.type());
    forms.insert(v.form);
  }
  // Every int width, and the container and packed types.
  EXPECT_EQ(forms.count(multiplayer::ValueForm::kInt8), 1u);
  EXPECT_EQ(forms.count(multiplayer::ValueForm::kInt16), 1u);
  EXPECT_EQ(forms.count(multiplayer::ValueForm::kInt32), 1u);
  EXPECT_EQ(forms.count(multiplayer::ValueForm::kInt64), 1u);
  for (Type ty : {Type::kFloat, Type::kString, Type::kVector3,
                  Type::kDictionary, Type::kArray, Type::kPackedByteArray}) {
    EXPECT_EQ(types.count(ty), 1u) << static_cast<int>(ty);
  }
  const auto sets = ArgumentSets(pool, 64, 8);
  ASSERT_EQ(sets.size(), 64u);
  for (const auto& args : sets) {
    for (bool inline_path : {true, false}) {
      auto c = MakeCallTemplate(*t, inline_path, 1, args);
      ASSERT_TRUE(c.ok()) << c.status();
      std::string b = c->bytes;
      SetSeq(123456789, c->seq_offset, &b);
      auto p = Decode(b);
      ASSERT_TRUE(p.ok()) << p.status();
      const auto* rc = std::get_if<RemoteCall>(&p->body);
      ASSERT_NE(rc, nullptr);
      EXPECT_EQ(rc->method_id, 0);
      if (inline_path) {
        ASSERT_TRUE(rc->path.has_value());
        EXPECT_EQ(*rc->path, "Main/Rel0");
      } else {
        EXPECT_FALSE(rc->path.has_value());
        EXPECT_EQ(rc->node_id, 1u);
      }
      ASSERT_EQ(rc->args.size(), args.size() + 1);
      EXPECT_EQ(rc->args[0].value.as_int(), 123456789);
      for (size_t i = 0; i < args.size(); ++i) {
        EXPECT_TRUE(rc->args[i + 1].value == args[i].value);
      }
      // The argument bytes are the same whichever way the node is named.
      absl::string_view a = ArgsBytes(b, *rc);
      EXPECT_EQ(a, absl::string_view(b).substr(c->args_begin,
                                               c->args_end - c->args_begin));
      EXPECT_EQ(static_cast<uint8_t>(a[0]), args.size() + 1);
      EXPECT_EQ(GetSeq(a, 2), 123456789u);
    }
  }
}

TEST_F(PacketsTest, ReplyArgumentBytesAreFoundInEitherForm) {
  // A reply as the server sends it: echo_reply (id 1), inline, then cached.
  RemoteCall rc;
  rc.path = "Main/Rel0";
  rc.method_id = 1;
  rc.args.push_back(multiplayer::MakeValue(Variant::Int(5)));
  rc.args.push_back(multiplayer::MakeValue(Variant::String("hi")));
  std::string inl = EncodeOrDie(multiplayer::MakePacket(rc));
  rc.path.reset();
  rc.node_id = 300;  // a 16-bit node id
  std::string cached = EncodeOrDie(multiplayer::MakePacket(rc));
  auto a = Decode(inl);
  auto b = Decode(cached);
  ASSERT_TRUE(a.ok() && b.ok());
  absl::string_view x = ArgsBytes(inl, std::get<RemoteCall>(a->body));
  absl::string_view y = ArgsBytes(cached, std::get<RemoteCall>(b->body));
  EXPECT_FALSE(x.empty());
  EXPECT_EQ(x, y);
  EXPECT_EQ(x[0], 2);
}

TEST(Packets, PathPacketsDecode) {
  auto p = Decode(
      SimplifyPathPacket("6ecc68d51e756fcac675a712e415698e", 1, "Main/Rel0"));
  ASSERT_TRUE(p.ok());
  const auto& sp = std::get<multiplayer::SimplifyPath>(p->body);
  EXPECT_EQ(sp.cache_id, 1u);
  EXPECT_EQ(sp.path, "Main/Rel0");
  auto c = Decode(ConfirmPathPacket(7, true));
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(std::get<multiplayer::ConfirmPath>(c->body).cache_id, 7u);
  EXPECT_EQ(std::get<multiplayer::ConfirmPath>(c->body).valid, 1);
}

TEST(Packets, GarbageNeverDecodesAndRefusablePacketsDo) {
  std::mt19937_64 rng(1);
  std::set<int> commands;
  for (int i = 0; i < 2000; ++i) {
    std::string g = GarbagePacket(&rng);
    ASSERT_FALSE(g.empty());
    EXPECT_FALSE(Decode(g).ok());
    commands.insert(static_cast<uint8_t>(g[0]) & 7);
  }
  EXPECT_GE(commands.size(), 6u);  // most commands' layouts are exercised
  for (int i = 0; i < 200; ++i) {
    std::string s = SemanticBadPacket(&rng);
    EXPECT_TRUE(Decode(s).ok()) << i;
  }
}

TEST(Packets, FragmentDatagramsCarryTheAbuseInEnetsLayout) {
  std::mt19937_64 rng(2);
  const uint16_t peer = 5 | (2 << ENET_PROTOCOL_HEADER_SESSION_SHIFT);
  for (int k = 0; k < static_cast<int>(FragmentAbuse::kCount); ++k) {
    const auto kind = static_cast<FragmentAbuse>(k);
    std::string d = FragmentDatagram(kind, peer, 1234, 200, 9, &rng);
    ASSERT_GE(d.size(), 4u);
    ENetProtocolHeader h;
    std::memcpy(&h, d.data(), sizeof(h));
    EXPECT_EQ(ENET_NET_TO_HOST_16(h.peerID),
              peer | ENET_PROTOCOL_HEADER_FLAG_SENT_TIME);
    EXPECT_EQ(ENET_NET_TO_HOST_16(h.sentTime), 1234);
    if (kind == FragmentAbuse::kRandomCommands) continue;
    ASSERT_GE(d.size(), 4 + sizeof(ENetProtocolSendFragment))
        << FragmentAbuseName(kind);
    ENetProtocolSendFragment f;
    std::memcpy(&f, d.data() + 4, sizeof(f));
    EXPECT_EQ(f.header.channelID, 200);
    const uint32_t count = ENET_NET_TO_HOST_32(f.fragmentCount);
    const uint32_t number = ENET_NET_TO_HOST_32(f.fragmentNumber);
    const uint32_t total = ENET_NET_TO_HOST_32(f.totalLength);
    const uint32_t offset = ENET_NET_TO_HOST_32(f.fragmentOffset);
    const uint16_t length = ENET_NET_TO_HOST_16(f.dataLength);
    switch (kind) {
      case FragmentAbuse::kHugeReassembly:
      case FragmentAbuse::kFillSpread:
        EXPECT_EQ(count, ENET_PROTOCOL_MAXIMUM_FRAGMENT_COUNT);
        EXPECT_EQ(total, 4u << 20);
        EXPECT_LT(number, count);
        EXPECT_LE(offset + length, total);
        break;
      case FragmentAbuse::kUnreliableHuge:
        EXPECT_EQ(f.header.command & ENET_PROTOCOL_COMMAND_MASK,
                  ENET_PROTOCOL_COMMAND_SEND_UNRELIABLE_FRAGMENT);
        EXPECT_EQ(total, 4u << 20);
        break;
      case FragmentAbuse::kCountOverTotal:
        EXPECT_LT(total, count);
        break;
      case FragmentAbuse::kNumberPastCount:
        EXPECT_GE(number, count);
        break;
      case FragmentAbuse::kOffsetPastTotal:
        EXPECT_GE(offset, total);
        break;
      case FragmentAbuse::kLengthLies:
        EXPECT_GT(length, d.size());
        break;
      case FragmentAbuse::kHugeTotal:
      case FragmentAbuse::kTooLongTotal:
        EXPECT_GT(total, 4u << 20);
        break;
      default:
        break;
    }
  }
}

TEST(Packets, StrayDatagramsIncludeAWellFormedConnect) {
  std::mt19937_64 rng(3);
  bool good_connect = false;
  for (int i = 0; i < 200; ++i) {
    std::string d = StrayDatagram(&rng, 777);
    ASSERT_FALSE(d.empty());
    if (d.size() != 4 + sizeof(ENetProtocolConnect)) continue;
    ENetProtocolConnect c;
    std::memcpy(&c, d.data() + 4, sizeof(c));
    if ((c.header.command & ENET_PROTOCOL_COMMAND_MASK) !=
        ENET_PROTOCOL_COMMAND_CONNECT) {
      continue;
    }
    EXPECT_EQ(ENET_NET_TO_HOST_32(c.data), 777u);
    if (ENET_NET_TO_HOST_32(c.channelCount) ==
        ENET_PROTOCOL_MAXIMUM_CHANNEL_COUNT) {
      good_connect = true;
    }
  }
  EXPECT_TRUE(good_connect);
}

}  // namespace
}  // namespace load
}  // namespace gdwire
