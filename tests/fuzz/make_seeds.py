#!/usr/bin/env python3
"""Builds a fuzz target's seed corpus from the real-engine corpora.

Usage: make_seeds.py TARGET OUT_DIR FILE...
FILE... are the corpus files (//tests:corpus_data): the *_cases.tsv case
lists and the corpus directories' files (bin/, framing/).

Every seed is one mode byte followed by the input. The mode byte's low bits
are shared by all targets: dialect = mode % 3 (0 godot3, 1 godot4), bit 2 =
allow objects. The framing and stream targets also use bits 3-7 (see
framing_fuzzer.cc, stream_fuzzer.cc); their seeds are the corpus values
framed in each framing and the engines' own framed streams (the stream
target's have a second byte, the seed of the piece sizes).
"""
import binascii
import os
import sys

MAX = 4096


def cases(files):
    """Yields (dialect, full_objects, bytes) for every value and decode case."""
    for tsv in [f for f in files if f.endswith("_cases.tsv")]:
        dialect = os.path.basename(tsv).split("_")[0]
        corpus = None
        for f in files:
            if f.endswith(os.path.join("corpus", dialect, "manifest.json")):
                corpus = os.path.dirname(f)
        for line in open(tsv):
            f = line.rstrip("\n").split("\t")
            if f[4].startswith("hex:"):
                data = binascii.unhexlify(f[4][4:])
            elif f[4].startswith("file:") and corpus:
                path = os.path.join(corpus, f[4][5:])
                if not os.path.exists(path) or os.path.getsize(path) > MAX:
                    continue
                data = open(path, "rb").read()
            else:
                continue  # recipes (deep nesting): the fuzzers find those shapes
            yield dialect, f[3] == "1", data


def frame(payload, framing, big_endian=False):
    if framing == 0:
        return payload
    n = len(payload)
    prefix = n.to_bytes(4, "big" if big_endian else "little")
    return prefix + payload


def main():
    target, out, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    seeds = []
    all_cases = list(cases(files))
    if target in ("framing_fuzzer", "stream_fuzzer"):
        for i, (dialect, objects, data) in enumerate(all_cases):
            d = 0 if dialect == "godot3" else 1
            framing = i % 3
            be = framing == 1 and i % 2 == 1
            mode = d | (4 if objects else 0) | (framing << 4) | (64 if be else 0)
            # The value and the next case's value of the same dialect, framed.
            nxt = next((c for c in all_cases[i + 1:i + 4] if c[0] == dialect), None)
            body = frame(data, framing, be)
            if nxt is not None and framing != 0:
                body += frame(nxt[2], framing, be)
            seeds.append(bytes([mode]) + body[:MAX])
        for f in files:
            if "/framing/" in f and f.endswith(".bin"):
                d = 0 if "/godot3/" in f else 1
                name = os.path.basename(f)
                framing = 2 if name.startswith("packet_peer") else 1
                be = "big_endian" in name
                mode = d | (framing << 4) | (64 if be else 0)
                seeds.append(bytes([mode]) + open(f, "rb").read()[:MAX])
    else:
        for dialect, objects, data in all_cases:
            mode = (0 if dialect == "godot3" else 1) | (4 if objects else 0)
            seeds.append(bytes([mode]) + data[:MAX])
    if target == "stream_fuzzer":
        # A second byte seeds the piece sizes; the framing fuzzer's bits 3
        # and 7 mean nothing here.
        seeds = [bytes([s[0] & 0x77, n % 256]) + s[1:] for n, s in enumerate(seeds)]
    for n, s in enumerate(seeds):
        with open(os.path.join(out, "seed_%04d" % n), "wb") as fh:
            fh.write(s)


main()
