"""The conformance suite every metric plugin runs, public so third-party plugins can run it too.

Each ``check_*`` takes a metric class and a :class:`Corpus` and raises ``AssertionError`` naming
the broken promise; :data:`CHECKS` lists them all, e.g. in a plugin's tests::

    @pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
    def test_conformance(check):
        check(MyMetric, default_corpus())

Metrics needing annotations or a model file provide them through
:meth:`~mtmetrics.Metric.example_annotations` and :meth:`~mtmetrics.Metric.example_params`.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import pickle
import random
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .api import Scorer
from .cli import main
from .engine.scoring import statistics_of
from .metric import Metric, Segment, Statistics, build_segments, protocol_problems, references_of
from .resources import kernels


@dataclass(frozen=True)
class Corpus:
    """A small test corpus: hypotheses, reference streams, sources (all line-aligned)."""

    hyps: list[str]
    refs: list[list[str]]
    sources: list[str]
    params: Mapping[str, Any] = field(default_factory=dict)


# written for this suite: varied lengths, repeats, reordering, one word, nothing shared
_HYPS = [
    "The cat sat on the mat .",
    "He did not go to school yesterday because he was ill .",
    "the the the the",
    "Prices rose sharply in March , the ministry said .",
    "A new bridge opens next week over the river .",
    "quickly",
    "The committee will meet again on Friday to discuss the budget .",
    "Tomorrow it rains in the north and in the east .",
    "zebra xylophone quantum",
    "She gave him the book that he had asked for .",
]
_REFS_A = [
    "The cat is sitting on the mat .",
    "He did not go to school yesterday as he was sick .",
    "the cat",
    "The ministry said prices rose sharply in March .",
    "A new bridge over the river opens next week .",
    "quickly",
    "The committee meets again on Friday to discuss the budget .",
    "It will rain tomorrow in the north and east .",
    "The weather was fine .",
    "She gave him the book he had asked for .",
]
_REFS_B = [
    "A cat sat on the mat .",
    "Yesterday he stayed home from school because he was ill .",
    "the cat sat",
    "Prices increased sharply in March , according to the ministry .",
    "Next week a new bridge over the river will open .",
    "fast",
    "On Friday the committee will meet again about the budget .",
    "Rain is expected tomorrow in the north and the east .",
    "It was a fine day .",
    "She handed him the book that he had requested .",
]
_SOURCES = [
    "Die Katze saß auf der Matte .",
    "Er ging gestern nicht zur Schule , weil er krank war .",
    "die die die die",
    "Die Preise stiegen im März stark , sagte das Ministerium .",
    "Eine neue Brücke über den Fluss öffnet nächste Woche .",
    "schnell",
    "Der Ausschuss trifft sich am Freitag wieder , um den Haushalt zu besprechen .",
    "Morgen regnet es im Norden und im Osten .",
    "Zebra Xylophon Quanten",
    "Sie gab ihm das Buch , um das er gebeten hatte .",
]


def default_corpus() -> Corpus:
    """The suite's built-in corpus: ten segments, two references each."""
    return Corpus(list(_HYPS), [list(_REFS_A), list(_REFS_B)], list(_SOURCES))


def for_metric(cls: type[Metric], corpus: Corpus, folder: str | os.PathLike[str]) -> Corpus:
    """``corpus`` with the metric's ``example_params(folder)`` when it defines them."""
    params = cls.example_params(Path(folder))
    if params is None:
        return corpus
    return Corpus(corpus.hyps, corpus.refs, corpus.sources, {**corpus.params, **params})


def _make(cls: type[Metric], corpus: Corpus) -> Scorer:
    return Scorer(cls(**dict(corpus.params)))


def _annotations(
    cls: type[Metric], hyps: Sequence[str], refs: Sequence[Sequence[str | None]], sources: Sequence[str]
) -> dict[str, Any] | None:
    if not cls.inputs.annotations:
        return None
    return cls.example_annotations(list(hyps), [list(s) for s in refs], list(sources))


def _segments(cls: type[Metric], corpus: Corpus) -> list[Segment]:
    """The corpus's segments, with the metric's example annotations."""
    ann = _annotations(cls, corpus.hyps, corpus.refs, corpus.sources)
    return build_segments(corpus.hyps, corpus.refs, corpus.sources, ann, cls.inputs)


def _score(metric: Scorer, hyps: Sequence[str], refs: Sequence[Sequence[str | None]], sources: Sequence[str]) -> Any:
    ann = _annotations(type(metric.metric), hyps, refs, sources)
    return metric.corpus_score(hyps, refs, sources, ann)


def _statistics(cls: type[Metric], corpus: Corpus, m: Scorer | None = None) -> Statistics:
    ann = _annotations(cls, corpus.hyps, corpus.refs, corpus.sources)
    return (m or _make(cls, corpus)).statistics(corpus.hyps, corpus.refs, corpus.sources, ann)


def _in_range(cls: type[Metric], value: float, what: str) -> None:
    lo, hi = cls.score_range
    assert math.isfinite(value), f"{cls.name}: {what} is {value}, not finite"
    assert lo - 1e-9 <= value <= hi + 1e-9, f"{cls.name}: {what} = {value} outside the declared range {lo}..{hi}"


def check_range(cls: type[Metric], corpus: Corpus) -> None:
    """Corpus and segment scores are finite and inside ``score_range``."""
    m = _make(cls, corpus)
    stats = _statistics(cls, corpus, m)
    _in_range(cls, m.score_statistics(stats).score, "corpus score")
    for i, r in enumerate(m.segment_results(stats)):
        _in_range(cls, r.score, f"segment {i + 1} score")


def check_identity(cls: type[Metric], corpus: Corpus) -> None:
    """Hypothesis == reference gives the best score of the range, where the metric promises it."""
    if not cls.perfect_on_identity:
        return
    m = _make(cls, corpus)
    best = cls.score_range[1] if cls.higher_is_better else cls.score_range[0]
    refs = corpus.refs[0]
    res = _score(m, refs, [refs], corpus.sources)
    assert math.isclose(res.score, best, rel_tol=1e-9, abs_tol=1e-9), (
        f"{cls.name}: hyp == ref scores {res.score}, expected the best value {best}"
    )
    for i, r in enumerate(
        m.segment_scores(refs, [refs], corpus.sources, _annotations(cls, refs, [refs], corpus.sources))
    ):
        assert math.isclose(r.score, best, rel_tol=1e-9, abs_tol=1e-9), (
            f"{cls.name}: segment {i + 1} with hyp == ref scores {r.score}, expected {best}"
        )


def check_determinism(cls: type[Metric], corpus: Corpus) -> None:
    """Two fresh instances give byte-identical statistics; segments agree with the batch path."""
    a, b = _statistics(cls, corpus), _statistics(cls, corpus)
    assert a.array.tobytes() == b.array.tobytes(), f"{cls.name}: statistics differ between two runs"
    m = _make(cls, corpus)
    segments = _segments(cls, corpus)
    if m.metric.needs_corpus():
        # segment rows use the whole corpus's state: each one alone, scored by the prepared copy
        prepared = m.prepare(references_of(segments))
        for i, segment in enumerate(segments):
            alone = prepared.statistics_of([segment]).array[0]
            assert alone.tobytes() == a.array[i].tobytes(), f"{cls.name}: segment {i + 1} depends on its chunk"
        return
    for i, s in enumerate(segments):
        one = m.sentence_score(s.hyp, list(s.refs), s.source, dict(s.annotations) or None)
        seg = m.metric.compute_score(a.array[i].copy()).score
        assert one.score == seg, f"{cls.name}: sentence_score {one.score} != batch row score {seg} at segment {i + 1}"


def check_order_invariance(cls: type[Metric], corpus: Corpus) -> None:
    """Shuffling segments changes neither the corpus score nor any segment's score."""
    m = _make(cls, corpus)
    base = _score(m, corpus.hyps, corpus.refs, corpus.sources)
    order = list(range(len(corpus.hyps)))
    random.Random(12345).shuffle(order)
    hyps = [corpus.hyps[i] for i in order]
    refs = [[stream[i] for i in order] for stream in corpus.refs]
    sources = [corpus.sources[i] for i in order]
    shuffled = _score(m, hyps, refs, sources)
    assert shuffled.score == base.score, f"{cls.name}: corpus score depends on segment order"


def check_multiple_references(cls: type[Metric], corpus: Corpus) -> None:
    """Two references work, a missing one is skipped and the signature says nrefs:var; a
    reference-free metric ignores them, and its signature says nrefs:0 whatever it is given."""
    m = _make(cls, corpus)
    two = _score(m, corpus.hyps, corpus.refs, corpus.sources)
    if not cls.inputs.references:
        none = _score(m, corpus.hyps, [], corpus.sources)
        assert two.signature.get("nrefs") == none.signature.get("nrefs") == "0", (
            f"{cls.name}: a reference-free metric's signature {two.signature} should say nrefs:0"
        )
        assert two.score == none.score, f"{cls.name}: references changed a reference-free score"
        return
    assert two.signature.get("nrefs") == "2", f"{cls.name}: signature {two.signature} should say nrefs:2"
    second = list(corpus.refs[1])
    second[0] = ""
    second[1] = None  # type: ignore[call-overload]
    var = _score(m, corpus.hyps, [corpus.refs[0], second], corpus.sources)
    assert var.signature.get("nrefs") == "var", f"{cls.name}: signature {var.signature} should say nrefs:var"
    _in_range(cls, var.score, "score with a variable number of references")


def check_empty_segments(cls: type[Metric], corpus: Corpus) -> None:
    """An empty hypothesis is scored (finite, in range), alone and inside a corpus."""
    m = _make(cls, corpus)
    hyps = ["", *corpus.hyps[1:]]
    res = _score(m, hyps, corpus.refs, corpus.sources)
    _in_range(cls, res.score, "corpus score with an empty hypothesis")
    ann = _annotations(cls, [""], [[corpus.refs[0][0]]], corpus.sources[:1])
    one = m.sentence_score(
        "", [corpus.refs[0][0]], corpus.sources[0], None if ann is None else {k: v[0] for k, v in ann.items()}
    )
    _in_range(cls, one.score, "score of an empty hypothesis")


def check_pickle(cls: type[Metric], corpus: Corpus) -> None:
    """Metric objects survive pickling (worker processes) and score identically afterwards."""
    m = _make(cls, corpus)
    before = _score(m, corpus.hyps, corpus.refs, corpus.sources).score
    clone = pickle.loads(pickle.dumps(m))
    after = _score(clone, corpus.hyps, corpus.refs, corpus.sources).score
    assert before == after, f"{cls.name}: score changed after pickling ({before} != {after})"


def check_workers(cls: type[Metric], corpus: Corpus) -> None:
    """Statistics from two worker processes equal the single-process ones, byte for byte (a ``fork_safe``
    metric is used here first, then forked: its claim is checked too)."""
    m = _make(cls, corpus)
    one = _statistics(cls, corpus, m)
    segments = _segments(cls, corpus)
    m.metric.observe(segments)
    m = m.prepare(references_of(segments))  # corpus state travels to the workers with the metric
    two = statistics_of(m.metric, segments, 2, chunk=max(1, len(segments) // 3)).array
    assert two.tobytes() == one.array.tobytes(), f"{cls.name}: statistics from -j 2 differ from -j 1"


def check_signature(cls: type[Metric], corpus: Corpus) -> None:
    """The signature names the metric and carries every declared parameter, plugin and version."""
    m = _make(cls, corpus)
    sig = _score(m, corpus.hyps, corpus.refs, corpus.sources).signature
    text = sig.format()
    assert text.startswith(m.metric.display_name + "|"), f"{cls.name}: signature {text} must start with the name"
    keys = [f.key for f in sig.fields]
    for p in cls.params:
        if p.sig_key is not None:
            assert p.sig_key in keys, f"{cls.name}: parameter {p.name} missing from signature {text}"
    assert keys[-2:] == ["plugin", "version"], f"{cls.name}: signature must end with plugin and version: {text}"
    assert len(set(keys)) == len(keys), f"{cls.name}: duplicate signature keys in {text}"
    short = sig.format(short=True)
    assert short.count("|") == text.count("|"), f"{cls.name}: short signature drops fields: {short}"


def check_cli_matches_api(cls: type[Metric], corpus: Corpus) -> None:
    """The CLI's JSON output equals the API's numbers exactly (corpus and segments)."""
    if cls.inputs.annotations:
        return  # annotations reach the CLI through plugin-specific flags, tested by the plugin
    # the CLI's -sl implies the metric's sentence defaults (BLEU: effective order, as sacrebleu's -sl)
    declared = {p.name for p in cls.params}
    implied = {k: v for k, v in cls.sentence_defaults().items() if k in declared and k not in corpus.params}
    m = Scorer(cls(**{**implied, **dict(corpus.params)}))
    api = m.corpus_score(corpus.hyps, corpus.refs, corpus.sources)
    api_segs = [r.score for r in m.segment_scores(corpus.hyps, corpus.refs, corpus.sources)]
    with tempfile.TemporaryDirectory() as tmp:
        paths = [str(Path(tmp, name)) for name in ("hyp", "ref0", "ref1", "src")]
        for path, lines in zip(paths, (corpus.hyps, *corpus.refs[:2], corpus.sources), strict=True):
            Path(path).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        inline = ",".join(f"{k}={v}" for k, v in corpus.params.items())
        spec = f"{cls.name}:{inline}" if inline else cls.name
        argv = [paths[1], paths[2], "-i", paths[0], "--src", paths[3], "-m", spec, "-f", "json", "-sl"]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = main(argv)
    assert status == 0, f"{cls.name}: CLI exited with {status}"
    doc = json.loads(out.getvalue())["results"][0]
    assert doc["score"] == api.score, f"{cls.name}: CLI corpus score {doc['score']} != API {api.score}"
    assert doc["signature"] == api.signature.format(), f"{cls.name}: CLI signature differs from the API's"
    assert doc["segment_scores"] == api_segs, f"{cls.name}: CLI segment scores differ from the API's"


def check_statistics_shape(cls: type[Metric], corpus: Corpus) -> None:
    """Statistics are float64, one row per segment, one named column per entry."""
    m = _make(cls, corpus)
    stats = _statistics(cls, corpus, m)
    assert stats.array.dtype == np.float64
    names = m.metric.stat_names()
    assert stats.array.shape == (len(corpus.hyps), len(names))
    assert len(set(names)) == len(names), f"{cls.name}: duplicate statistic names"


def check_details(cls: type[Metric], corpus: Corpus) -> None:
    """Segment details (:meth:`~mtmetrics.Metric.segment_details`), if any: one strict-JSON object per
    segment, the same in the statistics, in :meth:`~mtmetrics.Scorer.sentence_score` and asked alone."""
    if cls.segment_details is Metric.segment_details:
        return
    m = _make(cls, corpus)
    stats = _statistics(cls, corpus, m)
    if stats.details is None:
        return
    assert len(stats.details) == len(corpus.hyps), f"{cls.name}: not one detail per segment"
    for detail in stats.details:
        json.dumps(detail, allow_nan=False)  # raises on what strict JSON cannot hold
    segments = _segments(cls, corpus)
    alone = _make(cls, corpus).prepare(references_of(segments)).metric.segment_details(segments)
    assert alone is not None and list(alone) == list(stats.details), f"{cls.name}: details depend on the road"
    if not m.metric.needs_corpus():  # else one segment is another corpus
        s = segments[0]
        one = m.sentence_score(s.hyp, list(s.refs), s.source, dict(s.annotations) or None)
        assert one.detail == stats.details[0], f"{cls.name}: sentence_score's detail differs from the corpus's"


def uses_kernels(cls: type[Metric], corpus: Corpus) -> bool:
    """Whether the metric asks :mod:`mtmetrics.resources.kernels` for a compiled kernel (twin kernels)."""
    with kernels.forced("python"):  # resets: whatever asks for a kernel now is this metric (or its features)
        _statistics(cls, corpus)
        return bool(kernels.requested())


def check_kernels(cls: type[Metric], corpus: Corpus) -> None:
    """A metric with twin kernels gives byte-identical statistics with the python and numba kernels."""
    with kernels.forced("python"):
        python = _statistics(cls, corpus).array
        if not kernels.requested() or not kernels.numba_available():
            return
    with kernels.forced("numba"):
        compiled = _statistics(cls, corpus).array
    assert python.tobytes() == compiled.tobytes(), f"{cls.name}: the python and numba kernels give different statistics"


def check_protocol(cls: type[Metric], corpus: Corpus) -> None:
    """The class keeps the protocol as the registry checks it (:func:`~mtmetrics.metric.protocol_problems`)."""
    problems = protocol_problems(cls)
    assert not problems, f"{getattr(cls, 'name', cls.__name__)}: " + "; ".join(problems)


CHECKS: tuple[Callable[[type[Metric], Corpus], None], ...] = (
    check_protocol,
    check_range,
    check_identity,
    check_determinism,
    check_order_invariance,
    check_multiple_references,
    check_empty_segments,
    check_pickle,
    check_workers,
    check_signature,
    check_cli_matches_api,
    check_statistics_shape,
    check_details,
    check_kernels,
)
