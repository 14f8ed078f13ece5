"""Figures as PNG and SVG files that the same numbers make byte-identical: matplotlib (the ``plot``
extra) is imported only to draw; the Agg renderer on a private figure, fixed rcParams and metadata
without dates or versions. The house style of every ``--plot`` picture (meta-evaluation, ranking).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import require
from . import files

#: rcParams fixed for every picture (independent of the user's matplotlibrc)
RC: dict[str, Any] = {
    "font.family": "DejaVu Sans",
    "font.size": 9.0,
    "axes.titlesize": 10.0,
    "axes.labelsize": 9.0,
    "figure.dpi": 100.0,
    "savefig.dpi": 100.0,
    "svg.fonttype": "path",
    "svg.hashsalt": "mtmetrics",
    "path.simplify": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
}

#: metadata written into the files instead of matplotlib's (which has its version and a date)
SVG_METADATA = {"Creator": "mtmetrics", "Date": None, "Format": None, "Type": None}
PNG_METADATA = {"Software": "mtmetrics"}


def matplotlib_modules() -> tuple[Any, Any, Any]:
    """``(matplotlib, Figure, FigureCanvasAgg)``, or a ResourceError naming the extra."""
    matplotlib = require("matplotlib", "pictures (--plot)", "plot")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    return matplotlib, Figure, FigureCanvasAgg


def safe_name(text: str) -> str:
    """A file-name-safe version of a label (``bleus:max_order=4`` -> ``bleus_max_order-4``)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text.replace("=", "-")).strip("_") or "x"


def draw_figure(
    size: tuple[float, float],
    title: str,
    out_dir: Path,
    stem: str,
    draw: Callable[[Any], None],
    rc: dict[str, Any] | None = None,
) -> list[Path]:
    """A figure of ``size`` inches with one titled axes that ``draw`` fills, in the house style
    (:data:`RC`, updated by ``rc``), saved as PNG and SVG into ``out_dir`` (created if missing),
    each file written whole; the files' paths."""
    mpl, figure_cls, canvas_cls = matplotlib_modules()
    with mpl.rc_context({**RC, **(rc or {})}):
        fig = figure_cls(figsize=size)
        ax = fig.add_subplot()
        draw(ax)
        ax.set_title(title)
        fig.tight_layout()
        return _save(fig, canvas_cls, out_dir, stem)


def _save(fig: Any, canvas_cls: Any, out_dir: Path, stem: str) -> list[Path]:
    files.output_directory(out_dir, "--plot", create=True)
    canvas_cls(fig)
    paths = []
    for fmt, meta in (("png", PNG_METADATA), ("svg", SVG_METADATA)):
        path = out_dir / f"{stem}.{fmt}"
        buffer = io.BytesIO()
        fig.savefig(buffer, format=fmt, metadata=meta)
        files.atomic_write(path, buffer.getvalue())
        paths.append(path)
    return paths
