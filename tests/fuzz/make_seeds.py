#!/usr/bin/env python3
"""Builds the fuzz seed corpus from the real-engine corpora: every value and
decode case, prefixed with the mode byte (dialect = mode % 3: 0 godot3,
1 godot4; bit 2 = allow objects). Usage: make_seeds.py OUT_DIR TSV..."""
import binascii
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
n = 0
for tsv in sys.argv[2:]:
    base = os.path.dirname(tsv)
    for line in open(tsv):
        f = line.rstrip("\n").split("\t")
        if f[4].startswith("hex:"):
            data = binascii.unhexlify(f[4][4:])
        else:
            continue  # large files and recipes: the hex cases cover the shapes
        mode = (0 if f[2] == "godot3" else 1) | (4 if f[3] == "1" else 0)
        with open(os.path.join(out, "seed_%04d" % n), "wb") as fh:
            fh.write(bytes([mode]) + data[:4096])
        n += 1
