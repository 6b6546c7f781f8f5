#!/usr/bin/env python3
# Copyright 2026 The gdwire Authors.
"""Sums the report lines of tests/fuzz/fuzz_campaign.sh runs into one table.

    tests/fuzz/fuzz_report.py /tmp/gdwire-fuzz-campaign*/report.tsv

Prints a Markdown table (one row per target: runs, executions, seconds,
coverage in edges at the first start and at the last end, corpus files,
findings) and the total, as docs/FUZZING.md shows it.
"""

import csv
import sys


def main(paths):
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows += list(csv.DictReader(f, delimiter="\t"))
    targets = {}
    for r in rows:
        t = targets.setdefault(
            r["target"],
            {"runs": 0, "executions": 0, "seconds": 0, "cov_start": None,
             "cov_end": 0, "corpus": 0, "findings": 0})
        t["runs"] += 1
        t["executions"] += int(r["executions"] or 0)
        t["seconds"] += int(r["seconds"] or 0)
        if t["cov_start"] is None and r["cov_start"]:
            t["cov_start"] = int(r["cov_start"])
        if r["cov_end"]:
            t["cov_end"] = max(t["cov_end"], int(r["cov_end"]))
        t["corpus"] = int(r["corpus_files"] or 0)
        t["findings"] += int((r["findings"] or "0").split()[0])
    print("| target | runs | executions | seconds | edges at start | edges at end "
          "| corpus files | findings |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    total = 0
    for name in sorted(targets):
        t = targets[name]
        total += t["executions"]
        print(f"| {name} | {t['runs']} | {t['executions']:,} | {t['seconds']:,} "
              f"| {t['cov_start'] or ''} | {t['cov_end']} | {t['corpus']} "
              f"| {t['findings']} |")
    print(f"| **all** | | **{total:,}** | | | | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
