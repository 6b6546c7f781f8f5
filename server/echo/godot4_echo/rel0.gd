# Main/Rel0: echo and echo_reply, reliable on channel 0.
extends "res://echo_node.gd"

const MODE := "reliable"
const CHANNEL := 0


@rpc("any_peer", "call_remote", "reliable", 0)
func echo(...args: Array) -> void:
	handle_echo(args)


@rpc("authority", "call_remote", "reliable", 0)
func echo_reply(...args: Array) -> void:
	handle_reply(args)
