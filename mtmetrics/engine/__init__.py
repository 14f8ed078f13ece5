"""The scoring engine: the gate (:mod:`.gate`) and the fan-out (:mod:`.pool`).

The engine sits below the Python API and the command line and above the plugin protocol
(:mod:`mtmetrics.metric`), whose members it reads directly: it imports neither the registry nor the CLI.
"""

from __future__ import annotations

from . import gate, pool

__all__ = ["gate", "pool"]
