"""Evaluating trained models on held-out judged tables: the analogue of the paper's Tables 1 and 2.

For every group of a test table (language pair) each model predicts the human score of every
segment; the table reports Pearson's r with the human scores, the relative gain over model ``B``
(``(r - r_B) / |r_B|``) and whether the gain is significant. Correlations of two models with the same
human scores are dependent, so, as the paper argues for MRR, the tests are for overlapping
correlations: Williams' test (marks) and Meng-Rosenthal-Rubin's z (reported in the second table),
both one-sided (model > baseline), from :mod:`mtmetrics.stats.corrtests`. Fisher's z test for
independent samples, which the paper shows "only to maintain consistency", is left out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from mtmetrics.stats.correlation import pearson
from mtmetrics.stats.corrtests import meng_rosenthal_rubin, williams

from .models import FeatureTable, Model

#: The "with vs without paraphrase" comparisons of the paper's Table 2.
PAIRS = (("B", "BP"), ("T", "TP"), ("M", "MP"), ("BT", "BTP"), ("BTM", "BTMP"))


@dataclass(frozen=True)
class Comparison:
    """Model ``a`` against baseline ``b`` on one test set."""

    r_model: float
    r_base: float
    gain: float
    p_williams: float
    p_mrr: float


def compare(model: np.ndarray, base: np.ndarray, human: np.ndarray) -> Comparison:
    """r of ``model`` and ``base`` predictions with ``human`` and one-sided tests of model > base."""
    r1 = pearson(model, human)
    r2 = pearson(base, human)
    r12 = pearson(model, base)
    n = len(human)
    if any(math.isnan(v) for v in (r1, r2, r12)) or abs(r12) >= 1.0 - 1e-12:
        pw = pm = math.nan
    else:
        pw = williams(r1, r2, r12, n).p_one_sided
        pm = meng_rosenthal_rubin(r1, r2, r12, n).p_one_sided
    gain = (r1 - r2) / abs(r2) if r2 else math.nan
    return Comparison(r1, r2, gain, pw, pm)


def mark(p: float) -> str:
    """``‡`` for p < 0.01, ``†`` for p < 0.05 (one-sided Williams test), else nothing."""
    if math.isnan(p):
        return ""
    return "‡" if p < 0.01 else "†" if p < 0.05 else ""


def markdown_tables(models: Sequence[Model], tests: Sequence[tuple[str, FeatureTable]], baseline: str = "B") -> str:
    """Markdown for Table 1 (r, gain over the baseline, marks) and Table 2 (with vs without P)."""
    by_name = {m.name: m for m in models}
    preds = {name: [m.predict(t) for _, t in tests] for name, m in by_name.items()}
    head = "| Model | features selected (training) | train r | " + " | ".join(n for n, _ in tests) + " |"
    lines = [head, "|" + "---|" * (3 + len(tests))]
    for m in models:
        cells = []
        for k, (_, table) in enumerate(tests):
            r = pearson(preds[m.name][k], table.human)
            if baseline in by_name and m.name != baseline:
                c = compare(preds[m.name][k], preds[baseline][k], table.human)
                cells.append(f"{r:.3f} ({c.gain * 100:+.1f}%){mark(c.p_williams)}")
            else:
                cells.append(f"{r:.3f}")
        chosen = ", ".join(m.features) or "(none)"
        train_r = "n/a" if m.train_r is None else f"{m.train_r:.3f}"
        lines.append(f"| {m.name} | {chosen} | {train_r} | " + " | ".join(cells) + " |")
    out = ["\n".join(lines)]
    pair_lines = []
    for a, b in PAIRS:
        if a in by_name and b in by_name:
            cells = []
            same = by_name[a].features == by_name[b].features
            for k, (_, table) in enumerate(tests):
                c = compare(preds[b][k], preds[a][k], table.human)
                if same:
                    cells.append("same features selected")
                else:
                    cells.append(f"{c.gain * 100:+.1f}% (W p={c.p_williams:.2g}, MRR p={c.p_mrr:.2g})")
            pair_lines.append(f"| {a} vs. {b} | " + " | ".join(cells) + " |")
    if pair_lines:
        head2 = "| Comparison | " + " | ".join(n for n, _ in tests) + " |"
        out.append("\n".join([head2, "|" + "---|" * (1 + len(tests)), *pair_lines]))
    return "\n\n".join(out)
