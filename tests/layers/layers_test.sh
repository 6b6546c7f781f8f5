#!/bin/bash
# The layers of the house (tests/layers/check_layers.py) hold for the tree,
# and the check fails on a planted upward include, a planted use of the
# oracle, a planted folder cycle and a planted file over 700 lines.
set -euo pipefail
# Under Bazel the script is a link into the source tree: the tree checked is
# the one it lives in (every source, not only the test's declared inputs).
here="$(cd "$(dirname "$(readlink -f "$0")")" && pwd)"
root="$(cd "$here/../.." && pwd)"
check="$here/check_layers.py"
/usr/bin/python3 "$check" "$root"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
plant() {  # plant FILE INCLUDE: a one-line tree that must fail
  rm -rf "$tmp/t"; mkdir -p "$tmp/t/$(dirname "$1")"
  printf '#include "%s"\n' "$2" > "$tmp/t/$1"
  if /usr/bin/python3 "$check" "$tmp/t" > "$tmp/out"; then
    echo "FAIL: $1 including $2 passed the check"; exit 1
  fi
  grep -q "$1" "$tmp/out" || { echo "FAIL: no line for $1"; cat "$tmp/out"; exit 1; }
}
plant codec/core/walk.cc codec/view/value_view.h        # up a layer
plant codec/stream/parser.cc codec/reference/decoder.h  # the oracle
plant codec/reference/decoder.cc codec/core/walk.h      # oracle on the core
plant codec/variant.cc codec/stream/parser.h            # value type up
# A cycle between two folders of one layer.
rm -rf "$tmp/t"; mkdir -p "$tmp/t/codec/view" "$tmp/t/codec/document"
echo '#include "codec/document/document.h"' > "$tmp/t/codec/view/a.cc"
echo '#include "codec/view/value_view.h"' > "$tmp/t/codec/document/b.cc"
if /usr/bin/python3 "$check" "$tmp/t" > "$tmp/out"; then
  echo "FAIL: a folder cycle passed the check"; exit 1
fi
grep -q 'include cycle' "$tmp/out" || { echo "FAIL: no cycle line"; exit 1; }
# A production file over the size limit.
rm -rf "$tmp/t"; mkdir -p "$tmp/t/codec/core"
seq 701 | sed 's#^#// line #' > "$tmp/t/codec/core/long.cc"
if /usr/bin/python3 "$check" "$tmp/t" > "$tmp/out"; then
  echo "FAIL: a 701-line file passed the check"; exit 1
fi
grep -q 'long.cc: 701 lines' "$tmp/out" || { echo "FAIL: no size line"; exit 1; }
echo "layers_test: PASS"
