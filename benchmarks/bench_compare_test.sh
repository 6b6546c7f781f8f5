#!/bin/bash
# tools/bench_compare.py on hand-made Google Benchmark JSON: a regression
# beyond the threshold is flagged (exit 1), a smaller slowdown passes (exit
# 0), one-file mode pairs candidates with named baselines of the same size,
# time units are converted, and bad input exits 2.
set -uo pipefail
compare="$1"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
fail=0

expect() {  # expect STATUS GREP_PATTERN -- ARGS...
  local want="$1" pattern="$2"
  shift 3
  local out status
  out="$(python3 "$compare" "$@" 2>&1)"
  status=$?
  if [[ "$status" != "$want" ]] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL: bench_compare $* -> exit $status (want $want), output:"
    echo "$out"
    echo "(expected to match: $pattern)"
    fail=1
  else
    echo "ok: exit $status for $*"
  fi
}

json() {  # json FILE "name unit real_time" ...
  local file="$1"
  shift
  {
    echo '{"context": {"date": "x"}, "benchmarks": ['
    local first=1
    for spec in "$@"; do
      read -r name unit t <<<"$spec"
      [[ $first == 1 ]] || echo ','
      first=0
      printf '{"name": "%s", "run_name": "%s", "run_type": "iteration", "iterations": 100, "real_time": %s, "cpu_time": %s, "time_unit": "%s"}' \
        "$name" "$name" "$t" "$t" "$unit"
    done
    echo ']}'
  } >"$file"
}

json "$tmp/base.json" "BM_A/4096 ns 100" "BM_B/4096 ns 200" "BM_Only/1 ns 5"
json "$tmp/same.json" "BM_A/4096 ns 105" "BM_B/4096 us 0.190"
json "$tmp/slow.json" "BM_A/4096 ns 125" "BM_B/4096 ns 200"

# 5% slower and 5% faster (in us): within 10%.
expect 0 '2 compared, 0 regression' -- "$tmp/base.json" "$tmp/same.json" --threshold=0.10
# 25% slower: flagged.
expect 1 'BM_A/4096 .*REGRESSION' -- "$tmp/base.json" "$tmp/slow.json" --threshold=0.10
# ... but not with a 30% threshold.
expect 0 '0 regression' -- "$tmp/base.json" "$tmp/slow.json" --threshold=0.30

# One file: kernels against BM_Memcpy of the same size.
json "$tmp/one.json" "BM_Memcpy/4096/real_time ns 10" "BM_Memcpy/8192/real_time ns 20" \
  "BM_Fast_SIMD/4096/real_time ns 10.5" "BM_Fast_SIMD/8192/real_time ns 19" \
  "BM_Fast_Scalar/4096/real_time ns 80"
expect 0 '2 compared, 0 regression' -- "$tmp/one.json" --baseline-pattern=BM_Memcpy/ --candidate-pattern=_SIMD/
expect 1 'BM_Fast_Scalar/4096 .*REGRESSION  \(vs BM_Memcpy/4096\)' -- "$tmp/one.json"
json "$tmp/one_bad.json" "BM_Memcpy/4096 ns 10" "BM_Slow_SIMD/4096 ns 12"
expect 1 'BM_Slow_SIMD/4096.*0\.83x.*REGRESSION' -- "$tmp/one_bad.json" --candidate-pattern=_SIMD

# Aggregates: the median wins over the individual repetitions.
cat >"$tmp/agg.json" <<'JSON'
{"benchmarks": [
 {"name": "BM_A/4096", "run_name": "BM_A/4096", "run_type": "iteration", "real_time": 500, "cpu_time": 500, "time_unit": "ns"},
 {"name": "BM_A/4096_mean", "run_name": "BM_A/4096", "run_type": "aggregate", "aggregate_name": "mean", "real_time": 300, "cpu_time": 300, "time_unit": "ns"},
 {"name": "BM_A/4096_median", "run_name": "BM_A/4096", "run_type": "aggregate", "aggregate_name": "median", "real_time": 101, "cpu_time": 101, "time_unit": "ns"}
]}
JSON
expect 0 '1 compared, 0 regression' -- "$tmp/base.json" "$tmp/agg.json"

# Bad input.
expect 2 'cannot read' -- "$tmp/missing.json"
echo '{"nothing": 1}' >"$tmp/junk.json"
expect 2 "no 'benchmarks' list" -- "$tmp/junk.json"
expect 2 'no benchmarks to compare' -- "$tmp/base.json" --baseline-pattern=NOPE

exit $fail
