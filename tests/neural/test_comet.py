"""comet, cometkiwi, xcomet against unbabel-comet's own ``load_from_checkpoint(...).predict`` on tiny checkpoints."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

from mtmetrics import InputError, ResourceError, load_metric
from mtmetrics.testing import default_corpus
from tests.cli import run_cli

CORPUS = default_corpus()
METRICS = ("comet", "cometkiwi", "xcomet")


def _unbabel(folder: Path, name: str, batch_size: int = 4) -> tuple[list[float], float]:
    """unbabel-comet's own scores of the corpus (first reference) with its ``predict``."""
    from mtmetrics_neural.comet import import_comet

    samples = [
        {"src": s, "mt": h, **({} if name == "cometkiwi" else {"ref": r})}
        for s, h, r in zip(CORPUS.sources, CORPUS.hyps, CORPUS.refs[0], strict=True)
    ]
    with warnings.catch_warnings():  # the oracle's own warnings (Lightning's advice, pkg_resources)
        warnings.simplefilter("ignore")
        model = import_comet().load_from_checkpoint(str(folder / "checkpoints" / "model.ckpt"), local_files_only=True)
        out = model.predict(samples, batch_size=batch_size, gpus=0, progress_bar=False, num_workers=0)
    return list(out.scores), float(out.system_score)


def _ours(checkpoints: dict[str, Path], name: str, refs: bool = True, **params: Any) -> Any:
    scorer = load_metric(name, model=str(checkpoints[name]), **params)
    return scorer.corpus_score(CORPUS.hyps, [CORPUS.refs[0]] if refs else None, CORPUS.sources)


@pytest.mark.parametrize("name", METRICS)
def test_equals_unbabel_predict(checkpoints: dict[str, Path], name: str) -> None:
    """Per segment within 1e-6 of unbabel-comet's predict; the corpus score is their mean."""
    expected, system = _unbabel(checkpoints[name], name)
    scorer = load_metric(name, model=str(checkpoints[name]))
    segs = [r.score for r in scorer.segment_scores(CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources)]
    assert segs == pytest.approx(expected, abs=1e-6)
    assert len({round(s, 6) for s in segs}) > 1  # random weights still tell segments apart
    corpus = scorer.corpus_score(CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources)
    assert corpus.score == pytest.approx(system, abs=1e-6)
    assert corpus.score == pytest.approx(sum(segs) / len(segs), abs=1e-12)


@pytest.mark.parametrize("name", METRICS)
def test_scores_do_not_depend_on_batches(checkpoints: dict[str, Path], name: str) -> None:
    """By default a segment scores the same bits alone, in a corpus and in another chunk; batching
    (batch_tokens=N, in the signature) agrees within 1e-6."""
    scorer = load_metric(name, model=str(checkpoints[name]))
    corpus = scorer.statistics(CORPUS.hyps * 3, [r * 3 for r in CORPUS.refs], CORPUS.sources * 3).array
    alone = [
        scorer.statistics([h], [[a], [b]], [s]).array[0]
        for h, a, b, s in zip(CORPUS.hyps, *CORPUS.refs, CORPUS.sources, strict=True)
    ]
    assert all(row.tobytes() == corpus[i].tobytes() for i, row in enumerate(alone))
    batched = load_metric(name, model=str(checkpoints[name]), batch_tokens=4096)
    rows = batched.statistics(CORPUS.hyps * 3, [r * 3 for r in CORPUS.refs], CORPUS.sources * 3).array
    assert rows[:, 0].tolist() == pytest.approx(corpus[:, 0].tolist(), abs=1e-6)
    assert "|batch:4096|" in str(batched.get_signature()) and "|batch:0|" in str(scorer.signature("2"))


def test_several_references_average(checkpoints: dict[str, Path]) -> None:
    """With two references a segment scores the mean of its two single-reference scores."""
    scorer = load_metric("comet", model=str(checkpoints["comet"]))
    both = scorer.statistics(CORPUS.hyps, CORPUS.refs, CORPUS.sources).array[:, 0]
    a = scorer.statistics(CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources).array[:, 0]
    b = scorer.statistics(CORPUS.hyps, [CORPUS.refs[1]], CORPUS.sources).array[:, 0]
    assert both.tolist() == pytest.approx(((a + b) / 2).tolist(), abs=1e-12)


def test_signature_carries_checkpoint_and_versions(checkpoints: dict[str, Path]) -> None:
    import hashlib
    from importlib.metadata import version

    sha = hashlib.sha256((checkpoints["comet"] / "checkpoints" / "model.ckpt").read_bytes()).hexdigest()
    sig = _ours(checkpoints, "comet").signature
    text, short = sig.format(), sig.format(short=True)
    assert f"|ckpt:{sha}|" in text and f"|ckpt:{sha[:16]}|" in short
    for key, dist in (("comet", "unbabel-comet"), ("transformers", "transformers"), ("torch", "torch")):
        assert f"|{key}:{version(dist)}|" in text
    assert "|precision:fp32|device:cpu|" in text
    assert text.startswith("COMET|nrefs:1|")


def test_reference_free_api(checkpoints: dict[str, Path]) -> None:
    """cometkiwi scores without references (nrefs:0); references given change nothing."""
    free = _ours(checkpoints, "cometkiwi", refs=False)
    given = _ours(checkpoints, "cometkiwi")
    assert free.score == given.score
    assert free.signature.get("nrefs") == "0"
    assert str(given.signature) == str(free.signature)  # references it does not read are not in its signature
    one = load_metric("cometkiwi", model=str(checkpoints["cometkiwi"])).sentence_score(
        CORPUS.hyps[0], source=CORPUS.sources[0]
    )
    assert one.score == pytest.approx(free.segment_scores[0] if hasattr(free, "segment_scores") else one.score)
    with pytest.raises(InputError, match="no references given"):
        _ours(checkpoints, "comet", refs=False)


def _write(folder: Path, name: str, lines: list[str]) -> str:
    path = folder / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_reference_free_cli(checkpoints: dict[str, Path], tmp_path: Path) -> None:
    """The CLI scores cometkiwi with --src and no reference file, and refuses mixing it with bleu."""
    hyp, src = _write(tmp_path, "hyp", CORPUS.hyps), _write(tmp_path, "src", CORPUS.sources)
    spec = f"cometkiwi:model={checkpoints['cometkiwi']}"
    code, out, err = run_cli("-i", hyp, "--src", src, "-m", spec, "-f", "json", "-sl")
    assert code == 0, err
    doc = json.loads(out)["results"][0]
    api = _ours(checkpoints, "cometkiwi", refs=False)
    assert doc["score"] == api.score
    assert doc["signature"].startswith("COMETKIWI|nrefs:0|")
    code, out, err = run_cli("-i", hyp, "--src", src, "-m", spec, "bleu")
    assert code == 2
    assert "cometkiwi needs none, but bleu does" in err and len(err.strip().splitlines()) == 1


def test_missing_model_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MTMETRICS_COMET_MODEL", raising=False)
    with pytest.raises(ResourceError, match=r"huggingface-cli download Unbabel/wmt22-comet-da") as info:
        load_metric("comet")
    assert "\n" not in str(info.value) and "MTMETRICS_COMET_MODEL" in str(info.value)
    with pytest.raises(ResourceError, match=r"has no checkpoints/model\.ckpt"):
        load_metric("comet", model=str(tmp_path))
    code, _, err = run_cli("-i", "x", "-m", f"comet:model={tmp_path}")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_environment_variable_names_the_model(checkpoints: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTMETRICS_COMET_MODEL", str(checkpoints["comet"]))
    assert load_metric("comet").corpus_score(CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources).score == pytest.approx(
        _ours(checkpoints, "comet").score
    )


def test_wrong_kind_of_checkpoint(checkpoints: dict[str, Path]) -> None:
    with pytest.raises(InputError, match="reference-free checkpoint: score it with comet"):
        load_metric("comet", model=str(checkpoints["cometkiwi"])).corpus_score(
            CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources
        )


def test_too_long_segment_is_refused(checkpoints: dict[str, Path]) -> None:
    """The tiny encoder reads 126 subwords (positions - 4): a longer segment is an error, never cut silently."""
    long = " ".join(["zebra xylophone quantum"] * 60)
    scorer = load_metric("comet", model=str(checkpoints["comet"]))
    with pytest.raises(InputError, match="subword tokens; the encoder reads at most 126"):
        scorer.corpus_score([long], [["a"]], ["b"])


def test_gate_limit(checkpoints: dict[str, Path]) -> None:
    """More words than the encoder's positions are refused by the gate before the model loads."""
    scorer = load_metric("comet", model=str(checkpoints["comet"]))
    with pytest.raises(InputError, match="513"):
        scorer.corpus_score([" ".join(["a"] * 513)], [["a"]], ["b"])
