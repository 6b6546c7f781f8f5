#!/bin/bash
# Installs Godot 3.2.3 headless (Debian bookworm's godot3-server), idempotently:
# a second run checks dpkg and returns at once. Prints the engine version.
# Run it as root or as a user with passwordless sudo (setup/as_root.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/../as_root.sh"
if ! dpkg-query -W -f='${Status}' godot3-server 2>/dev/null |
    grep -q "install ok installed"; then
  need_root "installing godot3-server"
  echo "installing godot3-server (Debian bookworm)" >&2
  as_root_apt update -qq
  as_root_apt install -y -qq godot3-server >/dev/null
fi
echo "godot3: $("$here/godot3" --version 2>/dev/null | tail -n 1 || true)"
