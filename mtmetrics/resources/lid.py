"""Off-target output: hypotheses that are not in the target language, by py3langid's naive Bayes model.

The model ships inside py3langid's wheel and is never downloaded; py3langid is optional
(``mtmetrics[lid]``) and its absence is a :class:`~mtmetrics.ResourceError`. Each segment is
classified against every language of the model, and flagged when the top language is not the target
*and* the target's probability (py3langid's normalised one) is below :data:`MAX_TARGET_PROBABILITY`:
the model knows close varieties (Wu Chinese, Nigerian Pidgin) that win on a few percent of ordinary
Chinese and English lines, where the target keeps a probability far above that of a text in another
language. A segment with fewer than :data:`MIN_LETTERS` letters (numbers, punctuation, names,
headlines of a word or two) is never flagged, since identification is a guess there. In ``empty`` mode the flagged
hypotheses are scored as empty lines and the signature says so (``offtarget:de+empty+py3langid-0.4.0``);
in ``flag`` mode scores are unchanged and only the report is added.

Python API::

    report = detect(hyps, "de", mode="empty")
    result = report.sign(bleu.corpus_score(report.apply(hyps), [refs]))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..errors import ParameterError, require, suggest
from ..io.lines import LineChunk
from ..io.text import decode_block
from ..result import Result
from ..signature import Field

#: segments with fewer letters (``str.isalpha``: any script) are never flagged
MIN_LETTERS = 20
#: a segment whose top language is not the target is flagged only when the target's probability is
#: below this. Fixed on WMT22 general to-English outputs and sources (../shared/data/dev): 0.10% of the
#: outputs' lines flagged, mostly untranslated, against 1.1% by the top language alone; 99.7% of the
#: sources' lines flagged. Held out, WMT21 (../shared/data/test, all 16 pairs): 0.01-0.37% of the 255
#: outputs' lines (0.15-4.9% by the top language alone), 98.9-100% of other languages' lines
MAX_TARGET_PROBABILITY = 0.01
#: ``flag``: report only; ``empty``: score the flagged hypotheses as empty lines
MODES = ("flag", "empty")


@cache
def _model() -> Any:
    """py3langid's own model (a private instance: its module-level one can be restricted by others)."""
    langid = require("py3langid.langid", "off-target detection", "lid", "py3langid")
    return langid.LanguageIdentifier.from_model_file(langid.MODEL_FILE, norm_probs=True)


def identifier() -> str:
    """The identifier's name and version, as the signature and the report record it."""
    return f"py3langid-{require('py3langid', 'off-target detection', 'lid').__version__}"


def check_target(code: str, what: str = "target language") -> str:
    """``code`` in lower case if the model identifies it (ISO 639-1 where one exists), else a
    :class:`~mtmetrics.ParameterError` listing the model's languages."""
    known = tuple(sorted(_model().labels))
    lang = code.strip().lower()
    if lang not in known:
        raise ParameterError(
            f"{what} '{code}': {identifier()} does not identify it.{suggest(lang, known)} "
            f"Use one of: {' '.join(known)}."
        )
    return lang


def flags(hyps: Iterable[str], target: str) -> list[bool]:
    """Per segment: whether the hypothesis is off-target (``target`` must pass :func:`check_target`)."""
    model = _model()

    def off(hyp: str) -> bool:
        if sum(map(str.isalpha, hyp)) < MIN_LETTERS or model.classify(hyp)[0] == target:
            return False
        return bool(dict(model.rank(hyp))[target] < MAX_TARGET_PROBABILITY)  # scored again: rare

    return [off(h) for h in hyps]


@dataclass(frozen=True)
class OffTarget:
    """One system's off-target segments: ``lines`` are their 1-based numbers among ``segments``."""

    target: str
    mode: str
    identifier: str
    segments: int
    lines: tuple[int, ...]

    @property
    def count(self) -> int:
        """The number of off-target segments."""
        return len(self.lines)

    @property
    def share(self) -> float:
        """The off-target segments' share of all segments (0 to 1)."""
        return self.count / self.segments if self.segments else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON values (``lines`` in order)."""
        return {
            "target": self.target,
            "mode": self.mode,
            "identifier": self.identifier,
            "min_letters": MIN_LETTERS,
            "max_target_probability": MAX_TARGET_PROBABILITY,
            "count": self.count,
            "segments": self.segments,
            "share": self.share,
            "lines": list(self.lines),
        }

    def legend(self) -> str:
        """What was counted, and what the scores did with it."""
        how = "scored as empty" if self.mode == "empty" else "scores unchanged"
        rule = f"of {MIN_LETTERS}+ letters; p < {MAX_TARGET_PROBABILITY}"
        return f"not {self.target} by {self.identifier} ({rule}), {how}"

    def describe(self) -> str:
        """One line for text output."""
        return f"off-target: {self.count} of {self.segments} segments ({self.share:.2%}) {self.legend()}"

    def sign(self, result: Result) -> Result:
        """``result`` with the ``offtarget`` field in its signature in ``empty`` mode (``flag`` mode
        changes no score, so it has none and ``result`` is returned unchanged)."""
        if self.mode != "empty":
            return result
        field = Field("offtarget", f"{self.target}+empty+{self.identifier}", "ot")
        return replace(result, signature=result.signature.with_fields([field]))

    def apply(self, hyps: Sequence[str]) -> list[str]:
        """The hypotheses to score: the flagged ones empty in ``empty`` mode, all unchanged in ``flag`` mode."""
        if self.mode != "empty":
            return list(hyps)
        flagged = set(self.lines)
        return ["" if k in flagged else h for k, h in enumerate(hyps, 1)]


def _checked_mode(mode: str) -> str:
    if mode not in MODES:
        raise ParameterError(f"off-target mode '{mode}': use one of {', '.join(MODES)}.")
    return mode


def detect(hyps: Iterable[str], target: str, mode: str = "flag") -> OffTarget:
    """The off-target report of one system's hypotheses (``mode``: what :meth:`OffTarget.apply` does)."""
    mode, lang = _checked_mode(mode), check_target(target)
    found = flags(hyps, lang)
    return OffTarget(lang, mode, identifier(), len(found), tuple(k for k, f in enumerate(found, 1) if f))


class Scan:
    """One system's off-target detection as its chunks stream past (the CLI): each chunk's
    hypotheses are classified, and in ``empty`` mode the flagged ones are rewritten as empty lines."""

    def __init__(self, target: str, mode: str) -> None:
        self.target, self.mode = check_target(target), _checked_mode(mode)
        self.segments = 0
        self.lines: list[int] = []

    def chunks(self, chunks: Iterable[LineChunk]) -> Iterator[LineChunk]:
        """``chunks`` with the hypotheses (the first file of each block) classified, and rewritten if asked."""
        for chunk in chunks:
            block = chunk.block
            hyps = decode_block(block.raw[0], block.names[0], block.first)
            found = flags(hyps, self.target)
            self.segments += len(hyps)
            self.lines.extend(block.first + k for k, f in enumerate(found) if f)
            if self.mode == "empty" and any(found):
                text = "".join("\n" if f else h + "\n" for h, f in zip(hyps, found, strict=True))
                chunk = replace(chunk, block=replace(block, raw=(text.encode("utf-8"), *block.raw[1:])))
            yield chunk

    def report(self) -> OffTarget:
        """What the scan found, once every chunk has passed."""
        return OffTarget(self.target, self.mode, identifier(), self.segments, tuple(self.lines))
