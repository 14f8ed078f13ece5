"""Reading one-segment-per-line text files, strictly.

Files are UTF-8 (a UTF-8 byte-order mark is accepted and dropped), optionally gzip-compressed
(``.gz``), with ``\\n`` or ``\\r\\n`` line ends. An undecodable byte is an error naming the file,
line and byte offset; nothing is replaced or skipped silently.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from typing import BinaryIO

from ..errors import InputError

STDIN = "-"


def read_lines(path: str | Path) -> list[str]:
    """All lines of ``path`` (``-`` for standard input) without their line ends."""
    name = str(path)
    if name == STDIN:
        return read_stream(sys.stdin.buffer, "<stdin>")
    p = Path(name)
    if not p.exists():
        raise InputError(f"{name}: no such file.")
    if p.is_dir():
        raise InputError(f"{name}: is a directory, expected a text file with one segment per line.")
    try:
        if name.endswith(".gz"):
            with gzip.open(p, "rb") as fh:
                return read_stream(fh, name)  # type: ignore[arg-type]
        with open(p, "rb") as fh:
            return read_stream(fh, name)
    except PermissionError:
        raise InputError(f"{name}: permission denied.") from None
    except (OSError, EOFError) as exc:
        raise InputError(f"{name}: cannot read ({exc}).") from None


def read_stream(stream: BinaryIO, name: str) -> list[str]:
    """Decode a binary stream line by line; errors name ``name`` and the 1-based line."""
    data = stream.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1)
        raise InputError(
            f"{name}:{line}: not valid UTF-8 (byte 0x{data[exc.start]:02x} at column {col + 1}). "
            f"Convert the file to UTF-8, e.g. with: iconv -f LATIN1 -t UTF-8 {name}"
        ) from None
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [ln[:-1] if ln.endswith("\r") else ln for ln in lines]
