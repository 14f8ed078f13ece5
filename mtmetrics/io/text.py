"""Reading one-segment-per-line files strictly: UTF-8 (a byte-order mark kept, as sacrebleu does),
gzipped or not, ``\\n`` or ``\\r\\n``; a bad byte names file, line and column. :func:`read_blocks`
hands out undecoded blocks of whole lines, so workers, not the reader, decode them."""

from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..errors import InputError
from .files import LIMITS, open_stream, over_limit, read_piece

STDIN = "-"
#: bytes asked of the file system at a time
READ_SIZE = 1 << 20
#: the longest line read (/dev/zero stops here); it bounds the memory of metrics without a segment
#: limit (n-gram counts take up to 200 bytes per byte: under 1 GB at the cap, tests/core/test_costs.py)
MAX_LINE_BYTES = 1 << 20
#: lines per block when a file is read on its own
LINES = 4096
BOM = b"\xef\xbb\xbf"


def read_lines(path: str | os.PathLike[str], digest: Any = None) -> list[str]:
    """All lines of ``path`` (``-`` for standard input) without their line ends (``digest``: see :func:`iter_lines`)."""
    return list(iter_lines(path, digest))


def iter_lines(path: str | os.PathLike[str], digest: Any = None, kind: str | None = None) -> Iterator[str]:
    """Lines of ``path`` (``-``: standard input), decoded strictly; ``digest`` sees the bytes as
    stored, and a ``kind`` of :data:`~mtmetrics.io.files.LIMITS` caps the decompressed size."""
    with ExitStack() as stack:
        reader = _open(str(path), stack, digest, kind)
        first = 1
        while True:
            raw, count = reader.take(LINES, early=True)  # a block of about READ_SIZE bytes, however long the lines
            if not count:
                return
            yield from decode_block(raw, reader.name, first)
            first += count


#: inputs copied to a temporary file to be read again (:func:`rereadable`): name → copy
_SPOOLED: dict[str, str] = {}


def _open(name: str, stack: ExitStack, digest: Any = None, kind: str | None = None) -> _Reader:
    label = "<stdin>" if name == STDIN else name
    stream = open_stream(_SPOOLED.get(name, name), label, stack, kind, True, digest)
    return _Reader(stream, label, kind)


@contextmanager
def rereadable(paths: Sequence[str]) -> Iterator[None]:
    """Let ``paths`` be read more than once: standard input or a pipe is copied once to a temporary file that
    later readings open instead (messages still name the input)."""
    with ExitStack() as stack:
        for name in dict.fromkeys(paths):
            if name in _SPOOLED or (name != STDIN and os.path.isfile(name)):
                continue
            label = "<stdin>" if name == STDIN else name
            copy = stack.enter_context(tempfile.NamedTemporaryFile(prefix="mtmetrics-", suffix=".input"))
            with ExitStack() as source:
                stream = open_stream(name, label, source, decompress=False)
                try:
                    while data := read_piece(stream, label, READ_SIZE):
                        copy.write(data)
                    copy.flush()
                except OSError as exc:
                    raise InputError(f"{label}: cannot copy it to a temporary file ({exc.strerror or exc}).") from None
            _SPOOLED[name] = copy.name
            stack.callback(_SPOOLED.pop, name)
        yield


class _Reader:
    """Whole lines of a binary stream, ``n`` at a time, as undecoded bytes."""

    def __init__(self, stream: BinaryIO, name: str, kind: str | None = None) -> None:
        self.stream, self.name, self.kind = stream, name, kind
        self.buf = b""  # read, not yet handed out; starts at a line start
        self.eof = False
        self.done = 0  # lines handed out so far
        self.total = 0  # bytes read (decompressed)

    def _read(self) -> bytes:
        data = read_piece(self.stream, self.name, READ_SIZE)
        self.total += len(data)
        if self.kind is not None and self.total > LIMITS[self.kind]:
            raise over_limit(self.name, self.kind)
        return data

    def take(self, n: int, early: bool = False) -> tuple[bytes, int]:
        """The next ``n`` lines (fewer at the end, or with ``early`` when more need another read) and how many."""
        parts: list[bytes] = []
        got = 0
        while got < n:
            buf = self.buf
            have = buf.count(b"\n")
            if have >= n - got:
                end = 0
                for _ in range(n - got):
                    end = buf.index(b"\n", end) + 1
                parts.append(buf[:end])
                self.buf = buf[end:]
                self.done += n
                return b"".join(parts), n
            if self.eof:
                if buf:
                    parts.append(buf)
                    have += not buf.endswith(b"\n")  # a last line without a line end
                    self.buf = b""
                return b"".join(parts), got + have
            data = self._read()
            if not data:
                self.eof = True
                continue
            cut = buf.rfind(b"\n") + 1  # hand out the complete lines already here, keep the tail
            if cut:
                parts.append(buf[:cut])
                got += have
            self.buf = buf[cut:] + data
            if early and got:
                break
            if len(self.buf) > MAX_LINE_BYTES and b"\n" not in self.buf:
                raise InputError(
                    f"{self.name}:{self.done + got + 1}: a line longer than {MAX_LINE_BYTES >> 20} MiB; "
                    "this is not a file of one segment per line."
                )
        self.done += got
        return b"".join(parts), got


def decode_block(raw: bytes, name: str, first: int) -> list[str]:
    """The lines of a block (from :meth:`_Reader.take`) decoded strictly; ``first`` is its first line's number."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        number = first + raw.count(b"\n", 0, exc.start)
        raise InputError(
            f"{name}:{number}: not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start - start + 1}). "
            f"Convert the file to UTF-8, e.g. with: iconv -f LATIN1 -t UTF-8 {name}"
        ) from None
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    if "\r" in text:
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    return lines


@dataclass(frozen=True)
class Block:
    """The same run of lines of several line-aligned files, undecoded: one ``bytes`` per file."""

    raw: tuple[bytes, ...]
    names: tuple[str, ...]
    first: int
    count: int

    def columns(self) -> list[list[str]]:
        """The decoded lines, one list per file."""
        return [decode_block(r, n, self.first) for r, n in zip(self.raw, self.names, strict=True)]

    def rows(self) -> list[tuple[str, ...]]:
        """The decoded lines, one tuple (a line of every file) per row."""
        return list(zip(*self.columns(), strict=True))


def read_blocks(paths: Sequence[str], size: int, first: int | None = None) -> Iterator[Block]:
    """Line-aligned files read in lockstep, ``size`` lines at a time (``first``: the first block's size);
    files of different lengths, or an empty input, are an error."""
    with ExitStack() as stack:
        readers = [_open(p, stack) for p in paths]
        names = tuple(r.name for r in readers)
        total = 0
        want = size if first is None else first
        while True:
            taken = [r.take(want) for r in readers]
            counts = {count for _, count in taken}
            if len(counts) > 1:
                for (raw, _), name in zip(taken, names, strict=True):
                    decode_block(raw, name, total + 1)  # a bad line before the end is reported first
                # each file's lines to the end: take() gives (b"", 0) once it is exhausted
                rest = [sum(c for _, c in iter(functools.partial(r.take, LINES), (b"", 0))) for r in readers]
                totals = [total + count + n for n, (_, count) in zip(rest, taken, strict=True)]
                listing = ", ".join(f"{n}: {c} lines" for n, c in zip(names, totals, strict=True))
                raise InputError(f"files have different numbers of lines ({listing}); each needs one line per segment.")
            count = counts.pop()
            if count:
                yield Block(tuple(raw for raw, _ in taken), names, total + 1, count)
            elif total == 0:
                raise InputError(f"{names[0]}: no segments to score (empty input).")
            total += count
            if count < want:
                return
            want = size


def read_reference_rows(paths: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Each segment's references from line-aligned files, streamed (for :func:`mtmetrics.engine.gate.prepare`)."""
    for block in read_blocks(paths, LINES):
        yield from block.rows()
