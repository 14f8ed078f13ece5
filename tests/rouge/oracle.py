"""A literal transcription of the paper's definitions (Lin & Och 2004, Section 3), for tests only.

Deliberately naive: Python loops over the full tables and ``Counter`` bags, no shared code with
the plugin. Tokens are whitespace-split strings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

PRF = tuple[float, float, float]


def f_measure(p: float, r: float, beta: float = 1.0) -> float:
    """Eq. 3 / 6 / 9: ``(1 + b^2) R P / (R + b^2 P)``, 0 when both are 0."""
    den = r + beta * beta * p
    return (1 + beta * beta) * r * p / den if den > 0 else 0.0


def lcs(x: Sequence[str], y: Sequence[str]) -> int:
    """LCS length by the textbook dynamic programme (Cormen et al.)."""
    c = [[0] * (len(y) + 1) for _ in range(len(x) + 1)]
    for i in range(1, len(x) + 1):
        for j in range(1, len(y) + 1):
            c[i][j] = c[i - 1][j - 1] + 1 if x[i - 1] == y[j - 1] else max(c[i - 1][j], c[i][j - 1])
    return c[len(x)][len(y)]


def wlcs(x: Sequence[str], y: Sequence[str], f: Callable[[int], float]) -> float:
    """Section 3.2, step by step: tables c and w, cases (1), (2), (3)."""
    m, n = len(x), len(y)
    c = [[0.0] * (n + 1) for _ in range(m + 1)]
    w = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if x[i - 1] == y[j - 1]:
                k = w[i - 1][j - 1]
                c[i][j] = c[i - 1][j - 1] + f(k + 1) - f(k)
                w[i][j] = k + 1
            elif c[i - 1][j] > c[i][j - 1]:
                c[i][j] = c[i - 1][j]
                w[i][j] = 0
            else:
                c[i][j] = c[i][j - 1]
                w[i][j] = 0
    return c[m][n]


def ngram_bag(t: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(t[i : i + n]) for i in range(len(t) - n + 1))


def skip_bag(t: Sequence[str], skip: int, unigrams: bool) -> Counter[tuple[str, ...]]:
    """Pairs (t[i], t[j]), i < j, with at most ``skip`` words between (``skip < 0``: any)."""
    bag: Counter[tuple[str, ...]] = Counter()
    for i in range(len(t)):
        for j in range(i + 1, len(t)):
            if skip < 0 or j - i - 1 <= skip:
                bag[(t[i], t[j])] += 1
        if unigrams:
            bag[(t[i],)] += 1
    return bag


def counts(kind: str, hyp: Sequence[str], ref: Sequence[str], **p: float) -> tuple[float, float, float]:
    """(hit, hypothesis total, reference total) of one pair; ROUGE-W totals are f(c), f(r)."""
    if kind == "rouge-l":
        return lcs(ref, hyp), len(hyp), len(ref)
    if kind == "rouge-w":
        w = p["weight"]
        f = lambda k: float(k) ** w  # noqa: E731
        return wlcs(ref, hyp, f), f(len(hyp)), f(len(ref))
    if kind == "rouge-n":
        hb, rb = ngram_bag(hyp, int(p["n"])), ngram_bag(ref, int(p["n"]))
    else:
        hb = skip_bag(hyp, int(p["skip"]), kind == "rouge-su")
        rb = skip_bag(ref, int(p["skip"]), kind == "rouge-su")
    return sum((hb & rb).values()), sum(hb.values()), sum(rb.values())


def score(kind: str, hyp: str, refs: Sequence[str], multiref: str = "best", beta: float = 1.0, **p: float) -> PRF:
    """[F, P, R] of one segment (best: highest F, first on ties; average: pooled; jackknife)."""
    inv = (lambda v: v ** (1.0 / p["weight"])) if kind == "rouge-w" else (lambda v: v)

    def prf(hit: float, pb: float, rb: float) -> PRF:
        prec = inv(hit / pb) if pb else 0.0
        rec = inv(hit / rb) if rb else 0.0
        return f_measure(prec, rec, beta), prec, rec

    per_ref = [counts(kind, hyp.split(), r.split(), **p) for r in refs]
    if multiref == "average":
        return prf(*(sum(c[i] for c in per_ref) for i in range(3)))
    scored = [prf(*c) for c in per_ref]

    def best(items: list[PRF]) -> PRF:
        top = items[0]
        for s in items[1:]:
            if s[0] > top[0]:
                top = s
        return top

    if multiref == "best" or len(scored) == 1:
        return best(scored)
    subsets = [best(scored[:i] + scored[i + 1 :]) for i in range(len(scored))]
    return tuple(sum(s[i] for s in subsets) / len(subsets) for i in range(3))  # type: ignore[return-value]
