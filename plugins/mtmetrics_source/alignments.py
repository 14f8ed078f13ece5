"""Word alignments: the :class:`Alignment` value metrics receive, and Pharaoh files read and validated.

Pharaoh format: one line per sentence pair, whitespace-separated links ``i-j`` where ``i`` indexes
a *source* token and ``j`` a *target* token (hypothesis or reference). Tokens are the
(ASCII-)whitespace-separated words of the texts exactly as given, so texts must be tokenised the same way
for the aligner and for the metric. Indices are 0-based (what aligners such as eflomal, fast_align
and GIZA++ post-processing write); ``one_based=True`` reads 1-based files such as the gold
alignments of awesome-align, which also mark *possible* links as ``ipj`` (read as possible links;
a plain ``i-j`` is a *sure* link and sure links are also possible ones).

Every problem is an :class:`~mtmetrics.InputError` naming the file, the line (1-based) and the
offending pair, e.g. ``hyp.align:12: pair '3-17' points to target token 17, but line 12 of the
target has 9 tokens (0-based indices 0..8)``.

Metrics receive alignments as per-segment annotations (``align_hyp``: one :class:`Alignment`;
``align_refs``: one per reference stream, ``None`` where that reference is missing), built by
:func:`alignment_annotations` from files or by an aligner resource
(:mod:`mtmetrics_source.aligners`). A file holds one direction: the source→target one
(``align_hyp``, ``align_refs``; without more it stands for both), and optionally a second file the
target→source one (``align_hyp_rev``, ``align_refs_rev``), still written ``i-j`` with ``i`` the
source index — what ``mtmetrics align`` writes as ``PREFIX.fwd`` and ``PREFIX.rev``.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mtmetrics import InputError
from mtmetrics.io.files import LIMITS, atomic_write, over_limit
from mtmetrics.io.text import read_lines

from .source_tokens import recorded_tokenizer, source_tokens

#: One link: (source token index, target token index), 0-based.
Link = tuple[int, int]
Links = frozenset[Link]


@dataclass(frozen=True)
class Alignment:
    """Links between a source sentence and one target sentence (hypothesis or reference).

    Attributes:
        links: the (symmetrised) alignment, used by the reordering metrics (PRS, MPR).
        fwd: the source→target direction (each target word aligned to at most one source word
            when it comes from an IBM-style aligner): SSCN's constraint ``1``. Defaults to ``links``.
        rev: the target→source direction (each source word aligned to at most one target word):
            SSCN's constraint ``2``. Defaults to ``links``.
        origin: where the links come from, for signatures (``file``, ``given``, ``eflomal@…``).
        two_way: whether ``fwd`` and ``rev`` are two real directions. False for one set of links
            (one Pharaoh file, one string): it then stands for both directions, and what needs
            two different ones (SSCN's ``union`` and ``intersect``) refuses it instead of
            silently comparing the links with themselves. Set automatically when ``fwd`` or
            ``rev`` is given non-empty; pass ``True`` for two directions that are both empty.
        src_tokenize: the sacrebleu tokenizer the source was split with for these links
            (:mod:`mtmetrics_source.source_tokens`; ``none``: at spaces, as given), so that a
            metric splitting it otherwise refuses them; ``None`` when not recorded.
    """

    links: Links
    fwd: Links = field(default=frozenset())
    rev: Links = field(default=frozenset())
    origin: str = "given"
    two_way: bool = False
    src_tokenize: str | None = None

    def __post_init__(self) -> None:
        if self.fwd or self.rev:
            object.__setattr__(self, "two_way", True)
        if not self.two_way:
            # one file (or one list of pairs) stands for both directions
            object.__setattr__(self, "fwd", self.links)
            object.__setattr__(self, "rev", self.links)

    def with_reverse(self, rev: Alignment) -> Alignment:
        """This alignment as the source→target direction, ``rev``'s links as the target→source one.

        ``links`` (what PRS and MPR use) and ``origin`` stay this alignment's. An alignment that
        already has two directions cannot take a third: that is an :class:`~mtmetrics.InputError`.
        """
        if self.two_way:
            raise InputError(
                f"an alignment that already has both directions ({self.origin}) was given a target→source "
                f"one too; give either one alignment with fwd and rev, or the source→target links plus the "
                f"target→source ones."
            )
        return Alignment(self.links, self.links, rev.links, self.origin, two_way=True, src_tokenize=self.src_tokenize)

    @classmethod
    def of(cls, value: Any, origin: str = "given") -> Alignment:
        """An :class:`Alignment` from itself, a Pharaoh string (``"0-0 1-2"``) or an iterable of pairs."""
        if isinstance(value, Alignment):
            return value
        if isinstance(value, str):
            sure, _ = parse_line(value, "<alignment>", 1)
            return cls(sure, origin=origin)
        try:
            links = frozenset((int(i), int(j)) for i, j in value)
        except (TypeError, ValueError):
            raise InputError(
                f"an alignment must be an Alignment, a Pharaoh string like '0-0 1-2' or a list of "
                f"(source, target) pairs; got {value!r:.80}"
            ) from None
        return cls(links, origin=origin)

    def checked(self, src_len: int, tgt_len: int, where: str = "<alignment>", line: int = 1) -> Alignment:
        """This alignment, after raising :class:`~mtmetrics.InputError` if a link points outside a sentence."""
        for links in (self.links, self.fwd, self.rev):
            for i, j in sorted(links):
                check_link(i, j, src_len, tgt_len, where, line, f"{i}-{j}")
        return self


_ASCII_SPACE = re.compile(r"[ \t\n\r\f\v]+")


def tokens(text: str) -> list[str]:
    """The tokens Pharaoh indices refer to: the text split at ASCII whitespace.

    Only ASCII whitespace separates tokens (as in the aligners' C tools and the gold files, where
    an ideographic space U+3000 is a token of its own), unlike Python's ``str.split()``.
    """
    return [t for t in _ASCII_SPACE.split(text) if t]


def check_link(
    i: int, j: int, src_len: int, tgt_len: int, where: str, line: int, pair: str, src_split: str = ""
) -> None:
    """One link must point inside both sentences (0-based indices); ``src_split`` says how the source
    was split into its tokens, for the message."""
    if not 0 <= i < src_len:
        raise InputError(
            f"{where}:{line}: pair '{pair}' points to source token {i}, but line {line} of the source has "
            f"{src_len} tokens{src_split} (0-based indices 0..{src_len - 1}). Are the files line-aligned and "
            f"tokenised like the aligner's input? Use one_based/--align-one-based for 1-based files."
        )
    if not 0 <= j < tgt_len:
        raise InputError(
            f"{where}:{line}: pair '{pair}' points to target token {j}, but line {line} of the target has "
            f"{tgt_len} tokens (0-based indices 0..{tgt_len - 1}). Are the files line-aligned and "
            f"tokenised like the aligner's input? Use one_based/--align-one-based for 1-based files."
        )


def parse_pairs(line: str, where: str, lineno: int, one_based: bool = False) -> list[tuple[str, Link, bool]]:
    """Each pair of one Pharaoh line as ``(text, (i, j) 0-based, is_sure)``; ``ipj`` is a possible link."""
    out = []
    offset = 1 if one_based else 0
    for item in line.split():
        sep = "-" if "-" in item else ("p" if "p" in item else None)
        left, _, right = item.partition(sep) if sep else (item, "", "")
        if sep is None or not left.isdigit() or not right.isdigit():
            raise InputError(
                f"{where}:{lineno}: pair '{item}' is not of the form i-j (or ipj for a possible link) "
                f"with non-negative integers."
            )
        i, j = int(left) - offset, int(right) - offset
        if i < 0 or j < 0:
            raise InputError(f"{where}:{lineno}: pair '{item}' has index 0, but the file was declared 1-based.")
        out.append((item, (i, j), sep == "-"))
    return out


def parse_line(line: str, where: str, lineno: int, one_based: bool = False) -> tuple[Links, Links]:
    """Sure and possible links of one Pharaoh line; sure links are included in the possible set."""
    pairs = parse_pairs(line, where, lineno, one_based)
    return frozenset(link for _, link, sure in pairs if sure), frozenset(link for _, link, _ in pairs)


def check_input(path: str | os.PathLike[str], what: str = "alignment file", kind: str = "table") -> None:
    """Before an alignment file is streamed: ``-``, a pipe or a regular file no larger than
    ``LIMITS[kind]`` bytes (checked without opening it, so a pipe loses nothing)."""
    if str(path) == "-":
        return
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{what} {path}: no such file.") from None
    except OSError as exc:
        raise InputError(f"{what} {path}: cannot read ({exc.strerror or exc}).") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"{what} {path}: is a directory, not a file.")
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
        raise InputError(f"{what} {path}: not a regular file or a pipe (a device or socket cannot be read as one).")
    if st.st_size > LIMITS[kind]:
        raise over_limit(f"{what} {path}", kind)


def read_pharaoh(path: str | os.PathLike[str], one_based: bool = False) -> list[tuple[Links, Links]]:
    """Sure and possible links of every line of a Pharaoh file (not checked against sentences)."""
    check_input(path, "alignment file")
    return [parse_line(line, str(path), n, one_based) for n, line in enumerate(read_lines(path), 1)]


def read_alignment_file(
    path: str | os.PathLike[str],
    sources: Sequence[str],
    targets: Sequence[str | None],
    one_based: bool = False,
) -> list[Alignment | None]:
    """Read a Pharaoh file aligning ``sources`` with ``targets`` and check it line by line.

    The file must have one line per segment. A missing target (``None`` or a blank line, as for a
    reference missing in some segments) gives ``None``; its alignment line must then be empty.
    Possible links (``ipj``) are kept: the alignment's links are the possible set (which includes
    the sure links). Returns one :class:`Alignment` (origin ``file``) per segment, with the source
    tokenizer of the file's ``mtmetrics align`` sidecar (``none`` without one), which source indices
    are checked against.
    """
    where = str(path)
    check_input(path, "alignment file")
    lines = read_lines(path)
    if len(lines) != len(sources):
        raise InputError(
            f"{where} has {len(lines)} lines but there are {len(sources)} segments; an alignment file needs "
            f"one line per segment (an empty line for a sentence with no links)."
        )
    return alignments_from_lines(lines, where, sources, targets, one_based)


def alignments_from_lines(
    lines: Sequence[str],
    where: str,
    sources: Sequence[str],
    targets: Sequence[str | None],
    one_based: bool = False,
    first: int = 1,
) -> list[Alignment | None]:
    """Parse and check Pharaoh lines (numbered from ``first`` in messages) against their sentences.

    Source indices refer to the source split by the tokenizer recorded for ``where`` (see
    :func:`~mtmetrics_source.source_tokens.recorded_tokenizer`), target indices to the target's
    ASCII-whitespace-separated words.
    """
    src_tok = recorded_tokenizer(where)
    split_note = (
        f" split by '{src_tok}' (its mtmetrics align sidecar)"
        if src_tok != "none"
        else " split at spaces (a Pharaoh file without an mtmetrics align sidecar indexes the source as given)"
    )
    if len(targets) != len(sources) or len(lines) != len(sources):
        raise InputError(f"{where}: {len(lines)} lines, {len(targets)} targets and {len(sources)} sources.")
    out: list[Alignment | None] = []
    for n, (line, src, tgt) in enumerate(zip(lines, sources, targets, strict=True), first):
        pairs = parse_pairs(line, where, n, one_based)
        if tgt is None or not tgt.strip():
            if pairs:
                raise InputError(f"{where}:{n}: the target sentence is missing (empty) but the line has links.")
            out.append(None)
            continue
        src_len, tgt_len = len(source_tokens(src, src_tok)), len(tokens(tgt))
        for item, (i, j), _ in pairs:
            check_link(i, j, src_len, tgt_len, where, n, item, split_note)
        out.append(Alignment(frozenset(link for _, link, _ in pairs), origin="file", src_tokenize=src_tok))
    return out


@dataclass(frozen=True)
class PharaohColumns:
    """The alignment files of ``mtmetrics score``, read in lockstep with the input: the core's line decoder.

    ``paths`` are the files in the order of ``names``: ``align_hyp`` one file, ``align_refs`` one
    per reference stream, then optionally ``align_hyp_rev`` and ``align_refs_rev`` laid out the same
    way. Called with a run of their lines, it gives those annotations, each line checked against
    its sentences (messages name the file and the line).
    """

    paths: tuple[str, ...]
    names: tuple[str, ...]
    one_based: bool = False

    def __call__(
        self,
        columns: Sequence[Sequence[str]],
        sources: Sequence[str] | None,
        hyps: Sequence[str],
        refs: Sequence[Sequence[str | None]],
        first: int,
    ) -> dict[str, list[Any]]:
        """The annotations of the segments numbered from ``first`` whose alignment lines are ``columns``."""
        assert sources is not None  # the options need --src

        def read(k: int, targets: Sequence[str | None]) -> list[Alignment | None]:
            return alignments_from_lines(columns[k], self.paths[k], sources, targets, self.one_based, first)

        out: dict[str, list[Any]] = {}
        k = 0
        for name in self.names:
            if name.startswith("align_hyp"):
                out[name] = read(k, hyps)
                k += 1
            else:
                out[name] = _per_segment([read(k + r, stream) for r, stream in enumerate(refs)])
                k += len(refs)
        return out


def alignment_annotations(
    sources: Sequence[str],
    hyps: Sequence[str],
    refs: Sequence[Sequence[str | None]],
    hyp_file: str | os.PathLike[str],
    ref_files: Sequence[str | os.PathLike[str]],
    one_based: bool = False,
    hyp_rev_file: str | os.PathLike[str] | None = None,
    ref_rev_files: Sequence[str | os.PathLike[str]] | None = None,
) -> dict[str, list[Any]]:
    """The alignment annotations from one file for the hypotheses and one per reference stream.

    ``hyp_file`` and ``ref_files`` give the source→target direction (``align_hyp``,
    ``align_refs``); ``hyp_rev_file`` and ``ref_rev_files``, if given, the target→source
    direction (``align_hyp_rev``, ``align_refs_rev``). All are Pharaoh ``i-j`` with ``i`` the
    source index. This is what ``--align-hyp FILE --align-ref FILE [FILE ...]`` (and
    ``--align-hyp-rev FILE --align-ref-rev FILE [FILE ...]``) do on the command line.
    """
    for files, suffix in ((ref_files, ""), (ref_rev_files, "-rev")):
        if files is not None and len(files) != len(refs):
            raise InputError(
                f"{len(files)} reference alignment file(s) (--align-ref{suffix}) for {len(refs)} reference "
                f"stream(s); give one alignment file per reference file, in the same order."
            )
    out: dict[str, list[Any]] = {
        "align_hyp": read_alignment_file(hyp_file, sources, hyps, one_based),
        "align_refs": _per_segment(_ref_streams(sources, refs, ref_files, one_based)),
    }
    if hyp_rev_file is not None:
        out["align_hyp_rev"] = read_alignment_file(hyp_rev_file, sources, hyps, one_based)
    if ref_rev_files is not None:
        out["align_refs_rev"] = _per_segment(_ref_streams(sources, refs, ref_rev_files, one_based))
    return out


def _ref_streams(
    sources: Sequence[str],
    refs: Sequence[Sequence[str | None]],
    files: Sequence[str | os.PathLike[str]],
    one_based: bool,
) -> list[list[Alignment | None]]:
    """One list of alignments per reference stream, read from one file per stream."""
    return [read_alignment_file(f, sources, stream, one_based) for f, stream in zip(files, refs, strict=True)]


def _per_segment(streams: Sequence[Sequence[Alignment | None]]) -> list[tuple[Alignment | None, ...]]:
    """Per-stream lists turned into one tuple per segment (the ``align_refs`` layout)."""
    n = len(streams[0]) if streams else 0
    return [tuple(stream[i] for stream in streams) for i in range(n)]


def format_pharaoh(links: Iterable[Link], one_based: bool = False) -> str:
    """Links as one Pharaoh line, sorted (``0-0 1-2``)."""
    offset = 1 if one_based else 0
    return " ".join(f"{i + offset}-{j + offset}" for i, j in sorted(links))


def write_pharaoh(path: str | os.PathLike[str], alignments: Iterable[Iterable[Link] | None]) -> None:
    """Write one Pharaoh line per alignment (an empty line for ``None``), whole or not at all."""
    atomic_write(path, "".join(("" if links is None else format_pharaoh(links)) + "\n" for links in alignments))
