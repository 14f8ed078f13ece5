"""Reading is bounded in memory, and a broken input is one line naming it, never a traceback.

Caps bound memory, not only bytes: a table is read as a stream of lines (its memory is the
columns kept plus a block), a line longer than the cap and a file whose decompressed content is
larger than its kind's limit stop the reading at the cap. The caps are lowered here (module
constants, monkeypatched; in a subprocess for the unbounded read, under an address-space limit)
so that the inputs stay small; peak memory is measured with ``tracemalloc`` or, in the
subprocess, as its peak resident set. Each case failed on the code before inputs were streamed.
"""

from __future__ import annotations

import gzip
import json
import os
import resource
import subprocess
import sys
import textwrap
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from mtmetrics import InputError
from mtmetrics.io import files, text
from mtmetrics.io.tables import read_table
from tests.core.test_failures import REF, fails
from tests.datapaths import ROOT

MiB = 2**20


def _peak(call: Callable[[], object]) -> int:
    """Peak bytes allocated by Python while ``call()`` runs."""
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _refused(path: Path) -> None:
    """Reading the table ``path`` is an :class:`~mtmetrics.InputError`."""
    with pytest.raises(InputError):
        read_table(path)


def test_a_table_is_read_in_about_the_memory_it_keeps(tmp_path: Path) -> None:
    """Eight rows of 1 MiB: the columns kept are the file's 8 MiB; reading may cost about as much again."""
    cell = "w " * (MiB // 2)
    rows = [f"S{i % 2}\t{i}\t{cell}\t{cell[::-1]}\t0.{i}" for i in range(8)]
    path = tmp_path / "big.tsv"
    path.write_text("system\tsid\thyp\tref\tz\n" + "\n".join(rows) + "\n", encoding="utf-8")
    size = path.stat().st_size
    table: list[object] = []
    peak = _peak(lambda: table.append(read_table(path)))
    assert len(table[0]) == 8  # type: ignore[arg-type]
    assert peak < 2.2 * size, (peak, size)


def _zeros_table(tmp: Path, name: str) -> Path:
    """A table of 16 MiB of zero bytes (no line end): a sparse file, or gzip inflating to it."""
    path = tmp / name
    if name.endswith(".gz"):
        path.write_bytes(gzip.compress(bytes(16 * MiB), compresslevel=1, mtime=0))  # about 16 KB
    else:
        with open(path, "wb") as fh:
            fh.truncate(16 * MiB)
    return path


@pytest.mark.parametrize("name", ["sparse.tsv", "bomb.tsv.gz"])
def test_a_table_under_the_size_cap_but_one_endless_line_stops_at_the_line_cap(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under the file cap, a file is no longer read whole: its endless first line stops at the line cap."""
    monkeypatch.setattr(text, "MAX_LINE_BYTES", 2 * MiB)
    path = _zeros_table(tmp_path, name)
    fails(tmp_path, ["meta", "correlate", str(path), "-m", "bleu"], name, "2 MiB")
    peak = _peak(lambda: _refused(path))  # the reading alone, not the imports
    assert peak < 12 * MiB, peak


def test_decompressed_size_over_the_cap_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A gzip table whose rows inflate past the table cap: stopped at the cap, naming file, cap and remedy."""
    monkeypatch.setitem(files.LIMITS, "table", 4 * MiB)
    rows = "".join(f"S{i % 3}\t{i}\tthe cat sat\tthe cat sat on\t0.{i}\n" for i in range(150_000))
    path = tmp_path / "rows.tsv.gz"
    path.write_bytes(gzip.compress(("system\tsid\thyp\tref\tz\n" + rows).encode(), mtime=0))
    assert path.stat().st_size < MiB and len(rows) > 4 * MiB
    fails(tmp_path, ["meta", "correlate", str(path), "-m", "bleu"], "rows.tsv.gz", "4 MiB", "split")
    peak = _peak(lambda: _refused(path))
    assert peak < 40 * MiB, peak


def test_a_gzip_model_inflating_over_its_cap_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A combo model from gzip that inflates past the model cap (the size on disk is under it)."""
    monkeypatch.setitem(files.LIMITS, "model", MiB)
    path = tmp_path / "m.json.gz"
    path.write_bytes(gzip.compress(b" " * (4 * MiB) + b"{}", mtime=0))
    fails(tmp_path, [REF, "-i", REF, "-m", f"combo:model={path}"], "m.json.gz", "1 MiB")


def test_the_extra_corpus_of_align_is_a_bounded_read(tmp_path: Path) -> None:
    """``align --extra /dev/zero:/dev/zero`` read an endless line; now it stops at the line cap.

    Run in a subprocess under a 2 GiB address-space limit (the old endless read ends there in a
    MemoryError, a traceback); its peak resident memory is measured.
    """
    pytest.importorskip("eflomal")
    if not os.path.exists("/dev/zero"):
        pytest.skip("needs /dev/zero")
    hwm = tmp_path.parent / f"{tmp_path.name}.hwm"  # outside the folder that must stay empty
    code = textwrap.dedent(
        f"""
        import sys
        import mtmetrics.io.text as text
        from mtmetrics.cli import main
        text.MAX_LINE_BYTES = 8 << 20
        argv = ["align", {REF!r}, {REF!r}, "-o", {str(tmp_path / "out")!r}, "--extra", "/dev/zero:/dev/zero"]
        try:
            status = main(argv)
        finally:  # this process's own peak since exec (the fork's copy of the test process does not count)
            with open("/proc/self/status") as fh, open({str(hwm)!r}, "w") as out:
                out.write(next(line for line in fh if line.startswith("VmHWM:")).split()[1])
        sys.exit(status)
        """
    )

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "plugins")])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env=env, preexec_fn=limit, timeout=120, check=False
    )
    err = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b"", err
    assert len(err.splitlines()) == 1 and "/dev/zero" in err and "8 MiB" in err, err
    peak_kib = int(hwm.read_text())
    assert peak_kib < 400 * 1024, peak_kib  # KiB: the interpreter and its imports, plus a few lines cap
    assert not list(tmp_path.iterdir())


# ------------------------------------------------------------------------------ broken inputs: one line
def test_malformed_gzip_hypothesis_is_one_line(tmp_path: Path) -> None:
    """gzip's header, then bytes that are no deflate stream: ``zlib.error`` was a traceback."""
    bad = tmp_path / "hyp.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + b"\xff" * 64)
    fails(tmp_path, [REF, "-i", str(bad), "-m", "bleu"], "hyp.gz")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_lone_surrogate_in_a_jsonl_table_is_one_line(tmp_path: Path, fmt: str) -> None:
    """A system named with a JSON escape of a lone surrogate could not be written (``--save-scores``)."""
    rows = [
        {"system": "S\udc80" if i % 3 == 1 else f"S{i % 3}", "sid": str(i), "hyp": "a b c", "ref": "a b d", "z": i}
        for i in range(30)
    ]
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    args = ["meta", "correlate", str(path), "-m", "bleu", "--bootstrap-n", "0", "--save-scores", str(tmp_path / "d")]
    fails(tmp_path, [*args, "-f", fmt], "s.jsonl:2", "surrogate")
