"""``mtmetrics analyze`` on small made-up files: the page in a real browser, strict JSON, bad input.

The browser test runs Debian's ``chromium`` headless (``.ci/run`` installs it): the page loads
with no console error and no error caught by its in-page hook, every section is there, and a
screenshot is kept under the test's tmp dir. Without ``chromium`` the test is skipped naming the
package, except under CI (``CI`` / ``MTMETRICS_REQUIRE_DATA``), where that is an error.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mtmetrics_analysis.page import SECTIONS
from mtmetrics_analysis.words import Cutoffs
from tests.cli import run_cli
from tests.datapaths import data_required

REF = [
    "The cat sat on the mat in the sun .",
    "A new law was passed by the parliament on Monday .",
    "He said that the results were better than expected .",
    "Prices rose by three percent last year .",
    "The team won the match 3-1 after extra time .",
    "Short one .",
] * 3
SYS_A = [
    "The cat sat on the mat in the sun .",
    "A new law was adopted by parliament on Monday .",
    "He said the results were better than expected .",
    "Prices increased three percent last year .",
    "The team won the game 3-1 after overtime .",
    "Short .",
] * 3
SYS_B = [
    "A cat sits on a mat in sunshine .",
    "Parliament passed a new law Monday .",
    "He says results are better than expected <b>&amp;</b> .",
    "Prices rose by three percent last year .",
    "The team has won the match .",
    "Short one .",
] * 3


def _files(tmp_path: Path) -> list[str]:
    paths = []
    for name, lines in (("ref.en", REF), ("a.en", SYS_A), ("b.en", SYS_B)):
        p = tmp_path / name
        p.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(str(p))
    return paths


def _analyze(tmp_path: Path, *extra: str) -> tuple[int, str]:
    ref, a, b = _files(tmp_path)
    code, _, err = run_cli("analyze", ref, "-i", a, b, "--n-bootstrap", "50", *extra)
    return code, err


def test_report_json_is_strict_and_complete(tmp_path: Path) -> None:
    code, err = _analyze(
        tmp_path, "-m", "bleu", "chrf", "ter", "--score-cutoffs", "20:50", "--json", str(tmp_path / "r.json")
    )
    assert code == 0, err
    text = (tmp_path / "r.json").read_text()
    report = json.loads(text, parse_constant=lambda c: pytest.fail(f"non-strict JSON constant {c}"))
    assert report["format"] == "mtmetrics-analysis/1"
    assert [m["metric"] for m in report["scores"]] == ["bleu", "chrf", "ter"]
    assert all(m["signature"].startswith(("BLEU|", "chrF2|", "TER|")) for m in report["scores"])
    assert [k["kind"] for k in report["sentence_buckets"]] == ["length", "lengthdiff", "score"]
    # the identical segment 4 of B gives B the better example
    assert report["examples"]["pairs"][0]["right_better"]
    lines = report["examples"]["pairs"][0]["right_better"] + report["examples"]["pairs"][0]["left_better"]
    assert all(str(i) in report["examples"]["segments"] for i in lines)


def test_page_in_headless_chromium(tmp_path: Path) -> None:
    browser = shutil.which("chromium")
    if browser is None:
        if data_required():
            pytest.fail("chromium is not installed (CI installs it: apt-get install chromium)")
        pytest.skip("Debian package 'chromium' is not installed (apt-get install chromium)")
    page = tmp_path / "report.html"
    code, err = _analyze(tmp_path, "--src", _files(tmp_path)[0], "-o", str(page))
    assert code == 0, err
    html = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), "the page must load nothing from elsewhere"
    flags = [
        browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0",
    ]  # fmt: skip
    dom = subprocess.run([*flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert 'data-ready="1"' in dom.stdout, "the page's script did not run to its end"
    assert '<pre id="page-errors" hidden=""></pre>' in dom.stdout, "the page's error hook caught an error"
    console = [line for line in dom.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == []
    for section in SECTIONS:
        assert f'<section id="{section}">' in dom.stdout
    shot = tmp_path / "report-1280.png"
    subprocess.run(
        [*flags, f"--screenshot={shot}", "--window-size=1280,2000", page.as_uri()], capture_output=True, timeout=120
    )
    assert shot.stat().st_size > 10_000  # kept as the test's artifact under tmp_path


@pytest.mark.parametrize(
    ("mutate", "extra", "message"),
    [
        ("short", (), r"b\.en: 17 lines, but .*ref\.en has 18 \(line 18 has no partner\): give line-aligned files"),
        ("none", ("--length-cutoffs", "10:500"), r"--length-cutoffs 10:500: bucket >=500 holds no segment"),
        ("none", ("--train-ref", "TRAIN"), r"train\.txt: only \d+ % of the reference's words occur in it"),
        ("latin1", (), r"b\.en:1: not valid UTF-8.*iconv"),
        ("none", ("--names", "x"), r"--names: 1 names for 2 systems"),
    ],
)
def test_bad_input_is_one_line_naming_file_and_fix(
    tmp_path: Path, mutate: str, extra: tuple[str, ...], message: str
) -> None:
    ref, a, b = _files(tmp_path)
    if mutate == "short":
        Path(b).write_text("\n".join(SYS_B[:-1]) + "\n", encoding="utf-8")
    elif mutate == "latin1":
        Path(b).write_bytes("Préis\n".encode("latin-1") + b"x\n" * 17)
    train = tmp_path / "train.txt"
    train.write_text("Der Hund lief über die Straße und bellte laut .\n" * 5, encoding="utf-8")
    args = [str(train) if x == "TRAIN" else x for x in extra]
    code, _, err = run_cli("analyze", ref, "-i", a, b, "--json", str(tmp_path / "r.json"), *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert re.search(message, err), err
    assert not (tmp_path / "r.json").exists()


def test_one_system_and_no_output_are_refused(tmp_path: Path) -> None:
    ref, a, _ = _files(tmp_path)
    code, _, err = run_cli("analyze", ref, "-i", a, "--json", str(tmp_path / "r.json"))
    assert code == 2 and "two or more systems" in err
    code, _, err = run_cli("analyze", ref, "-i", a, a)
    assert code == 2 and "-o report.html and/or --json" in err


def test_cutoff_labels_are_compare_mt_s() -> None:
    """compare-mt's Bucketer.set_bucket_cutoffs, transcribed: '<a', 'k' (one-wide integer bucket), '[a,b)', '>=z'."""
    assert Cutoffs((1, 2, 3, 4, 5, 10, 100, 1000)).labels() == [
        "<1",
        "1",
        "2",
        "3",
        "4",
        "[5,10)",
        "[10,100)",
        "[100,1000)",
        ">=1000",
    ]
    assert Cutoffs((-2, -1, 0, 6)).labels() == ["<-2", "-2", "-1", "[0,6)", ">=6"]
    assert Cutoffs((10.0, 20.0), integer=False).labels() == ["<10.0", "[10.0,20.0)", ">=20.0"]
