# /root/World: drives the session (server and two clients, see README).
extends Node

const PLAYER := preload("res://player.tscn")

var gone := {}

@onready var players: Node = $Players
@onready var spawner: MultiplayerSpawner = $Spawner
@onready var board: Node = $Board


func _ready() -> void:
	if Net.log_file == null:
		return
	Net.go_step = _go
	Net.bye_cb = _leave
	multiplayer.peer_connected.connect(func(id):
		Net.log_ev({"event": "peer_connected", "peer": id}))
	multiplayer.peer_disconnected.connect(func(id):
		gone[id] = true
		Net.log_ev({"event": "peer_disconnected", "peer": id}))
	multiplayer.server_disconnected.connect(func():
		Net.log_ev({"event": "server_disconnected"}))
	spawner.spawned.connect(func(node):
		Net.log_ev({"event": "spawned", "path": str(node.get_path()),
			"name": str(node.name), "scene": node.scene_file_path,
			"props": node.props()}))
	spawner.despawned.connect(func(node):
		Net.log_ev({"event": "despawned",
			"path": str(players.get_path()) + "/" + str(node.name),
			"name": str(node.name)}))
	if Net.role == "server":
		_run_server()
	else:
		_run_client()


func wait(s: float) -> void:
	await get_tree().create_timer(s).timeout


func until(cond: Callable) -> void:
	while not cond.call() and not Net.finished:
		await get_tree().process_frame


func blob10k(tag: int) -> PackedByteArray:
	var b := PackedByteArray()
	b.resize(10240)
	for i in b.size():
		b[i] = (i * 13 + tag) % 256
	return b


func pl(id: int) -> Node:
	return players.get_node(str(id))


# --- server --------------------------------------------------------------------

func _run_server() -> void:
	var peer := ENetMultiplayerPeer.new()
	peer.set_bind_ip("127.0.0.1")
	var err := peer.create_server(Net.port, 4)
	if err != OK:
		Net.fail("create_server: error %d" % err)
		return
	peer.host.compress(Net.COMPRESS[Net.compress])
	multiplayer.multiplayer_peer = peer
	Net.my_id = 1
	Net.log_ev({"event": "server_started", "id": 1})
	await until(func(): return Net.hellos.size() == 2)
	if Net.finished:
		return
	var c1: int = Net.hellos["client1"]
	var c2: int = Net.hellos["client2"]
	Net.log_ev({"event": "clients", "client1": c1, "client2": c2})
	# Spawn one player per client (auto spawn), owned by that client.
	for id in [c1, c2]:
		var p: Node = PLAYER.instantiate()
		p.name = str(id)
		p.tag = "plàyer %d ✓" % id
		p.pos = Vector2(id % 100, 1)
		players.add_child(p, true)
		Net.log_ev({"event": "spawn", "path": str(p.get_path()),
			"props": p.props()})
	await wait(0.5)
	var p1 := pl(c1)
	var p2 := pl(c2)
	# Server -> player nodes.
	Net.send(p1, c1, "say", ["héllo wörld ✓ 世界 😀"])
	Net.send(p2, c2, "hit", [5, true])
	Net.send(p1, 0, "move", [Vector2(1.5, -2)])
	Net.send(p2, c2, "blob", [blob10k(1)])
	Net.send(p1, c1, "info", [{"name": "ünï", "lvl": 3, "inv": ["a", 2, Vector2i(1, 2)], 7: null}])
	Net.send(p2, 0, "heal", [3, &"pötion"])
	await wait(0.1)
	# Server -> Board (ids collide with the player's).
	Net.send(board, 0, "post", ["server 📌 pôst", 1])
	Net.send(board, c1, "zap", [3])
	Net.send(board, c2, "clear")
	Net.send(board, c1, "tally", [[1, "två", {"x": 1.5}]])
	# Server -> autoload.
	Net.send(Net, 0, "ping", [1, {"from": "sërver", "list": [1, 2, 3]}])
	Net.send(Net, c2, "pong", [2, "ïd"])
	# Board sync (server's).
	for i in 6:
		await wait(0.1)
		board.counter += 1
		if i % 2 == 0:
			board.title = "tïtle %d" % i
		if i == 3:
			board.grid = PackedInt32Array([i, -i, 70000])
		Net.log_set(board)
	await wait(0.3)
	Net.send(Net, c1, "go", [1, c2])
	await until(func(): return Net.steps_done.has(1))
	await wait(0.3)
	Net.send(Net, c2, "go", [2, c1])
	await until(func(): return Net.steps_done.has(2))
	await wait(0.3)
	if Net.finished:
		return
	# Despawn both players.
	for p in [p2, p1]:
		Net.log_ev({"event": "despawn", "path": str(p.get_path())})
		p.queue_free()
		await wait(0.2)
	await wait(0.3)
	Net.send(Net, c2, "bye")
	await until(func(): return gone.has(c2))
	await wait(0.3)
	Net.send(Net, c1, "bye")
	await until(func(): return gone.has(c1))
	await wait(0.3)
	Net.finish()


# --- clients --------------------------------------------------------------------

func _run_client() -> void:
	var peer := ENetMultiplayerPeer.new()
	var err := peer.create_client("127.0.0.1", Net.port)
	if err != OK:
		Net.fail("create_client: error %d" % err)
		return
	peer.host.compress(Net.COMPRESS[Net.compress])
	multiplayer.multiplayer_peer = peer
	Net.log_ev({"event": "client_started", "id": peer.get_unique_id()})
	multiplayer.connection_failed.connect(func(): Net.fail("connection failed"))
	await multiplayer.connected_to_server
	Net.my_id = multiplayer.get_unique_id()
	Net.log_ev({"event": "connected", "id": Net.my_id})
	Net.send(Net, 1, "hello", [Net.label])


# Changes this client's own player (its synchronizer's authority).
func _move_own(steps: int) -> void:
	var me := pl(Net.my_id)
	for i in steps:
		await wait(0.1)
		me.pos += Vector2(0.5, 1.25)
		me.speed = 1.0 + i * 0.25
		if i % 2 == 1:
			me.hp -= 7
		if i == 2:
			me.tag = "rénamed %d ✓" % i
		Net.log_set(me)


func _go(step: int, other: int) -> void:
	await wait(0.1)
	var me := pl(Net.my_id)
	var them := pl(other)
	if step == 1:
		Net.send(me, 1, "say", ["from client1: ça va? ✓"])
		Net.send(me, 0, "move", [Vector2(-3, 4.5)])
		Net.send(them, other, "hit", [12, false])
		Net.send(me, 1, "blob", [blob10k(2)])
		Net.send(them, other, "blob", [blob10k(3)])
		Net.send(them, other, "info", [{"de": "client1", "nested": {"a": [1, 2]}}])
		await wait(0.1)
		Net.send(board, 1, "post", ["client1 nötè", 7])
		Net.send(board, other, "tally", [["a", 1, null]])
		Net.send(board, 1, "score", [{"c1": 10}])
		Net.send(Net, 1, "pong", [3, "ünïcode ✓"])
		Net.send(Net, 0, "shout", ["brøadcast c1", Vector3(1, 2, 3)])
		Net.send(Net, other, "ping", [4, {}])
		await _move_own(6)
	else:
		Net.send(them, other, "say", ["c2 → c1 ✓ 日本"])
		Net.send(me, 0, "move", [Vector2(0.25, 0)])
		Net.send(them, 1, "hit", [1, true])
		Net.send(me, other, "heal", [9, &"c2c"])
		Net.send(board, 0, "score", [{"c2": -5, "ok": true}])
		Net.send(board, other, "post", ["c2 to c1", 2])
		Net.send(Net, 0, "ping", [5, {"k": PackedStringArray(["ä", "b"])}])
		Net.send(Net, other, "shout", ["only c1", Vector3(-1, 0, 0.5)])
		await _move_own(5)
	await wait(0.3)
	Net.send(Net, 1, "done", [step])


func _leave() -> void:
	await wait(0.1)
	if Net.label == "client2":
		Net.log_ev({"event": "disconnect", "how": "peer_disconnect"})
		(multiplayer.multiplayer_peer as ENetMultiplayerPeer).get_peer(1) \
			.peer_disconnect()
		await multiplayer.server_disconnected
	else:
		Net.log_ev({"event": "disconnect", "how": "close"})
		multiplayer.multiplayer_peer.close()
	await wait(0.2)
	Net.finish()
