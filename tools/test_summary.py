#!/usr/bin/env python3
"""Prints one 'N passed, N failed' line for the last `bazel test` run.

Usage: tools/test_summary.py [bazel test target pattern...] (default //...)
Counts individual gtest cases from bazel-testlogs/<pkg>/<name>/test.xml; a
test target with no test.xml (failed to build, not run) counts as 1 failure.
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

patterns = sys.argv[1:] or ["//..."]
query = "tests(%s)" % " + ".join(patterns)
targets = subprocess.run(
    ["bazel", "query", query], check=True, capture_output=True, text=True
).stdout.split()

passed = failed = skipped = 0
for t in targets:
    pkg, name = t.lstrip("/").split(":")
    xml = os.path.join("bazel-testlogs", pkg, name, "test.xml")
    if not os.path.exists(xml):
        print("no result for %s" % t)
        failed += 1
        continue
    for case in ET.parse(xml).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
            print("FAILED: %s %s.%s" % (t, case.get("classname", ""), case.get("name")))
        elif case.get("status") == "notrun" or case.get("result") == "skipped":
            skipped += 1
        else:
            passed += 1
print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
