#!/bin/sh
echo "--combined_report is not available offline; merge bazel-testlogs/**/coverage.dat with lcov instead" >&2
exit 1
