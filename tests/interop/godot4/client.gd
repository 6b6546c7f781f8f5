# gdwire live interop client for Godot 4 (run by tests/interop/run_interop.sh).
#
#   setup/godot/godot4 --path tests/interop/godot4 -s client.gd -- \
#     --port=P [--seed=1] [--count=10000] [--be_count=1000] \
#     [--packet_count=3000] [--send_count=3000] [--budget_s=240]
#
# Against tests/interop/echo_server (gdwire), on 127.0.0.1:P, one connection
# per run:
#   echo stream         `count` random values: put_var(v), put_var(var_to_str(v)),
#                       then get_var() the server's gdwire re-encoding and check
#                       it is the same value (rule below).
#   echo stream-be      the same with StreamPeer.big_endian (`be_count`).
#   echo packet-stream  the same through PacketPeerStream (`packet_count`).
#   send stream         gdwire sends `send_count` values of its own making; each
#                       is get_var()'d and answered with put_var(v) and
#                       put_var(var_to_str(v)); gdwire checks both.
# The values: every Variant type but Object (a live Object goes out as an
# instance id and comes back as an EncodedObjectAsID, a freed one as null),
# nested Arrays/Dictionaries, typed Array[T] and Dictionary[K, V], unicode
# strings (escapes, astral planes), float specials (NaN with payloads, ±inf,
# -0.0, subnormals), int64 extremes and now and then a large packed array.
#
# "Same value" rule (`same()`): same type; Arrays and Dictionaries element by
# element in order, with the same element/key/value types; NodePath by `==` and
# its text (the engine leaves NodePath padding bytes uninitialised); every other
# value by its var_to_bytes bytes, so NaN payloads, -0.0 and float widths count
# (the engine's `==` says NaN != NaN and -0.0 == 0.0, so it cannot be used).
#
# Prints "CLIENT mode=... framing=... sent=N received=N lost=0 mismatched=0" per
# run, "ENGINE <version>", and "CLIENT_DONE ok" or "CLIENT_DONE failed".
extends SceneTree

const TIMEOUT_MS := 30000

var gen = preload("res://values.gd").new()
var port := 0
var deadline := 0
var ok := true
var keep_alive: Node  # a live object for Signal values


func _init() -> void:
	var opts := {
		"port": 0, "seed": 1, "count": 10000, "be_count": 1000,
		"packet_count": 3000, "send_count": 3000, "budget_s": 240,
	}
	for a in OS.get_cmdline_user_args():
		var kv: PackedStringArray = a.trim_prefix("--").split("=", true, 1)
		if kv.size() == 2 and opts.has(kv[0]):
			opts[kv[0]] = int(kv[1])
		else:
			printerr("client.gd: unknown argument ", a)
			ok = false
	port = opts.port
	gen.rng.seed = opts.seed
	deadline = Time.get_ticks_msec() + 1000 * int(opts.budget_s)
	keep_alive = Node.new()
	keep_alive.name = "keep_alive"
	gen.keep_alive = keep_alive
	print("ENGINE ", Engine.get_version_info().string, " ",
		Engine.get_version_info().build)
	if ok:
		run_echo("stream", opts.count)
		run_echo("stream-be", opts.be_count)
		run_echo("packet-stream", opts.packet_count)
		run_send("stream", opts.send_count, opts.seed)
	gen.keep_alive = null
	keep_alive.free()
	print("CLIENT_DONE ", "ok" if ok else "failed")
	quit(0 if ok else 1)


# ---------------------------------------------------------------- transport

func open(hello: String) -> StreamPeerTCP:
	var tcp := StreamPeerTCP.new()
	if tcp.connect_to_host("127.0.0.1", port) != OK:
		return null
	var until := Time.get_ticks_msec() + TIMEOUT_MS
	while Time.get_ticks_msec() < until:
		tcp.poll()
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
func pps_get(pps: PacketPeerStream, tcp: StreamPeerTCP) -> Array:
	var until := Time.get_ticks_msec() + TIMEOUT_MS
	while pps.get_available_packet_count() == 0:
		tcp.poll()
		if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED \
				or Time.get_ticks_msec() > until:
			return [false, null]
		OS.delay_usec(20)
	var v = pps.get_var()
	return [pps.get_packet_error() == OK, v]


func run_echo(framing: String, count: int) -> void:
	var tcp := open("gdwire-interop echo " + framing)
	var sent := 0
	var received := 0
	var mismatched := 0
	var pps: PacketPeerStream = null
	if tcp != null:
		if framing == "stream-be":
			tcp.big_endian = true
		elif framing == "packet-stream":
			pps = PacketPeerStream.new()
			pps.input_buffer_max_size = 1 << 24
			pps.output_buffer_max_size = 1 << 24
			pps.stream_peer = tcp
		for i in count:
			if Time.get_ticks_msec() > deadline:
				printerr("client.gd: time budget spent in echo ", framing)
				break
			var v = gen.value(0, i)
			var reply = null
			if pps != null:
				pps.put_var(v)
				pps.put_var(var_to_str(v))
				sent += 1
				var r := pps_get(pps, tcp)
				if not r[0]:
					break
				reply = r[1]
			else:
				tcp.put_var(v)
				tcp.put_var(var_to_str(v))
				sent += 1
				reply = tcp.get_var()
				if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
					break
			received += 1
			if not same(v, reply):
				mismatched += 1
				if mismatched <= 5:
					printerr("MISMATCH #", i, " sent ", clip(var_to_str(v)),
						" got ", clip(var_to_str(reply)))
		if pps != null:
			pps.put_var("gdwire-interop end %d" % sent)
		else:
			tcp.put_var("gdwire-interop end %d" % sent)
		tcp.disconnect_from_host()
	report("echo", framing, count, sent, received, mismatched)


func run_send(framing: String, count: int, seed: int) -> void:
	var tcp := open("gdwire-interop send %s %d %d" % [framing, count, seed])
	var received := 0
	var answered := 0
	if tcp != null:
		while Time.get_ticks_msec() < deadline:
			var v = tcp.get_var()
			if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
				break
			if typeof(v) == TYPE_STRING and v.begins_with("gdwire-interop end "):
				break
			received += 1
			tcp.put_var(v)
			tcp.put_var(var_to_str(v))
			answered += 1
		tcp.disconnect_from_host()
	# gdwire checks the answers (the server's CONN line); here: all arrived.
	report("send", framing, count, answered, received, 0)


func report(mode: String, framing: String, want: int, sent: int,
		received: int, mismatched: int) -> void:
	var lost := want - received
	print("CLIENT mode=%s framing=%s sent=%d received=%d lost=%d mismatched=%d"
		% [mode, framing, sent, received, lost, mismatched])
	if lost != 0 or mismatched != 0:
		ok = false


func clip(s: String) -> String:
	return s if s.length() <= 300 else s.substr(0, 300) + "...(%d chars)" % s.length()


# ------------------------------------------------------------ "same value"

func same(a, b) -> bool:
	if typeof(a) != typeof(b):
		return false
	match typeof(a):
		TYPE_ARRAY:
			if a.size() != b.size() or a.is_typed() != b.is_typed() \
					or a.get_typed_builtin() != b.get_typed_builtin() \
					or a.get_typed_class_name() != b.get_typed_class_name():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
		TYPE_DICTIONARY:
			if a.size() != b.size() \
					or a.get_typed_key_builtin() != b.get_typed_key_builtin() \
					or a.get_typed_value_builtin() != b.get_typed_value_builtin():
				return false
			return same(a.keys(), b.keys()) and same(a.values(), b.values())
		TYPE_NODE_PATH:
			return a == b and str(a) == str(b)
		_:
			return var_to_bytes(a) == var_to_bytes(b)
