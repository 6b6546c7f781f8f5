#!/bin/bash
# Copyright 2026 The gdwire Authors.
#
# Runs every writer_bench row for a moment, so the binary and its
# registrations cannot rot and no row reports an error (the writer's bytes
# differing from the traffic's included).
set -euo pipefail
bench="$1"
out="${TEST_TMPDIR:-/tmp}/writer_smoke.txt"
"$bench" --benchmark_min_time=0.0005 >"$out" 2>&1 || {
  cat "$out"
  exit 1
}
if grep -q 'ERROR OCCURRED' "$out"; then
  cat "$out"
  exit 1
fi
for want in BM_WriterMemcpy BM_WriterTraffic BM_WriterTrafficFramed \
  BM_WriterEncodeVariants BM_WriterPackedMemcpy BM_WriterPackedFloats \
  BM_WriterPackedVector3 BM_ForwardTraffic BM_ForwardPlayer BM_EditMemcpy4K \
  BM_EditOneField4K BM_EditParseOneField4K; do
  if ! grep -qF "$want" "$out"; then
    cat "$out"
    echo "missing: $want"
    exit 1
  fi
done
echo "writer_bench smoke: ok"
