#!/usr/bin/env python3
# Copyright 2026 The gdwire Authors.
"""Compares benchmark runs: parent vs this commit, floors, one-file ratios.

A/B: the runs of the old version against the runs of the new one. Each
file is Google Benchmark JSON (--benchmark_out=F --benchmark_out_format=json,
with or without --benchmark_repetitions) or `gdwire bench --json` output;
every file and repetition adds one sample per benchmark, matched by name.

    benchmarks/ci/bench_compare.py old.json new.json
    benchmarks/ci/bench_compare.py --base old.*.json --new new.*.json \\
        [--floors=benchmarks/floors.txt] [--report-dir=bench-report]

For each benchmark in both: the medians, the change of the median, the
noise (half the interquartile range over the median, the larger side) and
the two-sided Mann-Whitney U test's p (as Google Benchmark's compare.py).
A benchmark is SLOWER (a failure) when its median and its fastest sample
are both more than --threshold slower and p < --alpha. With too few
samples for the test to reach --alpha (fewer than 5 a side at 0.01), the
threshold alone marks it "slower?", a warning: run each version 5 or more
times, interleaved, for a verdict.
--confirm-base/--confirm-new: fresh runs of the flagged benchmarks; a
SLOWER verdict stands only when they are SLOWER too (the CI stage re-runs
what the first comparison flags, see --flagged-out).
Times are CPU times unless --metric=real_time; `gdwire bench` rows are
throughputs, compared as time per byte and shown as MB/s.

Floors (--floors=FILE): ratios within the new run, e.g. a SIMD kernel
against its scalar twin: the ratio of the fastest samples and the median
of the ratios within each run; a floor is missed when both are below it,
and, given --confirm-new (fresh runs of both its benchmarks: --flagged-out
names them), when those miss it too.
See benchmarks/floors.txt for the format.

One file with named baselines in the same run (the old one-file mode):
every benchmark that matches --candidate-pattern against the one matching
--baseline-pattern with the same arguments, e.g. BM_Foo_SIMD/4096 against
BM_Memcpy/4096; a regression is a candidate more than --threshold slower.

    benchmarks/ci/bench_compare.py k.json --baseline-pattern=BM_Memcpy/ \\
        --candidate-pattern=_SIMD/

--report-dir writes report.md (a Markdown table) and report.svg there.
Exit status: 0 nothing slower and every floor held, 1 a slowdown or a
floor missed, 2 bad input or nothing to compare.
"""

import argparse
import json
import os
import re
import sys

# The report writer: benchmarks/report (beside this folder).
_BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, _BENCHMARKS)
from report import ab  # noqa: E402
from report import stats as st  # noqa: E402
from report.fmt import fmt_ns, fmt_p  # noqa: E402

_UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


class InputError(Exception):
    """A file that cannot be read or is not benchmark JSON."""


def strip_real_time(name):
    return name[: -len("/real_time")] if name.endswith("/real_time") else name


class Run:
    """Samples of one side: {name: [time in ns]}, names in first-seen
    order; `rate` names the benchmarks that are throughputs (gdwire bench),
    kept as ns per byte; `errors` the benchmarks that reported an error."""

    def __init__(self):
        self.samples = {}
        self.rate = set()
        self.errors = set()
        self.files = 0
        self.exe = {}  # name -> the binary that gave it

    def add(self, name, t):
        self.samples.setdefault(name, []).append(t)


def _load_gbench(data, metric, run, path):
    iters, aggs = {}, {}
    exe = os.path.basename(str(data.get("context", {}).get("executable", "")))
    exe = re.sub(r"\.\d+$", "", exe)
    for b in data["benchmarks"]:
        name = strip_real_time(b.get("run_name") or b["name"])
        # The same name from two binaries: the later one's gets "exe:".
        if run.exe.setdefault(name, exe) != exe:
            name = f"{exe}:{name}"
        if b.get("error_occurred"):
            run.errors.add(name)
            continue
        unit = _UNIT_NS.get(b.get("time_unit", "ns"))
        if unit is None or metric not in b:
            raise InputError(f"{path}: {name}: no {metric} in ns/us/ms/s")
        t = float(b[metric]) * unit
        if b.get("run_type") == "aggregate":
            aggs.setdefault(name, {})[b.get("aggregate_name")] = t
        else:
            iters.setdefault(name, []).append(t)
    for name, ts in iters.items():
        for t in ts:
            run.add(name, t)
    for name, kinds in aggs.items():  # --benchmark_report_aggregates_only
        if name not in iters:
            t = kinds.get("median", kinds.get("mean"))
            if t is not None:
                run.add(name, t)


def _load_gdwire_bench(data, run, path):
    for r in data["results"]:
        if "us_per_pass" in r:  # a zero-copy row: time per pass
            run.add(r["name"], float(r["us_per_pass"]) * 1e3)
            continue
        mbs = float(r["mb_per_s"])
        if mbs <= 0:
            raise InputError(f"{path}: {r['name']}: {mbs} MB/s")
        run.add(r["name"], 1e3 / mbs)  # ns per byte
        run.rate.add(r["name"])


def load(paths, metric="cpu_time"):
    """Reads benchmark JSON files into one Run."""
    run = Run()
    for path in paths:
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            raise InputError(f"cannot read {path}: {e}") from e
        try:
            if isinstance(data, dict) and isinstance(data.get("benchmarks"),
                                                     list):
                _load_gbench(data, metric, run, path)
            elif isinstance(data, dict) and isinstance(data.get("results"),
                                                       list):
                _load_gdwire_bench(data, run, path)
            else:
                raise InputError(f"{path}: no 'benchmarks' list (Google "
                                 "Benchmark) or 'results' (gdwire bench)")
        except (KeyError, TypeError, ValueError) as e:
            raise InputError(f"{path}: malformed entry: {e!r}") from e
        run.files += 1
    return run


# ---- A/B --------------------------------------------------------------------


class Row:
    """One benchmark's comparison."""

    def __init__(self, name, a, b, rate, args):
        self.name, self.a, self.b, self.rate = name, a, b, rate
        self.change = self.min_change = self.noise = None
        self.p = 1.0
        self.tested = False
        self.note = ""
        if a and b:
            ma, mb = st.median(a), st.median(b)
            self.change = mb / ma - 1 if ma > 0 else 0.0
            self.min_change = min(b) / min(a) - 1 if min(a) > 0 else 0.0
            self.noise = max(st.rel_spread(a), st.rel_spread(b))
            _, self.p = st.mann_whitney_u(a, b)
            self.tested = st.min_p_value(len(a), len(b)) < args.alpha
        self.verdict = self._verdict(args)

    def _verdict(self, args):
        if self.a is None:
            return "new"
        if self.b is None:
            return "gone"
        # Too few samples for the U test to reach alpha: the threshold
        # alone, as a warning ("slower?"), not a failure.
        significant = self.p < args.alpha or not self.tested
        mark = "" if self.tested else "?"
        if (self.change > args.threshold and
                self.min_change > args.threshold and significant):
            return "SLOWER" if self.tested else "slower?"
        if (self.change < -args.threshold and
                self.min_change < -args.threshold and significant):
            return "faster" + mark
        return "same"

    def speedup(self):
        """(median, low, high) of old time / new time; low/high from the
        quartiles."""
        a, b = self.a, self.b
        return (st.median(a) / st.median(b),
                st.quantile(a, 0.25) / st.quantile(b, 0.75),
                st.quantile(a, 0.75) / st.quantile(b, 0.25))


def compare(base, new, args):
    names = list(base.samples)
    names += [n for n in new.samples if n not in base.samples]
    rows = []
    for n in names:
        rows.append(Row(n, base.samples.get(n), new.samples.get(n),
                        n in base.rate or n in new.rate, args))
    return rows


def confirm(rows, cbase, cnew, args):
    """A SLOWER row stays SLOWER only when fresh runs of it (cbase, cnew:
    the benchmarks flagged, run again) are SLOWER too: with a hundred
    benchmarks, p < 0.01 and a change beyond the threshold happen by chance
    now and then; a real slowdown repeats."""
    for r in rows:
        if r.verdict != "SLOWER":
            continue
        a, b = cbase.samples.get(r.name), cnew.samples.get(r.name)
        if not a or not b:
            r.note = "not re-run"
            continue
        c = Row(r.name, a, b, r.rate, args)
        again = (f"{c.change:+.1%}, p={fmt_p(c.p)} in "
                 f"{len(a)} vs {len(b)} more runs")
        if c.verdict == "SLOWER":
            r.note = f"confirmed: {again}"
        else:
            r.verdict = "same"
            r.note = f"not confirmed: {again}"


def write_flagged(rows, floor_rows, new, path):
    """Lines 'BINARY<TAB>NAME' of the SLOWER rows and of both benchmarks of
    each missed floor (BINARY: the file name of the executable that ran
    them), for the stage to run them again."""
    names = [r.name for r in rows if r.verdict == "SLOWER"]
    for _, cand, base, ratio, verdict, _ in floor_rows:
        if verdict == "BELOW":
            names += [cand, base]
    with open(path, "w") as f:
        for n in dict.fromkeys(names):
            f.write(f"{new.exe.get(n, '')}\t{n}\n")


def confirm_floors(floor_rows, cnew):
    """A missed floor stays missed only when fresh runs of its two
    benchmarks (cnew) miss it too: the two ran at different moments of a
    run, and a burst of other processes' load can fall on one of them."""
    out = []
    for fl, cand, base, ratio, verdict, both in floor_rows:
        if verdict == "BELOW":
            a, b = cnew.samples.get(base), cnew.samples.get(cand)
            if not a or not b:
                verdict = "BELOW (not re-run)"
            else:
                again = floor_ratios(a, b)
                said = (f"{again[0]:.2f}x, {again[1]:.2f}x in "
                        f"{min(len(a), len(b))} more runs")
                if max(again) >= fl.floor:
                    verdict = f"ok (not confirmed: {said})"
                else:
                    verdict = f"BELOW (confirmed: {said})"
        out.append((fl, cand, base, ratio, verdict, both))
    return out


# ---- floors -----------------------------------------------------------------


class Floor:
    def __init__(self, floor, pattern, template, min_size, line):
        self.floor, self.template, self.min_size = floor, template, min_size
        self.pattern = re.compile(pattern)
        self.line = line


def read_floors(path):
    """Lines: FLOOR CANDIDATE_REGEX BASELINE_TEMPLATE [min_size=N]."""
    floors = []
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise InputError(f"cannot read {path}: {e}") from e
    for i, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].split()
        if not text:
            continue
        try:
            min_size = 0
            for opt in text[3:]:
                key, _, value = opt.partition("=")
                if key != "min_size":
                    raise ValueError(f"unknown option {opt}")
                min_size = int(value)
            floors.append(Floor(float(text[0]), text[1], text[2], min_size,
                                f"{path}:{i}"))
        except (IndexError, ValueError, re.error) as e:
            raise InputError(f"{path}:{i}: {e}: {line.strip()}") from e
    return floors


def _size_of(name):
    m = re.search(r"/(\d+)", name)
    return int(m.group(1)) if m else 0


def floor_ratios(bts, cts):
    """(fastest, paired) ratios of baseline time to candidate time: the
    fastest samples', and the median of the per-run ratios (samples paired
    by position: the same file and repetition) or, when they do not pair,
    the medians'. The fastest samples suit CPU-bound benchmarks (load only
    slows a run down); the paired ratio those bound by memory bandwidth,
    which other processes share (the two benchmarks of one run ran moments
    apart)."""
    fastest = min(bts) / min(cts)
    if len(bts) == len(cts):
        paired = st.median([b / c for b, c in zip(bts, cts)])
    else:
        paired = st.median(bts) / st.median(cts)
    return fastest, paired


def check_floors(floors, run):
    """Returns [(floor, candidate, baseline, ratio or None, verdict,
    (fastest, paired))]: ratio = the larger of the two ratios of
    floor_ratios; a floor is missed when both are below it."""
    out = []
    for fl in floors:
        matched = False
        for name, ts in run.samples.items():
            m = fl.pattern.fullmatch(name)
            if not m or _size_of(name) < fl.min_size:
                continue
            matched = True
            base = m.expand(fl.template)
            bts = run.samples.get(base)
            if not bts:
                out.append((fl, name, base, None, "NO BASELINE", None))
                continue
            both = floor_ratios(bts, ts)
            ratio = max(both)
            out.append((fl, name, base, ratio,
                        "ok" if ratio >= fl.floor else "BELOW", both))
        if not matched:
            out.append((fl, fl.pattern.pattern, fl.template, None,
                        "NO MATCH", None))
    return out


# ---- one file ---------------------------------------------------------------


def _args_of(name):
    return name.split("/", 1)[1] if "/" in name else ""


def one_file(run, a):
    times = {n: min(ts) for n, ts in run.samples.items()}
    base_re = re.compile(a.baseline_pattern)
    cand_re = re.compile(a.candidate_pattern)
    baselines = {_args_of(n): (n, t) for n, t in times.items()
                 if base_re.search(n)}
    pairs = []
    for n in times:
        if base_re.search(n) or not cand_re.search(n):
            continue
        b = baselines.get(_args_of(n))
        if b is not None:
            pairs.append((b[0], b[1], n, times[n]))
    if not pairs:
        print("bench_compare: no benchmarks to compare", file=sys.stderr)
        return 2
    width = max(len(c) for _, _, c, _ in pairs)
    print(f"{'candidate':<{width}}  {'baseline':>10}  {'candidate':>10}  "
          f"{'speed':>7}  {'change':>8}")
    regressions = 0
    for base_name, tb, cand_name, tc in pairs:
        speed = tb / tc if tc > 0 else float("inf")
        change = tc / tb - 1 if tb > 0 else float("inf")
        bad = change > a.threshold
        regressions += bad
        note = "  REGRESSION" if bad else ""
        print(f"{cand_name:<{width}}  {fmt_ns(tb):>10}  "
              f"{fmt_ns(tc):>10}  {speed:>6.2f}x  "
              f"{change:>+8.1%}{note}  (vs {base_name})")
    print(f"{len(pairs)} compared, {regressions} regression(s) beyond "
          f"{a.threshold:.0%}")
    return 1 if regressions else 0


# ---- main -------------------------------------------------------------------


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n", 2)[2])
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="old.json new.json, or one file")
    p.add_argument("--base", nargs="*", default=[], metavar="FILE",
                   help="the old version's runs")
    p.add_argument("--new", nargs="*", default=[], metavar="FILE",
                   help="the new version's runs")
    p.add_argument("--threshold", type=float, default=0.10,
                   help="slowdown that counts, as a fraction (0.10)")
    p.add_argument("--alpha", type=float, default=0.01,
                   help="significance level of the U test (0.01)")
    p.add_argument("--metric", choices=("cpu_time", "real_time"),
                   default="cpu_time")
    p.add_argument("--floors", metavar="FILE", help="floors to check")
    p.add_argument("--report-dir", metavar="DIR",
                   help="write report.md and report.svg there")
    p.add_argument("--base-label", default="old")
    p.add_argument("--new-label", default="new")
    p.add_argument("--note", action="append", default=[],
                   help="a line for the report's head (repeatable)")
    p.add_argument("--flagged-out", metavar="FILE",
                   help="write 'BINARY<TAB>NAME' of each SLOWER benchmark "
                   "and of both benchmarks of each missed floor")
    p.add_argument("--confirm-base", nargs="*", default=[], metavar="FILE",
                   help="fresh runs of the flagged benchmarks, old version")
    p.add_argument("--confirm-new", nargs="*", default=[], metavar="FILE",
                   help="... and new version: SLOWER only if they agree")
    p.add_argument("--baseline-pattern", default="^BM_Memcpy/",
                   help="one-file mode: regex naming the baselines")
    p.add_argument("--candidate-pattern", default="",
                   help="one-file mode: regex naming the candidates")
    a = p.parse_args(argv)
    if len(a.files) > 2 or (a.files and (a.base or a.new)):
        p.error("give old.json new.json, or --base/--new, or one file")
    if a.threshold < 0 or not 0 < a.alpha < 1:
        p.error("--threshold >= 0 and 0 < --alpha < 1")
    return a


def main(argv):
    # `bazel run //benchmarks/ci:bench_compare -- ...`: paths are the caller's.
    if os.environ.get("BUILD_WORKING_DIRECTORY"):
        os.chdir(os.environ["BUILD_WORKING_DIRECTORY"])
    try:
        a = parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        if len(a.files) == 1 and not a.floors:
            return one_file(load(a.files, a.metric), a)
        if a.files:  # old.json new.json, or one file with --floors
            base_files, new_files = a.files[:-1], a.files[-1:]
        else:
            base_files, new_files = a.base, a.new
        if not new_files:
            raise InputError("no runs of the new version (--new FILE...)")
        base = load(base_files, a.metric) if base_files else None
        new = load(new_files, a.metric)
        floors = read_floors(a.floors) if a.floors else []
        cbase = load(a.confirm_base, a.metric) if a.confirm_base else None
        cnew = load(a.confirm_new, a.metric) if a.confirm_new else None
    except (InputError, re.error) as e:
        print(f"bench_compare: {e}", file=sys.stderr)
        return 2
    rows = compare(base, new, a) if base is not None else []
    floor_rows = check_floors(floors, new)
    if a.flagged_out:
        write_flagged(rows, floor_rows, new, a.flagged_out)
    if cbase is not None and cnew is not None:
        confirm(rows, cbase, cnew, a)
    if cnew is not None:
        floor_rows = confirm_floors(floor_rows, cnew)
    if not rows and not floor_rows and not new.errors:
        print("bench_compare: no benchmarks to compare", file=sys.stderr)
        return 2
    report = ab.Report(a, rows, floor_rows, base, new)
    for line in report.summary_lines():
        print(line)
    if a.report_dir:
        os.makedirs(a.report_dir, exist_ok=True)
        with open(os.path.join(a.report_dir, "report.md"), "w") as f:
            f.write(report.markdown())
        with open(os.path.join(a.report_dir, "report.svg"), "w") as f:
            f.write(report.svg())
        print(f"report: {os.path.join(a.report_dir, 'report.md')}, "
              f"{os.path.join(a.report_dir, 'report.svg')}")
    return 1 if report.failed() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
