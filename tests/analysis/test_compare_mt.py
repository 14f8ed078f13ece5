"""``mtmetrics analyze`` gives compare-mt 0.2.10's numbers where compare-mt computes the same thing.

On WMT21 de-en (reference A, Facebook-AI and Online-W), with compare-mt fed the same 13a words:
word accuracy by frequency bucket (counts, recall, precision, F: equal floats), sentence buckets
by reference length and length difference (labels and counts), score buckets (compare-mt's
bucketer on the same sentence scores), characteristic n-grams (matched counts and the smoothed
ratio for every n-gram, and the top lists), and BLEU per length bucket wherever compare-mt's own
BLEU agrees with sacrebleu's (every bucket of sentences of 10 words or more); word accuracy by
label (``LabelWordBucketer`` with ``ref_labels``/``out_labels``; the labels are the NLTK tagger's on
the same words) and source-word accuracy by frequency (``calc_statistics(src=..., ref_aligns=...)``).

WMT21 de-en has no gold word alignment (``../shared/data/align`` holds en-fr, ro-en, zh-en and
ja-en only) and eflomal runs are not reproducible, so the alignment here is made by a
deterministic rule (:func:`_rule_alignment`): a source word is linked to every reference word equal
to it ignoring case, else to the reference word at the same relative position, except every
seventh source word (left unaligned, which compare-mt counts as never translated).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtmetrics.resources.tokenizers import get_tokenizer
from tests.cli import run_cli
from tests.datapaths import SHARED, WMT21, read_text, require

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


def _rule_alignment(src: list[str], ref: list[str]) -> str:
    """One Pharaoh line by the module's deterministic rule (see the module docstring)."""
    links: set[tuple[int, int]] = set()
    for i, w in enumerate(src):
        same = [j for j, v in enumerate(ref) if v.lower() == w.lower()]
        if same:
            links.update((i, j) for j in same)
        elif i % 7 != 3 and ref:
            links.add((i, i * len(ref) // len(src)))
    return " ".join(f"{i}-{j}" for i, j in sorted(links))


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The report with label files (the NLTK tagger's tags of the words) and --align on 13a-tokenised
    WMT21 de-en (what an alignment indexes), and compare-mt's inputs: words, labels, source words and links.
    (--tag gives the label files' numbers: ``test_page_and_errors.py``.)"""
    nltk_data = require(SHARED / "nltk_data" / "taggers" / "averaged_perceptron_tagger_eng").parents[1]
    import nltk

    if str(nltk_data) not in nltk.data.path:
        nltk.data.path.insert(0, str(nltk_data))
    from mtmetrics.resources.taggers import get_tagger

    ref_path, sys_paths = _paths()
    d = tmp_path_factory.mktemp("labels")
    ref, outs = _words(ref_path), [_words(p) for p in sys_paths]
    src = [line.split() for line in read_text(require(WMT21 / "txt" / "sources" / "newstest2021.de-en.src.de"))]
    files = []
    for name, corpus in (("ref", ref), ("a", outs[0]), ("b", outs[1]), ("src", src)):
        files.append(d / name)
        files[-1].write_text("\n".join(" ".join(w) for w in corpus) + "\n", encoding="utf-8")
    aligns = [_rule_alignment(s, r) for s, r in zip(src, ref, strict=True)]
    (d / "align").write_text("\n".join(aligns) + "\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("NLTK_DATA", str(nltk_data))
        tagger = get_tagger("nltk")
        labels = [[tagger.tag(x) for x in corpus] for corpus in (ref, *outs)]
    for name, tags in zip(("ref.tags", "a.tags", "b.tags"), labels, strict=True):
        (d / name).write_text("\n".join(" ".join(t) for t in tags) + "\n", encoding="utf-8")
    out = d / "r.json"
    code, _, err = run_cli(
        "analyze", str(files[0]), "-i", str(files[1]), str(files[2]), "--src", str(files[3]),
        "--align", str(d / "align"), "--ref-labels", str(d / "ref.tags"), "--out-labels", str(d / "a.tags"),
        str(d / "b.tags"), "-m", "bleu", "--n-bootstrap", "20", "--examples", "1", "--json", str(out),
    )  # fmt: skip
    assert code == 0, err
    links = [[tuple(map(int, p.split("-"))) for p in line.split()] for line in aligns]
    return {"report": json.loads(out.read_text()), "ref": ref, "outs": outs, "src": src, "labels": labels,
            "links": links}  # fmt: skip


def test_word_accuracy_by_label_equals_compare_mt(labelled: dict[str, Any]) -> None:
    section = labelled["report"]["label_accuracy"]
    names = [b["label"] for b in section["buckets"]]
    assert {"NN", "DT", "IN", "VBD", "."} <= set(names)
    ref_labels, *out_labels = labelled["labels"]
    bucketer = bucketers.LabelWordBucketer(label_set=names)
    stats, *_ = bucketer.calc_statistics(
        labelled["ref"], labelled["outs"], ref_labels=ref_labels, out_labels=out_labels
    )
    for bi, bucket in enumerate(section["buckets"]):
        for s, mine in enumerate(bucket["systems"]):
            counts = (mine["matches"], bucket["reference_words"], mine["output_words"])
            assert (*counts, mine["recall"], mine["precision"], mine["f"]) == tuple(stats[s][bi]), (bucket["label"], s)
    # every label seen is a bucket: compare-mt's 'other' stays empty
    assert all(stats[s][len(names)][:3] == (0, 0, 0) for s in range(2))
    # matched output words take the reference word's label, so the tagger's own counts differ
    own = sum(1 for sent in out_labels[0] for t in sent if t == "NN")
    assert section["buckets"][names.index("NN")]["systems"][0]["output_words"] != own


def test_source_word_accuracy_equals_compare_mt(labelled: dict[str, Any]) -> None:
    section = labelled["report"]["source_word_accuracy"]
    assert section["frequency_from"] == "the source" and section["source_tokenize"] == "none"
    bucketer = bucketers.FreqWordBucketer(freq_data=labelled["src"])
    stats, *_ = bucketer.calc_statistics(
        labelled["ref"], labelled["outs"], src=labelled["src"], ref_aligns=labelled["links"]
    )
    assert [b["label"] for b in section["buckets"]] == bucketer.bucket_strs
    for bi, bucket in enumerate(section["buckets"]):
        for s, mine in enumerate(bucket["systems"]):
            mcnt, rcnt, ocnt, rec, prec, f = stats[s][bi]
            assert (mine["matches"], bucket["source_words"], mine["recall"]) == (mcnt, rcnt, rec), (bi, s)
            assert rcnt == ocnt and rec == prec == f  # compare-mt's totals are the source words: recall only
    assert sum(b["source_words"] for b in section["buckets"]) == sum(map(len, labelled["src"]))
