# Copyright 2026 The gdwire Authors.
"""gdwire's one benchmark report writer, for both of its uses:

    ab.py          the CI bench stage's A/B report (benchmarks/ci/
                   bench_compare.py): summary lines, report.md, report.svg
    comparison.py  gdwire beside the engines, simdjson and msgpack-cxx
                   (benchmarks/compare/compare.sh): the table,
                   docs/PERFORMANCE.md, docs/performance.svg, the README's
                   headline

over the parts they share:

    fmt.py         number formats (times, MB/s, ratios, p-values) and
                   Markdown tables
    stats.py       quantiles, medians, spread, the Mann-Whitney U test
    machine.py     the machine description (CPU, cores, kernel, compiler,
                   load), for both reports' heads

Plain Python 3, standard library only. Scripts that run a part directly
(comparison.py, machine.py) put this folder's parent on sys.path.
"""
