# Writes the five benchmark payloads with Godot 4's own encoder (run by
# benchmarks/compare/compare.sh):
#
#   setup/godot/godot4 --path DIR -s payloads.gd -- --out=OUT_DIR [--messages=20000]
#
#   traffic.bin  StreamPeer stream (StreamPeerBuffer.put_var: u32 length +
#                var_to_bytes) of snapshot messages: {type, tick, players:
#                16 player dicts, every 50th message a path
#                (PackedVector3Array of 64) and voice (PackedByteArray of
#                256)}; the shape of benchmarks/traffic.cc plus an inventory
#   players.bin  var_to_bytes of one Array of 20,000 player dicts
#   strings.bin  var_to_bytes of a PackedStringArray of 200,000 names
#   str_ascii.bin, str_accent.bin, str_cyrillic.bin  PackedStringArrays of
#                200,000 names: "item_%d_hello", "item_%d_héllo",
#                "предмет_%d_меч"
#   chat_ascii.bin, chat_spanish.bin  Arrays of 20,000 {name, chat} dicts,
#                English and Spanish (ñ, ¡) text
#   vec3.bin     var_to_bytes of a PackedVector3Array of 4,000,000 (48 MB)
#   floats.bin   var_to_bytes of a PackedFloat32Array of 16,000,000 (64 MB)
#
# Deterministic (seeded). Prints "PAYLOADS godot4 <version>" when done.
extends SceneTree

var rng := RandomNumberGenerator.new()


func player(id: int) -> Dictionary:
	var inventory := []
	for k in 4:
		inventory.append(rng.randi() % 1000)
	return {
		"id": id,
		"name": "player_%d" % id,
		"pos": Vector3(rng.randf_range(-500, 500), rng.randf_range(-500, 500),
				rng.randf_range(-500, 500)),
		"vel": Vector3(rng.randf_range(-5, 5), 0, rng.randf_range(-5, 5)),
		"rot": Quaternion(0, 0.7071, 0, 0.7071),
		"hp": rng.randi() % 100,
		"flags": rng.randi() & 0xFF,
		"anim": &"run",
		"inventory": inventory,
	}


func message(n: int) -> Dictionary:
	var players := []
	for i in 16:
		players.append(player(i))
	var msg := {"type": &"snapshot", "tick": n, "players": players}
	if n % 50 == 0:
		var path := PackedVector3Array()
		for i in 64:
			path.append(Vector3(rng.randi() % 1000 / 8.0, rng.randi() % 1000 / 8.0,
					rng.randi() % 1000 / 8.0))
		var voice := PackedByteArray()
		voice.resize(256)
		for i in 256:
			voice[i] = rng.randi() & 0xFF
		msg["path"] = path
		msg["voice"] = voice
	return msg


func save(path: String, bytes: PackedByteArray) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_buffer(bytes)
	f.close()


func _init() -> void:
	var out := ""
	var messages := 20000
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--out="):
			out = a.substr(6)
		elif a.begins_with("--messages="):
			messages = int(a.substr(11))
	rng.seed = 42
	var spb := StreamPeerBuffer.new()
	for n in messages:
		spb.put_var(message(n))
	save(out + "/traffic.bin", spb.data_array)

	var players := []
	for i in 20000:
		players.append(player(i))
	save(out + "/players.bin", var_to_bytes(players))

	var names := PackedStringArray()
	for i in 200000:
		if i % 8 == 0:
			names.append("héros_%d" % (rng.randi() % 100000))
		elif i % 3 == 0:
			names.append("item_%d_%s" % [i, "sword"])
		else:
			names.append("player_%d" % i)
	save(out + "/strings.bin", var_to_bytes(names))

	# Text of each kind (strings of the same lengths in bytes, about): the
	# same names in ASCII, with an accent, in Cyrillic; chat dicts in
	# English and Spanish.
	var kinds := {"str_ascii": "item_%d_hello", "str_accent": "item_%d_h\u00e9llo",
			"str_cyrillic": "\u043f\u0440\u0435\u0434\u043c\u0435\u0442_%d_\u043c\u0435\u0447"}
	for kind in kinds:
		var list := PackedStringArray()
		for i in 200000:
			list.append(kinds[kind] % i)
		save(out + "/" + kind + ".bin", var_to_bytes(list))
	var chats := {
		"chat_ascii": ["player_%d", "good game, see you at the north gate at %d o'clock"],
		"chat_spanish": ["jugador_%d_\u00f1", "\u00a1buena partida! nos vemos en la puerta norte a las %d, se\u00f1or"],
	}
	for kind in chats:
		var dicts := []
		for i in 20000:
			dicts.append({"name": chats[kind][0] % i, "chat": chats[kind][1] % i})
		save(out + "/" + kind + ".bin", var_to_bytes(dicts))

	var base3 := PackedVector3Array()
	for i in 62500:
		base3.append(Vector3(rng.randf_range(-1000, 1000), rng.randf_range(-1000, 1000),
				rng.randf_range(-1000, 1000)))
	var vec3 := PackedVector3Array()
	for k in 64:
		vec3.append_array(base3)
	save(out + "/vec3.bin", var_to_bytes(vec3))

	var basef := PackedFloat32Array()
	for i in 62500:
		basef.append(rng.randf_range(-1000, 1000))
	var floats := PackedFloat32Array()
	for k in 256:
		floats.append_array(basef)
	save(out + "/floats.bin", var_to_bytes(floats))
	print("PAYLOADS godot4 ", Engine.get_version_info().string)
	quit(0)
