# Godot 3 talks to itself over loopback for gdwire's capture tests
# (recording/capture/record.sh records it with tcpdump):
#
#   godot3-server --no-window --path recording/capture/godot3 -s talk.gd -- \
#     --port=P --out=DIR
#
#   tcp  127.0.0.1:P    StreamPeerTCP: the client put_var()s every value (a
#                       few as hand-made frames in odd chunk sizes, sent
#                       with pauses so that they travel as separate
#                       segments); the server get_var()s it and put_var()s
#                       it back.
#   udp  127.0.0.1:P+1  PacketPeerUDP: the same, one datagram per value
#                       (the small values only).
#   ws   127.0.0.1:P+2  WebSocketServer / WebSocketClient,
#                       get_peer(id).put_var(): the same, one binary
#                       message per value.
#
# For every message sent, the sender writes the engine's var2str text to
# DIR/<transport>.<c2s|s2c>.txt (each text followed by a newline, as
# `gdwire decode` prints values); the receiver checks that what it got has
# the same text. DIR/ports.txt names the three server ports. Prints
# "TALK_DONE ok" (or "failed") and exits 0 (1).
extends SceneTree

const TIMEOUT_MS = 20000

var port = 0
var out_dir = ""
var ok = true
var files = {}
var finished = false
var ws_server_peer = 0


func _init():
	var user = false
	for a in OS.get_cmdline_args():
		if a == "--":
			user = true
		elif user and a.begins_with("--port="):
			port = int(a.trim_prefix("--port="))
		elif user and a.begins_with("--out="):
			out_dir = a.trim_prefix("--out=")
	if port <= 0 or out_dir == "":
		printerr("talk.gd: --port=P --out=DIR")
		finished = true
		quit(2)
		return
	print("ENGINE ", Engine.get_version_info().string)
	var f = File.new()
	f.open(out_dir + "/ports.txt", File.WRITE)
	f.store_string("tcp %d\nudp %d\nws %d\n" % [port, port + 1, port + 2])
	f.close()
	var values = make_values()
	run_tcp(values)
	run_udp(values)
	run_ws(values)
	for k in files:
		files[k].close()
	print("TALK_DONE ", "ok" if ok else "failed")
	finished = true
	quit(0 if ok else 1)


func _idle(_delta):
	if not finished:
		print("TALK_DONE failed (script error)")
		finished = true
		quit(1)


func make_values():
	var z = 0.0
	z = -z  # a real -0.0
	var bytes = PoolByteArray()
	bytes.resize(3001)
	for i in bytes.size():
		bytes[i] = (i * 7) % 251
	var big = PoolRealArray()  # ~68 KB: more than one segment on lo
	big.resize(17000)
	for i in big.size():
		big[i] = i * 0.25 - 1000.0
	var ints = PoolIntArray()
	ints.resize(700)
	for i in ints.size():
		ints[i] = i * i - 5000
	return [
		null, true, false, 0, 1, -1, 2147483647, 2147483648,
		-9223372036854775807 - 1, 9223372036854775807,
		0.0, z, 1.5, -2.25, 0.1, 3.141592653589793, 1e300, INF, -INF, NAN,
		"", "hello", "héllo wörld ✓", "emoji 😀 ok", "two\nlines",
		"quote \" and back \\ slash",
		Vector2(1.5, -2.0), Rect2(1, 2, 3, 4), Vector3(1, 2, 3),
		Transform2D(0.5, Vector2(3, 4)), Plane(0, 1, 0, 5), Quat(0, 0, 0, 1),
		AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)), Basis(),
		Transform(Basis(), Vector3(1, 2, 3)), Color(0.1, 0.2, 0.3, 0.4),
		NodePath("root/child:prop"),
		{"a": 1, "b": [1, 2, 3], 5: "five", Vector2(1, 1): null},
		[1, "two", [3.0, {"four": 4}], []], {}, [],
		bytes, ints, PoolRealArray([0.5, -1.5]),
		PoolStringArray(["a", "bc", "", "ünï"]),
		PoolVector2Array([Vector2(1, 2), Vector2(3, 4)]),
		PoolVector3Array([Vector3(1, 2, 3)]),
		PoolColorArray([Color(1, 0, 0, 1)]),
		big,
	]


func expect(name, v):
	if not files.has(name):
		var f = File.new()
		f.open(out_dir + "/" + name + ".txt", File.WRITE)
		files[name] = f
	files[name].store_string(var2str(v) + "\n")


func check(what, sent, got):
	if var2str(sent) != var2str(got):
		ok = false
		printerr("talk.gd: ", what, " sent ", var2str(sent).left(80),
			" got ", var2str(got).left(80))


func timed_out(until):
	if OS.get_ticks_msec() > until:
		ok = false
		printerr("talk.gd: timed out")
		return true
	OS.delay_msec(1)
	return false


# A StreamPeer frame (u32 length, value) sent in odd pieces with pauses.
func put_in_pieces(tcp, v, sizes):
	var body = var2bytes(v)
	var buf = StreamPeerBuffer.new()
	buf.put_u32(body.size())
	var frame = buf.data_array
	frame.append_array(body)
	var at = 0
	var i = 0
	while at < frame.size():
		var n = min(sizes[i % sizes.size()], frame.size() - at)
		tcp.put_data(frame.subarray(at, at + n - 1))
		at += n
		i += 1
		OS.delay_msec(15)


func run_tcp(values):
	var server = TCP_Server.new()
	if server.listen(port, "127.0.0.1") != OK:
		ok = false
		printerr("talk.gd: cannot listen on tcp ", port)
		return
	var client = StreamPeerTCP.new()
	client.connect_to_host("127.0.0.1", port)
	var until = OS.get_ticks_msec() + TIMEOUT_MS
	while not server.is_connection_available():
		if timed_out(until):
			return
	var peer = server.take_connection()
	while client.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		if timed_out(until):
			return
	client.set_no_delay(true)
	peer.set_no_delay(true)
	var pieces = [[1, 3, 7], [2], [5, 1, 1, 9, 4], [13, 6]]
	for i in values.size():
		var v = values[i]
		expect("tcp.c2s", v)
		if i % 9 == 4:
			put_in_pieces(client, v, pieces[(i / 9) % pieces.size()])
		else:
			client.put_var(v)
		var got = peer.get_var()
		check("tcp c2s #%d" % i, v, got)
		expect("tcp.s2c", got)
		peer.put_var(got)
		var back = client.get_var()
		check("tcp s2c #%d" % i, got, back)
	client.disconnect_from_host()
	OS.delay_msec(50)
	peer.disconnect_from_host()
	server.stop()
	print("TCP ", values.size(), " values each way")


func run_udp(values):
	var server = PacketPeerUDP.new()
	var client = PacketPeerUDP.new()
	if server.listen(port + 1, "127.0.0.1") != OK \
			or client.listen(port + 11, "127.0.0.1") != OK:
		ok = false
		printerr("talk.gd: cannot bind udp")
		return
	client.set_dest_address("127.0.0.1", port + 1)
	var n = 0
	for i in values.size():
		var v = values[i]
		if var2bytes(v).size() > 8000:
			continue  # the small values only
		expect("udp.c2s", v)
		client.put_var(v)
		var until = OS.get_ticks_msec() + TIMEOUT_MS
		while server.get_available_packet_count() == 0:
			if timed_out(until):
				return
		var got = server.get_var()
		check("udp c2s #%d" % i, v, got)
		server.set_dest_address(server.get_packet_ip(), server.get_packet_port())
		expect("udp.s2c", got)
		server.put_var(got)
		while client.get_available_packet_count() == 0:
			if timed_out(until):
				return
		check("udp s2c #%d" % i, got, client.get_var())
		n += 1
	server.close()
	client.close()
	print("UDP ", n, " values each way")


func _ws_client_connected(id, _protocol):
	ws_server_peer = id


func run_ws(values):
	var server = WebSocketServer.new()
	server.bind_ip = "127.0.0.1"
	server.set_buffers(1024, 1024, 1024, 1024)
	server.connect("client_connected", self, "_ws_client_connected")
	if server.listen(port + 2) != OK:
		ok = false
		printerr("talk.gd: cannot listen on ws ", port + 2)
		return
	var client = WebSocketClient.new()
	client.set_buffers(1024, 1024, 1024, 1024)
	client.connect_to_url("ws://127.0.0.1:%d/game" % (port + 2))
	var until = OS.get_ticks_msec() + TIMEOUT_MS
	while ws_server_peer == 0 or client.get_connection_status() \
			!= NetworkedMultiplayerPeer.CONNECTION_CONNECTED:
		client.poll()
		server.poll()
		if timed_out(until):
			return
	var cpeer = client.get_peer(1)
	var speer = server.get_peer(ws_server_peer)
	cpeer.set_write_mode(WebSocketPeer.WRITE_MODE_BINARY)
	speer.set_write_mode(WebSocketPeer.WRITE_MODE_BINARY)
	for i in values.size():
		var v = values[i]
		expect("ws.c2s", v)
		cpeer.put_var(v)
		until = OS.get_ticks_msec() + TIMEOUT_MS
		while speer.get_available_packet_count() == 0:
			client.poll()
			server.poll()
			if timed_out(until):
				return
		var got = speer.get_var()
		check("ws c2s #%d" % i, v, got)
		expect("ws.s2c", got)
		speer.put_var(got)
		while cpeer.get_available_packet_count() == 0:
			client.poll()
			server.poll()
			if timed_out(until):
				return
		check("ws s2c #%d" % i, got, cpeer.get_var())
	client.disconnect_from_host(1000, "done")
	until = OS.get_ticks_msec() + 2000
	while client.get_connection_status() \
			!= NetworkedMultiplayerPeer.CONNECTION_DISCONNECTED:
		client.poll()
		server.poll()
		if OS.get_ticks_msec() > until:
			break
		OS.delay_msec(1)
	server.stop()
	print("WS ", values.size(), " values each way")
