"""What the command line warns about in its input files: empty reference lines and byte-order marks.

An empty (or whitespace-only) reference line is a reference with no words: sacrebleu keeps it, so
TER averages the reference length over it and BLEU may take 0 as the closest length. mtmetrics
scores it the same way, and the command line says once per file how many such lines there are, so
a file with holes is not scored silently as if it were complete.

A UTF-8 byte-order mark is kept as part of the first line, as sacrebleu keeps it (so scores equal
sacrebleu's); since it usually glues itself to the first word, the command line names the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .text import BOM, LINES, Block, read_blocks

#: a line holding nothing but whitespace (``\r`` of a CRLF line end included), on undecoded bytes,
#: with the line end before it: a pattern that starts with a literal is searched for as fast as
#: ``bytes.find`` (``^`` in multiline mode is tried at every byte, five times slower)
_BLANK = re.compile(rb"\n[ \t\r\f\v]*(?=\n|\Z)")


def count_blank(raw: bytes) -> int:
    """How many lines of an undecoded block of whole lines are empty or hold only whitespace."""
    body = raw[:-1] if raw.endswith(b"\n") else raw  # the last line end starts no line
    return len(_BLANK.findall(b"\n" + body))  # a block starts at a line start


def count_empty_lines(path: str) -> int:
    """How many lines of ``path`` are empty or hold only whitespace (read strictly, as for scoring)."""
    return sum(count_blank(block.raw[0]) for block in read_blocks([path], LINES))


@dataclass
class FileNotes:
    """Byte-order marks and blank reference lines, noted on the blocks as they are read for scoring,
    so that the warnings about them need no second reading of the files."""

    bom: set[str] = field(default_factory=set)
    blank: dict[str, int] = field(default_factory=dict)

    def note(self, block: Block, paths: Sequence[str], refs: Sequence[int]) -> None:
        """Note a block of the files ``paths`` read in lockstep, counting blank lines in those at ``refs``."""
        if block.first == 1:
            self.bom.update(path for path, raw in zip(paths, block.raw, strict=True) if raw.startswith(BOM))
        for k in refs:
            self.blank[paths[k]] = self.blank.get(paths[k], 0) + count_blank(block.raw[k])


def empty_reference_warnings(paths: Sequence[str], notes: FileNotes | None = None) -> Iterator[str]:
    """One warning per reference file that has empty lines, naming the file and how many (counted
    in ``notes`` when the files were noted as they were read, else by reading them)."""
    for path in paths:
        if path == "-":
            continue
        n = notes.blank.get(path, 0) if notes is not None else count_empty_lines(path)
        if n:
            lines = "line is" if n == 1 else "lines are"
            yield (
                f"{path}: {n} {lines} empty; each is scored as a reference of length 0, as sacrebleu does "
                f"(in the API, None marks a missing reference)."
            )


def starts_with_bom(path: str) -> bool:
    """Whether ``path`` (gzipped or not) starts with a UTF-8 byte-order mark."""
    for block in read_blocks([path], 1):
        return block.raw[0].startswith(BOM)
    return False


def bom_warnings(paths: Sequence[str], notes: FileNotes | None = None) -> Iterator[str]:
    """One warning per file that starts with a UTF-8 byte-order mark (kept, as sacrebleu keeps it);
    known from ``notes`` when the files were noted as they were read, else read."""
    for path in paths:
        if path != "-" and (path in notes.bom if notes is not None else starts_with_bom(path)):
            yield (
                f"{path} starts with a UTF-8 byte-order mark: it is kept as part of line 1, as sacrebleu "
                f"keeps it (remove it with: sed -i '1s/^\\xEF\\xBB\\xBF//' {path})."
            )
