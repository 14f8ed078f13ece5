"""Segment-level significance that respects the grouping of rows by source segment (item).

Oracles: PERM-BOTH transcribed as a loop with scipy's zscore and pearsonr, one coin per source
segment (all rows of a segment swapped together); the item-grouped measure as scipy's Pearson per
segment, averaged; Williams' test from ``tests/meta/test_report.py``.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
import scipy.stats

from mtmetrics.cli import main
from mtmetrics.io.tables import read_table
from mtmetrics.stats.correlation import pearson_rows
from mtmetrics.stats.permutation import item_mean_rows, perm_both
from tests.meta.test_report import williams_oracle


def _run(*args: str) -> tuple[int, str]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(args))
    return code, buf.getvalue()


def _item_mean_pearson(x: list[float], y: list[float], items: list[int]) -> float:
    vals = []
    for it in sorted(set(items)):
        pos = [i for i, v in enumerate(items) if v == it]
        if len(pos) >= 3:
            xs, ys = [x[i] for i in pos], [y[i] for i in pos]
            if len(set(xs)) > 1 and len(set(ys)) > 1:
                vals.append(scipy.stats.pearsonr(xs, ys)[0])
    return float(np.mean(vals)) if vals else float("nan")


def block_perm_oracle(
    h: list[float], a: list[float], b: list[float], items: list[int], k: int, seed: list[int]
) -> float:
    """PERM-BOTH with one coin per item: a literal loop."""
    za, zb = scipy.stats.zscore(a), scipy.stats.zscore(b)
    delta = scipy.stats.pearsonr(za, h)[0] - scipy.stats.pearsonr(zb, h)[0]
    coins = np.random.default_rng(seed).random((k, max(items) + 1))
    hits = 0
    for row in coins:
        pa = [zb[t] if row[items[t]] < 0.5 else za[t] for t in range(len(h))]
        pb = [za[t] if row[items[t]] < 0.5 else zb[t] for t in range(len(h))]
        hits += scipy.stats.pearsonr(pa, h)[0] - scipy.stats.pearsonr(pb, h)[0] >= delta - 1e-12
    return hits / k


def test_block_permutation_equals_loop() -> None:
    rng = np.random.default_rng(3)
    items = np.repeat(np.arange(12), 5)
    h = rng.normal(size=60) + np.repeat(rng.normal(size=12), 5)
    a = h + rng.normal(size=60)
    b = 3 * (h + 1.5 * rng.normal(size=60))
    p, _ = perm_both(pearson_rows, h, a, b, 200, [1, 2], items)
    assert p == block_perm_oracle(h.tolist(), a.tolist(), b.tolist(), items.tolist(), 200, [1, 2])
    # every point its own block draws k × n uniforms: the ungrouped test exactly
    assert perm_both(pearson_rows, h, a, b, 200, 7, np.arange(60))[0] == perm_both(pearson_rows, h, a, b, 200, 7)[0]


def test_item_mean_measure_equals_scipy() -> None:
    rng = np.random.default_rng(4)
    items = np.array([0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3])
    x, y = rng.normal(size=(2, 12))
    x[9:] = 1.0  # item 3 constant: undefined, skipped
    got = item_mean_rows(items, pearson_rows)(x[None, :], y[None, :])[0]
    assert got == pytest.approx(_item_mean_pearson(x.tolist(), y.tolist(), items.tolist()), abs=1e-12)


@pytest.fixture(scope="module")
def reports(wmt21_small: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    d = tmp_path_factory.mktemp("grouped")
    out = {}
    for test in ("perm-items", "williams"):
        js = d / f"{test}.json"
        args = ["meta", "report", str(wmt21_small), "-m", "chrf", "ter", "--human", "z", "--bootstrap-n", "0"]
        args += ["--permutations", "200", "--seed", "6", "--levels", "segment", "item", "--segment-test", test]
        args += ["--keep-reference-systems"]
        assert _run(*args, "-o", str(d / f"{test}.md"), "--json", str(js))[0] == 0
        out[test] = json.loads(js.read_text(encoding="utf-8"))
        out[test]["md"] = (d / f"{test}.md").read_text(encoding="utf-8")
    return out


def _ru_en(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """sacrebleu's sentence chrF and (negated) TER with both references, z, and item numbers."""
    c = read_table(path).columns
    refs = list(zip(c["ref_A"], c["ref_B"], strict=True))
    z = np.array([float(v) for v in c["z"]])
    chrf = np.array([sacrebleu.sentence_chrf(h, list(r)).score for h, r in zip(c["hyp"], refs, strict=True)])
    ter = -np.array([sacrebleu.sentence_ter(h, list(r)).score for h, r in zip(c["hyp"], refs, strict=True)])
    sids = c["sid"]
    order = sorted(set(sids))
    return chrf, ter, z, [order.index(s) for s in sids]


def test_report_segment_clusters_swap_whole_segments(wmt21_small: Path, reports: dict[str, dict]) -> None:
    doc = reports["perm-items"]
    tb = doc["tables"][0]
    chrf, ter, z, items = _ru_en(wmt21_small)
    cells = list(dict.fromkeys((e["group"], e["human"], e["level"]) for e in tb["correlations"]))
    scores = {"chrf": chrf, "ter": ter}
    for level in ("segment", "item"):
        cell = next(c for c in tb["clusters"] if (c["group"], c["level"]) == ("ru-en", level))
        assert cell["test"] == "perm-both-items"
        lead, second = cell["ranking"][0]["metric"], cell["ranking"][1]["metric"]
        seed = [6, cells.index(("ru-en", "z", level)), 1, ["chrf", "ter"].index(lead), ["chrf", "ter"].index(second)]
        if level == "segment":
            expected = block_perm_oracle(z.tolist(), scores[lead].tolist(), scores[second].tolist(), items, 200, seed)
        else:
            expected = _block_perm_item_oracle(z, scores[lead], scores[second], items, 200, seed)
        assert cell["ranking"][1]["p_vs_leader"] == expected
        assert cell["ranking"][1]["p_vs_leader"] >= 1 / 200
    assert "swapping the two metrics' standardised scores of whole source segments" in doc["md"]


def _block_perm_item_oracle(h: np.ndarray, a: np.ndarray, b: np.ndarray, items: list[int], k: int, seed: list) -> float:
    za, zb = scipy.stats.zscore(a), scipy.stats.zscore(b)
    hl = h.tolist()
    delta = _item_mean_pearson(za.tolist(), hl, items) - _item_mean_pearson(zb.tolist(), hl, items)
    coins = np.random.default_rng(seed).random((k, max(items) + 1))
    hits = 0
    for row in coins:
        swap = row[items] < 0.5
        pa, pb = np.where(swap, zb, za).tolist(), np.where(swap, za, zb).tolist()
        hits += _item_mean_pearson(pa, hl, items) - _item_mean_pearson(pb, hl, items) >= delta - 1e-12
    return hits / k


def test_williams_over_all_rows_kept_as_option(wmt21_small: Path, reports: dict[str, dict]) -> None:
    doc = reports["williams"]
    tb = doc["tables"][0]
    chrf, ter, z, _ = _ru_en(wmt21_small)
    cell = next(c for c in tb["clusters"] if (c["group"], c["level"]) == ("ru-en", "segment"))
    assert cell["test"] == "williams"
    values = {"chrf": scipy.stats.pearsonr(chrf, z)[0], "ter": scipy.stats.pearsonr(ter, z)[0]}
    hi, lo = cell["ranking"][0]["metric"], cell["ranking"][1]["metric"]
    expected = williams_oracle(values[hi], values[lo], scipy.stats.pearsonr(chrf, ter)[0], len(z))
    assert cell["ranking"][1]["p_vs_leader"] == pytest.approx(expected)
    assert "`--segment-test williams`" in doc["md"]


def test_compare_perm_both_swaps_whole_segments(wmt21_small: Path) -> None:
    """``meta compare`` at segment level: PERM-BOTH over whole source segments, next to Williams."""
    doc = _run_json(
        "meta", "compare", str(wmt21_small), "-m", "chrf", "ter", "--human", "z", "--bootstrap-n", "0",
        "--permutations", "200", "--seed", "9", "-f", "json",
    )  # fmt: skip
    chrf, ter, z, items = _ru_en(wmt21_small)
    test = doc["comparisons"][0]["tests"]["perm_both"]
    assert test["swapped"] == "source segments"
    assert test["p_one_sided"] == block_perm_oracle(z.tolist(), chrf.tolist(), ter.tolist(), items, 200, [9, 0])
    # Williams over all rows is far more confident than swapping whole segments allows
    assert doc["comparisons"][0]["tests"]["williams"]["p_one_sided"] < test["p_one_sided"]


def _run_json(*args: str) -> dict:
    code, out = _run(*args)
    assert code == 0
    return json.loads(out)
