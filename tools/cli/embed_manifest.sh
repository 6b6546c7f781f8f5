#!/bin/bash
# Writes tools/cli/manifest.gd as a C++ header (kManifestScript, a raw
# string), for `gdwire manifest` (tools/cli/manifest.cc), which writes it to
# a temporary folder and runs it with the engine. The .gd stays the one
# source; Bazel (tools/BUILD.bazel) and CMake both run this.
#   tools/cli/embed_manifest.sh manifest.gd manifest_script.h
set -euo pipefail
in="$1"
out="$2"
delim='gdwire_manifest'
if grep -qF ")${delim}\"" "$in"; then
  echo "embed_manifest.sh: $in contains the raw string delimiter" >&2
  exit 1
fi
{
  echo "// Generated from tools/cli/manifest.gd by tools/cli/embed_manifest.sh."
  echo "#ifndef GDWIRE_TOOLS_CLI_MANIFEST_SCRIPT_H_"
  echo "#define GDWIRE_TOOLS_CLI_MANIFEST_SCRIPT_H_"
  echo "namespace gdwire {"
  echo "namespace cli {"
  printf 'inline constexpr char kManifestScript[] = R"%s(' "$delim"
  cat "$in"
  printf ')%s";\n' "$delim"
  echo "}  // namespace cli"
  echo "}  // namespace gdwire"
  echo "#endif  // GDWIRE_TOOLS_CLI_MANIFEST_SCRIPT_H_"
} >"$out.tmp"
mv "$out.tmp" "$out"
