#!/bin/bash
# Runs tools/bench_compare_test.py (unittest) under python3.
exec python3 tools/bench_compare_test.py -v
