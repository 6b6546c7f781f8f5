# Copyright 2026 The gdwire Authors.
"""The A/B report of benchmarks/ci/bench_compare.py: summary lines,
Markdown, SVG.

The SVG is written by hand (no plotting library): one bar per benchmark,
the speed-up of the new version over the old (old median time / new
median time, log scale), with error bars from the quartiles; then the
floors, each ratio against its floor.
"""

import html
import math

from report import stats as st
from report.fmt import fmt_p, fmt_value, md_table


class Report:
    def __init__(self, args, rows, floor_rows, base, new):
        self.a = args
        self.rows = rows
        self.floors = floor_rows
        self.base = base
        self.new = new

    # ---- counts ----

    def _count(self, verdict):
        return sum(1 for r in self.rows if r.verdict == verdict)

    def slower(self):
        return [r for r in self.rows if r.verdict == "SLOWER"]

    def floors_missed(self):
        return [f for f in self.floors if not f[4].startswith("ok")]

    def errors(self):
        return sorted(self.new.errors)

    def failed(self):
        return bool(self.slower() or self.floors_missed() or self.errors())

    def _samples(self):
        both = [r for r in self.rows if r.a and r.b]
        if not both:
            return "no benchmark in both"
        na = sorted({len(r.a) for r in both})
        nb = sorted({len(r.b) for r in both})
        fmt = lambda ns: "/".join(str(n) for n in ns)  # noqa: E731
        return f"{fmt(na)} vs {fmt(nb)} samples a benchmark"

    def summary_lines(self):
        a = self.a
        out = []
        if self.base is not None:
            both = sum(1 for r in self.rows if r.a and r.b)
            out.append(
                f"A/B {a.base_label} -> {a.new_label}: {both} compared "
                f"({self._samples()}, {a.metric}), {len(self.slower())} "
                f"slower, {self._count('faster')} faster, "
                f"{self._count('same')} same (beyond {a.threshold:.0%} "
                f"with p < {a.alpha:g}); {self._count('new')} new, "
                f"{self._count('gone')} gone")
            untested = self._count("slower?") + self._count("faster?")
            if untested:
                out.append(
                    f"warning: too few samples for the U test: "
                    f"{self._count('slower?')} slower? and "
                    f"{self._count('faster?')} faster? by the threshold "
                    "alone (not failures; run each version 5+ times)")
        for r in [r for r in self.rows
                  if r.verdict in ("SLOWER", "slower?") or r.note]:
            note = f"; {r.note}" if r.note else ""
            out.append(
                f"{r.verdict} {r.name}: {r.change:+.1%} "
                f"({fmt_value(st.median(r.a), r.rate)} -> "
                f"{fmt_value(st.median(r.b), r.rate)} median, fastest "
                f"{r.min_change:+.1%}, p={fmt_p(r.p)}{note})")
        if self.floors:
            out.append(f"floors: {len(self.floors)} checked, "
                       f"{len(self.floors_missed())} missed")
        for fl, cand, base, ratio, verdict, _ in self.floors_missed():
            got = f"{ratio:.2f}x" if ratio is not None else "-"
            out.append(f"FLOOR {verdict} {cand}: {got} {base}, floor "
                       f"{fl.floor:g}x ({fl.line})")
        for name in self.errors():
            out.append(f"ERROR {name}: the benchmark reported an error")
        out.append("bench: FAIL" if self.failed() else "bench: ok")
        return out

    # ---- Markdown ----

    def markdown(self):
        a = self.a
        lines = [f"# Benchmarks: {a.new_label} against {a.base_label}", ""]
        lines += [f"{n}  " for n in a.note]
        if a.note:
            lines.append("")
        lines += ["```"] + self.summary_lines() + ["```", ""]
        if self.rows:
            lines += [
                f"## A/B: {a.base_label} (old) and {a.new_label} (new)", "",
                f"Medians of {a.metric}; change = new / old - 1; noise = "
                "half the interquartile range over the median (the larger "
                "side) and the two-sided Mann-Whitney U test's p. SLOWER "
                f"or faster: the median and the fastest sample both beyond "
                f"{a.threshold:.0%} and p < {a.alpha:g}. Speed-ups: "
                "report.svg.", ""]
            table = []
            for r in self.rows:
                old = fmt_value(st.median(r.a), r.rate) if r.a else "-"
                new = fmt_value(st.median(r.b), r.rate) if r.b else "-"
                if r.a and r.b:
                    change = f"{r.change:+.1%}"
                    noise = f"±{r.noise:.1%}, p={fmt_p(r.p)}"
                else:
                    change = noise = "-"
                verdict = f"**{r.verdict}**" if r.verdict == "SLOWER" else \
                    r.verdict
                if r.note:
                    verdict += f" ({r.note})"
                table.append([r.name, old, new, change, noise, verdict])
            lines += md_table(
                ["benchmark", a.base_label, a.new_label, "change", "noise",
                 "verdict"], ["---", "---:", "---:", "---:", "---:", "---"],
                table)
            lines.append("")
        if self.floors:
            lines += [
                f"## Floors ({a.new_label})", "",
                "ratio = the baseline's time / the benchmark's time (> 1: "
                "the benchmark is faster), of the fastest samples and the "
                "median of the ratios within each run; missed (BELOW) when "
                "both are below the floor.", ""]
            table = []
            for fl, cand, base, ratio, verdict, both in self.floors:
                got = (f"{both[0]:.2f}x, {both[1]:.2f}x" if both is not None
                       else "-")
                if not verdict.startswith("ok"):
                    verdict = f"**{verdict}**"
                table.append([cand, base, got, f"{fl.floor:g}x", verdict])
            lines += md_table(
                ["benchmark", "baseline", "ratio: fastest, median", "floor",
                 "verdict"], ["---", "---", "---:", "---:", "---"], table)
            lines.append("")
        return "\n".join(lines)

    # ---- SVG ----

    def svg(self):
        a = self.a
        width, label_w, plot_w, row_h = 1180, 360, 520, 16
        x0 = label_w + 20
        parts = []
        y = 30
        title = f"gdwire benchmarks: {a.new_label} against {a.base_label}"
        parts.append(_text(12, 20, title, size=15, weight="bold"))
        verdict = "FAIL" if self.failed() else "ok"
        parts.append(_text(width - 12, 20, verdict, size=15, weight="bold",
                           anchor="end",
                           fill="#c62828" if self.failed() else "#2e7d32"))
        ab = [r for r in self.rows if r.a and r.b]
        if ab:
            lo, hi = 0.5, 2.0
            y += 14
            parts.append(_text(12, y, f"Speed-up of {a.new_label} over "
                               f"{a.base_label} (old median {a.metric} / new;"
                               " bars: quartiles; dashed: ±"
                               f"{a.threshold:.0%})", size=12))
            y += 10
            ticks = [0.5, 0.67, 0.8, 1 / (1 + a.threshold), 1,
                     1 / (1 - min(a.threshold, 0.5)), 1.25, 1.5, 2]
            parts += _axis(x0, plot_w, y, len(ab) * row_h, lo, hi, ticks,
                           dashed=ticks[3::2][:2])
            for i, r in enumerate(ab):
                ry = y + 8 + i * row_h
                s, s_lo, s_hi = r.speedup()
                color = {"SLOWER": "#d32f2f", "faster": "#388e3c",
                         "slower?": "#ef9a9a", "faster?": "#a5d6a7"}.get(
                    r.verdict, "#9e9e9e")
                xs = _x(s, x0, plot_w, lo, hi)
                x1 = _x(1.0, x0, plot_w, lo, hi)
                parts.append(
                    f'<rect x="{min(x1, xs):.1f}" y="{ry + 2}" '
                    f'width="{max(abs(xs - x1), 1):.1f}" height="{row_h - 5}"'
                    f' fill="{color}"><title>{html.escape(r.name)}: '
                    f'{s:.3f}x ({r.change:+.1%} time, p={fmt_p(r.p)})'
                    f'</title></rect>')
                xl = _x(s_lo, x0, plot_w, lo, hi)
                xh = _x(s_hi, x0, plot_w, lo, hi)
                cy = ry + row_h / 2 - 0.5
                parts.append(f'<path d="M{xl:.1f} {cy - 3}v6M{xl:.1f} {cy}'
                             f'H{xh:.1f}M{xh:.1f} {cy - 3}v6" '
                             'stroke="#212121" fill="none"/>')
                parts.append(_text(label_w + 8, ry + row_h - 4,
                                   _short(r.name), anchor="end",
                                   weight="bold" if r.verdict == "SLOWER"
                                   else "normal"))
                parts.append(_text(x0 + plot_w + 6, ry + row_h - 4,
                                   f"{s:.2f}x", size=10))
            y += 8 + len(ab) * row_h + 24
        fl_rows = [f for f in self.floors if f[3] is not None]
        if fl_rows:
            y += 14
            parts.append(_text(12, y, f"Floors in {a.new_label}: ratio to "
                               "the baseline (the larger of fastest samples' "
                               "and median within runs); black tick: the "
                               "floor", size=12))
            y += 10
            lo = 0.25
            hi = max(4.0, max(max(f[3], f[0].floor) for f in fl_rows) * 1.2)
            ticks = [t for t in (0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128)
                     if t <= hi]
            parts += _axis(x0, plot_w, y, len(fl_rows) * row_h, lo, hi,
                           ticks, dashed=[])
            for i, (fl, cand, base, ratio, verdict, _) in enumerate(fl_rows):
                ry = y + 8 + i * row_h
                color = "#388e3c" if verdict == "ok" else "#d32f2f"
                xr = _x(ratio, x0, plot_w, lo, hi)
                parts.append(
                    f'<rect x="{x0}" y="{ry + 2}" width="{max(xr - x0, 1):.1f}"'
                    f' height="{row_h - 5}" fill="{color}"><title>'
                    f'{html.escape(cand)} vs {html.escape(base)}: '
                    f'{ratio:.2f}x, floor {fl.floor:g}x</title></rect>')
                xf = _x(fl.floor, x0, plot_w, lo, hi)
                parts.append(f'<path d="M{xf:.1f} {ry}v{row_h}" '
                             'stroke="#000" stroke-width="2"/>')
                parts.append(_text(label_w + 8, ry + row_h - 4,
                                   _short(cand), anchor="end",
                                   weight="normal" if verdict == "ok"
                                   else "bold"))
                parts.append(_text(x0 + plot_w + 6, ry + row_h - 4,
                                   _short(f"{ratio:.2f}x {base} (floor "
                                          f"{fl.floor:g}x)", 46), size=10))
            y += 8 + len(fl_rows) * row_h + 24
        height = y + 10
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
                f'height="{height}" viewBox="0 0 {width} {height}" '
                'font-family="sans-serif">\n'
                f'<rect width="{width}" height="{height}" fill="#fff"/>\n' +
                "\n".join(parts) + "\n</svg>\n")


def _x(v, x0, w, lo, hi):
    v = min(max(v, lo), hi)
    return x0 + (math.log(v) - math.log(lo)) / (math.log(hi) -
                                                 math.log(lo)) * w


def _short(name, n=58):
    return name if len(name) <= n else name[: n - 1] + "…"


def _text(x, y, s, size=11, anchor="start", weight="normal", fill="#212121"):
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">'
            f"{html.escape(s)}</text>")


def _axis(x0, w, y, h, lo, hi, ticks, dashed):
    out = []
    for t in ticks:
        x = _x(t, x0, w, lo, hi)
        style = ('stroke="#888" stroke-dasharray="4 3"' if t in dashed else
                 'stroke="#444"' if abs(t - 1) < 1e-9 else 'stroke="#e0e0e0"')
        out.append(f'<path d="M{x:.1f} {y + 4}v{h + 6}" {style}/>')
        out.append(_text(x, y + h + 22, f"{t:.2g}x", size=10,
                         anchor="middle"))
    return out
