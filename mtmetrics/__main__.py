"""``python -m mtmetrics`` runs the command line."""

from mtmetrics.cli import console

console()
