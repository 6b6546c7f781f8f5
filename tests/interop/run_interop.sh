#!/bin/bash
# Live interop between gdwire and a real Godot engine over loopback.
#
#   tests/interop/run_interop.sh godot4|godot3 [ECHO_SERVER]
#
# Starts tests/interop/echo_server (gdwire, 127.0.0.1, ephemeral port), runs
# the engine's client (tests/interop/<engine>/client.gd) against it, and
# fails on any lost or mismatched message, any error, a timeout, or when the
# engine is not installed (setup/godot/install_godot{3,4}.sh). Everything is
# bounded by `timeout`.
#
# Without ECHO_SERVER it is built with bazel (GDWIRE_BAZEL_OUTPUT_BASE picks
# the output base; no convenience symlinks are made). Counts (environment):
#   INTEROP_SEED (1), INTEROP_COUNT (10000, StreamPeer echo),
#   INTEROP_BE_COUNT (1000, big-endian StreamPeer echo), INTEROP_PACKET_COUNT
#   (3000, PacketPeerStream echo), INTEROP_SEND_COUNT (3000, gdwire -> engine),
#   INTEROP_TIMEOUT_S (300, whole run).
# Under `bazel test` (//tests/interop:interop_godot4_test) the arguments come
# from the BUILD file.
set -euo pipefail

engine="${1:-}"
case "$engine" in
  godot4) Engine="Godot 4" ;;
  godot3) Engine="Godot 3" ;;
  pandemonium) Engine="Pandemonium 5" ;;
  *)
    echo "usage: $0 godot4|godot3|pandemonium [ECHO_SERVER]" >&2
    exit 2
    ;;
esac

# The repository root: from a checkout, or the runfiles tree under bazel.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ -n "${TEST_SRCDIR:-}" ] && [ -d "$TEST_SRCDIR/${TEST_WORKSPACE:-gdwire}" ]; then
  root="$TEST_SRCDIR/${TEST_WORKSPACE:-gdwire}"
fi
server="${2:-}"
udp_server="${3:-}"  # pandemonium: tests/interop/udp_echo (PacketPeerUDP)
launcher="$root/setup/godot/$engine"
[ "$engine" = pandemonium ] && launcher="$root/setup/pandemonium/pandemonium"

seed="${INTEROP_SEED:-1}"
count="${INTEROP_COUNT:-10000}"
be_count="${INTEROP_BE_COUNT:-1000}"
packet_count="${INTEROP_PACKET_COUNT:-3000}"
send_count="${INTEROP_SEND_COUNT:-3000}"
limit="${INTEROP_TIMEOUT_S:-300}"

# (Godot 3 exits with 255 after --version: judge by what it prints.)
version="$(timeout 60 "$launcher" --version 2>/dev/null | tail -n 1)" || true
if [ "$engine" = pandemonium ]; then
  # Pandemonium comes from ../shared/engines/pandemonium (CI has it); a
  # checkout without it skips this test, and says so.
  if ! [[ "$version" =~ ^5\.[0-9] ]]; then
    echo "SKIPPED: Pandemonium 5 is not installed (setup/pandemonium/install_pandemonium.sh" \
      "installs it from a Pandemonium 5.3 distribution folder, PANDEMONIUM_DIST):" \
      "the live Pandemonium interop test did not run"
    # Counted as skipped, not passed, by tests/test_summary.py (Bazel takes
    # the test's own XML when it writes one).
    if [ -n "${XML_OUTPUT_FILE:-}" ]; then
      cat >"$XML_OUTPUT_FILE" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="interop_pandemonium" tests="1" skipped="1">
<testcase classname="interop" name="pandemonium" status="notrun" result="skipped"><skipped message="Pandemonium 5 is not installed"/></testcase>
</testsuite></testsuites>
XML
    fi
    exit 0
  fi
elif ! [[ "$version" =~ ^${engine#godot}\.[0-9] ]]; then
  echo "FAIL: $Engine not installed: run setup/godot/install_$engine.sh" >&2
  exit 1
fi
if [ -z "$server" ]; then
  bazel=(bazel)
  [ -n "${GDWIRE_BAZEL_OUTPUT_BASE:-}" ] &&
    bazel+=(--output_base="$GDWIRE_BAZEL_OUTPUT_BASE")
  (cd "$root" && "${bazel[@]}" build --symlink_prefix=/ \
    //tests/interop:echo_server) >&2
  server="$(cd "$root" && "${bazel[@]}" info bazel-bin 2>/dev/null)/tests/interop/echo_server"
fi
if [ ! -x "$server" ]; then
  echo "FAIL: no echo server at $server (bazel build //tests/interop:echo_server)" >&2
  exit 1
fi

tmp="$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/interop.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
  fi
  if [ -n "${udp_pid:-}" ] && kill -0 "$udp_pid" 2>/dev/null; then
    kill "$udp_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "== gdwire interop: $Engine $version, seed $seed"
start=$(date +%s)
timeout "$((limit + 30))" "$server" --dialect="$engine" --connections=4 \
  --port_file="$tmp/port" --timeout_s="$limit" --dump="$tmp/mismatches.txt" \
  >"$tmp/server.out" \
  2>"$tmp/server.err" &
server_pid=$!
for _ in $(seq 100); do
  [ -s "$tmp/port" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ ! -s "$tmp/port" ]; then
  echo "FAIL: echo server did not start" >&2
  cat "$tmp/server.out" "$tmp/server.err" >&2
  exit 1
fi
port="$(cat "$tmp/port")"

# The engine may write caches into its project: run a copy.
cp -r "$root/tests/interop/$engine" "$tmp/project"
args=(--path "$tmp/project" -s client.gd)
udp_args=()
udp_pid=""
if [ "$engine" = pandemonium ] && [ -n "$udp_server" ]; then
  timeout "$((limit + 30))" "$udp_server" --dialect="$engine" \
    --port_file="$tmp/udp_port" --timeout_s="$limit" >"$tmp/udp.out" 2>"$tmp/udp.err" &
  udp_pid=$!
  for _ in $(seq 100); do
    [ -s "$tmp/udp_port" ] && break
    sleep 0.1
  done
  udp_args=(--udp_port="$(cat "$tmp/udp_port" 2>/dev/null || echo 0)"
    --udp_count="${INTEROP_UDP_COUNT:-2000}")
fi
[ "$engine" != godot4 ] && args=(--no-window "${args[@]}")
client_rc=0
timeout "$limit" "$launcher" "${args[@]}" -- --port="$port" --seed="$seed" \
  --count="$count" --be_count="$be_count" --packet_count="$packet_count" \
  --send_count="$send_count" --budget_s="$((limit - 20))" "${udp_args[@]}" \
  >"$tmp/client.out" 2>&1 || client_rc=$?
# The server ends by itself once the client's connections are done; give it
# a few seconds (it would hang on until its own timeout after a client crash).
for _ in $(seq 100); do
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
kill "$server_pid" 2>/dev/null || true
server_rc=0
wait "$server_pid" || server_rc=$?
server_pid=""
end=$(date +%s)

udp_rc=0
if [ -n "$udp_pid" ]; then
  for _ in $(seq 100); do
    kill -0 "$udp_pid" 2>/dev/null || break
    sleep 0.1
  done
  kill "$udp_pid" 2>/dev/null || true
  wait "$udp_pid" || udp_rc=$?
fi
grep -E '^(ENGINE|CLIENT|MISMATCH)' "$tmp/client.out" || true
cat "$tmp/server.out"
[ -n "$udp_pid" ] && cat "$tmp/udp.out"
failed=0
fail() {
  echo "FAIL: $*" >&2
  failed=1
}
[ "$client_rc" -eq 0 ] || fail "engine client exited with $client_rc"
[ "$server_rc" -eq 0 ] || fail "echo server exited with $server_rc"
grep -q '^CLIENT_DONE ok' "$tmp/client.out" || fail "engine client did not finish ok"
runs=4
[ -n "$udp_pid" ] && runs=5
[ "$(grep -c '^CLIENT mode=' "$tmp/client.out")" -eq "$runs" ] ||
  fail "expected $runs client runs"
if [ -n "$udp_pid" ]; then
  [ "$udp_rc" -eq 0 ] || fail "udp echo exited with $udp_rc"
  grep -q '^UDP .* lost=0 mismatched=0 errors=0$' "$tmp/udp.out" ||
    fail "gdwire saw lost or mismatched UDP datagrams, or errors"
fi
if grep '^CLIENT mode=' "$tmp/client.out" | grep -qv 'lost=0 mismatched=0$'; then
  fail "the engine saw lost or mismatched messages"
fi
grep -q '^SERVER .* lost=0 mismatched=0 errors=0$' "$tmp/server.out" ||
  fail "gdwire saw lost or mismatched messages, or errors"
if [ "$failed" -ne 0 ]; then
  if [ -s "$tmp/mismatches.txt" ]; then
    dump="${TEST_UNDECLARED_OUTPUTS_DIR:-${TMPDIR:-/tmp}}/interop_${engine}_mismatches.txt"
    cp "$tmp/mismatches.txt" "$dump"
    echo "mismatch details (full texts and bytes): $dump" >&2
  fi
  echo "--- server stderr (last 60 lines)" >&2
  tail -n 60 "$tmp/server.err" >&2
  [ -n "$udp_pid" ] && tail -n 20 "$tmp/udp.err" >&2
  echo "--- engine output (last 60 lines)" >&2
  tail -n 60 "$tmp/client.out" >&2
  exit 1
fi
echo "PASS: $Engine $version: $(sed -n 's/^SERVER //p' "$tmp/server.out"), $((end - start)) s"
