"""Every input is read exactly once, as a stream: the same bytes of output from a file, gzip, a pipe.

Each command that reads text, tables or model files is run on real WMT21 data with one of its
inputs given as a regular file, as gzip, as a named FIFO (``os.mkfifo``, written by a thread),
as a ``/dev/fd/N`` pipe (what ``<(...)`` gives), and, in a subprocess, as ``-`` and as
``/dev/stdin``; the output must be the same bytes every time. An input opened twice, or read
ahead to sniff gzip and then reopened, loses its start on a pipe (a different score, a false
line-count error) or hangs on a FIFO; a watchdog then closes the FIFO so such a test fails
instead of hanging.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from tests.cli import run_cli
from tests.datapaths import ROOT, WMT21, require

TXT = WMT21 / "txt"
REF_A = TXT / "references" / "newstest2021.de-en.ref.A.en"
REF_B = TXT / "references" / "newstest2021.de-en.ref.B.en"
HYP_A = TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"
HYP_B = TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"
TABLE = WMT21 / "derived" / "newstest2021.is-en.da-seg.joined.tsv.gz"
VARIANTS = ("file", "gzip", "fifo", "devfd")
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "plugins")])}


def _lines(path: Path, n: int | None = None) -> bytes:
    data = require(path).read_bytes()
    data = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    return data if n is None else b"".join(data.splitlines(keepends=True)[:n])


@contextmanager
def served(tmp: Path, name: str, data: bytes, variant: str) -> Iterator[str]:
    """A path from which ``data`` reads as ``variant``; a writer thread feeds the pipes."""
    if variant in ("file", "gzip"):
        path = tmp / variant / name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(gzip.compress(data, mtime=0) if variant == "gzip" else data)
        yield str(path)
        return
    if variant == "fifo":
        path = tmp / "fifo" / name
        path.parent.mkdir(exist_ok=True)
        os.mkfifo(path)

        def write() -> None:
            try:
                with open(path, "wb") as fh:
                    fh.write(data)
            except OSError:
                pass  # the reader left early (a failing command): nothing more to feed

        def unblock() -> None:  # a reader waiting for a writer that already left: let it see the end
            with suppress(OSError):
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        watchdog = threading.Timer(10, unblock)
        watchdog.start()
        try:
            yield str(path)
        finally:
            watchdog.cancel()
            if writer.is_alive():  # never opened: open the reading end so that the writer ends
                with suppress(OSError):
                    os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
            writer.join(5)
        return
    assert variant == "devfd"
    r, writer = _pipe(data)
    try:
        yield f"/dev/fd/{r}"
    finally:
        os.close(r)
        writer.join(5)


def _pipe(data: bytes) -> tuple[int, threading.Thread]:
    """The reading end of a pipe and the started thread writing ``data`` into it (what ``<(...)`` gives)."""
    r, w = os.pipe()

    def feed() -> None:
        try:
            with os.fdopen(w, "wb") as fh:
                fh.write(data)
        except OSError:
            pass  # the reader closed early (a failing command)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    return r, writer


def _normal(out: str, path: str, variant: str) -> str:
    """The output with the input's own name masked (and the width of the columns it sets)."""
    out = re.sub(rf"(?<![\w.]){re.escape(Path(path).name)}(?!\w)", "@", out.replace(path, "@"))
    return re.sub(" +", " ", out)  # columns as wide as the name


def _same_everywhere(tmp: Path, name: str, data: bytes, args: Callable[[str], list[str]], cut: str = "\0") -> str:
    """The output of ``args(PATH)`` with ``data`` at PATH, the same for every variant (up to ``cut``)."""
    outs = {}
    for variant in VARIANTS:
        cwd = os.getcwd()
        os.chdir(tmp)
        try:
            with served(tmp, name, data, variant) as path:
                code, out, err = run_cli(*args(path))
        finally:
            os.chdir(cwd)
        assert code == 0, (variant, err)
        outs[variant] = _normal(out.partition(cut)[0], path, variant)
    hashes = re.compile(r"[0-9a-f]{12,}")  # of the bytes as stored: gzip's differ
    assert hashes.sub("H", outs["gzip"]) == hashes.sub("H", outs["file"]), "gzip"
    assert outs["fifo"] == outs["file"], "named FIFO"
    assert outs["devfd"] == outs["file"], "/dev/fd pipe"
    return outs["file"]


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Regular copies of the inputs that are not under test (the first 400 segments), and a table."""
    d = tmp_path_factory.mktemp("inputs")
    out = {}
    for key, path in (("ref", REF_A), ("refb", REF_B), ("hyp", HYP_A), ("hypb", HYP_B)):
        (d / key).write_bytes(_lines(path, 400))
        out[key] = str(d / key)
    rows = _lines(TABLE, 201)
    (d / "t.tsv").write_bytes(rows)
    out["table"] = str(d / "t.tsv")
    return out


# ------------------------------------------------------------------------------ text inputs
TEXT_CASES: dict[str, tuple[str, Callable[[dict[str, str], str], list[str]]]] = {
    "hypothesis": ("hyp", lambda t, p: [t["ref"], "-i", p, "-m", "bleu", "chrf", "-b"]),
    "reference": ("ref", lambda t, p: [p, "-i", t["hyp"], "-m", "bleu", "ter", "-b"]),
    "reference-read-by-two-systems-and-nist": (
        "ref",
        lambda t, p: [p, "-i", t["hyp"], t["hypb"], "-m", "bleu", "nist"],
    ),
    "second-reference": ("refb", lambda t, p: [t["ref"], p, "-i", t["hyp"], "-m", "bleu", "-b"]),
    "source": ("ref", lambda t, p: [t["ref"], "-i", t["hyp"], "--src", p, "-m", "bleu", "-b"]),
}


@pytest.mark.parametrize("case", TEXT_CASES)
def test_text_inputs_read_the_same_from_every_kind_of_stream(case: str, texts: dict[str, str], tmp_path: Path) -> None:
    key, args = TEXT_CASES[case]
    _same_everywhere(tmp_path, "input.txt", Path(texts[key]).read_bytes(), lambda p: args(texts, p))


def test_orange_nbest_and_references_from_pipes(texts: dict[str, str], tmp_path: Path) -> None:
    hyps = [Path(texts[k]).read_text(encoding="utf-8").split("\n")[:100] for k in ("hyp", "hypb")]
    nbest = "".join(f"{i} ||| {h[i]} ||| f ||| 0\n" for i in range(100) for h in hyps).encode()
    refs = [str(tmp_path / "ra"), str(tmp_path / "rb")]
    for path, key in zip(refs, ("ref", "refb"), strict=True):
        Path(path).write_bytes(b"".join(Path(texts[key]).read_bytes().splitlines(keepends=True)[:100]))
    args = ["-m", "bleu", "--bootstrap-n", "10", "-f", "json"]
    _same_everywhere(tmp_path, "input.nbest", nbest, lambda p: ["meta", "orange", p, *refs, *args])
    ref = Path(refs[0]).read_bytes()
    out = _same_everywhere(
        tmp_path,
        "input.ref",
        ref,
        lambda p: ["meta", "orange", str(tmp_path / "file" / "input.nbest"), p, refs[1], *args],
    )
    assert json.loads(out)["sha256"]["@"] == hashlib.sha256(ref).hexdigest()  # of the one reading


# ------------------------------------------------------------------------------ tables and score files
def test_table_from_every_kind_of_stream(texts: dict[str, str], tmp_path: Path) -> None:
    data = Path(texts["table"]).read_bytes()
    out = _same_everywhere(
        tmp_path, "t.tsv", data, lambda p: ["meta", "correlate", p, "-m", "bleu", "--bootstrap-n", "0"]
    )
    assert "200 rows" in out


def test_score_files_and_system_scores_from_every_kind_of_stream(texts: dict[str, str], tmp_path: Path) -> None:
    table = texts["table"]
    code, _, err = run_cli(
        "meta", "correlate", table, "-m", "chrf", "--bootstrap-n", "0", "--save-scores", str(tmp_path / "s")
    )
    assert code == 0, err
    scores = (tmp_path / "s" / "chrf.seg.score").read_bytes()
    base = ["meta", "correlate", table, "--bootstrap-n", "0"]
    _same_everywhere(tmp_path, "chrf.seg.score", scores, lambda p: [*base, "-m", f"file:{p}"], "signatures:")
    systems = b"".join(sorted({line.split(b"\t")[0] + b"\t0.5\n" for line in scores.splitlines()}))
    _same_everywhere(tmp_path, "sys.score", systems, lambda p: [*base, "-m", "chrf", "--system-human", p])


# ------------------------------------------------------------------------------ model files
def test_combo_model_and_similarity_table_from_every_kind_of_stream(texts: dict[str, str], tmp_path: Path) -> None:
    import mtmetrics
    from mtmetrics_meta.combo import FORMAT

    sig = {s: str(mtmetrics.load_metric(s).signature("1")) for s in ("chrf", "ter")}
    features = [
        {"spec": "chrf", "signature": sig["chrf"], "sign": 1},
        {"spec": "ter", "signature": sig["ter"], "sign": -1},
    ]
    model = {"format": FORMAT, "features": features, "weights": [0.25, 2.0], "intercept": -3.5}
    base = [texts["ref"], "-i", texts["hyp"], "-b"]
    _same_everywhere(tmp_path, "m.json", json.dumps(model).encode(), lambda p: [*base, "-m", f"combo:model={p}"])
    table = b"house\thome\t0.8\ncat\tdog\t0.3\nthe\ta\t0.5\nsaid\ttold\t0.6\n"
    _same_everywhere(tmp_path, "sim.tsv", table, lambda p: [*base, "-m", f"sia:similarity={p}"])


# ------------------------------------------------------------------------------ standard input, /dev/stdin, <(...)
def _run(args: list[str], stdin: bytes | None = None, pass_fds: tuple[int, ...] = ()) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mtmetrics", *args],
        input=stdin,
        capture_output=True,
        env=ENV,
        pass_fds=pass_fds,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode()


def test_standard_input_and_dev_stdin_read_as_the_file(texts: dict[str, str]) -> None:
    hyp = Path(texts["hyp"]).read_bytes()
    want = _run([texts["ref"], "-i", texts["hyp"], "-m", "bleu", "chrf", "-b"])
    assert _run([texts["ref"], "-m", "bleu", "chrf", "-b"], stdin=hyp) == want  # piped, no -i
    assert _run([texts["ref"], "-i", "-", "-m", "bleu", "chrf", "-b"], stdin=gzip.compress(hyp)) == want
    assert _run([texts["ref"], "-i", "/dev/stdin", "-m", "bleu", "chrf", "-b"], stdin=hyp) == want
    ref = Path(texts["ref"]).read_bytes()
    two = [texts["hyp"], texts["hypb"], "-m", "bleu", "nist"]
    assert _run(["-", "-i", *two], stdin=ref) == _run([texts["ref"], "-i", *two]).replace(texts["ref"], "<stdin>")


def test_issue_example_both_sides_piped_gives_the_files_score() -> None:
    """``mtmetrics <(cat ref.A) -i <(zcat Online-A.gz) -m bleu``: 33.97, as the files (and sacrebleu) give."""
    fds = [_pipe(_lines(REF_A))[0], _pipe(_lines(HYP_A))[0]]
    try:
        got = _run([f"/dev/fd/{fds[0]}", "-i", f"/dev/fd/{fds[1]}", "-m", "bleu", "-b"], pass_fds=tuple(fds))
    finally:
        for r in fds:
            os.close(r)
    assert got == "33.97\n"
    assert _run([str(REF_A), "-i", str(HYP_A), "-m", "bleu", "-b"]) == got
