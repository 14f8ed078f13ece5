"""The neural metrics on the other roads: ``meta correlate``/``meta report`` over a table, ``rank``,
and Dask's partitions (one model load per worker process), on tiny checkpoints."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.stats

from mtmetrics import load_metric
from mtmetrics.testing import default_corpus
from tests.cli import run_cli

CORPUS = default_corpus()
#: three systems over the corpus's ten segments
SYSTEMS = {"A": CORPUS.hyps, "B": CORPUS.refs[1], "C": CORPUS.hyps[::-1]}


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A judged-segment table (lp, system, sid, source, ref, hyp, z) of :data:`SYSTEMS`, z seeded."""
    z = np.random.default_rng(7).normal(size=30)
    rows = ["lp\tsystem\tsid\tsource\tref\thyp\tz"]
    for k, (name, hyps) in enumerate(SYSTEMS.items()):
        for i, (s, r, h) in enumerate(zip(CORPUS.sources, CORPUS.refs[0], hyps, strict=True)):
            rows.append(f"de-en\t{name}\t{i + 1}\t{s}\t{r}\t{h}\t{z[10 * k + i]:.6f}")
    path = tmp_path_factory.mktemp("table") / "table.tsv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _api_scores(checkpoints: dict[str, Path], name: str) -> np.ndarray:
    scorer = load_metric(name, model=str(checkpoints[name]))
    refs = [] if name == "cometkiwi" else [CORPUS.refs[0]]
    return np.concatenate(
        [scorer.statistics(hyps, [r for r in refs], CORPUS.sources).array[:, 0] for hyps in SYSTEMS.values()]
    )


def _pearson(doc: dict[str, Any], spec: str) -> float:
    return float(
        next(
            e["value"]
            for e in doc["correlations"]
            if (e["level"], e["metric"], e["kind"]) == ("segment", spec, "pearson")
        )
    )


def test_meta_correlate(checkpoints: dict[str, Path], table: Path, tmp_path: Path) -> None:
    """Segment-level Pearson of comet and cometkiwi equals scipy's on the API's scores; cometkiwi
    scores a table without a reference column the same, where a reference-based metric is refused."""
    specs = {name: f"{name}:model={checkpoints[name]}" for name in ("comet", "cometkiwi")}
    options = ["--human", "z", "-f", "json", "--bootstrap-n", "10"]
    code, out, err = run_cli("meta", "correlate", str(table), "-m", *specs.values(), *options)
    assert code == 0, err
    doc = json.loads(out)
    z = np.array([float(line.split("\t")[-1]) for line in table.read_text(encoding="utf-8").splitlines()[1:]])
    for name, spec in specs.items():
        expected = scipy.stats.pearsonr(_api_scores(checkpoints, name), z).statistic
        assert _pearson(doc, spec) == pytest.approx(expected, abs=1e-12)
    lines = table.read_text(encoding="utf-8").splitlines()
    bare = tmp_path / "noref.tsv"
    bare.write_text("".join("\t".join(np.delete(line.split("\t"), 4)) + "\n" for line in lines), encoding="utf-8")
    code, out, err = run_cli("meta", "correlate", str(bare), "-m", specs["cometkiwi"], *options)
    assert code == 0, err
    free = json.loads(out)
    assert _pearson(free, specs["cometkiwi"]) == _pearson(doc, specs["cometkiwi"])
    assert "COMETKIWI|nrefs:0|" in out
    code, _, err = run_cli("meta", "correlate", str(bare), "-m", specs["cometkiwi"], "chrf", *options)
    assert code == 2 and "-m chrf reads references, but the table has no reference column" in err
    assert len(err.strip().splitlines()) == 1


def test_meta_report(checkpoints: dict[str, Path], table: Path, tmp_path: Path) -> None:
    """``meta report`` scores a neural metric named with -m and signs it with its checkpoint."""
    spec = f"xcomet:model={checkpoints['xcomet']}"
    md, js = tmp_path / "report.md", tmp_path / "report.json"
    args = ["--human", "z", "--bootstrap-n", "10", "--permutations", "10", "-o", str(md), "--json", str(js)]
    code, _, err = run_cli("meta", "report", str(table), "-m", spec, "chrf", *args)
    assert code == 0, err
    assert "XCOMET\\|nrefs:1\\|batch:0\\|ckpt:" in md.read_text(encoding="utf-8")  # Markdown escapes |
    assert "XCOMET|nrefs:1|batch:0|ckpt:" in js.read_text(encoding="utf-8")


def _write(folder: Path, name: str, lines: list[str]) -> str:
    path = folder / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_rank(checkpoints: dict[str, Path], tmp_path: Path) -> None:
    """``rank`` ranks systems by comet with references and by cometkiwi without any; each system's
    score is the API's corpus score."""
    files = [_write(tmp_path, name, hyps) for name, hyps in SYSTEMS.items()]
    src, ref = _write(tmp_path, "src", CORPUS.sources), _write(tmp_path, "ref", CORPUS.refs[0])
    for name, refs in (("comet", [ref]), ("cometkiwi", [])):
        spec = f"{name}:model={checkpoints[name]}"
        code, out, err = run_cli(
            "rank", *refs, "-i", *files, "--names", *SYSTEMS, "--src", src, "-m", spec, "-n", "50", "-f", "json"
        )
        assert code == 0, err
        (metric,) = json.loads(out)["metrics"]
        scores = {row["system"]: row["score"] for row in metric["ranking"]}
        scorer = load_metric(name, model=str(checkpoints[name]))
        for system, hyps in SYSTEMS.items():
            expected = scorer.corpus_score(hyps, [CORPUS.refs[0]] if refs else None, CORPUS.sources).score
            assert scores[system] == pytest.approx(expected, abs=1e-12)
    code, _, err = run_cli("rank", "-i", *files, "--src", src, "-m", f"comet:model={checkpoints['comet']}")
    assert code == 2 and "needs reference files" in err


def test_dask_partitions_load_the_model_once(checkpoints: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The Dask road's partition function (what each worker runs; Dask itself is not in this
    environment) builds its metric once per process and the model once: three partitions, one of
    them with the metric shipped pickled, load the checkpoint once and give the API's statistics;
    a reference-free metric's items need no ``refs``."""
    from mtmetrics import dask as mdask
    from mtmetrics_neural import comet as plugin
    from mtmetrics_neural import common

    loads: list[str] = []
    original = plugin.import_comet().load_from_checkpoint

    def counting(path: str, **kwargs: Any) -> Any:
        loads.append(path)
        return original(path, **kwargs)

    monkeypatch.setattr(common, "_LOADED", {})
    monkeypatch.setattr(plugin.import_comet(), "load_from_checkpoint", counting)
    mdask._metric.cache_clear()
    for name in ("comet", "cometkiwi"):
        scorer = load_metric(name, model=str(checkpoints[name]))
        cls, params = type(scorer.metric), tuple(sorted(scorer.metric.values.items()))
        free = name == "cometkiwi"
        items = [
            {"hyp": h, "source": s, **({} if free else {"refs": [r]})}
            for h, s, r in zip(CORPUS.hyps, CORPUS.sources, CORPUS.refs[0], strict=True)
        ]
        shipped = pickle.loads(pickle.dumps(scorer.metric))  # as Dask ships a metric with a limit set
        parts = [
            mdask._partition(items[:4], cls, params, True),
            mdask._partition(items[4:7], cls, params, True, shipped),
            mdask._partition(items[7:], cls, params, True),
        ]
        rows = np.concatenate([part[0][2] for part in parts])
        local = scorer.statistics(CORPUS.hyps, [] if free else [CORPUS.refs[0]], CORPUS.sources)
        assert rows.tobytes() == local.array.tobytes()
    assert sorted(loads) == sorted(str(checkpoints[n] / "checkpoints" / "model.ckpt") for n in ("comet", "cometkiwi"))
