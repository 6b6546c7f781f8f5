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
#                                                  FUZZ_SECONDS per target,
#                                                  one target per core at a
#                                                  time; any finding fails)
#   4. cmake    tests/cmake/run_cmake_test.sh    (the CMake build + CTest,
#                                                  the install test and the
#                                                  .deb on a fresh Debian 12
#                                                  root fs: ~1/2 min more)
#   4b. python  python/run_python_test.sh        (the Python module built
#                                                  on the cmake stage's build,
#                                                  pip-installed in a venv,
#                                                  pytest; each case counted:
#                                                  ~1 min, 7.5 min alone)
#   5. consumer tests/consumer/run_consumer_test.sh (gdwire as a Bazel
#                                                  dependency)
#   6. bench    benchmarks/ci/bench_stage.sh              (-c opt benchmarks: this
#                                                  commit against its parent,
#                                                  interleaved, and the floors
#                                                  of benchmarks/floors.txt;
#                                                  writes bench-report/)
# The default stage installs the real Godot engines first (setup/godot/)
# for the live interop tests. Each stage's wall time is printed as it ends. From a fresh clone on a
# shared 2-core machine, 2026-11-23, 30 s per fuzz target (load ~5):
# default 170 s, asan 527 s, fuzz 397 s, 18m16s in all (under load 3-9
# with 45 s per target: 598 + 844 + 352 s, 29m56s). The engines (~2.5 min fresh), cmake (~3.5 min) and
# consumer (~1 min) stages add about 7 minutes; bench 4-5.5 (from a fresh
# clone under load 6-8: 248 s = builds 95 s + the parent's 12 s from the
# shared disk cache + 8 rounds 139 s; with a parser change, 312 s = 85 +
# 40 + 186 s).
# A fresh machine (2-vCPU AMD EPYC, nothing installed, no Bazel cache),
# 2026-11-26, `CI=true .ci/run` from a clean clone: 44 min in all, installs
# and the Godot 4 debootstrap ~2 min, default 423 s, asan 1065 s (three
# CLI tests cut off by the old timeouts; run out, cli_verdicts_test alone
# takes ~600 s of one CPU under ASan), fuzz
# 484 s, cmake 310 s (the .deb test's debootstrap included), consumer 40 s,
# bench 209 s.
# A fresh minimal Debian 12 root fs (debootstrap minbase + sudo, git,
# ca-certificates), the sudo user, 2026-11-26 (setup/check_fresh_machine.sh,
# on a 2-vCPU AMD EPYC with other work beside it): 2037 s in all, 30,905
# passed, 0 failed, 1 skipped: default 284 s, asan 787 s, fuzz 480 s,
# cmake 190 s (cpack needs `file`, now installed by the stage), consumer
# 32 s, bench 200 s.
#
# Since 2026-11-27 the CLI tests start the tool through `gdwire each`
# (cli_verdicts_test under ASan on this shared 2-core machine: 349 s -> 14 s
# wall, 171 -> 8 s of CPU) and the fuzz stage runs one target per core
# (its 14 x 30 s of fuzzing in a ~300 s window under load, was ~470 s; each
# target's executions no fewer).
#
# Usage: tools/test.sh [extra bazel flags, given to every stage]
# Environment: STAGES="default asan fuzz cmake python consumer bench" (a subset),
#              FUZZ_SECONDS=30 (per fuzz target), FUZZ_JOBS=$(nproc) (fuzz
#              targets at once: each runs single-threaded, so one a core
#              gives each target its FUZZ_SECONDS of a core, as one at a
#              time did, and leaves no core idle).
set -uo pipefail
cd "$(dirname "$0")/.."
setup/install_deps.sh || exit 1
# The real engines for the live interop tests (//tests/interop, in the
# default stage). If one cannot be installed its test fails and says so.
if [[ " ${STAGES:-default} " == *" default "* ]]; then
  setup/godot/install_godot3.sh || echo "Godot 3 install failed" >&2
  setup/godot/install_godot4.sh || echo "Godot 4 install failed" >&2
  # Pandemonium 5.3 from ../shared/engines/pandemonium when it is there (CI);
  # without it //tests/interop:interop_pandemonium_test says SKIPPED.
  setup/pandemonium/install_pandemonium.sh || echo "Pandemonium install failed" >&2
fi

STAGES="${STAGES:-default asan fuzz cmake python consumer bench}"
FUZZ_SECONDS="${FUZZ_SECONDS:-30}"
# One fuzz target a core, and no more than the memory holds (libFuzzer's
# -rss_limit_mb=2048 each, tests/fuzz/run_fuzzer.sh).
mem_jobs=$(($(awk '/^MemAvailable:/ {print $2}' /proc/meminfo) / 2500000))
FUZZ_JOBS="${FUZZ_JOBS:-$(($(nproc) < mem_jobs ? $(nproc) : (mem_jobs > 0 ? mem_jobs : 1)))}"
tally="$(mktemp)"
# The cmake stage's build folder, reused by the python stage.
cmake_build="$(mktemp -d)"
trap 'rm -rf "$tally" "$cmake_build"' EXIT
rc=0

# --config=fuzz alone: every target is built with every sanitizer check.
FUZZ_FLAGS=(--config=fuzz "--test_env=FUZZ_SECONDS=$FUZZ_SECONDS")

# stage NAME PATTERN BAZEL_FLAGS...
stage() {
  local name="$1" pattern="$2"
  shift 2
  local start
  start="$(date +%s)"
  echo "=== stage $name: bazel test $* $pattern" >&2
  # When bazel passes every test, every test.xml is this run's verdict
  # (cached results keep their old files): count them all. When it fails,
  # a test.xml older than the stage is left from an earlier run (a test
  # that did not build this time) and counts as a failure.
  local since=()
  bazel test --config=ci "$@" "${EXTRA[@]}" -- "$pattern" ||
    { rc=1; since=(--since="$start"); }
  python3 tests/test_summary.py --stage="$name" "${since[@]}" \
    --tally="$tally" --flags="$*" "$pattern" || rc=1
  echo "=== stage $name: $(($(date +%s) - start)) s wall" >&2
}

# script_stage NAME COMMAND...: a script that passes or fails as a whole
# (one test in the tally).
script_stage() {
  local name="$1" start
  shift
  start="$(date +%s)"
  echo "=== stage $name: $*" >&2
  if "$@"; then
    echo "$name 1 0 0" >>"$tally"
  else
    echo "$name 0 1 0" >>"$tally"
    rc=1
  fi
  echo "=== stage $name: $(($(date +%s) - start)) s wall" >&2
}

# python_stage: the pytest suite of the Python module, each case counted
# (its JUnit XML); on the cmake stage's build when that stage ran.
python_stage() {
  local start xml
  start="$(date +%s)"
  xml="$cmake_build/python-test.xml"
  echo "=== stage python: python/run_python_test.sh" >&2
  if [ -f "$cmake_build/CMakeCache.txt" ]; then
    GDWIRE_CMAKE_BUILD_DIR="$cmake_build" python/run_python_test.sh "$xml" || rc=1
  else
    python/run_python_test.sh "$xml" || rc=1
  fi
  python3 tests/test_summary.py --stage=python --since="$start" \
    --tally="$tally" --junit="$xml" || rc=1
  echo "=== stage python: $(($(date +%s) - start)) s wall" >&2
}

EXTRA=("$@")
for s in $STAGES; do
  case "$s" in
    default) stage default //... ;;
    asan) stage asan //... --config=asan --build_tests_only \
            --test_tag_filters=-interop ;;
    fuzz) stage fuzz //tests/fuzz:all "${FUZZ_FLAGS[@]}" \
            "--local_test_jobs=$FUZZ_JOBS" ;;
    cmake) GDWIRE_CMAKE_BUILD_DIR="$cmake_build" \
             script_stage cmake tests/cmake/run_cmake_test.sh ;;
    python) python_stage ;;
    consumer) script_stage consumer tests/consumer/run_consumer_test.sh ;;
    bench) script_stage bench benchmarks/ci/bench_stage.sh ;;
    *) echo "unknown stage $s" >&2; rc=1 ;;
  esac
done
python3 tests/test_summary.py --sum="$tally" || rc=1
exit $rc
