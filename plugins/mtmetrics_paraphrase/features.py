"""The paraphrase features of Russo-Lassner, Lin & Resnik (2005, Section 3.2), on analysed sentences.

Everything here is pure Python/numpy on :class:`Analysis` objects (words, stems, tags, lexicon
look-ups already done), so it is exact, fast and testable without any resource.

**Primitive features** count one-to-one word correspondences between hypothesis and reference
(each hypothesis word and each reference word is used at most once per feature):

``Wrd``   Porter stems (of lowercased words) equal;
``NP``    noun-phrase heads equal (lowercased surface, unstemmed, as the paper says);
``WnSyn`` the two words share at least one WordNet synset (no sense disambiguation);
``Verb``  two verbs (tags ``VB*``) share a VerbNet root class, i.e. a Levin class;
``PNP``   proper names (tags ``NNP``/``NNPS``) equal (lowercased surface).

For ``Wrd``, ``NP`` and ``PNP`` a match is an equality of keys: the k-th occurrence of a key in the
hypothesis is paired with its k-th occurrence in the reference, which gives the maximum number of
matches, ``sum_key min(count_hyp, count_ref)``. ``WnSyn`` and ``Verb`` are relations, not
equalities; their count is a *maximum* bipartite matching (Kuhn's augmenting paths, hypothesis
words in order, each taking its first free related reference word when there is one, so the chosen
pairs are deterministic and identical sentences match word for word).

**Composite features** are computed over the union ``U`` of the primitive matches, each match a
pair ``(i, j)`` of word positions (hypothesis, reference); two matches form a pair only when they
involve different words on both sides (``i1 != i2`` and ``j1 != j2``):

``Order`` unordered pairs of matches in the same relative order in both sentences
          (``(i1 - i2) * (j1 - j2) > 0``);
``Dk``    (k = 2..5) unordered pairs of matches that fit in a window of ``k`` consecutive words in
          both sentences: ``|i1 - i2| <= k - 1`` and ``|j1 - j2| <= k - 1``. ``D2`` therefore
          counts pairs adjacent in both sentences, and ``D2 <= D3 <= D4 <= D5``. The paper only
          says "within a window of 2-5 words"; reading k as the window *size* (not as a maximal
          distance) is ours, chosen because a window of one word could hold no pair, which is why
          the paper starts at 2.

Every count is divided by ``sqrt(len(hyp) * len(ref))`` (lengths in words), following the paper
and Hatzivassiloglou et al. (1999). Primitive features therefore lie in ``[0, 1]``; composite ones
count pairs and can exceed 1 (up to about ``(n - 1) / 2`` for ``Order`` of identical sentences).
Words are the tokens that contain a letter or digit: punctuation neither matches nor counts in the
lengths (the paper does not say; matching commas would reward nothing of meaning).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np

#: Names of the primitive and composite features, in the order of the statistics vector.
PRIMITIVE = ("Wrd", "NP", "WnSyn", "Verb", "PNP")
COMPOSITE = ("Order", "D2", "D3", "D4", "D5")
FEATURES = PRIMITIVE + COMPOSITE
WINDOWS = (2, 3, 4, 5)

Match = tuple[int, int]


@dataclass(frozen=True)
class Analysis:
    """One sentence, analysed: every position refers to ``words``.

    Attributes:
        words: lowercased word tokens (punctuation removed).
        stems: Porter stem of each word.
        np_heads: positions of noun-phrase heads.
        proper: positions of proper-name words.
        verbs: positions of verbs with their VerbNet root classes (possibly empty).
        synsets: WordNet synset names of each word (empty if WordNet does not know it).
    """

    words: tuple[str, ...]
    stems: tuple[str, ...]
    np_heads: tuple[int, ...]
    proper: tuple[int, ...]
    verbs: tuple[tuple[int, frozenset[str]], ...]
    synsets: tuple[frozenset[str], ...]


def equal_key_matches(hyp: Sequence[tuple[int, Hashable]], ref: Sequence[tuple[int, Hashable]]) -> list[Match]:
    """Pair the k-th occurrence of each key in ``hyp`` with its k-th occurrence in ``ref``."""
    slots: dict[Hashable, list[int]] = defaultdict(list)
    for j, key in ref:
        slots[key].append(j)
    used: dict[Hashable, int] = defaultdict(int)
    out = []
    for i, key in hyp:
        positions = slots.get(key)
        if positions is not None and used[key] < len(positions):
            out.append((i, positions[used[key]]))
            used[key] += 1
    return out


def max_matching(hyp: Sequence[tuple[int, frozenset[str]]], ref: Sequence[tuple[int, frozenset[str]]]) -> list[Match]:
    """Maximum one-to-one matching of items whose label sets intersect (Kuhn's algorithm).

    Items with an empty set never match. Hypothesis items are tried in order and reference items
    in order, so the result is deterministic.
    """
    hyp_items = [(i, s) for i, s in hyp if s]
    ref_items = [(j, s) for j, s in ref if s]
    if not hyp_items or not ref_items:
        return []
    adjacency = [[b for b, (_, rs) in enumerate(ref_items) if not hs.isdisjoint(rs)] for _, hs in hyp_items]
    owner: list[int] = [-1] * len(ref_items)  # reference item -> hypothesis item

    def free(a: int, seen: list[bool]) -> bool:
        for b in adjacency[a]:  # a free partner first: identical sentences match on the diagonal
            if owner[b] < 0 and not seen[b]:
                seen[b] = True
                owner[b] = a
                return True
        return False

    def augment(root: int, seen: list[bool]) -> None:
        """Kuhn's depth-first search for an augmenting path, iterative (a path may be longer than
        Python's recursion limit): each item tries a free partner first, then takes the partner of
        an item that can move, in order."""
        if free(root, seen):
            return
        items, path, tries = [root], list[int](), [iter(adjacency[root])]
        while tries:
            for b in tries[-1]:
                if not seen[b]:
                    seen[b] = True
                    moved = owner[b]
                    if free(moved, seen):
                        for a, taken in zip(items, (*path, b), strict=True):
                            owner[taken] = a
                        return
                    items.append(moved)
                    path.append(b)
                    tries.append(iter(adjacency[moved]))
                    break
            else:
                tries.pop()
                items.pop()
                if path:
                    path.pop()

    for a in range(len(hyp_items)):
        if adjacency[a]:
            augment(a, [False] * len(ref_items))
    pairs = [(hyp_items[a][0], ref_items[b][0]) for b, a in enumerate(owner) if a >= 0]
    return sorted(pairs)


def primitive_matches(hyp: Analysis, ref: Analysis) -> dict[str, list[Match]]:
    """The matches of each primitive feature."""
    return {
        "Wrd": equal_key_matches(list(enumerate(hyp.stems)), list(enumerate(ref.stems))),
        "NP": equal_key_matches([(i, hyp.words[i]) for i in hyp.np_heads], [(j, ref.words[j]) for j in ref.np_heads]),
        "WnSyn": max_matching(list(enumerate(hyp.synsets)), list(enumerate(ref.synsets))),
        "Verb": max_matching(hyp.verbs, ref.verbs),
        "PNP": equal_key_matches([(i, hyp.words[i]) for i in hyp.proper], [(j, ref.words[j]) for j in ref.proper]),
    }


def composite_counts(matches: set[Match] | Sequence[Match]) -> tuple[int, ...]:
    """``Order, D2, D3, D4, D5`` of a set of matches (unnormalised pair counts)."""
    unique = sorted(set(matches))
    if len(unique) < 2:
        return (0,) * len(COMPOSITE)
    arr = np.asarray(unique, dtype=np.int64)
    di = arr[:, 0, None] - arr[None, :, 0]
    dj = arr[:, 1, None] - arr[None, :, 1]
    upper = np.triu(np.ones(di.shape, dtype=bool), 1)
    distinct = upper & (di != 0) & (dj != 0)
    order = int(np.count_nonzero(distinct & (di * dj > 0)))
    span = np.maximum(np.abs(di), np.abs(dj))
    windows = tuple(int(np.count_nonzero(distinct & (span <= k - 1))) for k in WINDOWS)
    return (order, *windows)


def raw_counts(hyp: Analysis, ref: Analysis) -> tuple[int, ...]:
    """Unnormalised counts of all ten features, in :data:`FEATURES` order."""
    prim = primitive_matches(hyp, ref)
    union: set[Match] = set()
    for pairs in prim.values():
        union.update(pairs)
    return (*(len(prim[name]) for name in PRIMITIVE), *composite_counts(union))


def feature_vector(hyp: Analysis, ref: Analysis) -> np.ndarray:
    """The ten features, each divided by ``sqrt(len(hyp) * len(ref))`` (zeros if either is empty)."""
    norm = math.sqrt(len(hyp.words) * len(ref.words))
    if norm == 0:
        return np.zeros(len(FEATURES), dtype=np.float64)
    return np.asarray(raw_counts(hyp, ref), dtype=np.float64) / norm
