# Random Variant values for gdwire's engine tests: the interop client
# (client.gd) and the corpus generator (recording/corpus/gen_corpus*.gd).
#
#   var gen = preload("res://values.gd").new()
#   gen.rng.seed = 1
#   var v = gen.value(0, i)     # message i (the first rounds: every type in turn)
#
# Every type Godot 4 has but Object, nested containers, typed Array[T] and Dictionary[K, V],
# unicode strings, float specials (NaN payloads, ±inf, -0.0 made at run time,
# subnormals), int64 extremes, and every 149th top-level value a large packed
# array (5,000-60,000 elements).
extends RefCounted

var rng := RandomNumberGenerator.new()
# NodePath names padded to a multiple of 4 UTF-8 bytes: the engine leaves
# NodePath padding uninitialised, so corpus bytes stay deterministic.
# Every 149th top-level value a large packed array (off: all small).
var large_packed := true
var pad_node_path_names := false
# A live object for Signal values (null: only Signal()).
var keep_alive: Object = null


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
	if s == "" or s == ".":
		s = "n"
	while pad_node_path_names and s.to_utf8_buffer().size() % 4 != 0:
		s += "x"
	return s


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
	if large_packed and i % 149 == 7:
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
	if depth == 0 and large_packed and i % 149 == 7:
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
			if keep_alive == null or rng.randi() % 2:
				return Signal()
			return Signal(keep_alive, &"tree_entered")
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
