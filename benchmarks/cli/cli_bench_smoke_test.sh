#!/bin/bash
# benchmarks/cli/cli_bench.py runs end to end on a small real recording
# (Godot 3's StreamPeer stream, repeated): a row per command and thread
# count, RESULT lines for the report, and a failing command is an error.
set -euo pipefail
G="$1"
D="${TEST_SRCDIR:-.}/gdwire/tests/data/corpus/godot3/framing"
[ -d "$D" ] || D=tests/data/corpus/godot3/framing
B="$(dirname "$0")/cli_bench.py"
T="${TEST_TMPDIR:-$(mktemp -d)}"
python3 "$B" --gdwire="$G" --input="$D/stream_put_var.bin" --dialect=godot3 \
  --threads=1,2 --reps=1 --min-mb=0.2 --work="$T" --out="$T/cli.txt" >"$T/table.txt"
cat "$T/table.txt"
for row in "validate" "decode --format=json" "decode --format=text" \
  "decode --format=json (pipe)" "capture --format=json" "capture --format=text"; do
  [ "$(grep -c "^$row  *[12] " "$T/table.txt")" = 2 ] || { echo "FAIL: rows of $row"; exit 1; }
done
# cat, the start-up (one frame; no throughput printed) and 6 commands x 2
# (the mapped file's 3, the pipe's decode, the capture's 2).
[ "$(grep -c '^RESULT ' "$T/cli.txt")" = 14 ] || { echo "FAIL: RESULT lines"; exit 1; }
grep -q '^start-up  *1  *[0-9.]*  *[0-9.]*  *-  *-  *-$' "$T/table.txt" ||
  { echo "FAIL: the start-up row (with no MB/s)"; exit 1; }
grep -q '"row": "start-up"' "$T/cli.txt" || { echo "FAIL: start-up RESULT"; exit 1; }
# The wrong dialect: the command fails, and so does the benchmark.
if python3 "$B" --gdwire="$G" --input="$D/stream_put_var.bin" --dialect=godot4 \
  --threads=1 --reps=1 --min-mb=0.2 --work="$T" >/dev/null 2>&1; then
  echo "FAIL: a failing command went unnoticed"
  exit 1
fi
echo PASS
