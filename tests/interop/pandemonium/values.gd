# Random Variant values for gdwire's engine tests: the interop client
# (client.gd) and the corpus generator (recording/corpus/gen_corpus*.gd).
#
#   var gen = preload("res://values.gd").new()
#   gen.rng.seed = 1
#   var v = gen.value(0, i)     # message i (the first rounds: every type in turn)
#
# (Pandemonium 5.3's copy of tests/interop/godot3/values.gd, with its names
# and its own types: Vector2i, Vector3i, Rect2i, StringName, Vector4 and
# Vector4i (at the top level only: inside a container the engine reads them
# wrongly, see docs/PANDEMONIUM.md), TypedArray and PackedTypedArray of
# several element types, nested.)
# Every type Godot 3 has but Object, nested containers,
# unicode strings, float specials (NaN payloads, ±inf, -0.0 made at run time,
# subnormals), int64 extremes, and every 149th top-level value a large packed
# array (5,000-60,000 elements).
extends Reference

var rng = RandomNumberGenerator.new()
# NodePath names padded to a multiple of 4 UTF-8 bytes: the engine leaves
# NodePath padding uninitialised, so corpus bytes stay deterministic.
# Every 149th top-level value a large packed array (off: all small).
var large_packed = true
var pad_node_path_names = false
# Lone surrogates and code points above U+10FFFF: off. Pandemonium writes
# them (var2bytes) but its decoder refuses them (String::parse_utf8 is
# strict; docs/PANDEMONIUM.md).
var odd_code_points = false


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
		if odd_code_points and rng.randi() % 64 == 0:
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
	if s == "" or s == ".":
		s = "n"
	while pad_node_path_names and s.to_utf8().size() % 4 != 0:
		s += "x"
	return s


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
	if large_packed and i % 149 == 7:
		return rng.randi_range(5000, 60000)
	return rng.randi() % 24


const TYPES = [TYPE_VECTOR2I, TYPE_VECTOR3I, TYPE_RECT2I, TYPE_STRING_NAME,
	TYPE_TYPED_ARRAY, TYPE_PACKED_TYPED_ARRAY,
	TYPE_NIL, TYPE_BOOL, TYPE_INT, TYPE_REAL, TYPE_STRING, TYPE_VECTOR2,
	TYPE_RECT2, TYPE_VECTOR3, TYPE_TRANSFORM2D, TYPE_PLANE, TYPE_QUATERNION, TYPE_AABB,
	TYPE_BASIS, TYPE_TRANSFORM, TYPE_COLOR, TYPE_NODE_PATH, TYPE_RID, TYPE_DICTIONARY,
	TYPE_ARRAY, TYPE_RAW_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY, TYPE_STRING_ARRAY,
	TYPE_VECTOR2_ARRAY, TYPE_VECTOR3_ARRAY, TYPE_COLOR_ARRAY]

const PACKED = [TYPE_RAW_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY, TYPE_STRING_ARRAY,
	TYPE_VECTOR2_ARRAY, TYPE_VECTOR3_ARRAY, TYPE_COLOR_ARRAY]


# Message i: the first rounds go through every type in turn, then anything.
func value(depth, i):
	if depth == 0 and large_packed and i % 149 == 7:
		return of_type(PACKED[(i / 149) % PACKED.size()], 0, i)
	if depth == 0 and i < 3 * TYPES.size():
		return of_type(TYPES[i % TYPES.size()], 0, i)
	if depth == 0 and i >= 0 and i % 23 == 11:
		# Vector4 / Vector4i alone (in a container the engine misreads them).
		if i % 2:
			return Vector4(rand_real(), rand_real(), rand_real(), rand_real())
		return Vector4i(i32(), i32(), i32(), i32())
	var t = TYPES[rng.randi() % TYPES.size()]
	if depth >= 3 and (t == TYPE_ARRAY or t == TYPE_DICTIONARY \
			or t == TYPE_TYPED_ARRAY or t == TYPE_PACKED_TYPED_ARRAY):
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
		TYPE_QUATERNION: return Quaternion(rand_real(), rand_real(), rand_real(), rand_real())
		TYPE_AABB: return AABB(v3(), v3())
		TYPE_BASIS: return Basis(v3(), v3(), v3())
		TYPE_TRANSFORM: return Transform(Basis(v3(), v3(), v3()), v3())
		TYPE_COLOR: return Color(rand_real(), rand_real(), rand_real(), rand_real())
		TYPE_NODE_PATH: return rand_node_path()
		TYPE_RID: return RID()
		TYPE_VECTOR2I: return Vector2i(i32(), i32())
		TYPE_VECTOR3I: return Vector3i(i32(), i32(), i32())
		TYPE_RECT2I: return Rect2i(i32(), i32(), i32(), i32())
		TYPE_STRING_NAME: return StringName(rand_string())
		TYPE_TYPED_ARRAY: return rand_typed(depth, false)
		TYPE_PACKED_TYPED_ARRAY: return rand_typed(depth, true)
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


# Element types of the typed arrays (containers among them when not too
# deep).
const ELEMENT_TYPES = ["bool", "int", "float", "String", "Vector2", "Vector3",
	"Vector2i", "Color", "Rect2", "NodePath", "PoolIntArray", "PoolStringArray"]
const ELEMENT_CONTAINERS = ["Array", "Dictionary", "TypedArray"]
const ELEMENT_TYPE_IDS = {"bool": TYPE_BOOL, "int": TYPE_INT, "float": TYPE_REAL,
	"String": TYPE_STRING, "Vector2": TYPE_VECTOR2, "Vector3": TYPE_VECTOR3,
	"Vector2i": TYPE_VECTOR2I, "Color": TYPE_COLOR, "Rect2": TYPE_RECT2,
	"NodePath": TYPE_NODE_PATH, "PoolIntArray": TYPE_INT_ARRAY,
	"PoolStringArray": TYPE_STRING_ARRAY, "Array": TYPE_ARRAY,
	"Dictionary": TYPE_DICTIONARY, "TypedArray": TYPE_TYPED_ARRAY}


func rand_typed(depth, packed):
	var names = ELEMENT_TYPES
	if depth < 2:
		names = ELEMENT_TYPES + ELEMENT_CONTAINERS
	var name = names[rng.randi() % names.size()]
	var a = PackedTypedArray(name) if packed else TypedArray(name)
	for k in rng.randi() % 6:
		var x = of_type(ELEMENT_TYPE_IDS[name], depth + 1, -1)
		if packed and name == "float":
			x = float(x)
		a.append(x)
	return a


func rand_array(depth):
	var a = []
	for k in rng.randi() % 7:
		a.append(value(depth + 1, -1))
	return a


func rand_dict(depth):
	var d = {}
	var pool_key = false
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
		# Godot 3.2.3 orders pool arrays (OP_LESS, used by var2str's key sort)
		# with a comparison that is not an order and reads past the shorter
		# array (it crashes on PoolStringArray keys): at most one key per
		# Dictionary that holds a pool array.
		if has_pool(key):
			if pool_key:
				continue
			pool_key = true
		if not nan_in_pool(key):
			d[key] = value(depth + 1, -1)
	return d


func has_pool(v):
	var t = typeof(v)
	if t >= TYPE_RAW_ARRAY and t <= TYPE_COLOR_ARRAY:
		return true
	if t == TYPE_ARRAY:
		for x in v:
			if has_pool(x):
				return true
	return false


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
