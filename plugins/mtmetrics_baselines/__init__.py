"""Built-in plugin: the baseline metrics of the papers' comparison tables.

``nist`` (Doddington 2002), ``wer`` and ``per`` (word error rates, lower is better), ``gtm``
(Turian et al. 2003) and ``meteor`` (Banerjee & Lavie 2005, NLTK's aligner and WordNet).
Importing this package does not import NLTK: METEOR imports it when instantiated, and a missing
NLTK or WordNet raises :class:`mtmetrics.ResourceError` naming the install command.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

from .error_rates import Per, Wer
from .gtm import Gtm
from .meteor import Meteor
from .nist import Nist

__all__ = ["Gtm", "Meteor", "Nist", "Per", "Wer"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[[type[mtmetrics.Metric]], None]) -> None:
    """Register nist, wer, per, gtm and meteor."""
    for cls in (Nist, Wer, Per, Gtm, Meteor):
        register(cls)
