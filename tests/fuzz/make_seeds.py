#!/usr/bin/env python3
"""Builds a fuzz target's seed corpus from the real-engine corpora.

Usage: make_seeds.py TARGET OUT_DIR FILE...
FILE... are the corpus files (//tests:corpus_data): the *_cases.tsv case
lists and the corpus directories' files (bin/, framing/).

Every seed is one mode byte followed by the input. The mode byte's low bits
are shared by all targets: dialect = mode % 3 (0 godot3, 1 godot4, 2
pandemonium; pandemonium4 when also bit 0: fuzz_util.h), bit 2 =
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
        dialect = os.path.basename(tsv)[:-len("_cases.tsv")]
        corpus = None
        for f in files:
            if f.endswith(os.path.join("corpus", dialect, "manifest.json")):
                corpus = os.path.dirname(f)
        for line in open(tsv):
            f = line.rstrip("\n").split("\t")
            dialect_name = f[2]
            if f[0] == "engine":
                continue  # the value cases' bytes again
            if f[4].startswith("hex:"):
                data = binascii.unhexlify(f[4][4:])
            elif f[4].startswith("file:") and corpus:
                path = os.path.join(corpus, f[4][5:])
                if not os.path.exists(path) or os.path.getsize(path) > MAX:
                    continue
                data = open(path, "rb").read()
            else:
                continue  # recipes (deep nesting): the fuzzers find those shapes
            yield dialect_name, f[3] == "1", data


DIALECTS = {"godot3": 0, "godot4": 1, "pandemonium": 2, "pandemonium4": 3}


def dialect_of_mode(m):
    """fuzz_util.h's DialectFromMode (3 = pandemonium4)."""
    d = m % 3
    return 3 if d == 2 and m & 1 else d


def with_dialect(mode, dialect):
    """`mode` (its dialect bits 0-1 clear) with bits 0, 1 and 7 chosen so
    that its dialect is `dialect`; the other bits are kept."""
    want = DIALECTS.get(dialect, 1)
    for extra in (0, 1, 2, 3, 128, 129, 130, 131):
        m = (mode & 0x7C) | extra
        if dialect_of_mode(m) == want:
            return m
    return mode


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
            framing = i % 3
            be = framing == 1 and i % 2 == 1
            mode = with_dialect((4 if objects else 0) | (framing << 4) | (64 if be else 0),
                                dialect)
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
            mode = with_dialect(4 if objects else 0, dialect)
            seeds.append(bytes([mode]) + data[:MAX])
    if target == "stream_fuzzer":
        # A second byte seeds the piece sizes; the framing fuzzer's bits 3
        # and 7 mean nothing here.
        seeds = [bytes([s[0] & 0x77, n % 256]) + s[1:] for n, s in enumerate(seeds)]
    for n, s in enumerate(seeds):
        with open(os.path.join(out, "seed_%04d" % n), "wb") as fh:
            fh.write(s)


main()
