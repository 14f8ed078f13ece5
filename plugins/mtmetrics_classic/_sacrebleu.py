"""What the adapters share: sacrebleu's per-segment statistics for mtmetrics segments.

sacrebleu has no public per-segment statistics API; ``Metric._extract_corpus_statistics`` is the
single function its own ``corpus_score`` uses, so relying on it keeps the numbers identical. The
supported sacrebleu range is pinned in ``pyproject.toml`` and the tests compare with sacrebleu's
public ``corpus_score``/``sentence_score`` on real data, so a change there fails loudly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import sacrebleu

from mtmetrics import Field, Segment


def sacrebleu_field() -> Field:
    """The signature field naming sacrebleu's version (read when a signature is made, not at import)."""
    return Field("sacrebleu", sacrebleu.__version__, "sb")


def segment_stats(metric: Any, segments: Sequence[Segment]) -> np.ndarray:
    """Statistics rows computed by the sacrebleu metric object ``metric`` (missing refs as None)."""
    nmax = max(len(s.refs) for s in segments)
    streams = [[s.refs[k] if k < len(s.refs) else None for s in segments] for k in range(nmax)]
    stats = metric._extract_corpus_statistics([s.hyp for s in segments], streams)
    return np.array(stats, dtype=np.float64)
