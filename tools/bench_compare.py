#!/usr/bin/env python3
# Copyright 2026 The gdwire Authors.
"""Compares Google Benchmark JSON results and flags regressions.

Two files (baseline, candidate): benchmarks are matched by name.

    tools/bench_compare.py base.json new.json --threshold=0.10

One file with named baselines in the same run: every benchmark whose name
matches --candidate-pattern is compared with the benchmark that matches
--baseline-pattern and has the same arguments (the part of the name after
the first '/'), e.g. BM_LoadF32LE_SIMD/4096 with BM_Memcpy/4096.

    tools/bench_compare.py k.json --baseline-pattern=BM_Memcpy \
        --candidate-pattern=_SIMD/

For each pair it prints the baseline and candidate times, speed =
baseline time / candidate time (> 1: the candidate is faster) and the
change in time. A pair is a regression when the candidate takes more than
(1 + threshold) times the baseline's time. Exit status: 0 when nothing
regressed, 1 when something did, 2 on bad input or when nothing matched.
Repetition aggregates are used when present (the _median, else _mean).
"""

import argparse
import json
import re
import sys

_UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


class InputError(Exception):
    """A file that cannot be read or is not Google Benchmark JSON."""


def load(path, metric):
    """Returns {benchmark name: time in ns} from a Google Benchmark JSON."""
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise InputError(f"cannot read {path}: {e}") from e
    runs = data.get("benchmarks")
    if not isinstance(runs, list):
        raise InputError(f"{path}: no 'benchmarks' list")
    plain, agg = {}, {}
    for b in runs:
        if b.get("error_occurred"):
            continue
        name = b.get("run_name") or b["name"]
        t = float(b[metric]) * _UNIT_NS[b.get("time_unit", "ns")]
        if b.get("run_type") == "aggregate":
            kind = b.get("aggregate_name")
            if kind in ("median", "mean"):
                agg.setdefault(name, {})[kind] = t
        else:
            plain.setdefault(name, []).append(t)
    out = {name: min(ts) for name, ts in plain.items()}
    for name, kinds in agg.items():
        out[name] = kinds.get("median", kinds.get("mean"))
    return out


def strip_real_time(name):
    return name[: -len("/real_time")] if name.endswith("/real_time") else name


def args_of(name):
    name = strip_real_time(name)
    return name.split("/", 1)[1] if "/" in name else ""


def pairs_two_files(base, cand):
    return [(n, base[n], n, cand[n]) for n in sorted(base) if n in cand]


def pairs_one_file(times, baseline_pattern, candidate_pattern):
    base_re = re.compile(baseline_pattern)
    cand_re = re.compile(candidate_pattern)
    baselines = {args_of(n): (n, t) for n, t in times.items()
                 if base_re.search(n)}
    pairs = []
    for n in sorted(times):
        if base_re.search(n) or not cand_re.search(n):
            continue
        b = baselines.get(args_of(n))
        if b is not None:
            pairs.append((b[0], b[1], n, times[n]))
    return pairs


def fmt_ns(t):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if t >= scale:
            return f"{t / scale:.3g} {unit}"
    return f"{t:.3g} ns"


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="baseline.json candidate.json, or one file")
    p.add_argument("--threshold", type=float, default=0.10,
                   help="allowed slowdown, as a fraction (default 0.10)")
    p.add_argument("--metric", choices=("real_time", "cpu_time"),
                   default="real_time")
    p.add_argument("--baseline-pattern", default="^BM_Memcpy/",
                   help="one-file mode: regex naming the baselines")
    p.add_argument("--candidate-pattern", default="",
                   help="one-file mode: regex naming the candidates")
    a = p.parse_args(argv)
    if len(a.files) > 2 or a.threshold < 0:
        p.print_usage(sys.stderr)
        return 2
    try:
        if len(a.files) == 2:
            pairs = pairs_two_files(load(a.files[0], a.metric),
                                    load(a.files[1], a.metric))
        else:
            pairs = pairs_one_file(load(a.files[0], a.metric),
                                   a.baseline_pattern, a.candidate_pattern)
    except (InputError, KeyError, TypeError, ValueError, re.error) as e:
        print(f"bench_compare: {e}", file=sys.stderr)
        return 2
    if not pairs:
        print("bench_compare: no benchmarks to compare", file=sys.stderr)
        return 2
    width = max(len(strip_real_time(c)) for _, _, c, _ in pairs)
    print(f"{'candidate':<{width}}  {'baseline':>10}  {'candidate':>10}  "
          f"{'speed':>7}  {'change':>8}")
    regressions = 0
    for base_name, tb, cand_name, tc in pairs:
        speed = tb / tc if tc > 0 else float("inf")
        change = tc / tb - 1 if tb > 0 else float("inf")
        bad = change > a.threshold
        regressions += bad
        note = "  REGRESSION" if bad else ""
        if base_name != cand_name:
            note += f"  (vs {strip_real_time(base_name)})"
        print(f"{strip_real_time(cand_name):<{width}}  {fmt_ns(tb):>10}  "
              f"{fmt_ns(tc):>10}  {speed:>6.2f}x  {change:>+8.1%}{note}")
    print(f"{len(pairs)} compared, {regressions} regression(s) beyond "
          f"{a.threshold:.0%}")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
