#!/bin/bash
# Installs the Pandemonium 5.3 engine (headless server build) for the live
# interop test, idempotently, from a distribution folder holding
# pandemonium_server-5.3-d6d389eb0-linux-x86_64.xz (built from the engine's
# public source at commit d6d389eb0; MIT). The folder is $PANDEMONIUM_DIST,
# else ../shared/engines/pandemonium next to the clone (as CI has it). When
# there is none it says so and exits 0: the interop test then reports itself
# SKIPPED. The binary goes to /usr/local/lib/gdwire/pandemonium-5.3/ (root or
# passwordless sudo, setup/as_root.sh) after its sha256 is checked.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
. "$here/../as_root.sh"
dest=/usr/local/lib/gdwire/pandemonium-5.3
name=pandemonium_server-5.3-d6d389eb0-linux-x86_64.xz
sha=2f3e5d0da46c9dc881fe005171577f9649b2430980f693eb0dc2d5c17ba3b247
if [ -x "$dest/pandemonium" ] &&
    [ "$(sha256sum "$dest/pandemonium" | cut -d' ' -f1)" = "$sha" ]; then
  echo "pandemonium: $("$here/pandemonium" --version 2>/dev/null | tail -n 1 || true)"
  exit 0
fi
dist="${PANDEMONIUM_DIST:-$root/../shared/engines/pandemonium}"
if [ ! -f "$dist/$name" ]; then
  echo "pandemonium: no engine distribution at $dist ($name);" \
    "the Pandemonium interop test will be SKIPPED" >&2
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
xz -dc "$dist/$name" >"$tmp/pandemonium"
got="$(sha256sum "$tmp/pandemonium" | cut -d' ' -f1)"
if [ "$got" != "$sha" ]; then
  echo "pandemonium: sha256 of the unpacked engine is $got, want $sha" >&2
  exit 1
fi
chmod 755 "$tmp/pandemonium"
need_root "installing the Pandemonium engine into $dest"
as_root mkdir -p "$dest"
as_root install -m 755 "$tmp/pandemonium" "$dest/pandemonium"
[ -f "$dist/LICENSE.txt" ] && as_root install -m 644 "$dist/LICENSE.txt" "$dest/LICENSE.txt"
echo "pandemonium: $("$here/pandemonium" --version 2>/dev/null | tail -n 1 || true)"
