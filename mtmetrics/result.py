"""Score objects: what a metric computes (:class:`Score`) and what the API returns (:class:`Result`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .signature import Signature


@dataclass(frozen=True)
class Score:
    """What :meth:`Metric.compute_score` returns: the main score and named sub-scores.

    ``verbose`` is an optional human-readable tail for text output (sacrebleu's BLEU prints its
    precisions and brevity penalty there).
    """

    score: float
    sub_scores: Mapping[str, float] = field(default_factory=dict)
    verbose: str | None = None


@dataclass(frozen=True)
class Result:
    """A scored corpus or segment, with everything needed to report and reproduce it.

    Sub-scores are also attributes: ``result.precision`` is ``result.sub_scores["precision"]``.
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

    def __getattr__(self, item: str) -> float:
        # Only called when normal lookup fails: expose sub-scores as attributes.
        subs = self.__dict__.get("sub_scores")
        if subs is not None and item in subs:
            return float(subs[item])
        raise AttributeError(f"{type(self).__name__} has no attribute or sub-score '{item}'")

    def to_dict(self, short: bool = False) -> dict[str, Any]:
        """A JSON-ready, lossless dictionary (full-precision floats, never rounded strings)."""
        return {
            "metric": self.metric,
            "name": self.name,
            "score": float(self.score),
            "sub_scores": {k: float(v) for k, v in self.sub_scores.items()},
            "higher_is_better": self.higher_is_better,
            "n_segments": self.n_segments,
            "params": {k: _jsonable(v) for k, v in self.params.items()},
            "signature": self.signature.format(short),
        }

    def format(self, width: int = 4, score_only: bool = False, short: bool = False) -> str:
        """sacrebleu-style text: ``SIGNATURE = score [verbose]``."""
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
