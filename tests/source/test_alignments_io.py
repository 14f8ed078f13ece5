"""Pharaoh files: parsing, 1-based gold files with possible links, validation errors naming file, line, pair."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtmetrics import InputError
from mtmetrics_source.alignments import (
    Alignment,
    alignment_annotations,
    format_pharaoh,
    parse_line,
    read_alignment_file,
    read_pharaoh,
    write_pharaoh,
)
from tests.datapaths import DATA, require

GOLD = DATA / "align" / "awesome-align-gold" / "examples"


def _write(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_parse_zero_and_one_based() -> None:
    assert parse_line("0-0 2-1", "f", 1) == ({(0, 0), (2, 1)}, {(0, 0), (2, 1)})
    # 1-based with a possible link: 3p4 is possible only, sure links are possible too
    sure, possible = parse_line("1-1 3p4", "f", 1, one_based=True)
    assert sure == {(0, 0)}
    assert possible == {(0, 0), (2, 3)}


@pytest.mark.parametrize(
    ("line", "message"),
    [("0-0 1_2", "f:7: pair '1_2'"), ("0-x", "f:7: pair '0-x'"), ("-1-2", "f:7: pair '-1-2'"), ("0-0 3", "pair '3'")],
)
def test_malformed_pairs_name_file_line_pair(line: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_line(line, "f", 7)


def test_zero_in_one_based_file() -> None:
    with pytest.raises(InputError, match="f:2: pair '0-1' has index 0"):
        parse_line("0-1", "f", 2, one_based=True)


def test_out_of_range_names_file_line_and_pair(tmp_path: Path) -> None:
    path = _write(tmp_path, "hyp.align", ["0-0 1-1", "0-0 1-5"])
    with pytest.raises(InputError) as err:
        read_alignment_file(path, ["a b", "a b"], ["x y", "x y z"])
    msg = str(err.value)
    assert f"{path}:2: pair '1-5' points to target token 5" in msg
    assert "has 3 tokens" in msg
    path = _write(tmp_path, "src.align", ["2-0"])
    with pytest.raises(InputError, match=r"src\.align:1: pair '2-0' points to source token 2"):
        read_alignment_file(path, ["a b"], ["x"])


def test_line_count_must_match(tmp_path: Path) -> None:
    path = _write(tmp_path, "short.align", ["0-0"])
    with pytest.raises(InputError, match=r"short\.align has 1 lines but there are 2 segments"):
        read_alignment_file(path, ["a", "b"], ["x", "y"])


def test_missing_reference_gives_none(tmp_path: Path) -> None:
    path = _write(tmp_path, "ref.align", ["0-0", ""])
    expected = Alignment(frozenset({(0, 0)}), origin="file", src_tokenize="none")
    assert read_alignment_file(path, ["a", "b"], ["x", ""]) == [expected, None]
    bad = _write(tmp_path, "bad.align", ["0-0", "0-0"])
    with pytest.raises(InputError, match=r"bad\.align:2: the target sentence is missing"):
        read_alignment_file(bad, ["a", "b"], ["x", None])


def test_annotations_from_files(tmp_path: Path) -> None:
    hyp = _write(tmp_path, "h", ["0-0 1-1", "0-0"])
    ref0 = _write(tmp_path, "r0", ["1-0", "0-0"])
    ref1 = _write(tmp_path, "r1", ["", "0-1"])
    ann = alignment_annotations(["a b", "c"], ["x y", "z"], [["x", "z"], [None, "z w"]], hyp, [ref0, ref1])
    assert [a.links if a else None for a in ann["align_hyp"]] == [{(0, 0), (1, 1)}, {(0, 0)}]
    assert ann["align_refs"][0][1] is None
    assert ann["align_refs"][1][1] is not None and ann["align_refs"][1][1].links == {(0, 1)}
    with pytest.raises(InputError, match="1 reference alignment file"):
        alignment_annotations(["a"], ["x"], [["x"], ["x"]], hyp, [ref0])


def test_write_read_roundtrip(tmp_path: Path) -> None:
    path = tmp_path / "out.align"
    write_pharaoh(path, [{(1, 0), (0, 0)}, None, set()])
    assert path.read_text() == "0-0 1-0\n\n\n"
    assert [s for s, _ in read_pharaoh(path)] == [{(0, 0), (1, 0)}, set(), set()]
    assert format_pharaoh({(0, 0)}, one_based=True) == "1-1"


@pytest.mark.parametrize("pair", ["enfr", "roen", "zhen", "jaen"])
def test_gold_files_read_and_validate(pair: str) -> None:
    """Every gold file parses 1-based and fits its sentences (which proves the 1-based reading)."""
    texts = (require(GOLD / f"{pair}.src-tgt")).read_text(encoding="utf-8").split("\n")[:-1]
    src = [t.split(" ||| ")[0] for t in texts]
    tgt = [t.split(" ||| ")[1] for t in texts]
    als = read_alignment_file(GOLD / f"{pair}.gold", src, tgt, one_based=True)
    assert len(als) == len(texts)
    assert sum(len(a.links) for a in als if a) > len(texts)
    # read 0-based, the largest indices overflow some sentence: the validator must catch it
    with pytest.raises(InputError, match=rf"{pair}\.gold:\d+: pair '\d+-\d+' points to"):
        read_alignment_file(GOLD / f"{pair}.gold", src, tgt, one_based=False)


def test_alignment_of_accepts_strings_and_pairs() -> None:
    assert Alignment.of("0-1 1-0").links == {(0, 1), (1, 0)}
    assert Alignment.of([(0, 1)]).fwd == {(0, 1)}
    with pytest.raises(InputError, match="an alignment must be"):
        Alignment.of(3)
    with pytest.raises(InputError, match="pair '2-0' points to source token 2"):
        Alignment.of("2-0").checked(2, 2)
