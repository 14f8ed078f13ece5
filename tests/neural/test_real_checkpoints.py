"""Opt-in: the metrics on real unbabel-comet checkpoints, against unbabel-comet's own ``predict``.

Skipped unless the metric's own environment variable names a local model folder (``hparams.yaml``
and ``checkpoints/model.ckpt``, the encoder's tokenizer in the Hugging Face cache), as for scoring:
``MTMETRICS_COMET_MODEL`` (e.g. Unbabel/wmt22-comet-da), ``MTMETRICS_COMETKIWI_MODEL`` (e.g.
Unbabel/wmt22-cometkiwi-da), ``MTMETRICS_XCOMET_MODEL`` (e.g. Unbabel/XCOMET-XL). Fetch one on a
machine with internet with ``huggingface-cli download Unbabel/wmt22-comet-da --local-dir DIR``, then::

    MTMETRICS_COMET_MODEL=DIR .venv-neural/bin/python -m pytest tests/neural/test_real_checkpoints.py

Only the first :data:`SEGMENTS` segments of the conformance corpus are scored, so that a large model
on a CPU takes minutes, not hours.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest

from mtmetrics import load_metric
from mtmetrics.testing import default_corpus

CORPUS = default_corpus()
SEGMENTS = 4
VARIABLES = {
    "comet": "MTMETRICS_COMET_MODEL",
    "cometkiwi": "MTMETRICS_COMETKIWI_MODEL",
    "xcomet": "MTMETRICS_XCOMET_MODEL",
}


@pytest.mark.parametrize("name", VARIABLES)
def test_real_checkpoint_equals_unbabel(name: str, offline: None) -> None:
    """Per segment within 1e-6 of unbabel-comet's predict (xCOMET: its error spans too), the corpus score their mean."""
    folder = os.environ.get(VARIABLES[name])
    if not folder:
        pytest.skip(f"opt-in: set {VARIABLES[name]} to a local {name} model folder")
    from mtmetrics_neural.comet import import_comet

    hyps, srcs, refs = CORPUS.hyps[:SEGMENTS], CORPUS.sources[:SEGMENTS], CORPUS.refs[0][:SEGMENTS]
    free = name == "cometkiwi"
    samples = [{"src": s, "mt": h, **({} if free else {"ref": r})} for s, h, r in zip(srcs, hyps, refs, strict=True)]
    ckpt = Path(folder) / "checkpoints" / "model.ckpt"
    with warnings.catch_warnings():  # the oracle's own warnings (Lightning's advice, pkg_resources)
        warnings.simplefilter("ignore")
        model = import_comet().load_from_checkpoint(str(ckpt), local_files_only=True)
        expected = model.predict(samples, batch_size=1, gpus=0, progress_bar=False, num_workers=0)
    scorer = load_metric(name)
    results = scorer.segment_scores(hyps, None if free else [refs], srcs)
    assert [r.score for r in results] == pytest.approx(list(expected.scores), abs=1e-6)
    corpus = scorer.corpus_score(hyps, None if free else [refs], srcs)
    assert corpus.score == pytest.approx(float(expected.system_score), abs=1e-6)
    if name == "xcomet":
        for result, spans in zip(results, expected.metadata.error_spans, strict=True):
            (ours,) = result.detail["error_spans"]
            assert [(s["start"], s["end"], s["severity"]) for s in ours] == [
                (s["start"], s["end"], s["severity"]) for s in spans
            ]
