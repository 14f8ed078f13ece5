"""METEOR's stage search: the compiled kernel (numba) and the Python one give the same alignments.

The compiled search (:mod:`mtmetrics_baselines._meteor_numba`) transcribes the Python
branch-and-bound for searches over complete components (exact and stem stages). It must visit the
same nodes in the same order, so that a search stopped by its node budget also ends with the same
best-so-far alignment: the comparison includes searches that run out of budget (small budgets on
random word sequences, and the hardest segments of real WMT21 zh-en text, where the default
budget is exceeded) and the ``exact`` flag. The Python search is itself checked against brute
force and an integer program in ``test_meteor_align.py``.
"""

from __future__ import annotations

import random

import pytest

import mtmetrics
from mtmetrics.resources import kernels
from mtmetrics_baselines import _meteor_align
from mtmetrics_baselines._meteor_align import StageAlignment, align_stage
from tests.datapaths import read_text, require

from .conftest import TXT


def _stage(rng: random.Random) -> tuple[dict[int, list[int]], list[tuple[int, int]]]:
    """Exact-stage candidates of two random word sequences over a small vocabulary, some words
    already linked by an 'earlier stage' (fixed links, crossing or not)."""
    vocab = [f"w{k}" for k in range(rng.randint(1, 6))]
    hyp = [rng.choice(vocab) for _ in range(rng.randint(1, 40))]
    ref = [rng.choice(vocab) for _ in range(rng.randint(1, 40))]
    fixed_h = set(rng.sample(range(len(hyp)), rng.randint(0, min(3, len(hyp)))))
    fixed_r = rng.sample(range(len(ref)), min(len(fixed_h), len(ref)))
    fixed = list(zip(sorted(fixed_h), fixed_r, strict=False))
    taken_h, taken_r = {h for h, _ in fixed}, {r for _, r in fixed}
    candidates = {
        i: [j for j, v in enumerate(ref) if v == w and j not in taken_r] for i, w in enumerate(hyp) if i not in taken_h
    }
    return {i: js for i, js in candidates.items() if js}, fixed


def _both(candidates: dict[int, list[int]], fixed: list[tuple[int, int]], budget: int) -> list[StageAlignment]:
    out = []
    for kernel in ("python", "numba"):
        with kernels.forced(kernel):
            assert _meteor_align.kernel() == kernel
            out.append(align_stage(candidates, fixed, budget=budget, beam_width=8))
    return out


@pytest.mark.parametrize("budget", [30, 300, 2000])
def test_kernels_agree_on_random_stages(budget: int) -> None:
    rng = random.Random(budget)
    approximate = 0
    for _ in range(100):
        candidates, fixed = _stage(rng)
        python, compiled = _both(candidates, fixed, budget)
        assert python == compiled, (candidates, fixed)
        approximate += not python.exact
    if budget < 100:
        assert approximate > 10  # the budget-exceeded path was exercised


#: Segments (0-based) of WMT21 zh-en Borderline whose search exceeds the default budget.
HARD = (390, 502)


def test_kernels_agree_on_real_zh_en() -> None:
    """WMT21 zh-en, one system: the first 40 segments (searches of hundreds to thousands of nodes
    on repeated function words) and two whose search exceeds the default budget (approximate:
    the incumbent and the beam decide); statistics byte for byte."""
    base = TXT / "system-outputs" / "newstest2021.zh-en.hyp.Borderline.en.gz"
    keep = [*range(40), *HARD]
    all_hyps = read_text(require(base))
    all_refs = read_text(require(TXT / "references" / "newstest2021.zh-en.ref.A.en"))
    hyps, refs = [all_hyps[i] for i in keep], [all_refs[i] for i in keep]
    stats = []
    for kernel in ("python", "numba"):
        with kernels.forced(kernel):
            stats.append(mtmetrics.load_metric("meteor").statistics(hyps, [refs]).array)
    assert stats[0].tobytes() == stats[1].tobytes()
    assert stats[0][-len(HARD) :, -1].tolist() == [1.0] * len(HARD)  # approx_segments: the budget ran out
