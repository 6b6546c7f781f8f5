#!/bin/bash
# Real Godot 4 clients against `gdwire serve-echo`, and the same clients
# against a real Godot server doing the same echo (the baseline), over
# 127.0.0.1 (server/echo/README.md):
#
#   server/echo/live_test.sh [GDWIRE [GODOT4]]
#
# Without GDWIRE: bazel-bin/tools/gdwire; without GODOT4: setup/godot/godot4.
# Three client processes (server/echo/godot4_echo/main.gd) join each server,
# call echo(...) with every Variant type and int width in every transfer
# mode on channels 0-2, send raw bytes, call each other through the relay
# and everyone at once, and leave (one gracefully, two at once). Then
# live_check.py checks both sessions from the clients' own logs and the
# servers' (every call answered or relayed, the gdwire server's log against
# the clients'), and that each client's reliable traffic is the same with
# both servers. Then authentication with each server: a wrong token is
# refused, the right one admitted; and one client in each compression
# mode against serve-echo. The committed server/echo/echo.manifest.json must be what
# `gdwire manifest` writes for the project today.
#
# When Godot 4 is not installed (setup/godot/install_godot4.sh) it prints
# "SKIPPED: ..." and passes. KEEP=DIR keeps the logs there.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ -n "${TEST_SRCDIR:-}" ] && [ -d "$TEST_SRCDIR/${TEST_WORKSPACE:-gdwire}" ]; then
  root="$TEST_SRCDIR/${TEST_WORKSPACE:-gdwire}"
fi
gdwire="${1:-$root/bazel-bin/tools/gdwire}"
godot="${2:-$root/setup/godot/godot4}"
case "$gdwire" in /*) ;; *) gdwire="$PWD/$gdwire" ;; esac
case "$godot" in /*) ;; *) godot="$PWD/$godot" ;; esac
tmp="$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/serve_live.XXXXXX")"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp -r "$tmp"/. "$KEEP"/; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

. "$root/setup/godot/require_godot4.sh"
require_godot4 "$godot" serve_live "no live session was run"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The project, copied (the engine may not like a runfiles tree of links).
mkdir "$tmp/project"
cp -L "$root"/server/echo/godot4_echo/* "$tmp/project/"
manifest="$root/server/echo/echo.manifest.json"

# The committed manifest is the project's (all but the engine's version).
timeout 120 "$gdwire" manifest "$tmp/project" --godot="$godot" \
  --out="$tmp/manifest.json" 2>"$tmp/manifest.log" ||
  { cat "$tmp/manifest.log"; fail "gdwire manifest failed"; }
/usr/bin/python3 - "$manifest" "$tmp/manifest.json" <<'PY' ||
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d.pop("engine", None)
sys.exit(0 if a == b else 1)
PY
  fail "server/echo/echo.manifest.json is not the project's manifest:" \
    "run gdwire manifest server/echo/godot4_echo --out=server/echo/echo.manifest.json"

clients=3
port=$((47400 + RANDOM % 90))
G=("$godot" --path "$tmp/project" --)

# Runs the clients against the server on $port; logs in $1.
run_clients() {
  local dir="$1" rc=0 cps=() k
  for k in $(seq 1 $clients); do
    timeout 90 "${G[@]}" --role=client --port="$port" --out="$dir" \
      --clients=$clients --id-label="client$k" >"$dir/client$k.log" 2>&1 &
    cps+=($!)
    pids+=($!)
  done
  for k in "${!cps[@]}"; do
    if ! wait "${cps[$k]}"; then
      echo "client$((k + 1)) failed:" >&2
      tail -n 20 "$dir/client$((k + 1)).log" >&2
      rc=1
    fi
  done
  return $rc
}

# 1. The baseline: a Godot server.
mkdir "$tmp/godot"
timeout 120 "${G[@]}" --role=server --port="$port" --out="$tmp/godot" \
  --clients=$clients >"$tmp/godot/server.log" 2>&1 &
server=$!
pids+=($server)
for _ in $(seq 100); do
  grep -q '"listening"' "$tmp/godot/server.events.jsonl" 2>/dev/null && break
  sleep 0.1
done
run_clients "$tmp/godot" || fail "a client failed against the Godot server"
wait "$server" || { tail -n 20 "$tmp/godot/server.log"; fail "the Godot server failed"; }
/usr/bin/python3 "$here/live_check.py" "$tmp/godot" ||
  fail "the Godot server's session"

# 2. gdwire serve-echo, the same clients.
port=$((port + 1))
mkdir "$tmp/gdwire"
timeout 120 "$gdwire" serve-echo --port="$port" --bind=127.0.0.1 \
  --manifest="$manifest" --format=json --log="$tmp/gdwire/server.jsonl" \
  --exit-after-disconnects=$clients --max-seconds=100 \
  2>"$tmp/gdwire/server.log" &
server=$!
pids+=($server)
for _ in $(seq 100); do
  grep -q listening "$tmp/gdwire/server.log" 2>/dev/null && break
  sleep 0.05
done
run_clients "$tmp/gdwire" || fail "a client failed against gdwire serve-echo"
wait "$server" || { cat "$tmp/gdwire/server.log"; fail "serve-echo did not exit 0"; }
/usr/bin/python3 "$here/live_check.py" "$tmp/gdwire" --baseline="$tmp/godot" \
  --manifest="$manifest" || fail "the gdwire server's session"

# 3. Authentication (SceneMultiplayer.auth_callback), with each server: a
# client with a wrong token is refused (peer_authentication_failed), then
# one with the right token is admitted and runs the session alone.
auth_session() {
  local kind="$1" dir="$tmp/auth_$1" server
  port=$((port + 1))
  mkdir "$dir"
  if [ "$kind" = godot ]; then
    timeout 120 "${G[@]}" --role=server --port="$port" --out="$dir" \
      --clients=1 --auth-token=sesame >"$dir/server.log" 2>&1 &
  else
    timeout 120 "$gdwire" serve-echo --port="$port" --bind=127.0.0.1 \
      --manifest="$manifest" --format=json --log="$dir/server.jsonl" \
      --exit-after-disconnects=1 --max-seconds=100 --auth-token=sesame \
      2>"$dir/server.log" &
  fi
  server=$!
  pids+=($server)
  sleep 1
  timeout 60 "${G[@]}" --role=client --port="$port" --out="$dir" --clients=1 \
    --id-label=denied --auth-token=wrong --expect-denied >"$dir/denied.log" 2>&1 ||
    { tail -n 20 "$dir/denied.log"; fail "$kind: a wrong token was not refused"; }
  timeout 60 "${G[@]}" --role=client --port="$port" --out="$dir" --clients=1 \
    --id-label=client1 --auth-token=sesame >"$dir/client1.log" 2>&1 ||
    { tail -n 20 "$dir/client1.log"; fail "$kind: the right token was not admitted"; }
  wait "$server" || { tail -n 20 "$dir/server.log"; fail "$kind auth server failed"; }
}
auth_session godot
auth_session gdwire
/usr/bin/python3 "$here/live_check.py" "$tmp/auth_godot" ||
  fail "the Godot server's authentication session"
/usr/bin/python3 "$here/live_check.py" "$tmp/auth_gdwire" \
  --baseline="$tmp/auth_godot" --manifest="$manifest" ||
  fail "the gdwire server's authentication session"
# 4. ENetConnection.compress: one client and serve-echo in each mode (the
# server reads the client's datagrams with gdwire's decompressors and the
# client reads the server's zlib and zstd ones); its traffic must be the
# same as the single client's with the Godot server above.
for mode in range_coder fastlz zlib zstd; do
  port=$((port + 1))
  dir="$tmp/compress_$mode"
  mkdir "$dir"
  timeout 120 "$gdwire" serve-echo --port="$port" --bind=127.0.0.1 \
    --manifest="$manifest" --format=json --log="$dir/server.jsonl" \
    --exit-after-disconnects=1 --max-seconds=100 --compress="$mode" \
    2>"$dir/server.log" &
  server=$!
  pids+=($server)
  sleep 0.5
  timeout 60 "${G[@]}" --role=client --port="$port" --out="$dir" --clients=1 \
    --id-label=client1 --compress="$mode" >"$dir/client1.log" 2>&1 ||
    { tail -n 20 "$dir/client1.log"; fail "compression $mode: the client failed"; }
  wait "$server" || { cat "$dir/server.log"; fail "compression $mode: serve-echo failed"; }
  /usr/bin/python3 "$here/live_check.py" "$dir" --baseline="$tmp/auth_godot" \
    --manifest="$manifest" || fail "compression $mode"
done
echo "PASS"
