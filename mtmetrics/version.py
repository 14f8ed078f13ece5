"""The version of mtmetrics, in a module that imports nothing (signatures, the CLI and packaging read it)."""

__version__ = "0.1.0"
