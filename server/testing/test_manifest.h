// Copyright 2026 The gdwire Authors.
//
// server/testing/test_manifest.h: the game manifest the server's tests,
// benchmark and fuzzer share (codec/multiplayer/manifest_file.h's JSON, as
// `gdwire manifest` writes it, cut down):
//
//   Main        res://main.gd: echo (any_peer, reliable, channel 0),
//   Main/Lobby                 echo_reply (authority, unreliable_ordered,
//                              channel 2), off (disabled), only_server
//                              (authority): ids 0-3 by name
//   Main/Fast   res://fast.gd: the same names (so the same checksum) with
//                              echo and echo_reply unreliable on channel 1
//
//   std::unique_ptr<gdwire::multiplayer::FileManifest> m =
//       gdwire::server::testing::TestManifest();

#ifndef GDWIRE_SERVER_TESTING_TEST_MANIFEST_H_
#define GDWIRE_SERVER_TESTING_TEST_MANIFEST_H_

#include <cstdlib>
#include <memory>

#include "codec/multiplayer/manifest_file.h"

namespace gdwire {
namespace server {
namespace testing {

// The checksum both scripts share (the md5 the engine would give is not
// needed: the server compares what the manifest says).
inline constexpr char kTestChecksum[] = "0123456789abcdef0123456789abcdef";

inline constexpr char kTestManifest[] = R"({
  "format": "gdwire-godot-manifest", "version": 1,
  "engine": {"string": "4.6.3"},
  "project": {"main_scene": "res://main.tscn", "autoloads": []},
  "scripts": [
    {"path": "res://main.gd", "rpc_checksum": "0123456789abcdef0123456789abcdef",
     "rpc_methods": [
      {"id": 0, "name": "echo", "rpc_mode": "any_peer", "transfer_mode": "reliable", "call_local": false, "channel": 0},
      {"id": 1, "name": "echo_reply", "rpc_mode": "authority", "transfer_mode": "unreliable_ordered", "call_local": false, "channel": 2},
      {"id": 2, "name": "off", "rpc_mode": "disabled", "transfer_mode": "reliable", "call_local": false, "channel": 0},
      {"id": 3, "name": "only_server", "rpc_mode": "authority", "transfer_mode": "reliable", "call_local": false, "channel": 0}]},
    {"path": "res://fast.gd", "rpc_checksum": "0123456789abcdef0123456789abcdef",
     "rpc_methods": [
      {"id": 0, "name": "echo", "rpc_mode": "any_peer", "transfer_mode": "unreliable", "call_local": false, "channel": 1},
      {"id": 1, "name": "echo_reply", "rpc_mode": "authority", "transfer_mode": "unreliable", "call_local": false, "channel": 1},
      {"id": 2, "name": "off", "rpc_mode": "disabled", "transfer_mode": "reliable", "call_local": false, "channel": 0},
      {"id": 3, "name": "only_server", "rpc_mode": "authority", "transfer_mode": "reliable", "call_local": false, "channel": 0}]}],
  "scenes": [{"path": "res://main.tscn", "root": "Main", "nodes": [
    {"path": ".", "type": "Node", "script": "res://main.gd", "rpc_checksum": "0123456789abcdef0123456789abcdef"},
    {"path": "Lobby", "type": "Node", "script": "res://main.gd", "rpc_checksum": "0123456789abcdef0123456789abcdef"},
    {"path": "Fast", "type": "Node", "script": "res://fast.gd", "rpc_checksum": "0123456789abcdef0123456789abcdef"}],
    "synchronizers": [], "spawners": []}],
  "errors": []})";

// The parsed manifest (aborts if it does not parse: a broken fixture).
inline std::unique_ptr<multiplayer::FileManifest> TestManifest() {
  auto m = multiplayer::ParseManifest(kTestManifest);
  if (!m.ok()) std::abort();
  return *std::move(m);
}

}  // namespace testing
}  // namespace server
}  // namespace gdwire

#endif  // GDWIRE_SERVER_TESTING_TEST_MANIFEST_H_
