#!/usr/bin/env python3
"""Writes compile_commands.json (for clangd / clang-tidy) from `bazel aquery`.

Usage: setup/gen_compile_commands.py [target pattern, default //...]
Paths like external/... and bazel-out/... are relative to the execroot, so
"directory" is `bazel info execution_root` (run a build first so that
external/ and generated files exist there).
"""
import json
import os
import subprocess
import sys

pattern = sys.argv[1] if len(sys.argv) > 1 else "//..."
execroot = subprocess.run(["bazel", "info", "execution_root"], check=True,
                          capture_output=True, text=True).stdout.strip()
out = subprocess.run(
    ["bazel", "aquery", 'mnemonic("CppCompile", %s)' % pattern, "--output=jsonproto"],
    check=True, capture_output=True, text=True).stdout
# gcc-only flags that clang-based tools reject.
GCC_ONLY = {"-fno-canonical-system-headers"}
entries = []
for action in json.loads(out).get("actions", []):
    args = [a for a in action["arguments"] if a not in GCC_ONLY]
    src = args[args.index("-c") + 1]
    entries.append({"directory": execroot, "file": src, "arguments": args})
with open("compile_commands.json", "w") as f:
    json.dump(entries, f, indent=1)
print("wrote %d entries to compile_commands.json" % len(entries))
