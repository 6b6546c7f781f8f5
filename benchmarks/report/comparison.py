#!/usr/bin/python3
# Copyright 2026 The gdwire Authors.
"""The table of benchmarks/compare/compare.sh: Godot, gdwire, simdjson, msgpack-cxx.

    comparison.py RESULTS_DIR [--doc=docs/PERFORMANCE.md]
                  [--svg=docs/performance.svg] [--readme=README.md]

RESULTS_DIR holds what compare.sh collected: meta.txt (the machine:
machine.py meta), <engine>-engine.txt (TIMING lines of the GDScript timing
scripts), <engine>-gdwire.txt (RESULT lines of compare_bench) and
godot4-alternatives.txt (RESULT lines of benchmarks/compare/alternatives.cc).
Prints one table (every figure with its ratio to the engine's own decode or
encode of the same payload) and, when asked, writes the Markdown page and
the SVG chart, and puts the headline into the README between the lines
"<!-- compare.sh headline -->" and "<!-- /compare.sh headline -->"
(nothing else there is touched). Figures are the best pass.
"""

import html
import json
import math
import os
import sys

if __name__ == "__main__":  # run as a script: the package is beside it
    sys.path.insert(0, os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
from report import stats  # noqa: E402
from report.fmt import fmt_rate, fmt_ratio, md_row, md_table  # noqa: E402
from report import cli_rows  # noqa: E402

PAYLOADS = ["traffic", "players", "strings", "vec3", "floats", "str_ascii",
            "str_accent", "str_cyrillic", "chat_ascii", "chat_spanish"]
# Text of each kind (benchmarks/compare/godot4/payloads.gd).
TEXT_PAYLOADS = {
    "str_ascii": 'PackedStringArray of 200,000 "item_%d_hello" (ASCII)',
    "str_accent": 'PackedStringArray of 200,000 "item_%d_héllo" (é)',
    "str_cyrillic": 'PackedStringArray of 200,000 "предмет_%d_меч" (Cyrillic)',
    "chat_ascii": "20,000 {name, chat} dicts, English (ASCII)",
    "chat_spanish": "20,000 {name, chat} dicts, Spanish (ñ, ¡)",
}
ENGINES = [("godot4", "Godot 4"), ("godot3", "Godot 3")]
DECODE_ROWS = [
    "push parser (whole buffer)",
    "push parser (1400-byte pieces)",
    "push parser + copy-out",
    "document",
    "document + read every field",
    "view walk",
    "DOM decode",
    "owned decode",
    "owned document",
    "owned document + read every field",
    "reference decode",
]
ENCODE_ROWS = ["fast encode", "reference encode", "writer (from structs)",
               "forward (parse + bytes)", "edit one field (parse + edit)"]
# The alternatives writing the same messages from structs (issue 23).
ALT_ENCODE_ROWS = ["msgpack-cxx packer", "simdjson mini_formatter"]
ALT_ROWS = ["simdjson DOM", "simdjson On-Demand", "msgpack-cxx"]


def payload_label(name, r, engine):
    mb = r["bytes"] / 1e6
    size = f"{mb:,.1f} MB" if mb < 20 else f"{mb:,.0f} MB"
    if name == "traffic":
        return f"{r['values']:,} snapshot messages, StreamPeer stream, {size}"
    if name == "players":
        return f"one Array of 20,000 player dicts, {size}"
    if name == "strings":
        kind = "PoolStringArray" if engine == "godot3" else "PackedStringArray"
        return f"{kind} of 200,000 strings, {size}"
    if name in TEXT_PAYLOADS:
        return f"{TEXT_PAYLOADS[name]}, {size}"
    if name == "vec3":
        kind = "PoolVector3Array" if engine == "godot3" else "PackedVector3Array"
        return f"{kind} of {(r['bytes'] - 8) // 12:,}, {size}"
    kind = "PoolRealArray" if engine == "godot3" else "PackedFloat32Array"
    return f"{kind} of {(r['bytes'] - 8) // 4:,}, {size}"


def read_lines(path, prefix):
    out = []
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith(prefix + " "):
                out.append(line[len(prefix) + 1:].strip())
    return out


def load(results):
    meta = {}
    with open(os.path.join(results, "meta.txt"), encoding="utf-8") as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition(" ")
            meta[k] = v
    data = {}
    for engine, _ in ENGINES:
        eng = {}
        for line in read_lines(os.path.join(results, f"{engine}-engine.txt"), "TIMING"):
            r = json.loads(line)
            t = r["seconds"]
            eng[(r["payload"], r["op"])] = {
                "bytes": r["bytes"], "values": r["values"], "best_s": min(t),
                "median_s": stats.median(t), "runs": len(t)}
        gd = {}
        for name in (f"{engine}-gdwire.txt", f"{engine}-alternatives.txt"):
            for line in read_lines(os.path.join(results, name), "RESULT"):
                r = json.loads(line)
                gd[(r["payload"], r["row"])] = r
        target = read_lines(os.path.join(results, f"{engine}-gdwire.txt"), "TARGET")
        alts = {}
        for key in ("SIMDJSON", "MSGPACK"):
            v = read_lines(os.path.join(results, f"{engine}-alternatives.txt"), key)
            if v:
                alts[key] = v[0]
        full = meta.get("ENGINE" + engine[-1], "")
        version = ".".join(full.split(".")[:3]) if full else ""
        data[engine] = {"engine": eng, "gdwire": gd, "version": version,
                        "target": target[0] if target else "?", "alts": alts}
    data["results"] = results
    return meta, data


def build_rows(data):
    """Rows: (engine, payload, payload label, what, MB/s text, msg/s text,
    ratio text, numbers) in table order."""
    rows = []
    for engine, eng_name in ENGINES:
        d = data[engine]
        ver = engine_version(d)
        for p in PAYLOADS:
            dec = d["engine"].get((p, "decode"))
            enc = d["engine"].get((p, "encode"))
            if dec is None:
                continue
            label = payload_label(p, dec, engine)

            def add(what, r, base, zero_copy=False):
                mbs = r["bytes"] / r["best_s"] / 1e6
                vps = r["values"] / r["best_s"]
                ratio = (base["best_s"] / r["best_s"] *
                         (r["values"] / base["values"])) if base else None
                if zero_copy:
                    mb_text = "zero-copy"
                    ratio_text = "—"
                    vps_text = f"{r['best_s'] * 1e6:,.1f} µs a pass"
                else:
                    mb_text = fmt_rate(mbs)
                    ratio_text = fmt_ratio(ratio) if ratio else "1.0×"
                    vps_text = f"{vps:,.0f}" if p == "traffic" else ""
                rows.append({"engine": engine, "payload": p, "label": label,
                             "what": what, "mb": mb_text, "vps": vps_text,
                             "ratio": ratio_text, "mbs": mbs, "msgs": vps,
                             "x": ratio, "zero_copy": zero_copy})

            get = "StreamPeerBuffer.get_var" if p == "traffic" else (
                "bytes_to_var" if engine == "godot4" else "bytes2var")
            add(f"Godot {ver} {get} (GDScript)", dec, None)
            for row in DECODE_ROWS:
                r = d["gdwire"].get((p, row))
                if r:
                    add(f"gdwire {row}", r, dec, r.get("zero_copy", False))
            if p == "traffic":
                for row in ALT_ROWS:
                    r = d["gdwire"].get((p, row))
                    if r:
                        fmt = "MessagePack" if row.startswith("msgpack") else "JSON"
                        add(f"{alt_version(d, row)} (the same messages as {fmt}, "
                            f"{r['bytes'] / 1e6:,.1f} MB)", r, dec)
            r = d["gdwire"].get((p, "memcpy"))
            if r:
                add("memcpy of the same bytes", r, dec)
            if enc:
                put = "StreamPeerBuffer.put_var" if p == "traffic" else (
                    "var_to_bytes" if engine == "godot4" else "var2bytes")
                add(f"Godot {ver} {put} (GDScript)", enc, None)
                for row in ENCODE_ROWS:
                    r = d["gdwire"].get((p, row))
                    if r:
                        add(f"gdwire {row}", r, enc)
                if p == "traffic":
                    for row in ALT_ENCODE_ROWS:
                        r = d["gdwire"].get((p, row))
                        if r:
                            fmt = ("MessagePack" if row.startswith("msgpack")
                                   else "JSON")
                            add(f"{alt_version(d, row)} (the same messages "
                                f"from structs as {fmt}, "
                                f"{r['bytes'] / 1e6:,.1f} MB)", r, enc)
    return rows


def engine_version(d):
    return d.get("version", "")


def alt_version(d, row):
    if row.startswith("simdjson"):
        v = d["alts"].get("SIMDJSON", "").split(" ")[0]
        return f"simdjson {v} {row.split(' ', 1)[1]}".strip()
    v = d["alts"].get("MSGPACK", "")
    suffix = row.split(" ", 1)[1] if " " in row else ""
    return f"msgpack-cxx {v} {suffix}".strip()


def text_table(rows):
    out = []
    head = ("payload", "what", "MB/s", "messages/s", "× Godot")
    w_what = max(len(r["what"]) for r in rows + [{"what": head[1]}])
    last = None
    for r in rows:
        key = (r["engine"], r["payload"])
        if key != last:
            out.append("")
            out.append(f"{r['label']} (written by {r['engine'].replace('godot', 'Godot ')})")
            out.append(f"  {head[1]:<{w_what}}  {head[2]:>10}  {head[3]:>16}  {head[4]:>8}")
            last = key
        out.append(f"  {r['what']:<{w_what}}  {r['mb']:>10}  {r['vps']:>16}  {r['ratio']:>8}")
    return "\n".join(out)


def results_table(rows):
    cells = []
    last = None
    for r in rows:
        key = (r["engine"], r["payload"])
        label = ""
        if key != last:
            label = f"**{r['label']}** ({r['engine'].replace('godot', 'Godot ')})"
            last = key
        what = r["what"]
        if what.startswith("gdwire"):
            what = f"**{what}**"
        cells.append([label, what, r["mb"], r["vps"], r["ratio"]])
    return "\n".join(md_table(
        ["payload (written by the engine)", "decoder / encoder", "MB/s",
         "messages/s", "× Godot"], ["---", "---", "--:", "--:", "--:"], cells))


def find(rows, engine, payload, prefix):
    for r in rows:
        if r["engine"] == engine and r["payload"] == payload and r["what"].startswith(prefix):
            return r
    return None


# ---- goals of issues 10 and 11 ------------------------------------------------------

def goals(rows):
    """(goal, figure, met) for the speed goals the issues set."""
    g = []

    def ratio_of(a, b):
        return a["mbs"] / b["mbs"] if a and b else None

    def add(goal, figure, met):
        g.append((goal, figure, "met" if met else ("**missed**" if met is not None else "n/a")))

    e = "godot4"
    push = find(rows, e, "traffic", "gdwire push parser (whole")
    pieces = find(rows, e, "traffic", "gdwire push parser (1400")
    if push:
        add("push parser ≥ 2 GB/s and ≥ 15× Godot 4 on traffic",
            f"{push['mb']} MB/s, {push['ratio']}",
            push["mbs"] >= 2000 and push["x"] >= 15)
    if push and pieces:
        r = ratio_of(pieces, push)
        add("1400-byte pieces ≥ 0.9× whole", f"{r:.2f}×", r >= 0.9)
    for p in ("players",):
        r = find(rows, e, p, "gdwire push parser (whole")
        if r:
            add(f"push parser ≥ 15× Godot 4 ({p})", r["ratio"], r["x"] >= 15)
    s = find(rows, e, "strings", "gdwire push parser (whole")
    if s:
        add("PackedStringArray ≥ 2 GB/s through the push parser",
            f"{s['mb']} MB/s", s["mbs"] >= 2000)
    doc = find(rows, e, "traffic", "gdwire document")
    if doc:
        add("document ≥ 1.5 GB/s and ≥ 12× Godot 4 on traffic",
            f"{doc['mb']} MB/s, {doc['ratio']}", doc["mbs"] >= 1500 and doc["x"] >= 12)
    else:
        add("document ≥ 1.5 GB/s and ≥ 12× Godot 4 on traffic", "no document row", None)
    best_alt = max((r["msgs"] for r in rows if r["engine"] == e and r["payload"] == "traffic"
                    and (r["what"].startswith("simdjson") or r["what"].startswith("msgpack"))
                    and "from structs" not in r["what"]),  # decoders only
                   default=None)
    for name, r in (("push parser", push), ("document", doc),
                    ("DOM decode", find(rows, e, "traffic", "gdwire DOM decode"))):
        if r and best_alt:
            add(f"{name} ahead of simdjson and msgpack-cxx in messages/s",
                f"{r['msgs']:,.0f} vs {best_alt:,.0f}", r["msgs"] > best_alt)
    for p in ("traffic", "players", "strings"):
        r = find(rows, e, p, "gdwire DOM decode")
        if r:
            add(f"DOM decode ≥ 10× Godot 4 ({p})", r["ratio"], r["x"] >= 10)
    for p in ("vec3", "floats"):
        r = find(rows, e, p, "gdwire DOM decode")
        m = find(rows, e, p, "memcpy")
        if r and m:
            x = ratio_of(r, m)
            add(f"DOM decode ≥ 0.5× memcpy ({p})", f"{x:.2f}×", x >= 0.5)
    for p in ("traffic", "players"):
        r = find(rows, e, p, "gdwire fast encode")
        if r:
            add(f"fast encode ≥ 1 GB/s and ≥ 5× Godot 4 encode ({p})",
                f"{r['mb']} MB/s, {r['ratio']}", r["mbs"] >= 1000 and r["x"] >= 5)
    w = find(rows, e, "traffic", "gdwire writer")
    if w:  # issue 23
        add("writer ≥ 2 GB/s and ≥ 10× Godot 4 put_var (traffic)",
            f"{w['mb']} MB/s, {w['ratio']}", w["mbs"] >= 2000 and w["x"] >= 10)
    for p in ("vec3", "floats"):
        r = find(rows, e, p, "gdwire fast encode")
        m = find(rows, e, p, "memcpy")
        if r and m:
            x = ratio_of(r, m)
            add(f"fast encode ≥ 0.9× memcpy ({p})", f"{x:.2f}×", x >= 0.9)
    # Issue 23, owned values: gdwire::Decode (Variants from the document's
    # tape) and document::OwnedDocument, beside the engine and msgpack-cxx.
    mp = find(rows, e, "traffic", "msgpack")
    for name, prefix in (("owned decode (Variant)", "gdwire owned decode"),
                         ("owned document", "gdwire owned document")):
        r = find(rows, e, "traffic", prefix)
        if r:
            add(f"{name} ≥ 10× Godot 4 (traffic)", r["ratio"], r["x"] >= 10)
        if r and mp:
            add(f"{name} ≥ msgpack-cxx in messages/s",
                f"{r['msgs']:,.0f} vs {mp['msgs']:,.0f}", r["msgs"] >= mp["msgs"])
    return g


# ---- the chart -------------------------------------------------------------------------

def svg_chart(rows, meta):
    W = 980
    e = "godot4"
    traffic = [r for r in rows if r["engine"] == e and r["payload"] == "traffic"
               and not r["zero_copy"] and "encode" not in r["what"]
               and "put_var" not in r["what"] and not r["what"].startswith("memcpy")]
    g3 = find(rows, "godot3", "traffic", "Godot 3")
    if g3:
        traffic.append(dict(g3, what=g3["what"].replace(" (GDScript)", "") +
                            " (Godot 3's own traffic)"))
    traffic.sort(key=lambda r: r["msgs"])
    bar_h, gap, left = 22, 6, 430
    y0 = 80
    h1 = y0 + len(traffic) * (bar_h + gap)
    pay = [p for p in PAYLOADS if find(rows, e, p, "Godot 4")]
    series = [("Godot 4 decode", "#9e9e9e", lambda p: find(rows, e, p, "Godot 4")),
              ("gdwire DOM decode (owned values)", "#ef6c00",
               lambda p: find(rows, e, p, "gdwire DOM decode")),
              ("gdwire push parser (copy-out for packed arrays)", "#2e7d32",
               lambda p: find(rows, e, p, "gdwire push parser + copy-out")
               or find(rows, e, p, "gdwire push parser (whole"))]
    doc_series = lambda p: find(rows, e, p, "gdwire document")
    if any(doc_series(p) for p in pay):
        series.insert(2, ("gdwire document", "#1565c0", doc_series))
    group_h = len(series) * 14 + 16
    y2 = h1 + 90
    H = y2 + len(pay) * group_h + 60
    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         f'font-family="sans-serif" font-size="13">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="10" y="24" font-size="16" font-weight="bold">'
         f'{html.escape(short_payload(traffic[0]["label"]) if traffic else "")} written by '
         f'Godot 4: messages decoded per second</text>',
         f'<text x="10" y="46" fill="#555">one core, every field read; '
         f'{html.escape(meta.get("MACHINE_CPU", ""))}, {meta.get("DATE", "")}</text>',
         f'<text x="10" y="64" fill="#555">gray: the engines; blue: the same messages '
         f'as JSON / MessagePack; green: gdwire</text>']
    top = max((r["msgs"] for r in traffic), default=1)
    for i, r in enumerate(traffic):
        y = y0 + i * (bar_h + gap)
        w = (W - left - 250) * r["msgs"] / top
        color = ("#9e9e9e" if r["what"].startswith("Godot") else
                 "#1976d2" if not r["what"].startswith("gdwire") else "#2e7d32")
        o.append(f'<text x="{left - 8}" y="{y + 16}" text-anchor="end">'
                 f'{html.escape(short(r["what"]))}</text>')
        o.append(f'<rect x="{left}" y="{y}" width="{max(w, 1):.1f}" height="{bar_h}" fill="{color}"/>')
        note = ("" if r["what"].startswith("Godot") else
                f'  ({html.escape(r["ratio"])} Godot 4)')
        o.append(f'<text x="{left + w + 6:.1f}" y="{y + 16}">{r["msgs"]:,.0f}/s{note}</text>')
    o.append(f'<text x="10" y="{h1 + 40}" font-size="16" font-weight="bold">'
             f'Decode MB/s on each payload written by Godot 4 (log scale)</text>')
    lx = 10
    for name, color, _ in series:
        o.append(f'<rect x="{lx}" y="{h1 + 54}" width="12" height="12" fill="{color}"/>'
                 f'<text x="{lx + 16}" y="{h1 + 65}" font-size="12">{html.escape(name)}</text>')
        lx += 16 + 7 * len(name) + 20
    lo, hi = 10.0, 100000.0
    scale = lambda v: (W - left - 150) * (math.log10(max(v, lo)) - math.log10(lo)) / (
        math.log10(hi) - math.log10(lo))
    for tick in (10, 100, 1000, 10000, 100000):
        x = left + scale(tick)
        o.append(f'<line x1="{x:.1f}" y1="{y2 - 4}" x2="{x:.1f}" y2="{H - 40}" stroke="#ddd"/>')
        o.append(f'<text x="{x:.1f}" y="{H - 24}" text-anchor="middle" fill="#555">{tick:,}</text>')
    for j, p in enumerate(pay):
        y = y2 + j * group_h
        base = find(rows, e, p, "Godot 4")
        o.append(f'<text x="{left - 8}" y="{y + 8 + len(series) * 7}" text-anchor="end">'
                 f'{html.escape(short_payload(base["label"]))}</text>')
        for k, (name, color, get) in enumerate(series):
            r = get(p)
            if not r:
                continue
            yy = y + k * 14
            w = scale(r["mbs"])
            o.append(f'<rect x="{left}" y="{yy}" width="{max(w, 1):.1f}" height="12" fill="{color}"/>')
            o.append(f'<text x="{left + w + 6:.1f}" y="{yy + 11}" font-size="11">'
                     f'{fmt_rate(r["mbs"])} MB/s'
                     f'{"" if k == 0 else "  " + html.escape(r["ratio"])}</text>')
    o.append("</svg>")
    return "\n".join(o) + "\n"


def short(what):
    return what.split(" (the same")[0].replace(" (GDScript)", "")


def short_payload(label):
    return label.split(", ")[0].replace("snapshot messages", "messages")


# ---- the page ------------------------------------------------------------------------

def headline(rows):
    e = "godot4"
    g = find(rows, e, "traffic", "Godot 4")
    if not g:
        return ""
    parts = []
    for prefix in ("gdwire push parser (whole", "gdwire document", "gdwire DOM decode"):
        r = find(rows, e, "traffic", prefix)
        if r:
            parts.append(f"{short(r['what'])[7:]} {r['msgs']:,.0f} messages/s "
                         f"({r['mb']} MB/s, {r['ratio']} Godot 4)")
    alts = [r for r in rows if r["engine"] == e and r["payload"] == "traffic"
            and (r["what"].startswith("simdjson") or r["what"].startswith("msgpack"))
            and "from structs" not in r["what"]]  # the writers: not decoders
    alt = ", ".join(f"{short(r['what'])} {r['msgs']:,.0f}" for r in alts)
    return (f"On {g['label'].split(', StreamPeer')[0]} written by Godot 4.6.3, one core: Godot's own "
            f"get_var decodes {g['msgs']:,.0f} messages/s; gdwire: " + "; ".join(parts) +
            (f". The same messages as JSON / MessagePack: {alt} messages/s." if alt else "."))


# docs/PERFORMANCE.md from this marker on is kept by write_doc.
KEEP_MARKER = "<!-- kept by compare.sh: sections written elsewhere -->"


def write_doc(path, svg_name, rows, meta, data):
    g = goals(rows)
    target = data["godot4"]["target"]
    lines = [
        "# Performance: gdwire beside Godot, simdjson and msgpack-cxx",
        "",
        "<!-- Written by benchmarks/compare/compare.sh (benchmarks/report/comparison.py); rerun it, do not edit. -->",
        "",
        headline(rows),
        "",
        f"![decode speed]({svg_name})",
        "",
        "## The machine",
        "",
        f"- CPU: {meta.get('MACHINE_CPU', '?')}, {meta.get('MACHINE_CORES', '?')} cores "
        f"(every figure is one core); {meta.get('MACHINE_DETAIL', '')}; {meta.get('MACHINE_KERNEL', '')}",
        f"- load average (1, 5, 15 min) before / after the run: {meta.get('MACHINE_LOAD', '?')} "
        f"(the machine may be shared: other work slows rows unevenly, so the best pass of each is quoted)",
        f"- SIMD target Highway dispatches to: **{target}** "
        f"(gdwire is built with `-c opt`, baseline `-march=x86-64-v2`, kernels chosen at run time)",
        f"- simdjson's kernel: {data['godot4']['alts'].get('SIMDJSON', '?')}; msgpack-cxx "
        f"{data['godot4']['alts'].get('MSGPACK', '?')}; both built with "
        f"`{meta.get('MACHINE_GXX', 'g++')} -O3 -march=native`",
        f"- engines: Godot {meta.get('ENGINE4', '?')} (Debian sid build), Godot "
        f"{meta.get('ENGINE3', '?')} (Debian bookworm `godot3-server`)",
        f"- gdwire commit {meta.get('GIT', '?')}, {meta.get('DATE', '')}"
        + (" — **quick run (small payloads), not for quoting**" if meta.get("QUICK") == "1" else ""),
        "",
        "## The table",
        "",
        "Every payload is written by the real engine with its own encoder "
        "(`benchmarks/compare/godot4/payloads.gd`, `godot3/payloads.gd`), and every "
        "decoder reads those very bytes. MB/s is of the bytes read (decoders) or "
        "written (encoders); the JSON and MessagePack rows are of their own, "
        "different bytes, so compare them in messages/s. × Godot: against the "
        "engine's own decode (encoders: its encode) of the same payload. The "
        "engine's time is GDScript calling its C++ decoder once per message "
        "(traffic) or once per payload, and includes building and freeing its "
        "Variants, as gdwire's DOM decode does. Best pass of several; the medians "
        "are in `bench-data/results/`. A zero-copy row hands the packed array "
        "over by reference, reading only its header: it gets no MB/s.",
        "",
        results_table(rows),
        "",
        "## The goals of issues 10 and 11",
        "",
    ]
    lines += ["| goal | figure | |", "|---|---|---|"]
    lines += [md_row(x) for x in g]
    cli = cli_rows.section(data.get("results", ""))
    if cli:
        lines += [""] + cli
    # Measured on a lent 16-core machine, kept in the tree (the tables are
    # not re-measured by compare.sh on the 2-core machine).
    big = cli_rows.section_big(os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "results"))
    if big:
        lines += [""] + big
    # The reasons for the misses, with their profiles: written by hand
    # (benchmarks/compare/analysis.md), kept beside the generated table.
    analysis = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "compare", "analysis.md")
    if os.path.exists(analysis):
        with open(analysis, encoding="utf-8") as f:
            lines += ["", f.read().rstrip("\n")]
    lines += [
        "",
        "## What each row does",
        "",
        "- **push parser (whole buffer)**: `gdwire::stream::Parser` fed the whole "
        "file at once, with a handler that reads every scalar, math component and "
        "string (benchmarks/compare/handlers.h); packed arrays arrive as chunks "
        "pointing into the input. **1400-byte pieces**: the same, fed as TCP "
        "segments. **+ copy-out**: packed elements copied into the caller's "
        "arrays (and PackedStringArray elements into `std::string`s), as a user "
        "of packed data does.",
        "- **document**: the indexed document (codec/document), parsed once per "
        "message into storage the parser object reuses.",
        "- **view walk**: `view::Document::Open` + `Validate()` per value.",
        "- **DOM decode**: `stream::ValueReader`, owned `gdwire::Variant`s "
        "(built and freed every pass).",
        "- **owned decode**: `gdwire::Decode` per message: the indexed document's "
        "parse, its tape built into owned `gdwire::Variant`s (all kept, like the "
        "DOM decode). **owned document**: `document::OwnedDocument::Parse` per "
        "message (the parse copied out with the message's bytes; all kept); "
        "**+ read every field**: each read through `Element` and freed, as "
        "msgpack-cxx's row unpacks, walks and frees.",
        "- **reference decode / encode**: the scalar oracle, codec/reference.",
        "- **fast encode**: codec/encode, the decoded values written again "
        "(with the StreamPeer length prefix for the traffic); byte-identical "
        "to the reference.",
        "- **writer (from structs)**: `encode::Writer` writing each traffic "
        "message from the plain C++ structs a server holds "
        "(benchmarks/snapshot.h), StreamPeer prefix patched in; its bytes are "
        "checked equal to the engine's file (else no row). **forward**: each "
        "message parsed (codec/document) and its bytes() framed again, as a "
        "relay. **edit one field**: each message parsed and a copy written "
        "with its \"tick\" changed (`document::Edit`). **msgpack-cxx "
        "packer** / **simdjson mini_formatter**: the same structs written as "
        "MessagePack (`msgpack::packer`) and as JSON (simdjson 3.0.1 has no "
        "public builder; `simdjson::internal::mini_formatter` is the writer "
        "behind its `minify`).",
        "- **simdjson DOM**: `dom::parser` (reused) per message plus a walk over "
        "every value. **On-Demand**: `ondemand::parser` with code that knows "
        "the schema and reads every field by name. **msgpack-cxx**: "
        "`msgpack::unpack` per message plus a walk over the object tree. The "
        "JSON and MessagePack are the messages as a developer would write them "
        "(benchmarks/compare/export.h: Vector3 as `[x, y, z]`, f32 components "
        "as the shortest text / MessagePack float32, PackedByteArray as base64 / "
        "bin).",
        "",
        "## Commands",
        "",
        "```sh",
        "benchmarks/compare/compare.sh            # everything below, then this page "
        "(about 5-10 minutes on 2 cores)",
        "benchmarks/compare/compare.sh --quick    # small payloads, short timings",
        "",
        "# what it runs",
        "setup/godot/godot4 --path PROJ -s payloads.gd -- --out=DIR   "
        "# the engine writes the payloads (cached in bench-data/)",
        "setup/godot/godot4 --path PROJ -s timing.gd -- --dir=DIR     "
        "# the engine times its own decode and encode",
        "bazel build -c opt //benchmarks/compare:compare_bench",
        "compare_bench --dialect=godot4 DIR                          # gdwire on the same files",
        "compare_bench --export=DIR DIR                              # the traffic as JSON and MessagePack",
        "g++ -std=c++17 -O3 -march=native -DMSGPACK_NO_BOOST benchmarks/compare/alternatives.cc "
        "-lsimdjson -o alternatives",
        "alternatives DIR/traffic.json DIR/traffic.msgpack           # simdjson and msgpack-cxx",
        "bazel-bin/tools/gdwire bench --framing=stream DIR/traffic.bin   # the quick look "
        "on your own data",
        "```",
        "",
    ]
    # Sections other tools write (python/bench's "Python") follow a marker
    # and are kept as they are.
    kept = ""
    if os.path.exists(path):
        old = open(path, encoding="utf-8").read()
        if KEEP_MARKER in old:
            kept = "\n" + old[old.index(KEEP_MARKER):]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + kept)


def update_readme(path, text, doc):
    begin, end = "<!-- compare.sh headline -->", "<!-- /compare.sh headline -->"
    with open(path, encoding="utf-8") as f:
        old = f.read()
    if begin not in old or end not in old:
        print(f"comparison.py: no headline markers in {path}; left alone", file=sys.stderr)
        return
    link = f" Table, machine and chart: [{doc}]({doc})." if doc else ""
    head, rest = old.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"{head}{begin}\n{text}{link}\n{end}{tail}")


def main(argv):
    results = None
    doc = svg = readme = None
    for a in argv[1:]:
        if a.startswith("--readme="):
            readme = a[9:]
        elif a.startswith("--doc="):
            doc = a[6:]
        elif a.startswith("--svg="):
            svg = a[6:]
        else:
            results = a
    if not results:
        print(__doc__, file=sys.stderr)
        return 2
    meta, data = load(results)
    rows = build_rows(data)
    print(f"{meta.get('MACHINE_CPU', '?')}, {meta.get('MACHINE_CORES', '?')} cores; "
          f"SIMD target {data['godot4']['target']}; {meta.get('DATE', '')}")
    print(text_table(rows))
    print()
    print(headline(rows))
    for goal, figure, met in goals(rows):
        print(f"  goal: {goal}: {figure} ({met.strip('*')})")
    for line in cli_rows.section(results):
        print(line)
    if svg:
        with open(svg, "w", encoding="utf-8") as f:
            f.write(svg_chart(rows, meta))
    if readme and meta.get("QUICK") != "1":
        update_readme(readme, headline(rows), doc)
    if doc:
        write_doc(doc, os.path.relpath(svg, os.path.dirname(doc)) if svg else "performance.svg",
                  rows, meta, data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
