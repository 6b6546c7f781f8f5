#!/bin/bash
# The CMake door: configure, build and run CTest in a temporary build
# directory (removed afterwards unless KEEP_BUILD=1), then
#   install test  cmake --install into a temporary prefix; every installed
#                 header's project includes are installed too; two
#                 out-of-tree consumers (find_package(gdwire CONFIG) and
#                 pkg-config) decode corpus files and print the engine's
#                 text (tests/cmake/consumer_test.sh)
#   package test  cpack -G DEB; the .debs installed on a fresh Debian 12
#                 root fs (debootstrap, cached in /var/tmp/gdwire-rootfs),
#                 the same consumers built and run there
#                 (tests/cmake/deb_test.sh; SKIP without root)
# One PASS or FAIL at the end. Installs cmake and the system libraries with
# apt-get when missing (idempotent).
#
#   tests/cmake/run_cmake_test.sh [extra cmake -D options]
#   JOBS=2 BUILD_TYPE=Release (defaults)
#   GDWIRE_SKIP_DEB_TEST=1   leave out the package test
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jobs="${JOBS:-2}"

# dpkg-dev (dpkg-shlibdeps) and file: cpack's DEB generator needs both for
# CPACK_DEBIAN_*_SHLIBDEPS; a minimal Debian 12 has neither.
PKGS=(cmake make g++ libabsl-dev libhwy-dev libpcap-dev libenet-dev zlib1g-dev libzstd-dev
      libgtest-dev libgmock-dev
      libbenchmark-dev libsimdjson-dev python3 pkg-config dpkg-dev file
      libwireshark-dev libglib2.0-dev tshark
      pybind11-dev python3-dev python3-numpy)
[ "$(id -u)" -eq 0 ] && [ "${GDWIRE_SKIP_DEB_TEST:-0}" != 1 ] && PKGS+=(debootstrap)
# The JSON reader of codec/text, if it is simdjson.
grep -rqs '#include "simdjson.h"' "$root/codec/text" && PKGS+=(libsimdjson-dev)
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

# GDWIRE_CMAKE_BUILD_DIR: build there and keep it (tools/test.sh's python
# stage reuses it).
if [ -n "${GDWIRE_CMAKE_BUILD_DIR:-}" ]; then
  build="$GDWIRE_CMAKE_BUILD_DIR"
  mkdir -p "$build"
  KEEP_BUILD=1
else
  build="$(mktemp -d "${TMPDIR:-/tmp}/gdwire-cmake.XXXXXX")"
fi
if [ "${KEEP_BUILD:-0}" != 1 ]; then
  trap 'rm -rf "$build"' EXIT
else
  echo "build directory: $build"
fi
start=$(date +%s)
# /usr: the multiarch libdir of a Debian package; the install test gives
# its own prefix.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" \
  -DCMAKE_INSTALL_PREFIX=/usr "$@" >"$build/configure.log" 2>&1 || {
  cat "$build/configure.log" >&2
  exit 1
}
grep -E "gdwire (libraries|install)" "$build/configure.log" || true
# Every library of the Bazel build is in the CMake build.
python3 "$root/tests/cmake/check_sources.py" "$root" "$build" || {
  echo "FAIL: the CMake build misses Bazel library sources" >&2
  exit 1
}
cmake --build "$build" -j "$jobs" >"$build/build.log" 2>&1 || {
  tail -n 80 "$build/build.log" >&2
  echo "FAIL: cmake build" >&2
  exit 1
}
# Smoke: the CLI decodes a real Godot 3 stream.
"$build/gdwire" decode --dialect=godot3 --framing=stream \
  "$root/tests/data/corpus/godot3/framing/stream_put_var_tcp.bin" | head -n 3
timeout 600 ctest --test-dir "$build" --output-on-failure -j "$jobs"
echo "-- cmake build and ctest: $(($(date +%s) - start)) s"

# --- Install test.
t0=$(date +%s)
prefix="$build/prefix"
cmake --install "$build" --prefix "$prefix" >"$build/install.log" 2>&1 || {
  cat "$build/install.log" >&2
  echo "FAIL: cmake --install" >&2
  exit 1
}
echo "-- cmake --install --prefix <tmp>: $(wc -l <"$build/install_manifest.txt") files"
sed "s|^$prefix/|   |" "$build/install_manifest.txt"
# Every installed header includes only what is installed (the internal/
# headers a public one needs come along; no other internal/ header).
bad=0
while read -r h; do
  while read -r inc; do
    if [ ! -f "$prefix/include/gdwire/$inc" ]; then
      echo "   FAIL ${h#"$prefix"/} includes $inc, which is not installed"
      bad=1
    fi
  done < <(sed -n 's/^#include "\(\(codec\|simd\)\/[^"]*\)".*/\1/p' "$h")
done < <(find "$prefix/include/gdwire" -name '*.h')
((bad)) && { echo "FAIL: installed headers" >&2; exit 1; }
echo "   ok   every installed header's includes are installed"
python3 "$root/tests/cmake/write_cases.py" "$root/tests/data/corpus" "$build/cases"
JOBS="$jobs" "$root/tests/cmake/consumer_test.sh" "$prefix" "$build/cases/cases.txt" "$build/consumer"
echo "-- install test: $(($(date +%s) - t0)) s"

# --- Package test.
t0=$(date +%s)
(cd "$build" && cpack -G DEB >"$build/cpack.log" 2>&1) || {
  tail -n 30 "$build/cpack.log" >&2
  echo "FAIL: cpack -G DEB" >&2
  exit 1
}
for d in "$build"/*.deb; do
  echo "-- $(basename "$d"): $(dpkg-deb -f "$d" Depends)"
  dpkg-deb -c "$d" | awk '$6 !~ /\/$/ {print "   " $6 ($7 ? " " $7 " " $8 : "")}'
done
mkdir -p "$build/debs" && cp "$build"/*.deb "$build/debs/"
JOBS="$jobs" "$root/tests/cmake/deb_test.sh" "$build/debs" "$build/cases"
echo "-- package test: $(($(date +%s) - t0)) s"
echo "PASS: cmake build, ctest, install test and package test, $(($(date +%s) - start)) s"
