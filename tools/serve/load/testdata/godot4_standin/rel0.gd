extends Node

@rpc("any_peer", "call_remote", "reliable")
func echo(...args):
	callv("rpc_id", [multiplayer.get_remote_sender_id(), "echo_reply"] + args)

@rpc("authority", "call_remote", "reliable")
func echo_reply(...args):
	pass
