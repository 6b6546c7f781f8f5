# gdwire live interop client for Godot 3 (run by tests/interop/run_interop.sh).
#
#   tools/godot/godot3 --no-window --path tests/interop/godot3 -s client.gd -- \
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
# "Same value" rule (`same()`): same type; Arrays and Dictionaries element by
# element in order; NodePath by `==` and its text (its padding bytes are left
# uninitialised by the engine); every other value by its var2bytes bytes (the
# engine's `==` says NaN != NaN and -0.0 == 0.0).
#
# Prints "ENGINE <version>", "CLIENT mode=... sent=N received=N lost=0
# mismatched=0" per run, then "CLIENT_DONE ok" or "CLIENT_DONE failed". A
# script error would leave Godot 3 running: _idle() then reports and quits.
extends SceneTree

const TIMEOUT_MS = 30000

var rng = RandomNumberGenerator.new()
var port = 0
var deadline = 0
var ok = true
var finished = false


func _init():
	var opts = {
		"port": 0, "seed": 1, "count": 10000, "be_count": 1000,
		"packet_count": 3000, "send_count": 3000, "budget_s": 240,
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
	rng.seed = opts.seed
	deadline = OS.get_ticks_msec() + 1000 * int(opts.budget_s)
	print("ENGINE ", Engine.get_version_info().string)
	if ok:
		run_echo("stream", opts.count)
		run_echo("stream-be", opts.be_count)
		run_echo("packet-stream", opts.packet_count)
		run_send("stream", opts.send_count, opts.seed)
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
			var v = value(0, i)
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
	match typeof(a):
		TYPE_ARRAY:
			if a.size() != b.size():
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


# --------------------------------------------------------------- the values

const SPECIAL_F64 = [0.0, 1.0, -1.0, 0.1, 1e308, -1e-300, 5e-324, 2.2250738585072014e-308,
	3.4028234663852886e38, 1.401298464324817e-45, 1.1754943508222875e-38,
	16777217.0, 9007199254740993.0, 123456.789]


func neg_zero():
	var z = rng.randf() * 0.0
	return -z


func bits_f64():
	var b = PoolByteArray([3, 0, 1, 0])
	for k in 8:
		b.append(rng.randi() & 255)
	return bytes2var(b)


func bits_f32():
	var b = PoolByteArray([3, 0, 0, 0])
	for k in 4:
		b.append(rng.randi() & 255)
	return bytes2var(b)


func rand_float():
	match rng.randi() % 10:
		0: return SPECIAL_F64[rng.randi() % SPECIAL_F64.size()] * (1 if rng.randi() % 2 else -1)
		1: return [INF, -INF, NAN][rng.randi() % 3]
		2: return neg_zero()
		3: return bits_f64()
		4: return bits_f32()
		5: return float(rng.randi_range(-1000, 1000))
	return rng.randf_range(-1e6, 1e6)


# A math component (real_t = float in this build).
func rand_real():
	match rng.randi() % 12:
		0: return [INF, -INF, NAN, 0.0, 1.0][rng.randi() % 5]
		1: return neg_zero()
		2: return bits_f32()
		3: return float(rng.randi_range(-100, 100))
	return rng.randf_range(-1e4, 1e4)


func rand_int():
	match rng.randi() % 6:
		0: return [0, 1, -1, 2147483647, -2147483648, 2147483648, -2147483649,
			9223372036854775807, -9223372036854775807 - 1][rng.randi() % 9]
		1: return (rng.randi() << 32) | rng.randi()
		2: return rng.randi() - 2147483648
	return rng.randi_range(-100, 100)


func i32():
	return rng.randi() - 2147483648


# Code point ranges; Godot 3 strings also hold lone surrogates and values
# above U+10FFFF (written as generalised UTF-8, read back leniently).
const RANGES = [[0x20, 0x7e], [0x20, 0x7e], [0x20, 0x7e], [0x01, 0x1f], [0x7f, 0xff],
	[0x100, 0x7ff], [0x800, 0xd7ff], [0xe000, 0xfffd], [0x10000, 0x10ffff],
	[0x1f600, 0x1f64f], [0x4e00, 0x9fff], [0x300, 0x36f]]
const ODD_RANGES = [[0xd800, 0xdfff], [0x110000, 0x7fffffff]]


# No NUL (it cuts a wire string), no U+FEFF (a leading one is dropped).
func rand_string(max_len = 12):
	var s = ""
	for i in rng.randi() % (max_len + 1):
		var r = RANGES[rng.randi() % RANGES.size()]
		if rng.randi() % 64 == 0:
			r = ODD_RANGES[rng.randi() % ODD_RANGES.size()]
		var cp = rng.randi_range(r[0], r[1])
		if cp == 0xfeff:
			cp = 0x41
		s += char(cp)
	if rng.randi() % 8 == 0:
		s += ["\"", "\\", "\n", "\t", "\r", "'", "&", "%s"][rng.randi() % 8]
	return s


func rand_name():
	# NodePath names: no / : % (path syntax), not empty.
	var s = rand_string(6).replace("/", "_").replace(":", "_").replace("%", "_") \
		.replace("\"", "_").replace("\\", "_").strip_edges()
	return s if s != "" and s != "." else "n"


func rand_node_path():
	if rng.randi() % 6 == 0:
		return NodePath("")
	var names = PoolStringArray()
	for i in 1 + rng.randi() % 3:
		names.append([rand_name(), "..", "."][0 if rng.randi() % 5 else rng.randi() % 3])
	var p = names.join("/")
	if rng.randi() % 3 == 0:
		p = "/root/" + p
	for i in rng.randi() % 3:
		p += ":" + rand_name()
	return NodePath(p)


func packed_size(i):
	# Now and then a large one (bounded: the run stays within a minute).
	if i % 149 == 7:
		return rng.randi_range(5000, 60000)
	return rng.randi() % 24


const TYPES = [TYPE_NIL, TYPE_BOOL, TYPE_INT, TYPE_REAL, TYPE_STRING, TYPE_VECTOR2,
	TYPE_RECT2, TYPE_VECTOR3, TYPE_TRANSFORM2D, TYPE_PLANE, TYPE_QUAT, TYPE_AABB,
	TYPE_BASIS, TYPE_TRANSFORM, TYPE_COLOR, TYPE_NODE_PATH, TYPE_RID, TYPE_DICTIONARY,
	TYPE_ARRAY, TYPE_RAW_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY, TYPE_STRING_ARRAY,
	TYPE_VECTOR2_ARRAY, TYPE_VECTOR3_ARRAY, TYPE_COLOR_ARRAY]

const PACKED = [TYPE_RAW_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY, TYPE_STRING_ARRAY,
	TYPE_VECTOR2_ARRAY, TYPE_VECTOR3_ARRAY, TYPE_COLOR_ARRAY]


# Message i: the first rounds go through every type in turn, then anything.
func value(depth, i):
	if depth == 0 and i % 149 == 7:
		return of_type(PACKED[(i / 149) % PACKED.size()], 0, i)
	if depth == 0 and i < 3 * TYPES.size():
		return of_type(TYPES[i % TYPES.size()], 0, i)
	var t = TYPES[rng.randi() % TYPES.size()]
	if depth >= 3 and (t == TYPE_ARRAY or t == TYPE_DICTIONARY):
		t = TYPE_INT
	return of_type(t, depth, -1)


func v2(): return Vector2(rand_real(), rand_real())
func v3(): return Vector3(rand_real(), rand_real(), rand_real())


func of_type(t, depth, i):
	var n = packed_size(i)
	match t:
		TYPE_NIL: return null
		TYPE_BOOL: return rng.randi() % 2 == 0
		TYPE_INT: return rand_int()
		TYPE_REAL: return rand_float()
		TYPE_STRING: return rand_string(12 if rng.randi() % 20 else 400)
		TYPE_VECTOR2: return v2()
		TYPE_RECT2: return Rect2(v2(), v2())
		TYPE_VECTOR3: return v3()
		TYPE_TRANSFORM2D: return Transform2D(v2(), v2(), v2())
		TYPE_PLANE: return Plane(rand_real(), rand_real(), rand_real(), rand_real())
		TYPE_QUAT: return Quat(rand_real(), rand_real(), rand_real(), rand_real())
		TYPE_AABB: return AABB(v3(), v3())
		TYPE_BASIS: return Basis(v3(), v3(), v3())
		TYPE_TRANSFORM: return Transform(Basis(v3(), v3(), v3()), v3())
		TYPE_COLOR: return Color(rand_real(), rand_real(), rand_real(), rand_real())
		TYPE_NODE_PATH: return rand_node_path()
		TYPE_RID: return RID()
		TYPE_ARRAY: return rand_array(depth)
		TYPE_DICTIONARY: return rand_dict(depth)
		TYPE_RAW_ARRAY:
			var a = PoolByteArray()
			a.resize(n)
			for k in n:
				a[k] = rng.randi() & 255
			return a
		TYPE_INT_ARRAY:
			var a = PoolIntArray()
			a.resize(n)
			for k in n:
				a[k] = i32()
			return a
		TYPE_REAL_ARRAY:
			var a = PoolRealArray()
			a.resize(n)
			for k in n:
				a[k] = rand_real()
			return a
		TYPE_STRING_ARRAY:
			var a = PoolStringArray()
			for k in min(n, 2000):
				a.append(rand_string())
			return a
		TYPE_VECTOR2_ARRAY:
			var a = PoolVector2Array()
			a.resize(n)
			for k in n:
				a[k] = v2()
			return a
		TYPE_VECTOR3_ARRAY:
			var a = PoolVector3Array()
			a.resize(n)
			for k in n:
				a[k] = v3()
			return a
		TYPE_COLOR_ARRAY:
			var a = PoolColorArray()
			a.resize(n)
			for k in n:
				a[k] = Color(rand_real(), rand_real(), rand_real(), rand_real())
			return a
	return null


func rand_array(depth):
	var a = []
	for k in rng.randi() % 7:
		a.append(value(depth + 1, -1))
	return a


func rand_dict(depth):
	var d = {}
	for k in rng.randi() % 7:
		# Keys: mostly scalars, sometimes any value.
		var key
		if rng.randi() % 4:
			key = of_type([TYPE_INT, TYPE_STRING, TYPE_REAL, TYPE_VECTOR2,
				TYPE_BOOL][rng.randi() % 5], depth + 1, -1)
		else:
			key = value(depth + 1, -1)
		# Godot 3.2.3 cannot find (and so cannot encode: it writes the String
		# "[Deleted Object]") a key holding a NaN inside a pool array; such
		# keys are values it cannot compare, so they are left out.
		if not nan_in_pool(key):
			d[key] = value(depth + 1, -1)
	return d


func nan_in_pool(v):
	match typeof(v):
		TYPE_REAL_ARRAY:
			for x in v:
				if x != x:
					return true
		TYPE_VECTOR2_ARRAY:
			for x in v:
				if x.x != x.x or x.y != x.y:
					return true
		TYPE_VECTOR3_ARRAY:
			for x in v:
				if x.x != x.x or x.y != x.y or x.z != x.z:
					return true
		TYPE_COLOR_ARRAY:
			for x in v:
				if x.r != x.r or x.g != x.g or x.b != x.b or x.a != x.a:
					return true
		TYPE_ARRAY:
			for x in v:
				if nan_in_pool(x):
					return true
		TYPE_DICTIONARY:
			for k in v:
				if nan_in_pool(k) or nan_in_pool(v[k]):
					return true
	return false
