#!/bin/bash
# Offline replacement for Bazel's Java LcovMerger (gcc/gcov only): merges the
# *.gcov.json.gz files that collect_cc_coverage.sh leaves in --coverage_dir
# into one lcov tracefile (--output_file). Sources matching a
# --filter_sources regex (system headers, external/) are dropped.
exec python3 - "$@" <<'PY'
import glob, gzip, json, os, re, sys

opts = {"filter_sources": []}
for a in sys.argv[1:]:
    if a.startswith("--") and "=" in a:
        k, v = a[2:].split("=", 1)
        if k == "filter_sources":
            opts[k].append(v)
        else:
            opts[k] = v
cov_dir, out_file = opts.get("coverage_dir"), opts.get("output_file")
filters = [re.compile(f) for f in opts["filter_sources"]] + [
    re.compile(r"^/usr/.*"), re.compile(r".*external/.*"), re.compile(r"^bazel-out/.*")]

lines, funcs = {}, {}  # file -> {line: count}, file -> {name: (line, count)}
for path in glob.glob(os.path.join(cov_dir, "**", "*.gcov.json.gz"), recursive=True):
    with gzip.open(path, "rt") as f:
        data = json.load(f)
    for fe in data.get("files", []):
        src = fe["file"]
        if src.startswith("./"):
            src = src[2:]
        if any(r.match(src) for r in filters):
            continue
        ls = lines.setdefault(src, {})
        for ln in fe.get("lines", []):
            n = ln["line_number"]
            ls[n] = ls.get(n, 0) + ln["count"]
        fs = funcs.setdefault(src, {})
        for fn in fe.get("functions", []):
            name = fn.get("demangled_name") or fn["name"]
            old = fs.get(name, (fn["start_line"], 0))
            fs[name] = (old[0], old[1] + fn["execution_count"])

with open(out_file, "w") as out:
    for src in sorted(lines):
        out.write("SF:%s\n" % src)
        for name, (ln, cnt) in sorted(funcs[src].items(), key=lambda x: x[1][0]):
            out.write("FN:%d,%s\n" % (ln, name))
        for name, (ln, cnt) in funcs[src].items():
            out.write("FNDA:%d,%s\n" % (cnt, name))
        out.write("FNF:%d\nFNH:%d\n" % (len(funcs[src]), sum(1 for v in funcs[src].values() if v[1])))
        for ln in sorted(lines[src]):
            out.write("DA:%d,%d\n" % (ln, lines[src][ln]))
        out.write("LF:%d\nLH:%d\nend_of_record\n" % (
            len(lines[src]), sum(1 for c in lines[src].values() if c)))
PY
