#!/usr/bin/env python3
"""Prints one 'N passed, N failed, N skipped' line for bazel test runs.

Usage:
  tests/test_summary.py [PATTERN...]           the last `bazel test` run
                                               (default //...)
  tests/test_summary.py --stage=NAME --tally=FILE [--flags="BAZEL FLAGS"]
                        [--since=EPOCH] [PATTERN...]
      counts one stage of tools/test.sh: reads the test logs of the
      configuration the flags select (`bazel info FLAGS bazel-testlogs`),
      prints '[stage NAME] ...' and appends the counts to FILE
  tests/test_summary.py --stage=NAME --tally=FILE --junit=XML [--since=EPOCH]
      counts one stage whose tests wrote JUnit XML (pytest --junitxml: the
      python stage); a missing file, or one older than --since, counts as
      1 failure
  tests/test_summary.py --sum=FILE
      prints the closing line: the sum of every stage in FILE

Counts individual gtest cases from <testlogs>/<pkg>/<name>/test.xml, or
.../shard_K_of_N/test.xml for sharded tests (an sh_test, e.g. a fuzz
target, is one case). A test target with no test.xml
(failed to build, not run), or with one older than --since (left from an
earlier run), counts as 1 failure.
"""
import argparse
import glob
import os
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET


def testlogs_dir(flags):
    # The configuration (and so the output directory) is set by --config.
    # Always asked of bazel (not the bazel-testlogs symlink, which follows
    # whatever bazel command ran last, e.g. a fuzz build beside the tests).
    configs = [f for f in shlex.split(flags) if f.startswith("--config=")]
    out = subprocess.run(
        ["bazel", "info"] + configs + ["bazel-testlogs"],
        check=True, capture_output=True, text=True).stdout.strip()
    return out or "bazel-testlogs"


def count(patterns, logs, since, flags=""):
    query = "tests(%s)" % " + ".join(patterns)
    # Tests a stage leaves out with --test_tag_filters=-TAG are not counted.
    for f in shlex.split(flags):
        if f.startswith("--test_tag_filters="):
            for tag in f.split("=", 1)[1].split(","):
                if tag.startswith("-"):
                    query = "%s except attr(tags, '\\b%s\\b', %s)" % (
                        query, tag[1:], query)
    targets = subprocess.run(
        ["bazel", "query", query], check=True, capture_output=True, text=True
    ).stdout.split()
    passed = failed = skipped = 0
    for t in targets:
        pkg, name = t.lstrip("/").split(":")
        base = os.path.join(logs, pkg, name)
        # A sharded test has one test.xml per shard.
        xmls = ([os.path.join(base, "test.xml")]
                if os.path.exists(os.path.join(base, "test.xml"))
                else sorted(glob.glob(os.path.join(base, "shard_*_of_*",
                                                   "test.xml"))))
        if not xmls or any(since and os.path.getmtime(x) < since for x in xmls):
            print("no result for %s" % t)
            failed += 1
            continue
        cases = [c for x in xmls for c in ET.parse(x).getroot().iter("testcase")]
        for case in cases:
            if case.find("failure") is not None or case.find("error") is not None:
                failed += 1
                print("FAILED: %s %s.%s" % (t, case.get("classname", ""),
                                            case.get("name")))
            elif case.get("status") == "notrun" or case.get("result") == "skipped":
                skipped += 1
                print("SKIPPED: %s %s.%s" % (t, case.get("classname", ""),
                                             case.get("name")))
            else:
                passed += 1
    return passed, failed, skipped


def count_junit(path, since):
    """Test cases of a JUnit XML file (pytest's: <skipped>, <failure>,
    <error> children)."""
    if not os.path.exists(path) or (since and os.path.getmtime(path) < since):
        print("no result in %s" % path)
        return 0, 1, 0
    passed = failed = skipped = 0
    for case in ET.parse(path).getroot().iter("testcase"):
        name = "%s.%s" % (case.get("classname", ""), case.get("name"))
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
            print("FAILED: %s" % name)
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stage")
    ap.add_argument("--tally")
    ap.add_argument("--flags", default="")
    ap.add_argument("--since", type=float, default=0)
    ap.add_argument("--sum")
    ap.add_argument("--junit")
    ap.add_argument("patterns", nargs="*")
    a = ap.parse_args()

    if a.sum:
        passed = failed = skipped = 0
        stages = 0
        for line in open(a.sum):
            f = line.split()
            if len(f) == 4:
                passed += int(f[1])
                failed += int(f[2])
                skipped += int(f[3])
                stages += 1
        if stages == 0:
            failed += 1  # nothing ran
        print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
        return 0 if failed == 0 else 1

    if a.junit:
        passed, failed, skipped = count_junit(a.junit, a.since)
    else:
        patterns = a.patterns or ["//..."]
        passed, failed, skipped = count(patterns, testlogs_dir(a.flags),
                                        a.since, a.flags)
    if a.stage:
        print("[stage %s] %d tests passed, %d failed, %d skipped" %
              (a.stage, passed, failed, skipped))
        if a.tally:
            with open(a.tally, "a") as fh:
                fh.write("%s %d %d %d\n" % (a.stage, passed, failed, skipped))
    else:
        print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 0 if failed == 0 else 1


sys.exit(main())
