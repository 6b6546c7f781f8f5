# The echo nodes' shared part: each child of Main declares echo(...) and
# echo_reply(...) with its own transfer mode and channel (rel0.gd, ...) and
# hands them to Main.
extends Node


func handle_echo(args: Array) -> void:
	get_parent().on_echo(self, args)


func handle_reply(args: Array) -> void:
	get_parent().on_reply(self, args)
