# Main/Relay: client-to-client calls through the server's relay in the
# other transfer modes and channels (Main.chat is reliable on channel 0).
# A Godot 4 server relays a packet in the mode and on the channel it came
# in (SceneMultiplayer::_process_sys, SYS_COMMAND_RELAY); the live check
# holds gdwire serve-echo's log to the same.
extends Node


@rpc("any_peer", "call_remote", "reliable", 2)
func chat_r(...args: Array) -> void:
	get_parent().on_chat(self, "chat_r", args, "reliable", 2)


@rpc("any_peer", "call_remote", "unreliable", 1)
func chat_u(...args: Array) -> void:
	get_parent().on_chat(self, "chat_u", args, "unreliable", 1)


@rpc("any_peer", "call_remote", "unreliable_ordered", 2)
func chat_o(...args: Array) -> void:
	get_parent().on_chat(self, "chat_o", args, "unreliable_ordered", 2)
