# Times Godot 3's own decode and encode on the payloads written by
# payloads.gd (run by benchmarks/compare/compare.sh); the same measurements and
# output as ../godot4/timing.gd (bytes2var / var2bytes, StreamPeerBuffer
# get_var / put_var for the traffic stream):
#
#   setup/godot/godot3 --no-window --path DIR -s timing.gd -- --dir=DIR [--seconds=2]
extends SceneTree

var budget = 2.0


func now():
	return OS.get_ticks_usec() / 1e6


func report(payload, op, nbytes, values, times):
	print("TIMING ", to_json({"payload": payload, "op": op, "bytes": nbytes,
			"values": values, "seconds": times}))


func read(path):
	var f = File.new()
	f.open(path, File.READ)
	var b = f.get_buffer(f.get_len())
	f.close()
	return b


func decode_stream(bytes):
	var spb = StreamPeerBuffer.new()
	spb.data_array = bytes
	var out = []
	while spb.get_available_bytes() > 0:
		out.append(spb.get_var())
	return out


func encode_stream(values):
	var spb = StreamPeerBuffer.new()
	for v in values:
		spb.put_var(v)
	return spb.data_array.size()


# Godot 3 has no lambdas: one loop per operation, `what` picks it.
func repeat(what, arg):
	var times = []
	var start = now()
	while times.size() < 3 or (now() - start < budget and times.size() < 50):
		var t0 = now()
		match what:
			"decode_stream":
				decode_stream(arg)
			"encode_stream":
				encode_stream(arg)
			"decode":
				bytes2var(arg)
			"encode":
				var2bytes(arg)
		times.append(now() - t0)
	return times


func _init():
	var dir = ""
	for a in OS.get_cmdline_args():
		if a.begins_with("--dir="):
			dir = a.substr(6, a.length() - 6)
		elif a.begins_with("--seconds="):
			budget = float(a.substr(10, a.length() - 10))
	var traffic = read(dir + "/traffic.bin")
	var messages = decode_stream(traffic)
	report("traffic", "decode", traffic.size(), messages.size(),
			repeat("decode_stream", traffic))
	var written = encode_stream(messages)
	report("traffic", "encode", written, messages.size(),
			repeat("encode_stream", messages))
	messages = []
	for name in ["players", "strings", "vec3", "floats"]:
		var bytes = read(dir + "/" + name + ".bin")
		var value = bytes2var(bytes)
		report(name, "decode", bytes.size(), 1, repeat("decode", bytes))
		var encoded = var2bytes(value)
		report(name, "encode", encoded.size(), 1, repeat("encode", value))
	print("TIMING_DONE ", Engine.get_version_info().string)
	quit()
