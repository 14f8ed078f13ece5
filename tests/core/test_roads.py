"""Every road keeps every promise: road × promise over small synthetic inputs.

Roads: the score command, the API's ``corpus_score`` and ``segment_scores``, ``meta correlate`` on
a table, ``meta orange`` on an n-best list, Dask's ``score_bag`` and the paired bootstrap
(``-pbs``). Promises:

* ``long``: a segment over the metric's limit (TER's 3,000 tokens) is refused with one line naming
  the segment and the limit, before anything is scored;
* ``params``: a limit the parameters imply (``gtm:exponent=2``: 1,000 tokens) is refused alike;
* ``language``: a target language the metric's resources do not cover (METEOR on German) is
  refused before the metric loads anything (its ``setup`` is spied on and must never run);
* ``jobs``: ``-j 1`` and ``-j 2`` (Dask: one or two partitions) give the same bytes.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

import mtmetrics
from mtmetrics import MtmetricsError, plugins
from tests.cli import run_cli

WORDS: tuple[str, ...] = ("the", "ministry", "said", "prices", "rose", "sharply", "in", "march")
WORDS += ("according", "to", "officials", "a", "new", "report", "shows")
N = 12
LONG_TER = 3500  # over TER's 3,000
LONG_GTM = 1500  # over the 400 of GTM with exponent 2
AT = 4  # the (1-based) segment that is made too long

Outcome = tuple[int, str, str]  # exit status, output, error (one line when refused)


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _corpus(long: int = 0) -> tuple[list[str], list[str], list[str]]:
    """Two systems' hypotheses and one reference; with ``long``, system 1's segment AT has that many tokens."""
    rng = random.Random(5)
    refs = [_sentence(rng, rng.randint(6, 14)) for _ in range(N)]
    hyp1 = [_sentence(rng, rng.randint(6, 14)) for _ in range(N)]
    hyp2 = [_sentence(rng, rng.randint(6, 14)) for _ in range(N)]
    if long:
        hyp1[AT - 1] = _sentence(rng, long)
    return hyp1, hyp2, refs


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def _api(call: Callable[[], Any]) -> Outcome:
    err = io.StringIO()
    try:
        with redirect_stdout(io.StringIO()), redirect_stderr(err):
            out = call()
    except MtmetricsError as exc:
        return 2, "", f"{exc}\n"
    return 0, out, err.getvalue()


def _metric(spec: str, lp: str | None) -> mtmetrics.Scorer:
    name, _, rest = spec.partition(":")
    params = dict(item.split("=") for item in rest.split(",")) if rest else {}
    return (
        mtmetrics.load_metric(name, **params) if lp is None else mtmetrics.load_metric(name, language_pair=lp, **params)
    )


# ---------------------------------------------------------------------------------------- roads
def score_cli(d: Path, spec: str, long: int, lp: str | None, jobs: int) -> Outcome:
    hyp1, _, refs = _corpus(long)
    lang = ["-l", lp] if lp else []
    return run_cli(
        _write(d / "ref", refs), "-i", _write(d / "hyp", hyp1), "-m", spec, *lang, "-j", str(jobs), "-f", "json"
    )


def api_corpus(d: Path, spec: str, long: int, lp: str | None, jobs: int) -> Outcome:
    hyp1, _, refs = _corpus(long)
    return _api(lambda: json.dumps(_metric(spec, lp).corpus_score(hyp1, [refs], jobs=jobs).to_dict()))


def api_segments(d: Path, spec: str, long: int, lp: str | None, jobs: int) -> Outcome:
    hyp1, _, refs = _corpus(long)
    return _api(lambda: json.dumps([r.score for r in _metric(spec, lp).segment_scores(hyp1, [refs], jobs=jobs)]))


def meta_correlate(d: Path, spec: str, long: int, lp: str | None, jobs: int) -> Outcome:
    hyp1, hyp2, refs = _corpus(long)
    rng = random.Random(9)
    rows = ["lp\tsystem\tsid\thyp\tref\tz"]
    for system, hyps in (("A", hyp1), ("B", hyp2)):
        rows += [
            f"{lp or 'xx-yy'}\t{system}\t{i + 1}\t{h}\t{r}\t{rng.random():.3f}"
            for i, (h, r) in enumerate(zip(hyps, refs, strict=True))
        ]
    table = d / "table.tsv"
    table.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return run_cli("meta", "correlate", str(table), "-m", spec, "-j", str(jobs), "--bootstrap-n", "20", "-f", "json")


def meta_orange(d: Path, spec: str, long: int, lp: str | None, jobs: int) -> Outcome:
    hyp1, hyp2, refs = _corpus(long)
    _, _, other = _corpus()
    other = [r + " again" for r in other]
    nbest = [f"{i} ||| {h} ||| 0 ||| 0" for i in range(N) for h in (hyp1[i], hyp2[i])]
    return run_cli(
        "meta", "orange", _write(d / "nbest", nbest), _write(d / "r1", refs), _write(d / "r2", other),
        "-m", spec, "-j", str(jobs), "--bootstrap-n", "20", "-f", "json",
    )  # fmt: skip


def dask_bag(d: Path, spec: str, long: int, lp: str | None, jobs: int) -> Outcome:
    db = pytest.importorskip("dask.bag", reason="the Dask road needs dask ('mtmetrics[dask]')")
    from mtmetrics.dask import score_bag

    hyp1, _, refs = _corpus(long)
    items = [{"hyp": h, "refs": [r]} for h, r in zip(hyp1, refs, strict=True)]

    def run() -> str:
        bag = db.from_sequence(items, npartitions=jobs)
        name, _, rest = spec.partition(":")
        params = dict(item.split("=") for item in rest.split(",")) if rest else {}
        metric = mtmetrics.load_metric(name, **params)
        import dask

        with dask.config.set(scheduler="synchronous"):  # in this process: the spy sees every setup
            result, _ = score_bag(metric, bag) if lp is None else score_bag(metric, bag, language_pair=lp)
        return json.dumps(result.to_dict())

    return _api(run)


def significance(d: Path, spec: str, long: int, lp: str | None, jobs: int) -> Outcome:
    hyp1, hyp2, refs = _corpus(long)
    lang = ["-l", lp] if lp else []
    return run_cli(
        _write(d / "ref", refs), "-i", _write(d / "h1", hyp1), _write(d / "h2", hyp2), "-m", spec, *lang,
        "-pbs", "-pbsn", "30", "-j", str(jobs), "-f", "json",
    )  # fmt: skip


ROADS = {
    "score": score_cli,
    "corpus_score": api_corpus,
    "segment_scores": api_segments,
    "meta-correlate": meta_correlate,
    "meta-orange": meta_orange,
    "dask": dask_bag,
    "pbs": significance,
}


def _refused(outcome: Outcome, *needles: str) -> str:
    code, out, err = outcome
    assert code == 2, f"not refused (exit {code}): {err[-300:]}"
    assert out == "" and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err, err
    return err


# ------------------------------------------------------------------------------------- promises
@pytest.mark.parametrize("road", ROADS)
def test_an_over_long_segment_is_refused_naming_it_and_the_limit(road: str, tmp_path: Path) -> None:
    err = _refused(ROADS[road](tmp_path, "ter", LONG_TER, None, 1), str(LONG_TER), "3000")
    if road != "meta-orange":  # ORANGE's segments are its leave-one-out pairs, numbered as such
        assert f"segment {AT}" in err or f":{AT}:" in err, err


@pytest.mark.parametrize("road", ROADS)
def test_a_limit_implied_by_the_parameters_is_refused(road: str, tmp_path: Path) -> None:
    _refused(ROADS[road](tmp_path, "gtm:exponent=2", LONG_GTM, None, 1), str(LONG_GTM), "400")


@pytest.mark.parametrize("road", [r for r in ROADS if r != "meta-orange"])
def test_a_target_language_is_refused_before_anything_loads(
    road: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cls = plugins.REGISTRY.metric_class("meteor")
    loaded: list[str] = []
    monkeypatch.setattr(cls, "setup", lambda self: loaded.append("setup"))
    if road == "dask":  # Dask's road starts from a metric the user built: the check is on its parameters
        pytest.importorskip("dask.bag", reason="the Dask road needs dask ('mtmetrics[dask]')")
        outcome = ROADS[road](tmp_path, "meteor", 0, "en-de", 1)
        _refused(outcome, "cannot score de", "WordNet")
        return
    _refused(ROADS[road](tmp_path, "meteor", 0, "en-de", 1), "cannot score de", "WordNet")
    assert loaded == [], "the metric loaded its resources before being refused"


@pytest.mark.parametrize("road", ROADS)
def test_one_and_two_jobs_give_the_same_bytes(road: str, tmp_path: Path) -> None:
    one, two = (ROADS[road](tmp_path, "ter", 0, None, jobs) for jobs in (1, 2))
    assert one[0] == 0, one[2]
    assert one == two
