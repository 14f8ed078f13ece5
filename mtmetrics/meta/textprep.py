"""How a text was prepared (cased or lowercased, tokenized or not), to keep learned models honest.

A combination learned by ``meta mct`` / ``meta regress`` (the ``combo`` metric) weighs its
features' scores as they were on the training text. Its features' signatures fix their own
settings (tokenizer, case), but not how the *input* was prepared: a model trained on raw WMT text
and applied to lowercased or pre-tokenized text gets feature scores on another scale (BLEU on
tokenized text is higher) and its weights no longer fit. The model therefore records a profile of
its training hypotheses, and ``combo`` compares it with the text it is given:

* ``cased``: share of hypotheses, among those with a cased letter, that have an uppercase letter;
* ``split_punct``: share of hypotheses with a punctuation mark split off by a space after a word
  character (``word , word``, ``end .``), which is how tokenized text looks and raw text does not.

:func:`mismatch` says what differs when the difference is gross (at least :data:`MIN_SEGMENTS`
segments; a share of at least one half against at most a tenth, or none at all against half), and
nothing otherwise; a model without a profile (written before) is not checked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

#: fewer segments than this are not judged (too few to tell)
MIN_SEGMENTS = 20
_SPLIT = re.compile(r"\w [,.!?;:](?:\s|$)")


def text_profile(hyps: Sequence[str]) -> dict[str, Any]:
    """The profile of a set of hypotheses (module docstring)."""
    cased_letters = [h for h in hyps if any(c.isupper() or c.islower() for c in h)]
    upper = sum(1 for h in cased_letters if any(c.isupper() for c in h))
    split = sum(1 for h in hyps if _SPLIT.search(h))
    return {
        "segments": len(hyps),
        "cased": upper / len(cased_letters) if cased_letters else None,
        "split_punct": split / len(hyps) if hyps else None,
    }


def mismatch(training: dict[str, Any], now: dict[str, Any]) -> str | None:
    """A description of how ``now`` was prepared differently from ``training``, or ``None``."""
    if now.get("segments", 0) < MIN_SEGMENTS or training.get("segments", 0) < MIN_SEGMENTS:
        return None
    problems = []
    t, n = training.get("cased"), now.get("cased")
    if t is not None and n is not None:
        if t >= 0.5 and n == 0:
            problems.append(f"the text is lowercased (training text: {100 * t:.0f} % of segments with capitals)")
        elif t == 0 and n >= 0.5:
            problems.append(f"the text is cased ({100 * n:.0f} % with capitals), the training text was lowercased")
    t, n = training.get("split_punct"), now.get("split_punct")
    if t is not None and n is not None:
        if t <= 0.1 and n >= 0.5:
            problems.append(
                f"the text looks tokenized ({100 * n:.0f} % of segments with split punctuation, "
                f"training {100 * t:.0f} %)"
            )
        elif t >= 0.5 and n <= 0.1:
            problems.append(f"the text looks detokenized, the training text was tokenized ({100 * t:.0f} %)")
    return "; ".join(problems) or None
