// Copyright 2026 The gdwire Authors.
//
// Reading the engine-written project manifest (manifest_file.h): the JSON
// file parsed with simdjson's DOM API (Debian libsimdjson-dev), error codes
// only, each field checked and named in errors ("scenes[2].path"), into a
// FileManifest (whose lookups are manifest_file.cc).

#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "codec/multiplayer/manifest_file.h"
#include "simdjson.h"

namespace gdwire {
namespace multiplayer {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

constexpr char kFormat[] = "gdwire-godot-manifest";
constexpr int64_t kVersion = 1;

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

// The top-level object, checked to be a manifest of this version.
absl::Status ReadTop(element doc, object* top) {
  absl::Status st;
  if (!(st = GetObject(doc, "top level", top)).ok()) return st;
  std::string format;
  int64_t version = 0;
  if (!(st = GetString(*top, "format", "top level", &format)).ok()) return st;
  if (format != kFormat) {
    return Bad("format",
               absl::StrCat("\"", format, "\", not \"", kFormat, "\""));
  }
  if (!(st = GetInt(*top, "version", "top level", &version)).ok()) return st;
  if (version != kVersion) {
    return Bad("version",
               absl::StrCat(version, " (this gdwire reads ", kVersion, ")"));
  }
  return absl::OkStatus();
}

// "project": the main scene and the autoloads (name, path).
absl::Status ReadProject(
    object top, std::string* main_scene,
    std::vector<std::pair<std::string, std::string>>* autoloads) {
  element e;
  if (top.at_key("project").get(e)) return absl::OkStatus();
  absl::Status st;
  object p;
  if (!(st = GetObject(e, "project", &p)).ok() ||
      !(st = GetString(p, "main_scene", "project", main_scene, false)).ok()) {
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
    autoloads->emplace_back(name, path);
  }
  return absl::OkStatus();
}

absl::Status ReadScripts(object top, std::vector<ManifestScript>* out) {
  absl::Status st;
  array scripts;
  if (!(st = GetArray(top, "scripts", "top level", &scripts)).ok()) return st;
  size_t i = 0;
  for (element x : scripts) {
    const std::string w = absl::StrCat("scripts[", i++, "]");
    object o;
    ManifestScript s;
    if (!(st = GetObject(x, w, &o)).ok() ||
        !(st = GetString(o, "path", w, &s.path)).ok() ||
        !(st = GetRpcs(o, "rpc_methods", w, &s.methods)).ok() ||
        !(st = GetString(o, "rpc_checksum", w, &s.checksum)).ok()) {
      return st;
    }
    out->push_back(std::move(s));
  }
  return absl::OkStatus();
}

// A scene's nodes (`w`: the scene's field name), each with its own RPC
// methods and then its script's.
absl::Status ReadNodes(array nodes, const std::string& w,
                       const std::vector<ManifestScript>& scripts,
                       std::vector<ManifestNode>* out) {
  absl::Status st;
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
    for (const ManifestScript& sc : scripts) {
      if (sc.path == node.script) {
        node.methods.insert(node.methods.end(), sc.methods.begin(),
                            sc.methods.end());
        break;
      }
    }
    out->push_back(std::move(node));
  }
  return absl::OkStatus();
}

absl::Status ReadSynchronizers(array syncs, const std::string& w,
                               std::vector<ManifestSync>* out) {
  absl::Status st;
  size_t j = 0;
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
    out->push_back(std::move(sy));
  }
  return absl::OkStatus();
}

absl::Status ReadSpawners(array spawners, const std::string& w,
                          std::vector<ManifestSpawner>* out) {
  absl::Status st;
  size_t j = 0;
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
    out->push_back(std::move(sp));
  }
  return absl::OkStatus();
}

// "scenes": each scene's fields, then its nodes, synchronizers and
// spawners.
absl::Status ReadScenes(object top, const std::vector<ManifestScript>& scripts,
                        std::vector<ManifestScene>* out) {
  absl::Status st;
  array scenes;
  if (!(st = GetArray(top, "scenes", "top level", &scenes)).ok()) return st;
  size_t i = 0;
  for (element x : scenes) {
    const std::string w = absl::StrCat("scenes[", i++, "]");
    object o;
    ManifestScene s;
    array nodes, syncs, spawners;
    bool has_nodes = false, has_syncs = false, has_spawners = false;
    if (!(st = GetObject(x, w, &o)).ok() ||
        !(st = GetString(o, "path", w, &s.path)).ok() ||
        !(st = GetString(o, "root", w, &s.root)).ok() ||
        !(st = GetString(o, "autoload", w, &s.autoload, false)).ok() ||
        !(st = GetArray(o, "nodes", w, &nodes, &has_nodes)).ok() ||
        !(st = GetArray(o, "synchronizers", w, &syncs, &has_syncs)).ok() ||
        !(st = GetArray(o, "spawners", w, &spawners, &has_spawners)).ok() ||
        !(st = ReadNodes(nodes, w, scripts, &s.nodes)).ok() ||
        !(st = ReadSynchronizers(syncs, w, &s.synchronizers)).ok() ||
        !(st = ReadSpawners(spawners, w, &s.spawners)).ok()) {
      return st;
    }
    out->push_back(std::move(s));
  }
  return absl::OkStatus();
}

// "errors": what the engine could not read, as "path: error".
absl::Status ReadErrors(object top, std::vector<std::string>* out) {
  absl::Status st;
  array errors;
  bool has_errors = false;
  if (!(st = GetArray(top, "errors", "top level", &errors, &has_errors)).ok()) {
    return st;
  }
  size_t i = 0;
  for (element x : errors) {
    const std::string w = absl::StrCat("errors[", i++, "]");
    object o;
    std::string path, what;
    if (!(st = GetObject(x, w, &o)).ok() ||
        !(st = GetString(o, "path", w, &path, false)).ok() ||
        !(st = GetString(o, "error", w, &what, false)).ok()) {
      return st;
    }
    out->push_back(absl::StrCat(path, ": ", what));
  }
  return absl::OkStatus();
}

// An autoload script (not a scene) is a node at "NAME" with that script.
void AddAutoloadScripts(
    const std::vector<std::pair<std::string, std::string>>& autoloads,
    const std::vector<ManifestScript>& scripts,
    std::vector<ManifestScene>* scenes) {
  for (const auto& [name, path] : autoloads) {
    for (const ManifestScript& sc : scripts) {
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
      scenes->push_back(std::move(s));
    }
  }
}

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
  if (!(st = ReadTop(doc, &top)).ok()) return st;
  element e;
  object o;
  if (!top.at_key("engine").get(e) && !e.get_object().get(o)) {
    GetString(o, "string", "engine", &m->engine_version_, false).IgnoreError();
  }
  std::vector<std::pair<std::string, std::string>> autoloads;  // name, path
  if (!(st = ReadProject(top, &m->main_scene_, &autoloads)).ok() ||
      !(st = ReadScripts(top, &m->scripts_)).ok() ||
      !(st = ReadScenes(top, m->scripts_, &m->scenes_)).ok() ||
      !(st = ReadErrors(top, &m->errors_)).ok()) {
    return st;
  }
  AddAutoloadScripts(autoloads, m->scripts_, &m->scenes_);
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

}  // namespace multiplayer
}  // namespace gdwire
