"""impl=hlepor-pypi alone is the hLepor 0.0.4 package with its defaults.

The package lowercases (``preprocess=str.lower``) and weighs as the paper (alpha 9, beta 1, n 2,
weights 7:2:1), so ``impl=hlepor-pypi`` implies ``lowercase=yes`` unless ``lowercase`` is given.
Its default tokeniser is NLTK's ``word_tokenize``, whose punkt model is a download: the package
gets the text already split (``separate_punctuation=False``) and mtmetrics ``tokenize=none``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import mtmetrics
from mtmetrics.resources import Preprocessor
from tests.datapaths import WMT21, read_text, require

from .test_pypi_oracle import DOC_HYP, DOC_REF

TXT = WMT21 / "txt"


def _cased_text(n: int) -> tuple[list[str], list[str]]:
    """WMT21 de-en (cased), split by 13a and joined by spaces: the same tokens for both sides."""
    tok = Preprocessor("13a")
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-W.en.gz"))[:n]
    refs = read_text(require(TXT / "references" / "newstest2021.de-en.ref.A.en"))[:n]
    return [" ".join(tok(h)) for h in hyps], [" ".join(tok(r)) for r in refs]


def test_impl_hlepor_pypi_alone_is_the_package_with_its_defaults(hlepor_pkg: Any) -> None:
    hyps, refs = _cased_text(300)
    assert any(h != h.lower() for h in hyps)
    metric = mtmetrics.load_metric("hlepor", impl="hlepor-pypi", tokenize="none")
    assert metric.metric.values["lowercase"] is True and metric.signature().get("case") == "lc"
    got = np.array([r.score for r in metric.segment_scores(hyps, [refs])])
    want = np.array(
        [hlepor_pkg.single_hlepor_score(r, h, separate_punctuation=False) for h, r in zip(hyps, refs, strict=True)]
    )
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
    # the package's documented example, now without lowercase=True
    assert round(mtmetrics.load_metric("hlepor", impl="hlepor-pypi").sentence_score(DOC_HYP, [DOC_REF]).score, 4) == (
        0.7842
    )


def test_mode_defaults_yield_to_what_the_user_sets() -> None:
    assert mtmetrics.load_metric("hlepor", impl="hlepor-pypi", lowercase=False).metric.values["lowercase"] is False
    assert mtmetrics.load_metric("hlepor").metric.values["lowercase"] is False  # impl=paper: mtmetrics' default
