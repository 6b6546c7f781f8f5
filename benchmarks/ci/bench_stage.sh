#!/bin/bash
# The bench stage of tools/test.sh (STAGES=bench tools/test.sh): this commit's
# benchmarks against its parent's and against the floors.
#
#  1. builds (-c opt) the benchmark binaries listed in benchmarks/ci_bench.txt
#     from this tree, and the same binaries of the parent commit (HEAD~1, or
#     BENCH_BASE, e.g. the merge base) in a git worktree of this clone kept
#     under ~/.cache/gdwire-bench; both builds share one Bazel disk cache, so
#     the parent's build only compiles what the commit changed;
#  2. runs old and new interleaved, BENCH_ROUNDS rounds (old new | new old |
#     ...), each binary with the arguments ci_bench.txt gives it, pinned to
#     one CPU;
#  3. benchmarks/ci/bench_compare.py: each benchmark's change with its noise (CPU
#     time, medians, Mann-Whitney U); the stage fails when one is more than
#     BENCH_THRESHOLD slower (median and fastest run) with p < BENCH_ALPHA
#     and again so in BENCH_ROUNDS fresh rounds of the flagged ones alone,
#     when a floor of benchmarks/floors.txt is missed (and again so in
#     fresh rounds of its two benchmarks), or when a benchmark
#     reports an error. Report: bench-report/report.md and report.svg (the
#     raw runs in bench-report/runs/).
#
# No parent commit (first commit, shallow clone), a parent without the
# benchmarks or one that does not build: the A/B is skipped with a message
# and the floors are still checked.
#
# Environment: BENCH_BASE (commit, default HEAD~1), BENCH_BASE_LABEL
# (parent), BENCH_ROUNDS (8), BENCH_THRESHOLD (0.10), BENCH_ALPHA (0.01),
# BENCH_CPU (the CPU to pin to, default the last; "none": no pinning),
# BENCH_REPORT_DIR (bench-report), BENCH_WORKDIR (~/.cache/gdwire-bench).
# Time on the shared 2-core machine: see tools/test.sh.
set -uo pipefail
shopt -s nullglob
cd "$(dirname "$0")/../.."
ROOT="$PWD"
ROUNDS="${BENCH_ROUNDS:-8}"
REPORT="${BENCH_REPORT_DIR:-$ROOT/bench-report}"
WORK="${BENCH_WORKDIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gdwire-bench}"
BASE_REF="${BENCH_BASE:-HEAD~1}"
BASE_LABEL="${BENCH_BASE_LABEL:-parent}"
KEY="$(printf %s "$ROOT" | md5sum | cut -c1-8)"
WT="$WORK/$KEY/parent"
FLAGS=(-c opt --config=ci "--disk_cache=$WORK/disk_cache")
start="$(date +%s)"
say() { echo "bench: $*" >&2; }
since() { echo "$(($(date +%s) - $1)) s"; }

mkdir -p "$WORK/$KEY" || exit 1
exec 9>"$WORK/$KEY/lock"
flock 9  # one bench stage of this clone at a time
# Bazel servers outlive the stage: they must not inherit (and hold) the lock.
bazel() { command bazel "$@" 9>&-; }
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/new" "$TMP/base" "$TMP/new-bin" "$TMP/base-bin" "$TMP/run"

# benchmarks/ci_bench.txt: TARGET ARGS... (a binary a line; a bare name is
# one of //benchmarks). names: their files under bazel-bin (pkg/name).
names=()
targets=()
declare -A ARGS LABEL
while read -r name rest; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  [[ "$name" == //* ]] || name="//benchmarks:$name"
  path="${name#//}"
  path="${path%%:*}/${name##*:}"
  names+=("$path")
  targets+=("$name")
  LABEL[$path]="$name"
  ARGS[$path]="$rest"
done <benchmarks/ci_bench.txt
key() { echo "${1//\//_}"; }

# ---- this commit -------------------------------------------------------------
new_hash="$(git rev-parse --short HEAD 2>/dev/null || echo none)"
git diff --quiet HEAD 2>/dev/null || new_hash="$new_hash+changes"
t="$(date +%s)"
if ! bazel build "${FLAGS[@]}" -- "${targets[@]}"; then
  say "FAIL: this commit's benchmarks do not build"
  exit 1
fi
bin="$(bazel info "${FLAGS[@]}" bazel-bin 2>/dev/null)"
for n in "${names[@]}"; do
  cp "$bin/$n" "$TMP/new-bin/$(key "$n")" || exit 1
done
build_new="$(since "$t")"
for l in $(bazel query 'kind("cc_binary", //benchmarks/...)' 2>/dev/null); do
  p="${l#//}"
  p="${p%%:*}/${l##*:}"
  [[ -n "${ARGS[$p]+x}" ]] || say "note: $l is not in benchmarks/ci_bench.txt (not run)"
done

# ---- the parent ----------------------------------------------------------------
skip=""
base_hash=""
build_base="-"
if ! base="$(git rev-parse -q --verify "$BASE_REF^{commit}" 2>/dev/null)"; then
  skip="no commit $BASE_REF in this clone (first commit, or a shallow clone: fetch with --depth=2 or more)"
else
  base_hash="$(git rev-parse --short "$base")"
  t="$(date +%s)"
  git worktree prune
  if git -C "$WT" rev-parse -q --verify HEAD >/dev/null 2>&1; then
    git -C "$WT" checkout -q -f --detach "$base" || skip="cannot check out $base_hash"
  else
    rm -rf "$WT"
    git worktree add -q -f --detach "$WT" "$base" || skip="cannot make a worktree of $base_hash"
  fi
  if [[ -z "$skip" ]]; then
    # A Bazel server of its own (another workspace), gone after a minute idle.
    wbazel() { (cd "$WT" && bazel --max_idle_secs=60 "$@"); }
    have="$(wbazel query 'kind("cc_binary", //benchmarks/...)' 2>/dev/null)"
    wbin="$(wbazel info "${FLAGS[@]}" bazel-bin 2>/dev/null)"
    for n in "${names[@]}"; do
      l="${LABEL[$n]}"
      if ! grep -qxF "$l" <<<"$have"; then
        say "$BASE_LABEL $base_hash has no $l: its benchmarks only in this commit"
      elif wbazel build "${FLAGS[@]}" "$l"; then
        cp "$wbin/$n" "$TMP/base-bin/$(key "$n")"
      else
        say "$BASE_LABEL $base_hash: $l does not build: its benchmarks only in this commit"
      fi
    done
    build_base="$(since "$t")"
    base_bins=("$TMP/base-bin/"*)
    ((${#base_bins[@]})) || skip="$BASE_LABEL $base_hash has none of the benchmarks of benchmarks/ci_bench.txt"
  fi
fi
[[ -n "$skip" ]] && say "A/B skipped: $skip; the floors are still checked"

# ---- interleaved runs ----------------------------------------------------------
pin=()
cpu="${BENCH_CPU:-$(($(nproc) - 1))}"
if [[ "$cpu" != none ]] && command -v taskset >/dev/null && (($(nproc) > 1)); then
  pin=(taskset -c "$cpu")
fi
fail=0
run_side() {  # run_side SIDE ROUND [DIR FILTERS]: FILTERS[binary key]
  local side="$1" r="$2" n k args out a kept
  local dir="${3:-$1}"
  for n in "${names[@]}"; do
    k="$(key "$n")"
    [[ -x "$TMP/$side-bin/$k" ]] || continue
    read -r -a args <<<"${ARGS[$n]}"
    if [[ -n "${3:-}" ]]; then  # a re-run of the flagged benchmarks only
      [[ -n "${FILTER[$k]:-}" ]] || continue
      kept=()
      for a in "${args[@]}"; do
        [[ "$a" == --benchmark_filter=* ]] || kept+=("$a")
      done
      args=("${kept[@]}" "--benchmark_filter=${FILTER[$k]}")
    fi
    out="$TMP/$dir/$k.$r"
    # Old and new run from the same path with the same arguments: the
    # lengths of argv and of the strings a binary copies decide where its
    # heap buffers fall, which can move a kernel's time by 10% (identical
    # binaries run as base-bin/X and new-bin/X: +10.8%, p=0.001).
    ln -f "$TMP/$side-bin/$k" "$TMP/run/$k" || return 1
    if timeout 300 "${pin[@]}" "$TMP/run/$k" "${args[@]}" \
      "--benchmark_out=$TMP/run/out.json" --benchmark_out_format=json \
      >"$out.log" 2>&1; then
      mv "$TMP/run/out.json" "$out.json"
    else
      tail -5 "$out.log" >&2
      rm -f "$TMP/run/out.json" "$TMP/$side-bin/$k"
      if [[ "$side" == new ]]; then
        say "FAIL: this commit's ${LABEL[$n]} failed (round $r)"
        fail=1
      else
        say "$BASE_LABEL's ${LABEL[$n]} failed (round $r): its benchmarks only in this commit"
        rm -f "$TMP/base/$k".*.json
      fi
    fi
  done
}
t="$(date +%s)"
for ((r = 0; r < ROUNDS; r++)); do
  if [[ -z "$skip" ]] && ((r % 2 == 0)); then run_side base "$r"; fi
  run_side new "$r"
  if [[ -z "$skip" ]] && ((r % 2 == 1)); then run_side base "$r"; fi
done
run_time="$(since "$t")"

# ---- the benchmarks flagged, run again -----------------------------------------
# With a hundred benchmarks, a p < 0.01 beyond the threshold happens by
# chance now and then (1 in 2500 comparisons over 20 same-commit runs): a
# benchmark fails only if fresh rounds of it alone are slower too. So does a
# missed floor: its two benchmarks run at different moments of a run, and a
# burst of other processes' load can fall on one of them (a same-commit run
# missed the DOM's 1.15x floor at 0.99x while another process built a root
# fs); it fails only if fresh rounds of both miss it too.
confirm=()
declare -A FILTER
base_json=("$TMP"/base/*.json)
flag_args=(--new "$TMP"/new/*.json --floors=benchmarks/floors.txt)
if [[ -z "$skip" && ${#base_json[@]} -gt 0 ]]; then
  flag_args+=(--base "${base_json[@]}")
fi
: >"$TMP/flagged.txt"
python3 benchmarks/ci/bench_compare.py "${flag_args[@]}" \
  "--threshold=${BENCH_THRESHOLD:-0.10}" "--alpha=${BENCH_ALPHA:-0.01}" \
  "--flagged-out=$TMP/flagged.txt" >/dev/null 2>&1
while IFS=$'\t' read -r k name; do
  re="$(python3 -c 'import re,sys; print(re.escape(sys.argv[1]))' "$name")"
  FILTER[$k]="${FILTER[$k]:+${FILTER[$k]}|}$re"
done <"$TMP/flagged.txt"
# (not ${#FILTER[@]}: bash 5.1 calls an empty associative array unbound
# under set -u)
if [[ -s "$TMP/flagged.txt" ]]; then
  for k in "${!FILTER[@]}"; do FILTER[$k]="^(${FILTER[$k]})(/real_time)?\$"; done
  say "flagged (slower, or in a missed floor): $(cut -f2 "$TMP/flagged.txt" | tr '\n' ' ')- running them again ($ROUNDS rounds)"
  mkdir -p "$TMP/cbase" "$TMP/cnew"
  t="$(date +%s)"
  for ((r = 0; r < ROUNDS; r++)); do
    if [[ -z "$skip" ]] && ((r % 2 == 0)); then run_side base "$r" cbase 1; fi
    run_side new "$r" cnew 1
    if [[ -z "$skip" ]] && ((r % 2 == 1)); then run_side base "$r" cbase 1; fi
  done
  run_time="$run_time, again $(since "$t")"
  cnew=("$TMP"/cnew/*.json)
  cbase=("$TMP"/cbase/*.json)
  if ((${#cnew[@]})); then
    confirm=(--confirm-new "${cnew[@]}")
    ((${#cbase[@]})) && confirm+=(--confirm-base "${cbase[@]}")
  fi
fi
target="$(grep -ho 'TargetName() = [A-Z0-9_]*' "$TMP"/new/*.log 2>/dev/null | head -1 | sed 's/.*= //')"

# ---- compare -------------------------------------------------------------------
args=(--new "$TMP"/new/*.json --floors=benchmarks/floors.txt
  "--report-dir=$REPORT" "--new-label=this commit $new_hash"
  "--threshold=${BENCH_THRESHOLD:-0.10}" "--alpha=${BENCH_ALPHA:-0.01}"
  "--note=$(python3 benchmarks/report/machine.py line "--simd=${target:-?}") at the end; ${pin[*]:-no pinning}"
  "--note=$ROUNDS rounds$([[ -z "$skip" ]] && echo ", old and new interleaved"); builds: this commit $build_new, $BASE_LABEL $build_base; runs $run_time")
if [[ -z "$skip" && ${#base_json[@]} == 0 ]]; then
  skip="no run of $BASE_LABEL $base_hash's benchmarks succeeded"
  say "A/B skipped: $skip"
fi
if [[ -z "$skip" ]]; then
  args+=(--base "$TMP"/base/*.json "--base-label=$BASE_LABEL $base_hash")
else
  args+=("--base-label=$BASE_LABEL ${base_hash:-(none)}" "--note=A/B skipped: $skip")
fi
args+=("${confirm[@]}")
python3 benchmarks/ci/bench_compare.py "${args[@]}" || fail=1
# The raw runs, for benchmarks/ci/bench_compare.py by hand.
rm -rf "$REPORT/runs" && mkdir -p "$REPORT/runs" && cp -r "$TMP/new" "$TMP/base" "$REPORT/runs/"
say "$(since "$start") in all (builds: this commit $build_new, $BASE_LABEL $build_base; $ROUNDS rounds: $run_time)"
exit $fail
