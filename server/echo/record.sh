#!/bin/bash
# Records a live gdwire serve-echo session over loopback with tcpdump (the
# same three Godot 4 clients as live_test.sh), for the capture check
# (tests/data/captures/serve/README.md):
#
#   server/echo/record.sh OUT_DIR [PORT] [GDWIRE] [GODOT4]
#
# Writes OUT_DIR/serve_echo.pcap (tcpdump -i lo -w, whole packets) and
# OUT_DIR/serve_echo.events/: the clients' own logs
# (clientN.events.jsonl), serve-echo's JSON log (server.jsonl) and the
# processes' output. Fails unless live_check.py passes on the session.
# Needs root (or passwordless sudo) to capture, tcpdump and the engine.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
. "$root/setup/as_root.sh"
. "$root/recording/capture/tcpdump.sh"
out="${1:?output folder}"
port="${2:-47450}"
gdwire="${3:-$root/bazel-bin/tools/gdwire}"
godot="${4:-$root/setup/godot/godot4}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
ev="$out/serve_echo.events"
pcap="$out/serve_echo.pcap"
rm -rf "$ev"
mkdir -p "$ev"
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT
capture_start lo "$pcap" "udp and host 127.0.0.1 and port $port"
timeout 90 "$gdwire" serve-echo --port="$port" --bind=127.0.0.1 \
  --manifest="$here/echo.manifest.json" --format=json \
  --log="$ev/server.jsonl" --exit-after-disconnects=3 --max-seconds=80 \
  2>"$ev/server.log" &
server=$!
pids+=($server)
sleep 0.5
clients=()
for k in 1 2 3; do
  timeout 90 "$godot" --path "$here/godot4_echo" -- --role=client \
    --port="$port" --out="$ev" --clients=3 --id-label="client$k" \
    >"$ev/client$k.log" 2>&1 &
  clients+=($!)
  pids+=($!)
done
failed=0
for k in 0 1 2; do
  wait "${clients[$k]}" || { echo "record.sh: client$((k + 1)) failed" >&2; failed=1; }
done
wait "$server" || { echo "record.sh: serve-echo failed" >&2; failed=1; }
pids=()
capture_stop
/usr/bin/python3 "$here/live_check.py" "$ev" --manifest="$here/echo.manifest.json" || failed=1
[ "$failed" = 0 ] || { echo "record.sh: failed" >&2; exit 1; }
echo "record.sh: $pcap ($(stat -c %s "$pcap") bytes), $ev"
