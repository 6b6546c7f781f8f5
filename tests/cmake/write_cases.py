#!/usr/bin/env python3
"""Writes the consumer test's cases (tests/cmake/consumer_test.sh) from the
real-engine corpus: copies each case's bytes into OUT, its engine text
(manifest "decoded_text", what Godot printed for the value it decoded) into
OUT/<name>.txt, and OUT/cases.txt with lines "KIND DIALECT BIN TEXT" (paths
relative to OUT, so OUT can be copied into a root fs). KIND is "value" (one
encoded value) or "frames" (a StreamPeer.put_var recording: the text of each
value, one a line; Godot 3's var2str of each value, from
framing/stream_values.json).

Usage: write_cases.py CORPUS_DIR OUT
"""
import json
import os
import shutil
import sys

# (dialect, case name): containers, strings, math types, packed arrays,
# typed dictionaries.
CASES = [
    ("godot3", "msg_rpc_call"),
    ("godot3", "dict_nested"),
    ("godot4", "dict_typed_StringName_Vector2i"),
    ("godot4", "packed_vector3"),
    ("godot4", "packed_string"),
]


def main():
    corpus, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    lines = []
    manifests = {}
    for dialect, name in CASES:
        if dialect not in manifests:
            with open(os.path.join(corpus, dialect, "manifest.json")) as f:
                manifests[dialect] = {c["name"]: c for c in json.load(f)["cases"]}
        c = manifests[dialect][name]
        src = os.path.join(corpus, dialect, "bin", c.get("file") or name + ".bin")
        base = "%s_%s" % (dialect, name)
        shutil.copyfile(src, os.path.join(out, base + ".bin"))
        with open(os.path.join(out, base + ".txt"), "w", encoding="utf-8") as f:
            f.write(c["decoded_text"] + "\n")
        lines.append("value %s %s.bin %s.txt\n" % (dialect, base, base))
    # A StreamPeerTCP.put_var capture from Godot 3.2.3.
    fdir = os.path.join(corpus, "godot3", "framing")
    with open(os.path.join(fdir, "stream_values.json"), encoding="utf-8") as f:
        sv = json.load(f)
    base = "godot3_stream_put_var_tcp"
    shutil.copyfile(os.path.join(fdir, "stream_put_var_tcp.bin"),
                    os.path.join(out, base + ".bin"))
    with open(os.path.join(out, base + ".txt"), "w", encoding="utf-8") as f:
        f.writelines(v["var2str"] + "\n" for v in sv["values"])
    lines.append("frames godot3 %s.bin %s.txt\n" % (base, base))
    with open(os.path.join(out, "cases.txt"), "w") as f:
        f.writelines(lines)


if __name__ == "__main__":
    main()
