"""What the command line warns about in its input files (blank reference lines, which are scored as
sacrebleu scores them; a byte-order mark glued to the first word), noted as they are read."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .text import BOM, Block

#: a blank line with the line end before it (starting with a literal: five times faster than ``^``)
_BLANK = re.compile(rb"\n[ \t\r\f\v]*(?=\n|\Z)")


def count_blank(raw: bytes) -> int:
    """How many lines of an undecoded block of whole lines are empty or hold only whitespace."""
    body = raw[:-1] if raw.endswith(b"\n") else raw  # the last line end starts no line
    return len(_BLANK.findall(b"\n" + body))  # a block starts at a line start


@dataclass
class FileNotes:
    """Byte-order marks and blank reference lines, noted on the blocks read for scoring."""

    bom: set[str] = field(default_factory=set)
    blank: dict[str, int] = field(default_factory=dict)

    def note(self, block: Block, paths: Sequence[str], refs: Sequence[int]) -> None:
        """Note a block of the files ``paths`` read in lockstep, counting blank lines in those at ``refs``."""
        if block.first == 1:
            self.bom.update(path for path, raw in zip(paths, block.raw, strict=True) if raw.startswith(BOM))
        for k in refs:
            self.blank[paths[k]] = self.blank.get(paths[k], 0) + count_blank(block.raw[k])

    def warnings(self, files: Sequence[str], refs: Sequence[str]) -> Iterator[str]:
        """A warning per file with a byte-order mark, then per reference file with blank lines."""
        for path in files:
            if path != "-" and path in self.bom:
                yield (
                    f"{path} starts with a UTF-8 byte-order mark: it is kept as part of line 1, as sacrebleu "
                    f"keeps it (remove it with: sed -i '1s/^\\xEF\\xBB\\xBF//' {path})."
                )
        for path in refs:
            n = self.blank.get(path, 0) if path != "-" else 0
            if n:
                lines = "line is" if n == 1 else "lines are"
                yield (
                    f"{path}: {n} {lines} empty; each is scored as a reference of length 0, as sacrebleu does "
                    f"(in the API, None marks a missing reference)."
                )
