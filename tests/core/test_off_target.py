"""Off-target output (``--target-lang``, :mod:`mtmetrics.resources.lid`) on real WMT21 en→de text.

The system is Online-B's newstest2021 en→de output (1,002 lines), untouched: none of its lines is
flagged. Then five lines are swapped for lines of other languages: line 5 for en→cs reference A's
line 5 (Czech), 100 for en→ru reference A's (Russian), 400 for en→zh reference A's (Chinese), 777
for the en→de source line 777 (English: the untranslated output an LLM gives) and 399 for the
source line 399, "It didn't work." (English too, but of 13 letters: never flagged). Exactly
lines 5, 100, 400 and 777 are flagged. (Over all 255 WMT21 outputs the rule flags 0.01-0.37% of the
lines, mostly untranslated English in en→de and lists of names elsewhere; see the module's numbers.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import py3langid  # a test dependency (the lid extra): never skipped
import pytest

from mtmetrics import load_metric
from mtmetrics.resources import lid
from tests.cli import run_cli
from tests.datapaths import DATA, read_text, require

TXT = DATA / "test" / "wmt21-news" / "txt"
SWAPS = {5: ("references", "en-cs.ref.A.cs"), 100: ("references", "en-ru.ref.A.ru")}
SWAPS |= {400: ("references", "en-zh.ref.A.zh"), 777: ("sources", "en-de.src.en"), 399: ("sources", "en-de.src.en")}
FLAGGED = (5, 100, 400, 777)


def _lines(kind: str, name: str) -> list[str]:
    return read_text(require(TXT / kind / f"newstest2021.{name}"))


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The reference, the untouched output, the output with the swaps, and the latter with FLAGGED blanked."""
    d = tmp_path_factory.mktemp("offtarget")
    hyp = read_text(require(TXT / "system-outputs" / "newstest2021.en-de.hyp.Online-B.de.gz"))
    swapped = list(hyp)
    for line, (kind, name) in SWAPS.items():
        swapped[line - 1] = _lines(kind, name)[line - 1]
    blanked = ["" if k in FLAGGED else h for k, h in enumerate(swapped, 1)]
    files = {"ref": _lines("references", "en-de.ref.A.de"), "hyp": hyp, "swapped": swapped, "blanked": blanked}
    return {name: Path(_write(d / f"{name}.de", lines)) for name, lines in files.items()}


def _json(*args: str) -> list[dict[str, object]]:
    code, out, err = run_cli(*args, "-f", "json", "-q")
    assert (code, err) == (0, ""), err
    return list(json.loads(out)["results"])


def test_untouched_output_has_no_flags(corpus: dict[str, Path]) -> None:
    report = lid.detect(read_text(corpus["hyp"]), "de")
    assert (report.count, report.segments, report.lines) == (0, 1002, ())


def test_exactly_the_swapped_lines_are_flagged(corpus: dict[str, Path]) -> None:
    hyps = read_text(corpus["swapped"])
    assert sum(map(str.isalpha, hyps[399 - 1])) < lid.MIN_LETTERS  # the short English line, not flagged
    assert [k for k, f in enumerate(lid.flags(hyps, "de"), 1) if f] == list(FLAGGED)
    report = lid.detect(hyps, "DE", mode="empty")  # ISO codes in any case
    assert (report.target, report.lines, report.share) == ("de", FLAGGED, 4 / 1002)
    assert report.apply(hyps) == read_text(corpus["blanked"])
    assert lid.detect(hyps, "de").apply(hyps) == hyps  # flag mode scores the text as it is


def test_flag_mode_reports_in_json_and_leaves_scores(corpus: dict[str, Path]) -> None:
    ref, swapped = str(corpus["ref"]), str(corpus["swapped"])
    plain = _json(ref, "-i", swapped, "-m", "bleu", "chrf")
    flagged = _json(ref, "-i", swapped, "-m", "bleu", "chrf", "--target-lang", "de")
    expected = {
        "target": "de",
        "mode": "flag",
        "identifier": f"py3langid-{py3langid.__version__}",
        "min_letters": 20,
        "max_target_probability": 0.01,
        "count": 4,
        "segments": 1002,
        "share": 4 / 1002,
        "lines": list(FLAGGED),
    }
    for before, after in zip(plain, flagged, strict=True):
        assert after.pop("off_target") == expected
        assert after == before  # same scores, same signature


def test_empty_mode_equals_scoring_the_blanked_file(corpus: dict[str, Path]) -> None:
    ref, swapped, blanked = str(corpus["ref"]), str(corpus["swapped"]), str(corpus["blanked"])
    plain = _json(ref, "-i", blanked, "-m", "bleu", "chrf", "ter")
    emptied = _json(ref, "-i", swapped, "-m", "bleu", "chrf", "ter", "--target-lang", "de", "--off-target", "empty")
    field = f"offtarget:de+empty+py3langid-{py3langid.__version__}"
    bleu_score, bleu_signature = emptied[0]["score"], emptied[0]["signature"]
    for before, after in zip(plain, emptied, strict=True):
        report = after.pop("off_target")
        assert isinstance(report, dict) and (report["mode"], report["lines"]) == ("empty", list(FLAGGED))
        assert after.pop("system") == swapped and before.pop("system") == blanked
        signature = str(after.pop("signature"))
        assert f"|{field}|plugin:" in signature  # before the plugin and version fields
        assert signature.replace(f"|{field}", "") == before.pop("signature")
        assert after == before
    # the Python API: the report rewrites the hypotheses and signs the result
    hyps = read_text(corpus["swapped"])
    report = lid.detect(hyps, "de", mode="empty")
    result = report.sign(load_metric("bleu").corpus_score(report.apply(hyps), [read_text(corpus["ref"])]))
    assert (result.score, str(result.signature)) == (bleu_score, bleu_signature)
    assert lid.detect(hyps, "de").sign(result) is result  # flag mode adds no field


def test_empty_mode_with_workers_and_standard_input(corpus: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    ref, swapped = str(corpus["ref"]), str(corpus["swapped"])
    args = [ref, "-m", "bleu", "--target-lang", "de", "--off-target", "empty", "-f", "json"]
    code, one, _ = run_cli(*args, "-i", swapped)
    assert code == 0
    code, two, _ = run_cli(*args, "-i", swapped, "-j", "2")
    assert (code, two) == (0, one)
    with corpus["swapped"].open("rb") as fh:
        monkeypatch.setattr(sys, "stdin", type("Stdin", (), {"buffer": fh, "isatty": lambda self: False})())
        code, piped, _ = run_cli(*args, "-i", "-")
    assert code == 0
    assert json.loads(piped)["results"][0]["off_target"] == json.loads(one)["results"][0]["off_target"]


def test_text_output_beside_the_scores(corpus: dict[str, Path]) -> None:
    ref, hyp, swapped = str(corpus["ref"]), str(corpus["hyp"]), str(corpus["swapped"])
    code, out, _ = run_cli(ref, "-i", swapped, "-m", "bleu", "--target-lang", "de")
    assert code == 0
    note = f"off-target: 4 of 1002 segments (0.40%) not de by {lid.identifier()} (of 20+ letters; p < 0.01)"
    assert out.splitlines()[-1] == f"{note}, scores unchanged"
    args = (ref, "-i", hyp, swapped, "-m", "bleu", "chrf", "--target-lang", "de", "--off-target", "empty")
    code, out, _ = run_cli(*args)
    assert code == 0 and run_cli(*args)[1] == out  # deterministic bytes
    header, _, first, second = out.splitlines()[:4]
    assert header.split()[-1] == "off-target"
    assert first.startswith(hyp) and first.endswith(" 0 (0.00%)")
    assert second.startswith(swapped) and second.endswith(" 4 (0.40%)")
    assert out.splitlines()[-1].endswith("scored as empty")
    code, out, _ = run_cli(*args, "-f", "tsv")
    rows = [line.split("\t") for line in out.splitlines()]
    assert code == 0 and rows[0][4:6] == ["off_target", "off_target_share"]
    assert [r[4:6] for r in rows[1:]] == [["0", "0.0"]] * 2 + [["4", repr(4 / 1002)]] * 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--target-lang", "xx"], "--target-lang 'xx': py3langid-"),
        (["--target-lang", "german"], "does not identify it"),
        (["--off-target", "empty"], "--off-target empty has no effect without --target-lang"),
        (["--target-lang", "de", "-l", "en-fr"], "--target-lang de contradicts -l en-fr"),
        (["--target-lang", "de", "-f", "json", "--json-style", "sacrebleu"], "sacrebleu's JSON has no place"),
    ],
)
def test_errors(corpus: dict[str, Path], args: list[str], message: str) -> None:
    code, out, err = run_cli(str(corpus["ref"]), "-i", str(corpus["hyp"]), "-m", "bleu", *args)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and message in err


def test_missing_package_names_the_extra(corpus: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "py3langid", None)  # import py3langid raises ImportError
    code, out, err = run_cli(str(corpus["ref"]), "-i", str(corpus["hyp"]), "-m", "bleu", "--target-lang", "de")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "py3langid" in err and "pip install 'mtmetrics[lid]'" in err


def test_signature_with_off_target_reruns_only_with_its_options(corpus: dict[str, Path]) -> None:
    """A signature of ``empty`` mode scores again only with the same --target-lang/--off-target."""
    ref, swapped = str(corpus["ref"]), str(corpus["swapped"])
    first = _json(ref, "-i", swapped, "-m", "chrf", "--target-lang", "de", "--off-target", "empty")[0]
    sig = str(first["signature"])
    assert f"offtarget:de+empty+{lid.identifier()}" in sig
    code, out, err = run_cli(ref, "-i", swapped, "-m", sig)
    assert (code, out) == (2, "") and "run with --target-lang de --off-target empty" in err
    again = _json(ref, "-i", swapped, "-m", sig, "--target-lang", "de", "--off-target", "empty")[0]
    assert (again["score"], again["signature"]) == (first["score"], sig)
    older = sig.replace(lid.identifier(), "py3langid-0.3.0")
    code, out, err = run_cli(ref, "-i", swapped, "-m", older, "--target-lang", "de", "--off-target", "empty")
    assert (code, out) == (2, "") and "pip install py3langid==0.3.0" in err and err.count("\n") == 1
    code, out, err = run_cli("signature", "compare", sig, sig.replace(f"|offtarget:de+empty+{lid.identifier()}", ""))
    assert code == 1 and "offtarget" in out
