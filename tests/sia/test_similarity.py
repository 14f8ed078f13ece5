"""Similarity tables: format, safe loading, top-k renormalisation, signature, conformance with PROB."""

from __future__ import annotations

import gzip
import hashlib
import math
from pathlib import Path

import pytest

import mtmetrics
from mtmetrics.resources.similarity import load_table
from mtmetrics.testing import CHECKS, Corpus, default_corpus
from mtmetrics_sia.metric import Sia

TABLE = "# a comment\ncat\tcat\t0.5\ncat\tkitten\t0.3\ncat\tdog\t0.2\nsat\tsits\t1\n"


@pytest.fixture
def table(tmp_path: Path) -> Path:
    path = tmp_path / "toy.tsv"
    path.write_text(TABLE, encoding="utf-8")
    return path


def test_load_top_and_renormalise(table: Path) -> None:
    t = load_table(table, 2)
    assert t.rows["cat"] == {"cat": 0.5 / 0.8, "kitten": 0.3 / 0.8}
    assert t.rows["sat"] == {"sits": 1.0}
    assert t.sha256 == hashlib.sha256(TABLE.encode()).hexdigest()
    assert t.signature_value == "toy@" + t.sha256[:12]


def test_gzip_has_same_hash(table: Path, tmp_path: Path) -> None:
    gz = tmp_path / "toy.tsv.gz"
    gz.write_bytes(gzip.compress(table.read_bytes()))
    assert load_table(gz, 100).signature_value == load_table(table, 100).signature_value


@pytest.mark.parametrize("content", ["cat\tdog\n", "cat\tdog\tx\n", "cat\tdog\t-1\n", "cat\tdog\tnan\n", "\tdog\t1\n"])
def test_malformed_tables_are_errors(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(mtmetrics.ResourceError):
        load_table(path, 100)


def test_pickle_is_not_accepted(tmp_path: Path) -> None:
    import pickle

    path = tmp_path / "evil.pkl"
    path.write_bytes(pickle.dumps({"cat": {"dog": 1.0}}))
    with pytest.raises(mtmetrics.ResourceError):
        load_table(path, 100)


def test_missing_table_names_the_command(tmp_path: Path) -> None:
    with pytest.raises(mtmetrics.ResourceError, match="mtmetrics similarity train"):
        Sia(similarity=str(tmp_path / "nope.tsv"))


def test_soft_match_score(table: Path) -> None:
    """'kitten' in the hyp has no row (only itself); 'cat' matches ref 'kitten' at 0.3 (0.3/0.8 with top 2)."""
    m = mtmetrics.load_metric("sia", tokenize="none", similarity=str(table), incs=False)
    assert m.sentence_score("cat", ["kitten"]).score == pytest.approx(0.3)
    top2 = mtmetrics.load_metric("sia", tokenize="none", similarity=str(table), top=2)
    assert top2.sentence_score("cat", ["kitten"]).score == pytest.approx(0.375)
    assert m.sentence_score("kitten", ["cat"]).score == 0.0
    sig = m.sentence_score("cat", ["kitten"]).signature.format()
    assert "sim:toy@" in sig


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_conformance_with_a_table(check: object, tmp_path: Path) -> None:
    path = tmp_path / "conf.tsv"
    lines = ["sick\till\t0.4", "sick\tsick\t0.6", "increased\trose\t0.5", "fast\tquickly\t0.7"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    base = default_corpus()
    check(Sia, Corpus(base.hyps, base.refs, base.sources, {"similarity": str(path)}))  # type: ignore[operator]


def test_renormalised_values_sum_to_one(table: Path) -> None:
    for row in load_table(table, 100).rows.values():
        assert math.isclose(sum(row.values()), 1.0)
