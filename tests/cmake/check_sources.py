#!/usr/bin/env python3
"""The CMake build must build every library the Bazel build has: each .cc in
the srcs of a (non-testonly) cc_library under codec/ and simd/ must be in one
of CMake's gdwire_* libraries (CMakeLists.txt writes their sources to
BUILD_DIR/gdwire_library_sources.txt).

Usage: check_sources.py REPO_ROOT BUILD_DIR
"""
import os
import re
import sys


def blocks(text, name):
    """Yields the text of each `name(...)` call at the top of a BUILD file."""
    for m in re.finditer(r"^%s\(" % name, text, re.M):
        depth, i = 0, m.end() - 1
        while i < len(text):
            if text[i] == "(":
                depth += 1
            elif text[i] == ")":
                depth -= 1
                if depth == 0:
                    yield text[m.start():i + 1]
                    break
            i += 1


def bazel_sources(root):
    out = {}
    for top in ("codec", "simd"):
        for d, _, files in os.walk(os.path.join(root, top)):
            if "BUILD.bazel" not in files:
                continue
            pkg = os.path.relpath(d, root)
            text = open(os.path.join(d, "BUILD.bazel")).read()
            for b in blocks(text, "cc_library"):
                if re.search(r"testonly\s*=\s*(True|1)", b):
                    continue
                name = re.search(r'name\s*=\s*"([^"]+)"', b).group(1)
                m = re.search(r"srcs\s*=\s*\[(.*?)\]", b, re.S)
                if not m:
                    continue
                for src in re.findall(r'"([^"]+\.cc)"', m.group(1)):
                    out[os.path.join(pkg, src)] = "//%s:%s" % (pkg, name)
    return out


def main():
    root, build = sys.argv[1], sys.argv[2]
    with open(os.path.join(build, "gdwire_library_sources.txt")) as f:
        cmake = {}
        for line in f:
            lib, src = line.split()
            cmake[os.path.relpath(src, root)] = lib
    bazel = bazel_sources(root)
    missing = sorted(s for s in bazel if s not in cmake)
    for s in missing:
        print("   FAIL %s (Bazel %s) is in no CMake library: add a "
              "gdwire_folder_library() line to CMakeLists.txt" % (s, bazel[s]))
    extra = sorted(s for s in cmake if s not in bazel)
    for s in extra:
        print("   note %s is in CMake's %s but in no Bazel cc_library" % (s, cmake[s]))
    if missing:
        sys.exit(1)
    print("   ok   all %d .cc files of Bazel's codec/ and simd/ libraries are in "
          "CMake's %d libraries" % (len(bazel), len(set(cmake.values()))))


if __name__ == "__main__":
    main()
