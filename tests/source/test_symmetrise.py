"""Symmetrisation (intersection, union, grow-diag-final-and) and AER, worked by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtmetrics import ParameterError
from mtmetrics_source.aligners import DiagonalAligner, aer, grow_diag_final_and, symmetrise


def test_gdfa_final_and_needs_both_words_unaligned() -> None:
    # fwd = {0-0, 1-1, 3-2}, rev = {0-0, 1-1, 2-3, 3-3}; intersection = {0-0, 1-1}.
    # GROW-DIAG: the neighbours of 0-0 and 1-1 (0-1, 1-0, 2-1, 1-2, 0-2, 2-0, 2-2) are not in the
    #   union, so nothing grows.
    # FINAL-AND(fwd): 3-2 — source 3 and target 2 both unaligned → added.
    # FINAL-AND(rev): 2-3 — source 2 and target 3 unaligned → added; 3-3 — source 3 is now
    #   aligned → not added (plain FINAL would add it: only one of the two must be unaligned).
    fwd = {(0, 0), (1, 1), (3, 2)}
    rev = {(0, 0), (1, 1), (2, 3), (3, 3)}
    assert grow_diag_final_and(4, 4, fwd, rev) == {(0, 0), (1, 1), (3, 2), (2, 3)}
    assert symmetrise("intersect", 4, 4, fwd, rev) == {(0, 0), (1, 1)}
    assert symmetrise("union", 4, 4, fwd, rev) == fwd | rev


def test_gdfa_grows_diagonally_only_towards_unaligned_words() -> None:
    # fwd = {0-0, 1-1, 2-2}, rev = {0-0, 1-2, 2-2}; intersection = {0-0, 2-2}, union adds 1-1, 1-2.
    # Sweep 1: at 0-0 the diagonal neighbour 1-1 is in the union and source 1 is unaligned → add.
    #   At 1-1 the neighbour 1-2 is in the union but source 1 and target 2 are both aligned → no.
    #   At 2-2 the neighbour 1-2 again: both aligned → no. Sweep 2 adds nothing; FINAL-AND finds
    #   no pair with both words unaligned.
    fwd = {(0, 0), (1, 1), (2, 2)}
    rev = {(0, 0), (1, 2), (2, 2)}
    assert grow_diag_final_and(3, 3, fwd, rev) == {(0, 0), (1, 1), (2, 2)}


def test_gdfa_grow_chain_within_one_sweep() -> None:
    # intersection {0-0}; union a chain 0-0, 1-0, 2-1, 3-1 (fwd: many-to-one).
    # At 0-0: neighbour 1-0 (right) in union, source 1 unaligned → add. Scanning on, at 1-0:
    #   the diagonal 2-1 is in the union, source 2 unaligned → add; at 2-1: 3-1 (right),
    #   source 3 unaligned → add. Everything of the union is reached.
    fwd = {(0, 0), (1, 0), (2, 1), (3, 1)}
    rev = {(0, 0)}
    assert grow_diag_final_and(4, 2, fwd, rev) == fwd


pairs = st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=15)


@given(pairs, pairs)
def test_gdfa_between_intersection_and_union(fwd: set[tuple[int, int]], rev: set[tuple[int, int]]) -> None:
    g = grow_diag_final_and(6, 6, fwd, rev)
    assert fwd & rev <= g <= fwd | rev
    # every word aligned in the intersection or in any direction with an unaligned partner is covered
    for i, j in fwd | rev:
        assert any(a == i for a, _ in g) or any(b == j for _, b in g)


@given(pairs)
def test_gdfa_of_identical_directions(links: set[tuple[int, int]]) -> None:
    assert grow_diag_final_and(6, 6, links, links) == links


def test_unknown_symmetrisation() -> None:
    with pytest.raises(ParameterError, match="unknown symmetrisation 'final'"):
        symmetrise("final", 1, 1, set(), set())


def test_aer_by_hand() -> None:
    # A = {0-0, 1-1, 2-0}; S = {0-0}; P = S ∪ {1-1}: |A∩S| = 1, |A∩P| = 2, |A| = 3, |S| = 1
    # AER = 1 - (1 + 2) / (3 + 1) = 0.25
    assert aer([{(0, 0), (1, 1), (2, 0)}], [{(0, 0)}], [{(1, 1)}]) == pytest.approx(0.25)
    assert aer([{(0, 0)}], [{(0, 0)}], [{(0, 0)}]) == 0.0
    assert aer([{(1, 0)}], [{(0, 0)}], [set()]) == 1.0


def test_diagonal_aligner() -> None:
    # identical words link to each other, the rest proportionally: target 1 ("x") of 2 → source
    # floor(1.5 * 3 / 2) = 2
    (al,) = DiagonalAligner().align([["a", "b", "c"]], [["A", "x"]])
    assert al.links == {(0, 0), (2, 1)} and al.fwd == al.rev == al.links and al.origin == "diagonal"
