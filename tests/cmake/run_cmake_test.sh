#!/bin/bash
# The CMake door: configure, build and run CTest in a temporary build
# directory (removed afterwards unless KEEP_BUILD=1). Installs cmake and the
# system libraries with apt-get when missing (idempotent).
#
#   tests/cmake/run_cmake_test.sh [extra cmake -D options]
#   JOBS=2 BUILD_TYPE=Release (defaults)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jobs="${JOBS:-2}"

PKGS=(cmake make g++ libabsl-dev libhwy-dev libgtest-dev libgmock-dev
      libbenchmark-dev rapidjson-dev python3)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  . "$root/tools/as_root.sh"
  need_root "installing ${missing[*]}"
  echo "installing: ${missing[*]}" >&2
  as_root_apt update -qq
  as_root_apt install -y -qq "${missing[@]}" >/dev/null
fi

build="$(mktemp -d "${TMPDIR:-/tmp}/gdwire-cmake.XXXXXX")"
if [ "${KEEP_BUILD:-0}" != 1 ]; then
  trap 'rm -rf "$build"' EXIT
else
  echo "build directory: $build"
fi
start=$(date +%s)
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "$@" >"$build/configure.log" 2>&1 || {
  cat "$build/configure.log" >&2
  exit 1
}
grep -E "gdwire libraries" "$build/configure.log" || true
cmake --build "$build" -j "$jobs" >"$build/build.log" 2>&1 || {
  tail -n 80 "$build/build.log" >&2
  echo "FAIL: cmake build" >&2
  exit 1
}
# Smoke: the CLI decodes a real Godot 3 stream.
"$build/gdwire" decode --dialect=godot3 --framing=stream \
  "$root/tests/data/corpus/godot3/framing/stream_put_var_tcp.bin" | head -n 3
timeout 600 ctest --test-dir "$build" --output-on-failure -j "$jobs"
echo "PASS: cmake build and ctest, $(($(date +%s) - start)) s"
