#!/bin/bash
# Installs what gdwire needs on Debian 12 (bookworm), idempotently: a second
# run checks dpkg and returns at once. Bazel comes from Debian's
# bazel-bootstrap (4.2.3) and never downloads anything. Run it as root or as
# a user with passwordless sudo (setup/as_root.sh).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/as_root.sh"
PKGS=(bazel-bootstrap libhwy-dev libabsl-dev libgtest-dev libgmock-dev
      libbenchmark-dev libsimdjson-dev libpcap-dev libenet-dev zlib1g-dev libzstd-dev
      python3 clang libclang-rt-14-dev
      # The Python module (python/, tools/test.sh's python stage): its build,
      # its tests, its benchmark and Dask example.
      pybind11-dev python3-pybind11 python3-dev python3-numpy python3-pytest
      python3-venv python3-pip python3-setuptools python3-wheel python3-build
      python3-msgpack python3-dask python3-distributed python3-pandas)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if ((${#missing[@]})); then
  need_root "installing ${missing[*]}"
  echo "installing: ${missing[*]}" >&2
  as_root_apt update -qq
  as_root_apt install -y -qq "${missing[@]}" >/dev/null
fi
