#!/bin/bash
# Builds the out-of-tree consumers (tests/cmake/consumer) against an
# installed gdwire, twice: with find_package(gdwire CONFIG) and with
# pkg-config; runs each on the cases and compares what it prints with the
# engine's text. Plain bash + cmake + pkg-config + g++ (it also runs inside
# the Debian root fs of the package test, which has no python).
#
#   consumer_test.sh PREFIX CASES WORK
#     PREFIX  where gdwire is installed (/usr for the .deb)
#     CASES   a file of lines "KIND DIALECT BIN EXPECTED_TEXT_FILE" (paths
#             relative to its folder; tests/cmake/write_cases.py writes it)
#     WORK    an empty folder for the builds
set -euo pipefail
prefix="$1"
cases="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
mkdir -p "$3"
work="$(cd "$3" && pwd)"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/consumer"
jobs="${JOBS:-2}"

echo "-- consumer 1: find_package(gdwire CONFIG) with CMAKE_PREFIX_PATH=$prefix"
cmake -S "$src" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >"$work/cmake-configure.log" 2>&1 || {
  cat "$work/cmake-configure.log" >&2
  echo "FAIL: find_package(gdwire CONFIG)" >&2
  exit 1
}
grep -E "^-- gdwire " "$work/cmake-configure.log" || true
cmake --build "$work/cmake" -j "$jobs" >"$work/cmake-build.log" 2>&1 || {
  tail -n 40 "$work/cmake-build.log" >&2
  echo "FAIL: building the find_package consumer" >&2
  exit 1
}

echo "-- consumer 2: pkg-config --cflags --libs gdwire"
pcpath=""
for d in "$prefix"/lib/*/pkgconfig "$prefix"/lib/pkgconfig "$prefix"/share/pkgconfig; do
  [ -f "$d/gdwire.pc" ] && pcpath="$d"
done
if [ -z "$pcpath" ]; then
  echo "FAIL: no gdwire.pc under $prefix" >&2
  exit 1
fi
export PKG_CONFIG_PATH="$pcpath${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
# Shared libraries (BUILD_SHARED_LIBS=ON) outside the system's folders:
# the pkg-config programs find them as a user's would.
if [ "$prefix" != /usr ] && ls "$(dirname "$pcpath")"/libgdwire_*.so >/dev/null 2>&1; then
  export LD_LIBRARY_PATH="$(dirname "$pcpath")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "   shared libraries: LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
fi
echo "   $(pkg-config --modversion gdwire) from $pcpath: $(pkg-config --cflags gdwire) $(pkg-config --libs-only-l gdwire | tr ' ' '\n' | grep -c gdwire_) gdwire libraries"
mkdir -p "$work/pkgconfig"
for prog in stream_text view_text front_text frames_text; do
  # shellcheck disable=SC2046
  g++ -std=c++17 -O1 "$src/$prog.cc" -o "$work/pkgconfig/$prog" \
    $(pkg-config --cflags --libs gdwire) 2>"$work/pkgconfig/$prog.log" || {
    cat "$work/pkgconfig/$prog.log" >&2
    echo "FAIL: building $prog with pkg-config" >&2
    exit 1
  }
done

cd "$(dirname "$cases")"
fails=0
n=0
while read -r kind dialect bin expected; do
  [ -z "$kind" ] && continue
  case "$kind" in
    value) progs="stream_text view_text front_text" ;;
    frames) progs="frames_text" ;;
    *) echo "FAIL: unknown case kind $kind" >&2; exit 1 ;;
  esac
  for exe in $(for b in cmake pkgconfig; do for p in $progs; do echo "$work/$b/$p"; done; done); do
    n=$((n + 1))
    what="${exe#"$work"/} $dialect $(basename "$bin")"
    if ! "$exe" "$dialect" "$bin" >"$work/out.txt" 2>"$work/err.txt"; then
      echo "   FAIL $what: $(cat "$work/err.txt")"
      fails=$((fails + 1))
    elif ! cmp -s "$work/out.txt" "$expected"; then
      echo "   FAIL $what: text differs from the engine's"
      diff "$expected" "$work/out.txt" | head -n 10
      fails=$((fails + 1))
    else
      echo "   ok   $what ($(wc -c <"$work/out.txt") bytes of engine text)"
    fi
  done
done <"$cases"

echo "-- the installed CLI: $prefix/bin/gdwire"
read -r kind dialect bin expected <"$cases"
n=$((n + 1))
if "$prefix/bin/gdwire" decode --dialect="$dialect" "$bin" >"$work/out.txt" 2>"$work/err.txt" &&
   cmp -s "$work/out.txt" "$expected"; then
  echo "   ok   gdwire decode --dialect=$dialect $(basename "$bin")"
else
  echo "   FAIL gdwire decode --dialect=$dialect $(basename "$bin"): $(cat "$work/err.txt")"
  fails=$((fails + 1))
fi

if ((fails)); then
  echo "FAIL: $fails of $n consumer checks" >&2
  exit 1
fi
echo "PASS: $n consumer checks against $prefix"
