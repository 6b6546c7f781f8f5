#!/bin/bash
# Runs the whole test suite and prints one closing line 'N passed, N failed'.
# Usage: tools/test.sh [extra bazel flags]
set -uo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh || exit 1
bazel test --config=ci "$@" //...; rc=$?
python3 tools/test_summary.py //... || rc=1
exit $rc
