#!/usr/bin/python3
"""The house's layers, checked: no production file includes a higher layer.

Also: no production file is longer than MAX_LINES (small files, one job
each).

Each production source (not a test, fuzzer, benchmark or test helper) sits in
one layer, by its path; it may include its own layer and those below, never
one above. The oracle (codec/reference) may include only the base and the
value type, and production code outside it may include it only where the
allow list says why. No cycle between folders follows from the order.

Usage: check_layers.py [REPO_ROOT]   (exit 1 and one line per violation)
"""
import os
import re
import sys

# Lowest first: (name, path prefixes).
LAYERS = [
    ("base", ["codec/types.", "codec/wire.h", "codec/error.", "codec/options.h",
              "codec/bytes.h", "simd/"]),
    ("value", ["codec/variant.", "codec/dictionary.cc", "codec/internal/"]),
    ("oracle", ["codec/reference/"]),
    ("read core", ["codec/core/"]),
    ("faces", ["codec/encode/", "codec/view/", "codec/document/",
               "codec/text/"]),
    ("framings", ["codec/frame/"]),
    ("push parser", ["codec/stream/"]),
    ("front door", ["codec/gdwire."]),
    ("network", ["codec/net/", "codec/enet/"]),
    ("multiplayer", ["codec/multiplayer/"]),
    ("captures", ["codec/capture/"]),
    ("applications", ["server/", "tools/cli/", "wireshark/", "python/"]),
]

MAX_LINES = 700

# Production files that may include the oracle, and why.
ORACLE_USERS = {
    # pandemonium_engine_defects: only the reference emulates the engine's
    # own decoding and encoding defects (codec/options.h).
    "codec/frame/frame.cc": "engine-defect emulation",
    "tools/cli/args.cc": "gdwire recode --engine-defects",
    # gdwire bench times the oracle beside the fast paths, as a yardstick.
    "tools/cli/bench.cc": "the oracle's row in gdwire bench",
    "python/src/engine_defects.cc": "loads(pandemonium_engine_defects=True)",
}

NOT_PRODUCTION = re.compile(
    r"(_test|_fuzzer|_bench|test_util|test_main)\.(cc|h)$|/testing/|/testdata/")


def layer_of(path):
    for i, (_, prefixes) in enumerate(LAYERS):
        if any(path.startswith(p) for p in prefixes):
            return i
    return None


def component(path):
    """The unit of the cycle check: a folder with its internal/ (codec/'s
    own files by layer: base, value, front door)."""
    folder = os.path.dirname(path).replace("/internal", "")
    if folder == "codec":
        return "codec:" + LAYERS[layer_of(path)][0]
    return folder


def cycles(graph):
    """One line per folder cycle in the include graph."""
    out, state = [], {}

    def visit(node, trail):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                loop = trail[trail.index(nxt):] + [nxt]
                out.append("include cycle: " + " -> ".join(loop))
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    bad = []
    checked = 0
    folders = {}  # folder -> folders it includes
    for top in ("codec", "simd", "server", "tools/cli", "wireshark", "python/src"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if not f.endswith((".cc", ".h")):
                    continue
                path = os.path.relpath(os.path.join(dirpath, f), root)
                if NOT_PRODUCTION.search(path):
                    continue
                mine = layer_of(path)
                if mine is None:
                    bad.append(f"{path}: in no layer (add it to LAYERS)")
                    continue
                checked += 1
                with open(os.path.join(root, path), errors="replace") as fh:
                    text = fh.readlines()
                if len(text) > MAX_LINES:
                    bad.append(f"{path}: {len(text)} lines (over {MAX_LINES}: "
                               "split it by job)")
                for n, line in enumerate(text, 1):
                    m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                    if not m:
                        continue
                    inc = m.group(1)
                    theirs = layer_of(inc)
                    if theirs is None:
                        continue  # a third-party header
                    a, b = component(path), component(inc)
                    if a != b:
                        folders.setdefault(a, set()).add(b)
                    if theirs > mine:
                        bad.append(
                            f"{path}:{n}: {LAYERS[mine][0]} includes "
                            f"{inc} ({LAYERS[theirs][0]}, a higher layer)")
                    if (inc.startswith("codec/reference/") and
                            not path.startswith("codec/reference/") and
                            path not in ORACLE_USERS):
                        bad.append(f"{path}:{n}: production code includes "
                                   f"the oracle ({inc})")
                    if (path.startswith("codec/reference/") and
                            not inc.startswith("codec/reference/") and
                            theirs > 1):
                        bad.append(f"{path}:{n}: the oracle includes "
                                   f"{inc} (it uses the base and the "
                                   f"value type only)")
    bad += cycles(folders)
    for line in bad:
        print(line)
    print(f"{checked} production files, {len(bad)} violations")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
