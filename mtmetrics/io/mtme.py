"""Read an mt-metrics-eval test set directory (``mt-metrics-eval-v2/<testset>/``) as a judged table::

    sources/LP.txt, references/LP.REF.txt, system-outputs/LP/SYSTEM.txt   one segment per line
    human-scores/LP.SCORER.{seg,sys}.score    SYSTEM<TAB>SCORE (None: no score; LP.seg.score: "score")
    metric-scores/LP/METRIC-REF.seg.score     the same form, per metric

A row per system and line judged by every chosen scorer; references in the order named, else mtme's.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from . import files
from .tables import Columns, Table
from .text import iter_lines


@dataclass(frozen=True)
class MtmeData:
    """A joined mtme language pair: the table, its columns, human columns and official system scores."""

    table: Table
    columns: Columns
    humans: list[str]
    system_human: dict[str, dict[tuple[str, str], float]]  # scorer → (lp, system) → score


def _exists(path: Path) -> Path:
    if not path.exists():
        raise InputError(f"{path}: missing (mt-metrics-eval layout: see mtmetrics.io.mtme).")
    return path


def _lines(path: Path) -> list[str]:
    text = files.read_text(_exists(path), "mt-metrics-eval file")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln.rstrip("\r") for ln in lines]


def score_line(line: str, where: str, system: str | None = None, missing: bool = True) -> tuple[str, float | None]:
    """``(system, score)`` of one ``SYSTEM<TAB>SCORE`` line (``where``: ``file:line`` for errors); ``None``
    where it says ``None`` (with ``missing`` false, an error). With ``system``: the line is that
    system's score alone."""
    parts = [system, line.strip()] if system is not None else line.split("\t") if "\t" in line else line.split()
    if len(parts) != 2:
        raise InputError(f"{where}: expected SYSTEM<TAB>SCORE, got {len(parts)} fields.")
    name, value = parts
    if value == "None":
        if missing:
            return name, None
        raise InputError(f"{where}: system '{name}' has None for a score; give it a number.")
    try:
        number = float(value)
    except ValueError:
        raise InputError(f"{where}: '{value}' is not a number.") from None
    if not math.isfinite(number):
        raise InputError(f"{where}: '{value}' is not a finite score (mt-metrics-eval writes None for a missing one).")
    return name, number


def read_segment_scores(
    path: str | Path, digest: Any = None, system: str | None = None, missing: bool = True
) -> list[tuple[str, float | None]]:
    """:func:`score_line` of every line of a ``SYSTEM<TAB>SCORE`` file (a blank line is an error), read
    once as a stream without a byte-order mark; ``digest`` (a ``hashlib`` object) sees the file's bytes."""
    lines = enumerate(iter_lines(path, digest, "table"), 1)
    return [score_line(ln.removeprefix("\ufeff") if k == 1 else ln, f"{path}:{k}", system, missing) for k, ln in lines]


def _scores(path: Path, n: int | None = None) -> dict[str, list[float | None]]:
    """Each system's scores (its k-th line scores segment k); with ``n``, exactly ``n`` per system."""
    out: dict[str, list[float | None]] = {}
    for system, value in read_segment_scores(_exists(path)):
        out.setdefault(system, []).append(value)
    for system, values in out.items() if n is not None else ():
        if len(values) != n:
            raise InputError(f"{path}: system '{system}' has {len(values)} scores, the source has {n} segments.")
    return out


def read_mtme(
    directory: str | Path,
    lp: str,
    scorers: Sequence[str] | None = None,
    metrics: Sequence[str] = (),
    refs: Sequence[str] | None = None,
) -> MtmeData:
    """Join the files of language pair ``lp`` under ``directory``: the human ``scorers`` (default:
    all), the ``metrics`` score files as columns (``METRIC-REF``), the ``refs`` in their order."""
    root = Path(directory)
    sources = _lines(root / "sources" / f"{lp}.txt")
    available = {p.name[len(lp) + 1 : -4]: p for p in (root / "references").glob(f"{lp}.*.txt")}
    if refs:
        ref_names = [r[len("ref_") :] if r.startswith("ref_") and r not in available else r for r in refs]
        missing = [r for r in ref_names if r not in available]
        if missing:
            raise InputError(
                f"{root}: no references/{lp}.{missing[0]}.txt; the references are {', '.join(sorted(available))}."
            )
        if len(set(ref_names)) != len(ref_names):
            raise InputError(f"--ref-cols names a reference twice: {' '.join(refs)}.")
    else:
        ref_names = sorted(available)
    refs_text = {name: _lines(available[name]) for name in ref_names}
    if not refs_text:
        raise InputError(f"{root}: no references/{lp}.REF.txt.")
    out_dir = root / "system-outputs" / lp
    outputs = {p.name[:-4]: _lines(p) for p in sorted(out_dir.glob("*.txt"))}
    if not outputs:
        raise InputError(f"{out_dir}: no system outputs.")
    human_dir = root / "human-scores"
    seg_files = sorted(human_dir.glob(f"{lp}.*seg.score"))  # LP.SCORER.seg.score; LP.seg.score: scorer "score"
    found = {p.name[len(lp) + 1 : -len("seg.score")].rstrip(".") or "score": p for p in seg_files}
    n = len(sources)
    names = list(scorers) if scorers else list(found)
    if not names:
        raise InputError(f"{human_dir}: no {lp}.SCORER.seg.score file.")
    missing = [n for n in names if n not in found]
    if missing:
        raise InputError(f"{human_dir}: no segment scores for {', '.join(missing)}; found {', '.join(found)}.")
    human = {h: _scores(found[h], n) for h in names}
    metric_scores = {m: _scores(root / "metric-scores" / lp / f"{m}.seg.score", n) for m in metrics}
    for name, lines in [*refs_text.items(), *outputs.items()]:
        if len(lines) != n:
            raise InputError(f"{root}: {lp} {name} has {len(lines)} lines, the source {n}.")
    ref_cols = [f"ref_{r}" for r in refs_text]
    cols: dict[str, list[str]] = {c: [] for c in ["lp", "system", "sid", "source", "hyp", *ref_cols, *names, *metrics]}
    for system in sorted(outputs):
        per_h = [human[h].get(system) for h in names]
        if any(v is None for v in per_h):
            continue  # a system without human scores is not judged
        for i in range(n):
            values = [v[i] for v in per_h if v is not None]
            if any(v is None for v in values):
                continue
            row = {"lp": lp, "system": system, "sid": str(i + 1), "source": sources[i], "hyp": outputs[system][i]}
            row |= {c: lines[i] for c, lines in zip(ref_cols, refs_text.values(), strict=True)}
            row |= {h: repr(v) for h, v in zip(names, values, strict=True)}
            for m in metrics:
                score = (metric_scores[m].get(system) or [None] * n)[i]
                if score is None:
                    raise InputError(f"{m}: no score for system '{system}', segment {i + 1}, which is judged.")
                row[m] = repr(score)
            for column, text in row.items():
                cols[column].append(text)
    if not cols["lp"]:
        raise InputError(f"{root}: no judged segments for {lp}.")
    system_human: dict[str, dict[tuple[str, str], float]] = {}
    for h in names:
        sys_path = human_dir / (re.sub(r"seg\.score$", "sys.score", found[h].name))
        if sys_path.exists():
            system_human[h] = {(lp, s): v[0] for s, v in _scores(sys_path).items() if v and v[0] is not None}
    digest = hashlib.sha256()
    for c in cols.values():
        digest.update("\n".join(c).encode("utf-8"))
    table = Table(f"{root.name}:{lp}", digest.hexdigest(), cols)
    columns = Columns("system", "sid", "hyp", tuple(ref_cols), "source", "lp")
    return MtmeData(table, columns, names, system_human)
