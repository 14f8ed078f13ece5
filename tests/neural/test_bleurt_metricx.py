"""bleurt and the MetricX metrics against their libraries' own scoring on tiny checkpoints: BLEURT as
bleurt-pytorch's README scores, MetricX by lightyear's ``MetricXScore.score_batch``."""

from __future__ import annotations

import hashlib
import json
import shutil
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from mtmetrics import InputError, ResourceError, load_metric, plugins
from mtmetrics.testing import default_corpus
from mtmetrics_neural import METRICS
from tests.cli import run_cli

CORPUS = default_corpus()
METRICX = tuple(name for name in METRICS if name.startswith("metricx"))
NAMES = ("bleurt", *METRICX)


def _inputs(name: str, refs: list[list[str]] | None = None) -> tuple[Any, Any]:
    """The references and sources ``name`` reads (None for what it does not)."""
    cls = plugins.REGISTRY.metric_class(name)
    return (refs or [CORPUS.refs[0]]) if cls.inputs.references else None, CORPUS.sources if cls.inputs.source else None


def _bleurt_readme(folder: Path, refs: list[str], hyps: list[str]) -> list[float]:
    """bleurt-pytorch's README: ``model(**tokenizer(references, candidates, padding='longest', ...)).logits``."""
    import torch
    from bleurt_pytorch import BleurtForSequenceClassification, BleurtTokenizer

    model = BleurtForSequenceClassification.from_pretrained(folder)
    tokenizer = BleurtTokenizer.from_pretrained(folder)
    model.eval()
    with torch.no_grad():
        inputs = tokenizer(refs, hyps, padding="longest", return_tensors="pt")
        return list(model(**inputs).logits.flatten().tolist())


def _lightyear(folder: Path, name: str, batch_size: int) -> list[float]:
    """lightyear's own MetricX scores (the raw error) of the corpus against its first reference."""
    from lightyear.metrics.metricx import MetricXScore

    cls: Any = plugins.REGISTRY.metric_class(name)  # a MetricX class: its VERSION
    scorer = MetricXScore(
        version=cls.VERSION,
        qe=not cls.inputs.references,
        model_name=str(folder),
        tokenizer_name=str(folder),
        cuda=False,
    )
    refs = CORPUS.refs[0] if cls.inputs.references else None
    out = scorer.score_batch(CORPUS.hyps, refs, CORPUS.sources, batch_size=batch_size, normalize=False)
    return list(next(iter(out.values()))["raw_error"])


@pytest.mark.parametrize("name", NAMES)
def test_equals_the_library(checkpoints: dict[str, Path], name: str) -> None:
    """Per segment within 1e-6 of the library's own batched scoring (MetricX: the same bits as its
    one-segment batches); the corpus score is their mean."""
    folder = checkpoints[name]
    if name == "bleurt":
        expected = _bleurt_readme(folder, CORPUS.refs[0], CORPUS.hyps)
    else:
        expected = _lightyear(folder, name, batch_size=8)
        alone = _lightyear(folder, name, batch_size=1)
    refs, sources = _inputs(name)
    scorer = load_metric(name, model=str(folder))
    segs = [r.score for r in scorer.segment_scores(CORPUS.hyps, refs, sources)]
    assert segs == pytest.approx(expected, abs=1e-6)
    if name != "bleurt":
        assert segs == alone
    assert len({round(s, 6) for s in segs}) > 5  # random weights still tell segments apart
    corpus = scorer.corpus_score(CORPUS.hyps, refs, sources)
    assert corpus.score == pytest.approx(sum(segs) / len(segs), abs=1e-12)


@pytest.mark.parametrize("name", ["bleurt", "metricx", "metricxqe"])
def test_scores_do_not_depend_on_batches(checkpoints: dict[str, Path], name: str) -> None:
    """By default a segment scores the same bits alone and in a corpus; batching (batch_tokens=N, in
    the signature) agrees within 1e-6."""
    scorer = load_metric(name, model=str(checkpoints[name]))
    free = name == "metricxqe"
    hyps, refs, sources = CORPUS.hyps * 3, None if free else [r * 3 for r in CORPUS.refs], CORPUS.sources * 3
    src = sources if name != "bleurt" else None
    corpus = scorer.statistics(hyps, refs, src).array
    for i in range(len(CORPUS.hyps)):
        one = scorer.statistics(
            [hyps[i]], None if free else [[CORPUS.refs[0][i]], [CORPUS.refs[1][i]]], src and [src[i]]
        )
        assert one.array[0].tobytes() == corpus[i].tobytes()
    batched = load_metric(name, model=str(checkpoints[name]), batch_tokens=4096)
    rows = batched.statistics(hyps, refs, src).array
    assert rows[:, 0].tolist() == pytest.approx(corpus[:, 0].tolist(), abs=1e-6)
    assert "|batch:4096|" in str(batched.get_signature())


def test_several_references_average(checkpoints: dict[str, Path]) -> None:
    """With two references a segment scores the mean of its two single-reference scores."""
    scorer = load_metric("bleurt", model=str(checkpoints["bleurt"]))
    both = scorer.statistics(CORPUS.hyps, CORPUS.refs).array[:, 0]
    a, b = (scorer.statistics(CORPUS.hyps, [refs]).array[:, 0] for refs in CORPUS.refs)
    assert both.tolist() == pytest.approx(((a + b) / 2).tolist(), abs=1e-12)


@pytest.mark.parametrize(
    ("name", "weights", "library"),
    [
        ("bleurt", "model.safetensors", ("bleurt", "bleurt-pytorch")),
        ("metricx", "pytorch_model.bin", ("lightyear", "lightyear")),
    ],
)
def test_signature(checkpoints: dict[str, Path], name: str, weights: str, library: tuple[str, str]) -> None:
    """The weights' SHA-256 (16 digits in --short), the library versions, precision and device."""
    sha = hashlib.sha256((checkpoints[name] / weights).read_bytes()).hexdigest()
    refs, sources = _inputs(name)
    sig = load_metric(name, model=str(checkpoints[name])).corpus_score(CORPUS.hyps, refs, sources).signature
    text, short = sig.format(), sig.format(short=True)
    assert f"|ckpt:{sha}|" in text and f"|ckpt:{sha[:16]}|" in short
    for key, dist in (library, ("transformers", "transformers"), ("torch", "torch")):
        assert f"|{key}:{version(dist)}|" in text
    assert "|precision:fp32|device:cpu|" in text


def test_metricx_lower_is_better_and_reference_free(checkpoints: dict[str, Path]) -> None:
    """MetricX is an error in [0, 25]; metricxqe scores without references (nrefs:0)."""
    assert not plugins.REGISTRY.metric_class("metricx").higher_is_better
    assert plugins.REGISTRY.metric_class("bleurt").higher_is_better
    free = load_metric("metricxqe", model=str(checkpoints["metricxqe"])).corpus_score(CORPUS.hyps, None, CORPUS.sources)
    assert free.signature.get("nrefs") == "0" and 0 <= free.score <= 25
    with pytest.raises(InputError, match="no references given"):
        load_metric("metricx", model=str(checkpoints["metricx"])).corpus_score(CORPUS.hyps, None, CORPUS.sources)


def test_metricx_decoding_cache_changes_nothing(checkpoints: dict[str, Path], tmp_path: Path) -> None:
    """A checkpoint whose configuration turns the decoding cache on (lightyear 0.0.18 fails on it)
    scores the same bits: the metric turns the cache off, which one decoding step never uses."""
    copy = Path(shutil.copytree(checkpoints["metricx"], tmp_path / "cached"))
    config = json.loads((copy / "config.json").read_text(encoding="utf-8"))
    (copy / "config.json").write_text(json.dumps({**config, "use_cache": True}), encoding="utf-8")
    on, off = (
        load_metric("metricx", model=str(folder)).statistics(CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources).array
        for folder in (copy, checkpoints["metricx"])
    )
    assert on.tobytes() == off.tobytes()


@pytest.mark.parametrize(
    ("name", "hub", "env"),
    [
        ("bleurt", "lucadiliello/BLEURT-20", "MTMETRICS_BLEURT_MODEL"),
        ("metricx", "google/metricx-24-hybrid-large-v2p6", "MTMETRICS_METRICX_MODEL"),
        ("metricx23qe", "google/metricx-23-qe-large-v2p0", "MTMETRICS_METRICX23QE_MODEL"),
    ],
)
def test_missing_model_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, hub: str, env: str
) -> None:
    monkeypatch.delenv(env, raising=False)
    with pytest.raises(ResourceError, match=f"huggingface-cli download {hub} --local-dir PATH") as info:
        load_metric(name)
    assert "\n" not in str(info.value) and env in str(info.value)
    with pytest.raises(ResourceError, match=r"has no config\.json with model weights beside it"):
        load_metric(name, model=str(tmp_path))
    code, _, err = run_cli("-i", "x", "-m", f"{name}:model={tmp_path}")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "config.json" in err


def test_metricx_missing_tokenizer(checkpoints: dict[str, Path], tmp_path: Path) -> None:
    """Without a tokenizer in the model folder or the cache, one line names google/mt5-large."""
    bare = tmp_path / "bare"
    bare.mkdir()
    for name in ("config.json", "pytorch_model.bin"):
        shutil.copy(checkpoints["metricx"] / name, bare / name)
    scorer = load_metric("metricx", model=str(bare), tokenizer=str(tmp_path / "nothing-here"))
    with pytest.raises(ResourceError, match="huggingface-cli download google/mt5-large") as info:
        scorer.corpus_score(CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources)
    assert "\n" not in str(info.value)


def test_environment_variable_names_the_model(checkpoints: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTMETRICS_BLEURT_MODEL", str(checkpoints["bleurt"]))
    given = load_metric("bleurt", model=str(checkpoints["bleurt"])).corpus_score(CORPUS.hyps, [CORPUS.refs[0]])
    assert load_metric("bleurt").corpus_score(CORPUS.hyps, [CORPUS.refs[0]]).score == given.score


@pytest.mark.parametrize(
    ("name", "match"), [("bleurt", "the encoder reads at most 128"), ("metricx", "the encoder reads at most 1536")]
)
def test_too_long_input_is_refused(checkpoints: dict[str, Path], name: str, match: str) -> None:
    """An input longer than the model reads is an error naming both lengths, never cut silently."""
    long = " ".join(["zebra xylophone quantum"] * (40 if name == "bleurt" else 400))
    scorer = load_metric(name, model=str(checkpoints[name]))
    with pytest.raises(InputError, match=match):
        scorer.corpus_score([long], [["a"]], ["b"] if name != "bleurt" else None)
