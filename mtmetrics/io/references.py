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

from .text import BOM, LINES, read_blocks

#: a line holding nothing but whitespace (``\r`` of a CRLF line end included), on undecoded bytes,
#: with the line end before it: a pattern that starts with a literal is searched for as fast as
#: ``bytes.find`` (``^`` in multiline mode is tried at every byte, five times slower)
_BLANK = re.compile(rb"\n[ \t\r\f\v]*(?=\n|\Z)")


def count_empty_lines(path: str) -> int:
    """How many lines of ``path`` are empty or hold only whitespace (read strictly, as for scoring)."""
    total = 0
    for block in read_blocks([path], LINES):
        raw = block.raw[0]
        body = raw[:-1] if raw.endswith(b"\n") else raw  # the last line end starts no line
        total += len(_BLANK.findall(b"\n" + body))  # a block starts at a line start
    return total


def empty_reference_warnings(paths: Sequence[str]) -> Iterator[str]:
    """One warning per reference file that has empty lines, naming the file and how many."""
    for path in paths:
        if path == "-":
            continue
        n = count_empty_lines(path)
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


def bom_warnings(paths: Sequence[str]) -> Iterator[str]:
    """One warning per file that starts with a UTF-8 byte-order mark (kept, as sacrebleu keeps it)."""
    for path in paths:
        if path != "-" and starts_with_bom(path):
            yield (
                f"{path} starts with a UTF-8 byte-order mark: it is kept as part of line 1, as sacrebleu "
                f"keeps it (remove it with: sed -i '1s/^\\xEF\\xBB\\xBF//' {path})."
            )
