#!/bin/bash
# bazel run //benchmarks/ci:bench_compare -- ARGS: benchmarks/ci/bench_compare.py under
# python3, next to this script (a symlink into the source tree).
exec python3 "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench_compare.py" "$@"
