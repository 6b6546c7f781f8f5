// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/manifest_file.h: a Manifest read from the JSON file
// that the real Godot 4 engine writes for a game project
// (`gdwire manifest PROJECT_DIR --out=FILE`, tools/cli/manifest.gd;
// the format is described in docs/MANIFEST.md). It gives the RPC
// method names and synchronized property names of the nodes as they travel
// on the wire (paths relative to the multiplayer root, "/root"):
//
//   absl::StatusOr<std::unique_ptr<gdwire::multiplayer::FileManifest>> m =
//       gdwire::multiplayer::LoadManifest("game.manifest.json");
//   if (!m.ok()) ...;
//   gdwire::multiplayer::Session session(options, m->get());
//   // or directly:
//   (*m)->MethodName("Main", 5);                      // "r10_one"
//   (*m)->PropertyName("Main/Spawner/P1", false, 0);  // "pos"
//   (*m)->ChecksumFor("Main");  // "f9fc2b40e77becfee45e6ee92fd6d8db"
//
// How a node path finds its node (MethodName, PropertyName, ChecksumFor):
//   1. a checksum noted for the path (NoteChecksum, from the SimplifyPath
//      packet that announced it) picks the script by checksum: RPC ids are
//      the script's, whatever the path; a checksum the manifest does not
//      know gives no names (the peer runs other code);
//   2. exact paths: each autoload at "NAME", each scene's nodes under its
//      root's name ("Main", "Main/Players", ...), the main scene first,
//      then autoload scenes, then the other scenes in path order;
//   3. spawned nodes: below a spawner's spawn node ("Main/Players/P1/Gun"),
//      the node at the rest of the path ("Gun") in the spawner's spawnable
//      scenes (when it lists none, e.g. because the game adds them in
//      _ready: every scene but the main one, the spawner's own and the
//      autoloads), and for a spawned node's synchronizers the
//      session's "SPAWNER_PATH/NAME" (codec/multiplayer/session.h): the
//      synchronizers of those scenes that have properties of the kind asked
//      (full sync: "always", delta: "on change"). An answer only where all
//      the candidates agree.
// Property names are the replication config's paths relative to the
// synchronizer's root_path, without a leading ".:" ("pos", "Sprite:modulate").

#ifndef GDWIRE_CODEC_MULTIPLAYER_MANIFEST_FILE_H_
#define GDWIRE_CODEC_MULTIPLAYER_MANIFEST_FILE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codec/multiplayer/manifest.h"

namespace gdwire {
namespace multiplayer {

// One @rpc method: its id (the node's own config: 0x8000 | index) and
// configuration.
struct ManifestRpc {
  uint16_t id = 0;
  std::string name;
  std::string rpc_mode;       // "any_peer", "authority", "disabled"
  std::string transfer_mode;  // "reliable", "unreliable", ...
  bool call_local = false;
  int channel = 0;
};

struct ManifestScript {
  std::string path;                  // res://...
  std::vector<ManifestRpc> methods;  // id order
  std::string checksum;              // 32 hex chars
};

struct ManifestNode {
  std::string path;  // relative to the scene root: ".", "Players/P"
  std::string type;
  std::string script;                // res:// path ("" for none)
  std::vector<ManifestRpc> methods;  // node config, then script: id order
  std::string checksum;              // what SimplifyPath carries
};

struct ManifestSync {
  std::string path;       // relative to the scene root
  std::string root_path;  // as configured, relative to the synchronizer
  std::string root_node;  // relative to the scene root
  std::vector<std::string> properties;  // the whole config, in order
  std::vector<std::string> sync;        // "always": full syncs
  std::vector<std::string> watch;       // "on change": deltas (mask bits)
  std::vector<std::string> spawn;       // spawn state
};

struct ManifestSpawner {
  std::string path;                 // relative to the scene root
  std::string spawn_path;           // as configured, relative to the spawner
  std::string spawn_node;           // relative to the scene root
  std::vector<std::string> scenes;  // spawnable scenes: scene id = index
};

struct ManifestScene {
  std::string path;      // res://...
  std::string root;      // the root node's name (an autoload's: its name)
  std::string autoload;  // the autoload's name, or ""
  std::vector<ManifestNode> nodes;
  std::vector<ManifestSync> synchronizers;
  std::vector<ManifestSpawner> spawners;
};

class FileManifest : public Manifest {
 public:
  // Manifest: see the file comment for how paths are matched.
  std::optional<std::string> MethodName(absl::string_view node_path,
                                        uint16_t method_id) const override;
  std::optional<std::string> PropertyName(absl::string_view sync, bool delta,
                                          size_t index) const override;

  // The checksum the manifest expects from the node at `node_path` (as a
  // SimplifyPath for it would carry), if the path resolves to one node.
  std::optional<std::string> ChecksumFor(absl::string_view node_path) const;
  // The methods (id order, with each one's rpc mode, transfer mode and
  // channel) of the node at `node_path`, placed as MethodName places it
  // (exact paths, then spawned nodes where every candidate agrees), or
  // null.
  const std::vector<ManifestRpc>* MethodsAt(absl::string_view node_path) const;
  // The methods (id order) of the first node config with this checksum (32
  // hex chars, either case), or null. The checksum covers the names only:
  // scripts with the same names but other modes or channels share it, so
  // this gives names and ids, not necessarily the node's configuration
  // (MethodsAt does).
  const std::vector<ManifestRpc>* MethodsForChecksum(
      absl::string_view checksum) const;
  // Remembers what a SimplifyPath packet said of `node_path`: MethodName
  // then names that path's methods by the checksum (file comment, step 1).
  void NoteChecksum(absl::string_view node_path, absl::string_view checksum);

  const std::string& engine_version() const { return engine_version_; }
  const std::string& main_scene() const { return main_scene_; }
  const std::vector<ManifestScript>& scripts() const { return scripts_; }
  const std::vector<ManifestScene>& scenes() const { return scenes_; }
  // What the engine could not load: "PATH: what".
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  friend absl::StatusOr<std::unique_ptr<FileManifest>> ParseManifest(
      absl::string_view json);
  struct Where {
    const ManifestScene* scene;
    std::string rel;  // path in the scene
  };
  void Index();
  // Scene nodes the runtime path can be (exact placement first; else every
  // spawnable scene candidate).
  std::vector<Where> Resolve(absl::string_view path) const;
  const ManifestNode* FindNode(absl::string_view path) const;
  std::vector<const ManifestScene*> SpawnCandidates(
      const ManifestSpawner& s) const;
  // What a path below a spawner's spawn node, SPAWN_NODE/NAME[/REL], can
  // be: in each of the spawner's candidate scenes, REL (root: "." for NAME
  // itself). `rel` points into `path`.
  struct Spawned {
    const ManifestScene* scene;
    absl::string_view rel;
    bool root;
  };
  std::vector<Spawned> SpawnedAt(absl::string_view path) const;

  std::string engine_version_;
  std::string main_scene_;
  std::vector<ManifestScript> scripts_;
  std::vector<ManifestScene> scenes_;
  std::vector<std::string> errors_;
  // Runtime path prefix ("Main") -> scenes placed there, in priority order.
  std::map<std::string, std::vector<const ManifestScene*>, std::less<>> placed_;
  // Runtime path of a spawner / of its spawn node -> the spawner.
  std::map<std::string, const ManifestSpawner*, std::less<>> spawners_;
  std::map<std::string, const ManifestSpawner*, std::less<>> spawn_nodes_;
  std::map<const ManifestSpawner*, const ManifestScene*> spawner_scene_;
  std::map<std::string, const std::vector<ManifestRpc>*, std::less<>>
      by_checksum_;
  std::map<std::string, std::string, std::less<>> noted_;  // path -> sum
};

// Reads a manifest from JSON text / from a file.
absl::StatusOr<std::unique_ptr<FileManifest>> ParseManifest(
    absl::string_view json);
absl::StatusOr<std::unique_ptr<FileManifest>> LoadManifest(
    const std::string& path);

}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_MANIFEST_FILE_H_
