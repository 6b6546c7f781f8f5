#!/bin/bash
# The command line tool's throughput on a large Godot 4 recording:
# `gdwire validate` and `gdwire decode --format=json|text` at each thread
# count beside `cat` of the same file (benchmarks/cli/cli_bench.py).
#
#   benchmarks/cli/cli_bench.sh                      # threads 1 and 2
#   benchmarks/cli/cli_bench.sh --threads=1,2,4,8,16 # scaling on a big machine
#   benchmarks/cli/cli_bench.sh --input=REC.bin      # any StreamPeer recording
#
# Builds //tools:gdwire with -c opt; without --input, Godot 4.6.3 writes
# 20,000 snapshot messages as a StreamPeer stream
# (benchmarks/compare/godot4/payloads.gd, as compare.sh does; cached in
# bench-data/cli/, GDWIRE_BENCH_DATA moves it), repeated to 100+ MB.
# Other arguments (--reps=N, --min-mb=M, --out=FILE) go to cli_bench.py.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
data="${GDWIRE_BENCH_DATA:-$root/bench-data}/cli"
input=""
args=()
for a in "$@"; do
  case "$a" in
    --input=*) input="${a#--input=}" ;;
    -h | --help)
      sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) args+=("$a") ;;
  esac
done
mkdir -p "$data"
bazel build -c opt //tools:gdwire 2>&1 | tail -n 1 >&2
gdwire="$data/gdwire"
cp -f "$(bazel info -c opt bazel-bin 2>/dev/null)/tools/gdwire" "$gdwire"
if [ -z "$input" ]; then
  input="$data/traffic.bin"
  if [ ! -s "$input" ]; then
    setup/godot/install_godot4.sh >/dev/null
    proj="$(mktemp -d "${TMPDIR:-/tmp}/gdwire-cli-bench.XXXXXX")"
    trap 'rm -rf "$proj"' EXIT
    cp benchmarks/compare/godot4/payloads.gd "$proj/"
    printf 'config_version=5\n[application]\nconfig/name="gdwire bench"\n' >"$proj/project.godot"
    mkdir -p "$proj/out"
    timeout 600 setup/godot/godot4 --path "$proj" -s payloads.gd -- \
      --out="$proj/out" --messages=20000 >"$proj/engine.log" 2>&1 || true
    grep -q "^PAYLOADS godot4" "$proj/engine.log" || {
      cat "$proj/engine.log" >&2
      echo "cli_bench.sh: Godot 4 did not write the traffic" >&2
      exit 1
    }
    mv "$proj/out/traffic.bin" "$input"
  fi
fi
exec python3 benchmarks/cli/cli_bench.py --gdwire="$gdwire" --input="$input" \
  --work="$data" "${args[@]}"
