#!/bin/bash
# tools/test.sh's python stage: installs what the Python module needs
# (Debian packages only), builds it with the project's CMake and installs it
# the way the README says (`pip install --no-build-isolation ./python` into
# a venv with --system-site-packages: Debian's pip refuses system installs,
# PEP 668), then runs the pytest suite (python/tests) against the installed
# package, writing JUnit XML for tests/test_summary.py.
#
#   python/run_python_test.sh [JUNIT_XML]
#
# GDWIRE_CMAKE_BUILD_DIR: a CMake build folder to reuse (tools/test.sh
# passes the cmake stage's, whose libraries are already built with -fPIC:
# only the module is linked); otherwise a lean build (libraries and module
# only) in ~/.cache/gdwire/python-build, kept for the next run. JOBS: build
# jobs (default 2).
#
# Here (2 shared vCPUs, load 6-9), 2026-11-27: 43-58 s on the cmake stage's
# build (relink, pip, 3312 pytest cases in ~25 s); 445 s from nothing (the
# lean build: 2m42s of CPU).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
junit="$(realpath -m "${1:-$root/python/tests/test.xml}")"
PKGS=(cmake make g++ libabsl-dev libhwy-dev libpcap-dev libenet-dev zlib1g-dev libzstd-dev
      pybind11-dev python3-dev python3-numpy python3-pytest python3-venv python3-pip
      python3-setuptools python3-wheel python3-msgpack python3-dask python3-distributed
      python3-pandas)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  . "$root/setup/as_root.sh"
  need_root "installing ${missing[*]}"
  echo "installing: ${missing[*]}" >&2
  as_root_apt update -qq
  as_root_apt install -y -qq "${missing[@]}" >/dev/null
fi

start=$(date +%s)
build="${GDWIRE_CMAKE_BUILD_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gdwire/python-build}"
mkdir -p "$build"
if [ ! -f "$build/CMakeCache.txt" ]; then
  # A lean build: the libraries and the module (no tests, tools, plugin).
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGDWIRE_BUILD_TESTS=OFF \
    -DGDWIRE_BUILD_TOOLS=OFF -DGDWIRE_INSTALL=OFF -DGDWIRE_BUILD_WIRESHARK=OFF \
    >/dev/null
fi
tmp="$(mktemp -d "${TMPDIR:-/tmp}/gdwire-python.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv"
GDWIRE_CMAKE_BUILD_DIR="$build" CMAKE_BUILD_PARALLEL_LEVEL="${JOBS:-2}" \
  "$tmp/venv/bin/pip" install --no-build-isolation --no-deps --no-index -q "$root/python" \
  >"$tmp/pip.log" 2>&1 || {
  tail -n 60 "$tmp/pip.log" >&2
  echo "FAIL: pip install --no-build-isolation ./python" >&2
  exit 1
}
echo "-- built and installed in a venv: $(($(date +%s) - start)) s"
"$tmp/venv/bin/python" -c 'import gdwire, sys; print("-- gdwire", gdwire.__version__, "from", gdwire.__file__)'
cd "$root/python/tests"
"$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider --junitxml="$junit" .
echo "-- python stage: $(($(date +%s) - start)) s"
