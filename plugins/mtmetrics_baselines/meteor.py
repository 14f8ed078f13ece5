"""METEOR (Banerjee & Lavie 2005) with NLTK's Porter stemmer and WordNet reader.

Unigrams of hypothesis and reference are aligned in three stages — exact (after lowercasing),
Porter stem, WordNet synonym (the words share a synset) — each stage aligning only words left
unaligned by the previous ones. With ``m`` aligned unigrams, ``ch`` chunks (maximal runs adjacent
and in the same order on both sides), ``c`` hypothesis and ``r`` reference words::

    P = m / c,  R = m / r,  Fmean = P R / (α P + (1 - α) R)
    Penalty = γ (ch / m)^β,  METEOR = Fmean (1 - Penalty)

α = 0.9, β = 3, γ = 0.5 give the paper's ``Fmean = 10PR / (R + 9P)`` and ``0.5 (ch/m)^3``;
α, β, γ are the parameters of Lavie & Agarwal (2007) and NLTK. Several references: the best
segment score (the paper and NLTK). Corpus score: as the METEOR system score, ``m``, ``c``, ``r``
and ``ch`` of each segment's best reference are summed, then scored (``aggregation = "sum"``).

**NLTK, and why the aligner is re-implemented.** NLTK's ``meteor_score`` (3.10) has a bug: its
stem stage hands the *stemmed* forms of the still unaligned words to the WordNet stage, so the
synonym stage compares synonyms of stems with reference stems ("big" never matches "large",
whose stem is "larg"). ``impl:nltk`` keeps the bug and NLTK's greedy pairing (right to left,
each hypothesis word takes the *last* free reference word it may map to) and reproduces
``nltk.translate.meteor_score`` exactly (tested on WMT21). ``impl:paper`` (default) fixes the bug
and aligns as the paper says (below); both use NLTK's synonym rule: the reference word is a
lemma name, without "_", of some synset of the hypothesis word. Measured on the first 1000 WMT21
de-en segments (Online-A against reference A) the bug alone changes 191 segment scores (19%),
by up to 0.39 ("That's a pity." / "It is a shame.": 0.20 in NLTK, 0.59 with "pity" ~ "shame").

**Alignment** (``impl:paper``). As the paper says, each stage takes, among the alignments of
its candidate links with the most matches, one with the fewest crossing links (crossings between
the stage's own links); ties are broken by the fewest crossings with the earlier stages' links,
then by the first alignment in the order of hypothesis words (each aligned, if possible, to the
leftmost reference word possible). :mod:`._meteor_align` finds it exactly (branch and bound);
a pathological stage that exceeds its search budget is aligned by a beam search instead (the
most matches still, maybe more crossings) and the segment is counted in the ``approx_segments``
sub-score. The signature says ``align:mincross`` (``impl:paper``) or ``align:greedy``
(``impl:nltk``): ``impl:paper`` scores from before (greedy pairing, no ``align`` field) differ.

**Modules** (the original METEOR's ``-m`` option): ``modules`` lists the stages to run, any of
``exact``, ``stem``, ``synonym`` joined by ``+``, in that order (default all three), e.g.
``-m meteor:modules=exact``. Matching is case-insensitive, as in the paper and NLTK (no
``lowercase`` parameter; ``case:lc`` is in the signature).

**Stemmer.** The stemmer resource is the original Porter algorithm (docs/metrics.md §7), which the paper's
METEOR used; NLTK's METEOR defaults to NLTK's extended Porter variant. ``stemmer`` chooses:
``porter`` (original algorithm, default) or ``porter-nltk`` (NLTK's default). ``impl=nltk`` is
NLTK's ``meteor_score`` with NLTK's defaults, so it implies ``stemmer=porter-nltk`` unless the
stemmer is given (``impl=nltk stemmer=porter`` is NLTK's code with the original Porter stemmer);
the signature shows the stemmer in effect.

Resources: NLTK (the ``nltk`` extra) is imported in :meth:`Meteor.setup`, never when the plugin
is imported; WordNet is read from ``NLTK_DATA``; its version and a content hash are in the
signature (``wn:3.0@<sha256 prefix>``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from mtmetrics import Field, Metric, Param, Score, Segment
from mtmetrics.resources import Preprocessor, tokenize_param
from mtmetrics.resources.wordnet import load_wordnet, require_nltk

from ._common import positive
from ._meteor_align import align_stage, kernel

STEMMERS = ("porter", "porter-nltk")
IMPLS = ("paper", "nltk")
MODULES = ("exact", "stem", "synonym")

Pairs = list[tuple[int, int]]
Items = list[tuple[int, str]]


def _match_stage(hyp: Items, ref: Items) -> tuple[Pairs, Items, Items]:
    """NLTK's exact matching of ``(position, key)`` lists: right to left, last free equal key."""
    positions: dict[str, list[int]] = {}
    for k, (_, word) in enumerate(ref):
        positions.setdefault(word, []).append(k)
    pairs: Pairs = []
    used_h: set[int] = set()
    used_r: set[int] = set()
    for k in range(len(hyp) - 1, -1, -1):
        free = positions.get(hyp[k][1])
        if free:
            m = free.pop()
            used_h.add(k)
            used_r.add(m)
            pairs.append((hyp[k][0], ref[m][0]))
    return pairs, [x for k, x in enumerate(hyp) if k not in used_h], [x for k, x in enumerate(ref) if k not in used_r]


def _synonym_stage(hyp: Items, ref: Items, synonyms: Callable[[str], frozenset[str]]) -> Pairs:
    """NLTK's WordNet stage: a hypothesis word (right to left) takes the last free reference word
    among its synonyms."""
    positions: dict[str, list[int]] = {}
    for k, (_, word) in enumerate(ref):
        positions.setdefault(word, []).append(k)
    pairs: Pairs = []
    for k in range(len(hyp) - 1, -1, -1):
        best, best_word = -1, None
        for syn in synonyms(hyp[k][1]):
            free = positions.get(syn)
            if free and free[-1] > best:
                best, best_word = free[-1], syn
        if best_word is not None:
            positions[best_word].pop()
            pairs.append((hyp[k][0], ref[best][0]))
    return pairs


def parse_modules(text: str) -> tuple[str, ...]:
    """The stages named by a ``modules`` value (``exact+stem``), checked; ``ValueError`` if wrong."""
    names = tuple(x.strip() for x in text.split("+"))
    unknown = [x for x in names if x not in MODULES]
    if unknown:
        raise ValueError(f"unknown module {unknown[0]!r}; the modules are {', '.join(MODULES)}")
    order = [MODULES.index(x) for x in names]
    if order != sorted(set(order)):
        raise ValueError(f"modules must be distinct and in the order {'+'.join(MODULES)}")
    return names


def _check_modules(text: str) -> str | None:
    """``Param.check`` of ``modules``."""
    try:
        parse_modules(text)
    except ValueError as exc:
        return str(exc)
    return None


def _candidates(hyp: Items, ref: Items, targets: Callable[[str], Iterable[str]]) -> dict[int, list[int]]:
    """A stage's candidate links, ``hyp position → ref positions``: the reference items whose key is
    among ``targets(key)`` of the hypothesis item (its own key; for WordNet, its synonyms)."""
    positions: dict[str, list[int]] = {}
    for j, key in ref:
        positions.setdefault(key, []).append(j)
    out: dict[int, list[int]] = {}
    for i, key in hyp:
        found = sorted(j for target in targets(key) for j in positions.get(target, ()))
        if found:
            out[i] = found
    return out


def count_chunks(matches: Sequence[tuple[int, int]]) -> int:
    """Fewest chunks covering the alignment ``matches`` (pairs ``(hyp_pos, ref_pos)``)."""
    pairs = sorted(matches)
    if not pairs:
        return 0
    return 1 + sum(1 for (i, j), (k, m) in itertools.pairwise(pairs) if not (k == i + 1 and m == j + 1))


def meteor_from_statistics(
    matches: float, hyp_len: float, ref_len: float, chunks: float, alpha: float, beta: float, gamma: float
) -> tuple[float, float, float, float, float]:
    """``(score, precision, recall, fmean, penalty)``; 0 when nothing matches (as NLTK)."""
    if matches <= 0 or hyp_len <= 0 or ref_len <= 0:
        return 0.0, 0.0, 0.0, 0.0, 0.0
    precision = matches / hyp_len
    recall = matches / ref_len
    fmean = (precision * recall) / (alpha * precision + (1 - alpha) * recall)
    penalty = gamma * (chunks / matches) ** beta
    return (1 - penalty) * fmean, precision, recall, fmean, penalty


class Meteor(Metric):
    """METEOR: exact, stem and WordNet-synonym unigram alignment with a fragmentation penalty."""

    name = "meteor"
    helpers = ("stemmer", "align", "align_stages")
    #: cost grows about as n³ on a two-word vocabulary (the fallback beam: 64 states, each ranked
    #: by an O(n) bound per unit); 500 covers every English WMT line in the project's data (the
    #: longest has 495 tokens) and keeps that worst case a few seconds; 1,000 takes tens of seconds
    max_segment_tokens = 500
    complexity = (
        "exponential worst case per stage (bounded search, then a beam of O(n·m) steps); "
        "worst case (repetitive text) bounded by the limit"
    )
    description = (
        "METEOR (Banerjee & Lavie 2005): exact, Porter-stem and WordNet-synonym matching, fragmentation penalty"
    )
    aggregation = "sum"
    higher_is_better = True
    score_range = (0.0, 1.0)
    # identical segments still pay the fragmentation penalty γ (1/m)^β (< 1 unless γ = 0)
    perfect_on_identity = False
    params = (
        tokenize_param(),
        Param("alpha", float, 0.9, "weight of precision against recall in Fmean", sig_key="a", range=(0.0, 1.0)),
        Param(
            "beta",
            float,
            3.0,
            "shape (exponent) of the fragmentation penalty; not 0 (0⁰ = 1 would penalise perfect matches)",
            sig_key="b",
            range=(0.0, None),
            check=positive,
        ),
        Param("gamma", float, 0.5, "weight of the fragmentation penalty", sig_key="g", range=(0.0, 1.0)),
        Param(
            "stemmer",
            str,
            "porter",
            "porter: original Porter algorithm (default); porter-nltk: NLTK's extended variant, meteor_score's "
            "default and the default with impl=nltk",
            sig_key="stem",
            sig_short="s",
            choices=STEMMERS,
        ),
        Param(
            "impl",
            str,
            "paper",
            "paper: synonym stage on words; nltk: NLTK 3.10's meteor_score with its defaults exactly (synonyms "
            "of stems; implies stemmer=porter-nltk unless stemmer is given)",
            sig_key="impl",
            choices=IMPLS,
            # NLTK's meteor_score stems with NLTK's extended Porter variant
            implies={"nltk": {"stemmer": "porter-nltk"}},
        ),
        Param(
            "modules",
            str,
            "+".join(MODULES),
            "stages to run, in this order, joined by '+': exact, stem, synonym (METEOR's -m option)",
            sig_key="mod",
            check=_check_modules,
        ),
    )

    def setup(self) -> None:
        v = self.values
        self._nltk = require_nltk()
        porter = require_nltk("nltk.stem.porter")
        mode = (
            porter.PorterStemmer.ORIGINAL_ALGORITHM
            if v["stemmer"] == "porter"
            else porter.PorterStemmer.NLTK_EXTENSIONS
        )
        self._wordnet = load_wordnet()
        self._stemmer = porter.PorterStemmer(mode=mode)
        self._stem = lru_cache(maxsize=1 << 16)(self._stemmer.stem)
        self._synonyms = lru_cache(maxsize=1 << 16)(self._lookup_synonyms)
        self._greedy = v["impl"] == "nltk"
        if not self._greedy:
            kernel()  # load (compile) the search kernel now, with the other resources, not mid-segment
        self._modules = parse_modules(v["modules"])
        self._prep = Preprocessor(v["tokenize"], False)
        self._weights = (float(v["alpha"]), float(v["beta"]), float(v["gamma"]))

    def _lookup_synonyms(self, word: str) -> frozenset[str]:
        names = {lemma.name() for synset in self._wordnet.synsets(word) for lemma in synset.lemmas()}
        return frozenset({n for n in names if "_" not in n} | {word})

    @property
    def stemmer(self) -> Any:
        """The NLTK stemmer object used (to call NLTK's ``meteor_score`` with the same one)."""
        return self._stemmer

    def align(self, hyp: Sequence[str], ref: Sequence[str]) -> list[tuple[int, int]]:
        """The alignment of two token lists, ``(hyp_pos, ref_pos)`` sorted, by the stages in ``modules``."""
        return self.align_stages(hyp, ref)[0]

    def align_stages(self, hyp: Sequence[str], ref: Sequence[str]) -> tuple[Pairs, bool]:
        """The alignment and whether it is exact (``False``: a stage fell back to the beam search)."""
        if self._greedy:
            return self._align_nltk(hyp, ref), True
        h: Items = list(enumerate(w.lower() for w in hyp))
        r: Items = list(enumerate(w.lower() for w in ref))
        links: Pairs = []
        exact = True
        for module in self._modules:
            if module == "exact":
                cands = _candidates(h, r, lambda key: (key,))
            elif module == "stem":
                stem = self._stem
                cands = _candidates([(i, stem(w)) for i, w in h], [(j, stem(w)) for j, w in r], lambda key: (key,))
            else:
                cands = _candidates(h, r, self._synonyms)
            stage = align_stage(cands, links)
            exact = exact and stage.exact
            links.extend(stage.links)
            done_h = {i for i, _ in stage.links}
            done_r = {j for _, j in stage.links}
            h = [x for x in h if x[0] not in done_h]
            r = [x for x in r if x[0] not in done_r]
        return sorted(links), exact

    def _align_nltk(self, hyp: Sequence[str], ref: Sequence[str]) -> Pairs:
        """NLTK 3.10's greedy stages; its WordNet stage sees the stems left by its stem stage."""
        h: Items = list(enumerate(w.lower() for w in hyp))
        r: Items = list(enumerate(w.lower() for w in ref))
        links: Pairs = []
        for module in self._modules:
            if module == "exact":
                pairs, h, r = _match_stage(h, r)
            elif module == "stem":
                pairs, h, r = _match_stage([(i, self._stem(w)) for i, w in h], [(j, self._stem(w)) for j, w in r])
            else:
                pairs = _synonym_stage(h, r, self._synonyms)
            links.extend(pairs)
        return sorted(links)

    def stat_names(self) -> tuple[str, ...]:
        return ("matches", "hyp_len", "ref_len", "chunks", "approx")

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        hyp = self._prep(segment.hyp)
        best: tuple[float, list[float]] | None = None
        approx = 0.0
        for ref in (self._prep(r) for r in segment.refs):
            matches, exact = self.align_stages(hyp, ref)
            approx = approx if exact else 1.0
            row = [float(len(matches)), float(len(hyp)), float(len(ref)), float(count_chunks(matches))]
            score = meteor_from_statistics(row[0], row[1], row[2], row[3], *self._weights)[0]
            if best is None or score > best[0]:
                best = (score, row)
        assert best is not None  # segments always have a reference
        return np.asarray([*best[1], approx], dtype=np.float64)

    def compute_score(self, stats: np.ndarray) -> Score:
        m, c, r, ch, approx = (float(x) for x in stats)
        score, p, rec, fmean, penalty = meteor_from_statistics(m, c, r, ch, *self._weights)
        return Score(
            score,
            {
                "precision": p,
                "recall": rec,
                "fmean": fmean,
                "penalty": penalty,
                "chunks": ch,
                "matches": m,
                "approx_segments": approx,
            },
        )

    def target_languages(self) -> tuple[str, ...] | None:
        """English when the stem or synonym stage runs (an English Porter stemmer, English WordNet);
        ``modules=exact`` matches words of any language."""
        return ("en",) if {"stem", "synonym"} & set(parse_modules(self.values["modules"])) else None

    def language_resources(self) -> str:
        modules = parse_modules(self.values["modules"])
        used = [m for m in modules if m in ("stem", "synonym")]
        return f"its English Porter stemmer and WordNet (modules={'+'.join(modules)}: {', '.join(used)})"

    def resource_fields(self) -> tuple[Field, ...]:
        wn = self._wordnet
        return (
            Field("case", "lc", "c"),
            Field("align", "greedy" if self._greedy else "mincross", "al"),
            Field("wordnet", f"{wn.version}@{wn.sha256[:12]}", "wn"),
            Field("nltk", str(self._nltk.__version__), "nltk"),
        )
