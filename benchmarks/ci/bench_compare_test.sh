#!/bin/bash
# Runs benchmarks/ci/bench_compare_test.py (unittest) under python3.
exec python3 benchmarks/ci/bench_compare_test.py -v
