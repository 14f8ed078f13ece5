"""The block line reader: same lines as a plain split, whatever the read and block sizes."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics.io import read_blocks, read_lines
from mtmetrics.io import text as textio

LINE = st.text(alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\n\r"), max_size=12)


def _encode(lines: list[str], ends: list[str], final: bool) -> bytes:
    body = "".join(line + end for line, end in zip(lines, ends, strict=True))
    if not final and lines:
        body = body[: -len(ends[-1])]
    return body.encode("utf-8")


def _oracle(raw: bytes) -> list[str]:
    """Python's own line iteration over the bytes, line ends stripped."""
    out = []
    for line in io.BytesIO(raw):
        text = line.decode("utf-8")
        text = text[:-1] if text.endswith("\n") else text
        out.append(text[:-1] if text.endswith("\r") else text)
    return out


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(LINE, max_size=30),
    crlf=st.lists(st.booleans(), min_size=30, max_size=30),
    final=st.booleans(),
    bom=st.booleans(),
    read_size=st.integers(1, 17),
    block=st.integers(1, 7),
)
def test_lines_survive_any_read_size(
    tmp_path_factory: pytest.TempPathFactory,
    lines: list[str],
    crlf: list[bool],
    final: bool,
    bom: bool,
    read_size: int,
    block: int,
) -> None:
    ends = ["\r\n" if c else "\n" for c in crlf[: len(lines)]]
    # a byte-order mark is kept, as Python's utf-8 codec (and sacrebleu) keep it
    raw = (b"\xef\xbb\xbf" if bom else b"") + _encode(lines, ends, final)
    lines = _oracle(raw)
    path = tmp_path_factory.mktemp("io") / "f.txt"
    path.write_bytes(raw)
    mp = pytest.MonkeyPatch()
    mp.setattr(textio, "READ_SIZE", read_size)
    mp.setattr(textio, "LINES", block)
    try:
        assert read_lines(path) == lines
        if lines:
            rows = [r for b in read_blocks([str(path), str(path)], block) for r in b.rows()]
            assert rows == [(x, x) for x in lines]
            blocks = list(read_blocks([str(path)], block))
            assert [b.first for b in blocks] == list(range(1, len(lines) + 1, block))
            assert sum(b.count for b in blocks) == len(lines)
        else:
            with pytest.raises(mtmetrics.InputError, match="empty input"):
                list(read_blocks([str(path)], block))
    finally:
        mp.undo()


def test_gzip_and_bad_bytes_name_the_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textio, "READ_SIZE", 5)
    gz = tmp_path / "a.txt.gz"
    with gzip.open(gz, "wb") as fh:
        fh.write(b"un\ndeux\r\ntrois")
    assert read_lines(gz) == ["un", "deux", "trois"]
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\nfine\nstill fine\ncaf\xe9 au lait\n")
    with pytest.raises(mtmetrics.InputError, match=rf"{bad}:4: not valid UTF-8 \(byte 0xe9 at column 4\)"):
        read_lines(bad)
    with pytest.raises(mtmetrics.InputError, match=rf"{bad}:4: not valid UTF-8"):
        [b.rows() for b in read_blocks([str(bad), str(bad)], 2)]


def test_a_block_holds_no_decoded_lines(tmp_path: Path) -> None:
    """What goes to a worker is the undecoded bytes of its lines, one ``bytes`` per file."""
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_text("α\nβ\nγ\n", encoding="utf-8")
    b.write_text("1\n2\n3", encoding="utf-8")
    first, second = read_blocks([str(a), str(b)], 2)
    assert first.raw == ("α\nβ\n".encode(), b"1\n2\n") and (first.first, first.count) == (1, 2)
    assert second.raw == ("γ\n".encode(), b"3") and second.rows() == [("γ", "3")]


def test_first_block_size(tmp_path: Path) -> None:
    """The first block may be smaller (it warms the reading process up before workers fork)."""
    path = tmp_path / "ten"
    path.write_text("".join(f"{i}\n" for i in range(10)), encoding="utf-8")
    blocks = list(read_blocks([str(path)], 4, first=1))
    assert [(b.first, b.count) for b in blocks] == [(1, 1), (2, 4), (6, 4), (10, 1)]
    assert [row for b in blocks for row in b.rows()] == [(str(i),) for i in range(10)]
