# Makes real SceneMultiplayer packets with the engine itself: three
# SceneMultiplayer instances (server 1, clients 2 and 3) in one SceneTree,
# joined by a MultiplayerPeerExtension hub that logs every packet a peer
# puts (from, to, channel, transfer mode, bytes) as one JSON line, and every
# RPC a node receives (var_to_str of each argument).
#   setup/godot/godot4 --path codec/multiplayer/testdata/godot4_gen \
#     -s gen.gd -- OUT.jsonl
extends SceneTree

class Hub:
	var peers := {}
	var lines: Array[String] = []
	func send(from: int, target: int, ch: int, mode: int, bytes: PackedByteArray) -> int:
		var dests := []
		if target > 0:
			dests = [target]
		else:
			for id in peers:
				if id != from and id != -target:
					dests.append(id)
		for to in dests:
			lines.append(JSON.stringify({"kind": "packet", "from": from, "to": to,
				"channel": ch, "mode": mode, "hex": bytes.hex_encode()}))
			peers[to].queue.append([from, bytes, ch, mode])
		return OK

class HubPeer extends MultiplayerPeerExtension:
	var hub: Hub
	var uid := 0
	var target := 0
	var channel := 0
	var mode := MultiplayerPeer.TRANSFER_MODE_RELIABLE
	var queue := []
	func _get_unique_id() -> int: return uid
	func _is_server() -> bool: return uid == 1
	func _is_server_relay_supported() -> bool: return true
	func _get_connection_status() -> MultiplayerPeer.ConnectionStatus: return MultiplayerPeer.CONNECTION_CONNECTED
	func _set_target_peer(p: int) -> void: target = p
	func _get_packet_peer() -> int: return queue[0][0]
	func _get_packet_channel() -> int: return queue[0][2]
	func _get_packet_mode() -> MultiplayerPeer.TransferMode: return queue[0][3]
	func _get_available_packet_count() -> int: return queue.size()
	func _get_max_packet_size() -> int: return 1 << 24
	func _set_transfer_channel(c: int) -> void: channel = c
	func _get_transfer_channel() -> int: return channel
	func _set_transfer_mode(m: MultiplayerPeer.TransferMode) -> void: mode = m
	func _get_transfer_mode() -> MultiplayerPeer.TransferMode: return mode
	func _get_packet_script() -> PackedByteArray: return queue.pop_front()[1]
	func _put_packet_script(p: PackedByteArray) -> Error: return hub.send(uid, target, channel, mode, p)
	func _poll() -> void: pass
	func _close() -> void: pass
	func _disconnect_peer(_p: int, _f: bool) -> void: pass
	func _set_refuse_new_connections(_b: bool) -> void: pass
	func _is_refusing_new_connections() -> bool: return false

const PLAYER_SRC := """
extends Node
var log: Array
func _log(m, args):
	var s := []
	for a in args:
		s.append(var_to_str(a).replace("\\n", " "))
	log.append(JSON.stringify({"kind": "rpc", "at": multiplayer.get_unique_id(),
		"from": multiplayer.get_remote_sender_id(), "node": str(get_path()),
		"method": m, "args": s}))
@rpc("any_peer") func set_pos(v): _log("set_pos", [v])
@rpc("any_peer") func method_b(a, b): _log("method_b", [a, b])
@rpc("any_peer", "unreliable_ordered", "call_remote", 1) func raw(b): _log("raw", [b])
@rpc("any_peer") func ping(): _log("ping", [])
@rpc("any_peer") func many(a, b, c, d, e, f): _log("many", [a, b, c, d, e, f])
"""

var hub := Hub.new()
var mps := {}
var frame := 0
var out_path := ""
var player_script: GDScript

func make_spawned(data):
	var n := Node2D.new()
	n.name = "Bot" + str(data)
	n.position = Vector2(data, 2 * data)
	n.rotation = 0.5
	var sync := MultiplayerSynchronizer.new()
	sync.name = "Sync"
	var cfg := SceneReplicationConfig.new()
	cfg.add_property(NodePath(".:position"))
	cfg.property_set_spawn(NodePath(".:position"), true)
	cfg.property_set_replication_mode(NodePath(".:position"), SceneReplicationConfig.REPLICATION_MODE_ALWAYS)
	cfg.add_property(NodePath(".:rotation"))
	cfg.property_set_spawn(NodePath(".:rotation"), true)
	cfg.property_set_replication_mode(NodePath(".:rotation"), SceneReplicationConfig.REPLICATION_MODE_ON_CHANGE)
	cfg.add_property(NodePath(".:visible"))
	cfg.property_set_replication_mode(NodePath(".:visible"), SceneReplicationConfig.REPLICATION_MODE_ON_CHANGE)
	sync.replication_config = cfg
	n.add_child(sync)
	return n

func branch(id: int) -> Node:
	var b := Node.new()
	b.name = "P%d" % id
	var main := Node.new()
	main.name = "Main"
	b.add_child(main)
	var player := Node.new()
	player.name = "Player2"
	player.set_script(player_script)
	player.log = hub.lines
	main.add_child(player)
	var spawner := MultiplayerSpawner.new()
	spawner.name = "Spawner"
	spawner.spawn_path = NodePath("..")
	spawner.spawn_function = make_spawned
	main.add_child(spawner)
	return b

func _initialize():
	out_path = OS.get_cmdline_user_args()[0]
	player_script = GDScript.new()
	player_script.source_code = PLAYER_SRC
	player_script.reload()
	for id in [1, 2, 3]:
		var b := branch(id)
		root.add_child(b)
		var mp := SceneMultiplayer.new()
		var peer := HubPeer.new()
		peer.hub = hub
		peer.uid = id
		hub.peers[id] = peer
		mp.multiplayer_peer = peer
		set_multiplayer(mp, NodePath("/root/P%d" % id))
		mps[id] = mp
	for id in [2, 3]:
		hub.peers[1].emit_signal("peer_connected", id)
		hub.peers[id].emit_signal("peer_connected", 1)

func player(id: int) -> Node:
	return root.get_node("P%d/Main/Player2" % id)

func _process(_delta):
	frame += 1
	match frame:
		3:
			player(2).rpc_id(1, "set_pos", Vector3(1, 2, 3))
			player(1).rpc_id(2, "method_b", 1, "a")
			player(1).rpc_id(2, "method_b", 1000, 1.5)
			player(1).rpc_id(2, "method_b", 100000, 1e300)
			player(1).rpc_id(2, "method_b", 1 << 40, -2)
			player(1).rpc_id(2, "method_b", true, false)
			player(1).rpc_id(2, "ping")
			player(1).rpc_id(2, "raw", PackedByteArray([10, 11, 12]))
			player(1).rpc_id(2, "raw", PackedByteArray())
			player(1).rpc_id(2, "many", null, [1, "x"], {"k": Vector2i(1, 2)}, &"sn", NodePath("a/b:c"), Color(1, 0, 0, 1))
			player(2).rpc_id(3, "method_b", "via", "relay")
			player(3).rpc("ping")
			mps[1].send_bytes(PackedByteArray([10, 11, 12]), 2)
			mps[2].send_bytes(PackedByteArray([1]), 3, MultiplayerPeer.TRANSFER_MODE_UNRELIABLE, 2)
		4:
			player(2).rpc_id(1, "set_pos", Vector3(4, 5, 6))
			player(1).rpc_id(2, "ping")
		6:
			root.get_node("P1/Main/Spawner").spawn(7)
			root.get_node("P1/Main/Spawner").spawn(300)
		9:
			root.get_node("P1/Main/Bot7").position = Vector2(10, 20)
			root.get_node("P1/Main/Bot7").rotation = 1.25
		12:
			root.get_node("P1/Main/Bot7").visible = false
		16:
			root.get_node("P1/Main/Bot7").queue_free()
		20:
			var f := FileAccess.open(out_path, FileAccess.WRITE)
			for l in hub.lines:
				f.store_line(l)
			f.close()
			quit(0)
	return false
