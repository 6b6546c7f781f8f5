#!/bin/bash
# Records Godot 4's high-level multiplayer over WebSocket
# (WebSocketMultiplayerPeer + SceneMultiplayer): the session of
# record_enet.sh godot4 over --transport=websocket, captured on loopback
# (tests/data/captures/enet/README.md, "WebSocket"):
#
#   recording/capture/record_ws.sh OUT_DIR [PORT]   (default port 47350)
#
# Writes OUT_DIR/godot4_ws.pcap and OUT_DIR/godot4_ws.events/.
exec "$(dirname "$0")/record_enet.sh" godot4 "${1:?output folder}" \
  "${2:-47350}" websocket
