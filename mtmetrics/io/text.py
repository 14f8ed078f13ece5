"""Reading one-segment-per-line text files, strictly.

Files are UTF-8 (a UTF-8 byte-order mark is accepted and dropped), optionally gzip-compressed
(``.gz``), with ``\\n`` or ``\\r\\n`` line ends. An undecodable byte is an error naming the file,
line and byte offset; nothing is replaced or skipped silently.
"""

from __future__ import annotations

import gzip
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from ..errors import InputError

STDIN = "-"


def read_lines(path: str | os.PathLike[str]) -> list[str]:
    """All lines of ``path`` (``-`` for standard input) without their line ends."""
    return list(iter_lines(path))


def iter_lines(path: str | os.PathLike[str]) -> Iterator[str]:
    """Lines of ``path`` (``-``: standard input) one at a time, decoded strictly (errors name file and line)."""
    name = str(path)
    if name == STDIN:
        yield from _decode_lines(sys.stdin.buffer, "<stdin>")
        return
    p = Path(name)
    if not p.exists():
        raise InputError(f"{name}: no such file.")
    if p.is_dir():
        raise InputError(f"{name}: is a directory, expected a text file with one segment per line.")
    try:
        opener = gzip.open if name.endswith(".gz") else open
        with opener(p, "rb") as fh:
            yield from _decode_lines(fh, name)  # type: ignore[arg-type]
    except PermissionError:
        raise InputError(f"{name}: permission denied.") from None
    except (OSError, EOFError) as exc:
        raise InputError(f"{name}: cannot read ({exc}).") from None


def _decode_lines(stream: BinaryIO, name: str) -> Iterator[str]:
    for number, raw in enumerate(stream, 1):
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{name}:{number}: not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1}). "
                f"Convert the file to UTF-8, e.g. with: iconv -f LATIN1 -t UTF-8 {name}"
            ) from None
        if line.endswith("\n"):
            line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
        yield line


_END = object()


def read_chunks(paths: Sequence[str], size: int) -> Iterator[list[tuple[str, ...]]]:
    """Several line-aligned files read in lockstep, ``size`` lines at a time.

    A file that ends before the others is an error naming every file and its number of lines;
    an empty input is an error too. Memory is one chunk, whatever the files' length.
    """
    iters = [iter_lines(p) for p in paths]
    total = 0
    while True:
        chunk: list[tuple[str, ...]] = []
        while len(chunk) < size:
            row = [next(it, _END) for it in iters]
            ended = [r is _END for r in row]
            if any(ended):
                if not all(ended):
                    seen = total + len(chunk)
                    counts = [seen + (0 if e else 1 + sum(1 for _ in it)) for e, it in zip(ended, iters, strict=True)]
                    listing = ", ".join(
                        f"{'<stdin>' if p == STDIN else p}: {c} lines" for p, c in zip(paths, counts, strict=True)
                    )
                    raise InputError(
                        f"files have different numbers of lines ({listing}); each needs one line per segment."
                    )
                if chunk:
                    yield chunk
                elif total == 0:
                    raise InputError(f"{paths[0]}: no segments to score (empty input).")
                return
            chunk.append(tuple(row))  # type: ignore[arg-type]
        total += len(chunk)
        yield chunk
