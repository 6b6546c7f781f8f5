#!/bin/bash
# enet_bench runs every benchmark for a moment on the real recording, so the
# binary cannot rot (and a packet that stops decoding fails it).
set -euo pipefail
cd "${TEST_SRCDIR:-.}/gdwire" 2>/dev/null || true
out="$("$1" --benchmark_min_time=0.01 2>&1)" || { echo "$out"; exit 1; }
echo "$out"
if grep -q "ERROR OCCURRED" <<<"$out"; then exit 1; fi
for b in BM_EnetMemcpy BM_EnetDecode BM_EnetMultiplayer BM_EnetCapture BM_TcpCapture; do
  grep -q "^$b" <<<"$out" || { echo "missing $b"; exit 1; }
done
