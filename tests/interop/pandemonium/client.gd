# gdwire live interop client for Pandemonium 5.3 (run by
# tests/interop/run_interop.sh): tests/interop/godot3/client.gd with
# Pandemonium's values (values.gd here).
#
#   setup/pandemonium/pandemonium --no-window --path tests/interop/pandemonium \
#     -s client.gd -- \
#     --port=P [--seed=1] [--count=10000] [--be_count=1000] \
#     [--packet_count=3000] [--send_count=3000] [--budget_s=240]
#
# The same four runs as the Godot 4 client (../godot4/client.gd):
#   echo stream, echo stream-be (StreamPeer.big_endian), echo packet-stream
#   (PacketPeerStream): random values go out with put_var(v) and
#   put_var(var2str(v)), gdwire's re-encoding comes back through get_var and
#   must be the same value; send stream: gdwire's own random values are
#   get_var()'d and answered with put_var(v) and put_var(var2str(v)).
# Values: every Godot 3 type but Object (see the Godot 4 client), nested
# Arrays/Dictionaries, unicode strings (with the lone surrogates and code
# points above U+10FFFF that Godot 3 can hold), float specials (NaN payloads,
# ±inf, -0.0, subnormals), int64 extremes, now and then a large pool array.
#
# Dictionary keys the engine cannot look up again (3.2.3: a NaN inside a pool
# array) are not sent: the engine's own encoder garbles them.
#
# "Same value" rule (`same()`): same type and the same var2bytes bytes; else
# Arrays, TypedArrays and Dictionaries element by element in order, NodePath
# by `==` and its text (its padding bytes are left uninitialised by the
# engine). (The engine's `==` says NaN != NaN and -0.0 == 0.0.)
#
# Prints "ENGINE <version>", "CLIENT mode=... sent=N received=N lost=0
# mismatched=0" per run, then "CLIENT_DONE ok" or "CLIENT_DONE failed". A
# script error would leave Godot 3 running: _idle() then reports and quits.
extends SceneTree

const TIMEOUT_MS = 30000

var gen = preload("res://values.gd").new()
var port = 0
var deadline = 0
var ok = true
var finished = false


func _init():
	var opts = {
		"port": 0, "seed": 1, "count": 10000, "be_count": 1000,
		"packet_count": 3000, "send_count": 3000, "budget_s": 240,
		"udp_port": 0, "udp_count": 2000,
	}
	var user = false
	for a in OS.get_cmdline_args():
		if a == "--":
			user = true
			continue
		if not user:
			continue
		var kv = a.trim_prefix("--").split("=", true, 1)
		if kv.size() == 2 and opts.has(kv[0]):
			opts[kv[0]] = int(kv[1])
		else:
			printerr("client.gd: unknown argument ", a)
			ok = false
	port = opts.port
	gen.rng.seed = opts.seed
	deadline = OS.get_ticks_msec() + 1000 * int(opts.budget_s)
	print("ENGINE ", Engine.get_version_info().string)
	if ok:
		run_echo("stream", opts.count)
		run_echo("stream-be", opts.be_count)
		run_echo("packet-stream", opts.packet_count)
		run_send("stream", opts.send_count, opts.seed)
		if opts.udp_port != 0:
			run_udp(opts.udp_port, opts.udp_count)
	print("CLIENT_DONE ", "ok" if ok else "failed")
	finished = true
	quit(0 if ok else 1)


# The main loop runs once after quit(); when _init() was cut short by a
# script error this is where the client ends.
func _idle(_delta):
	if not finished:
		print("CLIENT_DONE failed (script error)")
		finished = true
		quit(1)


# ---------------------------------------------------------------- transport

func open(hello):
	var tcp = StreamPeerTCP.new()
	if tcp.connect_to_host("127.0.0.1", port) != OK:
		return null
	var until = OS.get_ticks_msec() + TIMEOUT_MS
	while OS.get_ticks_msec() < until:
		if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTING:
			break
		OS.delay_msec(2)
	if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		printerr("client.gd: cannot connect to 127.0.0.1:", port)
		return null
	tcp.set_no_delay(true)
	tcp.put_var(hello)
	var ack = tcp.get_var()
	if typeof(ack) != TYPE_STRING or ack != "ok":
		printerr("client.gd: no ack for ", hello, ": ", ack)
		return null
	return tcp


# Waits (bounded) for one packet; returns [ok, value].
func pps_get(pps, tcp):
	var until = OS.get_ticks_msec() + TIMEOUT_MS
	while pps.get_available_packet_count() == 0:
		if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED \
				or OS.get_ticks_msec() > until:
			return [false, null]
		OS.delay_usec(20)
	var v = pps.get_var()
	return [pps.get_packet_error() == OK, v]


func run_echo(framing, count):
	var tcp = open("gdwire-interop echo " + framing)
	var sent = 0
	var received = 0
	var mismatched = 0
	var pps = null
	if tcp != null:
		if framing == "stream-be":
			tcp.big_endian = true
		elif framing == "packet-stream":
			pps = PacketPeerStream.new()
			pps.input_buffer_max_size = 1 << 24
			pps.output_buffer_max_size = 1 << 24
			pps.stream_peer = tcp
		for i in count:
			if OS.get_ticks_msec() > deadline:
				printerr("client.gd: time budget spent in echo ", framing)
				break
			var v = gen.value(0, i)
			var reply = null
			if pps != null:
				pps.put_var(v)
				pps.put_var(var2str(v))
				sent += 1
				var r = pps_get(pps, tcp)
				if not r[0]:
					break
				reply = r[1]
			else:
				tcp.put_var(v)
				tcp.put_var(var2str(v))
				sent += 1
				reply = tcp.get_var()
				if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
					break
			received += 1
			if not same(v, reply):
				mismatched += 1
				if mismatched <= 5:
					printerr("MISMATCH #", i, " sent ", clip(var2str(v)),
						" got ", clip(var2str(reply)))
		if pps != null:
			pps.put_var("gdwire-interop end %d" % sent)
		else:
			tcp.put_var("gdwire-interop end %d" % sent)
		tcp.disconnect_from_host()
	report("echo", framing, count, sent, received, mismatched)


# PacketPeerUDP: each value and its var2str text as datagrams; gdwire's
# answer (its encoding of the value) must be the same value. Values over
# 8 KB are left out (a datagram's limit).
func run_udp(udp_port, count):
	var udp = PacketPeerUDP.new()
	var sent = 0
	var received = 0
	var mismatched = 0
	var want = 0
	if udp.connect_to_host("127.0.0.1", udp_port) != OK:
		printerr("client.gd: cannot open UDP to 127.0.0.1:", udp_port)
	else:
		var i = 0
		while want < count and OS.get_ticks_msec() < deadline:
			var v = gen.value(0, i)
			i += 1
			if var2bytes(v).size() > 8000 or var2str(v).length() > 2000:
				continue
			want += 1
			udp.put_var(v)
			udp.put_var(var2str(v))
			sent += 1
			var until = OS.get_ticks_msec() + TIMEOUT_MS
			while udp.get_available_packet_count() == 0 and OS.get_ticks_msec() < until:
				OS.delay_usec(20)
			if udp.get_available_packet_count() == 0:
				break
			var reply = udp.get_var()
			received += 1
			if not same(v, reply):
				mismatched += 1
				if mismatched <= 5:
					printerr("MISMATCH udp #", i, " sent ", clip(var2str(v)),
						" got ", clip(var2str(reply)))
		udp.put_var("gdwire-interop end %d" % sent)
		udp.close()
	report("echo", "udp", count, sent, received, mismatched)


func run_send(framing, count, seed_):
	var tcp = open("gdwire-interop send %s %d %d" % [framing, count, seed_])
	var received = 0
	var answered = 0
	if tcp != null:
		while OS.get_ticks_msec() < deadline:
			var v = tcp.get_var()
			if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
				break
			if typeof(v) == TYPE_STRING and v.begins_with("gdwire-interop end "):
				break
			received += 1
			tcp.put_var(v)
			tcp.put_var(var2str(v))
			answered += 1
		tcp.disconnect_from_host()
	# gdwire checks the answers (the server's CONN line); here: all arrived.
	report("send", framing, count, answered, received, 0)


func report(mode, framing, want, sent, received, mismatched):
	var lost = want - received
	print("CLIENT mode=%s framing=%s sent=%d received=%d lost=%d mismatched=%d"
		% [mode, framing, sent, received, lost, mismatched])
	if lost != 0 or mismatched != 0:
		ok = false


func clip(s):
	return s if s.length() <= 300 else s.substr(0, 300) + "...(%d chars)" % s.length()


# ------------------------------------------------------------ "same value"

func same(a, b):
	if typeof(a) != typeof(b):
		return false
	# The same bytes are the same value. (Checked first: this engine's
	# script VM mixes up PackedTypedArray arguments of different element
	# types passed in turn to one function, so the element-wise paths below
	# are only for what differs in NodePath padding.)
	if var2bytes(a) == var2bytes(b):
		return true
	match typeof(a):
		TYPE_ARRAY:
			if a.size() != b.size():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
		TYPE_TYPED_ARRAY, TYPE_PACKED_TYPED_ARRAY:
			# Element by element (NodePath padding), and the same element
			# type (the head of their text: "TypedArray( <type> ,").
			if a.size() != b.size():
				return false
			if var2str(a).split(" , ")[0] != var2str(b).split(" , ")[0]:
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
		TYPE_DICTIONARY:
			if a.size() != b.size():
				return false
			return same(a.keys(), b.keys()) and same(a.values(), b.values())
		TYPE_NODE_PATH:
			return a == b and str(a) == str(b)
		_:
			return var2bytes(a) == var2bytes(b)
