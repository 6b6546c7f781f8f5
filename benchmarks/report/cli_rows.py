"""The command line tool's rows of docs/PERFORMANCE.md: `gdwire validate`
and `gdwire decode` on a large engine recording at each thread count, with
`cat` of the same file as the baseline (RESULT lines of
benchmarks/cli/cli_bench.py, in RESULTS_DIR/godot4-cli.txt)."""
import json
import os

from report.fmt import fmt_rate, md_table

# The goals of issue 22 (item 3), on one core.
GOALS = {"validate": 1000.0, "decode --format=json": 300.0}
SCALING_GOAL_2 = 1.8


def row_name(r):
    if r["row"] == "cat":
        return "`cat FILE > /dev/null`"
    if r["row"] == "start-up":
        return "start-up: `gdwire validate` of one frame"
    return f"`gdwire {r['row']}`"


def load(results):
    return load_path(os.path.join(results, "godot4-cli.txt"))


def load_path(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("RESULT "):
                rows.append(json.loads(line[7:]))
    return rows


def section(results):
    """The section's Markdown lines ([] when the CLI was not measured)."""
    rows = load(results)
    if not rows:
        return []
    first = {}
    for r in rows:
        first.setdefault(r["row"], r)
    cells = []
    for r in rows:
        if r["row"] == "start-up":
            cells.append([row_name(r), 1, "—", f"{r['cpu_s']:.3f}", "", ""])
            continue
        mbs = r["bytes"] / r["best_s"] / 1e6
        speedup = first[r["row"]]["best_s"] / r["best_s"]
        cells.append([row_name(r), r["threads"], fmt_rate(mbs), f"{r['cpu_s']:.3f}",
                      f"{r['cat_s'] / r['best_s']:.3f}×",
                      "" if r["row"] == "cat" else f"{speedup:.2f}×"])
    r0 = rows[0]
    lines = [
        "## The command line tool",
        "",
        f"`benchmarks/cli/cli_bench.py` (run by compare.sh): the Godot 4 traffic "
        f"above repeated into one StreamPeer recording of {r0['bytes'] / 1e6:,.1f} MB, "
        f"read by `gdwire validate` and `gdwire decode --format=json|text` "
        f"(`--framing=stream`, output to /dev/null) at each thread count, `cat` of "
        f"the same file as the baseline, interleaved rounds, best of {r0['runs']}. "
        f"MB/s of the recording; CPU: user + system seconds of the best round. "
        f"{r0['cores']} cores; load average before / after: "
        f"{' '.join('%.2f' % x for x in r0['load_before'])} / "
        f"{' '.join('%.2f' % x for x in r0['load_after'])}. Each command's "
        f"output is checked byte-identical at every thread count first.",
        "",
    ]
    if any(r["row"].startswith("capture") for r in rows):
        lines[-1:-1] = [
            "",
            "Rows `gdwire capture`: the same recording written as a packet capture "
            "(one TCP connection, cli_bench.py's write_capture), MB/s of the pcap "
            "file; the values are decoded on one thread and turned into lines on "
            "`--threads` threads."]
    lines += md_table(["command", "threads", "MB/s", "CPU s", "× cat", "speed-up"],
                      ["---", "---:", "---:", "---:", "---:", "---:"], cells)
    goal_lines = []
    for row, goal in GOALS.items():
        one = [r for r in rows if r["row"] == row and r["threads"] == 1]
        if one:
            mbs = one[0]["bytes"] / one[0]["best_s"] / 1e6
            goal_lines.append(f"- `gdwire {row}` on one core ≥ {goal:,.0f} MB/s: "
                              f"{fmt_rate(mbs)} MB/s — {'met' if mbs >= goal else '**missed**'}")
        two = [r for r in rows if r["row"] == row and r["threads"] == 2]
        if one and two:
            s = one[0]["best_s"] / two[0]["best_s"]
            goal_lines.append(f"- `gdwire {row}` on 2 threads ≥ {SCALING_GOAL_2}× one: "
                              f"{s:.2f}× — {'met' if s >= SCALING_GOAL_2 else '**missed**'}")
    if goal_lines:
        lines += ["", "Goals (issue 22):", ""] + goal_lines
    return lines


# Issue 22 (item 3) on a big machine: the speed-up at 16 threads.
SCALING_GOALS_16 = {"validate": 12.0, "decode --format=json": 10.0}
# In-process rows of //benchmarks:parallel_bench, by the command whose work
# they do.
PARALLEL_ROWS = {"validate": "BM_ParallelValidate",
                 "decode --format=json": "BM_ParallelJson"}


def load_parallel(path):
    """{benchmark name: {threads: real ms}} of a Google Benchmark JSON file
    (the best repetition of each)."""
    out = {}
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    for b in data.get("benchmarks", []):
        if b.get("run_type") == "aggregate":
            continue
        parts = b["name"].split("/")
        ms = b["real_time"] * {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
        cell = out.setdefault(parts[0], {})
        t = int(parts[1])
        cell[t] = min(ms, cell.get(t, ms))
    return out


def section_big(results_dir):
    """The 16-core section (benchmarks/results/: the device's cli_bench RESULT
    lines in cli_16core.txt, parallel_bench's JSON in parallel_16core.json,
    the machine in machine_16core.txt); [] when absent."""
    rows = load_path(os.path.join(results_dir, "cli_16core.txt"))
    par = load_parallel(os.path.join(results_dir, "parallel_16core.json"))
    if not rows and not par:
        return []
    machine = ""
    mpath = os.path.join(results_dir, "machine_16core.txt")
    if os.path.exists(mpath):
        with open(mpath, encoding="utf-8") as f:
            machine = " ".join(line.strip() for line in f if line.strip())
    lines = ["## On 16 cores", "", machine, ""]
    if rows:
        first = {}
        for r in rows:
            first.setdefault(r["row"], r)
        cells = []
        for r in rows:
            fixed = r["row"] == "start-up"
            cells.append([row_name(r), r["threads"], f"{r['best_s'] * 1000:,.1f}",
                          "—" if fixed else fmt_rate(r["bytes"] / r["best_s"] / 1e6),
                          f"{r['cpu_s']:.3f}",
                          "" if r["row"] in ("cat", "start-up") else
                          f"{first[r['row']]['best_s'] / r['best_s']:.2f}×"])
        r0 = rows[0]
        lines += [f"The command line tool on a recording of {r0['bytes'] / 1e6:,.1f} MB "
                  f"(`benchmarks/cli/cli_bench.py --threads=1,2,4,8,16`, best of "
                  f"{r0['runs']}; wall time of the whole process, start-up included):", ""]
        lines += md_table(["command", "threads", "ms", "MB/s", "CPU s", "speed-up"],
                          ["---", "---:", "---:", "---:", "---:", "---:"], cells)
    if par:
        cells = []
        for name in ["BM_ParallelRead"] + list(PARALLEL_ROWS.values()):
            by = par.get(name, {})
            for t in sorted(by):
                cells.append([name, t, f"{by[t]:,.2f}", f"{by[min(by)] / by[t]:.2f}×"])
        lines += ["", "The same work inside one process (`//benchmarks:parallel_bench`, "
                  "gdwire's game traffic, StreamPeer framing, best of the repetitions; "
                  "BM_ParallelRead only reads the bytes: what the memory gives):", ""]
        lines += md_table(["benchmark", "threads", "ms", "speed-up"],
                          ["---", "---:", "---:", "---:"], cells)
    goal_lines = []
    for row, goal in SCALING_GOALS_16.items():
        one = [r for r in rows if r["row"] == row and r["threads"] == 1]
        top = [r for r in rows if r["row"] == row and r["threads"] == 16]
        figs = []
        if one and top:
            s = one[0]["best_s"] / top[0]["best_s"]
            figs.append(f"the tool {s:.2f}× — {'met' if s >= goal else '**missed**'}")
            start = [r for r in rows if r["row"] == "start-up"]
            if start:
                f = start[0]["best_s"]
                figs.append(f"the tool less its start-up ({f * 1000:.1f} ms) "
                            f"{(one[0]['best_s'] - f) / (top[0]['best_s'] - f):.2f}×")
        by = par.get(PARALLEL_ROWS[row], {})
        if 1 in by and 16 in by:
            s = by[1] / by[16]
            figs.append(f"in process {s:.2f}× — {'met' if s >= goal else '**missed**'}")
        if figs:
            goal_lines.append(f"- `gdwire {row}` at 16 threads ≥ {goal:.0f}× one: "
                              + "; ".join(figs))
    if goal_lines:
        lines += ["", "Goals (issue 22, 16 cores):", ""] + goal_lines
    return lines
