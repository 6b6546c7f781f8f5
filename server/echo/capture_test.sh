#!/bin/bash
# `gdwire capture` on the recorded serve-echo session
# (tests/data/captures/serve): the capture decodes to the packets the
# server logged (capture_check.py), and the server's log agrees with the
# Godot clients' own logs (live_check.py).
#
#   server/echo/capture_test.sh GDWIRE
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ -n "${TEST_SRCDIR:-}" ] && [ -d "$TEST_SRCDIR/${TEST_WORKSPACE:-gdwire}" ]; then
  root="$TEST_SRCDIR/${TEST_WORKSPACE:-gdwire}"
fi
gdwire="${1:-$root/bazel-bin/tools/gdwire}"
data="$root/tests/data/captures/serve"
tmp="$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/serve_capture.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
"$gdwire" capture --format=json --manifest="$root/server/echo/echo.manifest.json" \
  "$data/serve_echo.pcap" >"$tmp/capture.jsonl"
/usr/bin/python3 "$root/server/echo/capture_check.py" "$tmp/capture.jsonl" \
  "$data/serve_echo.events/server.jsonl"
/usr/bin/python3 "$root/server/echo/live_check.py" "$data/serve_echo.events" \
  --manifest="$root/server/echo/echo.manifest.json"
