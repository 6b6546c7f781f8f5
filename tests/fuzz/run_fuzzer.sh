#!/bin/bash
# Runs a fuzz target over its seed corpus, its regression corpus
# (tests/fuzz/regressions/<target>/: every input that ever found a bug) and
# the corpus its long campaign grew (tests/fuzz/corpora/<target>/, see
# tests/fuzz/fuzz_campaign.sh).
#   --config=fuzz: a bounded libFuzzer session (FUZZ_SECONDS, default 20)
#     that starts from all three; any crash, leak, sanitizer report, timeout
#     or out-of-memory fails the test, and the input is saved under the
#     test's undeclared outputs (bazel-testlogs/.../test.outputs/).
#   otherwise: a plain replay of every seed, regression and corpus input.
# Usage: run_fuzzer.sh FUZZER SEEDS_TAR REGRESSION_DIR [CORPUS_DIR]
set -euo pipefail
fuzzer="$1"
seeds_tar="$2"
regressions="$3"
grown="${4:-}"
work="${TEST_TMPDIR:-$(mktemp -d)}"
tar -C "$work" -xf "$seeds_tar"
mkdir -p "$work/regressions" "$work/corpus"
if [ -d "$regressions" ]; then
  find -L "$regressions" -type f ! -name '*.md' -exec cp {} "$work/regressions/" \;
fi
# The committed corpus is copied: libFuzzer writes what it finds into the
# first directory, which must not be the source tree.
if [ -n "$grown" ] && [ -d "$grown" ]; then
  find -L "$grown" -type f -exec cp {} "$work/corpus/" \;
fi
help="$("$fuzzer" -help=1 2>&1 || true)"
if [[ "$help" == *"To run fuzzing"* ]]; then
  out="${TEST_UNDECLARED_OUTPUTS_DIR:-$work}"
  exec "$fuzzer" -max_total_time="${FUZZ_SECONDS:-20}" -rss_limit_mb=2048 \
    -malloc_limit_mb=256 -timeout=10 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$out/" "$work/corpus" "$work/seeds" "$work/regressions"
fi
shopt -s nullglob
exec "$fuzzer" "$work"/seeds/* "$work"/regressions/* "$work"/corpus/*
