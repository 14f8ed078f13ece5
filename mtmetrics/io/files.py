"""Reading the files a user names, bounded, and writing files whole or not at all.

Reading: :func:`read_bytes` and :func:`read_text` read a *regular* file (a device such as
``/dev/zero``, a FIFO or a directory is refused before anything is read) in pieces, and stop with
an :class:`~mtmetrics.InputError` naming the file as soon as it, or its gzip-decompressed content,
exceeds the limit of its kind (:data:`LIMITS`), so no file can exhaust memory. Undecodable bytes
are an error naming the file and line. :func:`resolve_named` resolves a path written inside a
model file relative to that file's folder and keeps it there.

Writing: :func:`atomic_write` writes a whole file to a temporary file in the target directory and
renames it over the target, so a failed write (a full disk, an interrupted run) never leaves a
half-written file; every failure (a missing directory, a directory as target, no space left) is an
:class:`~mtmetrics.InputError` naming the path. A target that exists and is not a regular file
(``/dev/stdout``, a FIFO) is written directly, never replaced.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path

from ..errors import InputError

#: Largest size of each kind of file, in bytes (for gzipped files: of the decompressed content).
LIMITS: dict[str, int] = {
    "model": 64 * 2**20,  # combination and paraphrase models: JSON of a few kilobytes
    "table": 4 * 2**30,  # judged tables, similarity tables, alignments, score files
}
GZIP_MAGIC = b"\x1f\x8b"
#: Temporary files of :func:`write_all` not yet renamed or removed: what an interrupt that cannot wait
#: for them (:func:`mtmetrics.workers.ctrl_c`) removes.
STAGED: set[str] = set()
_PIECE = 2**20


def _size_text(n: int) -> str:
    return f"{n / 2**30:g} GiB" if n >= 2**30 else f"{n / 2**20:g} MiB"


def regular_file(path: str | os.PathLike[str], what: str) -> Path:
    """``path`` as a :class:`~pathlib.Path` when it is an existing regular file (symbolic links
    followed); otherwise an :class:`~mtmetrics.InputError` saying what it is instead."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise InputError(f"{what} {p}: no such file.") from None
    except OSError as exc:
        raise InputError(f"{what} {p}: cannot read ({exc.strerror or exc}).") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"{what} {p}: is a directory, not a file.")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"{what} {p}: not a regular file (a device, FIFO or socket cannot be read as one).")
    return p


def check_input(path: str | os.PathLike[str], what: str, kind: str = "table") -> None:
    """Before a file is streamed: it is ``-`` (standard input) or a regular file no larger than
    ``LIMITS[kind]`` bytes on disk."""
    if str(path) == "-":
        return
    p = regular_file(path, what)
    limit = LIMITS[kind]
    if p.stat().st_size > limit:
        raise InputError(f"{what} {p}: larger than the limit of {_size_text(limit)} for a {kind} file.")


def read_bytes(path: str | os.PathLike[str], what: str, kind: str = "table", decompress: bool = True) -> bytes:
    """The bytes of the regular file ``path`` (gzip-decompressed when they start with gzip's magic
    number and ``decompress``), read in pieces; more than ``LIMITS[kind]`` bytes is an error naming it."""
    limit = LIMITS[kind]
    p = regular_file(path, what)
    try:
        with open(p, "rb") as fh:
            if os.fstat(fh.fileno()).st_size > limit:
                raise InputError(f"{what} {p}: larger than the limit of {_size_text(limit)} for a {kind} file.")
            pieces = []
            total = 0
            while piece := fh.read(_PIECE):
                total += len(piece)
                if total > limit:
                    raise InputError(f"{what} {p}: larger than the limit of {_size_text(limit)} for a {kind} file.")
                pieces.append(piece)
    except OSError as exc:
        raise InputError(f"{what} {p}: cannot read ({exc.strerror or exc}).") from None
    data = b"".join(pieces)
    if decompress and data[:2] == GZIP_MAGIC:
        return gunzip(data, p, what, kind)
    return data


def gunzip(data: bytes, path: str | os.PathLike[str], what: str, kind: str = "table") -> bytes:
    """Decompress every gzip member of ``data``, never more than ``LIMITS[kind]`` bytes."""
    limit = LIMITS[kind]
    out: list[bytes] = []
    total = 0
    rest = data
    try:
        while rest:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            chunk = rest
            while chunk:
                piece = d.decompress(chunk, _PIECE)
                total += len(piece)
                if total > limit:
                    raise InputError(
                        f"{what} {path}: decompressed, larger than the limit of {_size_text(limit)} for a {kind} file."
                    )
                out.append(piece)
                chunk = d.unconsumed_tail
            while not d.eof:
                piece = d.decompress(b"", _PIECE)
                if not piece:
                    break
                total += len(piece)
                if total > limit:
                    raise InputError(
                        f"{what} {path}: decompressed, larger than the limit of {_size_text(limit)} for a {kind} file."
                    )
                out.append(piece)
            if not d.eof:
                raise InputError(f"{what} {path}: truncated gzip data.")
            rest = d.unused_data.lstrip(b"\x00")
    except zlib.error as exc:
        raise InputError(f"{what} {path}: not a readable gzip file ({exc}).") from None
    return b"".join(out)


def decode_utf8(data: bytes, path: str | os.PathLike[str], what: str) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark dropped); bad bytes are an error naming
    the file and line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"{what} {path}:{line}: not valid UTF-8 (byte {exc.start}).") from None


def read_text(path: str | os.PathLike[str], what: str, kind: str = "table") -> str:
    """:func:`read_bytes` decoded as UTF-8 (:func:`decode_utf8`)."""
    return decode_utf8(read_bytes(path, what, kind), path, what)


def resolve_named(name: str, model: str | os.PathLike[str]) -> str:
    """A path written inside the file ``model``, read relative to ``model``'s folder and confined to
    it: an absolute path, a ``..`` component or a path whose real location (symbolic links followed)
    is outside that folder is an :class:`~mtmetrics.InputError`, so a model cannot make its user
    read (or print) a file elsewhere, such as ``/etc/shadow`` or ``~/.ssh``."""
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
    """Write ``data`` (text as UTF-8) to ``path`` whole: a temporary file in the same directory,
    renamed over ``path`` once complete; on any failure nothing is left behind (module docstring)."""
    write_all([(path, data)])


def write_all(outputs: Sequence[tuple[str | os.PathLike[str] | None, str | bytes]]) -> None:
    """Write several outputs of one run all or none: each regular file is first written whole to a
    temporary file beside it; then devices (``/dev/stdout``, a FIFO) and standard output (a path of
    ``None``) are written; only when all of that succeeded are the temporary files renamed over
    their targets. So a report printed to standard output with its JSON going to a full disk prints
    nothing, and a failed device write leaves no file changed."""
    staged: list[tuple[str, Path]] = []
    try:
        direct: list[tuple[Path | None, bytes]] = []
        for path, data in outputs:
            raw = data.encode("utf-8") if isinstance(data, str) else data
            if path is None:
                direct.append((None, raw))
                continue
            p = Path(path)
            if p.is_dir():
                raise InputError(f"cannot write {p}: it is a directory.")
            if p.exists() and not p.is_file():  # a device or FIFO named on purpose: written, never replaced
                direct.append((p, raw))
                continue
            staged.append((_stage(p, raw), p))
        direct.sort(key=lambda item: item[0] is None)  # devices first, standard output last
        for target, raw in direct:
            if target is None:
                _write_stdout(raw)
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
    """``raw`` written whole to a new temporary file in ``p``'s directory (with the mode a new file
    at ``p`` would get); its name is returned for the rename."""
    parent = p.parent
    if not parent.is_dir():
        raise InputError(f"cannot write {p}: the directory {parent} does not exist.")
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".part", dir=parent)
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


def _write_stdout(raw: bytes) -> None:
    """``raw`` to standard output, flushed, so that a failure (closed, full) surfaces here, before
    any file is renamed into place."""
    sys.stdout.write(raw.decode("utf-8"))
    sys.stdout.flush()


_UMASK: list[int] = []


def _umask() -> int:
    """The process's umask (read once: reading it means setting it), for the new file's mode."""
    if not _UMASK:
        mask = os.umask(0o022)
        os.umask(mask)
        _UMASK.append(mask)
    return _UMASK[0]


def check_writable(path: str | os.PathLike[str]) -> None:
    """Fail before any work when ``path`` cannot be written: a directory, or a missing directory."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"cannot write {p}: it is a directory.")
    if not p.parent.is_dir():
        raise InputError(f"cannot write {p}: the directory {p.parent} does not exist.")


def output_directory(path: str | os.PathLike[str], option: str, create: bool = False) -> Path:
    """A directory to write into: an existing file of that name is an error naming ``option``;
    with ``create`` the directory (and its parents) is made, else only checked."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise InputError(f"{option} {p}: exists and is not a directory.")
    if create:
        try:
            p.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"{option} {p}: cannot create the directory ({exc.strerror or exc}).") from None
    return p
