#!/usr/bin/python3
"""Decodes a folder of packet captures on a Dask cluster into one pandas
DataFrame of messages: how a terabyte of recordings is spread over many
machines. Each capture file is one task (read_capture on the worker that
runs it); the DataFrame stays distributed until you compute what you need.

    python3 python/examples/dask_captures.py tests/data/captures
    python3 python/examples/dask_captures.py /data/pcaps --scheduler tcp://head:8786

With --scheduler the work goes to a running cluster (`dask-scheduler` on
one machine, `dask-worker tcp://head:8786` on each of the others, every
one with gdwire installed and the files at the same path, e.g. a shared
file system); without it a LocalCluster on this machine runs it.
"""

import argparse
import os

import dask
import dask.dataframe as dd
import pandas as pd

import gdwire

COLUMNS = {"file": "object", "type": "object", "time": "object", "ts": "float64",
           "transport": "object", "src": "object", "dst": "object",
           "connection": "int64", "index": "int64", "kind": "object",
           "text": "object", "value": "object"}


def capture_files(folder):
    """Every .pcap / .pcapng under `folder`, sorted."""
    out = []
    for d, _, files in os.walk(folder):
        out += [os.path.join(d, f) for f in files if f.endswith((".pcap", ".pcapng"))]
    return sorted(out)


def capture_frame(path, dialect="godot4"):
    """One capture's messages and multiplayer events as a DataFrame (runs on
    a worker)."""
    rows = []
    for r in gdwire.read_capture(path, dialect):
        rows.append({"file": os.path.basename(path), "type": r["type"],
                     "time": r["time"], "ts": r["ts"], "transport": r["transport"],
                     "src": r["src"], "dst": r["dst"], "connection": r["connection"],
                     "index": r["index"], "kind": r.get("kind", ""),
                     "text": r["text"], "value": r.get("value")})
    return pd.DataFrame(rows, columns=list(COLUMNS)).astype(COLUMNS)


def messages(files, dialect="godot4"):
    """A Dask DataFrame of every message of `files`, one partition a file."""
    meta = pd.DataFrame({c: pd.Series(dtype=t) for c, t in COLUMNS.items()})
    parts = [dask.delayed(capture_frame)(f, dialect) for f in files]
    return dd.from_delayed(parts, meta=meta)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--dialect", default="godot4")
    ap.add_argument("--scheduler", help="a running Dask scheduler (tcp://host:8786)")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    from distributed import Client, LocalCluster
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                     dashboard_address=None))
    with client:
        df = messages(capture_files(args.folder), args.dialect)
        per = df.groupby(["file", "transport"]).size().compute()
        print(per.to_string())
        print("%d messages and events in %d files" % (per.sum(), df.npartitions))


if __name__ == "__main__":
    main()
