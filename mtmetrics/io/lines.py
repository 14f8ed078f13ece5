"""A system's files read in lockstep into chunks of undecoded lines that become segments where they are scored."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..metric import Inputs, Segment, build_segments
from .text import Block, read_blocks

#: A plugin's reader of its own files' lines (:func:`mtmetrics.hookspecs.annotate_lines`), picklable:
#: ``decode(columns, sources, hyps, refs, first)`` -> ``{annotation: [one value per segment]}``.
LineDecoder = Callable[
    [Sequence[Sequence[str]], Sequence[str] | None, Sequence[str], Sequence[Sequence[str | None]], int],
    dict[str, list[Any]],
]


@dataclass(frozen=True)
class Layout:
    """Where each input sits in the row of lines read in lockstep for one system."""

    paths: tuple[str, ...]
    n_refs: int
    src: int | None
    annotations: tuple[tuple[str, tuple[int, ...]], ...]
    #: each plugin decoder with the places of its files' lines
    decoders: tuple[tuple[LineDecoder, tuple[int, ...]], ...] = ()


@dataclass(frozen=True)
class LineChunk:
    """Lines read in lockstep for a run of segments, undecoded; they become segments where they are scored."""

    block: Block
    layout: Layout
    inputs: Inputs
    names: dict[str, str]

    def __len__(self) -> int:
        """The number of segments: one per row of lines."""
        return self.block.count

    def segments(self) -> list[Segment]:
        """Decode the lines, build and check the segments (plugins' decoders check their own lines)."""
        layout, first = self.layout, self.block.first
        columns = self.block.columns()
        hyps, refs = columns[0], columns[1 : 1 + layout.n_refs]
        sources = columns[layout.src] if layout.src is not None else None
        annotations: dict[str, list[Any]] = {}
        for name, idx in layout.annotations:
            files = [columns[i] for i in idx]
            annotations[name] = files[0] if len(idx) == 1 else [list(row) for row in zip(*files, strict=True)]
        for decode, idx in layout.decoders:
            annotations.update(decode([columns[i] for i in idx], sources, hyps, refs, first))
        return build_segments(hyps, refs, sources, annotations or None, self.inputs, self.names, first)


def line_chunks(
    layout: Layout,
    inputs: Inputs,
    names: dict[str, str],
    size: int,
    first: int | None = None,
    check: Callable[[Sequence[bytes], Sequence[str], int], None] | None = None,
    observe: Callable[[Block], None] | None = None,
) -> Iterator[LineChunk]:
    """The input read in lockstep, ``size`` lines per chunk (``first`` for the first); ``check`` (the gate's
    limit) and ``observe`` (the CLI's notes) see each block before it is scored."""
    for block in read_blocks(layout.paths, size, first):
        if check is not None:
            check(block.raw[: 1 + layout.n_refs], block.names[: 1 + layout.n_refs], block.first)
        if observe is not None:
            observe(block)
        yield LineChunk(block, layout, inputs, dict(names))
