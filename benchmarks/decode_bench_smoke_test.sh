#!/bin/bash
# Smoke test: every decode benchmark runs at its smallest size for a moment
# without an error, so the binary and its registrations cannot rot.
set -euo pipefail
bench="$1"
out="${TEST_TMPDIR:-/tmp}/decode_smoke.txt"
"$bench" --benchmark_min_time=0.0005 \
  --benchmark_filter='/(0|1400|16|1024)$' >"$out" 2>&1 || {
  cat "$out"
  exit 1
}
if grep -q 'ERROR OCCURRED' "$out"; then
  cat "$out"
  exit 1
fi
for want in BM_TrafficMemcpy/1400 BM_TrafficStreamSkip/1400 \
  BM_TrafficStreamDom/0 BM_TrafficViewValidate/0 BM_TrafficReference/0 \
  BM_TrafficOwnedDecode/0 BM_TrafficOwnedDocument/0 \
  BM_PackedMemcpy/1024 BM_PackedViewCopyToFloat/1024 BM_PackedViewOpen/16; do
  if ! grep -qF "$want" "$out"; then
    cat "$out"
    echo "missing: $want"
    exit 1
  fi
done
echo "decode_bench smoke test OK ($(grep -c '^BM_' "$out") benchmarks)"
