# Main/Unrel2: echo and echo_reply, unreliable on channel 2.
extends "res://echo_node.gd"

const MODE := "unreliable"
const CHANNEL := 2


@rpc("any_peer", "call_remote", "unreliable", 2)
func echo(...args: Array) -> void:
	handle_echo(args)


@rpc("authority", "call_remote", "unreliable", 2)
func echo_reply(...args: Array) -> void:
	handle_reply(args)
