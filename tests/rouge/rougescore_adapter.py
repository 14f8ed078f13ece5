"""rouge-score's API backed by mtmetrics' ``impl=rouge-score``, to run rouge-score's own tests on it.

rouge-score ships its test modules (``rouge_score/*_test.py``) but not their ``testdata`` folder.
:func:`patch` replaces, in one test module, the names it imports from rouge-score
(``rouge_scorer``, ``tokenize``, ``tokenizers``, ``test_util``) by the namespaces below, in which
every score, token and LCS comes from mtmetrics:

* ``RougeScorer``: each rouge type is a metric loaded with ``impl=rouge-score`` (``rouge1`` to
  ``rouge9``: ``rouge-n``; ``rougeL``; ``rougeLsum``), ``use_stemmer`` its ``stem``; ``score_multi`` is
  ``multiref=best``. Types rouge-score refuses are refused by the metric (``ParameterError`` is a
  ``ValueError``). ``split_summaries=True`` (NLTK's punkt sentence splitter, a model download) is not
  part of the mode: a test using it is skipped.
* the LCS helpers the tests call: the table's corner is :func:`lcs_length`, the backtrack
  :func:`lcs_indices`, the union :func:`union_positions`, the summary level :func:`summary_lcs_hits`
  scored by the plugin's :class:`~mtmetrics_rouge.combine.Scorer`.
* ``test_util``: the data files under the folder named by ``ROUGE_SCORE_TESTDATA`` (rouge-score's
  ``testdata``, from its source repository); without it, tests reading them are skipped.
"""

from __future__ import annotations

import abc
import os
import re
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import numpy as np
import pytest
from rouge_score import scoring

import mtmetrics
from mtmetrics_rouge.combine import Scorer
from mtmetrics_rouge.lcs import lcs_indices, lcs_length, summary_lcs_hits, union_positions
from mtmetrics_rouge.metrics import RougeN

#: the environment variable naming rouge-score's ``testdata`` folder
TESTDATA_VARIABLE = "ROUGE_SCORE_TESTDATA"
_NGRAM_TYPE = re.compile(r"rouge([0-9])")


def _load(rouge_type: str, stem: bool) -> mtmetrics.Scorer:
    """The mtmetrics metric of one rouge-score type."""
    if rouge_type == "rougeL":
        return mtmetrics.load_metric("rouge-l", impl="rouge-score", stem=stem)
    if rouge_type == "rougeLsum":
        return mtmetrics.load_metric("rouge-lsum", stem=stem)
    found = _NGRAM_TYPE.fullmatch(rouge_type)
    if found is None:
        raise ValueError(f"Invalid rouge type: {rouge_type}")
    # rouge0 reaches the metric, whose n range (from 1) refuses it
    return mtmetrics.load_metric("rouge-n", n=int(found.group(1)), impl="rouge-score", stem=stem)


def _score(stats: np.ndarray) -> scoring.Score:
    f, p, r = (float(x) for x in stats)
    return scoring.Score(precision=p, recall=r, fmeasure=f)


class Tokenizer(abc.ABC):
    """Stand-in for ``tokenizers.Tokenizer`` (the tests check ``isinstance``)."""

    @abc.abstractmethod
    def tokenize(self, text: str) -> list[str]:
        """Tokens of ``text``."""


class DefaultTokenizer(Tokenizer):
    """rouge-score's default tokenizer: the mode's tokens (``RougeMetric.tokens``)."""

    def __init__(self, use_stemmer: bool = False) -> None:
        self.use_stemmer = use_stemmer
        self._metric = RougeN(n=1, impl="rouge-score", stem=use_stemmer)

    def tokenize(self, text: str) -> list[str]:
        return self._metric.tokens(text)


class RougeScorer:
    """``rouge_scorer.RougeScorer`` on mtmetrics metrics."""

    def __init__(
        self,
        rouge_types: Sequence[str],
        use_stemmer: bool = False,
        split_summaries: bool = False,
        tokenizer: Any = None,
    ) -> None:
        if split_summaries:
            pytest.skip("split_summaries=True (NLTK punkt, a model download) is not rouge-score's default")
        if tokenizer is not None:
            if type(tokenizer) is not DefaultTokenizer:
                pytest.skip("a custom tokenizer object is not part of the mode")
            use_stemmer = tokenizer.use_stemmer
        self.rouge_types = list(rouge_types)
        self._stem = use_stemmer

    def score_multi(self, targets: Sequence[str], prediction: str) -> dict[str, scoring.Score]:
        out = {}
        for t in self.rouge_types:
            metric = _load(t, self._stem)
            stats = metric.statistics([prediction], [[x] for x in targets]).array[0]
            out[t] = _score(stats)
        return out

    def score(self, target: str, prediction: str) -> dict[str, scoring.Score]:
        return self.score_multi([target], prediction)


class _Corner:
    """What ``_lcs_table`` stands for here: only its corner cell, the LCS length, is read."""

    def __init__(self, ref: Sequence[Any], can: Sequence[Any]) -> None:
        self.ref, self.can = ref, can
        self.length = lcs_length(*_ids(ref, can))

    def __getitem__(self, i: int) -> dict[int, int]:
        return {len(self.can): self.length} if i == len(self.ref) else {}


def _ids(*seqs: Sequence[Any]) -> list[list[int]]:
    """The sequences as shared integer ids (the plugin's LCS works on token ids)."""
    vocab: dict[Any, int] = {}
    return [[vocab.setdefault(x, len(vocab)) for x in s] for s in seqs]


def _union_lcs(ref: Sequence[Any], cans: Sequence[Sequence[Any]]) -> list[Any]:
    ids = _ids(ref, *cans)
    return [ref[i] for i in union_positions(lcs_indices(ids[0], c) for c in ids[1:])]


def _summary_level_lcs(refs: Sequence[Sequence[Any]], cans: Sequence[Sequence[Any]]) -> scoring.Score:
    ids = _ids(*refs, *cans)
    r, c = ids[: len(refs)], ids[len(refs) :]
    hit = np.array([float(summary_lcs_hits(r, c))])
    stats = Scorer(1.0, False).prf(hit, np.array([float(sum(map(len, c)))]), np.array([float(sum(map(len, r)))]))
    return _score(stats[0])


def _tokenize(text: str, stemmer: Any) -> list[str]:
    return DefaultTokenizer(use_stemmer=stemmer is not None).tokenize(text)


def _test_util() -> SimpleNamespace:
    root = os.environ.get(TESTDATA_VARIABLE)
    folder = Path(root) if root else None

    def path(name: str) -> str:
        if folder is None or not (folder / name).exists():
            pytest.skip(f"rouge-score's testdata/{name} is not installed with the package: set {TESTDATA_VARIABLE}")
        return str(folder / name)

    def get_text(fname: str) -> str:
        if folder is None or not Path(fname).exists():
            pytest.skip(f"rouge-score's testdata ({fname}) is not installed with the package: set {TESTDATA_VARIABLE}")
        with open(fname, encoding="utf-8") as f:
            return f.read()

    names = {
        "TARGETS_FILE": "target.txt",
        "PREDICTIONS_FILE": "prediction.txt",
        "LARGE_TARGETS_FILE": "target_large.txt",
        "LARGE_PREDICTIONS_FILE": "prediction_large.txt",
        "DELIMITED_FILE": "delimited.txt",
    }
    ns = SimpleNamespace(get_text=get_text, PYROUGE_DIR=str(folder / "pyrouge_files") if folder else "")
    for attr, name in names.items():
        setattr(ns, attr, _Lazy(path, name))
    return ns


class _Lazy(os.PathLike[str]):
    """A test-data path that skips the test when opened and the file is missing."""

    def __init__(self, resolve: Any, name: str) -> None:
        self._resolve, self._name = resolve, name

    def __fspath__(self) -> str:
        return str(self._resolve(self._name))


class _Missing:
    """The lines of a test-data file that is not there: reading them skips the test."""

    def __getitem__(self, index: Any) -> Any:
        pytest.skip(f"rouge-score's testdata is not installed with the package: set {TESTDATA_VARIABLE}")

    def __iter__(self) -> Any:
        return self[0]


def _lenient_set_up(set_up: Any) -> Any:
    """A ``setUp`` that, when its data files are missing, leaves their lines as :class:`_Missing`.

    rouge-score's ``setUp`` reads ``targets`` and ``predictions`` for every test of a class, most of
    which do not use them; only the tests that do are skipped.
    """

    def run(self: Any) -> None:
        try:
            set_up(self)
        except pytest.skip.Exception:
            self.targets = self.predictions = _Missing()

    return run


def patch(module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point one rouge-score test module at the adapter (only the names it imported)."""
    for value in list(vars(module).values()):
        if isinstance(value, type) and value.__module__ == module.__name__ and "setUp" in vars(value):
            monkeypatch.setattr(value, "setUp", _lenient_set_up(vars(value)["setUp"]))
    namespaces = {
        "rouge_scorer": SimpleNamespace(
            RougeScorer=RougeScorer,
            _lcs_table=_Corner,
            _backtrack_norec=lambda t, ref, can: lcs_indices(*_ids(ref, can)),
            _find_union=union_positions,
            _union_lcs=_union_lcs,
            _summary_level_lcs=_summary_level_lcs,
        ),
        "tokenize": SimpleNamespace(tokenize=_tokenize),
        "tokenizers": SimpleNamespace(Tokenizer=Tokenizer, DefaultTokenizer=DefaultTokenizer),
        "test_util": _test_util(),
    }
    for name, namespace in namespaces.items():
        if hasattr(module, name):
            monkeypatch.setattr(module, name, namespace)
