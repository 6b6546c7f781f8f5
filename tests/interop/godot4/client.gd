# gdwire live interop client for Godot 4 (run by tests/interop/run_interop.sh).
#
#   tools/godot/godot4 --path tests/interop/godot4 -s client.gd -- \
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

var rng := RandomNumberGenerator.new()
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
	rng.seed = opts.seed
	deadline = Time.get_ticks_msec() + 1000 * int(opts.budget_s)
	keep_alive = Node.new()
	keep_alive.name = "keep_alive"
	print("ENGINE ", Engine.get_version_info().string, " ",
		Engine.get_version_info().build)
	if ok:
		run_echo("stream", opts.count)
		run_echo("stream-be", opts.be_count)
		run_echo("packet-stream", opts.packet_count)
		run_send("stream", opts.send_count, opts.seed)
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
			var v = value(0, i)
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


# --------------------------------------------------------------- the values

const SPECIAL_F64 := [0.0, 1.0, -1.0, 0.1, 1e308, -1e-300, 5e-324, 2.2250738585072014e-308,
	3.4028234663852886e38, 1.401298464324817e-45, 1.1754943508222875e-38,
	16777217.0, 9007199254740993.0, 123456.789]


func neg_zero() -> float:
	var z := rng.randf() * 0.0
	return -z


func bits_f64() -> float:
	var b := PackedByteArray()
	b.resize(8)
	b.encode_u32(0, rng.randi())
	b.encode_u32(4, rng.randi())
	return b.decode_double(0)


func bits_f32() -> float:
	var b := PackedByteArray()
	b.resize(4)
	b.encode_u32(0, rng.randi())
	return b.decode_float(0)


func rand_float() -> float:
	match rng.randi() % 10:
		0: return SPECIAL_F64[rng.randi() % SPECIAL_F64.size()] * (1 if rng.randi() % 2 else -1)
		1: return [INF, -INF, NAN][rng.randi() % 3]
		2: return neg_zero()
		3: return bits_f64()
		4: return bits_f32()
		5: return float(rng.randi_range(-1000, 1000))
		_: return rng.randf_range(-1e6, 1e6)


# A math component (real_t = float in this build).
func rand_real() -> float:
	match rng.randi() % 12:
		0: return [INF, -INF, NAN, 0.0, 1.0][rng.randi() % 5]
		1: return neg_zero()
		2: return bits_f32()
		3: return float(rng.randi_range(-100, 100))
		_: return rng.randf_range(-1e4, 1e4)


func rand_int() -> int:
	match rng.randi() % 6:
		0: return [0, 1, -1, 2147483647, -2147483648, 2147483648, -2147483649,
			9223372036854775807, -9223372036854775807 - 1][rng.randi() % 9]
		1: return (rng.randi() << 32) | rng.randi()
		2: return rng.randi() - 2147483648
		_: return rng.randi_range(-100, 100)


func i32() -> int:
	return rng.randi() - 2147483648


const RANGES := [[0x20, 0x7e], [0x20, 0x7e], [0x20, 0x7e], [0x01, 0x1f], [0x7f, 0xff],
	[0x100, 0x7ff], [0x800, 0xd7ff], [0xe000, 0xfffd], [0x10000, 0x10ffff],
	[0x1f600, 0x1f64f], [0x4e00, 0x9fff], [0x300, 0x36f]]


# Unicode text: no NUL (it cuts a wire string), no surrogates (invalid in
# UTF-8), no U+FEFF (a leading one is dropped on decode).
func rand_string(max_len := 12) -> String:
	var s := ""
	for i in rng.randi() % (max_len + 1):
		var r: Array = RANGES[rng.randi() % RANGES.size()]
		var cp := rng.randi_range(r[0], r[1])
		if cp == 0xfeff:
			cp = 0x41
		s += String.chr(cp)
	if rng.randi() % 8 == 0:
		s += ["\"", "\\", "\n", "\t", "\r", "'", "&", "%s"][rng.randi() % 8]
	return s


func rand_name() -> String:
	# NodePath names: no / : % (path syntax), not empty.
	var s := rand_string(6).replace("/", "_").replace(":", "_").replace("%", "_") \
		.replace("\"", "_").replace("\\", "_").strip_edges()
	return s if s != "" and s != "." else "n"


func rand_node_path() -> NodePath:
	if rng.randi() % 6 == 0:
		return NodePath("")
	var names := []
	for i in 1 + rng.randi() % 3:
		names.append([rand_name(), "..", "."][0 if rng.randi() % 5 else rng.randi() % 3])
	var p := "/".join(names)
	if rng.randi() % 3 == 0:
		p = "/root/" + p
	for i in rng.randi() % 3:
		p += ":" + rand_name()
	return NodePath(p)


func packed_size(i: int) -> int:
	# Now and then a large one (bounded: the run stays within a minute).
	if i % 149 == 7:
		return rng.randi_range(5000, 60000)
	return rng.randi() % 24


const TYPES := [TYPE_NIL, TYPE_BOOL, TYPE_INT, TYPE_FLOAT, TYPE_STRING, TYPE_VECTOR2,
	TYPE_VECTOR2I, TYPE_RECT2, TYPE_RECT2I, TYPE_VECTOR3, TYPE_VECTOR3I, TYPE_TRANSFORM2D,
	TYPE_VECTOR4, TYPE_VECTOR4I, TYPE_PLANE, TYPE_QUATERNION, TYPE_AABB, TYPE_BASIS,
	TYPE_TRANSFORM3D, TYPE_PROJECTION, TYPE_COLOR, TYPE_STRING_NAME, TYPE_NODE_PATH,
	TYPE_RID, TYPE_CALLABLE, TYPE_SIGNAL, TYPE_DICTIONARY, TYPE_ARRAY,
	TYPE_PACKED_BYTE_ARRAY, TYPE_PACKED_INT32_ARRAY, TYPE_PACKED_INT64_ARRAY,
	TYPE_PACKED_FLOAT32_ARRAY, TYPE_PACKED_FLOAT64_ARRAY, TYPE_PACKED_STRING_ARRAY,
	TYPE_PACKED_VECTOR2_ARRAY, TYPE_PACKED_VECTOR3_ARRAY, TYPE_PACKED_COLOR_ARRAY,
	TYPE_PACKED_VECTOR4_ARRAY]

const PACKED := [TYPE_PACKED_BYTE_ARRAY, TYPE_PACKED_INT32_ARRAY, TYPE_PACKED_INT64_ARRAY,
	TYPE_PACKED_FLOAT32_ARRAY, TYPE_PACKED_FLOAT64_ARRAY, TYPE_PACKED_STRING_ARRAY,
	TYPE_PACKED_VECTOR2_ARRAY, TYPE_PACKED_VECTOR3_ARRAY, TYPE_PACKED_COLOR_ARRAY,
	TYPE_PACKED_VECTOR4_ARRAY]


# Message i: the first rounds go through every type in turn, then anything.
func value(depth: int, i: int):
	if depth == 0 and i % 149 == 7:
		return of_type(PACKED[(i / 149) % PACKED.size()], 0, i)
	if depth == 0 and i < 3 * TYPES.size():
		return of_type(TYPES[i % TYPES.size()], 0, i)
	var t: int = TYPES[rng.randi() % TYPES.size()]
	if depth >= 3 and (t == TYPE_ARRAY or t == TYPE_DICTIONARY):
		t = TYPE_INT
	return of_type(t, depth, -1)


func v2() -> Vector2: return Vector2(rand_real(), rand_real())
func v3() -> Vector3: return Vector3(rand_real(), rand_real(), rand_real())
func v4() -> Vector4: return Vector4(rand_real(), rand_real(), rand_real(), rand_real())


func of_type(t: int, depth: int, i: int):
	var n := packed_size(i)
	match t:
		TYPE_NIL: return null
		TYPE_BOOL: return rng.randi() % 2 == 0
		TYPE_INT: return rand_int()
		TYPE_FLOAT: return rand_float()
		TYPE_STRING: return rand_string(12 if rng.randi() % 20 else 400)
		TYPE_VECTOR2: return v2()
		TYPE_VECTOR2I: return Vector2i(i32(), i32())
		TYPE_RECT2: return Rect2(v2(), v2())
		TYPE_RECT2I: return Rect2i(i32(), i32(), i32(), i32())
		TYPE_VECTOR3: return v3()
		TYPE_VECTOR3I: return Vector3i(i32(), i32(), i32())
		TYPE_TRANSFORM2D: return Transform2D(v2(), v2(), v2())
		TYPE_VECTOR4: return v4()
		TYPE_VECTOR4I: return Vector4i(i32(), i32(), i32(), i32())
		TYPE_PLANE: return Plane(rand_real(), rand_real(), rand_real(), rand_real())
		TYPE_QUATERNION: return Quaternion(rand_real(), rand_real(), rand_real(), rand_real())
		TYPE_AABB: return AABB(v3(), v3())
		TYPE_BASIS: return Basis(v3(), v3(), v3())
		TYPE_TRANSFORM3D: return Transform3D(Basis(v3(), v3(), v3()), v3())
		TYPE_PROJECTION: return Projection(v4(), v4(), v4(), v4())
		TYPE_COLOR: return Color(rand_real(), rand_real(), rand_real(), rand_real())
		TYPE_STRING_NAME: return StringName(rand_string())
		TYPE_NODE_PATH: return rand_node_path()
		TYPE_RID: return RID()
		TYPE_CALLABLE: return Callable()
		TYPE_SIGNAL:
			return Signal() if rng.randi() % 2 else Signal(keep_alive, &"tree_entered")
		TYPE_ARRAY: return rand_array(depth)
		TYPE_DICTIONARY: return rand_dict(depth)
		TYPE_PACKED_BYTE_ARRAY:
			var a := PackedByteArray()
			a.resize(n)
			for k in n:
				a[k] = rng.randi() & 255
			return a
		TYPE_PACKED_INT32_ARRAY:
			var a := PackedInt32Array()
			a.resize(n)
			for k in n:
				a[k] = i32()
			return a
		TYPE_PACKED_INT64_ARRAY:
			var a := PackedInt64Array()
			a.resize(n)
			for k in n:
				a[k] = rand_int()
			return a
		TYPE_PACKED_FLOAT32_ARRAY:
			var a := PackedFloat32Array()
			a.resize(n)
			for k in n:
				a[k] = rand_real()
			return a
		TYPE_PACKED_FLOAT64_ARRAY:
			var a := PackedFloat64Array()
			a.resize(n)
			for k in n:
				a[k] = rand_float()
			return a
		TYPE_PACKED_STRING_ARRAY:
			var a := PackedStringArray()
			for k in mini(n, 2000):
				a.append(rand_string())
			return a
		TYPE_PACKED_VECTOR2_ARRAY:
			var a := PackedVector2Array()
			a.resize(n)
			for k in n:
				a[k] = v2()
			return a
		TYPE_PACKED_VECTOR3_ARRAY:
			var a := PackedVector3Array()
			a.resize(n)
			for k in n:
				a[k] = v3()
			return a
		TYPE_PACKED_COLOR_ARRAY:
			var a := PackedColorArray()
			a.resize(n)
			for k in n:
				a[k] = Color(rand_real(), rand_real(), rand_real(), rand_real())
			return a
		TYPE_PACKED_VECTOR4_ARRAY:
			var a := PackedVector4Array()
			a.resize(n)
			for k in n:
				a[k] = v4()
			return a
	return null


# Element types a typed Array / Dictionary may have here.
const TYPED := [TYPE_BOOL, TYPE_INT, TYPE_FLOAT, TYPE_STRING, TYPE_VECTOR2, TYPE_VECTOR2I,
	TYPE_VECTOR3, TYPE_COLOR, TYPE_STRING_NAME, TYPE_NODE_PATH, TYPE_BASIS, TYPE_RID,
	TYPE_PACKED_BYTE_ARRAY, TYPE_PACKED_STRING_ARRAY, TYPE_PACKED_VECTOR3_ARRAY,
	TYPE_ARRAY, TYPE_DICTIONARY]


func typed_elem() -> int:
	return TYPED[rng.randi() % TYPED.size()]


func rand_array(depth: int) -> Array:
	var n := rng.randi() % 7
	if rng.randi() % 3 == 0:
		var et: int = typed_elem()
		if depth >= 2 and (et == TYPE_ARRAY or et == TYPE_DICTIONARY):
			et = TYPE_INT
		var a := Array([], et, &"", null)
		for k in n:
			a.append(of_type(et, depth + 1, -1))
		return a
	var a := []
	for k in n:
		a.append(value(depth + 1, -1))
	return a


func rand_dict(depth: int) -> Dictionary:
	var n := rng.randi() % 7
	if rng.randi() % 3 == 0:
		var kt: int = [TYPE_STRING, TYPE_INT, TYPE_STRING_NAME, TYPE_VECTOR2I][rng.randi() % 4]
		var vt: int = typed_elem() if rng.randi() % 3 else TYPE_NIL  # TYPE_NIL: Variant
		if depth >= 2 and (vt == TYPE_ARRAY or vt == TYPE_DICTIONARY):
			vt = TYPE_FLOAT
		var d := Dictionary({}, kt, &"", null, vt, &"", null)
		for k in n:
			d[of_type(kt, depth + 1, -1)] = value(depth + 1, -1) if vt == TYPE_NIL \
				else of_type(vt, depth + 1, -1)
		return d
	var d := {}
	for k in n:
		# Keys: mostly scalars, sometimes any value.
		var key = of_type([TYPE_INT, TYPE_STRING, TYPE_FLOAT, TYPE_STRING_NAME,
			TYPE_VECTOR2, TYPE_BOOL][rng.randi() % 6], depth + 1, -1) \
			if rng.randi() % 4 else value(depth + 1, -1)
		# Keys the engine cannot look up again are values it cannot compare:
		# left out (none are known in 4.6; Godot 3.2.3 has some).
		var probe := {}
		probe[key] = true
		if probe.has(key):
			d[key] = value(depth + 1, -1)
	return d
