# A spawned player (player.tscn): two MultiplayerSynchronizers, owned by the
# server. SyncAlways: pos (Vector2) and hp (int), REPLICATION_MODE_ALWAYS
# (full state, unreliable, every 0.1 s). SyncOnChange: label (String, also
# in the spawn state) and score (int, not in the spawn state),
# REPLICATION_MODE_ON_CHANGE (reliable deltas of what changed).
extends Node

var pos := Vector2.ZERO
var hp := 100
var label := ""
var score := 0


func props() -> Dictionary:
	return {"pos": var_to_str(pos), "hp": var_to_str(hp),
		"label": var_to_str(label), "score": var_to_str(score)}
