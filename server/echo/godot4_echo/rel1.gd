# Main/Rel1: echo and echo_reply, reliable on channel 1.
extends "res://echo_node.gd"

const MODE := "reliable"
const CHANNEL := 1


@rpc("any_peer", "call_remote", "reliable", 1)
func echo(...args: Array) -> void:
	handle_echo(args)


@rpc("authority", "call_remote", "reliable", 1)
func echo_reply(...args: Array) -> void:
	handle_reply(args)
