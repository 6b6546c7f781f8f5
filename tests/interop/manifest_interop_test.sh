#!/bin/bash
# `gdwire manifest` with the real Godot 4 engine on the recording project
# recording/capture/godot4_enet: the manifest must equal the committed
# tests/data/captures/enet/godot4_enet.manifest.json (all but "engine", so
# that another Godot 4 build passes too), and the command's errors are
# checked (not a project, an engine that is not there).
#
#   tests/interop/manifest_interop_test.sh [GDWIRE [GODOT4]]
#
# Without GDWIRE: bazel-bin/tools/gdwire; without GODOT4: setup/godot/godot4.
# When Godot 4 is not installed (setup/godot/install_godot4.sh) it prints
# "SKIPPED: ..." and passes (bazel: //tests/interop:manifest_interop_test,
# tagged interop).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ -n "${TEST_SRCDIR:-}" ] && [ -d "$TEST_SRCDIR/${TEST_WORKSPACE:-gdwire}" ]; then
  root="$TEST_SRCDIR/${TEST_WORKSPACE:-gdwire}"
fi
gdwire="${1:-$root/bazel-bin/tools/gdwire}"
godot="${2:-$root/setup/godot/godot4}"
case "$gdwire" in /*) ;; *) gdwire="$PWD/$gdwire" ;; esac
case "$godot" in /*) ;; *) godot="$PWD/$godot" ;; esac
tmp="$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/manifest_test.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

. "$root/setup/godot/require_godot4.sh"
require_godot4 "$godot" manifest_interop "gdwire manifest was not run with the engine"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The project, copied (the engine may not like a runfiles tree of links).
mkdir "$tmp/project"
cp -L "$root"/recording/capture/godot4_enet/* "$tmp/project/"
timeout 300 "$gdwire" manifest "$tmp/project" --godot="$godot" \
  --out="$tmp/m.json" 2>"$tmp/err" || {
  cat "$tmp/err" >&2
  fail "gdwire manifest exited with $?"
}
cat "$tmp/err"
python3 - "$tmp/m.json" \
  "$root/tests/data/captures/enet/godot4_enet.manifest.json" <<'PY' || fail "manifest differs"
import json, sys
got, want = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
print("manifest of", got["engine"]["string"])
for k in ("engine",):
    got.pop(k); want.pop(k)
if got != want:
    print(json.dumps(got, indent=1, sort_keys=True)[:4000], file=sys.stderr)
    sys.exit(1)
main = got["scripts"][0]
assert main["rpc_checksum"] == "f9fc2b40e77becfee45e6ee92fd6d8db", main
PY
# Standard output, the same bytes.
timeout 300 "$gdwire" manifest "$tmp/project" --godot="$godot" \
  >"$tmp/stdout.json" 2>/dev/null || fail "to stdout"
cmp -s "$tmp/stdout.json" "$tmp/m.json" || fail "stdout differs from --out"

# Errors: not a project (1), no engine (1), usage (2).
set +e
"$gdwire" manifest "$tmp" --godot="$godot" 2>/dev/null
[ $? -eq 1 ] || fail "a folder without project.godot"
"$gdwire" manifest "$tmp/project" --godot="$tmp/no-such-godot" 2>/dev/null
[ $? -eq 1 ] || fail "an engine that is not there"
"$gdwire" manifest 2>/dev/null
[ $? -eq 2 ] || fail "no PROJECT_DIR"
set -e
[ ! -e "$tmp/project/.godot" ] || echo "note: the engine wrote $tmp/project/.godot"
echo "PASS"
