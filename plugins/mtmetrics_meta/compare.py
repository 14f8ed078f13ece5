"""Is one metric's correlation with the humans significantly higher than another's? (docs/meta.md §2)

:func:`correlation_tests` tests three given correlations; :func:`compare_metrics` adds PERM-BOTH and
the paired bootstrap on two metrics' points (from ``correlate(..., keep_samples=True)``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mtmetrics.io.tables import Columns, Table
from mtmetrics.stats.correlation import FUNCTIONS, ROW_FUNCTIONS, rank_rows
from mtmetrics.stats.corrtests import BootstrapDifference, TestResult

from . import Record
from .correlate import Correlations
from .models import TableHeader, system_human_dict
from .scores import MetricScores


@dataclass(frozen=True)
class FailedTest(Record):
    """A test that cannot be computed on these numbers (e.g. too few points), and why."""

    test: str
    error: str


@dataclass(frozen=True)
class PermBoth(Record):
    """PERM-BOTH's one-sided p-value, the observed difference and what was swapped."""

    p_one_sided: float
    delta: float
    permutations: int
    swapped: str  # "source segments" or "systems"


@dataclass(frozen=True)
class CorrelationTests:
    """Every test of one comparison; ``error`` instead of the parametric tests when a correlation
    is undefined (constant scores)."""

    williams: TestResult | FailedTest | None = None
    mrr: TestResult | FailedTest | None = None
    fisher: TestResult | FailedTest | None = None
    error: str | None = None
    perm_both: PermBoth | None = None
    paired_bootstrap: BootstrapDifference | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.error is None else {"error": self.error}
        for name in ("williams", "mrr", "fisher", "perm_both", "paired_bootstrap"):
            if (test := getattr(self, name)) is not None:
                out[name] = dict(test.__dict__)
        return out


def correlation_tests(r1: float, r2: float, r12: float, n: int, n2: int | None = None) -> CorrelationTests:
    """Williams', MRR's and Fisher's tests of ``r1 > r2`` (``r12``: the two metrics' correlation;
    ``n2``: the second sample's size for Fisher's z if it differs). A test whose inputs it cannot
    take (a correlation outside [-1, 1], too few points) is a :class:`FailedTest`."""
    from mtmetrics.stats.corrtests import fisher_z, meng_rosenthal_rubin, williams

    def run(name: str, fn: Callable[[], TestResult]) -> TestResult | FailedTest:
        try:
            return fn()
        except (ValueError, ZeroDivisionError) as exc:
            return FailedTest(name, str(exc))

    return CorrelationTests(
        williams=run("williams", lambda: williams(r1, r2, r12, n)),
        mrr=run("mrr", lambda: meng_rosenthal_rubin(r1, r2, r12, n)),
        fisher=run("fisher", lambda: fisher_z(r1, r2, n, n2)),
    )


@dataclass(frozen=True)
class ValuesComparison(Record):
    """The tests on given correlations (``meta compare --values``)."""

    r1: float
    r2: float
    r12: float
    n: int
    tests: CorrelationTests


@dataclass(frozen=True)
class Comparison(Record):
    """Metric ``a`` against metric ``b`` in one group and human column."""

    group: str
    human: str
    a: str
    b: str
    r_a: float
    r_b: float
    r_ab: float
    n: int
    tests: CorrelationTests


def compare_metrics(
    res: Correlations,
    scores: Sequence[MetricScores],
    level: str,
    kind: str,
    perm: tuple[Table, Columns, int, int] | None = None,
) -> list[Comparison]:
    """The tests per group and human column of the two metrics ``scores``; with ``perm = (table,
    columns, k, seed)`` also PERM-BOTH (``k`` permutations, seeded ``[seed, group index]``): at
    segment level whole source segments are swapped (their rows are not independent), at system
    level each system. Spearman's tests use Pearson's r of the ranks."""
    from dataclasses import replace

    from mtmetrics.stats.corrtests import paired_bootstrap_difference
    from mtmetrics.stats.permutation import perm_both

    from .report import item_ids

    a, b = scores
    out = []
    groups = list(dict.fromkeys(e.group for e in res.estimates))
    for group, human in dict.fromkeys((e.group, e.human) for e in res.estimates):
        ea = next(e for e in res.estimates if (e.group, e.human, e.metric) == (group, human, a.spec))
        eb = next(e for e in res.estimates if (e.group, e.human, e.metric) == (group, human, b.spec))
        pa = res.points[(group, human, level, a.spec)]
        pb = res.points[(group, human, level, b.spec)]
        xa, xb = pa.metric, pb.metric
        if kind == "spearman":
            xa, xb = rank_rows(xa)[0], rank_rows(xb)[0]
        r12 = FUNCTIONS["pearson" if kind == "spearman" else kind](xa, xb)
        if any(math.isnan(v) for v in (ea.value, eb.value, r12)):
            tests = CorrelationTests(error="a correlation is undefined (constant scores)")
        else:
            tests = correlation_tests(ea.value, eb.value, r12, ea.n)
            if perm is not None and perm[2] > 0:
                table, cols, k, seed = perm
                blocks = item_ids(table, cols, group) if level == "segment" else None
                p, delta = perm_both(
                    ROW_FUNCTIONS[kind], pa.human, pa.metric, pb.metric, k, [seed, groups.index(group)], blocks
                )
                swapped = "source segments" if level == "segment" else "systems"
                tests = replace(tests, perm_both=PermBoth(p, delta, k, swapped))
        ka, kb = (group, human, level, a.spec, kind), (group, human, level, b.spec, kind)
        if ka in res.samples and len(res.samples[ka]):
            pbd = paired_bootstrap_difference(ea.value, eb.value, res.samples[ka], res.samples[kb])
            tests = replace(tests, paired_bootstrap=pbd)
        out.append(Comparison(group, human, a.spec, b.spec, ea.value, eb.value, r12, ea.n, tests))
    return out


@dataclass
class CompareDocument:
    """``meta compare``'s JSON: the table's header, the metrics, level, coefficient and comparisons;
    or, for given correlations, only ``values``."""

    header: TableHeader | None = None
    metrics: Sequence[Any] = ()  # MetricInfo
    level: str = ""
    kind: str = ""
    comparisons: Sequence[Comparison] = ()
    values: ValuesComparison | None = None
    plots: list[str] | None = None
    system_human_source: str | None = None  # official system-level human scores: where from

    def to_dict(self) -> dict[str, Any]:
        if self.values is not None:
            return {"values": self.values.to_dict()}
        assert self.header is not None
        doc = self.header.to_dict()
        if self.system_human_source is not None and self.level == "system":
            doc["system_human"] = system_human_dict(self.system_human_source)
        doc["metrics"] = [m.to_dict() for m in self.metrics]
        doc["level"], doc["kind"] = self.level, self.kind
        doc["comparisons"] = [c.to_dict() for c in self.comparisons]
        if self.plots is not None:
            doc["plots"] = self.plots
        return doc
