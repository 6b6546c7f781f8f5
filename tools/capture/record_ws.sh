#!/bin/bash
# Records Godot 4's high-level multiplayer over WebSocket
# (WebSocketMultiplayerPeer + SceneMultiplayer): the same session as
# record_enet.sh godot4 (tools/capture/godot4_enet/main.gd with
# --transport=websocket), a server and two clients, three engine processes
# on 127.0.0.1 only, captured on loopback with tcpdump
# (tests/data/captures/enet/README.md, "WebSocket"):
#
#   tools/capture/record_ws.sh OUT_DIR [PORT]
#
# Writes OUT_DIR/godot4_ws.pcap (tcpdump -i lo -w, whole packets, "tcp and
# host 127.0.0.1 and port PORT") and OUT_DIR/godot4_ws.events/
# ({server,client1,client2}.events.jsonl: what each engine sent and
# received, written by the engine itself; *.log: its output). Fails when a
# process fails or a log lacks its final {"event":"done","ok":true}, or a
# reliable message sent is not logged as received
# (godot4_enet/check_events.py). Needs root (or passwordless sudo) to
# capture, tcpdump and the engine (tools/godot/install_godot4.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
. "$root/tools/as_root.sh"
out="${1:?output folder}"
port="${2:-47350}"
run=("$root/tools/godot/godot4" --path "$here/godot4_enet")
name=godot4_ws
mkdir -p "$out"
out="$(cd "$out" && pwd)"
ev="$out/$name.events"
rm -rf "$ev"
mkdir -p "$ev"
pcap="$out/$name.pcap"
log="$(mktemp)"
pidf="$(mktemp)"
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -f "$log" "$pidf"
}
trap cleanup EXIT
need_root "capturing on lo with tcpdump"
if ! PATH="$PATH:/usr/sbin:/sbin" command -v tcpdump >/dev/null; then
  as_root_apt update -qq
  as_root_apt install -y -qq tcpdump >/dev/null
fi
# -U: each packet written at once; -s 0: whole packets. The sleep before
# SIGINT lets the last packets (the FINs) reach tcpdump.
as_root env PATH="$PATH:/usr/sbin:/sbin" sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$pidf" \
  tcpdump -i lo -U -s 0 -w "$pcap" "tcp and host 127.0.0.1 and port $port" \
  2>"$log" &
dump=$!
for _ in $(seq 100); do
  grep -q "listening on" "$log" && break
  sleep 0.1
done
args=(--port="$port" --out="$ev" --transport=websocket)
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
    echo "record_ws.sh: ${labels[$i]} exited with $st; see $ev/${labels[$i]}.log" >&2
    failed=1
  fi
done
pids=()
sleep 1.5
as_root kill -INT "$(cat "$pidf")" 2>/dev/null || true
wait "$dump" || true
cat "$log" >&2
as_root chown "$(id -u):$(id -g)" "$pcap"
for l in "${labels[@]}"; do
  f="$ev/$l.events.jsonl"
  if ! [ -s "$f" ] || ! tail -n 1 "$f" | grep -q '"event":"done","ok":true'; then
    echo "record_ws.sh: $f lacks its final done ok line" >&2
    failed=1
  fi
done
# Every send logged by one process is logged as received by its target.
if [ "$failed" = 0 ]; then
  python3 "$here/godot4_enet/check_events.py" "$ev" || failed=1
fi
if [ "$failed" != 0 ]; then
  echo "record_ws.sh: $name failed" >&2
  exit 1
fi
echo "record_ws.sh: $pcap ($(stat -c %s "$pcap") bytes), $ev"
