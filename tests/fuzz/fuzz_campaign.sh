#!/bin/bash
# A long libFuzzer campaign over the fuzz targets (tests/fuzz), as run for
# docs/FUZZING.md: each target starts from its committed corpus
# (tests/fuzz/corpora/<target>/), the seeds and the regression inputs, runs
# for RUNS executions (or at most SECONDS), and the corpus it grew is
# minimised (-merge=1) back into tests/fuzz/corpora/<target>/. One line per
# target goes to the report (executions, exec/s, coverage in edges at the
# start and at the end, findings); crashes are kept under $WORK/<target>/.
#
# Usage: tests/fuzz/fuzz_campaign.sh [TARGET...]   (default: every target)
# Environment: RUNS (default 10000000), SECONDS_CAP (default 1200 a target),
#              JOBS (parallel libFuzzer processes a target, default 1),
#              WORK (default /tmp/gdwire-fuzz-campaign), REPORT (default
#              $WORK/report.tsv), CORPORA (default tests/fuzz/corpora: where
#              the corpora are read from and merged back to; point it
#              elsewhere while a test run reads the tree). Runs under
#              nice -n 19.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS="${RUNS:-10000000}"
SECONDS_CAP="${SECONDS_CAP:-1200}"
JOBS="${JOBS:-1}"
WORK="${WORK:-/tmp/gdwire-fuzz-campaign}"
REPORT="${REPORT:-$WORK/report.tsv}"
CORPORA="${CORPORA:-tests/fuzz/corpora}"
mkdir -p "$WORK"

targets=("$@")
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(sed -n 's/^ *name = "\([a-z_]*_fuzzer\)",$/\1/p' \
    tests/fuzz/BUILD.bazel)
fi

# Which seed tarball each target uses (its BUILD entry's seeds =, or :seeds).
seeds_of() {
  python3 - "$1" <<'EOF'
import re, sys
src = open("tests/fuzz/BUILD.bazel").read()
for block in re.split(r"\ngdwire_fuzz_target\(", src)[1:]:
    name = re.search(r'name = "([^"]+)"', block).group(1)
    if name == sys.argv[1]:
        m = re.search(r'seeds = ":([^"]+)"', block.split("\n)")[0])
        print(m.group(1) if m else "seeds")
EOF
}

labels=()
for t in "${targets[@]}"; do
  labels+=("//tests/fuzz:$t" "//tests/fuzz:$(seeds_of "$t")")
done
bazel build --config=fuzz "${labels[@]}" >&2
bin="$(bazel info --config=fuzz bazel-bin 2>/dev/null)/tests/fuzz"

[[ -s "$REPORT" ]] || printf 'target\texecutions\texec_per_s\tseconds\tcov_start\tcov_end\tcorpus_files\tfindings\n' >"$REPORT"
for t in "${targets[@]}"; do
  d="$WORK/$t"
  rm -rf "$d" && mkdir -p "$d/grow" "$d/art"
  cp "$bin/$t" "$d/fuzzer"
  tar -C "$d" -xf "$bin/$(seeds_of "$t").tar"
  mkdir -p "$CORPORA/$t" "$d/regressions"
  find "tests/fuzz/regressions/$t" -type f ! -name '*.md' \
    -exec cp {} "$d/regressions/" \; 2>/dev/null || true
  cp -r "$CORPORA/$t/." "$d/grow/"
  start="$(date +%s)"
  args=(-runs="$RUNS" -max_total_time="$SECONDS_CAP" -rss_limit_mb=2048
        -malloc_limit_mb=256 -timeout=10 -max_len=4096 -print_final_stats=1
        -artifact_prefix="$d/art/")
  if ((JOBS > 1)); then
    # -fork keeps going after a finding; every crash lands in art/.
    args+=(-fork="$JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  set +e
  nice -n 19 "$d/fuzzer" "${args[@]}" "$d/grow" "$d/seeds" "$d/regressions" \
    >"$d/log" 2>&1
  rc=$?
  set -e
  secs=$(($(date +%s) - start))
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$d/log" | tail -1)"
  if [[ -z "$execs" ]]; then  # fork mode: the last status line's #N
    execs="$(grep -o '^#[0-9]*' "$d/log" | tail -1 | tr -d '#')"
  fi
  cov0="$(grep -m1 -o 'INITED cov: [0-9]*' "$d/log" | grep -o '[0-9]*$' || true)"
  cov1="$(grep -o 'cov: [0-9]*' "$d/log" | tail -1 | grep -o '[0-9]*$' || true)"
  # Minimise what grew (plus what was committed) back into the corpus.
  # The merge starts from the seeds, so the corpus keeps only what adds
  # coverage beyond them (the seeds are rebuilt from the corpora anyway).
  rm -rf "$d/min" && cp -r "$d/seeds" "$d/min"
  nice -n 19 "$d/fuzzer" -merge=1 -rss_limit_mb=2048 -timeout=10 \
    -max_len=4096 "$d/min" "$d/grow" >"$d/merge.log" 2>&1 || true
  (cd "$d/seeds" && find . -type f -printf '%P\n') | while read -r f; do
    rm -f "$d/min/$f"
  done
  rm -rf "${CORPORA:?}/$t" && mkdir -p "$CORPORA/$t"
  cp "$d/min"/* "$CORPORA/$t/" 2>/dev/null || true
  n="$(find "$CORPORA/$t" -type f | wc -l)"
  findings="$(find "$d/art" -type f | wc -l)"
  ((rc == 0)) || findings="$findings (exit $rc)"
  rate=$((execs / (secs > 0 ? secs : 1)))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$execs" "$rate" "$secs" \
    "$cov0" "$cov1" "$n" "$findings" | tee -a "$REPORT"
done
