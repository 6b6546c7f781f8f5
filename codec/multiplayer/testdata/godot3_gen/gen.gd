# Makes real Godot 3.2 MultiplayerAPI traffic: a server and a client
# (NetworkedMultiplayerENet on 127.0.0.1, no compression) in one SceneTree,
# each with its own MultiplayerAPI; every RPC / RSET a node receives is
# logged as a JSON line (var2str of each value). Capture the UDP port with
# tcpdump and extract the ENet payloads with extract_enet.py.
#   godot3-server --no-window --path codec/multiplayer/testdata/godot3_gen \
#     -s gen.gd -- PORT OUT.jsonl
extends SceneTree

const PLAYER_SRC = """
extends Node
var log_lines = []
remote var hp = 0 setget set_hp
func set_hp(v):
	hp = v
	_log("rset hp", [v])
func _log(m, args):
	var s = []
	for a in args:
		s.append(var2str(a).replace("\\n", " "))
	log_lines.append(to_json({"kind": "recv", "at": multiplayer.get_network_unique_id(),
		"from": multiplayer.get_rpc_sender_id(), "node": str(get_path()), "what": m, "args": s}))
remote func set_pos(v): _log("rpc set_pos", [v])
remote func method_b(a, b): _log("rpc method_b", [a, b])
remote func ping(): _log("rpc ping", [])
"""

var s_root
var c_root
var frame = 0
var port = 0
var out_path = ""
var player_script
var raw_log = []

func branch(name):
	var b = Node.new()
	b.name = name
	root.add_child(b)
	var p = Node.new()
	p.name = "Player"
	p.set_script(player_script)
	b.add_child(p)
	b.custom_multiplayer = MultiplayerAPI.new()
	b.custom_multiplayer.set_root_node(b)
	# Node.get_multiplayer() does not look at the parents in 3.2.
	p.custom_multiplayer = b.custom_multiplayer
	return b

func _init():
	var args = OS.get_cmdline_args()
	port = int(args[args.size() - 2])
	out_path = args[args.size() - 1]
	player_script = GDScript.new()
	player_script.source_code = PLAYER_SRC
	player_script.reload()
	s_root = branch("S")
	c_root = branch("C")
	var sp = NetworkedMultiplayerENet.new()
	sp.create_server(port, 4)
	s_root.custom_multiplayer.network_peer = sp
	var cp = NetworkedMultiplayerENet.new()
	cp.create_client("127.0.0.1", port)
	c_root.custom_multiplayer.network_peer = cp
	c_root.custom_multiplayer.connect("network_peer_packet", self, "_on_raw", [2])
	s_root.custom_multiplayer.connect("network_peer_packet", self, "_on_raw", [1])

func _on_raw(id, bytes, at):
	raw_log.append(to_json({"kind": "recv", "at": at, "from": id, "node": "", "what": "raw", "args": [var2str(bytes)]}))

func _idle(_delta):
	s_root.custom_multiplayer.poll()
	c_root.custom_multiplayer.poll()
	frame += 1
	var cid = c_root.custom_multiplayer.get_network_unique_id()
	if frame == 30:
		c_root.get_node("Player").rpc_id(1, "set_pos", Vector3(1, 2, 3))
		s_root.get_node("Player").rpc_id(cid, "method_b", 1, "a")
		s_root.get_node("Player").rpc_id(cid, "method_b", 1 << 40, 1.5)
		s_root.get_node("Player").rpc_id(cid, "method_b", true, [1, {"k": Vector2(1, 2)}])
		s_root.get_node("Player").rset_id(cid, "hp", 5)
		s_root.get_node("Player").rpc_unreliable_id(cid, "ping")
		s_root.custom_multiplayer.send_bytes(PoolByteArray([10, 11, 12]), cid)
	if frame == 40:
		c_root.get_node("Player").rpc_id(1, "set_pos", Vector3(4, 5, 6))
		s_root.get_node("Player").rpc_id(cid, "ping")
	if frame == 60:
		var f = File.new()
		f.open(out_path, File.WRITE)
		for b in [s_root, c_root]:
			for l in b.get_node("Player").log_lines:
				f.store_line(l)
		for l in raw_log:
			f.store_line(l)
		f.close()
		c_root.custom_multiplayer.network_peer.close_connection()
		return true
	OS.delay_msec(10)
	return false
