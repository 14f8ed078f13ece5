"""Word aligners as resources: symmetrisation, an eflomal adapter and a trivial diagonal aligner.

An aligner turns line-aligned token lists (source, target) into :class:`~mtmetrics_source.alignments.Alignment`
objects carrying both directions (``fwd`` source→target, ``rev`` target→source) and their
symmetrisation (``links``), plus an ``origin`` string for signatures
(``eflomal@2.0.0:m3,gdfa,extra=multi30k#3f2a…``).

* :class:`EflomalAligner` runs eflomal (Östling & Tiedemann 2016; PyPI package ``eflomal``,
  GPL-3 — an optional extra, ``pip install 'mtmetrics[align]'``, never imported unless used). The
  evaluation pairs are aligned *together with* an optional parallel corpus (the extra data only
  improves the word-translation statistics; only the evaluation lines are returned). eflomal is a
  Gibbs sampler without a seed option: two runs can differ slightly. For exactly reproducible
  scores, write the alignments to Pharaoh files once (:func:`~mtmetrics_source.alignments.write_pharaoh`)
  and score from the files.
* :class:`DiagonalAligner` links each target word to the proportionally placed source word
  (and identical words to each other): deterministic and dependency-free, for tests and as a
  baseline, not for real evaluation.

Symmetrisation heuristics (:func:`symmetrise`): ``intersect``, ``union`` and
``grow-diag-final-and`` (Koehn et al. 2005, as written in the Moses documentation).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import importlib.metadata
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from mtmetrics import InputError, ParameterError, ResourceError
from mtmetrics.io.text import read_lines
from mtmetrics.params import number

from .alignments import Alignment, Link, Links, parse_line, tokens
from .source_tokens import resolve, source_tokens

SYMMETRISATIONS = ("intersect", "union", "grow-diag-final-and")
#: Short names used in signatures.
SYM_SHORT = {"intersect": "inter", "union": "union", "grow-diag-final-and": "gdfa"}
EFLOMAL_HINT = "Install it with: pip install 'mtmetrics[align]' (or: pip install eflomal; GPL-3 licensed)"

_NEIGHBOURS = ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


def grow_diag_final_and(src_len: int, tgt_len: int, fwd: Iterable[Link], rev: Iterable[Link]) -> Links:
    """Koehn's grow-diag-final-and, transcribed from the Moses pseudocode::

        alignment = intersect(e2f, f2e); GROW-DIAG(); FINAL-AND(e2f); FINAL-AND(f2e)
        GROW-DIAG: iterate until no new points added
          for e = 0..en: for f = 0..fn: if (e, f) aligned:
            for each neighbouring point (e', f') (left, up, right, down, then the 4 diagonals):
              if (e' not aligned or f' not aligned) and (e', f') in union(e2f, f2e): add (e', f')
        FINAL-AND(a): for e' = 0..en: for f' = 0..fn:
              if e' not aligned and f' not aligned and (e', f') in a: add (e', f')

    "e aligned" means the source word has a link in the alignment being built; points added
    during a sweep are visible to the rest of that sweep (as in the pseudocode). Here the first
    index is the source word (``e`` in the pseudocode), the second the target word.
    """
    fwd_set, rev_set = set(fwd), set(rev)
    union = fwd_set | rev_set
    alignment = fwd_set & rev_set
    src_aligned = {i for i, _ in alignment}
    tgt_aligned = {j for _, j in alignment}

    def add(i: int, j: int) -> None:
        alignment.add((i, j))
        src_aligned.add(i)
        tgt_aligned.add(j)

    added = True
    while added:
        added = False
        for e in range(src_len):
            for f in range(tgt_len):
                if (e, f) not in alignment:
                    continue
                for de, df in _NEIGHBOURS:
                    e2, f2 = e + de, f + df
                    if (
                        (e2 not in src_aligned or f2 not in tgt_aligned)
                        and (e2, f2) in union
                        and (e2, f2) not in alignment
                    ):
                        add(e2, f2)
                        added = True
    for direction in (fwd_set, rev_set):
        for e in range(src_len):
            for f in range(tgt_len):
                if e not in src_aligned and f not in tgt_aligned and (e, f) in direction:
                    add(e, f)
    return frozenset(alignment)


def symmetrise(method: str, src_len: int, tgt_len: int, fwd: Iterable[Link], rev: Iterable[Link]) -> Links:
    """Combine the two directions with ``intersect``, ``union`` or ``grow-diag-final-and``."""
    if method == "intersect":
        return frozenset(fwd) & frozenset(rev)
    if method == "union":
        return frozenset(fwd) | frozenset(rev)
    if method in ("grow-diag-final-and", "gdfa"):
        return grow_diag_final_and(src_len, tgt_len, fwd, rev)
    raise ParameterError(f"unknown symmetrisation '{method}'; choose one of {', '.join(SYMMETRISATIONS)}.")


def aer(
    predicted: Sequence[Iterable[Link]], sure: Sequence[Iterable[Link]], possible: Sequence[Iterable[Link]]
) -> float:
    """Corpus alignment error rate (Och & Ney 2003): ``1 - (|A∩S| + |A∩P|) / (|A| + |S|)``, S ⊆ P.

    Counts are summed over sentences; ``possible`` must include the sure links.
    """
    a_s = a_p = n_a = n_s = 0
    for a, s, p in zip(predicted, sure, possible, strict=True):
        a_set, s_set, p_set = set(a), set(s), set(p) | set(s)
        a_s += len(a_set & s_set)
        a_p += len(a_set & p_set)
        n_a += len(a_set)
        n_s += len(s_set)
    return 1.0 - (a_s + a_p) / (n_a + n_s) if n_a + n_s else 0.0


class Aligner(Protocol):
    """What a word aligner resource provides."""

    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]], src_tokenize: str = "none"
    ) -> list[Alignment]:
        """One alignment per (source tokens, target tokens) pair; ``src_tokenize``: how the sources were split
        (an aligner that adds text of its own, such as eflomal's extra corpus, splits it the same way)."""
        ...

    def signature(self) -> str:
        """Name, version and settings, for a signature's ``align`` field."""
        ...


class DiagonalAligner:
    """Deterministic toy aligner: identical words (case-insensitive) link; others link diagonally.

    Target word ``j`` of ``T`` links to the source word with the same lowercase form nearest to the
    diagonal if one exists, else to source word ``floor((j + 0.5) * S / T)``. Both directions are
    this same set of links (a two-way :class:`Alignment` whose directions happen to be equal).
    A baseline without a model (``--aligner diagonal``), for tests and examples, not for real evaluation.
    """

    def signature(self) -> str:
        return "diagonal"

    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]], src_tokenize: str = "none"
    ) -> list[Alignment]:
        out = []
        for s, t in zip(sources, targets, strict=True):
            links = self.links(s, t)
            out.append(Alignment(links, links, links, self.signature(), two_way=True))
        return out

    @staticmethod
    def links(source: Sequence[str], target: Sequence[str]) -> Links:
        """The links of one sentence pair."""
        s, t = len(source), len(target)
        if not s or not t:
            return frozenset()
        lower = [w.lower() for w in source]
        out = set()
        for j, w in enumerate(target):
            diag = min(s - 1, int((j + 0.5) * s / t))
            same = [i for i, x in enumerate(lower) if x == w.lower()]
            out.add((min(same, key=lambda i: (abs(i - diag), i)) if same else diag, j))
        return frozenset(out)


def _read_parallel(prefix: str | os.PathLike[str]) -> tuple[list[str], list[str]]:
    """Source and target lines of ``PREFIX`` given as ``SRCFILE:TGTFILE``."""
    src_path, sep, tgt_path = str(prefix).partition(":")
    if not sep:
        raise ParameterError(f"extra parallel corpus '{prefix}' must be given as SOURCEFILE:TARGETFILE.")
    src, tgt = read_lines(src_path), read_lines(tgt_path)  # streamed, a line at most MAX_LINE_BYTES
    if len(src) != len(tgt):
        raise InputError(f"parallel corpus {src_path} has {len(src)} lines but {tgt_path} has {len(tgt)}.")
    return src, tgt


#: Non-ASCII whitespace: a token may hold it (tokens split at ASCII whitespace only), eflomal's reader splits at it.
_UNICODE_SPACE = re.compile(r"[^\S\t\n\v\f\r ]")


def _eflomal_line(words: Sequence[str]) -> str:
    """One sentence as eflomal reads it, with exactly these tokens.

    eflomal splits its input with Python's ``str.split()``, which also splits at non-ASCII
    whitespace (the ideographic space U+3000 of Japanese text, NBSP), while the metrics' tokens
    (:func:`~mtmetrics_source.alignments.tokens`) keep it inside a token: such a character is replaced
    by U+2423 (␣) so that eflomal sees the same number of tokens and its indices fit the text.
    An empty sentence becomes a placeholder ``.`` (eflomal needs a word on each side).
    """
    if not words:
        return "."
    return " ".join(_UNICODE_SPACE.sub("\u2423", w) for w in words)


class EflomalAligner:
    """eflomal run on the evaluation pairs plus an optional parallel corpus, both directions, symmetrised.

    Args:
        sym: ``intersect``, ``union`` or ``grow-diag-final-and`` (``links`` of the result).
        model: eflomal's model (1 IBM1, 2 +HMM, 3 +fertility).
        extra: an optional parallel corpus ``SOURCEFILE:TARGETFILE`` (gzip allowed) or a pair of line
            lists; aligned together with the evaluation data, lowercased and whitespace-tokenised by
            eflomal like the rest. Its name and content hash go into the signature.
        extra_name: name of the extra corpus in the signature (default: the source file's stem).
        n_samplers, rel_iterations, null_prior: eflomal's sampler settings (signature fields when
            they differ from eflomal's defaults).
    """

    name = "eflomal"

    def __init__(
        self,
        sym: str = "grow-diag-final-and",
        model: int = 3,
        extra: str | os.PathLike[str] | tuple[Sequence[str], Sequence[str]] | None = None,
        extra_name: str | None = None,
        n_samplers: int = 3,
        rel_iterations: float = 1.0,
        null_prior: float = 0.2,
    ) -> None:
        if sym not in SYMMETRISATIONS:
            raise ParameterError(f"unknown symmetrisation '{sym}'; choose one of {', '.join(SYMMETRISATIONS)}.")
        if model not in (1, 2, 3):
            raise ParameterError(f"eflomal model must be 1, 2 or 3, got {model}.")
        n_samplers = number(n_samplers, "eflomal's n_samplers", int, (1, 64))
        rel_iterations = number(rel_iterations, "eflomal's rel_iterations", float, (0, 100))
        null_prior = number(null_prior, "eflomal's null_prior", float, (0, 1))
        try:
            self._eflomal: Any = importlib.import_module("eflomal")
        except ImportError:
            raise ResourceError(f"the eflomal aligner needs the eflomal package. {EFLOMAL_HINT}") from None
        self.version = importlib.metadata.version("eflomal")
        self.sym, self.model = sym, model
        self.n_samplers, self.rel_iterations, self.null_prior = n_samplers, rel_iterations, null_prior
        self.extra_src: list[str] = []
        self.extra_tgt: list[str] = []
        self.extra_label = ""
        if extra is not None:
            if isinstance(extra, tuple):
                self.extra_src, self.extra_tgt = list(extra[0]), list(extra[1])
                label = extra_name or "extra"
            else:
                self.extra_src, self.extra_tgt = _read_parallel(extra)
                label = extra_name or Path(str(extra).partition(":")[0]).name.split(".")[0]
            if len(self.extra_src) != len(self.extra_tgt):
                raise InputError("the extra parallel corpus needs as many source lines as target lines.")
            digest = hashlib.sha256("\n".join([*self.extra_src, "|||", *self.extra_tgt]).encode()).hexdigest()
            self.extra_label = f"{label}#{digest[:12]}"

    def signature(self) -> str:
        """``eflomal@VERSION:m3,gdfa[,extra=NAME#HASH][,n=..,it=..,null=..]``."""
        parts = [f"m{self.model}", SYM_SHORT[self.sym]]
        if self.extra_label:
            parts.append(f"extra={self.extra_label}")
        if self.n_samplers != 3:
            parts.append(f"n={self.n_samplers}")
        if self.rel_iterations != 1.0:
            parts.append(f"it={self.rel_iterations:g}")
        if self.null_prior != 0.2:
            parts.append(f"null={self.null_prior:g}")
        return f"eflomal@{self.version}:{','.join(parts)}"

    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]], src_tokenize: str = "none"
    ) -> list[Alignment]:
        """Align the pairs (only those are returned; the extra corpus is prepended for training).

        The extra corpus's source side is split by ``src_tokenize``, like the evaluation sources.
        """
        if len(sources) != len(targets):
            raise InputError(f"{len(sources)} source sentences but {len(targets)} target sentences to align.")
        if not sources:
            return []
        # eflomal needs a non-empty sentence on both sides; empty ones are aligned as a placeholder
        src_lines = [_eflomal_line(s) for s in sources]
        tgt_lines = [_eflomal_line(t) for t in targets]
        aligner = self._eflomal.Aligner(
            model=self.model, n_samplers=self.n_samplers, rel_iterations=self.rel_iterations, null_prior=self.null_prior
        )
        n_extra = len(self.extra_src)
        extra_src = self.extra_src
        if src_tokenize != "none":
            extra_src = [_eflomal_line(source_tokens(line, src_tokenize)) for line in self.extra_src]
        with tempfile.TemporaryDirectory(prefix="mtmetrics-eflomal-") as tmp:
            fwd_path, rev_path = os.path.join(tmp, "fwd"), os.path.join(tmp, "rev")
            aligner.align(
                [*extra_src, *src_lines],
                [*self.extra_tgt, *tgt_lines],
                links_filename_fwd=fwd_path,
                links_filename_rev=rev_path,
                quiet=True,
            )
            fwd_lines = Path(fwd_path).read_text(encoding="utf-8").split("\n")[n_extra : n_extra + len(sources)]
            rev_lines = Path(rev_path).read_text(encoding="utf-8").split("\n")[n_extra : n_extra + len(sources)]
        out = []
        origin = self.signature()
        for n, (s, t, f_line, r_line) in enumerate(zip(sources, targets, fwd_lines, rev_lines, strict=True), 1):
            if not s or not t:
                out.append(Alignment(frozenset(), frozenset(), frozenset(), origin, two_way=True))
                continue
            fwd, _ = parse_line(f_line, "eflomal forward output", n)
            rev, _ = parse_line(r_line, "eflomal reverse output", n)
            out.append(Alignment(symmetrise(self.sym, len(s), len(t), fwd, rev), fwd, rev, origin))
        return out


def get_aligner(spec: str) -> Aligner:
    """An aligner from a spec: ``diagonal`` or ``eflomal[:SYM]``."""
    kind, _, rest = spec.partition(":")
    if kind == "diagonal" and not rest:
        return DiagonalAligner()
    if kind == "eflomal":
        return EflomalAligner(sym=rest or "grow-diag-final-and")
    raise ParameterError(
        f"unknown aligner '{spec}'; known: diagonal, eflomal, eflomal:SYM ({', '.join(SYMMETRISATIONS)})."
    )


def align_annotations(
    aligner: Aligner,
    sources: Sequence[str],
    hyps: Sequence[str],
    refs: Sequence[Sequence[str | None]],
    src_tokenize: str | None = None,
) -> dict[str, list[Any]]:
    """The ``align_hyp`` / ``align_refs`` annotations computed by ``aligner`` in one run.

    Source↔hypothesis and source↔every reference pairs are aligned together (more data helps an
    unsupervised aligner); a missing reference gets ``None``, an empty one no links. Targets are
    split at whitespace, the sources by sacrebleu tokenizer ``src_tokenize`` (the metrics'
    ``src_tokenize``, recorded in each alignment); ``None`` (language unknown) splits at spaces and
    refuses unsegmented Chinese/Japanese.
    """
    tok = resolve(src_tokenize, sources, "src_tokenize=... (zh, ja-mecab, ...)")
    src_toks = [source_tokens(s, tok) for s in sources]
    pairs_src: list[list[str]] = []
    pairs_tgt: list[list[str]] = []
    slots: list[tuple[int, int]] = []  # (segment, -1 for the hypothesis or the reference stream)
    for i, src in enumerate(src_toks):
        pairs_src.append(src)
        pairs_tgt.append(tokens(hyps[i]))
        slots.append((i, -1))
        for k, stream in enumerate(refs):
            ref = stream[i]
            if ref is not None and ref.strip():
                pairs_src.append(src)
                pairs_tgt.append(tokens(ref))
                slots.append((i, k))
    aligned = [dataclasses.replace(al, src_tokenize=tok) for al in aligner.align(pairs_src, pairs_tgt, tok)]
    hyp_al: list[Alignment | None] = [None] * len(sources)
    ref_al: list[list[Alignment | None]] = [[None] * len(refs) for _ in sources]
    for (i, k), al in zip(slots, aligned, strict=True):
        if k < 0:
            hyp_al[i] = al
        else:
            ref_al[i][k] = al
    for i, hyp_alignment in enumerate(hyp_al):  # an empty reference (length 0) has no links
        for k, stream in enumerate(refs):
            if stream[i] is not None and ref_al[i][k] is None and hyp_alignment is not None:
                ref_al[i][k] = replace(hyp_alignment, links=frozenset(), fwd=frozenset(), rev=frozenset())
    return {"align_hyp": hyp_al, "align_refs": [tuple(r) for r in ref_al]}
