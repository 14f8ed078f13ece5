"""Signatures are runnable (#37): load_metric(SIGNATURE), sacrebleu's own signatures, installation checks."""

from __future__ import annotations

import pickle
import warnings
from pathlib import Path

import pytest
import sacrebleu

import mtmetrics
from mtmetrics import InputError, ParameterError, UnknownMetricError
from mtmetrics.signature_parse import compare, explain, read, split

SB = sacrebleu.__version__
V = mtmetrics.__version__
HYPS = ["the cat sat on the mat", "a b c d e"]
REFS = [["the cat sat on a mat", "a b c d f"]]


def _sacrebleu_signature(metric: object, short: bool) -> str:
    metric.corpus_score(HYPS, REFS)  # type: ignore[attr-defined]
    return str(metric.get_signature().format(short=short))  # type: ignore[attr-defined]


@pytest.mark.parametrize("short", [False, True])
@pytest.mark.parametrize(
    ("name", "make", "kwargs"),
    [
        ("bleu", sacrebleu.BLEU, {}),
        (
            "bleu",
            sacrebleu.BLEU,
            {"lowercase": True, "tokenize": "intl", "smooth_method": "floor", "smooth_value": 0.2},
        ),
        ("bleu", sacrebleu.BLEU, {"smooth_method": "add-k", "effective_order": True}),
        ("chrf", sacrebleu.CHRF, {}),
        ("chrf", sacrebleu.CHRF, {"word_order": 2, "lowercase": True, "whitespace": True, "eps_smoothing": True}),
        ("ter", sacrebleu.TER, {}),
        ("ter", sacrebleu.TER, {"case_sensitive": True, "normalized": True, "no_punct": True, "asian_support": True}),
    ],
)
def test_sacrebleu_signatures_give_sacrebleus_scores(name: str, make: type, kwargs: dict, short: bool) -> None:
    theirs = make(**kwargs)
    text = _sacrebleu_signature(theirs, short)
    scorer = mtmetrics.load_metric(f"{name}|{text}")
    assert scorer.corpus_score(HYPS, REFS).score == theirs.corpus_score(HYPS, REFS).score
    assert scorer.signature("1").get("sacrebleu") == SB


def test_issue_examples_long_and_short() -> None:
    long = mtmetrics.load_metric(f"bleu|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:{SB}")
    short = mtmetrics.load_metric(f"BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|v:{SB}")
    assert dict(long.metric.values) == dict(short.metric.values) == dict(mtmetrics.load_metric("bleu").metric.values)


def test_exact_parameters_from_mtmetrics_signature() -> None:
    made = mtmetrics.load_metric("bleu", max_ngram_order=6, smooth_method="floor", smooth_value=0.25, lowercase=True)
    text = made.signature("2").format()
    again = mtmetrics.load_metric(text)
    assert dict(again.metric.values) == dict(made.metric.values)
    assert again.signature("2").format() == text


def test_display_name_chooses_the_metric() -> None:
    assert read(mtmetrics.load_metric("rouge-n", n=3).signature().format()).metric.values["n"] == 3
    su = mtmetrics.load_metric("rouge-su").signature().format(True)
    assert type(read(su).metric).name == "rouge-su"  # ROUGE-S4 and ROUGE-SU4 print the same fields
    assert type(read(mtmetrics.load_metric("hlepor-e").signature().format()).metric).name == "hlepor-e"
    assert read(mtmetrics.load_metric("chrf", word_order=2).signature().format()).metric.values["word_order"] == 2


def test_version_mismatch_is_an_error_listing_each_field() -> None:
    text = mtmetrics.load_metric("bleu").signature().format().replace(f"sacrebleu:{SB}", "sacrebleu:2.4.0")
    text = text.replace(f"version:{mtmetrics.__version__}", "version:0.0.1")
    with pytest.raises(ParameterError) as err:
        mtmetrics.load_metric(text)
    message = str(err.value)
    assert "pip install sacrebleu==2.4.0" in message and "pip install mtmetrics==0.0.1" in message
    assert "plugin" not in message.split("differs:")[1].split("Install")[0]  # only the fields that differ


def test_allowed_mismatch_warns_and_the_signature_shows_both() -> None:
    text = "bleu|#:1|c:mixed|e:no|tok:13a|s:exp|v:2.4.0"
    with pytest.warns(UserWarning, match="sacrebleu: signed 2.4.0"):
        scorer = mtmetrics.load_metric(text, allow_version_mismatch=True)
    result = scorer.corpus_score(HYPS, REFS)
    assert f"sacrebleu:{SB}(signed 2.4.0)" in result.signature.format()
    assert f"sb:{SB}(signed 2.4.0)" in result.signature.format(short=True)
    again = pickle.loads(pickle.dumps(scorer.metric))  # workers keep the marks
    assert again._engine.signed == (("sacrebleu", "2.4.0"),)


def test_nrefs_is_checked_when_scoring() -> None:
    scorer = mtmetrics.load_metric(f"bleu|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:{SB}")
    with pytest.raises(InputError, match="nrefs:2, this run has nrefs:1"):
        scorer.corpus_score(HYPS, REFS)
    assert scorer.corpus_score(HYPS, [REFS[0], REFS[0]]).signature.get("nrefs") == "2"


@pytest.mark.parametrize(
    ("text", "match"),
    [
        (f"bleu|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|colour:red|version:{SB}", "unknown field 'colour'"),
        (f"bleu|nrefs:1|case:upper|eff:no|tok:13a|smooth:exp|version:{SB}", "field 'case'"),
        (f"bleu|nrefs:1|case:mixed|eff:no|tok:14a|smooth:exp|version:{SB}", "field 'tok'.*Did you mean: 13a"),
        (f"bleu|nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[x]|version:{SB}", "field 'smooth'"),
        (f"bleu|nrefs:1|case:mixed|case:lc|version:{SB}", "field 'case' is given twice"),
        (f"bleu|nrefs:1|order|version:{SB}", "not key:value"),
        ("BLEU|nrefs:1|case:mixed|plugin:mtmetrics@0.1.0|version:0.1.0", "field 'sacrebleu' is missing"),
        (f"nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:{SB}", "no metric name.*'bleu\\|nrefs"),
    ],
)
def test_bad_signatures_name_the_field(text: str, match: str) -> None:
    with pytest.raises(ParameterError, match=match):
        mtmetrics.load_metric(text)


def test_unknown_metric_and_parameters_beside_a_signature() -> None:
    with pytest.raises(UnknownMetricError, match="no registered metric prints 'BLUE'"):
        mtmetrics.load_metric("BLUE|nrefs:1|case:mixed")
    with pytest.raises(ParameterError, match="sets every parameter"):
        mtmetrics.load_metric(f"bleu|nrefs:1|version:{SB}", lowercase=True)


def test_split_strips_signed_marks() -> None:
    assert split("BLEU|nrefs:1|sacrebleu:2.6.0(signed 2.4.0)") == ("BLEU", [("nrefs", "1"), ("sacrebleu", "2.6.0")])


def test_explain_and_compare() -> None:
    reading = read("bleu|#:1|c:lc|e:no|tok:13a|s:floor[0.20]|v:2.4.0")
    rows = {r["key"]: r for r in explain(reading)}
    assert rows["smooth"]["params"] == {"smooth_method": "floor", "smooth_value": 0.2}
    assert rows["smooth"]["default"] == "exp" and "smoothing" in rows["smooth"]["description"]
    assert rows["case"]["params"] == {"lowercase": True} and rows["case"]["default"] == "mixed"
    assert rows["sacrebleu"]["reproduced"] is (SB == "2.4.0") and rows["nrefs"]["kind"] == "run"
    mine = read(mtmetrics.load_metric("bleu").signature().format())
    same = read(f"bleu|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:{SB}")
    assert compare(mine, same) == []
    assert compare(mine, read(mtmetrics.load_metric("bleu").signature().format(True))) == []
    other = read(mtmetrics.load_metric("bleu", tokenize="intl").signature("2").format())
    assert compare(mine, other) == [("nrefs", "1", "2"), ("tok", "13a", "intl")]
    assert compare(mine, read(mtmetrics.load_metric("chrf").signature().format())) == [("metric", "bleu", "chrf")]


def test_warning_free_when_installation_matches() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mtmetrics.load_metric(mtmetrics.load_metric("meteor").signature().format(), allow_version_mismatch=True)


def test_provenance_is_required_outside_sacrebleus_metrics() -> None:
    with pytest.raises(ParameterError, match="field 'plugin' is missing"):
        mtmetrics.load_metric("PER|nrefs:1|case:mixed|tok:13a")


def test_file_parameters_beside_a_signature(tmp_path: Path) -> None:
    """A signature records a table's name and SHA-256, not its place: the file is given beside it, and
    must be the one recorded (another file, or none, is a mismatch naming the field)."""
    table = tmp_path / "sim.tsv"
    table.write_text("cat\tkitten\t0.3\nkitten\tcat\t0.3\n", encoding="utf-8")
    first = mtmetrics.load_metric("sia", tokenize="none", similarity=str(table), incs=False)
    result = first.sentence_score("cat", ["kitten"])
    sig = str(result.signature)
    again = mtmetrics.load_metric(sig, similarity=str(table))
    assert (str(again.sentence_score("cat", ["kitten"]).signature), again.metric.values) == (sig, first.metric.values)
    assert again.sentence_score("cat", ["kitten"]).score == result.score
    with pytest.raises(ParameterError, match=r"sim: signed sim@[0-9a-f]{12}, installed none \(give the sim file"):
        mtmetrics.load_metric(sig)
    other = tmp_path / "other" / "sim.tsv"
    other.parent.mkdir()
    other.write_text("cat\tkitten\t0.4\n", encoding="utf-8")
    with pytest.raises(ParameterError, match="sim: signed sim@"):
        mtmetrics.load_metric(sig, similarity=str(other))
    with pytest.raises(ParameterError, match="but its files \\(similarity\\); do not set 'top'"):
        mtmetrics.load_metric(sig, similarity=str(table), top=3)


def test_meta_metrics_from_a_signature_keep_its_parameters() -> None:
    """``meta`` commands take a signature in -m with exactly its parameters (not the defaults)."""
    from mtmetrics_meta.cli.common import build_metrics

    sig = f"BLEU|nrefs:1|case:lc|eff:no|tok:intl|smooth:exp|order:4|sacrebleu:{SB}|plugin:mtmetrics@{V}|version:{V}"
    ((label, metric),) = build_metrics([sig])
    assert (label, metric.values["tokenize"], metric.values["lowercase"]) == (sig, "intl", True)
