#!/bin/bash
# Runs a fuzz target over its seed corpus: a bounded libFuzzer session under
# --config=fuzz (FUZZ_SECONDS, default 20), a plain replay otherwise.
set -euo pipefail
fuzzer="$1"
seeds_tar="$2"
work="${TEST_TMPDIR:-$(mktemp -d)}"
tar -C "$work" -xf "$seeds_tar"
help="$("$fuzzer" -help=1 2>&1 || true)"
if [[ "$help" == *"To run fuzzing"* ]]; then
  mkdir -p "$work/corpus"
  exec "$fuzzer" -max_total_time="${FUZZ_SECONDS:-20}" -rss_limit_mb=2048 \
    -print_final_stats=1 "$work/corpus" "$work/seeds"
fi
exec "$fuzzer" "$work"/seeds/*
