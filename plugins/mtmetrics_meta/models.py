"""The typed documents of meta-evaluation: ``meta report``'s :class:`Report` and ``meta correlate``'s
:class:`CorrelateDocument`. Markdown, JSON and pictures are all rendered from them (one source for
every number); the JSON keeps the keys and order the commands have always written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mtmetrics.engine.tables import Unavailable
from mtmetrics.io.tables import Columns, Table

from . import Record
from .correlate import Correlations, Estimate, SystemPoint
from .inputs import Input
from .report import LanguageExclusion, Ranked
from .scores import MetricScores


@dataclass(frozen=True)
class BootstrapInfo(Record):
    """How the intervals were made: resamples, seed and the system level's draws."""

    n: int
    seed: int
    level: float = 0.95
    interval: str = "percentile"
    system_resampling: str = field(kw_only=True)

    @classmethod
    def of(cls, options: Any) -> BootstrapInfo:
        """From a command's options (``bootstrap_n``, ``seed``, ``system_resampling``)."""
        return cls(options.bootstrap_n, options.seed, system_resampling=options.system_resampling)


@dataclass(frozen=True)
class TableHeader(Record):
    """The head of a ``meta correlate`` / ``meta compare`` JSON document: the data, its columns and
    the bootstrap that made the intervals."""

    table: str
    sha256: str
    rows: int
    columns: Columns
    humans: tuple[str, ...]
    split_systems: str | None
    bootstrap: BootstrapInfo

    @classmethod
    def of(cls, table: Table, columns: Columns, humans: Sequence[str], options: Any) -> TableHeader:
        """The head of ``table`` as a command's options (:meth:`BootstrapInfo.of`) read it."""
        split = None if options.no_split_systems else "+"
        return cls(table.name, table.sha256, len(table), columns, tuple(humans), split, BootstrapInfo.of(options))

    def to_dict(self) -> dict[str, Any]:
        """Every field (``humans`` as ``human``), the columns with their source and group."""
        doc = {"human" if k == "humans" else k: v for k, v in super().to_dict().items()}
        doc["columns"] = {**_columns(self.columns), "source": self.columns.source, "group": self.columns.group}
        return doc


def _columns(c: Columns) -> dict[str, Any]:
    return {"system": c.system, "segment": c.segment, "hyp": c.hyp, "refs": list(c.refs)}


def system_human_dict(source: str) -> dict[str, str]:
    """The JSON note on official system-level human scores read from ``source``."""
    return {
        "source": source,
        "note": "system level: official system scores (--system-human; not the mean of the rows), held "
        "fixed in every resample, so the intervals leave out the humans' own sampling noise",
    }


@dataclass(frozen=True)
class PermutationInfo(Record):
    """The PERM-BOTH clusters' (and soft-accuracy's) permutations; ``n = 0``: none."""

    n: int
    seed: int
    test: str = "PERM-BOTH"


@dataclass(frozen=True)
class MetricInfo(Record):
    """A metric as the outputs name it: the ``-m`` text, its name, signature and sign."""

    spec: str
    name: str
    signature: str
    sign_flipped: bool

    @classmethod
    def of(cls, scores: MetricScores) -> MetricInfo:
        return cls(scores.spec, scores.metric.display_name, scores.signature, scores.flipped)


@dataclass(frozen=True)
class ClusterCell(Record):
    """The significance ranking of one (group, human column, level) and the test that made it."""

    group: str
    human: str
    level: str
    n: int
    test: str  # "williams", "perm-both-items", "perm-both" or "none"
    ranking: tuple[Ranked, ...]


@dataclass(frozen=True)
class TableReport(Record):
    """Everything the report says about one table."""

    table: str
    sha256: str
    rows: int
    sample: Mapping[str, Any] | None  # :func:`~.report.sample_table`'s description, or None
    dropped_systems: Mapping[str, float]  # reference systems left out → share of identical rows
    language_excluded: Mapping[str, tuple[LanguageExclusion, ...]]  # group → metrics left out
    groups: tuple[str, ...]
    humans: tuple[str, ...]
    columns: Columns
    metrics: tuple[MetricInfo, ...]
    correlations: tuple[Estimate, ...]
    clusters: tuple[ClusterCell, ...]
    perm_clusters: tuple[ClusterCell, ...]
    system_points: tuple[SystemPoint, ...]
    floors: tuple[Estimate, ...] = ()  # the agreement measures' constant / random metric values
    system_human_source: str | None = None  # official system-level human scores: where from

    @classmethod
    def of(
        cls,
        inp: Input,
        scores: Sequence[MetricScores],
        res: Correlations,
        excluded: Mapping[str, Sequence[LanguageExclusion]],
        clusters: tuple[ClusterCell, ...],
        perm_clusters: tuple[ClusterCell, ...],
    ) -> TableReport:
        """The report of the table ``inp`` (as the report cut it) from what was computed on it."""
        table, columns = inp.table, inp.columns
        groups = list(dict.fromkeys(table.columns[columns.group])) if columns.group else ["all"]
        return cls(
            table=table.name,
            sha256=table.sha256,
            rows=len(table),
            sample=inp.sample,
            dropped_systems=inp.dropped,
            language_excluded={g: tuple(xs) for g, xs in excluded.items()},
            groups=tuple(groups),
            humans=tuple(inp.humans),
            columns=columns,
            metrics=tuple(MetricInfo.of(s) for s in scores),
            correlations=tuple(res.estimates),
            clusters=clusters,
            perm_clusters=perm_clusters,
            system_points=tuple(res.system_points),
            floors=tuple(res.floors),
            system_human_source=inp.system_human_source,
        )

    def cluster(self, group: str, human: str, level: str, *, perm: bool = False) -> ClusterCell | None:
        """The main (``perm=False``) or PERM-BOTH ranking of one cell, if one was made."""
        cells = self.perm_clusters if perm else self.clusters
        return next((c for c in cells if (c.group, c.human, c.level) == (group, human, level)), None)

    def to_dict(self) -> dict[str, Any]:
        """Every field (``humans`` as ``human``); ``system_human`` only with official system scores."""
        doc = {"human" if k == "humans" else k: v for k, v in super().to_dict().items()}
        doc["columns"] = _columns(self.columns)
        if (source := doc.pop("system_human_source")) is not None:
            doc["system_human"] = system_human_dict(source)
        return doc


@dataclass(frozen=True)
class Timing(Record):
    """Wall-clock seconds of the report's stages."""

    total: float
    read: float
    scoring: float
    correlation: float
    significance: float
    plots: float = 0.0


@dataclass
class Report:
    """A whole report: settings, provenance, per-table results, pictures and timing."""

    title: str
    version: str
    command: str
    note: str | None
    jobs: int
    bootstrap: BootstrapInfo
    segment_test: str
    levels: tuple[str, ...]
    kinds: tuple[str, ...]
    permutations: PermutationInfo
    unavailable: tuple[Unavailable, ...]
    tables: tuple[TableReport, ...]
    all_scores: Sequence[Sequence[MetricScores]] = field(repr=False, default=())
    plots: list[str] | None = None
    timing: Timing | None = None
    #: whether the command ran from the repository root (the header says so only then)
    from_repository: bool = False

    @property
    def flipped(self) -> list[str]:
        """Metrics that are error rates (negated before correlating), sorted."""
        return sorted({s.spec for scores in self.all_scores for s in scores if s.flipped})

    @property
    def signatures(self) -> dict[str, list[str]]:
        """Each metric's distinct signatures over the tables (one per number of references)."""
        out: dict[str, list[str]] = {}
        for scores in self.all_scores:
            for s in scores:
                sigs = out.setdefault(s.spec, [])
                if s.signature not in sigs:
                    sigs.append(s.signature)
        return out

    @property
    def scoring_cpu_seconds(self) -> dict[str, float]:
        """CPU seconds each metric took to score, summed over the tables."""
        out: dict[str, float] = {}
        for s in (s for scores in self.all_scores for s in scores):
            out[s.spec] = out.get(s.spec, 0.0) + s.seconds
        return out

    def to_json(self) -> dict[str, Any]:
        """The JSON document (the keys and their order as ``--json`` has always written them)."""
        doc: dict[str, Any] = {
            "title": self.title,
            "version": self.version,
            "command": self.command,
            "note": self.note,
            "jobs": self.jobs,
            "bootstrap": self.bootstrap.to_dict(),
            "segment_test": self.segment_test,
            "levels": list(self.levels),
            "kinds": list(self.kinds),
            "permutations": self.permutations.to_dict(),
            "flipped": self.flipped,
            "unavailable": [dict(u.__dict__) for u in self.unavailable],
            "signatures": self.signatures,
            "scoring_cpu_seconds": self.scoring_cpu_seconds,
            "tables": [t.to_dict() for t in self.tables],
        }
        if self.plots is not None:
            doc["plots"] = list(self.plots)
        if self.timing is not None:
            doc["timing"] = self.timing.to_dict()
        return doc


@dataclass
class CorrelateDocument:
    """``meta correlate``'s JSON: the header, what the numbers rest on, the metrics, every estimate
    and every system-level point (optional parts are left out when ``None``)."""

    header: TableHeader
    metrics: Sequence[MetricInfo]
    correlations: Sequence[Estimate]
    system_points: Sequence[SystemPoint]
    system_human_source: str | None = None  # official system-level human scores: where from
    precomputed: bool = False  # a col:/file: metric is among the metrics
    saved_scores: list[str] | None = None
    permutations: int | None = None  # soft-accuracy's permutations (seeded as the bootstrap)
    plots: list[str] | None = None
    floors: Sequence[Estimate] = ()  # the agreement measures' constant / random metric values

    def to_dict(self) -> dict[str, Any]:
        doc = self.header.to_dict()
        if self.system_human_source is not None:
            doc["system_human"] = system_human_dict(self.system_human_source)
        if self.precomputed:
            doc["precomputed"] = "system score of a precomputed metric = the mean of its segment scores"
        if self.saved_scores is not None:
            doc["saved_scores"] = self.saved_scores
        if self.permutations is not None:
            doc["permutations"] = {"n": self.permutations, "seed": self.header.bootstrap.seed}
        doc["metrics"] = [m.to_dict() for m in self.metrics]
        doc["correlations"] = [e.to_dict() for e in self.correlations]
        doc["system_points"] = [p.to_dict() for p in self.system_points]
        if self.floors:
            doc["floors"] = [e.to_dict() for e in self.floors]
        if self.plots is not None:
            doc["plots"] = self.plots
        return doc
