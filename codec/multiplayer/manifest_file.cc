// Copyright 2026 The gdwire Authors.
//
// The engine-written project manifest (manifest_file.h), read with
// simdjson's DOM API (Debian libsimdjson-dev), error codes only.

#include "codec/multiplayer/manifest_file.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "simdjson.h"

namespace gdwire {
namespace multiplayer {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

constexpr char kFormat[] = "gdwire-godot-manifest";
constexpr int64_t kVersion = 1;
// md5 of "": what SimplifyPath carries for a node without RPC methods.
constexpr char kEmptyChecksum[] = "d41d8cd98f00b204e9800998ecf8427e";
const std::vector<ManifestRpc>& NoMethods() {
  static const auto* none = new std::vector<ManifestRpc>();
  return *none;
}

absl::Status Bad(const std::string& where, absl::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("manifest: ", where, ": ", what));
}

// Field readers: `where` names the field in messages ("scenes[2].path").
absl::Status GetObject(element e, const std::string& where, object* out) {
  if (e.get_object().get(*out)) return Bad(where, "not an object");
  return absl::OkStatus();
}

// An empty array to iterate (a default dom::array may not be).
array EmptyArray() {
  static simdjson::dom::parser* parser = new simdjson::dom::parser();
  static const array empty = [] {
    array a;
    if (parser->parse("[]", 2).get_array().get(a)) std::abort();
    return a;
  }();
  return empty;
}

// With `present`, the array may be missing (*present = false, *out empty).
absl::Status GetArray(object o, const char* key, const std::string& where,
                      array* out, bool* present = nullptr) {
  element e;
  if (present != nullptr) *present = false;
  *out = EmptyArray();
  if (o.at_key(key).get(e)) {
    if (present != nullptr) return absl::OkStatus();
    return Bad(absl::StrCat(where, ".", key), "missing");
  }
  if (present != nullptr) *present = true;
  if (e.get_array().get(*out)) {
    return Bad(absl::StrCat(where, ".", key), "not an array");
  }
  return absl::OkStatus();
}

absl::Status GetString(object o, const char* key, const std::string& where,
                       std::string* out, bool required = true) {
  element e;
  if (o.at_key(key).get(e)) {
    if (!required) return absl::OkStatus();
    return Bad(absl::StrCat(where, ".", key), "missing");
  }
  std::string_view s;
  if (e.get_string().get(s)) {
    return Bad(absl::StrCat(where, ".", key), "not a string");
  }
  out->assign(s.data(), s.size());
  return absl::OkStatus();
}

absl::Status GetInt(object o, const char* key, const std::string& where,
                    int64_t* out, bool required = true) {
  element e;
  if (o.at_key(key).get(e)) {
    if (!required) return absl::OkStatus();
    return Bad(absl::StrCat(where, ".", key), "missing");
  }
  if (e.get_int64().get(*out)) {
    return Bad(absl::StrCat(where, ".", key), "not an integer");
  }
  return absl::OkStatus();
}

absl::Status GetBool(object o, const char* key, const std::string& where,
                     bool* out) {
  element e;
  if (o.at_key(key).get(e)) return absl::OkStatus();  // optional
  if (e.get_bool().get(*out)) {
    return Bad(absl::StrCat(where, ".", key), "not a boolean");
  }
  return absl::OkStatus();
}

absl::Status GetStrings(object o, const char* key, const std::string& where,
                        std::vector<std::string>* out) {
  array a;
  bool present = false;
  absl::Status st = GetArray(o, key, where, &a, &present);
  if (!st.ok() || !present) return st;
  size_t i = 0;
  for (element e : a) {
    std::string_view s;
    if (e.get_string().get(s)) {
      return Bad(absl::StrCat(where, ".", key, "[", i, "]"), "not a string");
    }
    out->emplace_back(s);
    ++i;
  }
  return absl::OkStatus();
}

absl::Status GetRpcs(object o, const char* key, const std::string& where,
                     std::vector<ManifestRpc>* out) {
  array a;
  bool present = false;
  absl::Status st = GetArray(o, key, where, &a, &present);
  if (!st.ok() || !present) return st;
  size_t i = 0;
  for (element e : a) {
    const std::string w = absl::StrCat(where, ".", key, "[", i++, "]");
    object m;
    ManifestRpc r;
    int64_t id = 0;
    int64_t channel = 0;
    if (!(st = GetObject(e, w, &m)).ok() ||
        !(st = GetInt(m, "id", w, &id)).ok() ||
        !(st = GetString(m, "name", w, &r.name)).ok() ||
        !(st = GetString(m, "rpc_mode", w, &r.rpc_mode, false)).ok() ||
        !(st = GetString(m, "transfer_mode", w, &r.transfer_mode, false))
             .ok() ||
        !(st = GetBool(m, "call_local", w, &r.call_local)).ok() ||
        !(st = GetInt(m, "channel", w, &channel, false)).ok()) {
      return st;
    }
    if (id < 0 || id > 0xFFFF) return Bad(w + ".id", "out of range");
    r.id = static_cast<uint16_t>(id);
    r.channel = static_cast<int>(channel);
    out->push_back(std::move(r));
  }
  return absl::OkStatus();
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

absl::StatusOr<std::unique_ptr<FileManifest>> ParseManifest(
    absl::string_view json) {
  simdjson::dom::parser parser;
  element doc;
  if (auto err = parser.parse(json.data(), json.size()).get(doc)) {
    return absl::InvalidArgumentError(
        absl::StrCat("manifest: not JSON: ", simdjson::error_message(err)));
  }
  auto m = std::make_unique<FileManifest>();
  absl::Status st;
  object top;
  if (!(st = GetObject(doc, "top level", &top)).ok()) return st;
  std::string format;
  int64_t version = 0;
  if (!(st = GetString(top, "format", "top level", &format)).ok()) return st;
  if (format != kFormat) {
    return Bad("format",
               absl::StrCat("\"", format, "\", not \"", kFormat, "\""));
  }
  if (!(st = GetInt(top, "version", "top level", &version)).ok()) return st;
  if (version != kVersion) {
    return Bad("version",
               absl::StrCat(version, " (this gdwire reads ", kVersion, ")"));
  }
  element e;
  object o;
  if (!top.at_key("engine").get(e) && !e.get_object().get(o)) {
    GetString(o, "string", "engine", &m->engine_version_, false).IgnoreError();
  }
  std::vector<std::pair<std::string, std::string>> autoloads;  // name, path
  if (!top.at_key("project").get(e)) {
    object p;
    if (!(st = GetObject(e, "project", &p)).ok() ||
        !(st = GetString(p, "main_scene", "project", &m->main_scene_, false))
             .ok()) {
      return st;
    }
    array a;
    bool present = false;
    if (!(st = GetArray(p, "autoloads", "project", &a, &present)).ok()) {
      return st;
    }
    size_t i = 0;
    for (element x : a) {
      const std::string w = absl::StrCat("project.autoloads[", i++, "]");
      object al;
      std::string name, path;
      if (!(st = GetObject(x, w, &al)).ok() ||
          !(st = GetString(al, "name", w, &name)).ok() ||
          !(st = GetString(al, "path", w, &path)).ok()) {
        return st;
      }
      autoloads.emplace_back(name, path);
    }
  }

  array scripts;
  if (!(st = GetArray(top, "scripts", "top level", &scripts)).ok()) return st;
  size_t i = 0;
  for (element x : scripts) {
    const std::string w = absl::StrCat("scripts[", i++, "]");
    ManifestScript s;
    if (!(st = GetObject(x, w, &o)).ok() ||
        !(st = GetString(o, "path", w, &s.path)).ok() ||
        !(st = GetRpcs(o, "rpc_methods", w, &s.methods)).ok() ||
        !(st = GetString(o, "rpc_checksum", w, &s.checksum)).ok()) {
      return st;
    }
    m->scripts_.push_back(std::move(s));
  }

  array scenes;
  if (!(st = GetArray(top, "scenes", "top level", &scenes)).ok()) return st;
  i = 0;
  for (element x : scenes) {
    const std::string w = absl::StrCat("scenes[", i++, "]");
    ManifestScene s;
    array nodes, syncs, spawners;
    bool has_nodes = false, has_syncs = false, has_spawners = false;
    if (!(st = GetObject(x, w, &o)).ok() ||
        !(st = GetString(o, "path", w, &s.path)).ok() ||
        !(st = GetString(o, "root", w, &s.root)).ok() ||
        !(st = GetString(o, "autoload", w, &s.autoload, false)).ok() ||
        !(st = GetArray(o, "nodes", w, &nodes, &has_nodes)).ok() ||
        !(st = GetArray(o, "synchronizers", w, &syncs, &has_syncs)).ok() ||
        !(st = GetArray(o, "spawners", w, &spawners, &has_spawners)).ok()) {
      return st;
    }
    size_t j = 0;
    for (element y : nodes) {
      const std::string wn = absl::StrCat(w, ".nodes[", j++, "]");
      object n;
      ManifestNode node;
      std::vector<ManifestRpc> own;
      if (!(st = GetObject(y, wn, &n)).ok() ||
          !(st = GetString(n, "path", wn, &node.path)).ok() ||
          !(st = GetString(n, "type", wn, &node.type, false)).ok() ||
          !(st = GetString(n, "script", wn, &node.script, false)).ok() ||
          !(st = GetString(n, "rpc_checksum", wn, &node.checksum)).ok() ||
          !(st = GetRpcs(n, "node_rpc_methods", wn, &own)).ok()) {
        return st;
      }
      node.methods = std::move(own);
      for (const ManifestScript& sc : m->scripts_) {
        if (sc.path == node.script) {
          node.methods.insert(node.methods.end(), sc.methods.begin(),
                              sc.methods.end());
          break;
        }
      }
      s.nodes.push_back(std::move(node));
    }
    j = 0;
    for (element y : syncs) {
      const std::string wn = absl::StrCat(w, ".synchronizers[", j++, "]");
      object n;
      ManifestSync sy;
      array props;
      bool has_props = false;
      if (!(st = GetObject(y, wn, &n)).ok() ||
          !(st = GetString(n, "path", wn, &sy.path)).ok() ||
          !(st = GetString(n, "root_path", wn, &sy.root_path, false)).ok() ||
          !(st = GetString(n, "root_node", wn, &sy.root_node, false)).ok() ||
          !(st = GetStrings(n, "sync", wn, &sy.sync)).ok() ||
          !(st = GetStrings(n, "watch", wn, &sy.watch)).ok() ||
          !(st = GetStrings(n, "spawn", wn, &sy.spawn)).ok() ||
          !(st = GetArray(n, "properties", wn, &props, &has_props)).ok()) {
        return st;
      }
      size_t k = 0;
      for (element z : props) {
        const std::string wp = absl::StrCat(wn, ".properties[", k++, "]");
        object p;
        std::string path;
        if (!(st = GetObject(z, wp, &p)).ok() ||
            !(st = GetString(p, "path", wp, &path)).ok()) {
          return st;
        }
        sy.properties.push_back(std::move(path));
      }
      s.synchronizers.push_back(std::move(sy));
    }
    j = 0;
    for (element y : spawners) {
      const std::string wn = absl::StrCat(w, ".spawners[", j++, "]");
      object n;
      ManifestSpawner sp;
      if (!(st = GetObject(y, wn, &n)).ok() ||
          !(st = GetString(n, "path", wn, &sp.path)).ok() ||
          !(st = GetString(n, "spawn_path", wn, &sp.spawn_path, false)).ok() ||
          !(st = GetString(n, "spawn_node", wn, &sp.spawn_node, false)).ok() ||
          !(st = GetStrings(n, "spawnable_scenes", wn, &sp.scenes)).ok()) {
        return st;
      }
      s.spawners.push_back(std::move(sp));
    }
    m->scenes_.push_back(std::move(s));
  }

  array errors;
  bool has_errors = false;
  if (!(st = GetArray(top, "errors", "top level", &errors, &has_errors)).ok()) {
    return st;
  }
  i = 0;
  for (element x : errors) {
    const std::string w = absl::StrCat("errors[", i++, "]");
    std::string path, what;
    if (!(st = GetObject(x, w, &o)).ok() ||
        !(st = GetString(o, "path", w, &path, false)).ok() ||
        !(st = GetString(o, "error", w, &what, false)).ok()) {
      return st;
    }
    m->errors_.push_back(absl::StrCat(path, ": ", what));
  }

  // An autoload script (not a scene) is a node at "NAME" with that script.
  for (const auto& [name, path] : autoloads) {
    for (const ManifestScript& sc : m->scripts_) {
      if (sc.path != path) continue;
      ManifestScene s;
      s.path = path;
      s.root = name;
      s.autoload = name;
      ManifestNode n;
      n.path = ".";
      n.script = path;
      n.methods = sc.methods;
      n.checksum = sc.checksum;
      s.nodes.push_back(std::move(n));
      m->scenes_.push_back(std::move(s));
    }
  }
  m->Index();
  return m;
}

absl::StatusOr<std::unique_ptr<FileManifest>> LoadManifest(
    const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return absl::DataLossError(absl::StrCat("cannot read ", path));
  absl::StatusOr<std::unique_ptr<FileManifest>> m = ParseManifest(ss.str());
  if (!m.ok()) {
    return absl::Status(m.status().code(),
                        absl::StrCat(path, ": ", m.status().message()));
  }
  return m;
}

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
