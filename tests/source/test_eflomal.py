"""The eflomal adapter for real on gold alignments, and the annotations it builds for the metrics.

This proves the pipeline (texts → eflomal both directions → symmetrisation → Pharaoh → AER), not
the aligner: the bounds are loose (eflomal is a sampler without a seed). Measured AER and the
effect of extra parallel data: bench/source_aligner_aer.py.
"""

from __future__ import annotations

import builtins
from typing import Any

import pytest

import mtmetrics
from mtmetrics import ResourceError
from mtmetrics_source import aligners
from mtmetrics_source.aligners import EflomalAligner, aer, align_annotations
from mtmetrics_source.alignments import read_pharaoh, tokens
from tests.datapaths import DATA, require

GOLD = DATA / "align" / "awesome-align-gold" / "examples"


def test_eflomal_on_gold_roen() -> None:
    texts = require(GOLD / "roen.src-tgt").read_text(encoding="utf-8").split("\n")[:-1]
    src = [tokens(t.split(" ||| ")[0]) for t in texts]
    tgt = [tokens(t.split(" ||| ")[1]) for t in texts]
    gold = read_pharaoh(GOLD / "roen.gold", one_based=True)
    aligner = EflomalAligner(sym="grow-diag-final-and")
    als = aligner.align(src, tgt)
    assert len(als) == len(src)
    sure, possible = [s for s, _ in gold], [p for _, p in gold]
    # forward: each target word has at most one source word; reverse: each source word at most one target word
    for a, t in zip(als, tgt, strict=True):
        assert all(sum(1 for _, j in a.fwd if j == jj) <= 1 for jj in range(len(t)))
        assert all(sum(1 for i, _ in a.rev if i == ii) <= 1 for ii in {i for i, _ in a.rev})
        assert a.fwd & a.rev <= a.links <= a.fwd | a.rev
    error = aer([a.links for a in als], sure, possible)
    # a diagonal baseline for comparison; eflomal with no extra data must beat it clearly
    diag = aer([aligners.DiagonalAligner.links(s, t) for s, t in zip(src, tgt, strict=True)], sure, possible)
    assert error < 0.5 and error < diag - 0.1, (error, diag)
    assert als[0].origin == aligner.signature() == f"eflomal@{aligner.version}:m3,gdfa"


def test_annotations_and_metrics_end_to_end() -> None:
    sources = ["die Katze saß auf der Matte .", "er ging nach Hause .", "das ist gut ."] * 4
    hyps = ["the cat sat on the mat .", "he went home .", "that is good ."] * 4
    refs: list[list[str | None]] = [["the cat sat on the mat .", "he went to his house .", "this is good ."] * 4]
    refs.append([None] * 12)
    aligner = EflomalAligner(sym="intersect", extra=(sources, hyps), extra_name="toy")
    ann = align_annotations(aligner, sources, hyps, refs)
    assert ann["align_refs"][0][1] is None
    res = mtmetrics.load_metric("sscn").corpus_score(hyps, refs, sources, ann)
    assert 0 < res.score <= 1
    assert str(res.signature.get("align")).startswith(f"eflomal@{aligner.version}:m3,inter,extra=toy#")
    assert 0 <= mtmetrics.load_metric("prs").corpus_score(hyps, refs, sources, ann).score <= 1


def test_missing_eflomal_names_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def fake_import(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "eflomal":
            raise ImportError("no eflomal")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    monkeypatch.setattr(aligners.importlib, "import_module", lambda name: fake_import(name))
    with pytest.raises(ResourceError, match=r"pip install 'mtmetrics\[align\]'"):
        EflomalAligner()


def test_eflomal_links_fit_tokens_with_ideographic_spaces() -> None:
    """WMT22 ja-en sources hold U+3000, which ``tokens`` keeps inside a token but eflomal's reader split:
    its indices must still point into the metrics' tokens (raw text, first sources that contain one)."""
    src_path = DATA / "dev" / "wmt22-general" / "txt" / "sources" / "generaltest2022.ja-en.src.ja"
    ref_path = DATA / "dev" / "wmt22-general" / "txt" / "references" / "generaltest2022.ja-en.ref.A.en"
    src_lines = require(src_path).read_text(encoding="utf-8").split("\n")[:-1]
    ref_lines = require(ref_path).read_text(encoding="utf-8").split("\n")[:-1]
    keep = [k for k, s in enumerate(src_lines) if "\u3000" in s]
    assert len(keep) >= 3
    src = [tokens(src_lines[k]) for k in keep]
    tgt = [tokens(ref_lines[k]) for k in keep]
    for a, s, t in zip(EflomalAligner().align(src, tgt), src, tgt, strict=True):
        for i, j in a.fwd | a.rev | a.links:
            assert 0 <= i < len(s) and 0 <= j < len(t)
