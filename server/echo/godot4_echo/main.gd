# Godot 4 clients for gdwire's live server tests (server/echo/live_test.sh),
# and the same echo as a real Godot server, the baseline:
#
#   setup/godot/godot4 --path server/echo/godot4_echo -- --role=server \
#     --port=P --out=DIR --clients=N [--bench]
#   setup/godot/godot4 --path server/echo/godot4_echo -- --role=client \
#     --port=P --out=DIR --clients=N --id-label=clientK
#
# ENetMultiplayerPeer over 127.0.0.1, no compression unless --compress, server relay on.
# Every process writes DIR/<label>.events.jsonl (the server's label is
# "server"): one JSON object a line for every RPC and raw packet it sends
# and receives (node path, method, var_to_str of each argument, transfer
# mode, channel, peer), every peer event, ending {"event":"done","ok":...};
# it prints "done ok" (exit 0) or "done failed" (exit 1).
#
# A client: connects; waits until it knows the server and the N-1 other
# clients (the server's peer notices); calls echo(...) on every echo node
# (Main/Rel0 ... Main/Ord1: each transfer mode on channels 0, 1, 2) with
# every value of values.gd (every Variant type, ints of every width),
# and on Main/Rel0 also with no argument, one PackedByteArray (the byte-only
# forms), three and twenty arguments; checks that every echo_reply carries
# the arguments sent (reliable nodes: all of them, in order; unreliable
# ones: each reply one that was sent); sends raw bytes to the server in
# three modes and channels and expects them back; calls chat(...) on each
# other client through the server's relay (rpc_id) and on everyone (rpc());
# calls note(...) on the server; calls Main/Relay's chat_r (reliable,
# channel 2), chat_u (unreliable, channel 1) and chat_o (unreliable_ordered,
# channel 2) on each other client and on everyone (relays in other modes
# and channels). When it has every reply and every other client's reliable
# chats it says "done" to everyone, waits for everyone's "done",
# and leaves: client1 gracefully (ENet disconnect), the others with close().
#
# The server (baseline): answers echo(...) on a node with echo_reply(...)
# with the same arguments to the caller; sends raw bytes back (reliable,
# channel 0: GDScript does not see a raw packet's mode); logs chat and note;
# quits once N clients have come and gone.
#
# --compress=MODE (both roles): ENetConnection.compress, none (default),
# range_coder, fastlz, zlib, zstd.
#
# --auth-token=T (both roles): SceneMultiplayer authentication. A client
# sends T with send_auth and completes when the server answers "ok"; the
# Godot server answers "ok" and admits a peer that sent T, "denied" and
# drops any other. A client with --expect-denied passes when the server
# refuses it (peer_authentication_failed) and fails if it gets in. --bench (for
# server/echo/load/bench.sh): up to 4095 clients, no time limit, no log line
# per call, and it runs until killed.
extends Node

const TIMEOUT_S := 45.0
const Values := preload("res://values.gd")
const COMPRESS := {
	"none": ENetConnection.COMPRESS_NONE,
	"range_coder": ENetConnection.COMPRESS_RANGE_CODER,
	"fastlz": ENetConnection.COMPRESS_FASTLZ,
	"zlib": ENetConnection.COMPRESS_ZLIB,
	"zstd": ENetConnection.COMPRESS_ZSTD,
}
const MODE_NAMES := {
	MultiplayerPeer.TRANSFER_MODE_RELIABLE: "reliable",
	MultiplayerPeer.TRANSFER_MODE_UNRELIABLE: "unreliable",
	MultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED: "unreliable_ordered",
}

var role := "client"
var port := 0
var label := ""
var out_dir := ""
var clients := 3
var bench := false
var auth_token := ""
var compress := "none"
var expect_denied := false
var log_file: FileAccess
var t0 := 0
var ok := true
var finished := false
var my_id := 0
var echo_nodes: Array[Node] = []
# Client: per echo node, the argument texts sent and not yet answered.
var pending := {}
var last_send_ms := 0
var raw_pending: Array[String] = []  # reliable ones: must come back
var raw_sent: Array[String] = []
var chats := {}  # sender id -> chats received
var chats_r := {}  # sender id -> Relay.chat_r received
var done_from := {}
var others: Array[int] = []
# Server: clients seen, clients present.
var joined := 0
var present := 0


func _ready() -> void:
	t0 = Time.get_ticks_msec()
	for a in OS.get_cmdline_user_args():
		var kv := a.trim_prefix("--").split("=", true, 1)
		if kv.size() != 2:
			continue
		match kv[0]:
			"role": role = kv[1]
			"port": port = int(kv[1])
			"id-label": label = kv[1]
			"out": out_dir = kv[1]
			"clients": clients = int(kv[1])
			"auth-token": auth_token = kv[1]
			"compress": compress = kv[1]
	expect_denied = "--expect-denied" in OS.get_cmdline_user_args()
	bench = "--bench" in OS.get_cmdline_user_args()
	if label == "":
		label = role
	if out_dir == "" or not role in ["server", "client"] or port <= 0 \
			or clients < 1 or not COMPRESS.has(compress):
		printerr("main.gd: --role=server|client --port=P --out=DIR ",
			"--clients=N [--id-label=L] [--compress=MODE] [--auth-token=T]")
		get_tree().quit(2)
		return
	log_file = FileAccess.open(out_dir.path_join(label + ".events.jsonl"),
		FileAccess.WRITE)
	if log_file == null:
		printerr("main.gd: cannot write to ", out_dir)
		get_tree().quit(2)
		return
	for c in get_children():
		if c.has_method("echo"):
			echo_nodes.append(c)
			pending[str(c.name)] = []
	log_ev({"event": "start", "role": role, "label": label, "port": port,
		"engine": Engine.get_version_info().string})
	if not bench:
		get_tree().create_timer(TIMEOUT_S).timeout.connect(func():
			fail("timed out: %s" % _waiting_for()))
	multiplayer.peer_connected.connect(_on_peer_connected)
	multiplayer.peer_disconnected.connect(_on_peer_disconnected)
	multiplayer.server_disconnected.connect(func():
		log_ev({"event": "server_disconnected"}))
	multiplayer.peer_packet.connect(_on_raw)
	if auth_token != "":
		_set_up_auth()
	if role == "server":
		_run_server()
	else:
		_run_client()


# --- logging ----------------------------------------------------------------

func log_ev(d: Dictionary) -> void:
	if log_file == null or not log_file.is_open():
		return
	d["t_ms"] = Time.get_ticks_msec() - t0
	if my_id != 0:
		d["self"] = my_id
	log_file.store_line(JSON.stringify(d, "", true))
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
	printerr("main.gd (", label, "): ", why)
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


func wait(s: float) -> void:
	await get_tree().create_timer(s).timeout


func until(cond: Callable) -> void:
	while not cond.call() and not finished:
		await get_tree().process_frame


func _on_peer_connected(id: int) -> void:
	log_ev({"event": "peer_connected", "peer": id})
	if role == "server":
		joined += 1
		present += 1
	elif id != 1:
		others.append(id)


func _on_peer_disconnected(id: int) -> void:
	log_ev({"event": "peer_disconnected", "peer": id})
	if role == "server":
		present -= 1
		if joined >= clients and present == 0 and not bench:
			finish()


# Calls `method` on `node` of `peer` (0: everyone) and logs it.
func send(node: Node, peer: int, method: String, args: Array, mode: String,
		channel: int) -> void:
	log_ev({"dir": "send", "peer": peer, "path": str(node.get_path()),
		"method": method, "args": strs(args), "mode": mode,
		"channel": channel})
	var err: Error
	if peer == 0:
		err = node.callv("rpc", [method] + args)
	else:
		err = node.callv("rpc_id", [peer, method] + args)
	if err != OK:
		fail("%s to %d: error %d" % [method, peer, err])


func got(node: Node, method: String, args: Array, mode: String,
		channel: int) -> void:
	log_ev({"dir": "recv", "peer": multiplayer.get_remote_sender_id(),
		"path": str(node.get_path()), "method": method, "args": strs(args),
		"mode": mode, "channel": channel})


func send_raw(peer: int, bytes: PackedByteArray, mode: int,
		channel: int) -> void:
	log_ev({"dir": "send", "peer": peer, "raw": bytes.hex_encode(),
		"mode": MODE_NAMES[mode], "channel": channel})
	var err: Error = multiplayer.send_bytes(bytes, peer, mode, channel)
	if err != OK:
		fail("send_bytes to %d: error %d" % [peer, err])


func _on_raw(id: int, bytes: PackedByteArray) -> void:
	log_ev({"dir": "recv", "peer": id, "raw": bytes.hex_encode()})
	if role == "server":
		send_raw(id, bytes, MultiplayerPeer.TRANSFER_MODE_RELIABLE, 0)
		return
	var hex := bytes.hex_encode()
	var i := raw_sent.find(hex)
	if i < 0:
		fail("raw bytes back that were not sent: " + hex)
		return
	raw_sent.remove_at(i)
	raw_pending.erase(hex)


# --- RPCs -------------------------------------------------------------------

# Called by the echo nodes.
func on_echo(node: Node, args: Array) -> void:
	if bench:
		node.callv("rpc_id", [multiplayer.get_remote_sender_id(), "echo_reply"]
			+ args)
		return
	got(node, "echo", args, node.MODE, node.CHANNEL)
	if role != "server":
		fail("echo called on a client")
		return
	send(node, multiplayer.get_remote_sender_id(), "echo_reply", args,
		node.MODE, node.CHANNEL)


func on_reply(node: Node, args: Array) -> void:
	got(node, "echo_reply", args, node.MODE, node.CHANNEL)
	if multiplayer.get_remote_sender_id() != 1:
		fail("echo_reply from %d, not the server" %
			multiplayer.get_remote_sender_id())
		return
	var queue: Array = pending[str(node.name)]
	var texts := strs(args)
	if node.MODE == "reliable":
		# In order: the reply to the oldest call.
		if queue.is_empty() or queue[0] != texts:
			fail("echo_reply on %s %s, expected %s" % [node.name, texts,
				queue[0] if not queue.is_empty() else "nothing"])
			return
		queue.remove_at(0)
	else:
		var i := queue.find(texts)
		if i < 0:
			fail("echo_reply on %s %s was never sent" % [node.name, texts])
			return
		queue.remove_at(i)


@rpc("any_peer", "call_remote", "reliable", 0)
func chat(...args: Array) -> void:
	got(self, "chat", args, "reliable", 0)
	var from := multiplayer.get_remote_sender_id()
	chats[from] = chats.get(from, 0) + 1
	if args.size() == 2 and args[1] == "done":
		done_from[from] = true


# Called by Main/Relay (chat_r, chat_u, chat_o).
func on_chat(node: Node, method: String, args: Array, mode: String,
		channel: int) -> void:
	got(node, method, args, mode, channel)
	if method == "chat_r":
		var from := multiplayer.get_remote_sender_id()
		chats_r[from] = chats_r.get(from, 0) + 1


@rpc("any_peer", "call_remote", "reliable", 0)
func note(...args: Array) -> void:
	got(self, "note", args, "reliable", 0)
	if role != "server":
		fail("note called on a client")


# --- values -----------------------------------------------------------------

func raw(tag: int, n: int) -> PackedByteArray:
	var b := PackedByteArray()
	for i in n:
		b.append((tag * 31 + i) % 256)
	return b


# --- server -----------------------------------------------------------------

func _run_server() -> void:
	var peer := ENetMultiplayerPeer.new()
	peer.set_bind_ip("127.0.0.1")
	var err := peer.create_server(port, 4095 if bench else 32)
	if err != OK:
		fail("create_server: error %d" % err)
		return
	peer.host.compress(COMPRESS[compress])
	multiplayer.multiplayer_peer = peer
	my_id = 1
	log_ev({"event": "listening"})


# --- authentication -----------------------------------------------------------

func _set_up_auth() -> void:
	multiplayer.auth_callback = func(id: int, data: PackedByteArray) -> void:
		var text := data.get_string_from_utf8()
		log_ev({"event": "auth_data", "peer": id, "data": text})
		if role == "server":
			var good := text == auth_token
			multiplayer.send_auth(id, ("ok" if good else "denied").to_utf8_buffer())
			if good:
				multiplayer.complete_auth(id)
			else:
				multiplayer.disconnect_peer(id)
		elif text == "ok":
			multiplayer.complete_auth(id)
	multiplayer.peer_authenticating.connect(func(id: int) -> void:
		log_ev({"event": "peer_authenticating", "peer": id})
		if role == "client":
			multiplayer.send_auth(id, auth_token.to_utf8_buffer()))
	multiplayer.peer_authentication_failed.connect(func(id: int) -> void:
		log_ev({"event": "peer_authentication_failed", "peer": id})
		if role == "client":
			if expect_denied:
				finish()
			else:
				fail("authentication failed"))


# --- client -----------------------------------------------------------------

func echo(node: Node, args: Array) -> void:
	pending[str(node.name)].append(strs(args))
	last_send_ms = Time.get_ticks_msec()
	send(node, 1, "echo", args, node.MODE, node.CHANNEL)


func _run_client() -> void:
	var peer := ENetMultiplayerPeer.new()
	var err := peer.create_client("127.0.0.1", port)
	if err != OK:
		fail("create_client: error %d" % err)
		return
	peer.host.compress(COMPRESS[compress])
	multiplayer.multiplayer_peer = peer
	await multiplayer.connected_to_server
	if expect_denied:
		fail("admitted with a token the server should refuse")
		return
	my_id = multiplayer.get_unique_id()
	log_ev({"event": "connected", "label": label})
	await until(func(): return others.size() >= clients - 1)
	if finished:
		return
	var values: Array = Values.make_values()
	var tag := int(label.trim_prefix("client"))
	for node in echo_nodes:
		var some: Array = values if node.MODE == "reliable" \
			else values.slice(0, 12)
		for v in some:
			echo(node, [v])
		if node.name == "Rel0":
			echo(node, [])
			echo(node, [raw(tag, 33)])
			echo(node, [1, "two", Vector3(3, 4, 5)])
			var many := []
			for i in 20:
				many.append(values[i * 3 % values.size()])
			echo(node, many)
		await wait(0.05)
	var modes := [[MultiplayerPeer.TRANSFER_MODE_RELIABLE, 0],
		[MultiplayerPeer.TRANSFER_MODE_UNRELIABLE, 1],
		[MultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED, 2]]
	for i in modes.size():
		var b := raw(tag * 10 + i, 5 + i)
		raw_sent.append(b.hex_encode())
		if modes[i][0] == MultiplayerPeer.TRANSFER_MODE_RELIABLE:
			raw_pending.append(b.hex_encode())
		send_raw(1, b, modes[i][0], modes[i][1])
	for o in others:
		for i in 3:
			send(self, o, "chat", [label, "direct", i], "reliable", 0)
	send(self, 0, "chat", [label, "all"], "reliable", 0)
	send(self, 1, "note", [label, [1, 2.5, "three"]], "reliable", 0)
	var relay := get_node("Relay")
	var relay_modes := [["chat_r", "reliable", 2], ["chat_u", "unreliable", 1],
		["chat_o", "unreliable_ordered", 2]]
	for m in relay_modes:
		for o in others:
			send(relay, o, m[0], [label, "direct", m[1]], m[1], m[2])
		send(relay, 0, m[0], [label, "all", m[1]], m[1], m[2])
	await until(_client_done)
	if finished:
		return
	send(self, 0, "chat", [label, "done"], "reliable", 0)
	await until(func(): return done_from.size() >= others.size())
	if finished:
		return
	await wait(0.3)
	var lost := {}
	for n in pending:
		if not pending[n].is_empty():
			lost[n] = pending[n].size()
	log_ev({"event": "leaving", "unreliable_lost": lost})
	if label == "client1":
		# Graceful: ENet's disconnect handshake.
		(multiplayer.multiplayer_peer as ENetMultiplayerPeer).get_peer(1) \
			.peer_disconnect()
		await until(func():
			return multiplayer.multiplayer_peer.get_connection_status() \
				== MultiplayerPeer.CONNECTION_DISCONNECTED)
	else:
		multiplayer.multiplayer_peer.close()
	finish()


# Every reliable reply and raw packet back, the unreliable replies back or
# given up 2 s after the last call, and the other clients' reliable chats
# (on Main 3 direct and one to everyone each, on Main/Relay's chat_r one
# direct and one to everyone).
func _client_done() -> bool:
	for node in echo_nodes:
		var q: Array = pending[str(node.name)]
		if q.is_empty():
			continue
		if node.MODE == "reliable" or Time.get_ticks_msec() - last_send_ms < 2000:
			return false
	if not raw_pending.is_empty():
		return false
	for o in others:
		if chats.get(o, 0) < 4 or chats_r.get(o, 0) < 2:
			return false
	return true


func _waiting_for() -> String:
	var w := []
	for n in pending:
		if not pending[n].is_empty():
			w.append("%d replies on %s" % [pending[n].size(), n])
	if not raw_pending.is_empty():
		w.append("%d raw packets back" % raw_pending.size())
	for o in others:
		if chats.get(o, 0) < 4 or chats_r.get(o, 0) < 2:
			w.append("chats from %d" % o)
	if done_from.size() < others.size():
		w.append("done from %d clients" % (others.size() - done_from.size()))
	return ", ".join(w)
