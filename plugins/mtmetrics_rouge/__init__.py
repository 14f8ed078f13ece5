"""Built-in plugin: the ROUGE family (ROUGE-N, -L, -W, -S, -SU, -Lsum), per Lin & Och (2004).

Three implementations behind one parameter: ``impl=paper`` (the papers' definitions, the default),
``impl=rouge155`` (reproduces the ROUGE-1.5.5 Perl script per segment) and ``impl=rouge-score``
(reproduces Google's rouge-score package per segment: ROUGE-N, -L and -Lsum, the last only there).
Uses only mtmetrics' public API; the Porter stemmer comes from :mod:`mtmetrics.resources.stemmer`
(``impl=paper``), the script's rules (:mod:`.porter155`) or NLTK (``impl=rouge-score``).
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "rouge-n": "mtmetrics_rouge.metrics:RougeN",
    "rouge-l": "mtmetrics_rouge.metrics:RougeL",
    "rouge-w": "mtmetrics_rouge.metrics:RougeW",
    "rouge-s": "mtmetrics_rouge.metrics:RougeS",
    "rouge-su": "mtmetrics_rouge.metrics:RougeSU",
    "rouge-lsum": "mtmetrics_rouge.metrics:RougeLsum",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["RougeL", "RougeLsum", "RougeN", "RougeS", "RougeSU", "RougeW"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register the six ROUGE metrics by name: each module is imported when its metric is first used."""
    for name, target in METRICS.items():
        register(name, target)
