#!/bin/bash
# Records Godot's high-level multiplayer (ENet + SceneMultiplayer) over
# loopback (127.0.0.1 only) with tcpdump: a server and two clients, three
# engine processes (tests/data/captures/enet/README.md):
#
#   recording/capture/record_enet.sh godot4|godot3 OUT_DIR [PORT] [COMPRESS]
#   recording/capture/record_enet.sh godot4 OUT_DIR [PORT] websocket
#
# COMPRESS: none (default), range_coder, fastlz, zlib, zstd; `websocket`
# records the same session over WebSocketMultiplayerPeer instead (Godot 4,
# main.gd --transport=websocket, TCP: OUT_DIR/godot4_ws.pcap). Writes
# OUT_DIR/<engine>_enet_<COMPRESS>.pcap (tcpdump -i lo -w, whole packets;
# Godot 3 without compression: godot3_enet.pcap) and the same name with
# .events/ ({server,client1,client2}.events.jsonl: what each engine sent
# and received, written by the engine itself; *.log: its output), from
# recording/capture/godot4_enet/ or godot3_enet/ (godot3-server). Fails when a process fails or a log lacks its final
# {"event":"done","ok":true}, or a reliable message sent is not logged as
# received (godot4_enet/check_events.py). Needs root (or passwordless sudo) to capture,
# tcpdump and the engine (setup/godot/install_godot4.sh or
# install_godot3.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
. "$root/setup/as_root.sh"
. "$root/recording/capture/tcpdump.sh"
engine="${1:?engine: godot4}"
out="${2:?output folder}"
port="${3:-47300}"
compress="${4:-none}"
transport=enet
case "$compress" in
  none|range_coder|fastlz|zlib|zstd) ;;
  websocket) transport=websocket ;;
  *) echo "record_enet.sh: COMPRESS must be none, range_coder, fastlz, zlib, zstd or websocket" >&2; exit 2 ;;
esac
if [ "$transport" = websocket ] && [ "$engine" != godot4 ]; then
  echo "record_enet.sh: websocket is Godot 4's WebSocketMultiplayerPeer" >&2
  exit 2
fi
case "$engine" in
  godot4) run=("$root/setup/godot/godot4" --path "$here/godot4_enet") ;;
  godot3) run=(godot3-server --no-window --path "$here/godot3_enet") ;;
  *) echo "record_enet.sh: engine must be godot4 or godot3" >&2; exit 2 ;;
esac
if [ "$engine" = godot3 ] && ! command -v godot3-server >/dev/null; then
  echo "record_enet.sh: godot3-server not found: run setup/godot/install_godot3.sh" >&2
  exit 3
fi
name="${engine}_enet_$compress"
# Godot 3 without compression: godot3_enet.pcap.
[ "$engine/$compress" = godot3/none ] && name=godot3_enet
[ "$transport" = websocket ] && name=godot4_ws
proto=udp
[ "$transport" = websocket ] && proto=tcp
mkdir -p "$out"
out="$(cd "$out" && pwd)"
ev="$out/$name.events"
rm -rf "$ev"
mkdir -p "$ev"
pcap="$out/$name.pcap"
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT
capture_start lo "$pcap" "$proto and host 127.0.0.1 and port $port"
args=(--port="$port" --out="$ev" --compress="$compress")
[ "$transport" = websocket ] && args=(--port="$port" --out="$ev" --transport=websocket)
# Every process quits by itself (main.gd has a 45 s timeout of its own);
# timeout(1) is the safety net.
timeout 60 "${run[@]}" -- --role=server --id-label=server "${args[@]}" \
  >"$ev/server.log" 2>&1 &
pids+=($!)
sleep 1
timeout 60 "${run[@]}" -- --role=client --id-label=client1 "${args[@]}" \
  >"$ev/client1.log" 2>&1 &
pids+=($!)
sleep 1
timeout 60 "${run[@]}" -- --role=client --id-label=client2 "${args[@]}" \
  >"$ev/client2.log" 2>&1 &
pids+=($!)
failed=0
labels=(server client1 client2)
for i in 0 1 2; do
  st=0
  wait "${pids[$i]}" || st=$?
  if [ "$st" != 0 ]; then
    echo "record_enet.sh: ${labels[$i]} exited with $st; see $ev/${labels[$i]}.log" >&2
    failed=1
  fi
done
pids=()
capture_stop
for l in "${labels[@]}"; do
  f="$ev/$l.events.jsonl"
  if ! [ -s "$f" ] || ! tail -n 1 "$f" | grep -q '"event":"done","ok":true'; then
    echo "record_enet.sh: $f lacks its final done ok line" >&2
    failed=1
  fi
done
# Every send logged by one process is logged as received by its target
# (unreliable ones may be lost; that is reported, not a failure).
if [ "$failed" = 0 ]; then
  python3 "$here/godot4_enet/check_events.py" "$ev" || failed=1
fi
if [ "$failed" != 0 ]; then
  echo "record_enet.sh: $name failed" >&2
  exit 1
fi
echo "record_enet.sh: $pcap ($(stat -c %s "$pcap") bytes), $ev"
