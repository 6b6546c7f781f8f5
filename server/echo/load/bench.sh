#!/bin/bash
# gdwire serve-echo against a real Godot 4 server running the same echo,
# under the same load (gdwire_load), one after the other on this machine:
#   * calls/s answered (every reply checked byte for byte);
#   * the server process's CPU time during the measured run
#     (/proc/PID/stat utime+stime), hence calls per server CPU-second;
#   * the server's peak RSS (VmHWM) idle (0 peers) and after the run with
#     N peers, hence memory per peer.
# Prints a table with the ratios gdwire / Godot, and writes the raw JSON
# of each run under --out.
#
#   server/echo/load/bench.sh [--peers=500] [--seconds=10] [--window=4]
#       [--threads=2] [--rounds=1] [--connect-rate=250] [--hostile]
#       [--only=gdwire|godot] [--port=47580] [--out=DIR]
# (--connect-rate: peers joining per second; 0 = all at once, when the
# 250,000 peer notices of 500 peers and their acks overflow the server's
# UDP socket buffer.)
#
# Environment: GDWIRE, LOAD (binaries; default: built with bazel),
# MANIFEST (default server/echo/echo.manifest.json), GODOT_PROJECT (default
# server/echo/godot4_echo), GODOT (default setup/godot/godot4), NODE
# (default Main/Rel0).
set -euo pipefail
cd "$(dirname "$0")/../../.."

peers=500
seconds=10
window=4
threads=2
rounds=1
connect_rate=250
hostile=0
only=""
port=47580
out=""
for a in "$@"; do
  case "$a" in
    --peers=*) peers="${a#*=}" ;;
    --seconds=*) seconds="${a#*=}" ;;
    --window=*) window="${a#*=}" ;;
    --threads=*) threads="${a#*=}" ;;
    --rounds=*) rounds="${a#*=}" ;;
    --connect-rate=*) connect_rate="${a#*=}" ;;
    --hostile) hostile=1 ;;
    --only=*) only="${a#*=}" ;;
    --port=*) port="${a#*=}" ;;
    --out=*) out="${a#*=}" ;;
    -h | --help)
      sed -n '2,25p' "$0"
      exit 0
      ;;
    *)
      echo "bench.sh: unknown argument $a" >&2
      exit 2
      ;;
  esac
done
if [ "$port" -lt 47500 ] || [ "$port" -gt 47598 ]; then
  echo "bench.sh: --port must be in 47500-47598 (it uses P and P+1)" >&2
  exit 2
fi

MANIFEST="${MANIFEST:-server/echo/echo.manifest.json}"
GODOT_PROJECT="${GODOT_PROJECT:-server/echo/godot4_echo}"
GODOT="${GODOT:-setup/godot/godot4}"
NODE="${NODE:-Main/Rel0}"
if [ -z "${GDWIRE:-}" ] || [ -z "${LOAD:-}" ]; then
  bazel build -c opt //tools:gdwire //server/echo/load:gdwire_load >&2
  bin="$(bazel info -c opt bazel-bin 2>/dev/null)"
  GDWIRE="${GDWIRE:-$bin/tools/gdwire}"
  LOAD="${LOAD:-$bin/server/echo/load/gdwire_load}"
fi
[ -f "$MANIFEST" ] || {
  echo "bench.sh: no manifest $MANIFEST" >&2
  exit 2
}
out="${out:-$(mktemp -d /tmp/gdwire_load_bench.XXXXXX)}"
mkdir -p "$out"

children=()
cleanup() {
  for p in "${children[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

hexport() { printf '%04X' "$1"; }
# Waits until something listens on UDP 127.0.0.1:$1 or 0.0.0.0:$1.
wait_port() {
  local h
  h="$(hexport "$1")"
  for _ in $(seq 1 300); do
    if awk -v h=":$h" 'NR > 1 && substr($2, 9) == h { f = 1 } END { exit !f }' \
      /proc/net/udp; then
      return 0
    fi
    sleep 0.1
  done
  return 1
}
# The process that holds the socket: the launcher's last descendant
# (setup/godot/godot4 is a script that runs Godot through its loader as a
# child; gdwire is its own process).
server_process() {
  local p="$1" c
  for _ in 1 2 3 4 5; do
    c="$(cat /proc/"$p"/task/*/children 2>/dev/null | tr ' ' '\n' | grep . | head -1)"
    [ -n "$c" ] || break
    p="$c"
  done
  echo "$p"
}
vmhwm() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status"; }

load_flags=(--manifest="$MANIFEST" --node="$NODE" --peers="$peers"
  --seconds="$seconds" --window="$window" --threads="$threads" --json
  --connect-rate="$connect_rate" --connect-timeout=60 --drain=30
  --call-timeout=30)
if [ "$hostile" = 1 ]; then
  load_flags+=(--hostile-garbage=4 --hostile-paths=4 --hostile-fragments=4
    --stall=4)
fi

# run_one NAME ROUND PORT: starts that server, measures idle VmHWM, runs the
# load, writes $out/NAME.ROUND.json (the load's summary + idle VmHWM).
run_one() {
  local name="$1" round="$2" p="$3" launcher pid idle rc
  case "$name" in
    gdwire)
      "$GDWIRE" serve-echo --port="$p" --bind=127.0.0.1 \
        --manifest="$MANIFEST" --format=json --quiet --log=/dev/null \
        2>"$out/$name.$round.server.err" &
      ;;
    godot)
      mkdir -p "$out/godot.$round"
      "$GODOT" --path "$GODOT_PROJECT" -- --role=server --port="$p" \
        --out="$out/godot.$round" --bench >"$out/$name.$round.server.err" 2>&1 &
      ;;
  esac
  launcher=$!
  children+=("$launcher")
  if ! wait_port "$p"; then
    echo "bench.sh: $name did not listen on $p" >&2
    cat "$out/$name.$round.server.err" >&2
    return 1
  fi
  pid="$(server_process "$launcher")"
  children+=("$pid")
  sleep 1
  idle="$(vmhwm "$pid")"
  set +e
  "$LOAD" --port="$p" --server-pid="$pid" "${load_flags[@]}" \
    >"$out/$name.$round.load.json" 2>"$out/$name.$round.load.err"
  rc=$?
  set -e
  local alive=1
  kill -0 "$pid" 2>/dev/null || alive=0
  # The server first: the Godot launcher then exits and cleans up itself.
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 "$launcher" 2>/dev/null || break
    sleep 0.1
  done
  kill "$launcher" 2>/dev/null || true
  wait "$launcher" 2>/dev/null || true
  /usr/bin/python3 - "$out/$name.$round.load.json" "$idle" "$rc" "$alive" \
    "$name" >"$out/$name.$round.json" <<'EOF'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    d = {}
d["idle_vmhwm_kb"] = int(sys.argv[2] or 0)
d["load_exit"] = int(sys.argv[3])
d["server_alive_after"] = sys.argv[4] == "1"
d["name"] = sys.argv[5]
print(json.dumps(d))
EOF
  echo "$name round $round: $(/usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d.get("server", {})
print("%s calls/s, %s answered, %s wrong, %s missing, server cpu %s s, VmHWM %s kB (idle %s), load exit %s"
      % (d.get("calls_per_s"), d.get("answered"), d.get("wrong"),
         d.get("missing"), s.get("cpu_s"), s.get("vmhwm_kb"),
         d["idle_vmhwm_kb"], d["load_exit"]))' "$out/$name.$round.json")" >&2
}

servers=()
if [ "$only" != godot ]; then servers+=(gdwire); fi
if [ "$only" != gdwire ]; then
  if [ -d "$GODOT_PROJECT" ]; then
    servers+=(godot)
  else
    echo "bench.sh: no Godot project $GODOT_PROJECT: gdwire only" >&2
  fi
fi
for r in $(seq 1 "$rounds"); do
  # Alternate the order between rounds; a fresh port for each server.
  order=("${servers[@]}")
  if [ $((r % 2)) = 0 ]; then order=($(printf '%s\n' "${servers[@]}" | tac)); fi
  i=0
  for s in "${order[@]}"; do
    run_one "$s" "$r" $((port + i))
    i=$((i + 1))
  done
done

/usr/bin/python3 - "$out" "$rounds" "$peers" "$seconds" "$window" \
  "$threads" "$hostile" "${servers[@]}" <<'EOF'
import json, os, statistics, sys, platform
out, rounds = sys.argv[1], int(sys.argv[2])
peers, seconds, window, threads, hostile = sys.argv[3:8]
servers = sys.argv[8:]
rows = {}
for s in servers:
    runs = [json.load(open(os.path.join(out, "%s.%d.json" % (s, r))))
            for r in range(1, rounds + 1)]
    ok = [d for d in runs if "server" in d]
    if not ok:
        rows[s] = None
        continue
    med = lambda f: statistics.median(f(d) for d in ok)
    rows[s] = {
        "calls_per_s": med(lambda d: d["calls_per_s"]),
        "server_cpu_s": med(lambda d: d["server"]["cpu_s"]),
        "calls_per_cpu_s": med(lambda d: d["server"]["calls_per_cpu_s"]),
        "cpu_share": med(lambda d: d["server"]["cpu_s"] / d["seconds"]),
        "idle_kb": med(lambda d: d["idle_vmhwm_kb"]),
        "peak_kb": med(lambda d: d["server"]["vmhwm_kb"]),
        "kb_per_peer": med(lambda d: (d["server"]["vmhwm_kb"] -
                                      d["idle_vmhwm_kb"]) / d["connections"]),
        "rtt_p50_ms": med(lambda d: d["rtt_p50_us"] / 1000),
        "rtt_p99_ms": med(lambda d: d["rtt_p99_us"] / 1000),
        "wrong": sum(d["wrong"] for d in ok),
        "missing": sum(d["missing"] for d in ok),
        "connect_failures": sum(d["connect_failures"] for d in ok),
        "alive": all(d["server_alive_after"] for d in ok),
    }
cpu = "?"
for line in open("/proc/cpuinfo"):
    if line.startswith("model name"):
        cpu = line.split(":", 1)[1].strip()
        break
print("machine: %s, %d cores, Linux %s" % (cpu, os.cpu_count(),
                                          platform.release()))
print("load: %s healthy peers%s, window %s, %s client threads, %s s, "
      "median of %d round(s); same machine, one server at a time"
      % (peers, " + 16 hostile" if hostile == "1" else "", window, threads,
         seconds, rounds))
cols = [("calls/s", "calls_per_s", "%.0f"),
        ("server CPU s", "server_cpu_s", "%.2f"),
        ("cores used", "cpu_share", "%.2f"),
        ("calls/CPU-s", "calls_per_cpu_s", "%.0f"),
        ("VmHWM idle kB", "idle_kb", "%.0f"),
        ("VmHWM peak kB", "peak_kb", "%.0f"),
        ("kB/peer", "kb_per_peer", "%.1f"),
        ("rtt p50 ms", "rtt_p50_ms", "%.1f"),
        ("rtt p99 ms", "rtt_p99_ms", "%.1f")]
head = "%-14s" % "server" + "".join("%15s" % c[0] for c in cols) + \
    "  wrong missing alive"
print(head)
for s in servers:
    r = rows[s]
    if r is None:
        print("%-14s  (no result: see %s/%s.*.err)" % (s, out, s))
        continue
    print("%-14s" % s + "".join("%15s" % (f % r[k]) for _, k, f in cols) +
          "  %5d %7d %5s" % (r["wrong"], r["missing"], r["alive"]))
if rows.get("gdwire") and rows.get("godot"):
    g, o = rows["gdwire"], rows["godot"]
    def ratio(k):
        return "%.2fx" % (g[k] / o[k]) if o[k] else "-"
    print("%-14s" % "gdwire/godot" + "".join("%15s" % ratio(k)
                                              for _, k, _ in cols))
json.dump({"rows": rows, "peers": peers, "seconds": seconds,
           "window": window, "threads": threads, "rounds": rounds},
          open(os.path.join(out, "summary.json"), "w"), indent=1)
print("raw results: %s" % out)
EOF
