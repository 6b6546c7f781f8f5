#!/bin/bash
# compare_bench on small payloads of gdwire's own making: every row runs and
# reports, the packed payloads' push-parser rows say zero-copy, and the
# traffic exports as JSON lines and MessagePack.
set -euo pipefail
bench="$1"
dir="$(mktemp -d "${TEST_TMPDIR:-/tmp}/compare.XXXXXX")"
trap 'rm -rf "$dir"' EXIT
"$bench" --make-payloads="$dir" --messages=20
"$bench" --seconds=0.001 "$dir" >"$dir/out.txt"
grep -q '^TARGET ' "$dir/out.txt"
for payload in traffic players strings vec3 floats; do
  for row in "memcpy" "push parser (whole buffer)" "push parser (1400-byte pieces)" \
      "view walk" "DOM decode" "owned decode" "owned document" \
      "owned document + read every field" "reference decode" "fast encode" \
      "reference encode"; do
    grep -qF "\"payload\": \"$payload\", \"row\": \"$row\"" "$dir/out.txt" || {
      echo "missing: $payload / $row" >&2
      cat "$dir/out.txt" >&2
      exit 1
    }
  done
done
for payload in strings vec3 floats; do
  grep -qF "\"payload\": \"$payload\", \"row\": \"push parser + copy-out\"" "$dir/out.txt"
done
grep -F '"payload": "vec3", "row": "push parser (whole buffer)"' "$dir/out.txt" |
  grep -q '"zero_copy": true'
grep -F '"payload": "traffic", "row": "push parser (whole buffer)"' "$dir/out.txt" |
  grep -q '"zero_copy": false'
grep -F '"payload": "traffic", "row": "DOM decode"' "$dir/out.txt" | grep -q '"values": 20,'
# Issue 23: the writer (its bytes equal to the payload's, else no row),
# forward and edit rows on the traffic.
for row in "writer (from structs)" "forward (parse + bytes)" \
    "edit one field (parse + edit)"; do
  grep -qF "\"payload\": \"traffic\", \"row\": \"$row\"" "$dir/out.txt" || {
    echo "missing: traffic / $row" >&2
    exit 1
  }
done

"$bench" --export="$dir" "$dir"
[ "$(wc -l <"$dir/traffic.json")" -eq 20 ]
head -n 1 "$dir/traffic.json" | python3 -c '
import json, sys
m = json.loads(sys.stdin.readline())
assert m["type"] == "snapshot", m
p = m["players"][0]
assert len(p["pos"]) == 3 and isinstance(p["pos"][0], float), p
assert isinstance(m["voice"], str) and len(m["path"]) == 64, m.keys()
'
[ -s "$dir/traffic.msgpack" ]
echo PASS
