"""Input assembly: line-aligned files read in lockstep, cut into chunks that become segments where scored.

The scoring command reads a system's hypotheses, references, source, annotations and alignments
in lockstep (:func:`line_chunks`); each :class:`LineChunk` carries undecoded lines to wherever it
is scored (a worker process) and becomes segments there, so the reading process stays idle. A
segment longer than the chosen metrics accept (the gate's :meth:`~mtmetrics.engine.gate.Limit.check_lines`)
is refused while reading, before any work is wasted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..metric import Inputs, Segment, build_segments
from .alignments import alignments_from_lines
from .text import Block, read_blocks


@dataclass(frozen=True)
class Layout:
    """Where each input sits in the row of lines read in lockstep for one system."""

    paths: tuple[str, ...]
    n_refs: int
    src: int | None
    annotations: tuple[tuple[str, tuple[int, ...]], ...]
    align_hyp: int | None
    align_refs: tuple[int, ...]
    align_hyp_rev: int | None = None
    align_refs_rev: tuple[int, ...] = ()


@dataclass(frozen=True)
class LineChunk:
    """Lines read in lockstep for a run of segments, undecoded; they become segments where they are scored."""

    block: Block
    layout: Layout
    inputs: Inputs
    names: dict[str, str]
    one_based: bool

    def __len__(self) -> int:
        """The number of segments: one per row of lines."""
        return self.block.count

    def segments(self) -> list[Segment]:
        """Decode the lines, build and check the segments (alignments checked against their sentences)."""
        layout, first = self.layout, self.block.first
        plain = layout.n_refs > 0 and len(layout.paths) == 1 + layout.n_refs
        if plain and not (self.inputs.source or self.inputs.annotations):
            # hypotheses and references alone: every line is a string (none is missing) and the files
            # were read in lockstep, so build_segments would check nothing that can fail
            columns = self.block.columns()
            return [Segment(h, rs) for h, rs in zip(columns[0], zip(*columns[1:], strict=True), strict=True)]
        rows = self.block.rows()
        hyps = [r[0] for r in rows]
        refs: list[list[str | None]] = [[r[1 + k] for r in rows] for k in range(layout.n_refs)]
        sources = [r[layout.src] for r in rows] if layout.src is not None else None
        annotations: dict[str, list[Any]] = {}
        for name, idx in layout.annotations:
            annotations[name] = [r[idx[0]] for r in rows] if len(idx) == 1 else [[r[i] for i in idx] for r in rows]
        if sources is not None:
            annotations.update(self._alignments(rows, sources, hyps, refs))
        return build_segments(hyps, refs, sources, annotations or None, self.inputs, self.names, first)

    def _alignments(
        self, rows: list[tuple[str, ...]], sources: list[str], hyps: list[str], refs: list[list[str | None]]
    ) -> dict[str, list[Any]]:
        """The alignment annotations of these rows: ``align_hyp``, ``align_refs`` and their ``_rev`` directions."""
        layout, first = self.layout, self.block.first
        out: dict[str, list[Any]] = {}

        def read(index: int, targets: Sequence[str | None]) -> list[Any]:
            lines = [r[index] for r in rows]
            return alignments_from_lines(lines, layout.paths[index], sources, targets, self.one_based, first)

        def per_segment(indices: tuple[int, ...]) -> list[Any]:
            streams = [read(i, refs[k]) for k, i in enumerate(indices)]
            return [tuple(s[j] for s in streams) for j in range(len(rows))]

        if layout.align_hyp is not None:
            out["align_hyp"] = read(layout.align_hyp, hyps)
            out["align_refs"] = per_segment(layout.align_refs)
        if layout.align_hyp_rev is not None:
            out["align_hyp_rev"] = read(layout.align_hyp_rev, hyps)
        if layout.align_refs_rev:
            out["align_refs_rev"] = per_segment(layout.align_refs_rev)
        return out


def line_chunks(
    layout: Layout,
    inputs: Inputs,
    names: dict[str, str],
    one_based: bool,
    size: int,
    first: int | None = None,
    check: Callable[[Sequence[bytes], Sequence[str], int], None] | None = None,
    observe: Callable[[Block], None] | None = None,
) -> Iterator[LineChunk]:
    """The input read in lockstep, a chunk of lines at a time (memory: one chunk per worker).

    ``size`` lines per chunk, ``first`` for the first one (the engine chooses both).
    ``check`` (the gate's limit) sees each chunk's hypothesis and reference lines in this process,
    before the chunk goes to be scored;
    ``observe`` sees each block there too (the command line notes what it warns about).
    """
    for block in read_blocks(layout.paths, size, first):
        if check is not None:
            check(block.raw[: 1 + layout.n_refs], block.names[: 1 + layout.n_refs], block.first)
        if observe is not None:
            observe(block)
        yield LineChunk(block, layout, inputs, dict(names), one_based)
