# Godot 3 high-level multiplayer (NetworkedMultiplayerENet + the
# MultiplayerAPI) over loopback, for gdwire's ENet recordings
# (recording/capture/record_enet.sh godot3; tests/data/captures/enet/README.md).
# The same script is the server or a client (three engine processes):
#
#   godot3-server --no-window --path recording/capture/godot3_enet -- \
#     --role=server --port=P --id-label=server --out=DIR [--compress=MODE]
#   ... --role=client --id-label=client1 ...   (then client2)
#
# MODE: none (default), range_coder, fastlz, zlib, zstd
# (NetworkedMultiplayerENet.compression_mode on both sides). Every process
# writes DIR/<id-label>.events.jsonl, the log format of the Godot 4 project
# (recording/capture/godot4_enet/main.gd): one JSON object a line for every RPC,
# rset and raw packet sent and received, ending with
# {"event":"done","ok":true}; and prints "done ok" (exit 0) or "done failed".
#
# The session, driven by the server (Main = /root/Main):
#   1. client1 connects, then client2; each rpc_id(1, "r01_hello", label).
#   2. server -> client1: every value of make_values() as r10_one(v); rpc()
#      to everyone (r00_none, r11_two); r12_many to client2; rpc_unreliable;
#      calls on ENet user channel 3 (transfer_channel = 3) reliable and
#      unreliable; a remotesync and a puppet method; rset / rset_id /
#      rset_unreliable(_id) of remote and puppet variables; a 5000-int
#      PoolIntArray reliable and unreliable to client2; send_bytes in the
#      three transfer modes. r02_go(1, client2 id) to client1.
#   3. client1 -> server (values, calls, a master method, rset_id, big
#      arrays, send_bytes) and client1 -> client2 (relayed by the server).
#      r03_done(1); r02_go(2, client1 id) to client2.
#   4. client2 -> server, -> client1, -> everyone: a few calls, rsets,
#      send_bytes. r03_done(2).
#   5. r04_bye to client2, which closes its connection; on
#      network_peer_disconnected the server sends r04_bye to client1, which
#      closes too. The server quits when both are gone.
extends Node

const TIMEOUT_S = 45.0
const COMPRESS = {
	"none": NetworkedMultiplayerENet.COMPRESS_NONE,
	"range_coder": NetworkedMultiplayerENet.COMPRESS_RANGE_CODER,
	"fastlz": NetworkedMultiplayerENet.COMPRESS_FASTLZ,
	"zlib": NetworkedMultiplayerENet.COMPRESS_ZLIB,
	"zstd": NetworkedMultiplayerENet.COMPRESS_ZSTD,
}
const MODE_NAMES = {
	NetworkedMultiplayerPeer.TRANSFER_MODE_RELIABLE: "reliable",
	NetworkedMultiplayerPeer.TRANSFER_MODE_UNRELIABLE: "unreliable",
	NetworkedMultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED: "unreliable_ordered",
}
# The RPC keyword of every method and variable below (for the log).
const KEYWORD = {
	"r00_none": "remote", "r01_hello": "remote", "r02_go": "puppet",
	"r03_done": "master", "r04_bye": "puppet", "r05_sync": "remotesync",
	"r06_puppet": "puppet", "r07_master": "master", "r10_one": "remote",
	"r11_two": "remote", "r12_many": "remote", "r30_big": "remote",
	"v1_remote": "remote", "v2_puppet": "puppet", "v3_remotesync": "remotesync",
}

var role = "server"
var port = 47400
var label = ""
var out_dir = ""
var compress = "none"
var log_file = File.new()
var t0 = 0
var ok = true
var finished = false
var my_id = 0
var peer = null
var hellos = {}
var steps_done = {}
var gone = {}

remote var v1_remote = 0 setget set_v1
puppet var v2_puppet = "" setget set_v2
remotesync var v3_remotesync = Vector2() setget set_v3


func _ready():
	t0 = OS.get_ticks_msec()
	Engine.target_fps = 60
	var user = false
	for a in OS.get_cmdline_args():
		if a == "--":
			user = true
			continue
		if not user:
			continue
		var kv = a.trim_prefix("--").split("=", true, 1)
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
	if out_dir == "" or not role in ["server", "client"] \
			or not COMPRESS.has(compress) or port <= 0:
		printerr("main.gd: --role=server|client --port=P --id-label=L ",
			"--out=DIR --compress=none|range_coder|fastlz|zlib|zstd")
		get_tree().quit(2)
		return
	if log_file.open(out_dir.plus_file(label + ".events.jsonl"), File.WRITE) != OK:
		printerr("main.gd: cannot write to ", out_dir)
		get_tree().quit(2)
		return
	print("ENGINE ", Engine.get_version_info().string)
	log_ev({"event": "start", "role": role, "label": label, "port": port,
		"compress": compress, "engine": Engine.get_version_info()})
	get_tree().create_timer(TIMEOUT_S).connect("timeout", self, "fail", ["timed out"])
	get_tree().connect("network_peer_connected", self, "_on_connected")
	get_tree().connect("network_peer_disconnected", self, "_on_disconnected")
	get_tree().connect("server_disconnected", self, "_on_server_gone")
	get_tree().connect("connection_failed", self, "fail", ["connection failed"])
	get_tree().multiplayer.connect("network_peer_packet", self, "_on_raw")
	if role == "server":
		_run_server()
	else:
		_run_client()


# --- logging ----------------------------------------------------------------

func log_ev(d):
	d["t_ms"] = OS.get_ticks_msec() - t0
	d["unix"] = OS.get_system_time_msecs() / 1000.0
	if my_id != 0:
		d["self"] = my_id
	log_file.store_line(JSON.print(d, "", true))


func strs(args):
	var r = []
	for a in args:
		r.append(var2str(a))
	return r


func fail(why):
	if finished:
		return
	ok = false
	printerr("main.gd (", label, "): ", why)
	log_ev({"event": "error", "what": why})
	finish()


func finish():
	if finished:
		return
	finished = true
	log_ev({"event": "done", "ok": ok})
	log_file.close()
	print("done ", "ok" if ok else "failed")
	get_tree().quit(0 if ok else 1)


func _on_connected(id):
	log_ev({"event": "peer_connected", "peer": id})


func _on_disconnected(id):
	gone[id] = true
	log_ev({"event": "peer_disconnected", "peer": id})


func _on_server_gone():
	log_ev({"event": "server_disconnected"})


# Sends an RPC (peer 0: to everyone) and logs it. how: "rpc" or
# "rpc_unreliable"; channel: the ENet transfer_channel (-1: the default).
func send(peer_id, method, args = [], how = "rpc", channel = -1):
	log_ev({"dir": "send", "peer": peer_id, "path": str(get_path()),
		"method": method, "args": strs(args), "call": how,
		"keyword": KEYWORD[method],
		"mode": "reliable" if how == "rpc" else "unreliable",
		"channel": channel})
	peer.transfer_channel = channel
	if peer_id == 0:
		callv(how, [method] + args)
	else:
		callv(how + "_id", [peer_id, method] + args)
	peer.transfer_channel = -1


# rset / rset_unreliable (peer 0: to everyone) of a variable, logged.
func send_set(peer_id, prop, value, how = "rset"):
	log_ev({"dir": "send", "peer": peer_id, "path": str(get_path()),
		"property": prop, "value": var2str(value), "call": how,
		"keyword": KEYWORD[prop],
		"mode": "reliable" if how == "rset" else "unreliable", "channel": -1})
	if peer_id == 0:
		call(how, prop, value)
	else:
		call(how + "_id", peer_id, prop, value)


# A remotesync method or variable also runs here when this process sends
# it: that receive is logged with "local": true (nothing on the wire).
func got(method, args):
	var from = get_tree().get_rpc_sender_id()
	var d = {"dir": "recv", "peer": from, "path": str(get_path()),
		"method": method, "args": strs(args), "keyword": KEYWORD[method]}
	if from == my_id:
		d["local"] = true
	log_ev(d)


func got_set(prop, value):
	# Setters run for rsets (sender id != 0) and for local sets (0).
	var from = get_tree().get_rpc_sender_id()
	if from == 0:
		return
	var d = {"dir": "recv", "peer": from, "path": str(get_path()),
		"property": prop, "value": var2str(value), "keyword": KEYWORD[prop]}
	if from == my_id:
		d["local"] = true
	log_ev(d)


func send_raw(peer_id, bytes, mode = NetworkedMultiplayerPeer.TRANSFER_MODE_RELIABLE):
	log_ev({"dir": "send", "peer": peer_id, "raw": bytes.hex_encode(),
		"mode": MODE_NAMES[mode], "channel": -1})
	var err = get_tree().multiplayer.send_bytes(bytes, peer_id, mode)
	if err != OK:
		fail("send_bytes to %d: error %d" % [peer_id, err])


func _on_raw(id, bytes):
	log_ev({"dir": "recv", "peer": id, "raw": bytes.hex_encode()})


# --- RPCs and rset variables -------------------------------------------------

remote func r00_none():
	got("r00_none", [])


remote func r01_hello(who):
	got("r01_hello", [who])
	if role == "server":
		hellos[who] = get_tree().get_rpc_sender_id()


puppet func r02_go(step, other):
	got("r02_go", [step, other])
	if step == 1:
		call_deferred("_client1_phase", other)
	else:
		call_deferred("_client2_phase", other)


master func r03_done(step):
	got("r03_done", [step])
	steps_done[step] = true


puppet func r04_bye():
	got("r04_bye", [])
	call_deferred("_leave")


remotesync func r05_sync(v):
	got("r05_sync", [v])


puppet func r06_puppet(v):
	got("r06_puppet", [v])


master func r07_master(v):
	got("r07_master", [v])


remote func r10_one(v):
	got("r10_one", [v])


remote func r11_two(a, b):
	got("r11_two", [a, b])


remote func r12_many(a, b, c, d, e, f):
	got("r12_many", [a, b, c, d, e, f])


remote func r30_big(v):
	got("r30_big", [v])


func set_v1(v):
	v1_remote = v
	got_set("v1_remote", v)


func set_v2(v):
	v2_puppet = v
	got_set("v2_puppet", v)


func set_v3(v):
	v3_remotesync = v
	got_set("v3_remotesync", v)


# --- values -----------------------------------------------------------------

func make_values():
	var bytes = PoolByteArray()
	for i in 40:
		bytes.append((i * 7) % 251)
	return [
		null, true, false,
		0, 1, -1, 127, 128, -129, 40000, -40000, 2147483647, 2147483648,
		-2147483649, 1 << 40, -(1 << 40), 9223372036854775807,
		-9223372036854775807 - 1,
		0.0, 0.5, -2.25, 0.1, 3.141592653589793, 1e300, -1e-300,
		"", "hello", "héllo wörld ✓", "two\nlines",
		Vector2(1.5, -2.0), Rect2(1, 2, 3, 4), Vector3(1, 2, 3),
		Transform2D(0.5, Vector2(3, 4)), Plane(0, 1, 0, 5),
		Quat(0, 0, 0.6, 0.8), AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)),
		Basis(Vector3(0.1, 0.2, 0.3)), Transform(Basis(), Vector3(1, 2, 3)),
		Color(0.1, 0.2, 0.3, 0.4), NodePath("Players/P1:pos"),
		NodePath("/root/Main"),
		{"a": 1, "b": [1, 2, 3], 5: "five", Vector2(1, 1): null}, {},
		[1, "two", [3.0, {"four": 4}], []], [],
		bytes, PoolIntArray([1, -2, 70000]), PoolRealArray([0.5, -1.5]),
		PoolStringArray(["a", "bc", "", "ünï"]),
		PoolVector2Array([Vector2(1, 2), Vector2(3, 4)]),
		PoolVector3Array([Vector3(1, 2, 3)]),
		PoolColorArray([Color(1, 0, 0, 1)]),
	]


func big_array():
	var a = PoolIntArray()
	a.resize(5000)
	for i in a.size():
		a[i] = i * 3 - 7000
	return a


func raw(tag, n):
	var b = PoolByteArray()
	for i in n:
		b.append((tag * 31 + i) % 256)
	return b


# --- server -----------------------------------------------------------------

func _make_peer():
	peer = NetworkedMultiplayerENet.new()
	peer.compression_mode = COMPRESS[compress]
	peer.channel_count = 4  # 3 system channels and user channel 3


func _run_server():
	_make_peer()
	peer.set_bind_ip("127.0.0.1")
	var err = peer.create_server(port, 4)
	if err != OK:
		fail("create_server: error %d" % err)
		return
	get_tree().network_peer = peer
	my_id = get_tree().get_network_unique_id()
	log_ev({"event": "server_started", "id": my_id})
	while hellos.size() < 2 and not finished:
		yield(get_tree(), "idle_frame")
	if finished:
		return
	var c1 = hellos["client1"]
	var c2 = hellos["client2"]
	log_ev({"event": "clients", "client1": c1, "client2": c2})
	yield(get_tree().create_timer(0.3), "timeout")
	# 2. server -> clients
	send(c1, "r00_none")
	for v in make_values():
		send(c1, "r10_one", [v])
		yield(get_tree().create_timer(0.005), "timeout")
	send(0, "r00_none")
	send(0, "r11_two", [42, "forty-two"])
	send(c2, "r12_many", [1, -1.5, "s", Vector3(1, 2, 3), [1, 2], {"k": true}])
	send(c1, "r10_one", ["s2c unreliable"], "rpc_unreliable")
	send(0, "r10_one", ["s2c unreliable to all"], "rpc_unreliable")
	send(c1, "r10_one", ["s2c channel 3"], "rpc", 3)
	send(c1, "r10_one", ["s2c unreliable channel 3"], "rpc_unreliable", 3)
	send(0, "r05_sync", ["s2c remotesync"])
	send(c2, "r06_puppet", ["s2c puppet"])
	send_set(c1, "v1_remote", 5)
	send_set(0, "v2_puppet", "puppet var to all")
	send_set(c2, "v1_remote", -7, "rset_unreliable")
	send_set(0, "v3_remotesync", Vector2(1, 2))
	yield(get_tree().create_timer(0.1), "timeout")
	send(c2, "r30_big", [big_array()])
	yield(get_tree().create_timer(0.2), "timeout")
	send(c2, "r30_big", [big_array()], "rpc_unreliable")
	yield(get_tree().create_timer(0.2), "timeout")
	send_raw(c1, raw(1, 12))
	send_raw(c2, raw(2, 5), NetworkedMultiplayerPeer.TRANSFER_MODE_UNRELIABLE)
	send_raw(0, raw(3, 9), NetworkedMultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED)
	yield(get_tree().create_timer(0.3), "timeout")
	# 3. client1's turn, 4. client2's turn
	send(c1, "r02_go", [1, c2])
	while not steps_done.has(1) and not finished:
		yield(get_tree(), "idle_frame")
	yield(get_tree().create_timer(0.3), "timeout")
	send(c2, "r02_go", [2, c1])
	while not steps_done.has(2) and not finished:
		yield(get_tree(), "idle_frame")
	yield(get_tree().create_timer(0.3), "timeout")
	# 5. goodbyes
	send(c2, "r04_bye")
	while not gone.has(c2) and not finished:
		yield(get_tree(), "idle_frame")
	yield(get_tree().create_timer(0.3), "timeout")
	send(c1, "r04_bye")
	while not gone.has(c1) and not finished:
		yield(get_tree(), "idle_frame")
	yield(get_tree().create_timer(0.3), "timeout")
	finish()


# --- clients ----------------------------------------------------------------

func _run_client():
	_make_peer()
	var err = peer.create_client("127.0.0.1", port)
	if err != OK:
		fail("create_client: error %d" % err)
		return
	get_tree().network_peer = peer
	log_ev({"event": "client_started", "id": peer.get_unique_id()})
	yield(get_tree(), "connected_to_server")
	my_id = get_tree().get_network_unique_id()
	log_ev({"event": "connected", "id": my_id})
	send(1, "r01_hello", [label])


func _client1_phase(other):
	yield(get_tree().create_timer(0.1), "timeout")
	# -> server
	send(1, "r00_none")
	for v in make_values():
		send(1, "r10_one", [v])
		yield(get_tree().create_timer(0.005), "timeout")
	send(1, "r11_two", [true, null])
	send(1, "r12_many", [0, 1, 128, -129, 1 << 40, "six"])
	send(1, "r10_one", ["c2s unreliable"], "rpc_unreliable")
	send(1, "r10_one", ["c2s channel 3"], "rpc", 3)
	send(1, "r10_one", ["c2s unreliable channel 3"], "rpc_unreliable", 3)
	send(1, "r07_master", ["c2s master"])
	send_set(1, "v1_remote", 11)
	send_set(1, "v1_remote", 12, "rset_unreliable")
	yield(get_tree().create_timer(0.1), "timeout")
	send(1, "r30_big", [big_array()])
	yield(get_tree().create_timer(0.2), "timeout")
	send(1, "r30_big", [big_array()], "rpc_unreliable")
	yield(get_tree().create_timer(0.2), "timeout")
	send_raw(1, raw(4, 7))
	send_raw(1, raw(5, 3), NetworkedMultiplayerPeer.TRANSFER_MODE_UNRELIABLE)
	yield(get_tree().create_timer(0.3), "timeout")
	# -> client2, relayed by the server
	send(other, "r00_none")
	for v in [1, "to client2", Vector3(4, 5, 6), PoolStringArray(["p", "q"])]:
		send(other, "r10_one", [v])
	send(other, "r11_two", [1, 2])
	send(other, "r10_one", ["c2c unreliable"], "rpc_unreliable")
	send(other, "r10_one", ["c2c channel 3"], "rpc", 3)
	send_set(other, "v1_remote", 21)
	yield(get_tree().create_timer(0.1), "timeout")
	send(other, "r30_big", [big_array()])
	yield(get_tree().create_timer(0.2), "timeout")
	send_raw(other, raw(6, 10))
	send_raw(other, raw(7, 4), NetworkedMultiplayerPeer.TRANSFER_MODE_UNRELIABLE)
	yield(get_tree().create_timer(0.3), "timeout")
	send(1, "r03_done", [1])


func _client2_phase(other):
	yield(get_tree().create_timer(0.1), "timeout")
	send(1, "r10_one", ["from client2"])
	send(1, "r11_two", [Color(1, 0.5, 0), Vector2(-1, 1)])
	send(other, "r10_one", [{"from": "client2"}])
	send(other, "r12_many", [null, false, 2.5, "c2c", Rect2(0, 0, 1, 1), []])
	send(0, "r10_one", ["broadcast from client2"])
	send(0, "r00_none")
	send(0, "r05_sync", ["remotesync from client2"])
	send_set(0, "v1_remote", 31)
	send_set(0, "v3_remotesync", Vector2(3, 4))
	yield(get_tree().create_timer(0.1), "timeout")
	send_raw(1, raw(8, 6), NetworkedMultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED)
	send_raw(other, raw(9, 8))
	send_raw(0, raw(10, 3))
	yield(get_tree().create_timer(0.3), "timeout")
	send(1, "r03_done", [2])


func _leave():
	yield(get_tree().create_timer(0.1), "timeout")
	log_ev({"event": "disconnect", "how": "close_connection"})
	peer.close_connection()
	yield(get_tree().create_timer(0.2), "timeout")
	finish()
