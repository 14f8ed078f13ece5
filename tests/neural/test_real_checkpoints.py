"""Opt-in: the metrics on real checkpoints, against their libraries' own scoring.

Skipped unless the metric's own environment variable names a local model folder (``hparams.yaml``
and ``checkpoints/model.ckpt``, the encoder's tokenizer in the Hugging Face cache), as for scoring:
``MTMETRICS_COMET_MODEL`` (e.g. Unbabel/wmt22-comet-da), ``MTMETRICS_COMETKIWI_MODEL`` (e.g.
Unbabel/wmt22-cometkiwi-da), ``MTMETRICS_XCOMET_MODEL`` (e.g. Unbabel/XCOMET-XL). Fetch one on a
machine with internet with ``huggingface-cli download Unbabel/wmt22-comet-da --local-dir DIR``; likewise
``MTMETRICS_BLEURT_MODEL`` (e.g. lucadiliello/BLEURT-20-D12), ``MTMETRICS_METRICX_MODEL`` and
``MTMETRICS_METRICXQE_MODEL`` (e.g. google/metricx-24-hybrid-large-v2p6), ``MTMETRICS_METRICX23_MODEL``
(google/metricx-23-large-v2p0), ``MTMETRICS_METRICX23QE_MODEL`` (google/metricx-23-qe-large-v2p0), the
MetricX ones with google/mt5-large in the Hugging Face cache. Then::

    MTMETRICS_COMET_MODEL=DIR .venv-neural/bin/python -m pytest tests/neural/test_real_checkpoints.py

Only the first :data:`SEGMENTS` segments of the conformance corpus are scored, so that a large model
on a CPU takes minutes, not hours.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import Any

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


#: the other libraries' metrics, by the variable naming their model folder
OTHERS = {
    "bleurt": "MTMETRICS_BLEURT_MODEL",
    "metricx": "MTMETRICS_METRICX_MODEL",
    "metricxqe": "MTMETRICS_METRICXQE_MODEL",
    "metricx23": "MTMETRICS_METRICX23_MODEL",
    "metricx23qe": "MTMETRICS_METRICX23QE_MODEL",
}


@pytest.mark.parametrize("name", OTHERS)
def test_real_checkpoint_equals_its_library(name: str, offline: None) -> None:
    """bleurt against bleurt-pytorch's README scoring, MetricX against lightyear's ``score_batch``
    (with the mT5 tokenizer the metric finds: the model folder's, else google/mt5-large in the cache),
    per segment within 1e-6; the corpus score is their mean."""
    folder = os.environ.get(OTHERS[name])
    if not folder:
        pytest.skip(f"opt-in: set {OTHERS[name]} to a local {name} model folder")
    import torch

    from mtmetrics import plugins

    cls: Any = plugins.REGISTRY.metric_class(name)  # MetricX classes have a VERSION
    hyps, srcs, refs = CORPUS.hyps[:SEGMENTS], CORPUS.sources[:SEGMENTS], CORPUS.refs[0][:SEGMENTS]
    if name == "bleurt":
        from bleurt_pytorch import BleurtForSequenceClassification, BleurtTokenizer

        model = BleurtForSequenceClassification.from_pretrained(folder).eval()
        with torch.no_grad():
            inputs = BleurtTokenizer.from_pretrained(folder)(refs, hyps, padding="longest", return_tensors="pt")
            expected = model(**inputs).logits.flatten().tolist()
    else:
        from huggingface_hub import snapshot_download
        from lightyear.metrics.metricx import MetricXScore

        has_tokenizer = (Path(folder) / "tokenizer_config.json").is_file()
        tokenizer = folder if has_tokenizer else snapshot_download("google/mt5-large", local_files_only=True)
        oracle = MetricXScore(
            version=cls.VERSION,
            qe=not cls.inputs.references,
            model_name=folder,
            tokenizer_name=tokenizer,
            cuda=False,
        )
        oracle.model.config.use_cache = False  # lightyear 0.0.18 fails with it on transformers 4.x
        out = oracle.score_batch(hyps, refs, srcs, batch_size=1, normalize=False)
        expected = next(iter(out.values()))["raw_error"]
    scorer = load_metric(name)
    given = ([refs] if cls.inputs.references else None, srcs if cls.inputs.source else None)
    results = scorer.segment_scores(hyps, *given)
    assert [r.score for r in results] == pytest.approx(expected, abs=1e-6)
    assert scorer.corpus_score(hyps, *given).score == pytest.approx(sum(expected) / len(expected), abs=1e-6)
