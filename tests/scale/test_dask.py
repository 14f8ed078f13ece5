"""The Dask integration, for real, on a LocalCluster with two worker processes."""

from __future__ import annotations

from collections.abc import Iterator

import dask.bag as db
import dask.dataframe as dd
import pandas as pd
import pytest
from distributed import Client, LocalCluster

import mtmetrics
from mtmetrics.dask import score_bag, score_dataframe
from mtmetrics.engine.significance import paired_bootstrap
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as c,
    ):
        yield c


#: hypotheses, references A and B
Corpus = tuple[list[str], list[str], list[str]]


@pytest.fixture(scope="module")
def data() -> Corpus:
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.UEdin.en.gz"))[:600]
    ref_a = read_text(TXT / "references" / "newstest2021.de-en.ref.A.en")[:600]
    ref_b = read_text(TXT / "references" / "newstest2021.de-en.ref.B.en")[:600]
    return hyps, ref_a, ref_b


@pytest.mark.parametrize("name", ["bleu", "chrf", "rouge-w", "sia", "nist"])
def test_bag_equals_the_single_process_result(client: Client, data: Corpus, name: str) -> None:
    hyps, ref_a, ref_b = data
    metric = mtmetrics.load_metric(name)
    items = [
        {"hyp": h, "refs": [a, b if i % 7 else None]}
        for i, (h, a, b) in enumerate(zip(hyps, ref_a, ref_b, strict=True))
    ]
    bag = db.from_sequence(items, npartitions=5)
    result, stats = score_bag(metric, bag, keep_statistics=True)
    expected = metric.corpus_score(hyps, [ref_a, [b if i % 7 else None for i, b in enumerate(ref_b)]])
    assert result.score == expected.score  # exactly, not approximately
    assert result.signature == expected.signature and result.signature.get("nrefs") == "var"
    assert result.to_dict() == expected.to_dict()
    assert stats is not None and len(stats) == 600


def test_dataframe_and_statistics_feed_significance_tests(client: Client, data: Corpus) -> None:
    hyps, ref_a, ref_b = data
    frame = dd.from_pandas(pd.DataFrame({"hyp": hyps, "ref_a": ref_a, "ref_b": ref_b}), npartitions=4)
    metric = mtmetrics.load_metric("chrf")
    result, stats = score_dataframe(metric, frame, refs=("ref_a", "ref_b"), keep_statistics=True)
    local = metric.statistics(hyps, [ref_a, ref_b])
    assert result.score == metric.score_statistics(local).score
    assert stats is not None and stats.array.tobytes() == local.array.tobytes()
    assert paired_bootstrap(metric, local, stats, 100, 0).p_value == 1.0


def test_bad_input(client: Client) -> None:
    metric = mtmetrics.load_metric("bleu")
    with pytest.raises(mtmetrics.InputError, match="needs 'refs'"):
        score_bag(metric, db.from_sequence([{"hyp": "a"}], npartitions=1))
    frame = dd.from_pandas(pd.DataFrame({"hyp": ["a"]}), npartitions=1)
    with pytest.raises(mtmetrics.InputError, match="no column 'ref'"):
        score_dataframe(metric, frame)
