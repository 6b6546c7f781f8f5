#!/bin/bash
# Installs what gdwire needs on Debian 12 (bookworm), idempotently: a second
# run checks dpkg and returns at once. Bazel comes from Debian's
# bazel-bootstrap (4.2.3) and never downloads anything.
set -euo pipefail
PKGS=(bazel-bootstrap libhwy-dev libabsl-dev libgtest-dev libgmock-dev
      libbenchmark-dev rapidjson-dev python3 clang libclang-rt-14-dev)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
