#!/bin/bash
# Records the godot4_game session (server + two clients, ENet) on lo with
# tcpdump (127.0.0.1 only):  record.sh OUT_DIR [PORT] [COMPRESS]
# Writes OUT_DIR/game_<COMPRESS>.pcap and OUT_DIR/game_<COMPRESS>.events/.
# Adapted from recording/capture/record_enet.sh; needs root (or passwordless
# sudo) to capture.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
. "$root/setup/as_root.sh"
. "$root/recording/capture/tcpdump.sh"
out="${1:?output folder}"
port="${2:-47500}"
compress="${3:-none}"
run=("$root/setup/godot/godot4" --headless --path "$here")
name="game_$compress"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
ev="$out/$name.events"
rm -rf "$ev"; mkdir -p "$ev"
pcap="$out/$name.pcap"
pids=()
cleanup() { local p; for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
capture_start lo "$pcap" "udp and host 127.0.0.1 and port $port"
args=(--port="$port" --out="$ev" --compress="$compress")
timeout 40 "${run[@]}" -- --role=server --id-label=server "${args[@]}" >"$ev/server.log" 2>&1 &
pids+=($!)
sleep 1
timeout 40 "${run[@]}" -- --role=client --id-label=client1 "${args[@]}" >"$ev/client1.log" 2>&1 &
pids+=($!)
sleep 1
timeout 40 "${run[@]}" -- --role=client --id-label=client2 "${args[@]}" >"$ev/client2.log" 2>&1 &
pids+=($!)
failed=0
labels=(server client1 client2)
for i in 0 1 2; do
  st=0; wait "${pids[$i]}" || st=$?
  [ "$st" = 0 ] || { echo "record.sh: ${labels[$i]} exited with $st" >&2; failed=1; }
done
pids=()
capture_stop
for l in "${labels[@]}"; do
  f="$ev/$l.events.jsonl"
  if ! [ -s "$f" ] || ! tail -n 1 "$f" | grep -q '"event":"done","ok":true'; then
    echo "record.sh: $f lacks its final done ok line" >&2; failed=1
  fi
done
[ "$failed" = 0 ] && { python3 "$root/recording/capture/godot4_enet/check_events.py" "$ev" || failed=1; }
[ "$failed" = 0 ] || { echo "record.sh: $name failed" >&2; exit 1; }
echo "record.sh: $pcap ($(stat -c %s "$pcap") bytes), $ev"
