#!/bin/bash
# Runs the whole test suite and prints one closing line 'N passed, N failed,
# N skipped' that sums every stage:
#   1. default  bazel test //...                  (gcc; the fuzz targets
#                                                  replay their seeds and
#                                                  regression corpora)
#   2. asan     bazel test --config=asan //...    (gcc ASan+UBSan; no
#                                                  interop: the engines are
#                                                  not sanitized)
#   3. fuzz     bazel test --config=fuzz //tests/fuzz:all
#                                                 (clang libFuzzer+ASan+UBSan,
#                                                  FUZZ_SECONDS per target;
#                                                  any finding fails)
# Each stage's wall time is printed as it ends. From a fresh clone on a
# shared 2-core machine (load 3-9), 2026-11-23, with 45 s per fuzz target:
# default 598 s, asan 844 s, fuzz 352 s, 29m56s in all; 30 s per target
# saves about 2 minutes.
#
# Usage: tools/test.sh [extra bazel flags, given to every stage]
# Environment: STAGES="default asan fuzz" (a subset to run),
#              FUZZ_SECONDS=30 (per fuzz target).
set -uo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh || exit 1

STAGES="${STAGES:-default asan fuzz}"
FUZZ_SECONDS="${FUZZ_SECONDS:-30}"
tally="$(mktemp)"
trap 'rm -f "$tally"' EXIT
rc=0

# Debian's RapidJSON 1.1.0 adds an offset to a null pointer on the first
# push of every parse (internal/stack.h:117; fixed upstream), which clang's
# UBSan reports in FromJson. Until the library is fixed, json.cc is built
# without that one check when fuzzing (tests/fuzz/regressions/README.md).
FUZZ_FLAGS=(--config=fuzz "--test_env=FUZZ_SECONDS=$FUZZ_SECONDS"
            "--per_file_copt=codec/text/json.cc@-fno-sanitize=pointer-overflow")

# stage NAME PATTERN BAZEL_FLAGS...
stage() {
  local name="$1" pattern="$2"
  shift 2
  local start
  start="$(date +%s)"
  echo "=== stage $name: bazel test $* $pattern" >&2
  bazel test --config=ci "$@" "${EXTRA[@]}" -- "$pattern" || rc=1
  python3 tools/test_summary.py --stage="$name" --since="$start" \
    --tally="$tally" --flags="$*" "$pattern" || rc=1
  echo "=== stage $name: $(($(date +%s) - start)) s wall" >&2
}

EXTRA=("$@")
for s in $STAGES; do
  case "$s" in
    default) stage default //... ;;
    asan) stage asan //... --config=asan --build_tests_only \
            --test_tag_filters=-interop ;;
    fuzz) stage fuzz //tests/fuzz:all "${FUZZ_FLAGS[@]}" \
            --local_test_jobs=1 ;;
    *) echo "unknown stage $s" >&2; rc=1 ;;
  esac
done
python3 tools/test_summary.py --sum="$tally" || rc=1
exit $rc
