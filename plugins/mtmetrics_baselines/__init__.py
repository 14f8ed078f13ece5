"""Built-in plugin: the baseline metrics of the papers' comparison tables.

``nist`` (Doddington 2002), ``wer`` and ``per`` (word error rates, lower is better), ``gtm``
(Turian et al. 2003) and ``meteor`` (Banerjee & Lavie 2005, NLTK's aligner and WordNet).
Importing this package does not import NLTK: METEOR imports it when instantiated, and a missing
NLTK or WordNet raises :class:`mtmetrics.ResourceError` naming the install command.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "nist": "mtmetrics_baselines.nist:Nist",
    "wer": "mtmetrics_baselines.error_rates:Wer",
    "per": "mtmetrics_baselines.error_rates:Per",
    "gtm": "mtmetrics_baselines.gtm:Gtm",
    "meteor": "mtmetrics_baselines.meteor:Meteor",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Gtm", "Meteor", "Nist", "Per", "Wer"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register nist, wer, per, gtm and meteor by name: each module is imported when its metric is first used."""
    for name, target in METRICS.items():
        register(name, target)
