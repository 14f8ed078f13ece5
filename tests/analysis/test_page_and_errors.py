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

from mtmetrics.resources.tokenizers import get_tokenizer
from mtmetrics_analysis.page import SECTIONS
from mtmetrics_analysis.words import Cutoffs
from tests.cli import run_cli
from tests.datapaths import SHARED, data_required, require

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


def _label(word: str) -> str:
    """A made-up label per word: punctuation, number, capitalised, other."""
    if not any(c.isalnum() for c in word):
        return "P"
    return "N" if word[0].isdigit() else ("C" if word[0].isupper() else "W")


def _extras(tmp_path: Path) -> dict[str, str]:
    """Label files and a source with its alignment for the files of :func:`_files`.

    The reference is written 13a-tokenised (``reft.en``: what an alignment's target indices refer
    to); the source is the raw reference, each of its words linked to the first equal reference word.
    """
    tok = get_tokenizer("13a")
    ref_path, a, b = _files(tmp_path)
    words = {k: [tok(x).split() for x in lines] for k, lines in (("ref", REF), ("a", SYS_A), ("b", SYS_B))}
    paths = {"reft": tmp_path / "reft.en", "src": Path(ref_path), "a": Path(a), "b": Path(b)}
    paths["reft"].write_text("\n".join(" ".join(w) for w in words["ref"]) + "\n", encoding="utf-8")
    for k, ws in words.items():
        paths[f"{k}.tags"] = tmp_path / f"{k}.tags"
        paths[f"{k}.tags"].write_text("\n".join(" ".join(map(_label, w)) for w in ws) + "\n", encoding="utf-8")
    lines = []
    for src, ref in zip(REF, words["ref"], strict=True):
        lines.append(" ".join(f"{i}-{ref.index(w)}" for i, w in enumerate(src.split()) if w in ref))
    paths["align"] = tmp_path / "align"
    paths["align"].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {k: str(v) for k, v in paths.items()}


def _full(x: dict[str, str]) -> list[str]:
    """Arguments of a report with every section: label files, source and alignment."""
    return [x["reft"], "-i", x["a"], x["b"], "--src", x["src"], "--align", x["align"],
            "--ref-labels", x["ref.tags"], "--out-labels", x["a.tags"], x["b.tags"]]  # fmt: skip


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
    code, _, err = run_cli("analyze", *_full(_extras(tmp_path)), "--n-bootstrap", "50", "-o", str(page))
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
    assert "Not computed" not in dom.stdout
    shot = tmp_path / "report-1280.png"
    subprocess.run(
        [*flags, f"--screenshot={shot}", "--window-size=1280,2000", page.as_uri()], capture_output=True, timeout=120
    )
    assert shot.stat().st_size > 10_000  # kept as the test's artifact under tmp_path


def test_label_and_source_sections(tmp_path: Path) -> None:
    """Counts by hand on the made-up files: every word labelled once, every source word counted once;
    without the options both sections are null in JSON and say how to get them on the page."""
    x = _extras(tmp_path)
    code, _, err = run_cli("analyze", *_full(x), "--n-bootstrap", "20", "--json", str(tmp_path / "r.json"))
    assert code == 0, err
    report = json.loads((tmp_path / "r.json").read_text())
    labels = report["label_accuracy"]
    tags = Path(x["ref.tags"]).read_text().split()
    assert [b["label"] for b in labels["buckets"]] == sorted(set(tags), key=lambda t: (-tags.count(t), t))
    assert [b["reference_words"] for b in labels["buckets"]] == sorted((tags.count(t) for t in set(tags)), reverse=True)
    for s, name in enumerate(("a.tags", "b.tags")):
        assert sum(b["systems"][s]["output_words"] for b in labels["buckets"]) == len(Path(x[name]).read_text().split())
    source = report["source_word_accuracy"]
    assert sum(b["source_words"] for b in source["buckets"]) == sum(len(line.split()) for line in REF)
    # system A's line 1 equals the reference: all 10 of its source words are aligned and matched, 3 times
    assert sum(b["systems"][0]["matches"] for b in source["buckets"]) >= 30
    ref, a, b = _files(tmp_path)
    code, _, err = run_cli("analyze", ref, "-i", a, b, "--n-bootstrap", "20", "--json", str(tmp_path / "n.json"))
    assert code == 0, err
    plain = json.loads((tmp_path / "n.json").read_text())
    assert plain["label_accuracy"] is None and plain["source_word_accuracy"] is None
    from mtmetrics_analysis.page import render

    html = render(plain)
    assert html.count("Not computed") == 2 and '<section id="labels">' in html and '<section id="source">' in html


def test_tagger_labels_equal_label_files_of_its_tags(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--tag nltk gives the numbers of label files holding the same tagger's tags of the same words."""
    nltk_data = require(SHARED / "nltk_data" / "taggers" / "averaged_perceptron_tagger_eng").parents[1]
    monkeypatch.setenv("NLTK_DATA", str(nltk_data))
    from mtmetrics.resources.taggers import get_tagger

    tagger, tok = get_tagger("nltk"), get_tokenizer("13a")
    ref, a, b = _files(tmp_path)
    label_files = []
    for name, lines in (("ref", REF), ("a", SYS_A), ("b", SYS_B)):
        label_files.append(tmp_path / f"{name}.pos")
        label_files[-1].write_text("\n".join(" ".join(tagger.tag(tok(x).split())) for x in lines) + "\n")
    common = ["analyze", ref, "-i", a, b, "--n-bootstrap", "30", "--label-set", "NN+DT+IN"]
    code, _, err = run_cli(*common, "--tag", "nltk", "--json", str(tmp_path / "t.json"))
    assert code == 0, err
    code, _, err = run_cli(*common, "--ref-labels", str(label_files[0]), "--out-labels",
                           str(label_files[1]), str(label_files[2]), "--json", str(tmp_path / "f.json"))  # fmt: skip
    assert code == 0, err
    tagged, filed = (json.loads((tmp_path / f).read_text())["label_accuracy"] for f in ("t.json", "f.json"))
    assert tagged["buckets"] == filed["buckets"]
    assert [b["label"] for b in tagged["buckets"]] == ["NN", "DT", "IN", "other"]
    assert tagged["signature"].endswith(tagger.signature()) and filed["signature"].endswith("labels:files")


@pytest.mark.parametrize(
    ("mutate", "options", "message"),
    [
        (
            "ref.tags:3",
            (),
            r"ref\.tags:3: 9 labels for the 10 words of line 3 of \S*reft\.en \(split by -tok 13a\); "
            r"give one label per word",
        ),
        ("a.tags:short", (), r"a\.tags: 17 lines, but \S*a\.en has 18 \(line 18 has no partner\)"),
        ("", ("--out-labels", "A.TAGS"), r"--out-labels: 1 files for 2 systems; give one per -i file"),
        ("", ("--label-set", "W+Q"), r"--label-set W\+Q: label Q labels no word of the reference or outputs"),
        ("", ("--label-set", "W+other"), r"--label-set W\+other: distinct labels separated by '\+'"),
        (
            "raw-ref",
            (),
            r"align:5: its target indices refer to the space-separated tokens of line 5 of \S*reft\.en, "
            r"which -tok 13a splits otherwise",
        ),
        ("align:2", (), r"align:2: pair '0-40' points to target token 40, but line 2 of the target has 11 tokens"),
        ("no-src", (), r"--align \S*align: source-word accuracy needs the source too: give --src SRC"),
        ("", ("--train-src", "TRAIN"), r"train\.txt: only \d+ % of the source's words occur in it; --train-src takes"),
        ("", ("--tag", "nltk", "-l", "en-de"), r"--tag nltk tags en, but -l en-de translates into de"),
    ],
)
def test_bad_labels_and_alignments(tmp_path: Path, mutate: str, options: tuple[str, ...], message: str) -> None:
    x = _extras(tmp_path)
    args = _full(x)
    if mutate == "ref.tags:3":
        lines = Path(x["ref.tags"]).read_text().splitlines()
        lines[2] = lines[2].rsplit(" ", 1)[0]
        Path(x["ref.tags"]).write_text("\n".join(lines) + "\n")
    elif mutate == "a.tags:short":
        Path(x["a.tags"]).write_text("\n".join(Path(x["a.tags"]).read_text().splitlines()[:-1]) + "\n")
    elif mutate == "raw-ref":
        Path(x["reft"]).write_text("\n".join(REF) + "\n")  # the raw text: '3-1' is one token, 13a makes three
        Path(x["align"]).write_text("0-0\n" * len(REF))  # links inside the raw lines too
    elif mutate == "align:2":
        lines = Path(x["align"]).read_text().splitlines()
        lines[1] += " 0-40"
        Path(x["align"]).write_text("\n".join(lines) + "\n")
    elif mutate == "no-src":
        args = args[:4] + args[6:]
    if options[:1] in (("--out-labels",), ("--tag",)):
        args = args[: args.index("--ref-labels")]
    train = tmp_path / "train.txt"
    train.write_text("Der Hund lief über die Straße und bellte laut .\n" * 5, encoding="utf-8")
    values = {"A.TAGS": x["a.tags"], "TRAIN": str(train)}
    extra = [values.get(o, o) for o in options]
    if options[:1] == ("--out-labels",):
        extra = ["--ref-labels", x["ref.tags"], *extra]
    code, _, err = run_cli("analyze", *args, *extra, "--json", str(tmp_path / "r.json"))
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert re.search(message, err), err
    assert not (tmp_path / "r.json").exists()


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
