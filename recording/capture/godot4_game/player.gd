# A spawned player (player.tscn, named after its owner's id, authority =
# owner). PSync: pos (Vector2, always, spawn), hp (int, on change, spawn),
# tag (String, on change, spawn), speed (float, always, not spawn).
# RPC ids (sorted names, with actor.gd's heal): blob 0, heal 1, hit 2, info 3,
# move 4, say 5.
extends "res://actor.gd"

var pos := Vector2.ZERO
var hp := 100
var tag := ""
var speed := 1.0


func _enter_tree() -> void:
	set_multiplayer_authority(str(name).to_int())


func _ready() -> void:
	Net.watch_sync($PSync, self)


func props() -> Dictionary:
	return {"pos": var_to_str(pos), "hp": var_to_str(hp),
		"tag": var_to_str(tag), "speed": var_to_str(speed)}


@rpc("any_peer", "call_remote", "unreliable_ordered", 1)
func move(dir: Vector2) -> void:
	Net.got(self, "move", [dir])


@rpc("any_peer", "call_remote", "reliable", 0)
func say(text: String) -> void:
	Net.got(self, "say", [text])


@rpc("any_peer", "call_remote", "reliable", 2)
func hit(dmg: int, crit: bool) -> void:
	Net.got(self, "hit", [dmg, crit])


@rpc("any_peer", "call_remote", "reliable", 0)
func blob(data: PackedByteArray) -> void:
	Net.got(self, "blob", [data])


@rpc("any_peer", "call_remote", "unreliable", 0)
func info(d: Dictionary) -> void:
	Net.got(self, "info", [d])
