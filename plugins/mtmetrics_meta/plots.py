"""Pictures of meta-evaluation results (docs/meta.md §6) as PNG and SVG files, drawn with
:func:`mtmetrics.io.figures.draw_figure` (deterministic files; matplotlib imported only to draw).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtmetrics.io.figures import draw_figure, safe_name

if TYPE_CHECKING:
    from .correlate import Correlations
    from .scores import MetricScores


def scatter(
    metric: Sequence[float], human: Sequence[float], out_dir: Path, stem: str, xlabel: str, ylabel: str, title: str
) -> list[Path]:
    """Metric (x) against human (y) scores; returns the PNG and SVG paths."""

    def draw(ax: Any) -> None:
        ax.scatter(list(metric), list(human), s=6, alpha=0.4, linewidths=0, color="#1f77b4", rasterized=False)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)

    return draw_figure((4.5, 4.0), title, out_dir, stem, draw)


def correlation_bars(
    labels: Sequence[str],
    values: Sequence[float],
    lowers: Sequence[float],
    uppers: Sequence[float],
    out_dir: Path,
    stem: str,
    ylabel: str,
    title: str,
) -> list[Path]:
    """One bar per metric with its interval as an error bar (``nan`` intervals are left out).

    The error bar spans the interval itself: a percentile bootstrap interval need not contain the
    estimate (system level, few systems), so it is not drawn as distances from the bar's top.
    """
    import math

    def draw(ax: Any) -> None:
        xs = list(range(len(labels)))
        vals = [0.0 if math.isnan(v) else v for v in values]
        ax.bar(xs, vals, color="#4c72b0")
        shown = [
            (x, lo, hi)
            for x, v, lo, hi in zip(xs, values, lowers, uppers, strict=True)
            if not (math.isnan(v) or math.isnan(lo) or math.isnan(hi))
        ]
        if shown:
            ax.errorbar(
                [x for x, _, _ in shown],
                [(lo + hi) / 2 for _, lo, hi in shown],
                yerr=[(hi - lo) / 2 for _, lo, hi in shown],
                fmt="none",
                ecolor="black",
                capsize=3,
                elinewidth=1,
            )
        ax.set_xticks(xs)
        ax.set_xticklabels(list(labels), rotation=60, ha="right")
        ax.set_ylabel(ylabel)
        ax.axhline(0.0, color="black", linewidth=0.8)

    return draw_figure((max(4.0, 0.45 * len(labels) + 1.5), 4.0), title, out_dir, stem, draw)


def orange_curve(
    sizes: Sequence[int], curves: Mapping[str, Sequence[float]], out_dir: Path, stem: str, title: str
) -> list[Path]:
    """ORANGE (percent, lower is better) against n-best size, one line per metric."""

    def draw(ax: Any) -> None:
        for label, ys in curves.items():
            ax.plot(list(sizes), [100.0 * y for y in ys], marker="o", markersize=3, linewidth=1, label=label)
        ax.set_xlabel("n-best size N")
        ax.set_ylabel("ORANGE % (lower is better)")
        ax.legend(fontsize=7, loc="best")

    return draw_figure((5.5, 4.0), title, out_dir, stem, draw)


def correlation_plots(
    res: Correlations,
    scores: Sequence[MetricScores],
    out_dir: Any,
    prefix: str = "",
    *,
    kind: str = "pearson",
) -> list[Any]:
    """Segment-level scatter plots (one per metric, group and human column) and, per group, human
    column and level, a bar chart of every metric's coefficient ``kind`` with its interval, drawn
    from the estimates of ``res`` (the numbers the JSON output holds)."""
    out_dir = Path(out_dir)
    pre = f"{safe_name(prefix)}." if prefix else ""
    paths: list[Path] = []
    flipped = {s.spec for s in scores if s.flipped}
    for (group, human, level, spec), pts in res.points.items():
        if level != "segment":
            continue
        label = spec + (" (negated error rate)" if spec in flipped else "")
        paths += scatter(
            pts.metric.tolist(),
            pts.human.tolist(),
            out_dir,
            f"{pre}scatter.{safe_name(group)}.{safe_name(human)}.{safe_name(spec)}",
            label,
            f"human ({human})",
            f"{group}: {spec} vs {human} ({len(pts.metric)} segments)",
        )
    for group, human, level in dict.fromkeys((e.group, e.human, e.level) for e in res.estimates):
        rows = [e for e in res.estimates if (e.group, e.human, e.level, e.kind) == (group, human, level, kind)]
        paths += correlation_bars(
            [e.metric for e in rows],
            [e.value for e in rows],
            [e.lower for e in rows],
            [e.upper for e in rows],
            out_dir,
            f"{pre}{kind}.{safe_name(group)}.{safe_name(human)}.{level}",
            f"{kind.capitalize()} (95 % bootstrap CI)",
            f"{group}, {level} level, human = {human}",
        )
    return paths
