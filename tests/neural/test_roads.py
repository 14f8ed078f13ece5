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

from mtmetrics import load_metric, plugins
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


def _reads(name: str) -> tuple[bool, bool]:
    """Whether ``name`` reads references and whether it reads sources."""
    inputs = plugins.REGISTRY.metric_class(name).inputs
    return inputs.references, inputs.source


def _api_scores(checkpoints: dict[str, Path], name: str) -> np.ndarray:
    scorer = load_metric(name, model=str(checkpoints[name]))
    refs, sources = _reads(name)
    return np.concatenate(
        [
            scorer.statistics(hyps, [CORPUS.refs[0]] if refs else [], CORPUS.sources if sources else None).array[:, 0]
            for hyps in SYSTEMS.values()
        ]
    )


#: pairs of a metric that reads references and one that does not, as the roads test them
PAIRS = [("comet", "cometkiwi"), ("bleurt", "metricxqe"), ("metricx", "metricx23qe"), ("metricx23", "cometkiwi")]


def _pearson(doc: dict[str, Any], spec: str) -> float:
    return float(
        next(
            e["value"]
            for e in doc["correlations"]
            if (e["level"], e["metric"], e["kind"]) == ("segment", spec, "pearson")
        )
    )


@pytest.mark.parametrize(("based", "free"), PAIRS)
def test_meta_correlate(checkpoints: dict[str, Path], table: Path, tmp_path: Path, based: str, free: str) -> None:
    """Segment-level Pearson of each metric equals scipy's on the API's scores (sign flipped for
    MetricX, where lower is better); the reference-free one scores a table without a reference
    column the same, where a reference-based metric is refused."""
    specs = {name: f"{name}:model={checkpoints[name]}" for name in (based, free)}
    options = ["--human", "z", "-f", "json", "--bootstrap-n", "10"]
    code, out, err = run_cli("meta", "correlate", str(table), "-m", *specs.values(), *options)
    assert code == 0, err
    doc = json.loads(out)
    z = np.array([float(line.split("\t")[-1]) for line in table.read_text(encoding="utf-8").splitlines()[1:]])
    for name, spec in specs.items():
        sign = 1 if plugins.REGISTRY.metric_class(name).higher_is_better else -1
        expected = scipy.stats.pearsonr(sign * _api_scores(checkpoints, name), z).statistic
        assert _pearson(doc, spec) == pytest.approx(expected, abs=1e-12)
    lines = table.read_text(encoding="utf-8").splitlines()
    bare = tmp_path / "noref.tsv"
    bare.write_text("".join("\t".join(np.delete(line.split("\t"), 4)) + "\n" for line in lines), encoding="utf-8")
    code, out, err = run_cli("meta", "correlate", str(bare), "-m", specs[free], *options)
    assert code == 0, err
    assert _pearson(json.loads(out), specs[free]) == _pearson(doc, specs[free])
    assert f"{free.upper()}|nrefs:0|" in out
    code, _, err = run_cli("meta", "correlate", str(bare), "-m", specs[free], "chrf", *options)
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


@pytest.mark.parametrize(("based", "free"), PAIRS)
def test_rank(checkpoints: dict[str, Path], tmp_path: Path, based: str, free: str) -> None:
    """``rank`` ranks systems by a metric with references and by a reference-free one without any;
    each system's score is the API's corpus score."""
    files = [_write(tmp_path, name, hyps) for name, hyps in SYSTEMS.items()]
    src, ref = _write(tmp_path, "src", CORPUS.sources), _write(tmp_path, "ref", CORPUS.refs[0])
    for name in (based, free):
        refs, sources = _reads(name)
        spec = f"{name}:model={checkpoints[name]}"
        given = [*([ref] if refs else []), "-i", *files, "--names", *SYSTEMS, *(["--src", src] if sources else [])]
        code, out, err = run_cli("rank", *given, "-m", spec, "-n", "50", "-f", "json")
        assert code == 0, err
        (metric,) = json.loads(out)["metrics"]
        scores = {row["system"]: row["score"] for row in metric["ranking"]}
        scorer = load_metric(name, model=str(checkpoints[name]))
        for system, hyps in SYSTEMS.items():
            expected = scorer.corpus_score(
                hyps, [CORPUS.refs[0]] if refs else None, CORPUS.sources if sources else None
            ).score
            assert scores[system] == pytest.approx(expected, abs=1e-12)
    code, _, err = run_cli("rank", "-i", *files, "--src", src, "-m", f"{based}:model={checkpoints[based]}")
    assert code == 2 and "needs reference files" in err


@pytest.mark.parametrize("name", ["comet", "cometkiwi", "bleurt", "metricx", "metricx23qe"])
def test_dask_partitions_load_the_model_once(
    checkpoints: dict[str, Path], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The Dask road's partition function (what each worker runs; Dask itself is not in this
    environment) builds its metric once per process and the model once: three partitions, one of
    them with the metric shipped pickled, load the checkpoint once and give the API's statistics;
    a reference-free metric's items need no ``refs``."""
    from mtmetrics import dask as mdask
    from mtmetrics_neural import common

    scorer = load_metric(name, model=str(checkpoints[name]))
    metric: Any = scorer.metric
    cls, params = type(metric), tuple(sorted(metric.values.items()))
    loads: list[str] = []
    original = cls._load

    def counting(self: Any, device: str) -> Any:
        loads.append(str(self._weights[0]))
        return original(self, device)

    monkeypatch.setattr(common, "_LOADED", {})
    monkeypatch.setattr(cls, "_load", counting)
    mdask._metric.cache_clear()
    refs, sources = _reads(name)
    items = [
        {"hyp": h, **({"source": s} if sources else {}), **({"refs": [r]} if refs else {})}
        for h, s, r in zip(CORPUS.hyps, CORPUS.sources, CORPUS.refs[0], strict=True)
    ]
    shipped = pickle.loads(pickle.dumps(metric))  # as Dask ships a metric with a limit set
    parts = [
        mdask._partition(items[:4], cls, params, True),
        mdask._partition(items[4:7], cls, params, True, shipped),
        mdask._partition(items[7:], cls, params, True),
    ]
    rows = np.concatenate([part[0][2] for part in parts])
    local = scorer.statistics(CORPUS.hyps, [CORPUS.refs[0]] if refs else [], CORPUS.sources if sources else None)
    assert rows.tobytes() == local.array.tobytes()
    assert loads == [str(metric._weights[0])]
