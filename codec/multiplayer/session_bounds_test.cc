// Copyright 2026 The gdwire Authors.
//
// Session state under floods: bounded path caches and spawn tables,
// unresolved names, relays in both directions, errors that change nothing.

#include <string>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/multiplayer/packet.h"
#include "codec/multiplayer/session.h"
#include "codec/multiplayer/text.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace multiplayer {
namespace {

std::string U32(uint32_t v) {
  std::string s;
  for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>(v >> (8 * i)));
  return s;
}

std::string Simplify(uint32_t id, const std::string& path) {
  return std::string(1, '\x01') + std::string(32, 'a') + std::string(1, '\0') +
         U32(id) + path + std::string(1, '\0');
}

// A call on cache id `id` (8 bits), method 0, no arguments.
std::string Call(uint8_t id) {
  return std::string("\x80", 1) + char(id) + '\0';
}

TEST(SessionBounds, PathFloodKeepsTheNewest) {
  SessionOptions o;
  o.max_paths = 4;
  o.max_path_bytes = 1000;
  Session s(o);
  Event ev;
  for (uint32_t id = 1; id <= 50; ++id) {
    ASSERT_TRUE(s.Feed(2, 1, 0, Simplify(id, absl::StrCat("N", id)), &ev).ok());
    EXPECT_LE(s.path_count(), 4u);
  }
  ASSERT_TRUE(s.Feed(2, 1, 0, Call(50), &ev).ok());
  EXPECT_EQ(ToText(ev), "rpc N50.method #0()");
  ASSERT_TRUE(s.Feed(2, 1, 0, Call(1), &ev).ok());
  EXPECT_EQ(ev.node.source, NodeSource::kUnresolved);
  EXPECT_EQ(ToText(ev), "rpc <cache 1>.method #0()");
  // Cache ids are per sender: peer 3's id 50 is unknown.
  ASSERT_TRUE(s.Feed(3, 1, 0, Call(50), &ev).ok());
  EXPECT_EQ(ev.node.source, NodeSource::kUnresolved);
}

TEST(SessionBounds, PathBytesBound) {
  SessionOptions o;
  o.max_path_bytes = 100;
  Session s(o);
  Event ev;
  for (uint32_t id = 1; id <= 20; ++id) {
    ASSERT_TRUE(s.Feed(2, 1, 0, Simplify(id, std::string(30, 'x')), &ev).ok());
    EXPECT_LE(s.path_bytes(), 100u);
  }
  EXPECT_EQ(s.path_count(), 3u);
  // A path larger than the whole budget is not kept.
  ASSERT_TRUE(s.Feed(2, 1, 0, Simplify(99, std::string(200, 'y')), &ev).ok());
  EXPECT_LE(s.path_bytes(), 100u);
  // Re-announcing the same id many times does not grow anything.
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(s.Feed(2, 1, 0, Simplify(20, "z"), &ev).ok());
  }
  EXPECT_LE(s.path_count(), 3u);
}

TEST(SessionBounds, SpawnFloodAndDespawn) {
  SessionOptions o;
  o.max_spawns = 3;
  Session s(o);
  Event ev;
  ASSERT_TRUE(s.Feed(1, 2, 0, Simplify(1, "Main/Spawner"), &ev).ok());
  for (uint32_t net = 1; net <= 10; ++net) {
    const std::string spawn = std::string("\x04\x00", 2) + U32(1) + U32(net) +
                              U32(1) + U32(2) + U32(100 + net) +
                              std::string("B\0", 2);
    ASSERT_TRUE(s.Feed(1, 2, 0, spawn, &ev).ok()) << net;
    EXPECT_LE(s.spawn_count(), 3u);
  }
  EXPECT_EQ(ToText(ev),
            "spawn B net 10 by Main/Spawner scene 0 syncs [110] "
            "state()");
  // A full sync of the newest spawn's synchronizer resolves; an evicted
  // one does not.
  const std::string sync = std::string("\x06\x05\x00", 3) + U32(110) + U32(2) +
                           std::string("\x02\x07", 2) + U32(101) + U32(2) +
                           std::string("\x02\x08", 2);
  ASSERT_TRUE(s.Feed(1, 2, 0, sync, &ev).ok());
  EXPECT_EQ(ToText(ev),
            "sync time 5 [Main/Spawner/B net 110: 7; <net 101> net 101: 8]");
  ASSERT_TRUE(s.Feed(1, 2, 0, std::string("\x05", 1) + U32(10), &ev).ok());
  EXPECT_EQ(ToText(ev), "despawn net 10 Main/Spawner/B");
  EXPECT_EQ(s.spawn_count(), 2u);
  s.ForgetPeer(2);
  EXPECT_EQ(s.spawn_count(), 0u);
  EXPECT_EQ(s.path_count(), 0u);
}

TEST(SessionBounds, SpawnsListingManySynchronizers) {
  SessionOptions o;
  o.max_spawn_syncs = 100;
  Session s(o);
  Event ev;
  for (uint32_t net = 1; net <= 20; ++net) {
    std::string spawn =
        std::string("\x04\x00", 2) + U32(1) + U32(net) + U32(60) + U32(2);
    for (uint32_t i = 0; i < 60; ++i) spawn += U32(net * 1000 + i);
    spawn += std::string("B\0", 2);
    ASSERT_TRUE(s.Feed(1, 2, 0, spawn, &ev).ok());
    EXPECT_LE(s.spawn_sync_count(), 100u);
  }
  EXPECT_EQ(s.spawn_count(), 1u);
}

TEST(SessionBounds, RelaysResolveBothWays) {
  Session s;
  Event ev;
  // Client 2 announces a path to client 3 through the server, then calls.
  const std::string relay_to_3 = std::string("\x07\x03", 2) + U32(3);
  ASSERT_TRUE(s.Feed(2, 1, 0, relay_to_3 + Simplify(7, "Main/P"), &ev).ok());
  EXPECT_EQ(ev.origin, 2);
  EXPECT_EQ(ev.target, 3);
  ASSERT_TRUE(s.Feed(2, 1, 0, relay_to_3 + Call(7), &ev).ok());
  EXPECT_EQ(ToText(ev), "relay 2 -> 3: rpc Main/P.method #0()");
  // The server forwards it: the peer field is then the source.
  const std::string from_2 = std::string("\x07\x03", 2) + U32(2);
  ASSERT_TRUE(s.Feed(1, 3, 0, from_2 + Call(7), &ev).ok());
  EXPECT_EQ(ToText(ev), "relay 2 -> 3: rpc Main/P.method #0()");
  TextOptions hop;
  hop.hop = true;
  EXPECT_EQ(ToText(ev, hop),
            "1 -> 3 ch 0: relay 2 -> 3: rpc Main/P.method #0()");
  EXPECT_EQ(ToJson(ev),
            "{\"from\":1,\"to\":3,\"channel\":0,\"command\":\"sys\",\"sys\":"
            "\"relay\",\"peer\":2,\"origin\":2,\"target\":3,\"relayed\":{"
            "\"command\":\"remote_call\",\"node\":{\"source\":\"cache\","
            "\"path\":\"Main/P\",\"cache_id\":7},\"method_id\":0,\"raw_args\":"
            "\"\"}}");
  // The confirmation goes back from 3 to 2, naming 2's id.
  const std::string relay_to_2 = std::string("\x07\x03", 2) + U32(2);
  ASSERT_TRUE(
      s.Feed(3, 1, 0, relay_to_2 + std::string("\x02\x01", 2) + U32(7), &ev)
          .ok());
  EXPECT_EQ(ToText(ev), "relay 3 -> 2: confirm_path 7 Main/P valid");
}

TEST(SessionBounds, ManifestNamesAndErrorsChangeNothing) {
  StaticManifest m;
  m.AddRpcMethods("Main/P", {"zeta", "alpha"});  // sorted: alpha 0, zeta 1
  Session s(SessionOptions(), &m);
  Event ev;
  ASSERT_TRUE(s.Feed(2, 1, 0, Simplify(1, "Main/P"), &ev).ok());
  ASSERT_TRUE(
      s.Feed(2, 1, 0, std::string("\x00\x01\x01\x01\x02\x05", 6), &ev).ok());
  EXPECT_EQ(ToText(ev), "rpc Main/P.zeta(5)");
  // A cut announcement is an error and adds nothing.
  EXPECT_FALSE(s.Feed(2, 1, 0, Simplify(2, "X").substr(0, 20), &ev).ok());
  EXPECT_EQ(s.path_count(), 1u);
}

}  // namespace
}  // namespace multiplayer
}  // namespace gdwire
