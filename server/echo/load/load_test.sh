#!/bin/bash
# Load test of gdwire serve-echo: 500 healthy Godot 4 clients (gdwire_load)
# and hostile ones of every kind for ~10 s over 127.0.0.1.
#   * every healthy echo call is answered with exactly its argument bytes,
#     none missing, no healthy peer refused or dropped;
#   * the server is alive at the end;
#   * its JSON log names each hostile peer that sent bad SceneMultiplayer
#     packets (garbage, path floods) with errors of its own, and no other
#     peer with any.
# Usage (Bazel passes the three): load_test.sh GDWIRE GDWIRE_LOAD MANIFEST
set -euo pipefail

GDWIRE="$1"
LOAD="$2"
MANIFEST="$3"
PY=/usr/bin/python3
work="$(mktemp -d "${TEST_TMPDIR:-/tmp}/load_test.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  [ -n "${TEST_TMPDIR:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

# A free port in 47500-47599 (other tests may hold some).
port=""
start=$((47500 + RANDOM % 100))
for i in $(seq 0 99); do
  p=$((47500 + (start - 47500 + i) % 100))
  "$GDWIRE" serve-echo --port="$p" --bind=127.0.0.1 --manifest="$MANIFEST" \
    --format=json --quiet --log="$work/server.log" 2>"$work/server.err" &
  server_pid=$!
  for _ in $(seq 1 50); do
    if grep -q "listening" "$work/server.err" 2>/dev/null; then break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
    sleep 0.1
  done
  if kill -0 "$server_pid" 2>/dev/null &&
    grep -q "listening" "$work/server.err"; then
    port="$p"
    break
  fi
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
done
if [ -z "$port" ]; then
  echo "FAIL: serve-echo did not start on any port in 47500-47599" >&2
  cat "$work/server.err" >&2 || true
  exit 1
fi
echo "serve-echo pid $server_pid on 127.0.0.1:$port"

# Two cores shared with the server: one call in flight per peer keeps the
# server busy without making retransmissions the whole story; the peers
# join over 2 s (500 at once: the server's 250,000 peer notices and their
# acks overflow its socket buffer and ENet backs off for seconds); a slow
# machine gets time (--drain, --call-timeout) to deliver the last replies.
set +e
"$LOAD" --port="$port" --manifest="$MANIFEST" --peers=500 \
  --hostile-garbage=4 --hostile-paths=4 --hostile-fragments=4 --stall=4 \
  --flood-paths=5000 --hostile-rate=40 --seconds=10 --window=1 --threads=2 \
  --connect-rate=250 --connect-timeout=60 --drain=60 --call-timeout=60 --require-all --json \
  --server-pid="$server_pid" >"$work/load.json" 2>"$work/load.err"
load_rc=$?
set -e
cat "$work/load.err" >&2
if [ "$load_rc" -ne 0 ]; then
  echo "FAIL: gdwire_load exited $load_rc" >&2
  cat "$work/load.json" >&2
  exit 1
fi
if ! kill -0 "$server_pid" 2>/dev/null; then
  echo "FAIL: serve-echo died under load" >&2
  cat "$work/server.err" >&2
  exit 1
fi
# The healthy peers left: wait (bounded) for the server to log it.
for _ in $(seq 1 100); do
  n="$(grep -c '"event":"disconnect"' "$work/server.log" || true)"
  if [ "$n" -ge 500 ]; then break; fi
  sleep 0.1
done

"$PY" - "$work/load.json" "$work/server.log" <<'EOF'
import json, sys
load = json.load(open(sys.argv[1]))
errors, connects, disconnects = {}, set(), set()
for line in open(sys.argv[2]):
    try:
        e = json.loads(line)
    except ValueError:
        sys.exit("FAIL: a server log line is not JSON: %r" % line[:200])
    if e.get("event") == "error":
        errors.setdefault(e["peer"], []).append(e)
    elif e.get("event") == "connect":
        connects.add(e["peer"])
    elif e.get("event") == "disconnect":
        disconnects.add(e["peer"])
ids = load["hostile_ids"]
bad = []
def check(cond, msg):
    if not cond:
        bad.append(msg)
check(load["wrong"] == 0 and load["missing"] == 0,
      "healthy calls: %d wrong, %d missing" % (load["wrong"], load["missing"]))
check(load["answered"] > 0 and load["answered"] == load["calls_sent"],
      "answered %d of %d" % (load["answered"], load["calls_sent"]))
check(load["connect_failures"] == 0,
      "%d peers did not connect" % load["connect_failures"])
check(load["dropped_by_server"]["healthy"] == 0, "healthy peers dropped")
check(load["server"]["alive"], "server not alive")
for kind in ("garbage", "paths"):
    for peer in ids[kind]:
        es = errors.get(peer, [])
        check(len(es) > 0, "%s peer %d has no error in the server log"
              % (kind, peer))
        # Each error names its own peer and a packet of its own.
        check(len({e["packet"] for e in es}) == len(es),
              "%s peer %d: errors repeat a packet number" % (kind, peer))
hostile_bad = set(ids["garbage"]) | set(ids["paths"])
others = sorted(set(errors) - hostile_bad)
check(not others, "errors for peers that sent nothing bad: %s"
      % [(p, errors[p][0]["message"]) for p in others[:5]])
healthy_connected = len(connects - set(sum(ids.values(), [])))
check(healthy_connected >= 500,
      "the server logged %d healthy connects" % healthy_connected)
g = load["hostile"]
print("load: %d calls answered, %.0f calls/s (rtt p99 %d us); server cpu "
      "%.2f s, VmHWM %d kB" % (load["answered"], load["calls_per_s"],
                               load["rtt_p99_us"], load["server"]["cpu_s"],
                               load["server"]["vmhwm_kb"]))
print("hostile: garbage %d+%d packets -> %d errors; paths %d announced, %d "
      "confirmed -> %d errors; fragments %d datagrams + %d stray; stall %d"
      % (g["garbage"]["packets"], g["garbage"]["refusable_packets"],
         sum(len(errors.get(p, [])) for p in ids["garbage"]),
         g["paths"]["announced"], g["paths"]["confirmed"],
         sum(len(errors.get(p, [])) for p in ids["paths"]),
         g["fragments"]["datagrams"], g["fragments"]["stray_datagrams"],
         g["stall"]["peers"]))
if bad:
    print("\n".join("FAIL: " + b for b in bad))
    sys.exit(1)
print("PASS")
EOF
