# Writes the five benchmark payloads with Godot 3's own encoder (run by
# benchmarks/compare/compare.sh); the same logical data as ../godot4/payloads.gd in
# Godot 3's types (Quat, Pool*Array, String for StringName):
#
#   setup/godot/godot3 --no-window --path DIR -s payloads.gd -- --out=OUT_DIR
#
# Prints "PAYLOADS godot3 <version>" when done.
extends SceneTree

var rng = RandomNumberGenerator.new()


func player(id):
	var inventory = []
	for _k in range(4):
		inventory.append(rng.randi() % 1000)
	return {
		"id": id,
		"name": "player_%d" % id,
		"pos": Vector3(rng.randf_range(-500, 500), rng.randf_range(-500, 500),
				rng.randf_range(-500, 500)),
		"vel": Vector3(rng.randf_range(-5, 5), 0, rng.randf_range(-5, 5)),
		"rot": Quat(0, 0.7071, 0, 0.7071),
		"hp": rng.randi() % 100,
		"flags": rng.randi() & 0xFF,
		"anim": "run",
		"inventory": inventory,
	}


func message(n):
	var players = []
	for i in range(16):
		players.append(player(i))
	var msg = {"type": "snapshot", "tick": n, "players": players}
	if n % 50 == 0:
		var path = PoolVector3Array()
		for _i in range(64):
			path.append(Vector3(rng.randi() % 1000 / 8.0, rng.randi() % 1000 / 8.0,
					rng.randi() % 1000 / 8.0))
		var voice = PoolByteArray()
		voice.resize(256)
		for i in range(256):
			voice[i] = rng.randi() & 0xFF
		msg["path"] = path
		msg["voice"] = voice
	return msg


func save(path, bytes):
	var f = File.new()
	f.open(path, File.WRITE)
	f.store_buffer(bytes)
	f.close()


func _init():
	var out = ""
	var messages = 20000
	for a in OS.get_cmdline_args():
		if a.begins_with("--out="):
			out = a.substr(6, a.length() - 6)
		elif a.begins_with("--messages="):
			messages = int(a.substr(11, a.length() - 11))
	rng.seed = 42
	var spb = StreamPeerBuffer.new()
	for n in range(messages):
		spb.put_var(message(n))
	save(out + "/traffic.bin", spb.data_array)

	var players = []
	for i in range(20000):
		players.append(player(i))
	save(out + "/players.bin", var2bytes(players))

	var names = PoolStringArray()
	for i in range(200000):
		if i % 8 == 0:
			names.append("héros_%d" % (rng.randi() % 100000))
		elif i % 3 == 0:
			names.append("item_%d_%s" % [i, "sword"])
		else:
			names.append("player_%d" % i)
	save(out + "/strings.bin", var2bytes(names))

	var base3 = PoolVector3Array()
	for _i in range(62500):
		base3.append(Vector3(rng.randf_range(-1000, 1000), rng.randf_range(-1000, 1000),
				rng.randf_range(-1000, 1000)))
	var vec3 = PoolVector3Array()
	for _k in range(64):
		vec3.append_array(base3)
	save(out + "/vec3.bin", var2bytes(vec3))

	var basef = PoolRealArray()
	for _i in range(62500):
		basef.append(rng.randf_range(-1000, 1000))
	var floats = PoolRealArray()
	for _k in range(256):
		floats.append_array(basef)
	save(out + "/floats.bin", var2bytes(floats))
	print("PAYLOADS godot3 ", Engine.get_version_info().string)
	quit()
