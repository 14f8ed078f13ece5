"""A literal, brute-force transcription of SSCN from docs/metrics.md §4.1 (Liu & Gildea 2007, Section 2.1).

Independent of the code under test: every hypothesis n-gram against every reference n-gram, the
source positions looked up link by link, no index and no shared helper. Used by the SSCN tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Links = set[tuple[int, int]] | frozenset[tuple[int, int]]


def sources_of(links: Links, j: int) -> set[int]:
    """The source positions ``i`` with a link ``i-j`` to target word ``j``."""
    return {i for i, jj in links if jj == j}


def oracle(
    hyp: Sequence[str],
    refs: Sequence[Sequence[str]],
    hyp_fwd: Links,
    hyp_rev: Links,
    ref_fwd: Sequence[Links],
    ref_rev: Sequence[Links],
    n: int,
    constraint: str,
    constrain: str,
    unaligned: str = "disagree",
) -> float:
    """SSCN_n of one segment.

    "hyp word k and ref word k are aligned to a common source position": under one direction the
    pair agrees iff some source position is linked to both words. ``unaligned="agree"`` adds the
    old reading: two words both linked to no source position agree too.
    """

    def agree_dir(a: set[int], b: set[int]) -> bool:
        common = any(s in b for s in a)
        if unaligned == "agree":
            return common or (len(a) == 0 and len(b) == 0)
        return common

    def agree(k: int, i: int, j: int) -> bool:
        one = agree_dir(sources_of(hyp_fwd, i), sources_of(ref_fwd[k], j))
        two = agree_dir(sources_of(hyp_rev, i), sources_of(ref_rev[k], j))
        if constraint == "1":
            return one
        if constraint == "2":
            return two
        if constraint == "union":
            return one or two
        assert constraint == "intersect"
        return one and two

    c = len(hyp)
    if c == 0:
        return 0.0
    order = min(n, c)
    hits = 0.0
    for i in range(c - order + 1):
        best = 0.0
        for k, ref in enumerate(refs):
            for j in range(len(ref) - order + 1):
                equal = all(hyp[i + t] == ref[j + t] for t in range(order))
                flags = [agree(k, i + t, j + t) for t in range(order)]
                ok = all(flags) if constrain == "all" else any(flags)
                if equal and ok:
                    best = 1.0
        hits += best
    r = min((len(x) for x in refs), key=lambda x: (abs(x - c), x))
    bp = 1.0 if c >= r else math.exp(1 - r / c)
    return hits / (c - order + 1) * bp
