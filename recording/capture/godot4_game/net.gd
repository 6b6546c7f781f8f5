# Autoload /root/Net: command line, logging (one JSON line per event, the
# format of tests/data/captures/enet/README.md) and its own RPCs.
# RPC ids (sorted names): bye 0, done 1, go 2, hello 3, ping 4, pong 5,
# shout 6.
extends Node

const COMPRESS := {
	"none": ENetConnection.COMPRESS_NONE,
	"range_coder": ENetConnection.COMPRESS_RANGE_CODER,
	"fastlz": ENetConnection.COMPRESS_FASTLZ,
	"zlib": ENetConnection.COMPRESS_ZLIB,
	"zstd": ENetConnection.COMPRESS_ZSTD,
}
# Transfer mode and channel of every @rpc method of every script.
const RPC_INFO := {
	"bye": ["reliable", 0], "done": ["reliable", 0], "go": ["reliable", 0],
	"hello": ["reliable", 0], "ping": ["reliable", 1],
	"pong": ["unreliable", 2], "shout": ["reliable", 0],
	"move": ["unreliable_ordered", 1], "say": ["reliable", 0],
	"hit": ["reliable", 2], "blob": ["reliable", 0],
	"info": ["unreliable", 0], "heal": ["reliable", 0],
	"clear": ["reliable", 0], "post": ["reliable", 1],
	"score": ["unreliable", 0], "tally": ["reliable", 0],
	"zap": ["unreliable_ordered", 2],
}

var role := "server"
var port := 47500
var label := ""
var out_dir := ""
var compress := "none"
var log_file: FileAccess
var t0 := 0
var ok := true
var finished := false
var my_id := 0
var hellos := {}
var steps_done := {}
var go_step := Callable()
var bye_cb := Callable()


func _ready() -> void:
	t0 = Time.get_ticks_msec()
	Engine.max_fps = 60
	for a in OS.get_cmdline_user_args():
		var kv := a.trim_prefix("--").split("=", true, 1)
		if kv.size() != 2:
			continue
		match kv[0]:
			"role": role = kv[1]
			"port": port = int(kv[1])
			"id-label": label = kv[1]
			"out": out_dir = kv[1]
			"compress": compress = kv[1]
	if label == "":
		label = role
	if out_dir == "" or not COMPRESS.has(compress):
		printerr("net.gd: --role=server|client --port=P --id-label=L --out=DIR --compress=MODE")
		get_tree().quit(2)
		return
	log_file = FileAccess.open(out_dir.path_join(label + ".events.jsonl"),
		FileAccess.WRITE)
	log_ev({"event": "start", "role": role, "label": label, "port": port,
		"compress": compress, "engine": Engine.get_version_info()})
	get_tree().create_timer(30.0).timeout.connect(func(): fail("timed out"))


func log_ev(d: Dictionary) -> void:
	if log_file == null:
		return
	d["t_ms"] = Time.get_ticks_msec() - t0
	d["unix"] = Time.get_unix_time_from_system()
	if my_id != 0:
		d["self"] = my_id
	log_file.store_line(JSON.stringify(d))
	log_file.flush()


func strs(args: Array) -> Array:
	var r := []
	for a in args:
		r.append(var_to_str(a))
	return r


func fail(why: String) -> void:
	if finished:
		return
	ok = false
	printerr("net.gd (", label, "): ", why)
	log_ev({"event": "error", "what": why})
	finish()


func finish() -> void:
	if finished:
		return
	finished = true
	log_ev({"event": "done", "ok": ok})
	log_file.close()
	print("done ", "ok" if ok else "failed")
	get_tree().quit(0 if ok else 1)


# Sends node.method(args) to peer (0: rpc() to everyone) and logs it.
func send(node: Node, peer: int, method: String, args: Array = []) -> void:
	log_ev({"dir": "send", "peer": peer, "path": str(node.get_path()),
		"method": method, "args": strs(args), "mode": RPC_INFO[method][0],
		"channel": RPC_INFO[method][1]})
	var err: Error
	if peer == 0:
		err = node.callv("rpc", [method] + args)
	else:
		err = node.callv("rpc_id", [peer, method] + args)
	if err != OK:
		fail("%s to %d: error %d" % [method, peer, err])


func got(node: Node, method: String, args: Array) -> void:
	var d := {"dir": "recv", "peer": multiplayer.get_remote_sender_id(),
		"path": str(node.get_path()), "method": method, "args": strs(args),
		"mode": RPC_INFO[method][0], "channel": RPC_INFO[method][1]}
	if d["peer"] == my_id:
		d["local"] = true  # a call_local call run by its sender
	log_ev(d)


# Logs the synchronizer's signals where this process is not its authority.
func watch_sync(sy: MultiplayerSynchronizer, node: Node) -> void:
	sy.synchronized.connect(func():
		log_ev({"event": "synchronized", "path": str(sy.get_path()),
			"props": node.props()}))
	sy.delta_synchronized.connect(func():
		log_ev({"event": "delta_synchronized", "path": str(sy.get_path()),
			"props": node.props()}))


func log_set(node: Node) -> void:
	log_ev({"event": "set", "path": str(node.get_path()), "props": node.props()})


# --- RPCs --------------------------------------------------------------------

@rpc("authority", "call_remote", "reliable", 0)
func bye() -> void:
	got(self, "bye", [])
	bye_cb.call_deferred()


@rpc("any_peer", "call_remote", "reliable", 0)
func done(step: int) -> void:
	got(self, "done", [step])
	steps_done[step] = true


@rpc("authority", "call_remote", "reliable", 0)
func go(step: int, other: int) -> void:
	got(self, "go", [step, other])
	go_step.call_deferred(step, other)


@rpc("any_peer", "call_remote", "reliable", 0)
func hello(who: String) -> void:
	got(self, "hello", [who])
	hellos[who] = multiplayer.get_remote_sender_id()


@rpc("any_peer", "call_remote", "reliable", 1)
func ping(n: int, extra: Dictionary) -> void:
	got(self, "ping", [n, extra])


@rpc("any_peer", "call_remote", "unreliable", 2)
func pong(n: int, text: String) -> void:
	got(self, "pong", [n, text])


@rpc("any_peer", "call_remote", "reliable", 0)
func shout(text: String, v: Vector3) -> void:
	got(self, "shout", [text, v])
