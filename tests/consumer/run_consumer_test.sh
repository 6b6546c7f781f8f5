#!/bin/bash
# gdwire as a Bazel dependency: builds tests/consumer (its own workspace,
# local_repository(name = "gdwire", path = "../..") + gdwire_deps() from
# gdwire's deps.bzl) with its own output base, and runs the program on
# real-engine corpus files.
#
#   tests/consumer/run_consumer_test.sh
#   CONSUMER_OUTPUT_BASE (default ${TMPDIR:-/tmp}/gdwire_consumer_ob; kept
#   between runs, so a second run is incremental)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
ob="${CONSUMER_OUTPUT_BASE:-${TMPDIR:-/tmp}/gdwire_consumer_ob}"
start=$(date +%s)
cd "$here"
bazel --output_base="$ob" build --symlink_prefix=/ //:roundtrip
bin="$(bazel --output_base="$ob" info bazel-bin 2>/dev/null)/roundtrip"
corpus="$root/tests/data/corpus"
fail=0
run() {
  if out="$("$bin" "$@" 2>&1)"; then
    echo "PASS roundtrip $*: $(echo "$out" | tail -n 1)"
  else
    echo "FAIL roundtrip $*:" >&2
    echo "$out" | tail -n 20 >&2
    fail=1
  fi
}
run --dialect=godot4 "$corpus/godot4/bin/vector3.bin"
run --dialect=godot4 "$corpus/godot4/bin/dict_typed_String_int.bin"
run --dialect=godot4 --stream "$corpus/godot4/bin/streampeer_put_var_3values.bin"
run --dialect=godot3 --stream "$corpus/godot3/framing/stream_put_var_tcp.bin"
bazel --output_base="$ob" shutdown >/dev/null 2>&1 || true
[ "$fail" -eq 0 ] || exit 1
echo "PASS: consumer workspace, $(($(date +%s) - start)) s"
