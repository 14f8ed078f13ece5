"""The scoring engine: the gate (:mod:`.gate`), the capability reads (:mod:`.hooks`) and the fan-out (:mod:`.pool`).

The engine sits below the Python API and the command line and above the plugin protocol
(:mod:`mtmetrics.metric`): it imports neither the registry nor the CLI.
"""

from __future__ import annotations

from . import gate, hooks, pool

__all__ = ["gate", "hooks", "pool"]
