"""Bootstrap intervals, paired bootstrap and approximate randomisation.

Oracles: sacrebleu's own procedures (same seed, same draws) for BLEU and chrF, and a direct,
slow transcription (explicit resample loops over segment scores) for a mean-aggregated metric.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
from sacrebleu.significance import PairedTest

import mtmetrics
from mtmetrics.cli import main
from mtmetrics.engine.significance import (
    Settings,
    bootstrap_ci,
    bootstrap_scores,
    compare_systems,
    paired_ar,
    paired_bootstrap,
)
from mtmetrics.stats.significance import bootstrap_weights, swap_masks
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"


@cache
def texts(n: int = 1000) -> tuple[list[str], list[str], list[str]]:
    out = "newstest2021.de-en.hyp.{}.en.gz"
    a = read_text(require(TXT / "system-outputs" / out.format("Online-A")))[:n]
    b = read_text(TXT / "system-outputs" / out.format("UEdin"))[:n]
    ref = read_text(TXT / "references" / "newstest2021.de-en.ref.A.en")[:n]
    return a, b, ref


def _sacre_paired(name: str, test: str, n: int, seed: int) -> float:
    a, b, ref = texts()
    make = {"bleu": sacrebleu.BLEU, "chrf": sacrebleu.CHRF}[name]
    # sacrebleu reads its seed from the environment
    import os

    old = os.environ.get("SACREBLEU_SEED")
    os.environ["SACREBLEU_SEED"] = str(seed)
    try:
        _, scores = PairedTest([("a", a), ("b", b)], {name: make(references=[ref])}, None, test, n)()
    finally:
        if old is None:
            del os.environ["SACREBLEU_SEED"]
        else:
            os.environ["SACREBLEU_SEED"] = old
    result = next(v for k, v in scores.items() if k != "System")[1]
    assert not isinstance(result, str) and result.p_value is not None
    return float(result.p_value)


@pytest.mark.parametrize(
    ("name", "test", "n", "seed"),
    [("bleu", "bs", 1000, 12345), ("chrf", "bs", 500, 7), ("bleu", "ar", 2000, 12345), ("chrf", "ar", 1000, 99)],
)
def test_p_values_equal_sacrebleus(name: str, test: str, n: int, seed: int) -> None:
    a, b, ref = texts()
    m = mtmetrics.load_metric(name)
    sa, sb = m.statistics(a, [ref]), m.statistics(b, [ref])
    ours = (paired_bootstrap if test == "bs" else paired_ar)(m, sa, sb, n, seed)
    assert ours.p_value == _sacre_paired(name, test, n, seed)
    assert ours.score == m.corpus_score(b, [ref]).score and ours.baseline_score == m.corpus_score(a, [ref]).score


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter"])
def test_confidence_interval_equals_sacrebleus(name: str) -> None:
    a, _, ref = texts()
    m = mtmetrics.load_metric(name)
    ours = bootstrap_ci(m, m.statistics(a, [ref]), 1000, 12345)
    theirs = {"bleu": sacrebleu.BLEU, "chrf": sacrebleu.CHRF, "ter": sacrebleu.TER}[name]().corpus_score(
        a, [ref], n_bootstrap=1000
    )
    # sacrebleu sums resamples in float32 and scores them in float32 arithmetic: equal to ~1e-6
    assert ours.mean == pytest.approx(theirs._mean, rel=1e-6)
    assert ours.halfwidth == pytest.approx(theirs._ci, rel=1e-5)
    assert ours.lower < m.corpus_score(a, [ref]).score < ours.upper


@pytest.mark.parametrize("cells", [None, 40_000])
def test_chunked_draws_are_sacrebleus_draws(monkeypatch: pytest.MonkeyPatch, cells: int | None) -> None:
    if cells is not None:  # many segments: chunks of 32 rows, still one stream
        monkeypatch.setattr("mtmetrics.stats.significance.CHUNK_CELLS", cells)
    n, big = 1003, 700
    idx = np.random.default_rng(5).choice(n, size=(big, n), replace=True)
    counts = np.concatenate(list(bootstrap_weights(n, big, 5)))
    assert counts.shape == (big, n)
    assert all(np.array_equal(counts[r], np.bincount(idx[r], minlength=n)) for r in range(0, big, 37))
    masks = np.concatenate(list(swap_masks(n, big, 5)))
    assert np.array_equal(masks, np.random.default_rng(5).integers(2, size=(big, n), dtype=bool))
    # memory: never more than 256 resamples at once, 32 once the cells would pass CHUNK_CELLS
    assert max(len(c) for c in bootstrap_weights(n, big, 5)) == (256 if cells is None else 32)


def _slow_mean_tests(seg_a: np.ndarray, seg_b: np.ndarray, n: int, seed: int) -> tuple[np.ndarray, float, float]:
    """Direct transcription for a mean-aggregated metric: loops over resamples and segments."""
    size = len(seg_a)
    rng = np.random.default_rng(seed)
    idx = rng.choice(size, size=(n, size), replace=True)
    bs_a = np.array([sum(seg_a[i] for i in row) / size for row in idx])
    bs_b = np.array([sum(seg_b[i] for i in row) / size for row in idx])
    observed = abs(seg_a.mean() - seg_b.mean())
    diffs = np.abs(bs_b - bs_a)
    centred = diffs - diffs.mean()
    p_bs = (sum(1 for d in centred if d >= observed) + 1) / (n + 1)
    masks = np.random.default_rng(seed).integers(2, size=(n, size), dtype=bool)
    count = 0
    for mask in masks:
        a_prime = [seg_a[i] if keep else seg_b[i] for i, keep in enumerate(mask)]
        b_prime = [seg_b[i] if keep else seg_a[i] for i, keep in enumerate(mask)]
        if abs(sum(a_prime) / size - sum(b_prime) / size) >= observed:
            count += 1
    return bs_b, p_bs, (count + 1) / (n + 1)


def test_mean_metric_against_slow_implementation() -> None:
    a, b, ref = texts(300)
    m = mtmetrics.load_metric("rouge-l")
    assert m.metric.aggregation == "mean"
    sa, sb = m.statistics(a, [ref]), m.statistics(b, [ref])
    seg_a, seg_b = sa.array[:, 0], sb.array[:, 0]  # mean metrics: the first column is the score
    slow_bs, slow_p_bs, slow_p_ar = _slow_mean_tests(seg_a, seg_b, 300, 3)
    assert bootstrap_scores(m, sb, 300, 3) == pytest.approx(slow_bs, abs=1e-12)
    assert paired_bootstrap(m, sa, sb, 300, 3).p_value == pytest.approx(slow_p_bs, abs=1e-12)
    assert paired_ar(m, sa, sb, 300, 3).p_value == pytest.approx(slow_p_ar, abs=1e-12)


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter", "rouge-l"])
def test_a_system_against_itself_is_never_different(name: str) -> None:
    a, _, ref = texts(200)
    m = mtmetrics.load_metric(name)
    s = m.statistics(a, [ref])
    assert paired_ar(m, s, s, 500, 0).p_value == 1.0
    assert paired_bootstrap(m, s, s, 300, 0).p_value == 1.0


def test_seeds_and_jobs() -> None:
    a, b, ref = texts(300)
    metrics = [mtmetrics.load_metric("bleu"), mtmetrics.load_metric("rouge-l")]
    stats = [[m.statistics(a, [ref]), m.statistics(b, [ref])] for m in metrics]
    one = compare_systems(metrics, stats, Settings(200, "ar", 500, 0, jobs=1))
    two = compare_systems(metrics, stats, Settings(200, "ar", 500, 0, jobs=2))
    assert one == two
    other_seed = compare_systems(metrics, stats, Settings(200, "ar", 500, 1, jobs=1))
    assert other_seed != one  # 0 is a seed like any other: it does not mean "random"
    assert one[0][0].comparison is None and one[0][1].comparison is not None
    assert one[0][0].interval is not None and one[0][0].interval.n == 200


def test_signature_fields_of_settings() -> None:
    assert [f.format() for f in Settings(1000, None, 0, 3).signature_fields()] == ["bs:1000", "seed:3"]
    assert [f.format() for f in Settings(0, "ar", 10000, 0).signature_fields()] == ["ar:10000", "seed:0"]
    assert [f.format(short=True) for f in Settings(0, "bs", 500, 1).signature_fields()] == ["bs:500", "rs:1"]
    assert Settings().signature_fields() == ()


def _write(tmp_path: Path, name: str, lines: list[str]) -> str:
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_cli_paired_bootstrap_json_and_determinism(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b, ref = texts(300)
    pa, pb, pr = _write(tmp_path, "a.txt", a), _write(tmp_path, "b.txt", b), _write(tmp_path, "ref.txt", ref)
    pc = _write(tmp_path, "copy-of-a.txt", a)
    argv = [
        pr,
        "-i",
        pa,
        pb,
        pc,
        "-m",
        "bleu",
        "chrf",
        "--paired-bs",
        "--paired-bs-n",
        "300",
        "--seed",
        "0",
        "-f",
        "json",
    ]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main([*argv, "-j", "2"]) == 0
    assert capsys.readouterr().out == first  # same bytes, whatever -j
    doc = json.loads(first)["results"]
    assert doc[0]["signature"].endswith(
        "|bs:300|seed:0|plugin:mtmetrics@0.1.0|version:0.1.0".replace("0.1.0", mtmetrics.__version__)
    )
    assert doc[0]["paired"] == {"baseline": pa}
    m = mtmetrics.load_metric("bleu")
    expected = paired_bootstrap(m, m.statistics(a, [ref]), m.statistics(b, [ref]), 300, 0)
    assert doc[2]["paired"]["p_value"] == expected.p_value and doc[2]["paired"]["test"] == "bs"
    assert doc[4]["paired"]["p_value"] == 1.0  # the copy of the baseline
    assert doc[2]["confidence"]["n"] == 300


def test_cli_text_outputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b, ref = texts(200)
    pa, pb, pr = _write(tmp_path, "a.txt", a), _write(tmp_path, "b.txt", b), _write(tmp_path, "ref.txt", ref)
    assert main([pr, "-i", pa, "-m", "bleu", "-ci", "-cin", "200"]) == 0
    line = capsys.readouterr().out
    ci = bootstrap_ci(mtmetrics.load_metric("bleu"), mtmetrics.load_metric("bleu").statistics(a, [ref]), 200, 12345)
    assert f"(μ = {ci.mean:.2f} ± {ci.halfwidth:.2f})" in line and "|bs:200|seed:12345|" in line
    assert main([pr, "-i", pa, pb, "-m", "ter", "-par", "-parn", "200"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[2].startswith(f"Baseline: {pa}") and "|ar:200|seed:12345|" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["-pbs"], "paired tests compare systems"),
        (["-ci", "-sl"], "significance tests work on corpus scores"),
        (["-ci", "-cin", "0"], "--confidence-n: the value must be in [1, "),
        (["-par", "-j", "0"], "-j/--jobs: the value must be in [1, "),
    ],
)
def test_cli_significance_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    a, _, ref = texts(20)
    pa, pr = _write(tmp_path, "a.txt", a), _write(tmp_path, "ref.txt", ref)
    assert main([pr, "-i", pa, *extra]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err


def test_group_resamples_draw_each_group_in_turn() -> None:
    """Per group an (N, size) index matrix; the draws are one generator's, resample by resample and
    group by group (written out here as a loop), so every metric bootstrapped with them is paired."""
    from mtmetrics.errors import InputError, ParameterError
    from mtmetrics.stats.significance import group_resamples

    sizes, n, seed = [3, 5, 1], 4, 7
    got = group_resamples(sizes, n, seed)
    rng = np.random.default_rng(seed)
    want: list[list[np.ndarray]] = [[] for _ in sizes]
    for _ in range(n):
        for g, size in enumerate(sizes):
            want[g].append(rng.integers(0, size, size))
    assert [m.shape for m in got] == [(n, s) for s in sizes]
    for m, w, size in zip(got, want, sizes, strict=True):
        assert np.array_equal(m, np.array(w)) and m.min() >= 0 and m.max() < size
    assert all(np.array_equal(a, b) for a, b in zip(got, group_resamples(sizes, n, seed), strict=True))
    assert not np.array_equal(got[1], group_resamples(sizes, n, seed + 1)[1])
    with pytest.raises(InputError, match="at least one item"):
        group_resamples([3, 0], n, seed)
    with pytest.raises(ParameterError):
        group_resamples(sizes, 0, seed)
    with pytest.raises(InputError, match="holds every draw"):
        group_resamples([1 << 14, 1 << 14], 1 << 13, seed)  # 2^28 cells: refused before drawing
