"""Precomputed scores (COMET, BLEURT, a new metric) meta-evaluated next to the built-ins.

``col:NAME``: a numeric column of the table; ``file:PATH``: mt-metrics-eval's ``SYSTEM<TAB>SCORE``
per segment, the k-th line naming S scoring S's k-th row (as :func:`write_scores` writes). The
system score is the segment mean, or ``X.sys.score`` beside ``X.seg.score`` (no interval then).
Higher is better is assumed.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mtmetrics.errors import InputError
from mtmetrics.io import files
from mtmetrics.io.mtme import read_segment_scores, score_line
from mtmetrics.io.precomputed import Precomputed
from mtmetrics.io.tables import Columns, Table
from mtmetrics.metric import Statistics

from .scores import MetricScores

PREFIXES = ("col:", "file:")


def is_precomputed(spec: str) -> bool:
    """Whether a ``-m`` entry names precomputed scores (``col:NAME`` or ``file:PATH``)."""
    return spec.startswith(PREFIXES)


def scores_for_rows(lines: Sequence[tuple[str, float | None]], systems: Sequence[str], origin: str) -> np.ndarray:
    """The score of each table row: the k-th line naming S for the k-th row of S (module docstring)."""
    per: dict[str, list[float | None]] = {}
    for name, value in lines:
        per.setdefault(name, []).append(value)
    used: dict[str, int] = {}
    out = np.empty(len(systems), dtype=np.float64)
    for i, name in enumerate(systems):
        k = used.get(name, 0)
        values = per.get(name)
        if values is None:
            raise InputError(f"{origin}: no scores for system '{name}'.")
        if k >= len(values):
            raise InputError(f"{origin}: system '{name}' has {len(values)} scores, the table has more rows of it.")
        value = values[k]
        if value is None:
            raise InputError(f"{origin}: system '{name}', row {k + 1} of it, is None but the table judges it.")
        out[i] = value
        used[name] = k + 1
    for name, k in used.items():
        if k != len(per[name]):
            raise InputError(f"{origin}: system '{name}' has {len(per[name])} scores, the table has {k} rows of it.")
    return out


def precomputed_scores(spec: str, table: Table, columns: Columns) -> MetricScores:
    """A :class:`~mtmetrics_meta.scores.MetricScores` for ``col:NAME`` or ``file:PATH`` on ``table``'s rows."""
    system_scores = None
    if spec.startswith("col:"):
        column = spec[4:]
        if column not in table.columns:
            raise InputError(f"{table.name}: no column '{column}' for -m {spec}; columns: {', '.join(table.columns)}.")
        values = table.numbers(column)
        metric = Precomputed(label=column, origin=spec)
    elif spec.startswith("file:"):
        path = Path(spec[5:])
        digest = hashlib.sha256()
        lines = read_segment_scores(path, digest)
        sha = digest.hexdigest()[:16]
        values = scores_for_rows(lines, table.columns[columns.system], str(path))
        label = re.sub(r"\.seg\.score$", "", path.name)
        metric = Precomputed(label=label, origin=f"file:{path.name}#{sha}")
        sys_path = path.with_name(label + ".sys.score")
        if path.name.endswith(".seg.score") and sys_path.exists():
            system_scores = read_system_scores(sys_path)
    else:
        raise InputError(f"-m {spec}: precomputed scores are col:NAME or file:PATH.")
    stats = Statistics(("score",), values.reshape(-1, 1), "mean", "-")
    return MetricScores(spec, metric, stats, values, False, system_scores=system_scores)


def merge_scores(
    specs: Sequence[str], table: Table, columns: Columns, computed: Sequence[MetricScores]
) -> list[MetricScores]:
    """The metrics in ``-m`` order: computed ones as given, precomputed ones read from the table or files."""
    by_spec = {s.spec: s for s in computed}
    return [precomputed_scores(sp, table, columns) if is_precomputed(sp) else by_spec[sp] for sp in specs]


def safe_file_name(spec: str) -> str:
    """A file name for a metric spec (``bleu:max_order=2`` → ``bleu_max_order=2``)."""
    return re.sub(r"[^\w.=+-]+", "_", spec).strip("_") or "metric"


def write_scores(directory: str | Path, table: Table, columns: Columns, scores: Sequence[MetricScores]) -> list[Path]:
    """Write each metric's sign-applied segment scores as ``DIR/SPEC.seg.score`` (``SYSTEM<TAB>SCORE``,
    table order), readable back with ``-m file:DIR/SPEC.seg.score``; ``repr`` keeps every bit."""
    out_dir = files.output_directory(directory, "--save-scores", create=True)
    systems = table.columns[columns.system]
    paths = []
    for s in scores:
        path = out_dir / f"{safe_file_name(s.spec)}.seg.score"
        values = np.asarray(s.segment_scores, dtype=np.float64).tolist()  # Python floats: repr at once
        text = "".join([f"{name}\t{v!r}\n" for name, v in zip(systems, values, strict=True)])
        files.atomic_write(path, text or "\n")
        paths.append(path)
    return paths


#: usual names of the columns of a system-level scores table (WMT21's ad-sys-scores files: SYS, Z.SCR)
SYSTEM_COLUMNS = ("system", "sys", "system_name")
SCORE_COLUMNS = ("score", "z", "z.scr", "human", "mqm", "da")
GROUP_COLUMNS = ("group", "lp", "langpair", "lang_pair", "pair")


def read_system_scores(
    path: str | Path, score_column: str | None = None, default_group: str = ""
) -> dict[tuple[str, str], float]:
    """A system-level scores table: ``(group, system) → score``.

    With a header (tab- or space-separated; columns ``system``/``sys``, ``score``/``z``/``Z.SCR``…
    or ``score_column``, optionally ``group``/``lp``), e.g. WMT21's ``ad-sys-scores-ru-en.csv``
    (``RAW.SCR Z.SCR N SYS N.ALL``); without one, mt-metrics-eval's ``SYSTEM<TAB>SCORE`` lines
    (``*.sys.score``). Rows without a group get ``default_group`` (``""``: every group).
    """
    p = Path(path)
    lines = list(enumerate(files.read_text(p, "system scores file").splitlines(), 1))
    rows = [(k, ln) for k, ln in lines if ln.strip()]  # errors name the file's own line numbers
    if not rows:
        raise InputError(f"{p}: empty system scores file.")

    def fields(line: str) -> list[str]:
        return line.split("\t") if "\t" in line else line.split()

    head = [h.strip().lower() for h in fields(rows[0][1])]
    scored: list[tuple[int, str, str, float | None]] = []
    if len(head) == 2 and _number(head[1]) is not None:  # mt-metrics-eval's lines, no header: as every scores file
        scored += [(k, default_group, *score_line(ln, f"{p}:{k}", missing=False)) for k, ln in lines]
    else:
        wanted = (score_column.lower(),) if score_column else SCORE_COLUMNS
        sys_i, score_i, group_i = (
            next((head.index(c) for c in n if c in head), -1) for n in (SYSTEM_COLUMNS, wanted, GROUP_COLUMNS)
        )
        if sys_i < 0 or score_i < 0:
            raise InputError(f"{p}: needs a system and a score column (--system-human-col); header: {' '.join(head)}.")
        for k, line in rows[1:]:
            f = fields(line)
            if len(f) != len(head):
                raise InputError(f"{p}:{k}: {len(f)} fields, the header has {len(head)}.")
            if (number := _number(f[score_i])) is None:
                raise InputError(f"{p}:{k}: '{f[score_i]}' is not a number.")
            scored.append((k, f[group_i] if group_i >= 0 else default_group, f[sys_i], number))
    out: dict[tuple[str, str], float] = {}
    for k, group, system, number in scored:
        assert number is not None  # score_line refused None
        if (group, system) in out:
            where = f" in group '{group}'" if group else ""
            raise InputError(f"{p}:{k}: system '{system}'{where} is scored a second time.")
        out[group, system] = number
    return out


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None
