"""sacrebleu's command-line habits: each works as in sacrebleu, or exits 2 naming the mtmetrics spelling.

Numbers are compared with sacrebleu's own API on raw WMT21 de-en text (two references).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sacrebleu
from sacrebleu.metrics import BLEU, CHRF, TER

from mtmetrics import __version__
from tests.cli import run_cli as _run
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"
N = 400


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    d = tmp_path_factory.mktemp("habits")
    paths = []
    for name, path in (
        ("hyp", TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"),
        ("refA", TXT / "references" / "newstest2021.de-en.ref.A.en"),
        ("refB", TXT / "references" / "newstest2021.de-en.ref.B.en"),
    ):
        lines = read_text(require(path))[:N]
        (d / name).write_text("".join(x + "\n" for x in lines), encoding="utf-8")
        paths.append(str(d / name))
    return paths[0], paths[1], paths[2]


def _lines(files: tuple[str, str, str]) -> tuple[list[str], list[list[str]]]:
    hyp, a, b = files
    return read_text(Path(hyp)), [read_text(Path(a)), read_text(Path(b))]


def _score(files: tuple[str, str, str], *args: str) -> float:
    hyp, a, b = files
    code, out, err = _run(a, b, "-i", hyp, "-f", "json", *args)
    assert code == 0, err
    return float(json.loads(out)["results"][0]["score"])


@pytest.mark.parametrize("token", ["-c", "-p", "-to", "-pb", "-ci2", "--sho", "--confidence-", "--sen"])
def test_no_option_is_matched_by_a_prefix(files: tuple[str, str, str], token: str) -> None:
    hyp, a, b = files
    code, out, err = _run(a, b, "-i", hyp, token)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "error" in err


def test_sacrebleu_short_options_mean_what_they_mean_in_sacrebleu(files: tuple[str, str, str]) -> None:
    hyps, refs = _lines(files)
    plain = _score(files)
    assert plain == sacrebleu.corpus_bleu(hyps, refs).score
    # -l is the language pair (not -lc): an English target changes nothing
    assert _score(files, "-l", "de-en") == plain
    # -s/-sv are BLEU's smoothing (not -sl)
    assert (
        _score(files, "-s", "floor", "-sv", "0.2")
        == BLEU(smooth_method="floor", smooth_value=0.2).corpus_score(hyps, refs).score
    )
    assert _score(files, "--smooth-method", "add-k") == BLEU(smooth_method="add-k").corpus_score(hyps, refs).score
    assert _score(files, "--force") == plain
    # chrF's sacrebleu spellings
    expected = CHRF(char_order=5, word_order=2, beta=3, whitespace=True).corpus_score(hyps, refs).score
    assert _score(files, "-m", "chrf", "-cc", "5", "-cw", "2", "-cb", "3", "--chrf-whitespace") == expected
    eps = CHRF(eps_smoothing=True).corpus_score(hyps, refs).score
    assert _score(files, "-m", "chrf", "--chrf-eps-smoothing") == eps
    # TER's
    ter = TER(case_sensitive=True, no_punct=True, normalized=True, asian_support=True)
    args = ("--ter-case-sensitive", "--ter-no-punct", "--ter-normalized", "--ter-asian-support")
    small = (hyps[:60], [r[:60] for r in refs])
    d = Path(files[0]).parent
    for name, lines in (("h60", small[0]), ("a60", small[1][0]), ("b60", small[1][1])):
        (d / name).write_text("".join(x + "\n" for x in lines), encoding="utf-8")
    code, out, err = _run(str(d / "a60"), str(d / "b60"), "-i", str(d / "h60"), "-m", "ter", "-f", "json", *args)
    assert code == 0, err
    assert json.loads(out)["results"][0]["score"] == ter.corpus_score(*small).score


def test_target_language_picks_sacrebleus_tokenizer(files: tuple[str, str, str]) -> None:
    hyps, refs = _lines(files)
    hyp, a, b = files
    code, out, _ = _run(a, b, "-i", hyp, "-l", "en-zh", "-f", "json")
    assert code == 0
    doc = json.loads(out)["results"][0]
    assert doc["score"] == BLEU(trg_lang="zh").corpus_score(hyps, refs).score
    assert "tok:zh" in doc["signature"]
    # an explicit -tok wins, as in sacrebleu
    _, out, _ = _run(a, b, "-i", hyp, "-l", "en-zh", "-tok", "13a", "-f", "json")
    assert json.loads(out)["results"][0]["score"] == sacrebleu.corpus_bleu(hyps, refs).score


def test_alias_of_a_metric_not_chosen_names_it(files: tuple[str, str, str]) -> None:
    hyp, a, b = files
    code, out, err = _run(a, b, "-i", hyp, "-m", "chrf", "-s", "floor")
    assert code == 2 and out == "" and "-s is bleu's parameter smooth_method" in err


def test_version_short_signature_quiet_encoding(files: tuple[str, str, str]) -> None:
    hyp, a, b = files
    code, out, _ = _run("-V")
    assert code == 0 and out.strip() == f"mtmetrics {__version__}"
    code, out, _ = _run(a, b, "-i", hyp, "-sh")
    assert code == 0 and out.startswith("BLEU|#:2|")
    code, out, err = _run(a, b, "-i", hyp, "-q", "-e", "UTF-8")
    assert code == 0 and err == ""
    code, out, err = _run(a, b, "-i", hyp, "-e", "latin-1")
    assert code == 2 and out == "" and "UTF-8 only" in err and "iconv" in err


def test_test_set_from_sacrebleus_cache(
    files: tuple[str, str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A test set in sacrebleu's cache is read through sacrebleu's API; a missing one is never downloaded."""
    from sacrebleu.dataset import DATASETS
    from sacrebleu.dataset.plain_text import PlainTextDataset

    hyps, refs = _lines(files)
    dataset = PlainTextDataset(
        "mtm-test", data=["https://example.invalid/mtm-test.tgz"], langpairs={"de-en": ["x.de", "x.en"]}
    )
    dataset._outdir = str(tmp_path)
    (tmp_path / "mtm-test.de-en.src").write_text("".join(f"quelle {i}\n" for i in range(N)), encoding="utf-8")
    (tmp_path / "mtm-test.de-en.ref").write_text("".join(x + "\n" for x in refs[0]), encoding="utf-8")
    monkeypatch.setitem(DATASETS, "mtm-test", dataset)
    hyp = files[0]
    code, out, err = _run("-t", "mtm-test", "-l", "de-en", "-i", hyp, "-f", "json")
    assert code == 0, err
    assert json.loads(out)["results"][0]["score"] == sacrebleu.corpus_bleu(hyps, [refs[0]]).score
    code, out, _ = _run("-t", "mtm-test", "-l", "de-en", "--echo", "src", "ref")
    assert code == 0 and out.splitlines()[3] == f"quelle 3\t{refs[0][3]}"
    # not in the cache: exit 2, nothing downloaded
    empty = PlainTextDataset("mtm-missing", data=["https://example.invalid/x.tgz"], langpairs={"de-en": ["a", "b"]})
    empty._outdir = str(tmp_path / "missing")
    empty._rawdir = str(tmp_path / "missing" / "raw")
    monkeypatch.setitem(DATASETS, "mtm-missing", empty)
    code, out, err = _run("-t", "mtm-missing", "-l", "de-en", "-i", hyp)
    assert code == 2 and out == "" and "never downloads" in err and "sacrebleu -t mtm-missing" in err
    for args, message in (
        (("-t", "mtm-test", "-i", hyp), "needs a language pair"),
        (("-t", "mtm-test", "-l", "fr-en", "-i", hyp), "no language pair fr-en"),
        (("-t", "nosuchset", "-l", "de-en", "-i", hyp), "no such test set"),
        ((files[1], "-t", "mtm-test", "-l", "de-en", "-i", hyp), "not both"),
        (("--echo", "src"), "give -t NAME"),
    ):
        code, out, err = _run(*args)
        assert code == 2 and out == "" and message in err, (args, err)


def test_sentence_level_gives_sacrebleus_sentence_bleu(files: tuple[str, str, str]) -> None:
    hyps, refs = _lines(files)
    hyp, a, b = files
    code, out, _ = _run(a, b, "-i", hyp, "-sl", "-f", "json")
    doc = json.loads(out)["results"][0]
    expected = [sacrebleu.sentence_bleu(h, [r[i] for r in refs]).score for i, h in enumerate(hyps)]
    assert code == 0 and doc["segment_scores"] == expected and "eff:yes" in doc["signature"]
    assert any(len(h.split()) == 2 for h in hyps) or sacrebleu.sentence_bleu("a b", ["a b"]).score > 0
    # an explicit choice wins
    code, out, _ = _run(a, b, "-i", hyp, "-sl", "-f", "json", "--bleu-effective-order", "no")
    assert "eff:no" in json.loads(out)["results"][0]["signature"]
    # text: one row per segment, the corpus row after a rule, the signature once
    code, out, _ = _run(a, b, "-i", hyp, "-m", "bleu", "chrf", "-sl")
    lines = out.splitlines()
    assert lines[0].split() == ["segment", "BLEU", "chrF2"] and lines[2].split()[0] == "1"
    assert lines[N + 2].startswith("----") and lines[N + 3].split()[0] == "corpus"
    assert lines[-2].startswith("BLEU|") and lines[-1].startswith("chrF2|")
    # -sl -b: the segment scores only, as sacrebleu's
    code, out, _ = _run(a, b, "-i", hyp, "-sl", "-b")
    assert out.splitlines() == [f"{x:.2f}" for x in expected]


def test_score_only_keeps_the_interval_and_refuses_structured_formats(files: tuple[str, str, str]) -> None:
    hyp, a, b = files
    code, out, _ = _run(a, b, "-i", hyp, "-b", "-ci", "-cin", "100")
    _score, rest = out.strip().split(" ", 1)
    assert code == 0 and rest.startswith("(μ = ") and rest.endswith(")") and "±" in rest
    for fmt in ("json", "tsv", "latex"):
        code, out, err = _run(a, b, "-i", hyp, "-b", "-f", fmt)
        assert code == 2 and out == "" and "drop -b or -f" in err


def test_jobs_capped_and_small_inputs_scored_in_process(
    files: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtmetrics.engine import pool

    hyp, a, b = files
    code, out, err = _run(a, b, "-i", hyp, "-j", "64", "-b")
    assert code == 0 and err.count("\n") == 1 and "using -j" in err
    assert out == _run(a, b, "-i", hyp, "-b")[1]

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a small input must not start workers")

    monkeypatch.setattr(pool, "_pool", no_pool)
    code, out, err = _run(a, b, "-i", hyp, "-j", "2", "-b", "-q")
    assert code == 0 and err == ""
