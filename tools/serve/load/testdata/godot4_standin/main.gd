# A stand-in Godot 4 echo server for tools/serve/load/bench.sh while
# tools/serve/godot4_echo is not there: Main/Rel0 (reliable) and
# Main/Unrel0 (unreliable) answer echo(...) with echo_reply(...) of the
# same arguments to the caller, as gdwire serve-echo does. Its RPCs match
# ../load.manifest.json (Main/Rel0, Main/Unrel0).
#   tools/godot/godot4 --path tools/serve/load/testdata/godot4_standin -- --port=P
extends Node

func _ready():
	var port := 47540
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--port="):
			port = int(a.substr(7))
	var peer := ENetMultiplayerPeer.new()
	var err := peer.create_server(port, 4095)
	if err != OK:
		print("create_server failed ", err)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer
	print("listening ", port)
