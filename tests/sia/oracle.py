"""A literal transcription of the paper's SIA pseudo-code (Liu & Gildea 2006, Figures 3, 5, 6, 7).

Slow on purpose (the paper's O(M^2 N^2) four-index table) and independent of the plugin's code:
it is the oracle the fast implementation is compared with. Where the pseudo-code is incomplete or
misprinted, the fix of docs/metrics.md §1 is applied and marked ``FIX``:

* FIX 1 (start state): the table needs the empty alignment ``(0, 0)`` as a start, otherwise the
  first aligned pair has no predecessor; Figure 3's indices start at 1, so ``k, m, n, p`` start at 0.
* FIX 2 (only matches are aligned, docs/metrics.md §1.1): with ``COMPUTE_SCORE == 0`` Figure 3 would
  still make ``(i, j)`` the last aligned pair and reset the gaps; a state is only created for a match.
* FIX 3 (final state): the best alignment is the best over all states ``score[M][N][k][m]``,
  not only ``k, m = M, N`` (which exists only when the last tokens match).
* FIX 4 (Figure 6): ``max_score`` is reset to 0 each round (otherwise no later round can win) and
  the round weight starts at 1 and is multiplied by alpha (``alpha^(k-1)``), not squared.

Ties: candidates are visited in the loop order of the pseudo-code (``n`` then ``p`` ascending) and
replaced only when strictly better; the final state likewise (``k`` then ``m``); refs first to last.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

NEG = -math.inf

Similarity = Callable[[str, str], float]


def exact(a: str, b: str) -> float:
    """No similarity table: only equal words match (the test ``mt[i] == ref[j]`` does that)."""
    return 0.0


def table_similarity(table: Mapping[str, Mapping[str, float]]) -> Similarity:
    """similarity(word1, word2) looked up in a nested dict (row: hypothesis word)."""

    def sim(a: str, b: str) -> float:
        return table.get(a, {}).get(b, 0.0)

    return sim


def sto_compute_score(mt: Sequence[str], ref: Sequence[str], i: int, j: int, n: int, p: int, sim: Similarity) -> float:
    """Figure 5 (Figure 4 when ``sim`` is :func:`exact`); positions are 1-based."""
    if mt[i - 1] == ref[j - 1]:
        return 1 / math.sqrt((i - n) * (j - p))
    return sim(mt[i - 1], ref[j - 1]) / math.sqrt((i - n) * (j - p))


def get_align_score_1(
    mt: Sequence[str], ref: Sequence[str], mt_table: set[int], ref_table: set[int], sim: Similarity
) -> tuple[float, list[tuple[int, int]]]:
    """Figure 7 (Figure 3 with empty tables): score / M and the aligned (i, j) pairs."""
    M, N = len(mt), len(ref)
    # score[i][j][k][m]: best value within prefixes i, j whose last aligned pair is (k, m)
    score = [[[[NEG] * (N + 1) for _ in range(M + 1)] for _ in range(N + 1)] for _ in range(M + 1)]
    back: dict[tuple[int, int], tuple[int, int]] = {}
    for i in range(M + 1):  # FIX 1: the empty alignment ends at (0, 0) in every prefix
        for j in range(N + 1):
            score[i][j][0][0] = 0.0
    for i in range(1, M + 1):
        for j in range(1, N + 1):
            for k in range(0, i + 1):
                for m in range(0, j + 1):
                    if (k, m) == (i, j) or (k, m) == (0, 0):
                        continue
                    up = score[i - 1][j][k][m] if k <= i - 1 else NEG
                    left = score[i][j - 1][k][m] if m <= j - 1 else NEG
                    score[i][j][k][m] = max(up, left)
            if i not in mt_table and j not in ref_table:
                if mt[i - 1] != ref[j - 1] and sim(mt[i - 1], ref[j - 1]) <= 0:
                    continue  # FIX 2
                for n in range(0, i):
                    for p in range(0, j):
                        prev = score[i - 1][j - 1][n][p]
                        if prev == NEG:
                            continue
                        v = prev + sto_compute_score(mt, ref, i, j, n, p, sim)
                        if v > score[i][j][i][j]:
                            score[i][j][i][j] = v
                            back[(i, j)] = (n, p)
    best, arg = NEG, (0, 0)
    for k in range(M + 1):  # FIX 3
        for m in range(N + 1):
            if score[M][N][k][m] > best:
                best, arg = score[M][N][k][m], (k, m)
    align = []
    while arg != (0, 0):
        align.append(arg)
        arg = back[arg]
    align.reverse()
    return best / M, align


def length_penalty(mt: Sequence[str], refs: Sequence[Sequence[str]]) -> float:
    """1 when the MT output is at least as long as the mean reference, else the ratio (Section 3.3)."""
    mean = sum(len(r) for r in refs) / len(refs)
    return 1.0 if len(mt) >= mean else len(mt) / mean


def get_align_score_in_multiple_refs(
    mt: Sequence[str], refs: Sequence[Sequence[str]], alpha: float, incs: bool = True, sim: Similarity = exact
) -> float:
    """Figure 6 (one round only when ``incs`` is off): SIA of one segment."""
    refs = [r for r in refs if r]
    if not mt or not refs:
        return 0.0
    mt_table: set[int] = set()
    ref_tables: list[set[int]] = [set() for _ in refs]
    final_score = 0.0
    weight = 1.0  # FIX 4
    while True:
        max_score = 0.0  # FIX 4
        max_align: list[tuple[int, int]] = []
        max_ref = -1
        for i, ref in enumerate(refs):
            score, align = get_align_score_1(mt, ref, mt_table, ref_tables[i], sim)
            if score > max_score:
                max_score, max_align, max_ref = score, align, i
        if max_score == 0:
            break
        final_score += max_score * weight
        weight *= alpha
        for a, b in max_align:
            mt_table.add(a)
            ref_tables[max_ref].add(b)
        if not incs:
            break
    return final_score * length_penalty(mt, refs)
