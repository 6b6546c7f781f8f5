# Main/Ord0: echo and echo_reply, unreliable_ordered on channel 0.
extends "res://echo_node.gd"

const MODE := "unreliable_ordered"
const CHANNEL := 0


@rpc("any_peer", "call_remote", "unreliable_ordered", 0)
func echo(...args: Array) -> void:
	handle_echo(args)


@rpc("authority", "call_remote", "unreliable_ordered", 0)
func echo_reply(...args: Array) -> void:
	handle_reply(args)
