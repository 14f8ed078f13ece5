"""``python -m mtmetrics_paraphrase ARGS`` = ``mtmetrics paraphrase ARGS``, registering the plugin if needed.

Useful while the plugin is not (yet) loaded by the core's plugin list or an entry point.
"""

from __future__ import annotations

import sys

import mtmetrics_paraphrase
from mtmetrics import plugins
from mtmetrics.cli import main


def run() -> int:
    """Register this plugin unless already loaded, then run ``mtmetrics paraphrase ...``."""
    if not any(info.name == "mtmetrics_paraphrase" for info in plugins.plugins()):
        plugins.register_plugin(mtmetrics_paraphrase, name="mtmetrics_paraphrase")
    sys.argv = ["mtmetrics", "paraphrase", *sys.argv[1:]]
    return main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(run())
