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


def load(results):
    path = os.path.join(results, "godot4-cli.txt")
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
        mbs = r["bytes"] / r["best_s"] / 1e6
        speedup = first[r["row"]]["best_s"] / r["best_s"]
        name = "`cat FILE > /dev/null`" if r["row"] == "cat" else f"`gdwire {r['row']}`"
        cells.append([name, r["threads"], fmt_rate(mbs), f"{r['cpu_s']:.3f}",
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
