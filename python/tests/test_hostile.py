"""Hostile inputs give DecodeError, never a crash; no references or memory
leak over many calls."""

import gc
import os
import random
import sys
import tracemalloc

import numpy as np
import pytest

import gdwire
from conftest import CORPUS


def _corpus_inputs(limit=400):
    out = []
    for corpus, dialect in (("godot4", "godot4"), ("godot3", "godot3"),
                            ("pandemonium", "pandemonium")):
        d = os.path.join(CORPUS, corpus, "bin")
        for f in sorted(os.listdir(d))[:limit]:
            b = open(os.path.join(d, f), "rb").read()
            if len(b) < 1 << 16:
                out.append((dialect, b))
    return out


INPUTS = _corpus_inputs()


def _mutations(rng, b):
    yield b[:rng.randrange(len(b) + 1)]                      # cut off
    m = bytearray(b)
    for _ in range(rng.randrange(1, 4)):                      # bytes flipped
        if m:
            m[rng.randrange(len(m))] = rng.randrange(256)
    yield bytes(m)
    m = bytearray(b)
    if len(m) >= 8:                                           # a huge length
        p = rng.randrange(0, len(m) - 4) & ~3
        m[p:p + 4] = rng.choice([b"\xff\xff\xff\x7f", b"\x00\x00\x00\x80",
                                 b"\xff\xff\xff\xff", b"\x00\x00\x01\x00"])
    yield bytes(m)
    yield bytes(rng.randrange(256) for _ in range(rng.randrange(64)))


def test_mutated_corpus_inputs_error_cleanly():
    rng = random.Random(25)
    accepted = rejected = 0
    for _ in range(3):
        for dialect, b in INPUTS:
            for m in _mutations(rng, b):
                for fn in (lambda x: gdwire.loads(x, dialect, allow_objects=True),
                           lambda x: gdwire.Document(x, dialect).value()):
                    try:
                        v = fn(m)
                        gdwire.var_to_str(v, dialect)
                        accepted += 1
                    except gdwire.DecodeError as e:
                        assert e.kind and e.path.startswith("$") and e.offset >= 0
                        rejected += 1
    assert accepted > 100 and rejected > 100


def test_hostile_streams():
    rng = random.Random(7)
    for dialect, b in INPUTS[:200]:
        framed = len(b).to_bytes(4, "little") + b
        m = bytearray(framed * 3)
        m[rng.randrange(len(m))] = rng.randrange(256)
        try:
            for v in gdwire.iter_values([bytes(m[i:i + 5]) for i in range(0, len(m), 5)],
                                        dialect=dialect):
                pass
        except gdwire.DecodeError as e:
            assert e.kind


def test_huge_counts_do_not_allocate():
    # An Array claiming 2^31-1 elements, a PackedVector3Array claiming 2^31-1.
    for data in (b"\x1c\x00\x00\x00\xff\xff\xff\x7f", b"\x24\x00\x00\x00\xff\xff\xff\x7f",
                 b"\x04\x00\x00\x00\xff\xff\xff\x7f"):
        tracemalloc.start()
        with pytest.raises(gdwire.DecodeError) as e:
            gdwire.loads(data)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert e.value.kind in ("truncated", "invalid_length") and peak < 1 << 20


def test_deep_nesting_is_refused_not_a_crash():
    data = b"\x1c\x00\x00\x00\x01\x00\x00\x00" * 100000
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(data)
    assert e.value.kind == "too_deep"
    nested = []
    for _ in range(5000):
        nested = [nested]
    with pytest.raises(ValueError):
        gdwire.dumps(nested)


MESSAGE = {"tick": 1, "players": [{"name": "p", "pos": gdwire.Vector3(1, 2, 3),
                                   "hp": 1.5, "tags": gdwire.PackedStringArray(["a"]),
                                   "path": np.arange(8, dtype=np.float32).reshape(4, 2),
                                   "ids": np.arange(5, dtype=np.int64)}] * 4,
           gdwire.StringName("k"): [None, True, gdwire.NodePath("a/b")],
           "odd": gdwire.Dictionary([(1, 1), (1.0, 2)])}


def test_no_reference_leaks():
    data = gdwire.dumps(MESSAGE)
    bad = data[:-3]
    for _ in range(100):  # warm up (caches, the thread's Parser)
        gdwire.loads(data)
    gc.collect()
    before_data = sys.getrefcount(data)
    before_objects = len(gc.get_objects())
    for _ in range(2000):
        v = gdwire.loads(data)
        gdwire.dumps(v)
        gdwire.var_to_str(v)
        gdwire.Document(data)["players"][2]["path"]
        try:
            gdwire.loads(bad)
        except gdwire.DecodeError:
            pass
    del v
    gc.collect()
    assert sys.getrefcount(data) == before_data
    assert len(gc.get_objects()) - before_objects < 50


def test_no_memory_growth():
    data = gdwire.dumps(MESSAGE)
    framed = (len(data).to_bytes(4, "little") + data) * 20

    def work():
        v = gdwire.loads(data)
        gdwire.dumps(v)
        gdwire.str_to_var(gdwire.var_to_str(v))
        list(gdwire.iter_values(framed))
        try:
            gdwire.loads(data[:-1])
        except gdwire.DecodeError:
            pass

    def rss():  # the C++ side's heap too (tracemalloc sees Python's only)
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    for _ in range(200):
        work()
    gc.collect()
    rss_before = rss()
    for _ in range(3000):
        work()
    gc.collect()
    assert rss() - rss_before < 4 << 20
    tracemalloc.start()
    first = tracemalloc.get_traced_memory()[0]
    for _ in range(1000):
        work()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - first
    tracemalloc.stop()
    assert grown < 64 * 1024, grown
