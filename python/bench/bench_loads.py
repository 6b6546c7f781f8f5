#!/usr/bin/python3
"""gdwire.loads beside what Python users have, on the engine's own traffic.

    python3 python/bench/bench_loads.py --payloads=DIR [--gdtype=SRC]
        [--engine-timing=FILE] [--repeat=5] [--markdown]

DIR holds the payloads Godot 4 wrote with benchmarks/compare/godot4/payloads.gd
(python/bench/run_bench.sh makes them, or compare.sh's bench-data/payloads/
godot4-*): traffic.bin (StreamPeer stream of snapshot messages), vec3.bin
(a PackedVector3Array of 4,000,000) and floats.bin (a PackedFloat32Array of
16,000,000). Rows, each the best of --repeat passes:

  gdwire.loads           each message (bytes) to Python values
  gdwire.iter_values     the whole stream, StreamPeer framing
  gdtype-python          binaryapiv4.deserialize of each framed message (its
                         source folder, src/ of github.com/anetczuk/gdtype-python,
                         given with --gdtype; the row is left out without it)
  msgpack.unpackb        the same messages as MessagePack (as
                         benchmarks/compare/export.cc writes them: math types
                         as arrays of f32, StringName as str, PackedByteArray
                         as bin, packed vectors as arrays of arrays)
  Godot bytes_to_var     StreamPeerBuffer.get_var of the stream in GDScript
                         (benchmarks/compare/godot4/timing.gd's TIMING line,
                         --engine-timing; run on the same machine)
  packed arrays          loads of vec3.bin / floats.bin from a bytearray (one
                         copy into NumPy) beside numpy's copy of the same
                         bytes (memcpy); from bytes the array is a view (no
                         copy: its time is given, no throughput)
"""

import argparse
import json
import os
import platform
import struct
import sys
import time

import numpy as np

import gdwire


def each(fn, items):
    """fn on every item, the results dropped as a consumer does."""
    def run():
        for x in items:
            fn(x)
    return run


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def split_stream(data):
    out, p = [], 0
    while p + 4 <= len(data):
        n = struct.unpack_from("<I", data, p)[0]
        out.append(data[p + 4:p + 4 + n])
        p += 4 + n
    return out


def to_msgpack_form(v):
    """The value as export.cc writes it to MessagePack."""
    if isinstance(v, dict):
        return {to_msgpack_form(k): to_msgpack_form(x) for k, x in v.items()}
    if isinstance(v, list):
        return [to_msgpack_form(x) for x in v]
    if isinstance(v, gdwire.StringName):
        return str(v)
    if isinstance(v, tuple):  # math types
        return list(v)
    if isinstance(v, np.ndarray):
        return v.tobytes() if v.dtype == np.uint8 else v.tolist()
    return v


def machine():
    cpu = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    return "%s, %d CPUs, load %.1f; Python %s, NumPy %s" % (
        cpu, os.cpu_count() or 0, load, platform.python_version(), np.__version__)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--payloads", required=True)
    ap.add_argument("--gdtype", help="gdtype-python's src/ folder")
    ap.add_argument("--engine-timing", help="timing.gd's output (TIMING lines)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--gdtype-messages", type=int, default=200)
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()

    stream = open(os.path.join(a.payloads, "traffic.bin"), "rb").read()
    msgs = split_stream(stream)
    n, nbytes = len(msgs), sum(len(m) for m in msgs)
    rows = []  # (name, messages/s, MB/s, note)

    def row(name, seconds, count, size, note=""):
        rows.append((name, count / seconds, size / seconds / 1e6, note))

    # Correctness first: every message decodes to the engine's bytes again.
    values = [gdwire.loads(m) for m in msgs]
    assert all(gdwire.dumps(v) == m for v, m in zip(values, msgs))

    # Every decoder once per round, rounds interleaved (the machine's load
    # drifts): each row is its best round.
    timed = [("gdwire.loads", each(gdwire.loads, msgs), n, nbytes, ""),
             ("gdwire.iter_values (one buffer)",
              lambda: [None for _ in gdwire.iter_values(stream)], n, len(stream), ""),
             ("gdwire.Document, one field",
              each(lambda m: gdwire.Document(m)["players"][3]["pos"], msgs), n, nbytes, "")]
    if a.gdtype:
        sys.path.insert(0, a.gdtype)
        from gdtype import binaryapiv4  # noqa: E402
        k = min(a.gdtype_messages, n)
        framed = [struct.pack("<I", len(m)) + m for m in msgs[:k]]
        got = binaryapiv4.deserialize(framed[0])
        assert got["tick"] == values[0]["tick"] and len(got["players"]) == 16
        timed.append(("gdtype-python deserialize", each(binaryapiv4.deserialize, framed), k,
                      sum(len(m) for m in msgs[:k]), "first %d messages" % k))
    import msgpack
    packed = [msgpack.packb(to_msgpack_form(v), use_single_float=True) for v in values]
    assert msgpack.unpackb(packed[0])["tick"] == values[0]["tick"]
    timed.append(("msgpack.unpackb (same messages)", each(msgpack.unpackb, packed), n,
                  sum(map(len, packed)),
                  "%.1f MB as MessagePack" % (sum(map(len, packed)) / 1e6)))
    bests = [float("inf")] * len(timed)
    for _ in range(a.repeat):
        for i, t in enumerate(timed):
            bests[i] = min(bests[i], best(t[1], 1))
    for (name, _, count, size, note), sec in zip(timed, bests):
        row(name, sec, count, size, note)

    if a.engine_timing:
        for line in open(a.engine_timing):
            if line.startswith("TIMING "):
                t = json.loads(line[7:])
                if t["payload"] == "traffic" and t["op"] == "decode":
                    row("Godot 4 get_var (GDScript)", min(t["seconds"]), t["values"], t["bytes"],
                        "engine, same bytes")

    print("# %s" % machine())
    print("# %d messages, %.1f MB (%.0f bytes each)" % (n, nbytes / 1e6, nbytes / n))
    base = rows[0][1]
    if a.markdown:
        print("| decoder | messages/s | MB/s | gdwire.loads is | note |")
        print("|---|---:|---:|---:|---|")
    for name, mps, mbs, note in rows:
        ratio = "" if name == "gdwire.loads" else "%.1fx" % (base / mps)
        if a.markdown:
            print("| %s | %.0f | %.1f | %s | %s |" % (name, mps, mbs, ratio, note))
        else:
            print("%-34s %10.0f msg/s %8.1f MB/s %8s  %s" % (name, mps, mbs, ratio, note))

    # Packed arrays into NumPy beside memcpy (numpy's copy of the same bytes).
    prow = []
    for f in ("vec3.bin", "floats.bin"):
        data = open(os.path.join(a.payloads, f), "rb").read()
        mutable = bytearray(data)
        src = np.frombuffer(data, dtype=np.uint8)
        copy_t = best(lambda: src.copy(), a.repeat)
        loads_t = best(lambda: gdwire.loads(mutable), a.repeat)
        view_t = best(lambda: gdwire.loads(data), a.repeat)
        arr = gdwire.loads(mutable)
        assert arr.nbytes == len(data) - 8
        prow.append((f, arr.shape, len(data), loads_t, copy_t, view_t))
    if a.markdown:
        print()
        print("| packed array | shape | loads (one copy) GB/s | numpy copy (memcpy) GB/s | ratio | loads of bytes (a view) |")
        print("|---|---|---:|---:|---:|---:|")
    for f, shape, size, lt, ct, vt in prow:
        if a.markdown:
            print("| %s | %s | %.2f | %.2f | %.2fx | %.1f us |" % (
                f, shape, size / lt / 1e9, size / ct / 1e9, ct / lt, vt * 1e6))
        else:
            print("%-12s %-14s loads %.2f GB/s  memcpy %.2f GB/s  ratio %.2fx  view %.1f us" % (
                f, shape, size / lt / 1e9, size / ct / 1e9, ct / lt, vt * 1e6))


if __name__ == "__main__":
    main()
