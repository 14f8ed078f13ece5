"""Built-in plugin: the paraphrase features of Russo-Lassner, Lin & Resnik (2005) and their regressions.

* metric ``paraphrase`` (:class:`Paraphrase`): per segment, the features Wrd, NP, WnSyn, Verb, PNP,
  Order, D2-D5 against the lowest-TER reference, and a main score (mean of the primitive features);
* command ``mtmetrics paraphrase train`` / ``evaluate``: the paper's regression models (B, T, M,
  BP, TP, MP, BT, BTP, BTM, BTMP) with stepwise selection, saved as JSON model files, and their
  correlation table (the analogue of the paper's Table 1).

Resources (NLTK, WordNet, VerbNet, the POS tagger, PyStemmer) are loaded when a metric is
instantiated, never at import or registration.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "paraphrase": "mtmetrics_paraphrase.metric:Paraphrase",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Paraphrase"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register ``paraphrase`` by name: each module is imported when its metric is first used."""
    for name, target in METRICS.items():
        register(name, target)


@mtmetrics.hookimpl
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add ``mtmetrics paraphrase`` (``train``, ``evaluate``); :mod:`.cli` is imported only when it runs."""
    register("paraphrase", "paraphrase regression models (sub-commands: train, evaluate)", f"{__name__}.cli")
