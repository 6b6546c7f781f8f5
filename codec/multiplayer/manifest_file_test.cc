// Copyright 2026 The gdwire Authors.
//
// FileManifest on the manifest that Godot 4.6.3 wrote for the recording
// project recording/capture/godot4_enet (tests/data/captures/enet/
// godot4_enet.manifest.json, by `gdwire manifest`), checked against the
// project's own source and the recorded SimplifyPath checksum; and on small
// hand-made manifests for the matching rules and the errors.

#include "codec/multiplayer/manifest_file.h"

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "codec/multiplayer/packet.h"
#include "codec/multiplayer/session.h"
#include "codec/variant.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace multiplayer {
namespace {

constexpr char kManifest[] =
    "tests/data/captures/enet/godot4_enet.manifest.json";
// `gdwire capture tests/data/captures/enet/godot4_enet_none.pcap`:
// "simplify_path 1 = Main (checksum f9fc2b40e77becfee45e6ee92fd6d8db)".
constexpr char kMainChecksum[] = "f9fc2b40e77becfee45e6ee92fd6d8db";

// The @rpc methods of main.gd: a line "@rpc(...)" then "func NAME(".
std::vector<std::string> RpcNamesOfMainGd() {
  std::ifstream in("recording/capture/godot4_enet/main.gd");
  EXPECT_TRUE(in) << "main.gd";
  std::vector<std::string> names;
  std::string line;
  bool rpc = false;
  while (std::getline(in, line)) {
    absl::string_view l = line;
    if (rpc && absl::ConsumePrefix(&l, "func ")) {
      names.emplace_back(l.substr(0, l.find('(')));
    }
    rpc = absl::StartsWith(line, "@rpc");
  }
  return names;
}

std::unique_ptr<FileManifest> Load() {
  absl::StatusOr<std::unique_ptr<FileManifest>> m = LoadManifest(kManifest);
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? std::move(*m) : nullptr;
}

TEST(EngineManifest, MainMethodsInEngineOrder) {
  std::unique_ptr<FileManifest> m = Load();
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->engine_version(), "4.6.3-stable (debian4.6.3+ds-3)");
  EXPECT_EQ(m->main_scene(), "res://main.tscn");
  EXPECT_TRUE(m->errors().empty());
  std::vector<std::string> names = RpcNamesOfMainGd();
  ASSERT_EQ(names.size(), 19u);
  // The engine sorts the names as Strings (code points): UTF-8 byte order.
  std::sort(names.begin(), names.end());
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(m->MethodName("Main", static_cast<uint16_t>(i)), names[i]) << i;
  }
  EXPECT_EQ(m->MethodName("Main", static_cast<uint16_t>(names.size())),
            std::nullopt);
  EXPECT_EQ(m->MethodName("Main", 0x8000), std::nullopt);
  EXPECT_EQ(m->MethodName("Main", 5), "r10_one");
  EXPECT_EQ(m->MethodName("Main/Players", 0), std::nullopt);
  EXPECT_EQ(m->MethodName("Other", 0), std::nullopt);
  EXPECT_EQ(m->MethodName("", 0), std::nullopt);
  // The spawned players (player.gd) have no RPC methods.
  EXPECT_EQ(m->MethodName("Main/Players/P1428232343", 0), std::nullopt);
}

TEST(EngineManifest, ChecksumIsTheRecordedOne) {
  std::unique_ptr<FileManifest> m = Load();
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->ChecksumFor("Main"), kMainChecksum);
  ASSERT_EQ(m->scripts().size(), 1u);
  EXPECT_EQ(m->scripts()[0].path, "res://main.gd");
  EXPECT_EQ(m->scripts()[0].checksum, kMainChecksum);
  const std::vector<ManifestRpc>* methods =
      m->MethodsForChecksum("F9FC2B40E77BECFEE45E6EE92FD6D8DB");
  ASSERT_NE(methods, nullptr);
  ASSERT_EQ(methods->size(), 19u);
  EXPECT_EQ((*methods)[2].name, "r02_go");
  EXPECT_EQ((*methods)[2].rpc_mode, "authority");
  EXPECT_EQ((*methods)[16].name, "r28_ord_c2");
  EXPECT_EQ((*methods)[16].transfer_mode, "unreliable_ordered");
  EXPECT_EQ((*methods)[16].channel, 2);
  EXPECT_EQ(m->MethodsForChecksum("00000000000000000000000000000000"), nullptr);
  // Nodes without RPC methods: md5 of "".
  EXPECT_EQ(m->ChecksumFor("Main/Spawner"), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(m->ChecksumFor("Main/Players/P1/SyncAlways"),
            "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(m->ChecksumFor("Nowhere"), std::nullopt);
}

TEST(EngineManifest, NotedChecksumPicksTheScript) {
  std::unique_ptr<FileManifest> m = Load();
  ASSERT_NE(m, nullptr);
  m->NoteChecksum("Lobby", kMainChecksum);
  EXPECT_EQ(m->MethodName("Lobby", 1), "r01_hello");
  // A checksum the manifest does not know: the peer runs other code.
  m->NoteChecksum("Main", "0123456789abcdef0123456789abcdef");
  EXPECT_EQ(m->MethodName("Main", 1), std::nullopt);
}

TEST(EngineManifest, SpawnedSynchronizers) {
  std::unique_ptr<FileManifest> m = Load();
  ASSERT_NE(m, nullptr);
  // The session names a spawned node's synchronizers "SPAWNER/NAME"; the
  // spawner lists no scenes (main.gd adds player.tscn in _ready): every
  // scene's synchronizers are candidates, and only SyncAlways has
  // "always" properties, only SyncOnChange "on change" ones.
  const std::string sync = "Main/Spawner/P1428232343";
  EXPECT_EQ(m->PropertyName(sync, false, 0), "pos");
  EXPECT_EQ(m->PropertyName(sync, false, 1), "hp");
  EXPECT_EQ(m->PropertyName(sync, false, 2), std::nullopt);
  EXPECT_EQ(m->PropertyName(sync, true, 0), "label");
  EXPECT_EQ(m->PropertyName(sync, true, 1), "score");
  EXPECT_EQ(m->PropertyName(sync, true, 2), std::nullopt);
  EXPECT_EQ(m->PropertyName("Main/Spawner/Extra", true, 1), "score");
  // By the synchronizer's own path below the spawn node.
  EXPECT_EQ(m->PropertyName("Main/Players/Extra/SyncAlways", false, 1), "hp");
  EXPECT_EQ(m->PropertyName("Main/Players/Extra/SyncOnChange", true, 0),
            "label");
  EXPECT_EQ(m->PropertyName("Main/Players/Extra/SyncOnChange", false, 0),
            std::nullopt);
  EXPECT_EQ(m->PropertyName("Main/Nope/P1", false, 0), std::nullopt);
  ASSERT_EQ(m->scenes().size(), 2u);
  const ManifestScene& player = m->scenes()[1];
  EXPECT_EQ(player.path, "res://player.tscn");
  ASSERT_EQ(player.synchronizers.size(), 2u);
  EXPECT_EQ(player.synchronizers[1].spawn, std::vector<std::string>{".:label"});
  EXPECT_EQ(player.synchronizers[1].properties,
            (std::vector<std::string>{".:label", ".:score"}));
  const ManifestScene& main = m->scenes()[0];
  ASSERT_EQ(main.spawners.size(), 1u);
  EXPECT_EQ(main.spawners[0].path, "Spawner");
  EXPECT_EQ(main.spawners[0].spawn_node, "Players");
}

// Through a Session, as the capture path uses it: the server (1) announces
// Main and the spawner, calls Main's method 5, spawns P7 (two
// synchronizers) and syncs them, as the recording does.
TEST(EngineManifest, NamesASessionsEvents) {
  std::unique_ptr<FileManifest> m = Load();
  ASSERT_NE(m, nullptr);
  Session session(SessionOptions(), m.get());
  Event ev;
  auto feed = [&](Packet p) {
    absl::StatusOr<std::string> bytes = Encode(p);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    ASSERT_TRUE(session.Feed(1, 7, 0, *bytes, &ev).ok());
  };
  SimplifyPath main;
  main.checksum = kMainChecksum;
  main.cache_id = 1;
  main.path = "Main";
  feed(MakePacket(main));
  SimplifyPath spawner = main;
  spawner.checksum = "d41d8cd98f00b204e9800998ecf8427e";
  spawner.cache_id = 2;
  spawner.path = "Main/Spawner";
  feed(MakePacket(spawner));
  RemoteCall call;
  call.node_id = 1;
  call.method_id = 5;
  call.args.push_back(MakeValue(Variant::Int(42)));
  feed(MakePacket(call));
  EXPECT_EQ(ev.node.path, "Main");
  EXPECT_EQ(ev.method, "r10_one");
  Spawn spawn;
  spawn.spawner_cache_id = 2;
  spawn.net_id = 1;
  spawn.sync_net_ids = {2, 3};
  spawn.name = "P7";
  feed(MakePacket(spawn));
  Sync full;
  full.blocks.push_back(SyncBlock{
      2, 0, {MakeValue(Variant::Vector2(1, 2)), MakeValue(Variant::Int(9))}});
  feed(MakePacket(full));
  ASSERT_EQ(ev.sync_properties.size(), 1u);
  EXPECT_EQ(ev.sync_properties[0], (std::vector<std::string>{"pos", "hp"}));
  Sync delta;
  delta.delta = true;
  delta.blocks.push_back(SyncBlock{3, 0x2, {MakeValue(Variant::Int(40))}});
  feed(MakePacket(delta));
  ASSERT_EQ(ev.sync_properties.size(), 1u);
  EXPECT_EQ(ev.sync_properties[0], std::vector<std::string>{"score"});
}

// A small manifest: Level (main) with a spawner of two scenes whose roots
// have different scripts, an autoload script, a node's own RPC config.
constexpr char kSmall[] = R"({
  "format": "gdwire-godot-manifest", "version": 1,
  "engine": {"string": "4.6.3-stable"},
  "project": {"main_scene": "res://level.tscn",
              "autoloads": [{"name": "Net", "path": "res://net.gd",
                             "singleton": true}]},
  "scripts": [
    {"path": "res://net.gd", "rpc_checksum": "11111111111111111111111111111111",
     "rpc_methods": [{"id": 0, "name": "hello"}]},
    {"path": "res://a.gd", "rpc_checksum": "22222222222222222222222222222222",
     "rpc_methods": [{"id": 0, "name": "jump"}, {"id": 1, "name": "shoot"}]},
    {"path": "res://b.gd", "rpc_checksum": "33333333333333333333333333333333",
     "rpc_methods": [{"id": 0, "name": "jump"}, {"id": 1, "name": "wave"}]}
  ],
  "scenes": [
    {"path": "res://a.tscn", "root": "A", "nodes": [
       {"path": ".", "script": "res://a.gd",
        "rpc_checksum": "22222222222222222222222222222222"}],
     "synchronizers": [{"path": "S", "sync": [".:position"], "watch": []}]},
    {"path": "res://b.tscn", "root": "B", "nodes": [
       {"path": ".", "script": "res://b.gd",
        "rpc_checksum": "33333333333333333333333333333333"},
       {"path": "Hand", "script": "",
        "rpc_checksum": "44444444444444444444444444444444",
        "node_rpc_methods": [{"id": 32768, "name": "grab"}]}],
     "synchronizers": [{"path": "S", "sync": [".:position", "Hand:visible"],
                        "watch": []}]},
    {"path": "res://level.tscn", "root": "Level", "nodes": [],
     "spawners": [{"path": "Spawner", "spawn_path": "../Units",
                   "spawn_node": "Units",
                   "spawnable_scenes": ["res://a.tscn", "res://b.tscn"]}]}
  ],
  "errors": [{"path": "res://x.scn", "error": "cannot load scene"}]
})";

TEST(SmallManifest, Rules) {
  absl::StatusOr<std::unique_ptr<FileManifest>> r = ParseManifest(kSmall);
  ASSERT_TRUE(r.ok()) << r.status();
  FileManifest& m = **r;
  EXPECT_EQ(m.errors(),
            std::vector<std::string>{"res://x.scn: cannot load scene"});
  EXPECT_EQ(m.MethodName("Net", 0), "hello");  // autoload script
  // Spawned below Level/Units: both scenes' roots are candidates; they
  // agree on id 0 and not on id 1.
  EXPECT_EQ(m.MethodName("Level/Units/U7", 0), "jump");
  EXPECT_EQ(m.MethodName("Level/Units/U7", 1), std::nullopt);
  // Only b.tscn has Hand: its own config (0x8000 | 0).
  EXPECT_EQ(m.MethodName("Level/Units/U7/Hand", 0x8000), "grab");
  EXPECT_EQ(m.ChecksumFor("Level/Units/U7/Hand"),
            "44444444444444444444444444444444");
  EXPECT_EQ(m.ChecksumFor("Level/Units/U7"), std::nullopt);
  // The SimplifyPath checksum settles it.
  m.NoteChecksum("Level/Units/U7", "33333333333333333333333333333333");
  EXPECT_EQ(m.MethodName("Level/Units/U7", 1), "wave");
  // Full syncs of the session's "Level/Spawner/U7": both scenes' S agree on
  // index 0; index 1 only b's has.
  EXPECT_EQ(m.PropertyName("Level/Spawner/U7", false, 0), "position");
  EXPECT_EQ(m.PropertyName("Level/Spawner/U7", false, 1), "Hand:visible");
  EXPECT_EQ(m.PropertyName("Level/Spawner/U7", true, 0), std::nullopt);
  // The scenes placed by their own root names (e.g. change_scene_to_file).
  EXPECT_EQ(m.MethodName("B", 1), "wave");
  EXPECT_EQ(m.PropertyName("A/S", false, 0), "position");
}

TEST(SmallManifest, Errors) {
  auto err = [](absl::string_view json) {
    absl::StatusOr<std::unique_ptr<FileManifest>> r = ParseManifest(json);
    EXPECT_FALSE(r.ok()) << json;
    return r.ok() ? std::string() : std::string(r.status().message());
  };
  EXPECT_TRUE(absl::StrContains(err("not json"), "not JSON")) << err("x");
  EXPECT_TRUE(absl::StrContains(err("[]"), "not an object"));
  EXPECT_TRUE(absl::StrContains(err("{}"), "format"));
  EXPECT_TRUE(
      absl::StrContains(err(R"({"format": "other", "version": 1})"), "format"));
  EXPECT_TRUE(absl::StrContains(
      err(R"({"format": "gdwire-godot-manifest", "version": 2})"), "version"));
  EXPECT_TRUE(
      absl::StrContains(err(R"({"format": "gdwire-godot-manifest", "version": 1,
              "scripts": [{"path": 1}], "scenes": []})"),
                        "scripts[0].path: not a string"));
  EXPECT_TRUE(absl::StrContains(
      err(R"({"format": "gdwire-godot-manifest", "version": 1,
              "scripts": [], "scenes": [{"path": "x", "root": "R",
              "nodes": [{"path": ".", "rpc_checksum": "0",
              "node_rpc_methods": [{"id": 70000, "name": "f"}]}]}]})"),
      "scenes[0].nodes[0].node_rpc_methods[0].id: out of range"));
  absl::StatusOr<std::unique_ptr<FileManifest>> missing =
      LoadManifest("/nonexistent/manifest.json");
  EXPECT_FALSE(missing.ok());
}

}  // namespace
}  // namespace multiplayer
}  // namespace gdwire
