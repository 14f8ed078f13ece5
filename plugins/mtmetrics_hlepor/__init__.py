"""Built-in plugin: hLEPOR and its part-of-speech variant hLEPOR_E (Han et al. 2013, docs/metrics.md §2).

``hlepor`` scores words (and, with ``pos=<tagger>``, tags the text itself for hLEPOR_E);
``hlepor-e`` is hLEPOR_E on pre-tagged input given as annotations. Uses only mtmetrics' public API;
nltk and spacy are imported only when a tagger is requested.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "hlepor": "mtmetrics_hlepor.metric:Hlepor",
    "hlepor-e": "mtmetrics_hlepor.metric:HleporE",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Hlepor", "HleporE"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register hlepor and hlepor-e by name: each module is imported when its metric is first used."""
    for name, target in METRICS.items():
        register(name, target)
