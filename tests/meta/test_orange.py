"""ORANGE: a toy n-best list worked by hand, and the real Joshua n-best list against a direct oracle."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from fractions import Fraction

import numpy as np
import pytest
import sacrebleu

from mtmetrics import Metric, Segment
from mtmetrics.cli import main
from mtmetrics_meta.orange import leave_one_out_scores, oracle_rank, orange
from tests.datapaths import read_text
from tests.meta.conftest import JOSHUA


class UnigramPrecision(Metric):
    """Toy metric: share of hypothesis tokens found in any reference."""

    name = "toy-precision"
    aggregation = "mean"

    def stat_names(self) -> tuple[str, ...]:
        return ("score",)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        vocab = {w for r in segment.refs for w in r.split()}
        toks = segment.hyp.split()
        return np.array([sum(t in vocab for t in toks) / len(toks)])


class UnigramError(UnigramPrecision):
    """The same as an error rate (lower is better): ORANGE must not change."""

    name = "toy-error"
    higher_is_better = False

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return 1.0 - super().segment_statistics(segment)


CANDS = [["a b c", "a x"], ["p q", "p r", "s"], ["p z"]]
REFS = [["a b c", "a b d", "a e f"], ["p q", "p r"], ["p q", "p r"]]


def test_toy_by_hand() -> None:
    # sentence 1: R1 vs {R2,R3} 2/3, R2 vs {R1,R3} 2/3, R3 vs {R1,R2} 1/3 -> oracle 5/9
    #   "a b c": (2/3 + 1 + 1)/3 = 8/9 (better), "a x": 1/2 (worse) -> rank 2, N = 2 -> 2/3
    # sentence 2: "p q" vs "p r" 1/2, "p r" vs "p q" 1/2 -> oracle 1/2;
    #   "p q" and "p r": (1/2 + 1)/2 = 3/4 (both better), "s": 0 -> rank 3, N = 3 -> 3/4
    # sentence 3: "p z": 1/2 = oracle (tie) -> rank 1 + 1/2 = 1.5, N = 1 -> 3/4
    # ORANGE = (2/3 + 3/4 + 3/4)/3 = 13/18; average rank = (2 + 3 + 1.5)/3 = 13/6
    sents = leave_one_out_scores(UnigramPrecision(), CANDS, REFS)
    assert sents[0].oracle == pytest.approx(5 / 9)
    assert sents[0].candidates.tolist() == pytest.approx([8 / 9, 1 / 2])
    res = orange(sents, n_boot=0)
    assert res.ranks == [2.0, 3.0, 1.5]
    assert res.orange == pytest.approx(float(Fraction(13, 18)), abs=1e-15)
    assert res.average_rank == pytest.approx(13 / 6)
    # N = 1: sentence 1 "a b c" better -> 2/2; sentence 2 "p q" better -> 2/2; sentence 3 tie -> 1.5/2
    assert res.by_size[0]["orange"] == pytest.approx((1 + 1 + 0.75) / 3)
    assert [row["n"] for row in res.by_size] == [1, 2, 3]
    assert res.by_size[-1]["orange"] == pytest.approx(res.orange)


def test_error_rate_is_flipped() -> None:
    a = orange(leave_one_out_scores(UnigramPrecision(), CANDS, REFS), n_boot=0)
    b = orange(leave_one_out_scores(UnigramError(), CANDS, REFS), n_boot=0)
    assert a.ranks == b.ranks


def test_rank_ties_and_bootstrap() -> None:
    assert oracle_rank(np.array([0.5, 0.5, 0.2, 0.9]), 0.5) == 1 + 1 + 2 / 2
    assert oracle_rank(np.array([0.1 + 0.2]), 0.3) == 1.5  # 0.30000000000000004 ties with 0.3
    sents = leave_one_out_scores(UnigramPrecision(), CANDS, REFS)
    res = orange(sents, n_boot=200, seed=3)
    per = np.array(res.ranks) / (np.array(res.sizes) + 1)
    idx = np.random.default_rng(3).integers(0, 3, size=(200, 3))
    boot = np.sort(per[idx].mean(axis=1))
    assert (res.lower, res.upper) == (boot[5], boot[194])


def test_needs_two_references() -> None:
    from mtmetrics.errors import InputError

    with pytest.raises(InputError, match="at least 2 references"):
        leave_one_out_scores(UnigramPrecision(), [["a"]], [["a"]])


def _brute_orange_chrf(n_sent: int) -> tuple[float, float]:
    refs = [read_text(JOSHUA / f"reference.en.{k}")[:n_sent] for k in range(4)]
    cands: list[list[str]] = [[] for _ in range(n_sent)]
    for line in read_text(JOSHUA / "output.gold"):
        sent, hyp = line.split(" ||| ")[:2]
        if int(sent) < n_sent:
            cands[int(sent)].append(hyp.strip())
    total = ranks = 0.0
    for i in range(n_sent):
        rs = [refs[k][i] for k in range(4)]
        loo = [[r for j, r in enumerate(rs) if j != k] for k in range(4)]
        oracle = np.mean([sacrebleu.sentence_chrf(rs[k], loo[k]).score for k in range(4)])
        scores = [np.mean([sacrebleu.sentence_chrf(c, loo[k]).score for k in range(4)]) for c in cands[i]]
        rank = 1 + sum(s > oracle + 1e-9 for s in scores) + 0.5 * sum(abs(s - oracle) <= 1e-9 for s in scores)
        total += rank / (len(cands[i]) + 1)
        ranks += rank
    return total / n_sent, ranks / n_sent


def test_cli_on_joshua_against_direct_oracle(tmp_path) -> None:  # type: ignore[no-untyped-def]
    n = 30
    nbest = tmp_path / "nbest"
    nbest.write_text(
        "\n".join(ln for ln in read_text(JOSHUA / "output.gold") if int(ln.split(" ||| ")[0]) < n) + "\n",
        encoding="utf-8",
    )
    refs = []
    for k in range(4):
        p = tmp_path / f"ref.{k}"
        p.write_text("\n".join(read_text(JOSHUA / f"reference.en.{k}")[:n]) + "\n", encoding="utf-8")
        refs.append(str(p))
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert (
            main(["meta", "orange", str(nbest), *refs, "-m", "chrf", "rouge-l", "-f", "json", "--bootstrap-n", "100"])
            == 0
        )
    doc = json.loads(buf.getvalue())
    chrf = doc["metrics"][0]
    want_orange, want_rank = _brute_orange_chrf(n)
    assert chrf["orange"] == pytest.approx(want_orange, abs=1e-12)
    assert chrf["average_rank"] == pytest.approx(want_rank, abs=1e-12)
    assert chrf["orange_lower"] <= chrf["orange"] <= chrf["orange_upper"]
    assert chrf["signature"].startswith("chrF2|nrefs:3|")
    assert doc["sentences"] == n and doc["metrics"][1]["spec"] == "rouge-l"


def test_one_metric_with_workers_equals_one_process() -> None:
    """-j N with one metric scores its (long) candidate lists in chunks: same numbers."""
    import mtmetrics

    n = 60
    refs = [read_text(JOSHUA / f"reference.en.{k}")[:n] for k in range(4)]
    cands: list[list[str]] = [[] for _ in range(n)]
    for line in read_text(JOSHUA / "output.gold"):
        i, hyp = line.split(" ||| ")[:2]
        if int(i) < n:
            cands[int(i)].append(hyp.strip())
    per_sentence = [[refs[k][i] for k in range(4)] for i in range(n)]
    metric = mtmetrics.load_metric("bleus")
    one = orange(leave_one_out_scores(metric.metric, cands, per_sentence), 50, 1)
    assert sum(4 * (len(c) + 1) for c in cands) > 2000  # more than one chunk of segments
    two = orange(leave_one_out_scores(metric.metric, cands, per_sentence, jobs=2), 50, 1)
    assert (one.orange, one.average_rank, one.ranks) == (two.orange, two.average_rank, two.ranks)
