"""What SSCN, PRS and MPR share: alignment annotations per segment and their signature field.

Alignments reach these metrics as two per-segment annotations (see :mod:`mtmetrics_source.alignments`):

* ``align_hyp`` — the source↔hypothesis :class:`~mtmetrics_source.alignments.Alignment`;
* ``align_refs`` — one alignment per reference *stream*, ``None`` where that reference is missing
  (the core drops missing references from :attr:`Segment.refs`, so the ``None`` entries say which);
* optionally ``align_hyp_rev`` and ``align_refs_rev`` — the target→source direction, laid out
  the same way, when ``align_hyp`` / ``align_refs`` hold one direction each (one Pharaoh file per
  direction: ``--align-hyp-rev``, ``--align-ref-rev``). An :class:`Alignment` built with both
  ``fwd`` and ``rev`` (as the aligner resources make) needs no ``_rev`` annotation. Without
  either, one set of links stands for both directions (see :attr:`Alignment.two_way`).

Plain lists of ``(source, target)`` pairs and Pharaoh strings are accepted too. Target tokens are
the whitespace-separated words of the hypothesis and references; source tokens are the words of
the source split by the ``src_tokenize`` parameter (:data:`SRC_TOKENIZE`, one of sacrebleu's
tokenizers; :mod:`mtmetrics_source.source_tokens`), which is what the Pharaoh indices must
refer to: an index outside a sentence is an :class:`~mtmetrics.InputError`, and so are
alignments recorded as made on a source split otherwise (an ``mtmetrics align`` sidecar's
tokenizer, ``none`` for a Pharaoh file without one). The default follows the source language
(``-l zh-en``: ``zh``; ``ja``: ``ja-mecab``; ``ko``: ``ko-mecab``; others: ``none``, the text
split at spaces); with no language known, unsegmented Chinese or Japanese is refused instead of
aligned as whole lines.

The aligner is not a parameter: alignments are data supplied with the texts, and each one carries
its ``origin`` (``file``, ``given``, ``eflomal@2.0.0:m3,gdfa,...``). A metric instance records the
origins of everything it has scored and reports them in the signature field ``align``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from mtmetrics import Field, InputError, Metric, Param, Segment
from mtmetrics.resources import TOKENIZER_NAMES, get_tokenizer, tokenizer_signature

from .aligners import DiagonalAligner, align_annotations
from .alignments import Alignment, tokens
from .source_tokens import SPACED_DEFAULT, language_tokenizer, resolve, source_tokens

ALIGN_ANNOTATIONS = ("align_hyp", "align_refs")
#: How the command line provides them (:attr:`mtmetrics.Inputs.hints`: named when one is missing).
ALIGN_HINTS = {
    "align_hyp": "--align-hyp FILE (Pharaoh source-hypothesis links; with --align-ref and --src, "
    "e.g. from 'mtmetrics align SRC HYP -o PREFIX')",
    "align_refs": "--align-ref FILE [FILE ...] (one per reference)",
}
#: The optional target→source direction of each (see the module docstring).
REV_ANNOTATIONS = ("align_hyp_rev", "align_refs_rev")


def _srctok_fmt(value: Any, values: Any) -> str:
    return tokenizer_signature(value or SPACED_DEFAULT)


#: The source tokenizer of every alignment-based metric (signature ``srctok``). ``None``: the source
#: language is unknown; the source is split at spaces and unsegmented CJK text is refused.
SRC_TOKENIZE = Param(
    "src_tokenize",
    str,
    None,
    "sacrebleu tokenizer splitting the source into the words the alignments index (none: at spaces, as given); "
    "default: the source language's (-l zh-en: zh; ja: ja-mecab; ko: ko-mecab; others: none), without one none, "
    "refusing unsegmented Chinese/Japanese",
    sig_key="srctok",
    choices=TOKENIZER_NAMES,
    fmt=_srctok_fmt,
    nullable=True,
)


@dataclass(frozen=True)
class AlignedSegment:
    """A segment's tokens and checked alignments (references with missing ones removed)."""

    source: list[str]
    hyp: list[str]
    refs: list[list[str]]
    hyp_al: Alignment
    ref_als: list[Alignment]


def aligned_segment(
    segment: Segment,
    lowercase: bool = False,
    need_refs: bool = True,
    src_tokenize: str = SPACED_DEFAULT,
    metric: str = "the metric",
) -> AlignedSegment:
    """Tokens and alignments of a segment, checked against the sentence lengths.

    The source is split by sacrebleu tokenizer ``src_tokenize``; alignments recorded as made on a
    source split otherwise are refused. With ``need_refs=False`` (MPR) the reference alignments may
    be absent and are not checked.
    """
    if segment.source is None:
        raise InputError("this metric needs the source sentences (sources=..., or --src).")
    ann = segment.annotations
    missing = [k for k in (ALIGN_ANNOTATIONS if need_refs else ALIGN_ANNOTATIONS[:1]) if k not in ann]
    if missing:
        raise InputError(
            f"missing alignment annotation(s) {', '.join(missing)}: pass --align-hyp FILE --align-ref FILE... "
            f"or annotations={{'align_hyp': [...], 'align_refs': [...]}} (see mtmetrics_source.alignments)."
        )
    norm = (lambda t: t.lower()) if lowercase else (lambda t: t)
    src = source_tokens(segment.source, src_tokenize)
    hyp = tokens(norm(segment.hyp))
    refs = [tokens(norm(r)) for r in segment.refs]
    hyp_al = Alignment.of(ann["align_hyp"])
    if ann.get("align_hyp_rev") is not None:
        hyp_al = hyp_al.with_reverse(Alignment.of(ann["align_hyp_rev"]))
    _same_tokenizer(hyp_al, src_tokenize, metric)
    if not need_refs:
        return AlignedSegment(src, hyp, refs, hyp_al.checked(len(src), len(hyp), "source↔hypothesis alignment"), [])
    ref_als = _present(ann["align_refs"], len(refs), "align_refs")
    if ann.get("align_refs_rev") is not None:
        revs = _present(ann["align_refs_rev"], len(refs), "align_refs_rev")
        ref_als = [al.with_reverse(rev) for al, rev in zip(ref_als, revs, strict=True)]
    for al in ref_als:
        _same_tokenizer(al, src_tokenize, metric)
    hyp_al.checked(len(src), len(hyp), "source↔hypothesis alignment")
    for k, (al, ref) in enumerate(zip(ref_als, refs, strict=True), 1):
        al.checked(len(src), len(ref), f"source↔reference {k} alignment")
    return AlignedSegment(src, hyp, refs, hyp_al, ref_als)


def _same_tokenizer(al: Alignment, src_tokenize: str, metric: str) -> None:
    """Refuse links made on a source split by another tokenizer (their indices mean other words)."""
    if al.src_tokenize is not None and al.src_tokenize != src_tokenize:
        raise InputError(
            f"the alignments were made on the source split by '{al.src_tokenize}' (their mtmetrics align sidecar; "
            f"'none' for a Pharaoh file without one) but {metric} splits it by '{src_tokenize}': set "
            f"{metric}:src_tokenize={al.src_tokenize} (--{metric}-src-tokenize {al.src_tokenize}), or align with "
            f"'{src_tokenize}' (mtmetrics align --src-tokenize {src_tokenize}; "
            f"meta: --align-src-tokenize {src_tokenize})."
        )


def _present(raw: Any, n_refs: int, key: str) -> list[Alignment]:
    """The alignments of the references present in a segment (``None`` entries dropped), one per reference."""
    if isinstance(raw, (Alignment, str)):
        raw = (raw,)
    out = [Alignment.of(a) for a in raw if a is not None]
    if len(out) != n_refs:
        raise InputError(
            f"{len(out)} reference alignment(s) in '{key}' for {n_refs} reference(s) in a segment; give one per "
            f"reference stream (None for a missing reference)."
        )
    return out


def example_annotations(hyps: Sequence[str], refs: Sequence[Sequence[str | None]], sources: Sequence[str]) -> dict:
    """Deterministic toy alignments (``DiagonalAligner``) for the conformance suite."""
    return align_annotations(DiagonalAligner(), sources, hyps, refs)


class AlignedMetric(Metric):
    """Base of the alignment-based metrics: records alignment origins for the ``align`` signature field."""

    #: cost grows faster than linearly (n-gram/pair agreement of aligned words): 4,000 tokens take 2 s
    max_segment_tokens = 4000
    complexity = "O(n²) (pairs of aligned words)"
    #: what each variant says and scores (its tests call score_segment)
    helpers: ClassVar[tuple[str, ...]] = ("needs_ref_alignments", "score_segment")

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    plain_text = False  # sources and word alignments, which a plain table does not have

    @classmethod
    def language_defaults(cls, target: str, source: str | None = None) -> dict[str, Any]:
        """The source language's tokenizer (``zh``, ``ja-mecab``, ``ko-mecab``; others ``none``)."""
        tok = language_tokenizer(source)
        return {} if tok is None else {"src_tokenize": tok}

    def setup(self) -> None:
        self._origins: set[str] = set()
        self._src_tokenize: str = self.values["src_tokenize"] or SPACED_DEFAULT
        if self._src_tokenize != "none":
            get_tokenizer(self._src_tokenize)  # a missing extra (ja, ko) is an error now, naming its install command

    def observe(self, segments: Sequence[Segment]) -> None:
        """Record the alignments' origins (called in the calling process, before any worker)."""
        for seg in segments:
            for key in (*ALIGN_ANNOTATIONS, *REV_ANNOTATIONS):
                value: Any = seg.annotations.get(key)
                items = value if isinstance(value, (tuple, list)) and key.startswith("align_refs") else (value,)
                for item in items:
                    if item is not None:
                        self._origins.add(item.origin if isinstance(item, Alignment) else "given")

    input_fields = ("align",)  # who made the alignments: the run's, checked against a loaded signature

    def resource_fields(self) -> tuple[Field, ...]:
        return (Field("align", "+".join(sorted(self._origins)) or "none", "a"),)

    example_annotations = staticmethod(example_annotations)

    #: False for metrics that only look at the source↔hypothesis alignment (MPR).
    needs_ref_alignments: bool = True

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        if self.values["src_tokenize"] is None:
            # no source language known: an unsegmented CJK source would be aligned as one word
            name = type(self).name
            option = (
                f"-l SRC-TRG (tables: an lp column naming the pair) or {name}:src_tokenize=... (--{name}-src-tokenize)"
            )
            resolve(None, (segment.source,), option)
        lowercase = bool(self.values.get("lowercase", False))
        return self.score_segment(
            aligned_segment(segment, lowercase, type(self).needs_ref_alignments, self._src_tokenize, type(self).name)
        )

    def score_segment(self, seg: AlignedSegment) -> np.ndarray:
        """The statistics vector of one tokenised, aligned segment."""
        raise NotImplementedError


def source_sets(links: frozenset[tuple[int, int]], tgt_len: int) -> list[frozenset[int]]:
    """For each target position, the set of source positions linked to it."""
    out: list[set[int]] = [set() for _ in range(tgt_len)]
    for i, j in links:
        out[j].add(i)
    return [frozenset(s) for s in out]


def mean_positions(links: frozenset[tuple[int, int]], src_len: int) -> list[float | None]:
    """For each source position, the mean target position linked to it (``None`` if unaligned)."""
    sums = [0.0] * src_len
    counts = [0] * src_len
    for i, j in links:
        sums[i] += j
        counts[i] += 1
    return [sums[i] / counts[i] if counts[i] else None for i in range(src_len)]
