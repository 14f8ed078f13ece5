"""``mtmetrics analyze`` gives compare-mt 0.2.10's numbers where compare-mt computes the same thing.

On WMT21 de-en (reference A, Facebook-AI and Online-W), with compare-mt fed the same 13a words:
word accuracy by frequency bucket (counts, recall, precision, F: equal floats), sentence buckets
by reference length and length difference (labels and counts), score buckets (compare-mt's
bucketer on the same sentence scores), characteristic n-grams (matched counts and the smoothed
ratio for every n-gram, and the top lists), and BLEU per length bucket wherever compare-mt's own
BLEU agrees with sacrebleu's (every bucket of sentences of 10 words or more).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtmetrics.resources.tokenizers import get_tokenizer
from tests.cli import run_cli
from tests.datapaths import WMT21, read_text, require

compare_mt = pytest.importorskip("compare_mt", reason="compare-mt==0.2.10 (the test extra) is not installed")
from compare_mt import bucketers, ngram_utils, scorers, stat_utils  # type: ignore[import-untyped]  # noqa: E402

TXT = WMT21 / "txt"
SYSTEMS = ("Facebook-AI", "Online-W")


def _paths() -> tuple[Path, list[Path]]:
    ref = require(TXT / "references" / "newstest2021.de-en.ref.A.en")
    return ref, [require(TXT / "system-outputs" / f"newstest2021.de-en.hyp.{s}.en.gz") for s in SYSTEMS]


def _words(path: Path) -> list[list[str]]:
    tok = get_tokenizer("13a")
    return [tok(line).split() for line in read_text(path)]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The report (JSON) and compare-mt's inputs (13a words)."""
    ref, systems = _paths()
    out = tmp_path_factory.mktemp("analyze") / "r.json"
    code, _, err = run_cli(
        "analyze", str(ref), "-i", *map(str, systems), "--names", *SYSTEMS, "-m", "bleu", "chrf",
        "--bucket-metric", "chrf", "--n-bootstrap", "50", "--ngram-count", "50", "--json", str(out),
    )  # fmt: skip
    assert code == 0, err
    return {"report": json.loads(out.read_text()), "ref": _words(ref), "outs": [_words(p) for p in systems]}


def test_word_accuracy_equals_compare_mt(run: dict[str, Any]) -> None:
    stats, *_ = bucketers.FreqWordBucketer(freq_data=run["ref"]).calc_statistics(run["ref"], run["outs"])
    buckets = run["report"]["word_accuracy"]["buckets"]
    assert [b["label"] for b in buckets] == bucketers.FreqWordBucketer(freq_data=[["x"]]).bucket_strs
    for bi, bucket in enumerate(buckets):
        for s, mine in enumerate(bucket["systems"]):
            got = (
                mine["matches"],
                bucket["reference_words"],
                mine["output_words"],
                mine["recall"],
                mine["precision"],
                mine["f"],
            )
            assert got == tuple(stats[s][bi]), (bi, s)
    assert sum(b["reference_words"] for b in buckets) == sum(map(len, run["ref"]))


def test_word_accuracy_with_a_training_file(tmp_path: Path, run: dict[str, Any]) -> None:
    """--train-ref: frequencies from another file (here reference B), as compare-mt's freq_corpus_file."""
    ref, systems = _paths()
    train = require(TXT / "references" / "newstest2021.de-en.ref.B.en")
    tokenized = tmp_path / "train.tok"
    tokenized.write_text("\n".join(" ".join(w) for w in _words(train)) + "\n", encoding="utf-8")
    out = tmp_path / "r.json"
    code, _, err = run_cli(
        "analyze", str(ref), "-i", *map(str, systems), "-m", "bleu", "--train-ref", str(train),
        "--n-bootstrap", "20", "--examples", "1", "--json", str(out),
    )  # fmt: skip
    assert code == 0, err
    buckets = json.loads(out.read_text())["word_accuracy"]["buckets"]
    stats, *_ = bucketers.FreqWordBucketer(freq_corpus_file=str(tokenized)).calc_statistics(run["ref"], run["outs"])
    for bi, bucket in enumerate(buckets):
        for s, mine in enumerate(bucket["systems"]):
            assert (mine["matches"], mine["output_words"], mine["f"]) == (
                stats[s][bi][0],
                stats[s][bi][2],
                stats[s][bi][5],
            )


def test_length_buckets_equal_compare_mt(run: dict[str, Any]) -> None:
    kinds = {k["kind"]: k for k in run["report"]["sentence_buckets"]}
    for kind, bucketer in (
        ("length", bucketers.LengthSentenceBucketer()),
        ("lengthdiff", bucketers.LengthDiffSentenceBucketer()),
    ):
        mine = kinds[kind]["buckets"]
        assert [b["label"] for b in mine] == bucketer.bucket_strs
        for s, out in enumerate(run["outs"]):
            corpus = bucketer.create_bucketed_corpus(out, ref=run["ref"])
            assert [b["count"][s] for b in mine] == [len(c[0]) for c in corpus], (kind, s)


def test_bleu_per_length_bucket_equals_compare_mt_where_the_definitions_agree(run: dict[str, Any]) -> None:
    """compare-mt's BLEU counts a sentence shorter than n words as one n-gram in the denominator:
    it differs from sacrebleu's in the bucket of short sentences only (which the report notes)."""
    bucketer, bleu = bucketers.LengthSentenceBucketer(), scorers.BleuScorer()
    mine = next(k for k in run["report"]["sentence_buckets"] if k["kind"] == "length")["buckets"]
    for s, out in enumerate(run["outs"]):
        corpus = bucketer.create_bucketed_corpus(out, ref=run["ref"])
        theirs = [bleu.score_corpus(c[1], c[0])[0] for c in corpus]
        ours = [b["scores"]["bleu"][s]["score"] for b in mine]
        assert ours[1:] == pytest.approx(theirs[1:], rel=1e-12, abs=1e-9)
        assert ours[0] != pytest.approx(theirs[0], abs=1e-3)  # "<10": short outputs, the documented difference


def test_score_buckets_equal_compare_mt_bucketing(run: dict[str, Any]) -> None:
    """compare-mt's ScoreSentenceBucketer, given the same sentence scores, puts segments in the same buckets."""
    import mtmetrics

    chrf = mtmetrics.load_metric("chrf")
    ref, systems = _paths()
    refs = read_text(ref)
    mine = next(k for k in run["report"]["sentence_buckets"] if k["kind"] == "score")
    for s, path in enumerate(systems):
        scores = [r.score for r in chrf.segment_scores(read_text(path), [refs])]
        bucketer = bucketers.ScoreSentenceBucketer("sentbleu")
        bucketer.scorer = _Given(scores)
        corpus = bucketer.create_bucketed_corpus(run["outs"][s], ref=run["ref"])
        assert [b["label"] for b in mine["buckets"]] == bucketer.bucket_strs
        assert [b["count"][s] for b in mine["buckets"]] == [len(c[0]) for c in corpus]


class _Given(scorers.Scorer):
    """A compare-mt scorer that returns given sentence scores, in corpus order."""

    def __init__(self, scores: list[float]) -> None:
        self.scores = iter(scores)

    def score_sentence(self, ref: Any, out: Any, src: Any = None) -> tuple[float, None]:
        return next(self.scores), None


def test_characteristic_ngrams_equal_compare_mt(run: dict[str, Any]) -> None:
    _, m0, _, _ = ngram_utils.compare_ngrams(run["ref"], run["outs"][0])
    _, m1, _, _ = ngram_utils.compare_ngrams(run["ref"], run["outs"][1])
    salient = stat_utils.extract_salient_features(m0, m1, alpha=1.0)
    pair = run["report"]["ngrams"]["pairs"][0]
    assert [e["ratio"] for e in pair["left_better"]] == sorted(salient.values(), reverse=True)[:50]
    assert [e["ratio"] for e in pair["right_better"]] == sorted(salient.values())[:50]
    for e in pair["left_better"] + pair["right_better"]:
        key = tuple(e["ngram"].split(" "))
        assert (e["left"], e["right"], e["ratio"]) == (m0[key], m1[key], salient[key])
