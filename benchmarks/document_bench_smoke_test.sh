#!/bin/bash
# Copyright 2026 The gdwire Authors.
#
# Runs every document_bench row for a moment, so the binary and its
# registrations cannot rot and no row reports an error (a parse failure).
set -euo pipefail
bench="$1"
out="${TEST_TMPDIR:-/tmp}/document_smoke.txt"
"$bench" --benchmark_min_time=0.0005 >"$out" 2>&1 || {
  cat "$out"
  exit 1
}
if grep -q 'ERROR OCCURRED' "$out"; then
  cat "$out"
  exit 1
fi
for want in BM_TrafficPushParser BM_TrafficDocumentParse \
  BM_TrafficDocumentRead BM_TrafficViewWalk BM_PlayersPushParser \
  BM_PlayersDocumentParse BM_PlayersDocumentRead BM_PlayersViewWalk \
  BM_TrafficViewRead BM_PlayersViewRead; do
  if ! grep -qF "$want" "$out"; then
    cat "$out"
    echo "missing: $want"
    exit 1
  fi
done
echo "document_bench smoke: ok"
