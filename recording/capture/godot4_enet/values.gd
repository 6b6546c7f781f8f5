# Every Variant type Godot 4 has, ints of every width (the 8/16/32/64-bit
# short forms of MultiplayerAPI), floats with their edge cases, text in
# several scripts, typed containers and every packed array: the values the
# recording project (recording/capture/godot4_enet) and the live server test
# (server/echo/godot4_echo, where this file is a link) send.
extends RefCounted


static func make_values() -> Array:
	var z := 0.0
	z = -z  # a real -0.0 (the literal folds to +0.0)
	var typed: Array[int] = [3, 1, 4]
	var typed_s: Array[String] = ["x", "yz"]
	var tdict: Dictionary[String, int] = {"x": 1, "y": 2}
	var bytes := PackedByteArray()
	for i in 40:
		bytes.append((i * 7) % 251)
	return [
		null, true, false,
		0, 1, -1, 63, 64, 127, 128, -128, -129, 255, 256, 32767, 32768,
		-32768, -32769, 40000, -40000, 65535, 65536, 2147483647,
		2147483648, -2147483648, -2147483649, 1 << 40, -(1 << 40),
		9223372036854775807, -9223372036854775807 - 1,
		0.0, z, 0.5, -2.25, 0.1, 3.141592653589793, 1e300, -1e-300,
		INF, -INF,
		"", "hello", "héllo wörld ✓", "emoji 😀 ok", "two\nlines",
		Vector2(1.5, -2.0), Vector2i(3, -4), Vector3(1, 2, 3),
		Vector3i(7, -8, 9), Vector4(1, 2, 3, 4), Vector4i(-1, 0, 1, 2),
		Rect2(1, 2, 3, 4), Rect2i(-1, -2, 3, 4),
		Transform2D(0.5, Vector2(3, 4)), Plane(0, 1, 0, 5),
		Quaternion(0, 0, 0.6, 0.8), AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)),
		Basis.from_euler(Vector3(0.1, 0.2, 0.3)),
		Transform3D(Basis(), Vector3(1, 2, 3)), Projection(),
		Color(0.1, 0.2, 0.3, 0.4), StringName("a_name"),
		NodePath("Players/P1:pos"), NodePath("/root/Main"),
		{"a": 1, "b": [1, 2, 3], 5: "five", Vector2(1, 1): null}, {},
		[1, "two", [3.0, {"four": 4}], []], [], typed, typed_s, tdict,
		bytes, PackedInt32Array([1, -2, 70000]),
		PackedInt64Array([1, -2, 1 << 40]), PackedFloat32Array([0.5, -1.5]),
		PackedFloat64Array([0.1, 1e-300]),
		PackedStringArray(["a", "bc", "", "ünï"]),
		PackedVector2Array([Vector2(1, 2), Vector2(3, 4)]),
		PackedVector3Array([Vector3(1, 2, 3)]),
		PackedColorArray([Color(1, 0, 0, 1)]),
		PackedVector4Array([Vector4(1, 2, 3, 4)]),
	]
