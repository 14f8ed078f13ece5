"""``meta correlate`` inputs: official system-level human scores, precomputed metric scores
(``col:``, ``file:``, ``--save-scores``) and an mt-metrics-eval directory, on WMT21 ru-en.

Oracles: sacrebleu's sentence/corpus chrF computed here from the raw WMT21 files, scipy's
correlations, WMT21's published system-level DA read with the csv module.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
import scipy.stats

from mtmetrics.cli import main
from tests.datapaths import DATA

WMT21 = DATA / "test" / "wmt21-news"
SYS_DA = WMT21 / "humaneval" / "newstest2021-toen" / "ad-sys-scores-ru-en.csv"
JOINED = WMT21 / "derived" / "newstest2021.ru-en.da-seg.joined.tsv.gz"


def _run(*args: str) -> dict:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(args))
    assert code == 0
    return json.loads(buf.getvalue())


def _rows(path: Path) -> list[dict[str, str]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))


def _get(doc: dict, level: str, metric: str) -> dict:
    return next(e for e in doc["correlations"] if (e["level"], e["metric"], e["kind"]) == (level, metric, "pearson"))


def _official() -> dict[str, float]:
    with SYS_DA.open(encoding="utf-8") as fh:
        lines = [ln.split() for ln in fh.read().splitlines() if ln.strip()]
    head = lines[0]
    return {r[head.index("SYS")]: float(r[head.index("Z.SCR")]) for r in lines[1:]}


def _corpus_chrf(rows: list[dict[str, str]], a: str = "ref_A", b: str = "ref_B") -> float:
    return sacrebleu.corpus_chrf([r["hyp"] for r in rows], [[r[a] for r in rows], [r[b] for r in rows]]).score


def test_system_human_file_is_the_system_level(wmt21_small: Path) -> None:
    doc = _run(
        "meta", "correlate", str(wmt21_small), "-m", "chrf", "--human", "z", "--system-human", str(SYS_DA),
        "--levels", "segment", "system", "-f", "json", "--bootstrap-n", "20",
    )  # fmt: skip
    rows = _rows(wmt21_small)
    official = _official()
    systems = sorted({r["da_system"] for r in rows})
    assert set(systems) <= set(official)
    m = [_corpus_chrf([r for r in rows if r["da_system"] == s]) for s in systems]
    h = [official[s] for s in systems]
    est = _get(doc, "system", "chrf")
    assert est["n"] == len(systems)
    assert est["value"] == pytest.approx(scipy.stats.pearsonr(m, h)[0], abs=1e-12)
    # the mean of the joined rows is something else
    mean_h = [np.mean([float(r["z"]) for r in rows if r["da_system"] == s]) for s in systems]
    assert abs(scipy.stats.pearsonr(m, mean_h)[0] - est["value"]) > 1e-3
    assert doc["system_human"]["source"] == SYS_DA.name
    pts = {p["system"]: p["human_score"] for p in doc["system_points"]}
    assert pts and all(pts[s] == official[s] for s in pts)


def test_precomputed_column_and_saved_scores(wmt21_small: Path, tmp_path: Path) -> None:
    rows = _rows(wmt21_small)
    sent = [sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"], r["ref_B"]]).score for r in rows]
    header = [*rows[0], "mychrf"]
    table = tmp_path / "t.tsv"
    table.write_text(
        "\n".join(["\t".join(header)] + ["\t".join([*r.values(), repr(s)]) for r, s in zip(rows, sent, strict=True)])
        + "\n",
        encoding="utf-8",
    )
    saved = tmp_path / "scores"
    doc = _run(
        "meta", "correlate", str(table), "-m", "chrf", "col:mychrf", "--human", "z", "-f", "json",
        "--bootstrap-n", "0", "--save-scores", str(saved),
    )  # fmt: skip
    z = np.array([float(r["z"]) for r in rows])
    assert _get(doc, "segment", "col:mychrf")["value"] == pytest.approx(scipy.stats.pearsonr(sent, z)[0], abs=1e-12)
    systems = list(dict.fromkeys(r["da_system"] for r in rows))
    pos = {s: [i for i, r in enumerate(rows) if r["da_system"] == s] for s in systems}
    mean_m = [np.mean([sent[i] for i in pos[s]]) for s in systems]
    mean_h = [z[pos[s]].mean() for s in systems]
    # a precomputed metric's system score is the mean of its segment scores
    assert _get(doc, "system", "col:mychrf")["value"] == pytest.approx(
        scipy.stats.pearsonr(mean_m, mean_h)[0], abs=1e-12
    )
    corpus = [_corpus_chrf([rows[i] for i in pos[s]]) for s in systems]
    assert _get(doc, "system", "chrf")["value"] == pytest.approx(scipy.stats.pearsonr(corpus, mean_h)[0], abs=1e-12)
    # the saved file: SYSTEM<TAB>SCORE per row in table order, read back as file:
    lines = (saved / "chrf.seg.score").read_text(encoding="utf-8").splitlines()
    assert [ln.split("\t")[0] for ln in lines] == [r["da_system"] for r in rows]
    assert [float(ln.split("\t")[1]) for ln in lines] == pytest.approx(sent, abs=1e-9)
    back = _run(
        "meta", "correlate", str(table), "-m", f"file:{saved / 'chrf.seg.score'}", "--human", "z", "-f", "json",
        "--bootstrap-n", "0",
    )  # fmt: skip
    spec = f"file:{saved / 'chrf.seg.score'}"
    assert _get(back, "segment", spec)["value"] == pytest.approx(_get(doc, "segment", "chrf")["value"], abs=1e-12)
    assert back["metrics"][0]["name"] == "chrf"
    # a system-level scores file beside it gives the system points (here sacrebleu's corpus chrF)
    sys_file = saved / "chrf.sys.score"
    sys_file.write_text("".join(f"{s}\t{c!r}\n" for s, c in zip(systems, corpus, strict=True)), encoding="utf-8")
    with_sys = _run(
        "meta", "correlate", str(table), "-m", spec, "--human", "z", "-f", "json", "--bootstrap-n", "10",
    )  # fmt: skip
    est = _get(with_sys, "system", spec)
    assert est["value"] == pytest.approx(scipy.stats.pearsonr(corpus, mean_h)[0], abs=1e-12)
    assert est["resamples"] == 0 and est["lower"] is None


def _mtme_dir(root: Path, n_lines: int) -> tuple[Path, list[dict[str, str]]]:
    """WMT21 ru-en in mt-metrics-eval's layout, its first ``n_lines`` lines (files copied as they are)."""

    def lines(path: Path) -> list[str]:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as fh:
            return fh.read().split("\n")[:n_lines]

    txt = WMT21 / "txt"
    d = root / "wmt21.news"
    for sub in ("sources", "references", "system-outputs/ru-en", "human-scores", "metric-scores/ru-en"):
        (d / sub).mkdir(parents=True)
    (d / "sources" / "ru-en.txt").write_text("\n".join(lines(txt / "sources" / "newstest2021.ru-en.src.ru")) + "\n")
    refs = {k: lines(txt / "references" / f"newstest2021.ru-en.ref.{k}.en") for k in "AB"}
    for k, ls in refs.items():
        (d / "references" / f"ru-en.ref{k}.txt").write_text("\n".join(ls) + "\n", encoding="utf-8")
    joined = [r for r in _rows(JOINED) if int(r["line"]) <= n_lines]
    systems = sorted({(r["da_system"], r["text_from"]) for r in joined})
    seg, chrf_lines = [], []
    for name, text_from in systems:
        kind, what = text_from.split(":")
        out = refs[what] if kind == "ref" else lines(txt / "system-outputs" / f"newstest2021.ru-en.hyp.{what}.en.gz")
        (d / "system-outputs" / "ru-en" / f"{name}.txt").write_text("\n".join(out) + "\n", encoding="utf-8")
        z = {int(r["line"]): r["z"] for r in joined if r["da_system"] == name}
        seg += [f"{name}\t{z.get(i, 'None')}" for i in range(1, n_lines + 1)]
        chrf_lines += [f"{name}\t{sacrebleu.sentence_chrf(out[i], [refs['A'][i]]).score!r}" for i in range(n_lines)]
    (d / "human-scores" / "ru-en.wmt-z.seg.score").write_text("\n".join(seg) + "\n", encoding="utf-8")
    official = _official()
    sys_lines = [f"{name}\t{official[name]!r}" for name, _ in systems]
    (d / "human-scores" / "ru-en.wmt-z.sys.score").write_text("\n".join(sys_lines) + "\n", encoding="utf-8")
    (d / "metric-scores" / "ru-en" / "sentchrF-refA.seg.score").write_text("\n".join(chrf_lines) + "\n")
    for r in joined:
        r["ref_A"], r["ref_B"] = refs["A"][int(r["line"]) - 1], refs["B"][int(r["line"]) - 1]
    return d, joined


def test_mtme_directory(tmp_path: Path) -> None:
    d, joined = _mtme_dir(tmp_path, 60)
    doc = _run(
        "meta", "correlate", str(d), "--lp", "ru-en", "-m", "chrf", "col:sentchrF-refA", "-f", "json",
        "--bootstrap-n", "0",
    )  # fmt: skip
    assert doc["human"] == ["wmt-z"]
    joined.sort(key=lambda r: (r["da_system"], int(r["line"])))
    z = [float(r["z"]) for r in joined]
    chrf = [sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"], r["ref_B"]]).score for r in joined]
    assert doc["rows"] == len(joined)
    assert _get(doc, "segment", "chrf")["value"] == pytest.approx(scipy.stats.pearsonr(chrf, z)[0], abs=1e-12)
    one_ref = [sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"]]).score for r in joined]
    got = _get(doc, "segment", "col:sentchrF-refA")["value"]
    assert got == pytest.approx(scipy.stats.pearsonr(one_ref, z)[0], abs=1e-12)
    # the system level uses the official scores of human-scores/ru-en.wmt-z.sys.score
    official = _official()
    systems = sorted({r["da_system"] for r in joined})
    m = [_corpus_chrf([r for r in joined if r["da_system"] == s]) for s in systems]
    want = scipy.stats.pearsonr(m, [official[s] for s in systems])[0]
    assert _get(doc, "system", "chrf")["value"] == pytest.approx(want, abs=1e-12)
    assert doc["system_human"]["source"] == "human-scores/ru-en.wmt-z.sys.score"


def test_report_leaves_out_english_only_metrics_and_takes_precomputed(tmp_path: Path) -> None:
    """WMT22 MQM en→de: METEOR (English WordNet) is named and left out; a precomputed column is ranked."""
    src = DATA / "test" / "wmt22-mqm" / "derived" / "generaltest2022.en-de.mqm-train.with-refs.tsv.gz"
    rows = [r for r in _rows(src) if int(r["seg_id"]) <= 25]
    sent = [sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"], r["ref_B"]]).score for r in rows]
    table = tmp_path / "ende.tsv"
    header = [*rows[0], "mychrf"]
    body = ["\t".join([*r.values(), repr(s)]) for r, s in zip(rows, sent, strict=True)]
    table.write_text("\n".join(["\t".join(header), *body]) + "\n", encoding="utf-8")
    js, md = tmp_path / "r.json", tmp_path / "r.md"
    args = ["meta", "report", str(table), "-m", "chrf", "meteor", "col:mychrf", "--human", "mqm"]
    args += ["--bootstrap-n", "0", "--permutations", "20", "--json", str(js), "-o", str(md)]
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(args) == 0
    doc = json.loads(js.read_text(encoding="utf-8"))
    tb = doc["tables"][0]
    assert {e["metric"] for e in tb["correlations"]} == {"chrf", "col:mychrf"}
    assert [x["metric"] for x in tb["language_excluded"]["en-de"]] == ["meteor"]
    text = md.read_text(encoding="utf-8")
    assert "`meteor`" in text and "WordNet" in text and "target language `de`" in text
    mqm = [float(r["mqm"]) for r in rows]
    got = next(
        e["value"]
        for e in tb["correlations"]
        if (e["level"], e["metric"], e["kind"]) == ("segment", "col:mychrf", "pearson")
    )
    assert got == pytest.approx(scipy.stats.pearsonr(sent, mqm)[0], abs=1e-12)
    seg = next(c for c in tb["clusters"] if c["level"] == "segment")
    assert {r["metric"] for r in seg["ranking"]} == {"chrf", "col:mychrf"}


def _same_numbers_everywhere(inputs: list[str], official_source: str, tmp_path: Path) -> None:
    """``meta compare`` and ``meta report`` read ``inputs`` as ``meta correlate`` does: the same
    Pearson r per level and metric, and the same official system-level source named."""
    a, b = "chrf", "bleu"
    common = [*inputs, "--bootstrap-n", "0"]
    corr = _run("meta", "correlate", common[0], "-m", a, b, *common[1:], "-f", "json")
    assert corr["system_human"]["source"] == official_source
    js = tmp_path / "r.json"
    buf = io.StringIO()
    report = ["meta", "report", *common, "-m", a, b, "--permutations", "0", "--keep-reference-systems"]
    with redirect_stdout(buf):
        assert main([*report, "--json", str(js)]) == 0
    rep = json.loads(js.read_text(encoding="utf-8"))["tables"][0]
    assert rep["system_human"]["source"] == official_source
    for level in ("segment", "system"):
        cmp = _run("meta", "compare", common[0], "-m", a, b, *common[1:], "--level", level, "--permutations", "0",
                   "-f", "json")  # fmt: skip
        assert ("system_human" in cmp) == (level == "system")
        (c,) = cmp["comparisons"]
        want = [_get(corr, level, m)["value"] for m in (a, b)]
        assert [c["r_a"], c["r_b"]] == want
        got = {e["metric"]: e["value"] for e in rep["correlations"] if (e["level"], e["kind"]) == (level, "pearson")}
        assert [got[a], got[b]] == want


def test_every_meta_command_reads_an_mtme_directory(tmp_path: Path) -> None:
    d, _ = _mtme_dir(tmp_path, 40)
    _same_numbers_everywhere([str(d), "--lp", "ru-en"], "human-scores/ru-en.wmt-z.sys.score", tmp_path)


def test_every_meta_command_reads_system_human(wmt21_small: Path, tmp_path: Path) -> None:
    inputs = [str(wmt21_small), "--human", "z", "--system-human", str(SYS_DA)]
    _same_numbers_everywhere(inputs, SYS_DA.name, tmp_path)


def test_learning_reads_an_mtme_directory(tmp_path: Path) -> None:
    """``meta regress`` trains on the rows ``meta correlate`` reads from an mt-metrics-eval directory."""
    d, joined = _mtme_dir(tmp_path, 40)
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["meta", "regress", str(d), "--lp", "ru-en", "-m", "chrf", "bleu", "-f", "json"]) == 0
    model = json.loads(buf.getvalue())
    assert [f["spec"] for f in model["features"]] == ["chrf", "bleu"]
    assert model["training"]["table"] == "wmt21.news:ru-en" and model["training"]["rows"] == len(joined)


@pytest.mark.parametrize(
    ("text", "system_level", "message"),
    [
        ("A\t0.5\n\nA\t0.6\n", False, "s.score:2: expected SYSTEM<TAB>SCORE, got 0 fields."),
        ("A\t0.5\nA\tinf\n", False, "s.score:2: 'inf' is not a finite score (mt-metrics-eval writes None"),
        ("A\t0.5\nB\tx\n", True, "s.score:2: 'x' is not a number."),
        ("A\t0.5\nB\tnan\n", True, "s.score:2: 'nan' is not a finite score"),
        ("A\t0.5\nB\tNone\n", True, "s.score:2: system 'B' has None for a score; give it a number."),
        ("A\t0.5\nB\t0.4\n\n", True, "s.score:3: expected SYSTEM<TAB>SCORE, got 0 fields."),
        ("A\t0.5\nA\t0.4\n", True, "s.score:2: system 'A' is scored a second time."),
    ],
)
def test_scores_files_are_read_by_one_strict_reader(
    tmp_path: Path, text: str, system_level: bool, message: str
) -> None:
    """Segment- and system-level SYSTEM<TAB>SCORE files: one line parser, errors naming file and line."""
    from mtmetrics.errors import InputError
    from mtmetrics_meta.precomputed import read_segment_scores, read_system_scores

    path = tmp_path / "s.score"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_system_scores(path) if system_level else read_segment_scores(path)
    assert message in str(caught.value), caught.value


def test_scores_file_reader_keeps_none_and_drops_a_leading_bom(tmp_path: Path) -> None:
    from mtmetrics_meta.precomputed import read_segment_scores

    path = tmp_path / "s.score"
    path.write_text("\ufeffA\tNone\nB 1\n", encoding="utf-8")
    assert read_segment_scores(path) == [("A", None), ("B", 1.0)]
