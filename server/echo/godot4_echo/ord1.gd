# Main/Ord1: echo and echo_reply, unreliable_ordered on channel 1.
extends "res://echo_node.gd"

const MODE := "unreliable_ordered"
const CHANNEL := 1


@rpc("any_peer", "call_remote", "unreliable_ordered", 1)
func echo(...args: Array) -> void:
	handle_echo(args)


@rpc("authority", "call_remote", "unreliable_ordered", 1)
func echo_reply(...args: Array) -> void:
	handle_reply(args)
