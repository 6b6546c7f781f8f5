// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/manifest.h: names that are not on the wire. A
// SceneMultiplayer packet names an RPC method by its index among the
// node's @rpc methods sorted by name, and a synchronized property by its
// index in the MultiplayerSynchronizer's replication config; the names
// come from the game project. A Manifest gives them to a Session (and so
// to the text and JSON forms of its events).
//
//   gdwire::multiplayer::StaticManifest m;
//   m.AddRpcMethods("Main/Player2", {"set_pos", "ping", "method_b"});
//   m.AddSyncProperties("Main/Bot7/Sync", {"position"}, {"rotation"});
//   gdwire::multiplayer::Session s(gdwire::multiplayer::SessionOptions(), &m);
//
// Paths are node paths as they travel: relative to the multiplayer root
// (SceneMultiplayer.root_path, "/root" by default), e.g. "Main/Player2".

#ifndef GDWIRE_CODEC_MULTIPLAYER_MANIFEST_H_
#define GDWIRE_CODEC_MULTIPLAYER_MANIFEST_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace gdwire {
namespace multiplayer {

class Manifest {
 public:
  virtual ~Manifest() = default;
  // The name of RPC `method_id` of the node at `node_path`, if known.
  virtual std::optional<std::string> MethodName(absl::string_view node_path,
                                                uint16_t method_id) const = 0;
  // The name of a property of the synchronizer `sync` (its node path, or
  // for a spawned node's synchronizer "SPAWNER_PATH/NAME"), if known:
  // full syncs carry the config's "always" properties in order (index =
  // position among them), delta syncs its "on change" ones (index = the
  // mask bit, counted among them).
  virtual std::optional<std::string> PropertyName(absl::string_view sync,
                                                  bool delta,
                                                  size_t index) const = 0;
};

// A Manifest held in memory.
class StaticManifest : public Manifest {
 public:
  // The node's script @rpc methods in any order: ids follow the engine's
  // sort by name (ids 0, 1, ...).
  void AddRpcMethods(std::string node_path, std::vector<std::string> names);
  // One id -> name (e.g. a native method, id | 0x8000).
  void AddRpcMethod(std::string node_path, uint16_t id, std::string name);
  // The replication config's "always" (full sync) and "on change" (delta)
  // properties, each in config order.
  void AddSyncProperties(std::string sync, std::vector<std::string> always,
                         std::vector<std::string> on_change = {});

  std::optional<std::string> MethodName(absl::string_view node_path,
                                        uint16_t method_id) const override;
  std::optional<std::string> PropertyName(absl::string_view sync, bool delta,
                                          size_t index) const override;

 private:
  std::map<std::pair<std::string, uint16_t>, std::string, std::less<>> methods_;
  std::map<std::string, std::vector<std::string>, std::less<>> always_;
  std::map<std::string, std::vector<std::string>, std::less<>> on_change_;
};

}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_MANIFEST_H_
