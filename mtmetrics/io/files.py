"""Reading the files a user names, each opened once (gzip recognised by peeking, so pipes work) and
bounded by its kind's :data:`LIMITS`; writing a run's files all or none (:func:`write_all`)."""

from __future__ import annotations

import contextlib
import errno
import functools
import gzip
import io
import os
import stat
import sys
import tempfile
import zlib
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import InputError

#: Largest size of each kind of file read whole, in bytes (for gzipped files: of the decompressed content).
LIMITS: dict[str, int] = {
    "model": 64 * 2**20,  # combination and paraphrase models: JSON of a few kilobytes
    "table": 4 * 2**30,  # judged tables, similarity tables, alignments, score files
}
#: what to do about a file over its limit
_OVER = {"model": "is it the right file?", "table": "split it into smaller files."}
GZIP_MAGIC = b"\x1f\x8b"
#: Temporary files of :func:`write_all` not yet renamed: what :func:`mtmetrics.engine.pool.ctrl_c` removes.
STAGED: set[str] = set()
_PIECE = 2**20


def _size_text(n: int) -> str:
    return f"{n / 2**30:g} GiB" if n >= 2**30 else f"{n / 2**20:g} MiB"


def over_limit(label: str, kind: str) -> InputError:
    """The error for a file (``label``) whose content is larger than ``LIMITS[kind]``: names file, limit, remedy."""
    return InputError(
        f"{label}: larger than the limit of {_size_text(LIMITS[kind])} (decompressed) for a {kind} file; {_OVER[kind]}"
    )


class _Tee(io.RawIOBase):
    """A raw stream adding every byte read through it to ``digest`` (the hash as stored, on the one reading)."""

    def __init__(self, inner: Any, digest: Any) -> None:
        self.inner, self.digest = inner, digest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n: int = self.inner.readinto(buffer) or 0
        if self.digest is not None:
            self.digest.update(memoryview(buffer)[:n])
        return n


def open_stream(
    path: str | os.PathLike[str],
    label: str,
    stack: ExitStack,
    kind: str | None = None,
    decompress: bool = True,
    digest: Any = None,
) -> BinaryIO:
    """``path`` (``-``: standard input) as a binary stream, gunzipped if it is gzip and ``decompress``; with
    a ``kind`` it must be a regular file or a pipe within the limit. ``digest`` sees the bytes as stored."""
    name = str(path)
    raw: Any
    if name == "-":
        raw = sys.stdin.buffer
    else:
        try:
            raw = stack.enter_context(open(name, "rb", buffering=0))  # noqa: SIM115 (closed by the stack)
        except FileNotFoundError:
            raise InputError(f"{label}: no such file.") from None
        except IsADirectoryError:
            raise InputError(f"{label}: is a directory, not a file.") from None
        except PermissionError:
            raise InputError(f"{label}: permission denied.") from None
        except OSError as exc:
            raise InputError(f"{label}: cannot read ({exc.strerror or exc}).") from None
        st = os.fstat(raw.fileno())
        if kind is not None and not (stat.S_ISREG(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
            raise InputError(f"{label}: not a regular file or a pipe (a device or socket cannot be read as one).")
        if kind is not None and st.st_size > LIMITS[kind]:
            raise over_limit(label, kind)
    raw = io.BufferedReader(_Tee(raw, digest), _PIECE)  # peek: gzip is recognised without reading ahead
    if decompress and raw.peek(2)[:2] == GZIP_MAGIC:
        return gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    return raw


def read_piece(stream: BinaryIO, label: str, size: int = _PIECE) -> bytes:
    """Up to ``size`` bytes of ``stream``; a read failure or broken gzip data is an error naming ``label``."""
    try:
        return stream.read(size)
    except PermissionError:
        raise InputError(f"{label}: permission denied.") from None
    except EOFError:
        raise InputError(f"{label}: truncated gzip data.") from None
    except (OSError, zlib.error) as exc:
        raise InputError(f"{label}: cannot read, not a valid file or gzip file ({exc}).") from None


def read_bytes(
    path: str | os.PathLike[str], what: str, kind: str = "table", decompress: bool = True, digest: Any = None
) -> bytes:
    """The bytes of the regular file or pipe ``path`` (:func:`open_stream`), refused once over ``LIMITS[kind]``."""
    label, limit = f"{what} {path}", LIMITS[kind]
    pieces: list[bytes] = []
    total = 0
    with ExitStack() as stack:
        stream = open_stream(path, label, stack, kind, decompress, digest)
        while piece := read_piece(stream, label):
            total += len(piece)
            if total > limit:
                raise over_limit(label, kind)
            pieces.append(piece)
    return b"".join(pieces)


def decode_utf8(data: bytes, path: str | os.PathLike[str], what: str) -> str:
    """``data`` as UTF-8 text without a byte-order mark; bad bytes are an error naming file and line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"{what} {path}:{line}: not valid UTF-8 (byte {exc.start}).") from None


def read_text(path: str | os.PathLike[str], what: str, kind: str = "table", digest: Any = None) -> str:
    """:func:`read_bytes` decoded as UTF-8 (:func:`decode_utf8`)."""
    return decode_utf8(read_bytes(path, what, kind, digest=digest), path, what)


def resolve_named(name: str, model: str | os.PathLike[str]) -> str:
    """A path written inside the file ``model``, relative to its folder and confined to it (no absolute
    path, ``..`` or symbolic link out)."""
    folder, p = Path(model).parent, Path(name)
    root = os.path.realpath(folder)
    if p.is_absolute() or ".." in p.parts or "\0" in name:
        why = "is absolute" if p.is_absolute() else "contains '..'" if ".." in p.parts else "contains a NUL"
    elif os.path.commonpath([root, os.path.realpath(folder / p)]) != root:
        why = "leads elsewhere through a symbolic link"
    else:
        return str(folder / p)
    raise InputError(f"the path {name!r} {why}: a path written in a model must stay in the model's folder ({root}).")


def _write_error(path: Path, exc: OSError) -> InputError:
    if exc.errno == errno.ENOENT and not path.parent.exists():
        return InputError(f"cannot write {path}: the directory {path.parent} does not exist.")
    if exc.errno in (errno.EISDIR, errno.EEXIST) or path.is_dir():
        return InputError(f"cannot write {path}: it is a directory.")
    return InputError(f"cannot write {path}: {exc.strerror or exc}.")


def atomic_write(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all (:func:`write_all`)."""
    write_all([(path, data)])


def write_all(outputs: Sequence[tuple[str | os.PathLike[str] | None, str | bytes]]) -> None:
    """Write a run's outputs all or none: regular files staged beside their targets are renamed into place
    once devices and standard output (path ``None``) are written; a device or FIFO is never replaced."""
    staged: list[tuple[str, Path]] = []
    try:
        direct: list[tuple[Path | None, bytes]] = []
        for path, data in outputs:
            raw = data.encode("utf-8") if isinstance(data, str) else data
            if path is None:
                direct.append((None, raw))
                continue
            p = Path(path)
            check_writable(p)
            if p.exists() and not p.is_file():  # a device or FIFO named on purpose: written, never replaced
                direct.append((p, raw))
                continue
            staged.append((_stage(p, raw), p))
        direct.sort(key=lambda item: item[0] is None)  # devices first, standard output last
        for target, raw in direct:
            if target is None:  # flushed: a failure surfaces before any file is renamed
                sys.stdout.write(raw.decode("utf-8"))
                sys.stdout.flush()
                continue
            try:
                with open(target, "wb") as fh:
                    fh.write(raw)
            except OSError as exc:
                raise _write_error(target, exc) from None
        while staged:
            tmp, p = staged[0]
            try:
                os.replace(tmp, p)
            except OSError as exc:
                raise _write_error(p, exc) from None
            STAGED.discard(tmp)
            staged.pop(0)
    finally:
        for tmp, _ in staged:
            _unstage(tmp)


def _stage(p: Path, raw: bytes) -> str:
    """The name of a new temporary file in ``p``'s directory holding ``raw``, with a new file's mode."""
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".part", dir=p.parent)
        STAGED.add(tmp)
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.chmod(tmp, 0o666 & ~_umask())
        staged, tmp = tmp, None
        return staged
    except OSError as exc:
        raise _write_error(p, exc) from None
    finally:
        if tmp is not None:
            _unstage(tmp)


def _unstage(tmp: str) -> None:
    """Remove the temporary file ``tmp`` (if it is still there)."""
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    STAGED.discard(tmp)


@functools.cache
def _umask() -> int:
    """The process's umask (read once: reading it means setting it), for the new file's mode."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def check_writable(path: str | os.PathLike[str]) -> None:
    """Fail before any work when ``path`` cannot be written: a directory, or a missing directory."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"cannot write {p}: it is a directory.")
    if not p.parent.is_dir():
        raise InputError(f"cannot write {p}: the directory {p.parent} does not exist.")


def output_directory(path: str | os.PathLike[str], option: str, create: bool = False) -> Path:
    """A directory to write into (made with ``create``); an existing file of that name is an error naming ``option``."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise InputError(f"{option} {p}: exists and is not a directory.")
    if create:
        try:
            p.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"{option} {p}: cannot create the directory ({exc.strerror or exc}).") from None
    return p
