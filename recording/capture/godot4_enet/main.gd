# Godot 4 high-level multiplayer (ENetMultiplayerPeer + the default
# SceneMultiplayer) over loopback, for gdwire's ENet recordings
# (recording/capture/record_enet.sh; tests/data/captures/enet/README.md).
# The same script is the server or a client (three engine processes):
#
#   setup/godot/godot4 --path recording/capture/godot4_enet -- --role=server \
#     --port=P --id-label=server --out=DIR [--compress=MODE]
#   ... --role=client --id-label=client1 ...   (then client2)
#
# MODE: none (default), range_coder, fastlz, zlib, zstd
# (ENetConnection.compress on both sides). --transport=websocket (default
# enet) runs the same session over WebSocketMultiplayerPeer instead
# (ws://127.0.0.1:P, no compression; client2 leaves with a WebSocket close
# handshake, WebSocketPeer.close(1000), client1 with
# WebSocketMultiplayerPeer.close()). Every process writes
# DIR/<id-label>.events.jsonl: one JSON object a line (keys sorted) for
# every RPC and raw packet it sends and receives, every spawn, despawn and
# synchronization it sees, ending with {"event":"done","ok":true}; and
# prints "done ok" (exit 0) or "done failed" (exit 1).
#
# The session, driven by the server (Main = /root/Main):
#   1. client1 connects, then client2; each sends r01_hello(label).
#   2. server -> clients: every value of values.gd's make_values() as r10_one(v) to
#      client1; r00_none, r11_two, r12_many; one value through every
#      transfer mode x channel method (r20..r28); a 5000-int array
#      reliable (r30) and unreliable (r31) to client2; send_bytes in
#      three modes / channels. Then r02_go(1, client2 id) to client1.
#   3. client1 -> server: the same values and calls; client1 -> client2
#      (relayed by the server): a few values, r20..r28, r30/r31, and
#      send_bytes. r03_done(1). Then r02_go(2, client1 id) to client2.
#   4. client2 -> server and -> client1: a few calls, one broadcast rpc()
#      (target 0: the server and client1), send_bytes. r03_done(2).
#   5. The server spawns /root/Main/Players/P<client1 id>, P<client2 id>
#      (player.tscn, added as children: auto spawn) and "Extra" (custom
#      spawn: MultiplayerSpawner.spawn(data)), changes their synchronized
#      properties every 0.1 s for 1.5 s, then frees P<client2 id> and Extra,
#      later P<client1 id> (despawns).
#   6. The server sends r04_bye to client2, which disconnects gracefully
#      (ENetPacketPeer.peer_disconnect); on peer_disconnected the server
#      sends r04_bye to client1, which closes at once
#      (ENetMultiplayerPeer.close: disconnect_now). The server quits when
#      both are gone.
extends Node

const TIMEOUT_S := 45.0
const PLAYER := preload("res://player.tscn")
const Values := preload("res://values.gd")
const COMPRESS := {
	"none": ENetConnection.COMPRESS_NONE,
	"range_coder": ENetConnection.COMPRESS_RANGE_CODER,
	"fastlz": ENetConnection.COMPRESS_FASTLZ,
	"zlib": ENetConnection.COMPRESS_ZLIB,
	"zstd": ENetConnection.COMPRESS_ZSTD,
}
# Transfer mode and channel of every @rpc method below (for the log).
const RPC_INFO := {
	"r00_none": ["reliable", 0], "r01_hello": ["reliable", 0],
	"r02_go": ["reliable", 0], "r03_done": ["reliable", 0],
	"r04_bye": ["reliable", 0], "r10_one": ["reliable", 0],
	"r11_two": ["reliable", 0], "r12_many": ["reliable", 0],
	"r20_rel_c0": ["reliable", 0], "r21_unrel_c0": ["unreliable", 0],
	"r22_ord_c0": ["unreliable_ordered", 0],
	"r23_rel_c1": ["reliable", 1], "r24_unrel_c1": ["unreliable", 1],
	"r25_ord_c1": ["unreliable_ordered", 1],
	"r26_rel_c2": ["reliable", 2], "r27_unrel_c2": ["unreliable", 2],
	"r28_ord_c2": ["unreliable_ordered", 2],
	"r30_big": ["reliable", 0], "r31_big_unrel": ["unreliable", 0],
}
const MODE_NAMES := {
	MultiplayerPeer.TRANSFER_MODE_RELIABLE: "reliable",
	MultiplayerPeer.TRANSFER_MODE_UNRELIABLE: "unreliable",
	MultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED: "unreliable_ordered",
}

var role := "server"
var port := 47300
var label := ""
var out_dir := ""
var compress := "none"
var transport := "enet"
var log_file: FileAccess
var t0 := 0
var ok := true
var finished := false
var my_id := 0
# Server: label -> id of the clients that said hello; done steps.
var hellos := {}
var steps_done := {}
var gone := {}

@onready var players: Node = $Players
@onready var spawner: MultiplayerSpawner = $Spawner


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
			"transport": transport = kv[1]
	if label == "":
		label = role
	if out_dir == "" or not role in ["server", "client"] \
			or not COMPRESS.has(compress) or port <= 0 \
			or not transport in ["enet", "websocket"] \
			or (transport == "websocket" and compress != "none"):
		printerr("main.gd: --role=server|client --port=P --id-label=L ",
			"--out=DIR --compress=none|range_coder|fastlz|zlib|zstd ",
			"[--transport=enet|websocket (no compression)]")
		get_tree().quit(2)
		return
	log_file = FileAccess.open(out_dir.path_join(label + ".events.jsonl"),
		FileAccess.WRITE)
	if log_file == null:
		printerr("main.gd: cannot write to ", out_dir)
		get_tree().quit(2)
		return
	print("ENGINE ", Engine.get_version_info().string)
	var start := {"event": "start", "role": role, "label": label,
		"port": port, "compress": compress,
		"engine": Engine.get_version_info()}
	if transport != "enet":
		start["transport"] = transport  # ENet logs keep their old keys
	log_ev(start)
	get_tree().create_timer(TIMEOUT_S).timeout.connect(func():
		fail("timed out"))
	multiplayer.peer_connected.connect(func(id):
		log_ev({"event": "peer_connected", "peer": id}))
	multiplayer.peer_disconnected.connect(func(id):
		gone[id] = true
		log_ev({"event": "peer_disconnected", "peer": id}))
	multiplayer.server_disconnected.connect(func():
		log_ev({"event": "server_disconnected"}))
	multiplayer.peer_packet.connect(_on_raw)
	spawner.add_spawnable_scene("res://player.tscn")
	spawner.spawn_function = _spawn_custom
	spawner.spawned.connect(_on_spawned)
	spawner.despawned.connect(func(node):
		log_ev({"event": "despawned",
			"path": str(players.get_path()) + "/" + str(node.name),
			"name": str(node.name)}))
	if role == "server":
		_run_server()
	else:
		_run_client()


# --- logging ----------------------------------------------------------------

func log_ev(d: Dictionary) -> void:
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


# Sends an RPC (peer 0: rpc() to everyone) and logs it.
func send(peer: int, method: String, args: Array = []) -> void:
	log_ev({"dir": "send", "peer": peer, "path": str(get_path()),
		"method": method, "args": strs(args), "mode": RPC_INFO[method][0],
		"channel": RPC_INFO[method][1]})
	var err: Error
	if peer == 0:
		err = callv("rpc", [method] + args)
	else:
		err = callv("rpc_id", [peer, method] + args)
	if err != OK:
		fail("%s to %d: error %d" % [method, peer, err])


func got(method: String, args: Array) -> void:
	log_ev({"dir": "recv", "peer": multiplayer.get_remote_sender_id(),
		"path": str(get_path()), "method": method, "args": strs(args),
		"mode": RPC_INFO[method][0], "channel": RPC_INFO[method][1]})


func send_raw(peer: int, bytes: PackedByteArray,
		mode := MultiplayerPeer.TRANSFER_MODE_RELIABLE, channel := 0) -> void:
	log_ev({"dir": "send", "peer": peer, "raw": bytes.hex_encode(),
		"mode": MODE_NAMES[mode], "channel": channel})
	var err: Error = multiplayer.send_bytes(bytes, peer, mode, channel)
	if err != OK:
		fail("send_bytes to %d: error %d" % [peer, err])


func _on_raw(id: int, bytes: PackedByteArray) -> void:
	log_ev({"dir": "recv", "peer": id, "raw": bytes.hex_encode()})


# --- RPCs (names sort in the order they are listed) ---------------------------

@rpc("any_peer", "call_remote", "reliable", 0)
func r00_none() -> void:
	got("r00_none", [])


@rpc("any_peer", "call_remote", "reliable", 0)
func r01_hello(who: String) -> void:
	got("r01_hello", [who])
	if role == "server":
		hellos[who] = multiplayer.get_remote_sender_id()


@rpc("authority", "call_remote", "reliable", 0)
func r02_go(step: int, other: int) -> void:
	got("r02_go", [step, other])
	if step == 1:
		_client1_phase.call_deferred(other)
	else:
		_client2_phase.call_deferred(other)


@rpc("any_peer", "call_remote", "reliable", 0)
func r03_done(step: int) -> void:
	got("r03_done", [step])
	steps_done[step] = true


@rpc("authority", "call_remote", "reliable", 0)
func r04_bye() -> void:
	got("r04_bye", [])
	_leave.call_deferred()


@rpc("any_peer", "call_remote", "reliable", 0)
func r10_one(v) -> void:
	got("r10_one", [v])


@rpc("any_peer", "call_remote", "reliable", 0)
func r11_two(a, b) -> void:
	got("r11_two", [a, b])


@rpc("any_peer", "call_remote", "reliable", 0)
func r12_many(a, b, c, d, e, f) -> void:
	got("r12_many", [a, b, c, d, e, f])


@rpc("any_peer", "call_remote", "reliable", 0)
func r20_rel_c0(v) -> void:
	got("r20_rel_c0", [v])


@rpc("any_peer", "call_remote", "unreliable", 0)
func r21_unrel_c0(v) -> void:
	got("r21_unrel_c0", [v])


@rpc("any_peer", "call_remote", "unreliable_ordered", 0)
func r22_ord_c0(v) -> void:
	got("r22_ord_c0", [v])


@rpc("any_peer", "call_remote", "reliable", 1)
func r23_rel_c1(v) -> void:
	got("r23_rel_c1", [v])


@rpc("any_peer", "call_remote", "unreliable", 1)
func r24_unrel_c1(v) -> void:
	got("r24_unrel_c1", [v])


@rpc("any_peer", "call_remote", "unreliable_ordered", 1)
func r25_ord_c1(v) -> void:
	got("r25_ord_c1", [v])


@rpc("any_peer", "call_remote", "reliable", 2)
func r26_rel_c2(v) -> void:
	got("r26_rel_c2", [v])


@rpc("any_peer", "call_remote", "unreliable", 2)
func r27_unrel_c2(v) -> void:
	got("r27_unrel_c2", [v])


@rpc("any_peer", "call_remote", "unreliable_ordered", 2)
func r28_ord_c2(v) -> void:
	got("r28_ord_c2", [v])


@rpc("any_peer", "call_remote", "reliable", 0)
func r30_big(v) -> void:
	got("r30_big", [v])


@rpc("any_peer", "call_remote", "unreliable", 0)
func r31_big_unrel(v) -> void:
	got("r31_big_unrel", [v])


# --- values -----------------------------------------------------------------

func big_array() -> PackedInt32Array:
	var a := PackedInt32Array()
	a.resize(5000)
	for i in a.size():
		a[i] = i * 3 - 7000
	return a


func raw(tag: int, n: int) -> PackedByteArray:
	var b := PackedByteArray()
	for i in n:
		b.append((tag * 31 + i) % 256)
	return b


# The transfer mode x channel methods, each with a small value.
func send_modes(peer: int, tag: String) -> void:
	var i := 0
	for m in ["r20_rel_c0", "r21_unrel_c0", "r22_ord_c0", "r23_rel_c1",
			"r24_unrel_c1", "r25_ord_c1", "r26_rel_c2", "r27_unrel_c2",
			"r28_ord_c2"]:
		send(peer, m, ["%s %s %d" % [tag, m, i]])
		i += 1
		await wait(0.02)


# --- server -----------------------------------------------------------------

func _run_server() -> void:
	if transport == "websocket":
		var ws := WebSocketMultiplayerPeer.new()
		var werr := ws.create_server(port, "127.0.0.1")
		if werr != OK:
			fail("create_server: error %d" % werr)
			return
		multiplayer.multiplayer_peer = ws
		await _serve()
		return
	var peer := ENetMultiplayerPeer.new()
	peer.set_bind_ip("127.0.0.1")
	var err := peer.create_server(port, 4)
	if err != OK:
		fail("create_server: error %d" % err)
		return
	peer.host.compress(COMPRESS[compress])
	multiplayer.multiplayer_peer = peer
	await _serve()


func _serve() -> void:
	my_id = multiplayer.get_unique_id()
	log_ev({"event": "server_started", "id": my_id})
	await until(func(): return hellos.size() == 2)
	if finished:
		return
	var c1: int = hellos["client1"]
	var c2: int = hellos["client2"]
	log_ev({"event": "clients", "client1": c1, "client2": c2})
	await wait(0.3)
	# 2. server -> clients
	send(c1, "r00_none")
	for v in Values.make_values():
		send(c1, "r10_one", [v])
		await wait(0.005)
	send(0, "r00_none")
	send(0, "r11_two", [42, "forty-two"])
	send(c2, "r12_many", [1, -1.5, "s", Vector3(1, 2, 3), [1, 2], {"k": true}])
	await send_modes(c1, "s2c")
	await wait(0.1)
	send(c2, "r30_big", [big_array()])
	await wait(0.2)
	send(c2, "r31_big_unrel", [big_array()])
	await wait(0.2)
	send_raw(c1, raw(1, 12))
	send_raw(c2, raw(2, 5), MultiplayerPeer.TRANSFER_MODE_UNRELIABLE, 1)
	send_raw(0, raw(3, 9), MultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED, 2)
	await wait(0.3)
	# 3. client1's turn, 4. client2's turn
	send(c1, "r02_go", [1, c2])
	await until(func(): return steps_done.has(1))
	await wait(0.3)
	send(c2, "r02_go", [2, c1])
	await until(func(): return steps_done.has(2))
	await wait(0.3)
	if finished:
		return
	# 5. spawns, synchronization, despawns
	await _spawn_phase(c1, c2)
	if finished:
		return
	# 6. goodbyes
	send(c2, "r04_bye")
	await until(func(): return gone.has(c2))
	await wait(0.3)
	send(c1, "r04_bye")
	await until(func(): return gone.has(c1))
	await wait(0.3)
	finish()


func _spawn_custom(data) -> Node:
	var p: Node = PLAYER.instantiate()
	p.name = data["name"]
	p.hp = data["hp"]
	p.label = data["label"]
	p.set_meta("spawn_data", data)
	return p


func _spawn_phase(c1: int, c2: int) -> void:
	var nodes := []
	for id in [c1, c2]:
		var p: Node = PLAYER.instantiate()
		p.name = "P%d" % id
		p.label = "player %d" % id
		p.pos = Vector2(id % 100, 0)
		players.add_child(p, true)
		log_ev({"event": "spawn", "path": str(p.get_path()),
			"props": p.props()})
		nodes.append(p)
		await wait(0.05)
	var data := {"name": "Extra", "hp": 7, "label": "custom spawn"}
	var extra: Node = spawner.spawn(data)
	log_ev({"event": "spawn", "path": str(extra.get_path()),
		"data": var_to_str(data), "props": extra.props()})
	nodes.append(extra)
	for tick in 15:
		await wait(0.1)
		for p in nodes:
			p.pos += Vector2(1.5, -0.5)
			p.hp -= 1
			if tick % 4 == 1:
				p.score += 10
			if tick % 5 == 2:
				p.label = "%s t%d" % [p.name, tick]
			log_ev({"event": "set", "path": str(p.get_path()),
				"props": p.props()})
	await wait(0.2)
	for p in [nodes[1], nodes[2]]:
		log_ev({"event": "despawn", "path": str(p.get_path())})
		p.queue_free()
	await wait(0.3)
	log_ev({"event": "despawn", "path": str(nodes[0].get_path())})
	nodes[0].queue_free()
	await wait(0.3)


# --- clients ----------------------------------------------------------------

func _run_client() -> void:
	var peer: MultiplayerPeer
	var err: Error
	if transport == "websocket":
		# The id is the server's to give: 0 until connected.
		peer = WebSocketMultiplayerPeer.new()
		err = (peer as WebSocketMultiplayerPeer).create_client(
			"ws://127.0.0.1:%d" % port)
	else:
		peer = ENetMultiplayerPeer.new()
		err = (peer as ENetMultiplayerPeer).create_client("127.0.0.1", port)
	if err != OK:
		fail("create_client: error %d" % err)
		return
	if transport == "enet":
		(peer as ENetMultiplayerPeer).host.compress(COMPRESS[compress])
	multiplayer.multiplayer_peer = peer
	log_ev({"event": "client_started", "id": peer.get_unique_id()})
	multiplayer.connection_failed.connect(func(): fail("connection failed"))
	await multiplayer.connected_to_server
	my_id = multiplayer.get_unique_id()
	log_ev({"event": "connected", "id": my_id})
	send(1, "r01_hello", [label])


func _client1_phase(other: int) -> void:
	await wait(0.1)
	# -> server
	send(1, "r00_none")
	for v in Values.make_values():
		send(1, "r10_one", [v])
		await wait(0.005)
	send(1, "r11_two", [true, null])
	send(1, "r12_many", [0, 1, 128, -129, 1 << 40, "six"])
	await send_modes(1, "c2s")
	await wait(0.1)
	send(1, "r30_big", [big_array()])
	await wait(0.2)
	send(1, "r31_big_unrel", [big_array()])
	await wait(0.2)
	send_raw(1, raw(4, 7))
	send_raw(1, raw(5, 3), MultiplayerPeer.TRANSFER_MODE_UNRELIABLE, 0)
	await wait(0.3)
	# -> client2, relayed by the server
	send(other, "r00_none")
	for v in [1, "to client2", Vector3(4, 5, 6), PackedStringArray(["p", "q"])]:
		send(other, "r10_one", [v])
	send(other, "r11_two", [1, 2])
	await send_modes(other, "c2c")
	await wait(0.1)
	send(other, "r30_big", [big_array()])
	await wait(0.2)
	send(other, "r31_big_unrel", [big_array()])
	await wait(0.2)
	send_raw(other, raw(6, 10))
	send_raw(other, raw(7, 4), MultiplayerPeer.TRANSFER_MODE_UNRELIABLE, 1)
	await wait(0.3)
	send(1, "r03_done", [1])


func _client2_phase(other: int) -> void:
	await wait(0.1)
	send(1, "r10_one", ["from client2"])
	send(1, "r11_two", [Color(1, 0.5, 0), Vector2i(-1, 1)])
	send(other, "r10_one", [{"from": "client2"}])
	send(other, "r12_many", [null, false, 2.5, "c2c", Rect2(0, 0, 1, 1), []])
	send(0, "r10_one", ["broadcast from client2"])
	send(0, "r00_none")
	await wait(0.1)
	send_raw(1, raw(8, 6), MultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED, 0)
	send_raw(other, raw(9, 8))
	send_raw(0, raw(10, 3))
	await wait(0.3)
	send(1, "r03_done", [2])


func _on_spawned(node: Node) -> void:
	var d := {"event": "spawned", "path": str(node.get_path()),
		"name": str(node.name), "scene": node.scene_file_path,
		"props": node.props()}
	if node.has_meta("spawn_data"):
		d["data"] = var_to_str(node.get_meta("spawn_data"))
	log_ev(d)
	for s in ["SyncAlways", "SyncOnChange"]:
		var sy: MultiplayerSynchronizer = node.get_node(s)
		sy.synchronized.connect(func():
			log_ev({"event": "synchronized", "path": str(sy.get_path()),
				"props": node.props()}))
		sy.delta_synchronized.connect(func():
			log_ev({"event": "delta_synchronized", "path": str(sy.get_path()),
				"props": node.props()}))


func _leave() -> void:
	await wait(0.1)
	if label == "client2" and transport == "websocket":
		# Graceful: a close frame (1000 "bye"), answered by the server.
		log_ev({"event": "disconnect", "how": "ws_close"})
		(multiplayer.multiplayer_peer as WebSocketMultiplayerPeer).get_peer(1) \
			.close(1000, "bye")
		await multiplayer.server_disconnected
	elif label == "client2":
		# Graceful: DISCONNECT, acknowledged by the server.
		log_ev({"event": "disconnect", "how": "peer_disconnect"})
		(multiplayer.multiplayer_peer as ENetMultiplayerPeer).get_peer(1) \
			.peer_disconnect()
		await multiplayer.server_disconnected
	else:
		log_ev({"event": "disconnect", "how": "close"})
		multiplayer.multiplayer_peer.close()
	await wait(0.2)
	finish()
