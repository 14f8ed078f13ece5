"""xCOMET's error spans as per-segment detail (``Metric.segment_details``), against unbabel-comet's own predict."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from mtmetrics import load_metric, plugins
from mtmetrics.testing import check_details, default_corpus, for_metric
from tests.cli import run_cli

CORPUS = default_corpus()


def _unbabel_spans(folder: Path) -> list[list[dict[str, object]]]:
    """unbabel-comet's ``metadata.error_spans`` of the corpus (first reference), a segment per batch."""
    from mtmetrics_neural.comet import import_comet

    samples = [
        {"src": s, "mt": h, "ref": r} for s, h, r in zip(CORPUS.sources, CORPUS.hyps, CORPUS.refs[0], strict=True)
    ]
    with warnings.catch_warnings():  # the oracle's own warnings (Lightning's advice, pkg_resources)
        warnings.simplefilter("ignore")
        model = import_comet().load_from_checkpoint(str(folder / "checkpoints" / "model.ckpt"), local_files_only=True)
        out = model.predict(samples, batch_size=1, gpus=0, progress_bar=False, num_workers=0)
    return list(out.metadata.error_spans)


def test_xcomet_spans_equal_unbabel(checkpoints: dict[str, Path]) -> None:
    """Each segment's detail holds, for its one reference, the spans unbabel-comet's predict gives."""
    expected = _unbabel_spans(checkpoints["xcomet"])
    scorer = load_metric("xcomet", model=str(checkpoints["xcomet"]))
    results = scorer.segment_scores(CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources)
    assert sum(len(spans) for spans in expected) > len(expected)  # random weights still mark spans
    for result, spans in zip(results, expected, strict=True):
        (ours,) = result.detail["error_spans"]
        assert [{k: v for k, v in s.items() if k != "confidence"} for s in ours] == [
            {k: v for k, v in s.items() if k != "confidence"} for s in spans
        ]
        assert [s["confidence"] for s in ours] == pytest.approx([s["confidence"] for s in spans], abs=1e-6)
        assert result.to_dict()["detail"] == json.loads(json.dumps(result.detail))
    both = scorer.segment_scores(CORPUS.hyps, CORPUS.refs, CORPUS.sources)
    assert [len(r.detail["error_spans"]) for r in both] == [2] * len(CORPUS.hyps)  # one list per reference
    assert [r.detail["error_spans"][0] for r in both] == [r.detail["error_spans"][0] for r in results]


@pytest.mark.parametrize("name", ["comet", "cometkiwi", "xcomet"])
def test_conformance_of_details(checkpoints: dict[str, Path], name: str, tmp_path: Path) -> None:
    """mtmetrics.testing's check of details: one per segment, strict JSON, the same on every road."""
    cls = plugins.REGISTRY.metric_class(name)
    check_details(cls, for_metric(cls, default_corpus(), tmp_path))


def _write(folder: Path, name: str, lines: list[str]) -> str:
    path = folder / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_sentence_level_json(checkpoints: dict[str, Path], tmp_path: Path) -> None:
    """``-sl -f json`` writes xcomet's details as ``segment_details`` (the API's); comet has none."""
    hyp, ref = _write(tmp_path, "hyp", CORPUS.hyps), _write(tmp_path, "ref", CORPUS.refs[0])
    src = _write(tmp_path, "src", CORPUS.sources)
    specs = [f"xcomet:model={checkpoints['xcomet']}", f"comet:model={checkpoints['comet']}"]
    code, out, err = run_cli(ref, "-i", hyp, "--src", src, "-m", *specs, "-f", "json", "-sl")
    assert code == 0, err
    xcomet, comet = json.loads(out)["results"]
    api = load_metric("xcomet", model=str(checkpoints["xcomet"]))
    details = [r.detail for r in api.segment_scores(CORPUS.hyps, [CORPUS.refs[0]], CORPUS.sources)]
    assert xcomet["segment_details"] == json.loads(json.dumps(details))
    assert "segment_details" not in comet and "detail" not in comet
    code, text, err = run_cli(ref, "-i", hyp, "--src", src, "-m", specs[0], "-sl")
    assert code == 0 and "error_spans" not in text, err
