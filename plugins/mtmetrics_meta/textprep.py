"""How a text was prepared (cased or not, tokenized or not), to keep learned models honest.

A learned combination (``combo``) weighs its features' scores as they were on the training text;
the signatures fix the features' settings but not how the *input* was prepared (BLEU on tokenized
text is higher), so a model records a profile of its training hypotheses: ``cased`` (share, among
hypotheses with a cased letter, of those with an uppercase one) and ``split_punct`` (share with
punctuation split off after a word character, ``word , word``: tokenized text).
:func:`mismatch` names only gross differences (at least :data:`MIN_SEGMENTS` segments; at least
half against at most a tenth, or none against half); a model without a profile is not checked.
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
