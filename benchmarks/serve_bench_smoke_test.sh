#!/bin/bash
# serve_bench runs every benchmark for a moment, so the binary cannot rot
# (a call the server stops answering fails it).
set -euo pipefail
out="$("$1" --benchmark_min_time=0.01 2>&1)" || { echo "$out"; exit 1; }
echo "$out"
if grep -q "ERROR OCCURRED" <<<"$out"; then exit 1; fi
for b in BM_CoreEcho BM_Memcpy; do
  grep -q "^$b" <<<"$out" || { echo "missing $b"; exit 1; }
done
