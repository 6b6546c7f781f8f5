# Copyright 2026 The gdwire Authors.
"""Statistics for benchmark comparisons, in plain Python (no scipy).

    quantile(xs, q)           linear interpolation, as numpy's default
    mann_whitney_u(a, b)      (U of a, two-sided p), as scipy's mannwhitneyu
    min_p_value(n, m)         the smallest two-sided p that n and m samples
                              can give (below alpha, the test can speak)

The Mann-Whitney U test is the one Google Benchmark's tools/compare.py
uses: it asks whether one set of timings tends to be larger than the
other, without assuming normal noise. Exact distribution for small samples
without ties; normal approximation with tie and continuity corrections
otherwise (scipy's 'asymptotic' method).
"""

import math


def quantile(xs, q):
    """The q-quantile (0 <= q <= 1) of xs, linearly interpolated."""
    s = sorted(xs)
    if not s:
        raise ValueError("quantile of nothing")
    pos = q * (len(s) - 1)
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def median(xs):
    return quantile(xs, 0.5)


def rel_spread(xs):
    """Half the interquartile range over the median (0 for one sample)."""
    m = median(xs)
    if len(xs) < 2 or m == 0:
        return 0.0
    return (quantile(xs, 0.75) - quantile(xs, 0.25)) / 2 / abs(m)


def _u_counts(n, m):
    """counts[u] = number of orderings of n a's and m b's whose U(a) is u."""
    # f[j][u] for the current i: orderings of i a's and j b's with U = u,
    # where U counts the (a, b) pairs with the a larger (after the b).
    prev = [[1] for _ in range(m + 1)]  # i = 0: one ordering, U = 0
    for i in range(1, n + 1):
        cur = [[1]]  # j = 0: all a's, U = 0
        for j in range(1, m + 1):
            # The largest element is an a (it beats all j b's) or a b.
            with_a = [0] * j + prev[j]  # shift by j
            with_b = cur[j - 1]
            size = max(len(with_a), len(with_b))
            cur.append([(with_a[k] if k < len(with_a) else 0) +
                        (with_b[k] if k < len(with_b) else 0)
                        for k in range(size)])
        prev = cur
    return prev[m]


_EXACT_MAX = 20  # exact distribution up to this many samples per side


def _exact_p(u, n, m):
    counts = _u_counts(n, m)
    total = float(sum(counts))
    u = int(round(u))
    le = sum(counts[: u + 1]) / total
    ge = sum(counts[u:]) / total
    return min(1.0, 2 * min(le, ge))


def mann_whitney_u(a, b):
    """Returns (U, p): U counts the pairs (x in a, y in b) with x > y
    (ties count 1/2); p is the two-sided p-value (1.0 when a or b is
    empty)."""
    n, m = len(a), len(b)
    if n == 0 or m == 0:
        return 0.0, 1.0
    pooled = sorted([(x, 0) for x in a] + [(y, 1) for y in b])
    # Mid-ranks (1-based), and the tie groups' sizes.
    ranks = [0.0] * len(pooled)
    ties = []
    i = 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        if j > i:
            ties.append(j - i + 1)
        i = j + 1
    rank_sum_a = sum(r for r, (_, side) in zip(ranks, pooled) if side == 0)
    u = rank_sum_a - n * (n + 1) / 2
    if not ties and n <= _EXACT_MAX and m <= _EXACT_MAX:
        return u, _exact_p(u, n, m)
    total = n + m
    tie_term = sum(t ** 3 - t for t in ties) / (total * (total - 1))
    var = n * m / 12 * ((total + 1) - tie_term)
    if var <= 0:
        return u, 1.0  # every value equal
    z = (abs(u - n * m / 2) - 0.5) / math.sqrt(var)
    return u, min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2)))


def min_p_value(n, m):
    """The smallest two-sided p that samples of sizes n and m can give."""
    if n == 0 or m == 0:
        return 1.0
    if n <= _EXACT_MAX and m <= _EXACT_MAX:
        return min(1.0, 2 / math.comb(n + m, n))
    return 0.0
