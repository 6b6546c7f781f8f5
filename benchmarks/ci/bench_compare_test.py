#!/usr/bin/env python3
# Copyright 2026 The gdwire Authors.
"""Tests of benchmarks/ci/bench_compare.py's statistics and verdicts on recorded
runs (benchmarks/ci/testdata/, see its README): equal runs pass, a 20%
slowdown fails and is named, noise within bounds passes, too few samples
only warn, floors, gdwire bench JSON, the report files, bad input."""

import contextlib
import io
import json
import os
import random
import re
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_compare  # noqa: E402
from report import stats  # noqa: E402

DATA = os.path.join(HERE, "testdata")


def run(*argv):
    """(exit status, stdout + stderr) of bench_compare.main(argv)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = bench_compare.main([str(a) for a in argv])
    return status, out.getvalue()


def scaled(src, dst, factor):
    """Writes src's Google Benchmark JSON to dst, every time multiplied by
    factor(name, index) (or by the number factor)."""
    with open(src) as f:
        data = json.load(f)
    for i, b in enumerate(data["benchmarks"]):
        k = factor(b["name"], i) if callable(factor) else factor
        b["cpu_time"] *= k
        b["real_time"] *= k
    with open(dst, "w") as f:
        json.dump(data, f)
    return dst


class StatsTest(unittest.TestCase):
    def test_mann_whitney_matches_scipy(self):
        # Values from scipy.stats.mannwhitneyu(a, b) (two-sided; exact
        # without ties, asymptotic with continuity correction with them).
        u, p = stats.mann_whitney_u([1, 2, 3], [4, 5, 6])
        self.assertEqual(u, 0)
        self.assertAlmostEqual(p, 0.1)
        u, p = stats.mann_whitney_u([1, 3, 5, 7, 9], [2, 4, 6, 8, 10])
        self.assertEqual(u, 10)
        self.assertAlmostEqual(p, 0.6904761904761905)
        u, p = stats.mann_whitney_u(range(8), [x + 100 for x in
                                                     range(8)])
        self.assertAlmostEqual(p, 2 / 12870)
        u, p = stats.mann_whitney_u([1, 1, 2], [1, 2, 2])
        self.assertEqual(u, 3)
        self.assertAlmostEqual(p, 0.6192567541768621, places=6)
        # Large samples: the normal approximation.
        a = list(range(40))
        u, p = stats.mann_whitney_u(a, [x + 0.5 for x in a])
        self.assertEqual(u, 780)
        self.assertGreater(p, 0.5)
        u, p = stats.mann_whitney_u(a, [x + 40 for x in a])
        self.assertLess(p, 1e-10)

    def test_min_p_value(self):
        self.assertAlmostEqual(stats.min_p_value(5, 5), 2 / 252)
        self.assertGreater(stats.min_p_value(4, 4), 0.01)
        self.assertEqual(stats.min_p_value(0, 3), 1.0)

    def test_quantiles(self):
        self.assertEqual(stats.median([3, 1, 2]), 2)
        self.assertEqual(stats.quantile([1, 2, 3, 4], 0.25), 1.75)
        self.assertAlmostEqual(stats.rel_spread([9, 10, 11]), 0.05)


class RecordedTest(unittest.TestCase):
    """Recorded runs: 8 interleaved rounds a side on a shared 2-core
    machine (noisy)."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.old = os.path.join(DATA, "same_old.json")
        self.new = os.path.join(DATA, "same_new.json")

    def test_equal_runs_pass(self):
        status, out = run("--base", self.old, "--new", self.new)
        self.assertEqual(status, 0, out)
        self.assertRegex(out, r" 0 slower, ")
        self.assertNotIn("SLOWER", out)

    def test_a_run_against_itself_passes(self):
        status, out = run(self.old, self.old)
        self.assertEqual(status, 0, out)
        self.assertRegex(out, r" 0 slower, 0 faster, ")

    def test_20_percent_slowdown_fails_and_is_named(self):
        slow = scaled(self.new, os.path.join(self.tmp, "slow.json"),
                      lambda name, i: 1.2 if name.startswith(
                          "BM_TrafficStreamSkip/0") else 1.0)
        status, out = run("--base", self.old, "--new", slow)
        self.assertEqual(status, 1, out)
        self.assertRegex(out, r"SLOWER BM_TrafficStreamSkip/0: \+(1[5-9]|2\d)\.\d%")
        self.assertRegex(out, r" 1 slower, ")
        self.assertIn("bench: FAIL", out)

    def test_recorded_slowdown_fails(self):
        # A real slowdown: the push parser with a deliberate extra loop in
        # its hot path (see testdata/README.md).
        status, out = run("--base", os.path.join(DATA, "slow_old.json"),
                          "--new", os.path.join(DATA, "slow_new.json"))
        self.assertEqual(status, 1, out)
        self.assertRegex(out, r"SLOWER BM_TrafficStream\w+/\d+: \+\d")

    def test_flagged_then_confirmed_or_not(self):
        # The stage re-runs what the first comparison flags: a slowdown
        # that does not repeat is not a failure; one that does is.
        old = os.path.join(DATA, "slow_old.json")
        new = os.path.join(DATA, "slow_new.json")
        flagged = os.path.join(self.tmp, "flagged.txt")
        status, out = run("--base", old, "--new", new, "--flagged-out",
                          flagged, "--confirm-base", self.old,
                          "--confirm-new", self.new)
        self.assertEqual(status, 0, out)
        self.assertRegex(out, r"same BM_TrafficStreamSkip/0: \+\d+\.\d% .*"
                         r"not confirmed: [-+]\d+\.\d%, p=\S+ in 8 vs 8 more")
        with open(flagged) as f:
            self.assertIn("decode_bench\tBM_TrafficStreamSkip/0\n", f.read())
        status, out = run("--base", old, "--new", new, "--confirm-base", old,
                          "--confirm-new", new)
        self.assertEqual(status, 1, out)
        self.assertRegex(out, r"SLOWER BM_TrafficStreamSkip/0: .*confirmed: "
                         r"\+\d+\.\d%")
        self.assertEqual(out.count("SLOWER BM_TrafficStreamSkip/0:"), 1)

    def test_noise_within_bounds_passes(self):
        rng = random.Random(12)
        noisy = scaled(self.new, os.path.join(self.tmp, "noisy.json"),
                       lambda name, i: rng.uniform(0.92, 1.08))
        status, out = run("--base", self.old, "--new", noisy)
        self.assertEqual(status, 0, out)
        # A consistent 6% slowdown is significant but within the threshold.
        slower = scaled(self.new, os.path.join(self.tmp, "six.json"), 1.06)
        status, out = run("--base", self.old, "--new", slower)
        self.assertEqual(status, 0, out)
        # One wild sample (a burst of load) does not make a slowdown.
        wild = scaled(self.new, os.path.join(self.tmp, "wild.json"),
                      lambda name, i: 3.0 if i % 8 == 0 else 1.0)
        status, out = run("--base", self.old, "--new", wild)
        self.assertEqual(status, 0, out)

    def test_threshold_and_alpha(self):
        slow = scaled(self.new, os.path.join(self.tmp, "slow.json"), 1.2)
        self.assertEqual(run(self.old, slow, "--threshold=0.3")[0], 0)
        self.assertEqual(run(self.old, slow, "--threshold=0.1")[0], 1)

    def test_too_few_samples_only_warn(self):
        one_old = self._first_round(self.old, "one_old.json")
        one_slow = scaled(self._first_round(self.new, "one_new.json"),
                          os.path.join(self.tmp, "one_slow.json"), 1.3)
        status, out = run(one_old, one_slow)
        self.assertEqual(status, 0, out)
        self.assertIn("slower? BM_", out)
        self.assertIn("too few samples", out)

    def test_new_and_gone_benchmarks(self):
        with open(self.new) as f:
            data = json.load(f)
        for b in data["benchmarks"]:
            if b["name"].startswith("BM_TrafficMemcpy/0"):
                b["name"] = b["run_name"] = "BM_Added/0"
        added = os.path.join(self.tmp, "added.json")
        with open(added, "w") as f:
            json.dump(data, f)
        status, out = run(self.old, added)
        self.assertEqual(status, 0, out)
        self.assertRegex(out, r"1 new, 1 gone")

    def test_report_files(self):
        slow = scaled(self.new, os.path.join(self.tmp, "slow.json"),
                      lambda name, i: 1.25 if "Skip/0" in name else 1.0)
        rep = os.path.join(self.tmp, "rep")
        status, out = run("--base", self.old, "--new", slow,
                          "--report-dir", rep, "--base-label=parent abc1234",
                          "--new-label=this commit def5678")
        self.assertEqual(status, 1, out)
        with open(os.path.join(rep, "report.md")) as f:
            md = f.read()
        self.assertIn("| benchmark | parent abc1234 | this commit def5678 | "
                      "change | noise | verdict |", md)
        self.assertRegex(md, r"\| BM_TrafficStreamSkip/0 \| .* \| \+2\d\.\d% "
                         r"\| ±\d+\.\d%, p=\S+ \| \*\*SLOWER\*\* \|")
        svg = ET.parse(os.path.join(rep, "report.svg")).getroot()
        self.assertTrue(svg.tag.endswith("svg"))
        self.assertIn("BM_TrafficStreamSkip/0", ET.tostring(svg).decode())

    def _first_round(self, src, name):
        with open(src) as f:
            data = json.load(f)
        seen, keep = set(), []
        for b in data["benchmarks"]:
            if b["name"] not in seen:
                seen.add(b["name"])
                keep.append(b)
        data["benchmarks"] = keep
        dst = os.path.join(self.tmp, name)
        with open(dst, "w") as f:
            json.dump(data, f)
        return dst


class FloorsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.new = os.path.join(DATA, "same_new.json")

    def floors(self, text):
        path = os.path.join(self.tmp, "floors.txt")
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_floors_hold_and_fail(self):
        ok = self.floors("0.5 BM_TrafficStream(Skip)/1400 "
                         "BM_TrafficStream\\1/0  # pieces\n"
                         "2 BM_TrafficStreamSkip/0 BM_TrafficReference/0\n")
        status, out = run("--new", self.new, "--floors", ok)
        self.assertEqual(status, 0, out)
        self.assertIn("floors: 2 checked, 0 missed", out)
        high = self.floors("1000 BM_TrafficStreamSkip/0 "
                           "BM_TrafficReference/0\n")
        status, out = run("--new", self.new, "--floors", high)
        self.assertEqual(status, 1, out)
        self.assertRegex(out, r"FLOOR BELOW BM_TrafficStreamSkip/0: \d+\.\d+x "
                         r"BM_TrafficReference/0, floor 1000x")

    def test_missed_floor_confirmed_or_not(self):
        # The stage re-runs both benchmarks of a missed floor: a miss that
        # does not repeat (a burst of load on one of them) is not a
        # failure; one that does is.
        high = self.floors("1000 BM_TrafficStreamSkip/0 "
                           "BM_TrafficReference/0\n")
        status, out = run("--new", self.new, "--floors", high)
        ratio = float(re.search(r"FLOOR BELOW BM_TrafficStreamSkip/0: "
                                r"(\d+\.\d+)x", out).group(1))
        path = self.floors(f"{ratio * 2:.2f} BM_TrafficStreamSkip/0 "
                           "BM_TrafficReference/0\n")
        flagged = os.path.join(self.tmp, "flagged.txt")
        status, out = run("--new", self.new, "--floors", path,
                          "--flagged-out", flagged)
        self.assertEqual(status, 1, out)
        with open(flagged) as f:
            self.assertEqual(f.read(),
                             "decode_bench\tBM_TrafficStreamSkip/0\n"
                             "decode_bench\tBM_TrafficReference/0\n")
        # Fresh runs where the parser is 4x faster: the floor holds there.
        fast = scaled(self.new, os.path.join(self.tmp, "fast.json"),
                      lambda name, i: 0.25 if name.startswith(
                          "BM_TrafficStreamSkip/0") else 1)
        status, out = run("--new", self.new, "--floors", path,
                          "--confirm-new", fast)
        self.assertEqual(status, 0, out)
        self.assertIn("floors: 1 checked, 0 missed", out)
        # Fresh runs like the first: the miss is confirmed, and named.
        status, out = run("--new", self.new, "--floors", path,
                          "--confirm-new", self.new)
        self.assertEqual(status, 1, out)
        self.assertRegex(out, r"FLOOR BELOW \(confirmed: \d+\.\d+x, "
                         r"\d+\.\d+x in \d+ more runs\) "
                         r"BM_TrafficStreamSkip/0: ")

    def test_floor_matching_nothing_fails(self):
        path = self.floors("1 BM_Nothing/(\\d+) BM_Other/\\1\n"
                           "1 BM_TrafficStreamSkip/0 BM_Missing/0\n")
        status, out = run("--new", self.new, "--floors", path)
        self.assertEqual(status, 1, out)
        self.assertIn("FLOOR NO MATCH BM_Nothing", out)
        self.assertIn("FLOOR NO BASELINE BM_TrafficStreamSkip/0", out)

    def test_min_size(self):
        path = self.floors("1000 BM_TrafficStream(Skip)/(\\d+) "
                           "BM_TrafficStream\\1/0 min_size=1000000\n")
        status, out = run("--new", self.new, "--floors", path)
        self.assertEqual(status, 1, out)
        self.assertIn("NO MATCH", out)

    def test_bad_floors_file(self):
        path = self.floors("x BM_A BM_B\n")
        self.assertEqual(run("--new", self.new, "--floors", path)[0], 2)


class InputsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()

    def write(self, name, obj):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as f:
            f.write(obj if isinstance(obj, str) else json.dumps(obj))
        return path

    def gdwire_bench(self, name, mbs):
        return self.write(name, {"bytes": 1000, "values": 3,
                                 "simd_target": "AVX2", "results": [
                                     {"name": "memcpy", "mb_per_s": 20000.0,
                                      "vs_memcpy": 1.0},
                                     {"name": "view walk", "zero_copy": True,
                                      "us_per_pass": 0.1},
                                     {"name": "stream parser", "mb_per_s": mbs,
                                      "vs_memcpy": mbs / 20000}]})

    def test_gdwire_bench_json(self):
        rng = random.Random(1)
        old = [self.gdwire_bench(f"o{i}.json", 800 * rng.uniform(0.97, 1.03))
               for i in range(6)]
        same = [self.gdwire_bench(f"s{i}.json", 800 * rng.uniform(0.97, 1.03))
                for i in range(6)]
        slow = [self.gdwire_bench(f"w{i}.json", 600 * rng.uniform(0.97, 1.03))
                for i in range(6)]
        status, out = run("--base", *old, "--new", *same)
        self.assertEqual(status, 0, out)
        self.assertIn("3 compared (6 vs 6 samples", out)
        rep = os.path.join(self.tmp, "rep")
        status, out = run("--base", *old, "--new", *slow, "--report-dir", rep)
        self.assertEqual(status, 1, out)
        self.assertRegex(out, r"SLOWER stream parser: \+3\d\.\d% \([\d.]+ MB/s -> "
                         r"[\d.]+ MB/s median")

    def test_one_file_mode(self):
        path = self.write("one.json", {"benchmarks": [
            {"name": "BM_Memcpy/4096", "run_type": "iteration",
             "real_time": 10, "cpu_time": 10, "time_unit": "ns"},
            {"name": "BM_Fast_SIMD/4096", "run_type": "iteration",
             "real_time": 12, "cpu_time": 12, "time_unit": "ns"}]})
        status, out = run(path, "--candidate-pattern=_SIMD")
        self.assertEqual(status, 1, out)
        self.assertRegex(out, r"BM_Fast_SIMD/4096 .*0\.83x.*REGRESSION")
        self.assertEqual(run(path, "--candidate-pattern=_SIMD",
                             "--threshold=0.3")[0], 0)

    def test_aggregates_only(self):
        path = self.write("agg.json", {"benchmarks": [
            {"name": "BM_A_median", "run_name": "BM_A",
             "run_type": "aggregate", "aggregate_name": "median",
             "real_time": 1, "cpu_time": 1, "time_unit": "us"}]})
        run_ = bench_compare.load([path])
        self.assertEqual(run_.samples, {"BM_A": [1000.0]})

    def test_errors(self):
        path = self.write("err.json", {"benchmarks": [
            {"name": "BM_A", "run_type": "iteration", "error_occurred": True,
             "error_message": "x"}]})
        status, out = run(path, path)
        self.assertEqual(status, 1, out)
        self.assertIn("ERROR BM_A", out)

    def test_bad_input(self):
        self.assertEqual(run(os.path.join(self.tmp, "missing.json"))[0], 2)
        junk = self.write("junk.json", {"nothing": 1})
        status, out = run(junk, junk)
        self.assertEqual(status, 2)
        self.assertIn("no 'benchmarks' list", out)
        self.assertEqual(run(self.write("bad.json", "{"), junk)[0], 2)
        self.assertEqual(run("--base", junk)[0], 2)


if __name__ == "__main__":
    unittest.main()
