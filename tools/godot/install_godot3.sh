#!/bin/bash
# Installs Godot 3.2.3 headless (Debian bookworm's godot3-server), idempotently:
# a second run checks dpkg and returns at once. Prints the engine version.
# See ../../../shared/godot/ENGINES.md (the project's engine notes).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! dpkg-query -W -f='${Status}' godot3-server 2>/dev/null |
    grep -q "install ok installed"; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  echo "installing godot3-server (Debian bookworm)" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq godot3-server \
    >/dev/null
fi
echo "godot3: $("$here/godot3" --version 2>/dev/null | tail -n 1 || true)"
