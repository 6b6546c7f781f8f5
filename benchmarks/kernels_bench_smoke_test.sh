#!/bin/bash
# Smoke test: every kernel benchmark (SIMD and scalar) and the memcpy
# baselines run at the 4 KiB size for a moment, and the summary appears.
set -euo pipefail
bench="$1"
out="${TEST_TMPDIR:-/tmp}/smoke.txt"
"$bench" --benchmark_min_time=0.0005 \
  --benchmark_filter='/(2048|4096|8192)(/|$)' >"$out" 2>&1 || {
  cat "$out"
  exit 1
}
for want in 'gdwire::simd::TargetName() = ' 'BM_LoadF32LE_SIMD/4096' \
  'BM_Utf8StrictMixed_Scalar/4096' 'BM_Memcpy/8192' 'Summary (target ' \
  'WritePackedStrings'; do
  if ! grep -qF "$want" "$out"; then
    cat "$out"
    echo "missing: $want"
    exit 1
  fi
done
echo "kernels_bench smoke test OK ($(grep -c '^BM_' "$out") benchmarks)"
