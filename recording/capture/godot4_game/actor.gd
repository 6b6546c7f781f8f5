# Base script of player.gd: its @rpc methods join the player's (method ids
# are over the sorted names of both: blob 0, heal 1, hit 2, info 3, move 4,
# say 5).
extends Node


@rpc("any_peer", "call_local", "reliable", 0)
func heal(n: int, note: StringName) -> void:
	Net.got(self, "heal", [n, note])
