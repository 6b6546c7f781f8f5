// Copyright 2026 The gdwire Authors.
//
// The engine-written project manifest's lookups (manifest_file.h): the
// index of nodes, scripts and spawners built once read (manifest_read.cc
// reads the file), and the names and checksums it answers for a node path.

#include "codec/multiplayer/manifest_file.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace gdwire {
namespace multiplayer {
namespace {

// md5 of "": what SimplifyPath carries for a node without RPC methods.
constexpr char kEmptyChecksum[] = "d41d8cd98f00b204e9800998ecf8427e";
const std::vector<ManifestRpc>& NoMethods() {
  static const auto* none = new std::vector<ManifestRpc>();
  return *none;
}

// "Main" + "Players/P" -> "Main/Players/P"; "." is the root itself.
std::string Join(absl::string_view root, absl::string_view rel) {
  if (rel.empty() || rel == ".") return std::string(root);
  return absl::StrCat(root, "/", rel);
}

// A replication config path as the name of the property: ".:pos" -> "pos".
std::string PropName(const std::string& p) {
  if (absl::StartsWith(p, ".:")) return p.substr(2);
  return p;
}

std::optional<std::string> MethodIn(const std::vector<ManifestRpc>& methods,
                                    uint16_t id) {
  for (const ManifestRpc& m : methods) {
    if (m.id == id) return m.name;
  }
  return std::nullopt;
}

const ManifestNode* NodeAt(const ManifestScene& s, absl::string_view rel) {
  for (const ManifestNode& n : s.nodes) {
    if (n.path == rel) return &n;
  }
  return nullptr;
}

const ManifestSync* SyncAt(const ManifestScene& s, absl::string_view rel) {
  for (const ManifestSync& n : s.synchronizers) {
    if (n.path == rel) return &n;
  }
  return nullptr;
}

bool HasSpawnerAt(const ManifestScene& s, absl::string_view rel) {
  for (const ManifestSpawner& n : s.spawners) {
    if (n.path == rel) return true;
  }
  return false;
}

// One answer from the candidates: the first of an exact placement, or the
// one all spawn candidates that answer agree on.
class Agree {
 public:
  explicit Agree(bool first_wins) : first_wins_(first_wins) {}
  void Add(const std::optional<std::string>& v) {
    if (!v || done_) return;
    if (!value_) {
      value_ = v;
      if (first_wins_) done_ = true;
    } else if (*value_ != *v) {
      conflict_ = true;
    }
  }
  std::optional<std::string> Get() const {
    return conflict_ ? std::nullopt : value_;
  }
  bool has() const { return value_.has_value(); }

 private:
  bool first_wins_;
  bool done_ = false;
  bool conflict_ = false;
  std::optional<std::string> value_;
};

}  // namespace

void FileManifest::Index() {
  // Placement priority: the main scene, autoloads, then the rest in the
  // order of the file (path order).
  std::vector<const ManifestScene*> order;
  for (const ManifestScene& s : scenes_) {
    if (s.autoload.empty() && s.path == main_scene_) order.push_back(&s);
  }
  for (const ManifestScene& s : scenes_) {
    if (!s.autoload.empty()) order.push_back(&s);
  }
  for (const ManifestScene& s : scenes_) {
    if (s.autoload.empty() && s.path != main_scene_) order.push_back(&s);
  }
  for (const ManifestScene* s : order) {
    placed_[s->root].push_back(s);
    for (const ManifestSpawner& sp : s->spawners) {
      spawner_scene_[&sp] = s;
      spawners_.emplace(Join(s->root, sp.path), &sp);
      if (!sp.spawn_node.empty()) {
        spawn_nodes_.emplace(Join(s->root, sp.spawn_node), &sp);
      }
    }
  }
  by_checksum_.emplace(kEmptyChecksum, &NoMethods());
  for (const ManifestScript& s : scripts_) {
    by_checksum_.emplace(absl::AsciiStrToLower(s.checksum), &s.methods);
  }
  for (const ManifestScene& s : scenes_) {
    for (const ManifestNode& n : s.nodes) {
      by_checksum_.emplace(absl::AsciiStrToLower(n.checksum), &n.methods);
    }
  }
}

std::vector<const ManifestScene*> FileManifest::SpawnCandidates(
    const ManifestSpawner& sp) const {
  std::vector<const ManifestScene*> out;
  // A spawner that lists no scenes (the game adds them at run time): every
  // scene but the autoloads, the main scene and the spawner's own.
  auto owner = spawner_scene_.find(&sp);
  for (const ManifestScene& s : scenes_) {
    if (!s.autoload.empty()) continue;
    if (sp.scenes.empty()
            ? s.path != main_scene_ &&
                  (owner == spawner_scene_.end() || owner->second != &s)
            : std::find(sp.scenes.begin(), sp.scenes.end(), s.path) !=
                  sp.scenes.end()) {
      out.push_back(&s);
    }
  }
  return out;
}

std::vector<FileManifest::Where> FileManifest::Resolve(
    absl::string_view path) const {
  std::vector<Where> out;
  // Exact placement: "ROOT[/REL]".
  const size_t slash = path.find('/');
  const absl::string_view first = path.substr(0, slash);
  const absl::string_view rest =
      slash == absl::string_view::npos ? "." : path.substr(slash + 1);
  auto it = placed_.find(first);
  if (it != placed_.end()) {
    for (const ManifestScene* s : it->second) {
      out.push_back(Where{s, std::string(rest)});
    }
  }
  return out;
}

std::vector<FileManifest::Spawned> FileManifest::SpawnedAt(
    absl::string_view path) const {
  std::vector<Spawned> out;
  for (const auto& [prefix, sp] : spawn_nodes_) {
    if (path.size() <= prefix.size() + 1 || !absl::StartsWith(path, prefix) ||
        path[prefix.size()] != '/') {
      continue;
    }
    absl::string_view tail = path.substr(prefix.size() + 1);
    const size_t s = tail.find('/');
    const bool root = s == absl::string_view::npos;
    const absl::string_view rel = root ? "." : tail.substr(s + 1);
    for (const ManifestScene* scene : SpawnCandidates(*sp)) {
      out.push_back({scene, rel, root});
    }
  }
  return out;
}

std::optional<std::string> FileManifest::MethodName(absl::string_view node_path,
                                                    uint16_t method_id) const {
  auto noted = noted_.find(node_path);
  if (noted != noted_.end()) {
    const std::vector<ManifestRpc>* methods = MethodsForChecksum(noted->second);
    if (methods == nullptr) return std::nullopt;  // the peer runs other code
    return MethodIn(*methods, method_id);
  }
  Agree exact(/*first_wins=*/true);
  for (const Where& w : Resolve(node_path)) {
    if (const ManifestNode* n = NodeAt(*w.scene, w.rel)) {
      exact.Add(MethodIn(n->methods, method_id));
      if (exact.has()) return exact.Get();
    }
  }
  // Below a spawner's spawn node: SPAWN_NODE/NAME[/REL].
  Agree spawned(/*first_wins=*/false);
  for (const Spawned& c : SpawnedAt(node_path)) {
    if (const ManifestNode* n = NodeAt(*c.scene, c.rel)) {
      spawned.Add(MethodIn(n->methods, method_id));
    }
  }
  return spawned.Get();
}

std::optional<std::string> FileManifest::PropertyName(absl::string_view sync,
                                                      bool delta,
                                                      size_t index) const {
  auto pick = [&](const ManifestSync& s) -> std::optional<std::string> {
    const std::vector<std::string>& list = delta ? s.watch : s.sync;
    if (index >= list.size()) return std::nullopt;
    return PropName(list[index]);
  };
  // A synchronizer named by its own path (a path-cached one).
  for (const Where& w : Resolve(sync)) {
    if (const ManifestSync* s = SyncAt(*w.scene, w.rel)) {
      if (auto v = pick(*s)) return v;
    }
  }
  Agree spawned(/*first_wins=*/false);
  // SPAWN_NODE/NAME/REL: a spawned node's synchronizer by its path.
  for (const Spawned& c : SpawnedAt(sync)) {
    if (c.root) continue;
    if (const ManifestSync* y = SyncAt(*c.scene, c.rel)) spawned.Add(pick(*y));
  }
  if (spawned.has()) return spawned.Get();
  // The session's "SPAWNER_PATH/NAME": every synchronizer of the spawnable
  // scenes that has such a property.
  const size_t slash = sync.rfind('/');
  if (slash == absl::string_view::npos) return std::nullopt;
  auto sp = spawners_.find(sync.substr(0, slash));
  if (sp == spawners_.end()) return std::nullopt;
  for (const ManifestScene* scene : SpawnCandidates(*sp->second)) {
    for (const ManifestSync& y : scene->synchronizers) spawned.Add(pick(y));
  }
  return spawned.Get();
}

std::optional<std::string> FileManifest::ChecksumFor(
    absl::string_view node_path) const {
  for (const Where& w : Resolve(node_path)) {
    if (const ManifestNode* n = NodeAt(*w.scene, w.rel)) return n->checksum;
    if (SyncAt(*w.scene, w.rel) || HasSpawnerAt(*w.scene, w.rel)) {
      return std::string(kEmptyChecksum);
    }
  }
  Agree spawned(/*first_wins=*/false);
  for (const Spawned& c : SpawnedAt(node_path)) {
    if (const ManifestNode* n = NodeAt(*c.scene, c.rel)) {
      spawned.Add(n->checksum);
    } else if (SyncAt(*c.scene, c.rel) || HasSpawnerAt(*c.scene, c.rel)) {
      spawned.Add(std::string(kEmptyChecksum));
    }
  }
  return spawned.Get();
}

const std::vector<ManifestRpc>* FileManifest::MethodsAt(
    absl::string_view node_path) const {
  for (const Where& w : Resolve(node_path)) {
    if (const ManifestNode* n = NodeAt(*w.scene, w.rel)) return &n->methods;
  }
  // Below a spawner's spawn node: an answer where every candidate agrees.
  const std::vector<ManifestRpc>* found = nullptr;
  for (const Spawned& c : SpawnedAt(node_path)) {
    const ManifestNode* n = NodeAt(*c.scene, c.rel);
    if (n == nullptr) continue;
    if (found == nullptr) {
      found = &n->methods;
      continue;
    }
    if (found->size() != n->methods.size()) return nullptr;
    for (size_t i = 0; i < found->size(); ++i) {
      const ManifestRpc& a = (*found)[i];
      const ManifestRpc& b = n->methods[i];
      if (a.id != b.id || a.name != b.name || a.rpc_mode != b.rpc_mode ||
          a.transfer_mode != b.transfer_mode || a.channel != b.channel ||
          a.call_local != b.call_local) {
        return nullptr;
      }
    }
  }
  return found;
}

const std::vector<ManifestRpc>* FileManifest::MethodsForChecksum(
    absl::string_view checksum) const {
  auto it = by_checksum_.find(absl::AsciiStrToLower(checksum));
  return it == by_checksum_.end() ? nullptr : it->second;
}

void FileManifest::NoteChecksum(absl::string_view node_path,
                                absl::string_view checksum) {
  noted_[std::string(node_path)] = absl::AsciiStrToLower(checksum);
}

}  // namespace multiplayer
}  // namespace gdwire
