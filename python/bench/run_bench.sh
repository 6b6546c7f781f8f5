#!/bin/bash
# The Python speed table of docs/PERFORMANCE.md ("Python"), in one run on
# this machine: Godot 4 writes the payloads (benchmarks/compare/godot4/
# payloads.gd) and times its own decode of them (timing.gd), then
# bench_loads.py times gdwire, msgpack and (with a gdtype-python source
# folder) gdtype on the same messages.
#
#   python/bench/run_bench.sh [GDTYPE_SRC_DIR] [MESSAGES]
#
# GDTYPE_SRC_DIR: src/ of a checkout of github.com/anetczuk/gdtype-python
# (not part of this repository; its row is left out without it). The
# module must be importable (installed, or PYTHONPATH=python after a build).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
gdtype="${1:-}"
messages="${2:-2000}"
out="${GDWIRE_BENCH_DATA:-$root/bench-data}/python"
mkdir -p "$out"
payloads="$out/payloads-$messages"
proj="$(mktemp -d "${TMPDIR:-/tmp}/gdwire-pybench.XXXXXX")"
trap 'rm -rf "$proj"' EXIT
cp "$root"/benchmarks/compare/godot4/*.gd "$proj/"
printf 'config_version=5\n[application]\nconfig/name="gdwire bench"\n' >"$proj/project.godot"
"$root/setup/godot/install_godot4.sh" >/dev/null
if [ ! -s "$payloads/floats.bin" ]; then
  mkdir -p "$payloads"
  timeout 600 "$root/setup/godot/godot4" --path "$proj" -s payloads.gd -- \
    --out="$payloads" --messages="$messages" >"$proj/payloads.log" 2>&1
fi
timeout 900 "$root/setup/godot/godot4" --path "$proj" -s timing.gd -- \
  --dir="$payloads" --seconds=1.5 >"$out/engine-timing.txt" 2>&1
args=(--payloads="$payloads" --engine-timing="$out/engine-timing.txt" --markdown --repeat=7)
[ -n "$gdtype" ] && args+=(--gdtype="$gdtype")
/usr/bin/python3 "$root/python/bench/bench_loads.py" "${args[@]}"
