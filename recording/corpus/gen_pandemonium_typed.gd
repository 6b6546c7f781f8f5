# Writes engine-made cases of Pandemonium 5's TypedArray and PackedTypedArray
# (tests/data/corpus/pandemonium_typed/, the manifest schema of the other
# corpora, docs/PANDEMONIUM.md): a typed array of every element type (empty,
# and with two elements), nested typed arrays, and Object-typed arrays with
# full objects (Object arrays sent as ids are in the main corpus: the
# engine's instance ids are not reproducible). Run with the Pandemonium 5.3
# engine
# (setup/pandemonium/install_pandemonium.sh):
#
#   mkdir -p /tmp/p && echo '[application]' > /tmp/p/project.pandemonium
#   setup/pandemonium/pandemonium --no-window --path /tmp/p \
#     -s "$PWD/recording/corpus/gen_pandemonium_typed.gd" -- --out="$PWD/tests/data/corpus/pandemonium_typed"
#
# Each case: bin/<name>.bin = var2bytes(v, full_objects); value_text =
# var2str(v); decoded_text = var2str of the engine's own bytes2var of those
# bytes; engine_reencoded_hex when its re-encoding differs;
# engine_decode_failed when bytes2var refused them.
extends SceneTree

const TYPE_NAMES = ["Nil", "bool", "int", "float", "String", "Rect2", "Rect2i",
	"Vector2", "Vector2i", "Vector3", "Vector3i", "Vector4", "Vector4i", "Plane",
	"Quaternion", "AABB", "Basis", "Transform", "Transform2D", "Projection",
	"Color", "NodePath", "RID", "Object", "StringName", "Dictionary", "Array",
	"TypedArray", "PackedTypedArray", "PoolByteArray", "PoolIntArray",
	"PoolRealArray", "PoolStringArray", "PoolVector2Array", "PoolVector2iArray",
	"PoolVector3Array", "PoolVector3iArray", "PoolVector4Array",
	"PoolVector4iArray", "PoolColorArray"]

var out_dir = ""
var cases = []
var keep = []  # objects stay alive until the end


func _init():
	for a in OS.get_cmdline_args():
		if a.begins_with("--out="):
			out_dir = a.trim_prefix("--out=")
	if out_dir == "":
		printerr("gen_pandemonium_typed.gd: --out=DIR is required")
		quit(1)
		return
	Directory.new().make_dir_recursive(out_dir + "/bin")
	for name in TYPE_NAMES:
		if name == "Object":
			continue
		for packed in [false, true]:
			var kind = "packedtypedarray" if packed else "typedarray"
			add("%s_%s_empty" % [kind, name.to_lower()], make(packed, name, []), false)
			add("%s_%s_two" % [kind, name.to_lower()],
				make(packed, name, [elem(name, 1), elem(name, 2)]), false)
	# Nested typed arrays.
	var inner = make(false, "int", [1, -2])
	var inner_s = make(true, "String", ["a", "ü"])
	add("nested_typedarray_of_typedarray", make(false, "TypedArray", [inner, make(false, "String", ["x"])]), false)
	add("nested_packedtypedarray_of_typedarray", make(true, "TypedArray", [inner, inner]), false)
	add("nested_typedarray_of_packedtypedarray", make(false, "PackedTypedArray", [inner_s, make(true, "float", [0.5])]), false)
	add("nested_three_levels", make(false, "TypedArray", [make(false, "TypedArray", [inner])]), false)
	add("nested_in_array_and_dictionary",
		[inner, {"k": inner_s, 2: make(false, "Dictionary", [{"a": inner}])}], false)
	add("nested_typedarray_of_array", make(false, "Array", [[inner, inner_s], []]), false)
	# Object-typed arrays, full objects.
	for cls in ["Object", "Reference", "Resource"]:
		add("object_%s_full_empty" % cls.to_lower(), make(false, cls, []), true)
		add("object_%s_full_two" % cls.to_lower(), make(false, cls, [obj(cls), null]), true)
		add("object_packed_%s_full_two" % cls.to_lower(), make(true, cls, [obj(cls), obj(cls)]), true)
	add("object_resource_full_nested", make(false, "TypedArray", [make(false, "Resource", [obj("Resource")])]), true)
	var manifest = {
		"generator": "recording/corpus/gen_pandemonium_typed.gd",
		"dialect": "pandemonium",
		"engine_version_string": Engine.get_version_info().string,
		"real_t_is_double": false,
		"note": "bin/<name>.bin = var2bytes(v, full_objects); value_text = var2str(v); decoded_text = var2str(bytes2var(bytes, full_objects)); engine_reencoded_hex when the re-encoding differs; engine_decode_failed when bytes2var refused the bytes.",
		"cases": cases,
		"decode_cases": [],
	}
	var f = File.new()
	f.open(out_dir + "/manifest.json", File.WRITE)
	f.store_string(JSON.print(manifest, " ", true) + "\n")
	f.close()
	print("wrote ", cases.size(), " cases to ", out_dir)
	for o in keep:
		if o is Object and not (o is Reference):
			o.free()
	quit(0)


func make(packed, type_name, items):
	var a = PackedTypedArray(type_name) if packed else TypedArray(type_name)
	for x in items:
		a.append(x)
	return a


func obj(cls):
	var o
	match cls:
		"Reference": o = Reference.new()
		"Resource":
			o = Resource.new()
			o.resource_name = "r"
		_: o = ClassDB.instance("Object")
	keep.append(o)
	return o


func elem(name, k):
	var x = float(k)
	match name:
		"Nil": return null
		"bool": return k % 2 == 1
		"int": return [7, -9223372036854775807 - 1][k - 1]
		"float": return [0.1, -2.5e300][k - 1]
		"String": return ["a", "日本😀"][k - 1]
		"Rect2": return Rect2(x, 2, 3, 4)
		"Rect2i": return Rect2i(k, -2, 3, 2147483647)
		"Vector2": return Vector2(x, -0.5)
		"Vector2i": return Vector2i(k, -1)
		"Vector3": return Vector3(x, 2, 3)
		"Vector3i": return Vector3i(k, 2, -3)
		"Vector4": return Vector4(x, 2, 3, 4)
		"Vector4i": return Vector4i(k, 2, 3, -4)
		"Plane": return Plane(x, 0, 0, 5)
		"Quaternion": return Quaternion(0, 0, x, 1)
		"AABB": return AABB(Vector3(x, 0, 0), Vector3(1, 2, 3))
		"Basis": return Basis(Vector3(x, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1))
		"Transform": return Transform(Basis(), Vector3(x, 2, 3))
		"Transform2D": return Transform2D(Vector2(x, 0), Vector2(0, 1), Vector2(5, 6))
		"Projection":
			var p = Projection()
			p.x = Vector4(x, 0, 0, 0)
			return p
		"Color": return Color(x / 4.0, 0.5, 0, 1)
		"NodePath": return NodePath(["abcd/efgh:ijkl", "/root/x:y"][k - 1])
		"RID": return RID()
		"StringName": return StringName(["a", "bcde"][k - 1])
		"Dictionary": return {"k": k, k: [k]}
		"Array": return [k, "x", null]
		"TypedArray": return make(false, "int", [k])
		"PackedTypedArray": return make(true, "String", ["s%d" % k])
		"PoolByteArray": return PoolByteArray([k, 2, 255])
		"PoolIntArray": return PoolIntArray([k, -1])
		"PoolRealArray": return PoolRealArray([x, 0.1])
		"PoolStringArray": return PoolStringArray(["p", "q%d" % k])
		"PoolVector2Array": return PoolVector2Array([Vector2(x, 2)])
		"PoolVector2iArray": return PoolVector2iArray([Vector2i(k, 2)])
		"PoolVector3Array": return PoolVector3Array([Vector3(x, 2, 3)])
		"PoolVector3iArray": return PoolVector3iArray([Vector3i(k, 2, 3)])
		"PoolVector4Array": return PoolVector4Array([Vector4(x, 2, 3, 4)])
		"PoolVector4iArray": return PoolVector4iArray([Vector4i(k, 2, 3, 4)])
		"PoolColorArray": return PoolColorArray([Color(x / 4.0, 0, 0, 1)])
	return null


func add(name, v, full):
	var bytes = var2bytes(v, full)
	var f = File.new()
	f.open(out_dir + "/bin/" + name + ".bin", File.WRITE)
	f.store_buffer(bytes)
	f.close()
	# Recorded as failed first: a bytes2var that fails ends this function
	# (a script error), leaving the case as it is.
	var c = {
		"name": name, "file": name + ".bin", "variant_type": type_name_of(v),
		"variant_type_id": typeof(v), "full_objects": full, "size": bytes.size(),
		"hex": bytes.hex_encode(), "value_text": var2str(v),
		"decoded_text": "null", "engine_decode_failed": true,
		"decoded_text_differs": true, "roundtrip_equal": false,
		"engine_reencoded_hex": "00000000",
	}
	cases.append(c)
	var back = bytes2var(bytes, full)
	c.erase("engine_decode_failed")
	c.erase("decoded_text_differs")
	c.erase("engine_reencoded_hex")
	var failed = typeof(back) == TYPE_NIL and typeof(v) != TYPE_NIL
	c["decoded_text"] = var2str(back)
	var again = var2bytes(back, full)
	c["roundtrip_equal"] = again == bytes and not failed
	if failed:
		c["engine_decode_failed"] = true
	if again != bytes:
		c["engine_reencoded_hex"] = again.hex_encode()
	if c["decoded_text"] != c["value_text"]:
		c["decoded_text_differs"] = true


func type_name_of(v):
	return TYPE_NAMES[typeof(v)] if typeof(v) < TYPE_NAMES.size() else "?"
