# Godot 4 talks to itself over loopback for gdwire's capture tests
# (recording/capture/record.sh records it with tcpdump):
#
#   setup/godot/godot4 --path recording/capture/godot4 -s talk.gd -- \
#     --port=P --out=DIR
#
#   tcp  127.0.0.1:P    StreamPeerTCP: the client put_var()s every value (a
#                       few as hand-made frames in odd chunk sizes, sent
#                       with pauses so that they travel as separate
#                       segments); the server get_var()s it and put_var()s
#                       it back.
#   udp  127.0.0.1:P+1  PacketPeerUDP: the same, one datagram per value
#                       (the small values only).
#   ws   127.0.0.1:P+2  WebSocketPeer (client) and TCPServer +
#                       WebSocketPeer.accept_stream (server): the same, one
#                       binary message per value.
#
# For every message sent, the sender writes the engine's var_to_str text to
# DIR/<transport>.<c2s|s2c>.txt (each text followed by a newline, as
# `gdwire decode` prints values); the receiver checks that what it got has
# the same text. DIR/ports.txt names the three server ports. Prints
# "TALK_DONE ok" (or "failed") and exits 0 (1).
extends SceneTree

const TIMEOUT_MS := 20000

var port := 0
var out_dir := ""
var ok := true
var files := {}


func _init() -> void:
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--port="):
			port = int(a.trim_prefix("--port="))
		elif a.begins_with("--out="):
			out_dir = a.trim_prefix("--out=")
	if port <= 0 or out_dir == "":
		printerr("talk.gd: --port=P --out=DIR")
		quit(2)
		return
	print("ENGINE ", Engine.get_version_info().string)
	var f := FileAccess.open(out_dir + "/ports.txt", FileAccess.WRITE)
	f.store_string("tcp %d\nudp %d\nws %d\n" % [port, port + 1, port + 2])
	f.close()
	var values := make_values()
	run_tcp(values)
	run_udp(values)
	run_ws(values)
	for k in files:
		files[k].close()
	print("TALK_DONE ", "ok" if ok else "failed")
	quit(0 if ok else 1)


func make_values() -> Array:
	var z := 0.0
	z = -z  # a real -0.0 (the literal folds to +0.0)
	var bytes := PackedByteArray()
	bytes.resize(3001)
	for i in bytes.size():
		bytes[i] = (i * 7) % 251
	var big := PackedFloat32Array()  # ~68 KB: more than one segment on lo
	big.resize(17000)
	for i in big.size():
		big[i] = i * 0.25 - 1000.0
	var ints := PackedInt32Array()
	ints.resize(700)
	for i in ints.size():
		ints[i] = i * i - 5000
	var typed: Array[int] = [3, 1, 4, 1, 5]
	var tdict: Dictionary[String, int] = {"x": 1, "y": 2}
	return [
		null, true, false, 0, 1, -1, 2147483647, 2147483648,
		-9223372036854775807 - 1, 9223372036854775807,
		0.0, z, 1.5, -2.25, 0.1, 3.141592653589793, 1e300, INF, -INF, NAN,
		"", "hello", "héllo wörld ✓", "emoji 😀 ok", "two\nlines",
		"quote \" and back \\ slash",
		Vector2(1.5, -2.0), Vector2i(3, -4), Rect2(1, 2, 3, 4),
		Rect2i(-1, -2, 3, 4), Vector3(1, 2, 3), Vector3i(7, 8, 9),
		Transform2D(0.5, Vector2(3, 4)), Vector4(1, 2, 3, 4),
		Vector4i(-1, 0, 1, 2), Plane(0, 1, 0, 5), Quaternion(0, 0, 0, 1),
		AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)), Basis(),
		Transform3D(Basis(), Vector3(1, 2, 3)), Projection(),
		Color(0.1, 0.2, 0.3, 0.4), StringName("a_name"),
		NodePath("root/child:prop"),
		{"a": 1, "b": [1, 2, 3], 5: "five", Vector2(1, 1): null},
		[1, "two", [3.0, {"four": 4}], []], typed, tdict, {},
		bytes, ints, PackedInt64Array([1, -2, 1 << 40]),
		PackedFloat32Array([0.5, -1.5]), PackedFloat64Array([0.1, 1e-300]),
		PackedStringArray(["a", "bc", "", "ünï"]),
		PackedVector2Array([Vector2(1, 2), Vector2(3, 4)]),
		PackedVector3Array([Vector3(1, 2, 3)]),
		PackedColorArray([Color(1, 0, 0, 1)]),
		PackedVector4Array([Vector4(1, 2, 3, 4)]),
		big,
	]


func expect(name: String, v) -> void:
	if not files.has(name):
		files[name] = FileAccess.open(out_dir + "/" + name + ".txt",
			FileAccess.WRITE)
	files[name].store_string(var_to_str(v) + "\n")


func check(what: String, sent, got) -> void:
	if var_to_str(sent) != var_to_str(got):
		ok = false
		printerr("talk.gd: ", what, " sent ", var_to_str(sent).left(80),
			" got ", var_to_str(got).left(80))


func wait(cond: Callable) -> bool:
	var until := Time.get_ticks_msec() + TIMEOUT_MS
	while not cond.call():
		if Time.get_ticks_msec() > until:
			ok = false
			printerr("talk.gd: timed out")
			return false
		OS.delay_msec(1)
	return true


# A StreamPeer frame (u32 length, value) sent in odd pieces with pauses.
func put_in_pieces(tcp: StreamPeerTCP, v, sizes: Array) -> void:
	var body := var_to_bytes(v)
	var frame := PackedByteArray()
	frame.resize(4)
	frame.encode_u32(0, body.size())
	frame.append_array(body)
	var at := 0
	var i := 0
	while at < frame.size():
		var n: int = min(sizes[i % sizes.size()], frame.size() - at)
		tcp.put_data(frame.slice(at, at + n))
		at += n
		i += 1
		OS.delay_msec(15)


func run_tcp(values: Array) -> void:
	var server := TCPServer.new()
	if server.listen(port, "127.0.0.1") != OK:
		ok = false
		printerr("talk.gd: cannot listen on tcp ", port)
		return
	var client := StreamPeerTCP.new()
	client.connect_to_host("127.0.0.1", port)
	var peer: StreamPeerTCP = null
	wait(func():
		client.poll()
		return server.is_connection_available())
	peer = server.take_connection()
	wait(func():
		client.poll()
		return client.get_status() == StreamPeerTCP.STATUS_CONNECTED)
	client.set_no_delay(true)
	peer.set_no_delay(true)
	var pieces := [[1, 3, 7], [2], [5, 1, 1, 9, 4], [13, 6]]
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


func run_udp(values: Array) -> void:
	var server := PacketPeerUDP.new()
	var client := PacketPeerUDP.new()
	if server.bind(port + 1, "127.0.0.1") != OK \
			or client.bind(port + 11, "127.0.0.1") != OK:
		ok = false
		printerr("talk.gd: cannot bind udp")
		return
	client.set_dest_address("127.0.0.1", port + 1)
	var n := 0
	for i in values.size():
		var v = values[i]
		if var_to_bytes(v).size() > 8000:
			continue  # the small values only
		expect("udp.c2s", v)
		client.put_var(v)
		if not wait(func(): return server.get_available_packet_count() > 0):
			return
		var got = server.get_var()
		check("udp c2s #%d" % i, v, got)
		server.set_dest_address(server.get_packet_ip(), server.get_packet_port())
		expect("udp.s2c", got)
		server.put_var(got)
		if not wait(func(): return client.get_available_packet_count() > 0):
			return
		check("udp s2c #%d" % i, got, client.get_var())
		n += 1
	server.close()
	client.close()
	print("UDP ", n, " values each way")


func run_ws(values: Array) -> void:
	var server := TCPServer.new()
	if server.listen(port + 2, "127.0.0.1") != OK:
		ok = false
		printerr("talk.gd: cannot listen on ws ", port + 2)
		return
	var client := WebSocketPeer.new()
	client.outbound_buffer_size = 1 << 20
	client.inbound_buffer_size = 1 << 20
	client.connect_to_url("ws://127.0.0.1:%d/game" % (port + 2))
	var peer := WebSocketPeer.new()
	peer.outbound_buffer_size = 1 << 20
	peer.inbound_buffer_size = 1 << 20
	if not wait(func():
			client.poll()
			return server.is_connection_available()):
		return
	peer.accept_stream(server.take_connection())
	if not wait(func():
			client.poll()
			peer.poll()
			return client.get_ready_state() == WebSocketPeer.STATE_OPEN \
				and peer.get_ready_state() == WebSocketPeer.STATE_OPEN):
		return
	for i in values.size():
		var v = values[i]
		expect("ws.c2s", v)
		client.put_var(v)
		if not wait(func():
				client.poll()
				peer.poll()
				return peer.get_available_packet_count() > 0):
			return
		var got = peer.get_var()
		check("ws c2s #%d" % i, v, got)
		expect("ws.s2c", got)
		peer.put_var(got)
		if not wait(func():
				client.poll()
				peer.poll()
				return client.get_available_packet_count() > 0):
			return
		check("ws s2c #%d" % i, got, client.get_var())
	client.close(1000, "done")
	wait(func():
		client.poll()
		peer.poll()
		return client.get_ready_state() == WebSocketPeer.STATE_CLOSED)
	server.stop()
	print("WS ", values.size(), " values each way")
