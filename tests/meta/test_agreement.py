"""accuracy, soft-accuracy and acc-eq in ``correlate`` / ``meta correlate`` on untouched WMT data.

Oracles: sacrebleu's corpus_chrf / sentence_chrf straight from the table's columns; Kocmi's
accuracy and Thompson's SPA transcribed as loops (the permutation signs drawn as documented,
``default_rng([seed, group_index, 2])``); acc-eq by the brute-force search of tests/stats/test_ties.
"""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import json
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest
import sacrebleu

from mtmetrics import load_metric
from mtmetrics.cli import main
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics_meta.correlate import CorrelationSettings, correlate
from mtmetrics_meta.scores import score_table
from tests.stats.test_ties import brute_acc_eq


def _rows(path: Path) -> list[dict[str, str]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))


def _run(*args: str) -> str:
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(list(args)) == 0
    return buf.getvalue()


@pytest.fixture(scope="module")
def ruen(wmt21_small: Path) -> dict:
    table = read_table(str(wmt21_small))
    cols = detect_columns(table)
    scores = score_table(table, cols, [("chrf", load_metric("chrf"))])
    settings = CorrelationSettings(
        humans=("z",),
        levels=("segment", "item", "system"),
        kinds=("accuracy", "soft-accuracy", "acc-eq"),
        n_boot=100,
        seed=3,
    )
    res = correlate(table, cols, scores, settings)
    return {e.kind + "/" + e.level: e for e in res.estimates}


def test_system_accuracy_and_spa_equal_transcriptions(wmt21_small: Path, ruen: dict) -> None:
    rows = _rows(wmt21_small)
    systems = list(dict.fromkeys(r["da_system"] for r in rows))
    assert not any("+" in s for s in systems)
    items = sorted({r["sid"] for r in rows})
    item_index = {sid: k for k, sid in enumerate(items)}
    by = {s: [r for r in rows if r["da_system"] == s] for s in systems}
    metric = [
        sacrebleu.corpus_chrf(
            [r["hyp"] for r in by[s]], [[r["ref_A"] for r in by[s]], [r["ref_B"] for r in by[s]]]
        ).score
        for s in systems
    ]
    human = [float(np.mean([float(r["z"]) for r in by[s]])) for s in systems]
    agree = sum(
        np.sign(metric[i] - metric[j]) == np.sign(human[i] - human[j])
        for i, j in itertools.combinations(range(len(systems)), 2)
    )
    pairs = len(systems) * (len(systems) - 1) // 2
    assert ruen["accuracy/system"].value == pytest.approx(agree / pairs, abs=1e-12)
    assert ruen["accuracy/system"].resamples == 100

    # SPA: per system and item the segment score; one-sided paired permutation p-values
    signs = np.where(np.random.default_rng([3, 0, 2]).random((1000, len(items))) < 0.5, 1.0, -1.0)

    def matrix(value: Callable[[dict[str, str]], float]) -> list[dict[int, float]]:
        return [{item_index[r["sid"]]: value(r) for r in by[s]} for s in systems]

    def p_values(mat: list[dict[int, float]]) -> dict[tuple[int, int], float]:
        out = {}
        for i, j in itertools.combinations(range(len(systems)), 2):
            common = sorted(set(mat[i]) & set(mat[j]))
            obs = sum(mat[i][t] - mat[j][t] for t in common)
            hits = 0
            for s in signs:
                null = sum(s[t] * (mat[i][t] - mat[j][t]) for t in common)
                hits += null >= obs - 1e-9
            out[(i, j)] = hits / len(signs)
        return out

    ph = p_values(matrix(lambda r: float(r["z"])))
    pm = p_values(matrix(lambda r: sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"], r["ref_B"]]).score))
    spa = 1 - np.mean([abs(ph[k] - pm[k]) for k in ph])
    assert ruen["soft-accuracy/system"].value == pytest.approx(spa, abs=1e-12)


def test_acc_eq_by_item_equals_brute_force(wmt21_small: Path, ruen: dict) -> None:
    rows = _rows(wmt21_small)
    metric = [sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"], r["ref_B"]]).score for r in rows]
    human = [float(r["z"]) for r in rows]
    value, eps = brute_acc_eq(metric, human, [int(r["sid"]) for r in rows])
    est = ruen["acc-eq/item"]
    assert est.value == pytest.approx(value, abs=1e-9)
    assert est.epsilon == pytest.approx(eps, abs=1e-9)
    assert est.n == len({r["sid"] for r in rows})
    assert 0 <= ruen["acc-eq/segment"].value <= 1
    # undefined combinations are left out
    assert "accuracy/segment" not in ruen and "acc-eq/system" not in ruen


def test_cli_pools_accuracy_over_groups(wmt17_small: Path) -> None:
    doc = json.loads(
        _run(
            "meta",
            "correlate",
            str(wmt17_small),
            "-m",
            "chrf",
            "--human",
            "z",
            "-f",
            "json",
            "--kinds",
            "pearson",
            "accuracy",
            "soft-accuracy",
            "acc-eq",
            "--levels",
            "segment",
            "item",
            "system",
            "--bootstrap-n",
            "50",
            "--permutations",
            "200",
        )
    )
    acc = {e["group"]: e for e in doc["correlations"] if e["kind"] == "accuracy"}
    assert set(acc) == {"cs-en", "de-en", "pooled"}
    sizes = {g: acc[g]["n"] * (acc[g]["n"] - 1) // 2 for g in ("cs-en", "de-en")}
    micro = sum(acc[g]["value"] * sizes[g] for g in sizes) / sum(sizes.values())
    assert acc["pooled"]["value"] == pytest.approx(micro)
    assert doc["permutations"] == {"n": 200, "seed": doc["bootstrap"]["seed"]}
    eq = [e for e in doc["correlations"] if e["kind"] == "acc-eq"]
    assert {e["level"] for e in eq} == {"segment", "item"} and all("epsilon" in e for e in eq)
    assert all("epsilon" not in e for e in doc["correlations"] if e["kind"] != "acc-eq")
    md = _run(
        "meta",
        "correlate",
        str(wmt17_small),
        "-m",
        "chrf",
        "ter",
        "--human",
        "z",
        "-f",
        "markdown",
        "--kinds",
        "kendall",
        "accuracy",
        "--bootstrap-n",
        "0",
    )
    assert "| metric | kendall (no interval) | accuracy (no interval)" in md
    assert "### pooled, human = z, system level" in md
    text = _run(
        "meta",
        "correlate",
        str(wmt17_small),
        "-m",
        "chrf",
        "--kinds",
        "acc-eq",
        "--levels",
        "item",
        "--bootstrap-n",
        "0",
    )
    assert "acc-eq" in text and "ε=" in text


def test_report_permutation_clusters_follow_perm_both(wmt17_small: Path, tmp_path: Path) -> None:
    from tests.stats.test_accuracy import perm_oracle

    out = tmp_path / "r.json"
    _run(
        "meta",
        "report",
        str(wmt17_small),
        "-m",
        "chrf",
        "bleu",
        "ter",
        "--human",
        "z",
        "--bootstrap-n",
        "0",
        "--permutations",
        "300",
        "--seed",
        "4",
        "--json",
        str(out),
        "-o",
        str(tmp_path / "r.md"),
    )
    doc = json.loads(out.read_text(encoding="utf-8"))
    tb = doc["tables"][0]
    cells = list(dict.fromkeys((e["group"], e["human"], e["level"]) for e in tb["correlations"]))
    ci = cells.index(("cs-en", "z", "system"))
    cell = next(c for c in tb["perm_clusters"] if (c["group"], c["level"]) == ("cs-en", "system"))
    specs = ["chrf", "bleu", "ter"]
    pts = {m: [p for p in tb["system_points"] if (p["group"], p["metric"]) == ("cs-en", m)] for m in specs}
    human = [p["human_score"] for p in pts["chrf"]]
    ranking = cell["ranking"]
    leader = ranking[0]["metric"]
    for r in ranking[1:2]:  # the second metric is always tested against the first
        a, b = leader, r["metric"]
        expected = perm_oracle(
            human,
            [p["metric_score"] for p in pts[a]],
            [p["metric_score"] for p in pts[b]],
            300,
            [4, ci, specs.index(a), specs.index(b)],  # type: ignore[arg-type]
        )
        assert r["p_vs_leader"] == expected
    assert "| metric | cl | perm |" in (tmp_path / "r.md").read_text(encoding="utf-8")
