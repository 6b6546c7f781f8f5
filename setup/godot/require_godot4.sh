# shellcheck shell=bash
# Sourced by the tests that run the real Godot 4 engine
# (tests/interop/manifest_interop_test.sh, server/echo/live_test.sh):
#
#   require_godot4 GODOT4 SUITE WHAT   # WHAT: what is not run without it
#
# Prints "engine: VERSION" and returns when GODOT4 runs; otherwise prints
# "SKIPPED: ..." (and a skipped JUnit record for Bazel) and exits 0.
require_godot4() {
  local godot="$1" suite="$2" what="$3" version
  version="$(timeout 60 "$godot" --version 2>/dev/null | tail -n 1)" || true
  if ! [[ "$version" =~ ^4\.[0-9] ]]; then
    echo "SKIPPED: Godot 4 is not installed (setup/godot/install_godot4.sh):" \
      "$what"
    if [ -n "${XML_OUTPUT_FILE:-}" ]; then
      cat >"$XML_OUTPUT_FILE" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="$suite" tests="1" skipped="1">
<testcase classname="interop" name="$suite" status="notrun" result="skipped"><skipped message="Godot 4 is not installed"/></testcase>
</testsuite></testsuites>
XML
    fi
    exit 0
  fi
  echo "engine: $version"
}
