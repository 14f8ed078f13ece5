"""Score objects: what a metric computes (:class:`Score`) and what the API returns (:class:`Result`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from .jsonsafe import json_safe, scores_with_notes
from .signature import Signature


@dataclass(frozen=True)
class Score:
    """What :meth:`Metric.compute_score` returns: the main score and named sub-scores.

    ``verbose`` is a tail for text output (BLEU's precisions); ``attributes`` are values a
    :class:`Result` answers as attributes under a reference tool's names (BLEU's ``counts``), not in JSON.
    """

    score: float
    sub_scores: Mapping[str, float] = field(default_factory=dict)
    verbose: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    """A scored corpus or segment, with everything needed to report and reproduce it.

    Sub-scores and ``attributes`` are also attributes (``result.precision``, ``result.counts``);
    ``float(result)`` is the score, ``str(result)`` prints it with ``decimals`` decimals.
    """

    metric: str
    name: str
    score: float
    sub_scores: Mapping[str, float]
    signature: Signature
    params: Mapping[str, Any]
    higher_is_better: bool
    n_segments: int
    verbose: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)
    decimals: int = 4
    #: a segment's detail from :meth:`~mtmetrics.Metric.segment_details` (xCOMET's error spans); else None
    detail: Any = None

    @classmethod
    def of(cls, score: Score, common: Mapping[str, Any], detail: Any = None) -> Result:
        """The result of ``score`` with the other fields from ``common`` (built once per run), filled at
        once: the frozen ``__init__``'s ``object.__setattr__`` per field costs more than a fast metric."""
        result = object.__new__(cls)
        fields = result.__dict__
        fields.update(common)
        fields["score"] = score.score
        fields["sub_scores"] = MappingProxyType(dict(score.sub_scores))
        fields["verbose"] = score.verbose
        fields["attributes"] = MappingProxyType(dict(score.attributes))
        fields["detail"] = detail
        if fields.keys() != _RESULT_FIELDS:
            raise TypeError(
                f"Result.of: common gives {sorted(common)}; it must give exactly the fields "
                f"{sorted(_RESULT_FIELDS - {'score', 'sub_scores', 'verbose', 'attributes', 'detail'})}"
            )
        return result

    def __getattr__(self, item: str) -> Any:
        # Only called when normal lookup fails: expose attributes and sub-scores as attributes.
        attributes = self.__dict__.get("attributes")
        if attributes is not None and item in attributes:
            return attributes[item]
        subs = self.__dict__.get("sub_scores")
        if subs is not None and item in subs:
            return float(subs[item])
        raise AttributeError(f"{type(self).__name__} has no attribute or sub-score '{item}'")

    def __float__(self) -> float:
        return float(self.score)

    def to_dict(self, short: bool = False) -> dict[str, Any]:
        """A lossless, strict-JSON dictionary: a NaN or infinite score is ``None``, and ``score_note`` /
        ``sub_score_notes`` say why."""
        scores, score_notes = scores_with_notes({"score": self.score})
        subs, sub_notes = scores_with_notes(dict(self.sub_scores))
        out: dict[str, Any] = {"metric": self.metric, "name": self.name, "score": scores["score"]}
        if score_notes:
            out["score_note"] = score_notes["score"]
        out["sub_scores"] = subs
        if sub_notes:
            out["sub_score_notes"] = sub_notes
        out.update(
            higher_is_better=self.higher_is_better,
            n_segments=self.n_segments,
            params={k: json_safe(_jsonable(v)) for k, v in self.params.items()},
            signature=self.signature.format(short),
        )
        if self.detail is not None:
            out["detail"] = json_safe(self.detail)
        return out

    def format(self, width: int | None = None, score_only: bool = False, short: bool = False) -> str:
        """sacrebleu-style text: ``SIGNATURE = score [verbose]`` (``width`` decimals; default :attr:`decimals`)."""
        width = self.decimals if width is None else width
        text = f"{self.score:.{width}f}"
        if score_only:
            return text
        line = f"{self.signature.format(short)} = {text}"
        tail = self.verbose
        if tail is None and self.sub_scores:
            tail = " ".join(f"{k}={v:.{width}f}" for k, v in self.sub_scores.items())
        return f"{line} {tail}" if tail else line

    def __str__(self) -> str:
        return self.format()


def _jsonable(value: Any) -> Any:
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return str(value)


#: every field of a :class:`Result` (what :meth:`Result.of` checks it filled)
_RESULT_FIELDS = frozenset(f.name for f in fields(Result))
