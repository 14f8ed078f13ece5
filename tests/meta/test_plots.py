"""``--plot``: pictures are deterministic, optional, and never imported by ``import mtmetrics``."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from mtmetrics import ResourceError
from mtmetrics.cli import main
from mtmetrics_meta import plots
from tests.meta.conftest import JOSHUA

DRAW = """
from pathlib import Path
from mtmetrics_meta import plots


def draw(out: Path) -> None:
    plots.scatter([0.1, 0.5, 0.9, 0.3], [1.0, -0.5, 0.2, 0.0], out, "s", "chrf", "human (z)", "cs-en")
    plots.correlation_bars(["chrf", "ter", "bleus:max_order=4"], [0.5, 0.4, float("nan")], [0.45, 0.3, float("nan")],
                           [0.55, 0.45, float("nan")], out, "b", "Pearson r", "bars")
    plots.orange_curve([1, 2, 4], {"a": [0.3, 0.25, 0.2], "b": [0.31, 0.3, 0.22]}, out, "o", "orange")
"""


def _digests(directory: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(directory.iterdir())}


def _run(*args: str) -> tuple[int, str]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(args))
    return code, buf.getvalue()


def test_pictures_are_byte_identical_across_processes(tmp_path: Path) -> None:
    for name in ("a", "b"):
        script = DRAW + "\nimport sys\ndraw(Path(sys.argv[1]))\n"
        subprocess.run([sys.executable, "-c", script, str(tmp_path / name)], check=True)
    a, b = _digests(tmp_path / "a"), _digests(tmp_path / "b")
    assert sorted(a) == ["b.png", "b.svg", "o.png", "o.svg", "s.png", "s.svg"]
    assert a == b
    # and in this process, whatever rcParams the user has set
    import matplotlib

    with matplotlib.rc_context({"font.size": 30, "svg.hashsalt": None, "lines.linewidth": 7}):
        namespace: dict = {"__name__": "draw"}
        exec(compile(DRAW, "draw", "exec"), namespace)
        namespace["draw"](tmp_path / "c")
    assert _digests(tmp_path / "c") == a
    svg = (tmp_path / "a" / "s.svg").read_text(encoding="utf-8")
    assert "<dc:date>" not in svg and "Matplotlib v" not in svg
    assert b"Matplotlib version" not in (tmp_path / "a" / "s.png").read_bytes()


def test_importing_mtmetrics_does_not_import_matplotlib() -> None:
    code = (
        "import sys, mtmetrics, mtmetrics_meta.cli, mtmetrics_meta.plots, mtmetrics_meta.report;"
        "mtmetrics.load_metric('chrf');"
        "assert 'matplotlib' not in sys.modules, 'matplotlib imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_missing_matplotlib_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for mod in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes 'import matplotlib' raise ImportError
    with pytest.raises(ResourceError, match=r"pip install 'mtmetrics\[plot\]'"):
        plots.scatter([1.0], [1.0], tmp_path, "s", "x", "y", "t")
    # the command fails before reading anything (the table does not even exist)
    code, _ = _run("meta", "correlate", "nonexistent.tsv", "-m", "chrf", "--plot", str(tmp_path))
    assert code != 0 and "pip install 'mtmetrics[plot]'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_correlate_plot(wmt17_small: Path, tmp_path: Path) -> None:
    code, out = _run(
        "meta", "correlate", str(wmt17_small), "-m", "chrf", "wer", "--bootstrap-n", "20", "-f", "json",
        "--plot", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    doc = json.loads(out)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "scatter.cs-en.z.chrf.png" in names and "scatter.de-en.z.wer.svg" in names
    assert "pearson.cs-en.z.segment.svg" in names and "pearson.de-en.z.system.png" in names
    assert len(names) == 2 * (2 * 2 + 2 * 2)  # scatter: 2 groups x 2 metrics; bars: 2 groups x 2 levels
    assert sorted(Path(p).name for p in doc["plots"]) == names


def test_orange_plot(tmp_path: Path) -> None:
    nbest = JOSHUA / "output.gold"
    lines = nbest.read_text(encoding="utf-8").split("\n")
    small = tmp_path / "nbest.txt"
    small.write_text("\n".join(ln for ln in lines if ln and int(ln.split(" ||| ")[0]) < 5) + "\n", encoding="utf-8")
    refs = []
    for k in range(4):
        ref = tmp_path / f"ref{k}"
        ref.write_text("\n".join((JOSHUA / f"reference.en.{k}").read_text(encoding="utf-8").split("\n")[:5]) + "\n")
        refs.append(str(ref))
    out_dir = tmp_path / "plots"
    code, _ = _run("meta", "orange", str(small), *refs, "-m", "bleus", "rouge-l", "--bootstrap-n", "20",
                   "--plot", str(out_dir))  # fmt: skip
    assert code == 0
    assert sorted(p.name for p in out_dir.iterdir()) == [
        "orange-by-size.png",
        "orange-by-size.svg",
        "orange.png",
        "orange.svg",
    ]


def test_report_plot(wmt17_small: Path, tmp_path: Path) -> None:
    md = tmp_path / "r.md"
    code, _ = _run("meta", "report", str(wmt17_small), "-m", "chrf", "--bootstrap-n", "20", "-o", str(md),
                   "--plot", str(tmp_path / "p"))  # fmt: skip
    assert code == 0
    names = sorted(p.name for p in (tmp_path / "p").iterdir())
    assert "scatter.cs-en.z.chrf.svg" in names and "pearson.de-en.z.system.png" in names


def test_compare_plot(wmt17_small: Path, tmp_path: Path) -> None:
    code, _ = _run("meta", "compare", str(wmt17_small), "-m", "chrf", "wer", "--kind", "spearman",
                   "--bootstrap-n", "20", "--plot", str(tmp_path))  # fmt: skip
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "spearman.cs-en.z.segment.svg" in names and "scatter.de-en.z.wer.png" in names


def _bars(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Record every bar chart drawn (its labels, values and interval ends) and still draw it."""
    drawn: list[dict] = []
    real = plots.correlation_bars

    def record(labels, values, lowers, uppers, out_dir, stem, ylabel, title):  # type: ignore[no-untyped-def]
        drawn.append({"stem": stem, "labels": list(labels), "values": list(values), "ylabel": ylabel})
        return real(labels, values, lowers, uppers, out_dir, stem, ylabel, title)

    monkeypatch.setattr(plots, "correlation_bars", record)
    return drawn


def test_compare_spearman_plot_draws_spearman(
    wmt17_small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``meta compare --kind spearman --plot``: the bar chart shows both metrics' Spearman rho (it was empty)."""
    import csv

    import sacrebleu
    import scipy.stats

    drawn = _bars(monkeypatch)
    code, _ = _run("meta", "compare", str(wmt17_small), "-m", "chrf", "wer", "--kind", "spearman",
                   "--bootstrap-n", "20", "--permutations", "0", "--plot", str(tmp_path))  # fmt: skip
    assert code == 0
    chart = next(d for d in drawn if d["stem"] == "spearman.cs-en.z.segment")
    assert chart["labels"] == ["chrf", "wer"] and chart["ylabel"].startswith("Spearman")
    with open(wmt17_small, encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE) if r["lp"] == "cs-en"]
    chrf = [sacrebleu.sentence_chrf(r["hyp"], [r["ref"]]).score for r in rows]
    rho = scipy.stats.spearmanr(chrf, [float(r["z"]) for r in rows]).statistic
    assert chart["values"][0] == pytest.approx(rho, abs=1e-12)
    assert -1 <= chart["values"][1] <= 1


def test_bars_with_an_interval_beside_its_estimate(tmp_path: Path) -> None:
    """A percentile interval need not contain the estimate (few systems): the chart is still drawn."""
    paths = plots.correlation_bars(["a", "b"], [0.9, 0.2], [0.92, 0.1], [0.97, 0.15], tmp_path, "x", "r", "t")
    assert sorted(p.name for p in paths) == ["x.png", "x.svg"]
