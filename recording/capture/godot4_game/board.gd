# /root/World/Board (not spawned): BoardSync (server's): title (String, on
# change, spawn), counter (int, always, spawn), grid (PackedInt32Array, on
# change). RPC ids (sorted names) collide with player.gd's:
# clear 0, post 1, score 2, tally 3, zap 4.
extends Node

var title := "board"
var counter := 0
var grid := PackedInt32Array([0, 0, 0])


func _ready() -> void:
	Net.watch_sync($BoardSync, self)


func props() -> Dictionary:
	return {"title": var_to_str(title), "counter": var_to_str(counter),
		"grid": var_to_str(grid)}


@rpc("authority", "call_remote", "reliable", 0)
func clear() -> void:
	Net.got(self, "clear", [])


@rpc("any_peer", "call_remote", "reliable", 1)
func post(msg: String, who: int) -> void:
	Net.got(self, "post", [msg, who])


@rpc("any_peer", "call_remote", "unreliable", 0)
func score(d: Dictionary) -> void:
	Net.got(self, "score", [d])


@rpc("any_peer", "call_remote", "reliable", 0)
func tally(a: Array) -> void:
	Net.got(self, "tally", [a])


@rpc("authority", "call_remote", "unreliable_ordered", 2)
func zap(n: int) -> void:
	Net.got(self, "zap", [n])
