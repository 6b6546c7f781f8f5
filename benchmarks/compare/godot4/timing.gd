# Times Godot 4's own decode and encode on the payloads written by
# payloads.gd (run by benchmarks/compare/compare.sh):
#
#   setup/godot/godot4 --path DIR -s timing.gd -- --dir=DIR [--seconds=2]
#
# Per payload: decode (bytes_to_var; for traffic.bin StreamPeerBuffer.get_var
# until the stream is used up) and encode (var_to_bytes; for the traffic
# StreamPeerBuffer.put_var of every message) of those very bytes, repeated
# for about --seconds and at least 3 times. The engine's time includes
# building (and freeing) its Variants. One line per measurement:
#   TIMING {"payload": "traffic", "op": "decode", "bytes": N, "values": N,
#           "seconds": [t1, t2, ...]}
extends SceneTree

var budget := 2.0


func now() -> float:
	return Time.get_ticks_usec() / 1e6


func report(payload: String, op: String, nbytes: int, values: int, times: Array) -> void:
	print("TIMING ", JSON.stringify({"payload": payload, "op": op, "bytes": nbytes,
			"values": values, "seconds": times}))


# Repeats `fn` for about `budget` seconds (3 to 50 times); returns the times.
func repeat(fn: Callable) -> Array:
	var times := []
	var start := now()
	while times.size() < 3 or (now() - start < budget and times.size() < 50):
		var t0 := now()
		fn.call()
		times.append(now() - t0)
	return times


func decode_stream(bytes: PackedByteArray) -> Array:
	var spb := StreamPeerBuffer.new()
	spb.data_array = bytes
	var out := []
	while spb.get_available_bytes() > 0:
		out.append(spb.get_var())
	return out


func encode_stream(values: Array) -> int:
	var spb := StreamPeerBuffer.new()
	for v in values:
		spb.put_var(v)
	return spb.data_array.size()


func _init() -> void:
	var dir := ""
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--dir="):
			dir = a.substr(6)
		elif a.begins_with("--seconds="):
			budget = float(a.substr(10))
	var traffic := FileAccess.get_file_as_bytes(dir + "/traffic.bin")
	var messages := decode_stream(traffic)
	report("traffic", "decode", traffic.size(), messages.size(),
			repeat(func(): decode_stream(traffic)))
	var written := encode_stream(messages)
	report("traffic", "encode", written, messages.size(),
			repeat(func(): encode_stream(messages)))
	messages = []
	for name in ["players", "strings", "vec3", "floats", "str_ascii", "str_accent",
			"str_cyrillic", "chat_ascii", "chat_spanish"]:
		if not FileAccess.file_exists(dir + "/" + name + ".bin"):
			continue
		var bytes := FileAccess.get_file_as_bytes(dir + "/" + name + ".bin")
		var value = bytes_to_var(bytes)
		report(name, "decode", bytes.size(), 1, repeat(func(): bytes_to_var(bytes)))
		var encoded := var_to_bytes(value)
		report(name, "encode", encoded.size(), 1, repeat(func(): var_to_bytes(value)))
	print("TIMING_DONE ", Engine.get_version_info().string)
	quit(0)
