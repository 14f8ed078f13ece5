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
from dataclasses import asdict, dataclass
from typing import Any

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


@dataclass(frozen=True)
class ModelResult:
    """One model on every test set: its r, and its comparison with the baseline (``None`` for the baseline)."""

    name: str
    features: list[str]
    train_r: float | None
    r: dict[str, float]
    vs_baseline: dict[str, Comparison] | None


@dataclass(frozen=True)
class PairResult:
    """One "with vs without paraphrase" pair of Table 2 on every test set (``r_model``: the model with P)."""

    without: str
    with_p: str
    same_features: bool
    tests: dict[str, Comparison]


@dataclass(frozen=True)
class Evaluation:
    """Tables 1 and 2 as numbers: what :func:`markdown_tables` renders and ``--json`` writes."""

    tests: list[str]
    baseline: str
    models: list[ModelResult]
    pairs: list[PairResult]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (NaN becomes ``null`` when written with :func:`mtmetrics.jsonsafe.strict_json`)."""
        return {
            "tests": self.tests,
            "baseline": self.baseline,
            "models": [
                {
                    "name": m.name,
                    "features": m.features,
                    "train_r": m.train_r,
                    "r": m.r,
                    "vs_baseline": None if m.vs_baseline is None else {k: asdict(c) for k, c in m.vs_baseline.items()},
                }
                for m in self.models
            ],
            "comparisons": [
                {
                    "without": c.without,
                    "with": c.with_p,
                    "same_features": c.same_features,
                    "tests": {k: asdict(t) for k, t in c.tests.items()},
                }
                for c in self.pairs
            ],
        }


def evaluate(models: Sequence[Model], tests: Sequence[tuple[str, FeatureTable]], baseline: str = "B") -> Evaluation:
    """Every model's predictions on every test set, correlated and compared (Tables 1 and 2)."""
    by_name = {m.name: m for m in models}
    preds = {name: [m.predict(t) for _, t in tests] for name, m in by_name.items()}
    names = [name for name, _ in tests]
    results = []
    for m in models:
        r = {name: pearson(preds[m.name][k], t.human) for k, (name, t) in enumerate(tests)}
        vs = None
        if baseline in by_name and m.name != baseline:
            vs = {name: compare(preds[m.name][k], preds[baseline][k], t.human) for k, (name, t) in enumerate(tests)}
        results.append(ModelResult(m.name, list(m.features), m.train_r, r, vs))
    pairs = [
        PairResult(
            a,
            b,
            by_name[a].features == by_name[b].features,
            {name: compare(preds[b][k], preds[a][k], t.human) for k, (name, t) in enumerate(tests)},
        )
        for a, b in PAIRS
        if a in by_name and b in by_name
    ]
    return Evaluation(names, baseline, results, pairs)


def markdown_tables(ev: Evaluation) -> str:
    """Markdown for Table 1 (r, gain over the baseline, marks) and Table 2 (with vs without P)."""
    lines = ["| Model | features selected (training) | train r | " + " | ".join(ev.tests) + " |"]
    lines.append("|" + "---|" * (3 + len(ev.tests)))
    for m in ev.models:
        cells = [
            f"{m.r[t]:.3f}"
            if m.vs_baseline is None
            else f"{m.r[t]:.3f} ({m.vs_baseline[t].gain * 100:+.1f}%){mark(m.vs_baseline[t].p_williams)}"
            for t in ev.tests
        ]
        train_r = "n/a" if m.train_r is None else f"{m.train_r:.3f}"
        lines.append(f"| {m.name} | {', '.join(m.features) or '(none)'} | {train_r} | " + " | ".join(cells) + " |")
    out = ["\n".join(lines)]
    pair_lines = []
    for c in ev.pairs:
        cells = [
            "same features selected"
            if c.same_features
            else f"{c.tests[t].gain * 100:+.1f}% (W p={c.tests[t].p_williams:.2g}, MRR p={c.tests[t].p_mrr:.2g})"
            for t in ev.tests
        ]
        pair_lines.append(f"| {c.without} vs. {c.with_p} | " + " | ".join(cells) + " |")
    if pair_lines:
        head2 = "| Comparison | " + " | ".join(ev.tests) + " |"
        out.append("\n".join([head2, "|" + "---|" * (1 + len(ev.tests)), *pair_lines]))
    return "\n\n".join(out)
