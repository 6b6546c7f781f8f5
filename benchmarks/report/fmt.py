# Copyright 2026 The gdwire Authors.
"""Number formats and Markdown tables of the benchmark reports."""


def fmt_ns(t):
    """A time in ns with its unit, 3 significant digits: "1.23 ms"."""
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if t >= scale:
            return f"{t / scale:.3g} {unit}"
    return f"{t:.3g} ns"


def fmt_value(t, rate):
    """A time in ns, or for a throughput row (ns per byte) its MB/s."""
    return f"{1e3 / t:.4g} MB/s" if rate else fmt_ns(t)


def fmt_p(p):
    return f"{p:.2g}" if p >= 0.001 else f"{p:.1e}"


def fmt_rate(x):
    """A rate (MB/s): no decimals from 100 up, one from 10, two below."""
    if x >= 100:
        return f"{x:,.0f}"
    return f"{x:,.1f}" if x >= 10 else f"{x:,.2f}"


def fmt_ratio(x):
    return f"{x:,.1f}×" if x < 100 else f"{x:,.0f}×"


def md_row(cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def md_table(header, align, rows):
    """A Markdown table's lines: the header row, the alignment row (its
    cells as given, e.g. "---", "---:") and one row per list of cells."""
    return [md_row(header), "|" + "|".join(align) + "|"] + [
        md_row(r) for r in rows]
