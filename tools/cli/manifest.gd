# gdwire project manifest: the names Godot 4's SceneMultiplayer leaves off
# the wire, read by the real engine from a game project.
#
#   godot --headless --path PROJECT_DIR -s /abs/path/manifest.gd -- --out=FILE
#
# (`gdwire manifest PROJECT_DIR` runs this script: it is embedded in the
# binary, tools/BUILD.bazel.) Writes FILE, a JSON object
# (format "gdwire-godot-manifest", version 1; docs/MANIFEST.md):
#
#   engine     Engine.get_version_info()
#   project    name, main_scene, autoloads (name, path, singleton)
#   scripts    every script with @rpc methods: path, rpc_methods in method-id
#              order (the engine sorts the names as Strings: id = index),
#              rpc_checksum (what SimplifyPath carries: md5 of the names
#              concatenated in id order, 32 hex chars)
#   scenes     every .tscn/.scn (and each autoload scene), instantiated (no
#              _ready, no tree): root name; nodes whose RPC config is not
#              empty (path relative to the root, ".", type, script, ids,
#              checksum); synchronizers (root_path, the replication config in
#              order, and its sync / watch / spawn lists); spawners
#              (spawn_path, spawnable scenes in order: scene id = index)
#   errors     what could not be loaded
#
# Nothing runs but constructors (_init) of the scenes' scripts: the work is
# done in this SceneTree's _init, and the autoloads are dropped from the
# (unsaved) project settings before the engine would add them to the tree.
# Node.rpc_config() calls and add_spawnable_scene() made at run time (e.g.
# in _ready) are therefore not seen.
extends SceneTree

const FORMAT := "gdwire-godot-manifest"
const VERSION := 1
const MODE_NAMES := ["never", "always", "on_change"]
const RPC_MODES := ["disabled", "any_peer", "authority"]
const TRANSFER_MODES := ["unreliable", "unreliable_ordered", "reliable"]

var errors: Array = []
var scripts: Dictionary = {}  # res:// path -> entry (insertion order)


func _init() -> void:
	var out := ""
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--out="):
			out = a.trim_prefix("--out=")
	if out == "":
		printerr("manifest.gd: usage: godot --headless --path PROJECT -s ",
			"manifest.gd -- --out=FILE")
		_drop_autoloads()
		quit(2)
		return
	var files: Array = []
	_walk("res://", files)
	files.sort()
	var autoloads := _autoloads()
	var scenes: Array = []
	# Every script file, then every scene (and the scripts its nodes use).
	for f in files:
		if f.get_extension() == "gd":
			var s = load(f)
			if s is Script:
				_script_entry(s)
				if not s.can_instantiate():
					errors.append({"path": f,
						"error": "cannot instantiate: a parse error (a script that " +
							"names an autoload does not compile here: the " +
							"engine registers autoload names only when it " +
							"starts them, and gdwire manifest starts none), " +
							"or abstract"})
			else:
				errors.append({"path": f, "error": "cannot load script"})
	for a in autoloads:
		if a.path.get_extension() in ["tscn", "scn"]:
			var e = _scene_entry(a.path, a.name)
			if e != null:
				e["autoload"] = a.name
				scenes.append(e)
		else:
			var s = load(a.path)
			if s is Script:
				_script_entry(s)
	for f in files:
		if f.get_extension() in ["tscn", "scn"]:
			var e = _scene_entry(f, "")
			if e != null:
				scenes.append(e)
	var script_list: Array = []
	for p in scripts:
		if not scripts[p].rpc_methods.is_empty():
			script_list.append(scripts[p])
	var manifest := {
		"format": FORMAT,
		"version": VERSION,
		"engine": Engine.get_version_info(),
		"project": {
			"name": str(ProjectSettings.get_setting("application/config/name", "")),
			"main_scene": str(ProjectSettings.get_setting("application/run/main_scene", "")),
			"autoloads": autoloads,
		},
		"scripts": script_list,
		"scenes": scenes,
		"errors": errors,
	}
	_drop_autoloads()
	var fa := FileAccess.open(out, FileAccess.WRITE)
	if fa == null:
		printerr("manifest.gd: cannot write ", out, ": error ",
			FileAccess.get_open_error())
		quit(1)
		return
	fa.store_string(JSON.stringify(manifest, "  ", false) + "\n")
	fa.close()
	quit(0)


# Every file under `dir` (skips hidden entries, .godot, and folders with a
# .gdignore, as the editor does).
func _walk(dir: String, out: Array) -> void:
	var d := DirAccess.open(dir)
	if d == null:
		errors.append({"path": dir, "error": "cannot open folder"})
		return
	if d.file_exists(".gdignore"):
		return
	d.include_hidden = false
	d.list_dir_begin()
	var name := d.get_next()
	while name != "":
		if not name.begins_with("."):
			var p := dir.path_join(name)
			if d.current_is_dir():
				_walk(p, out)
			else:
				out.append(p)
		name = d.get_next()
	d.list_dir_end()


func _autoloads() -> Array:
	var r: Array = []
	for prop in ProjectSettings.get_property_list():
		var n: String = prop.name
		if not n.begins_with("autoload/"):
			continue
		var v := str(ProjectSettings.get_setting(n, ""))
		r.append({"name": n.trim_prefix("autoload/"),
			"path": v.trim_prefix("*"), "singleton": v.begins_with("*")})
	return r


# Before the engine adds the autoloads to the tree (after _init): only in
# memory, the project file is not written.
func _drop_autoloads() -> void:
	for a in _autoloads():
		ProjectSettings.set_setting("autoload/" + a.name, null)


# An RPC config (Script.get_rpc_config() or Node.get_node_rpc_config()):
# its entries in id order, as SceneRPCInterface::_parse_rpc_config sorts
# them (StringLikeVariantOrder: as Strings, code point order).
func _rpc_list(config, id_base: int) -> Array:
	var r: Array = []
	if typeof(config) != TYPE_DICTIONARY:
		return r
	var names: Array = []
	for k in config.keys():
		names.append(String(k))
	names.sort()
	var i := 0
	for n in names:
		var c = config[StringName(n)] if config.has(StringName(n)) else config[n]
		if typeof(c) != TYPE_DICTIONARY or not c.has("rpc_mode"):
			continue  # skipped by the engine too (but still counted)
		var rpc_mode := int(c.get("rpc_mode", MultiplayerAPI.RPC_MODE_AUTHORITY))
		var transfer := int(c.get("transfer_mode", MultiplayerPeer.TRANSFER_MODE_RELIABLE))
		r.append({
			"id": id_base | i,
			"name": n,
			"rpc_mode": RPC_MODES[rpc_mode] if rpc_mode >= 0 and rpc_mode < 3 else str(rpc_mode),
			"transfer_mode": TRANSFER_MODES[transfer] if transfer >= 0 and transfer < 3 else str(transfer),
			"call_local": bool(c.get("call_local", false)),
			"channel": int(c.get("channel", 0)),
		})
		i += 1
	return r


# SceneRPCInterface::get_rpc_md5: the names in id order (the node's own
# config, ids 0x8000 | i, first; then the script's), concatenated.
func _checksum(lists: Array) -> String:
	var s := ""
	for l in lists:
		for m in l:
			s += m.name
	return s.md5_text()


func _script_entry(s: Script) -> Dictionary:
	var p := s.resource_path
	if p == "":
		p = "<built-in %d>" % s.get_instance_id()
	if scripts.has(p):
		return scripts[p]
	var methods := _rpc_list(s.get_rpc_config(), 0)
	var base = s.get_base_script()
	var e := {
		"path": p,
		"extends": base.resource_path if base != null else str(s.get_instance_base_type()),
		"rpc_methods": methods,
		"rpc_checksum": _checksum([methods]),
	}
	scripts[p] = e
	return e


func _rel(root: Node, n: Node) -> String:
	if n == root:
		return "."
	return str(root.get_path_to(n))


func _scene_entry(path: String, root_name: String):
	var ps = load(path)
	if not ps is PackedScene:
		errors.append({"path": path, "error": "cannot load scene"})
		return null
	if not ps.can_instantiate():
		errors.append({"path": path, "error": "cannot instantiate scene"})
		return null
	var root: Node = ps.instantiate()
	if root == null:
		errors.append({"path": path, "error": "instantiate() failed"})
		return null
	var e := {
		"path": path,
		"root": root_name if root_name != "" else str(root.name),
		"root_type": root.get_class(),
		"nodes": [],
		"synchronizers": [],
		"spawners": [],
	}
	var stack: Array = [root]
	while not stack.is_empty():
		var n: Node = stack.pop_front()
		_node_entry(root, n, e)
		var kids := n.get_children(true)
		for i in range(kids.size() - 1, -1, -1):
			stack.push_front(kids[i])
	root.free()
	return e


func _node_entry(root: Node, n: Node, e: Dictionary) -> void:
	# (Node.get_node_rpc_config: Godot 4.3 and later.)
	var own := _rpc_list(n.get_node_rpc_config()
		if n.has_method("get_node_rpc_config") else null, 0x8000)
	var s = n.get_script()
	var methods: Array = []
	var script_path := ""
	if s is Script:
		var se := _script_entry(s)
		methods = se.rpc_methods
		script_path = se.path
	if not own.is_empty() or not methods.is_empty():
		var ne := {"path": _rel(root, n), "type": n.get_class(),
			"script": script_path, "rpc_checksum": _checksum([own, methods])}
		if not own.is_empty():
			ne["node_rpc_methods"] = own
		e.nodes.append(ne)
	if n is MultiplayerSynchronizer:
		var target := n.get_node_or_null(n.root_path)
		var se := {
			"path": _rel(root, n),
			"root_path": str(n.root_path),
			"root_node": _rel(root, target) if target != null else "",
			"replication_interval": n.replication_interval,
			"delta_interval": n.delta_interval,
			"public_visibility": n.public_visibility,
			"properties": [],
			"sync": [],
			"watch": [],
			"spawn": [],
		}
		var cfg: SceneReplicationConfig = n.replication_config
		if cfg != null:
			for p in cfg.get_properties():
				var mode := int(cfg.property_get_replication_mode(p))
				var spawn := cfg.property_get_spawn(p)
				se.properties.append({"path": str(p), "spawn": spawn,
					"mode": MODE_NAMES[mode] if mode >= 0 and mode < 3 else str(mode)})
				# SceneReplicationConfig::_update: full syncs carry the
				# "always" ones, deltas the "on change" ones (at most 64),
				# the spawn state the spawn ones; each in config order.
				if spawn:
					se.spawn.append(str(p))
				if mode == SceneReplicationConfig.REPLICATION_MODE_ALWAYS:
					se.sync.append(str(p))
				elif mode == SceneReplicationConfig.REPLICATION_MODE_ON_CHANGE \
						and se.watch.size() < 64:
					se.watch.append(str(p))
		e.synchronizers.append(se)
	if n is MultiplayerSpawner:
		var target := n.get_node_or_null(n.spawn_path)
		var sp := {
			"path": _rel(root, n),
			"spawn_path": str(n.spawn_path),
			"spawn_node": _rel(root, target) if target != null else "",
			"spawn_limit": n.spawn_limit,
			"spawnable_scenes": [],
		}
		for i in n.get_spawnable_scene_count():
			sp.spawnable_scenes.append(n.get_spawnable_scene(i))
		e.spawners.append(sp)
