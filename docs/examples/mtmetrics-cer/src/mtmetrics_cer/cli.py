"""``mtmetrics cer-worst REF -i HYP [-n N]``: the segments with the highest character error rate.

The example of a plugin command: ``register_commands`` in ``__init__.py`` names this module, and
mtmetrics imports it only when ``mtmetrics cer-worst`` runs. It provides ``build_parser(parser)``
and ``run(args) -> int``.
"""

from __future__ import annotations

import argparse

from mtmetrics import InputError, Scorer

from . import CharacterErrorRate


def build_parser(parser: argparse.ArgumentParser) -> None:
    """The command's arguments, added to the parser mtmetrics made (prog ``mtmetrics cer-worst``)."""
    parser.add_argument("ref", metavar="REF", help="reference file, one segment per line")
    parser.add_argument("-i", "--input", required=True, metavar="HYP", help="system output, line-aligned with REF")
    parser.add_argument("-n", type=int, default=5, help="how many segments to show (default 5)")


def _lines(path: str) -> list[str]:
    with open(path, encoding="utf-8") as fh:
        return fh.read().split("\n")[:-1]


def run(args: argparse.Namespace) -> int:
    """Print ``line<TAB>CER<TAB>hypothesis`` for the ``-n`` worst segments, worst first; exit status 0."""
    refs, hyps = _lines(args.ref), _lines(args.input)
    if len(refs) != len(hyps):
        raise InputError(f"{args.ref} has {len(refs)} lines but {args.input} has {len(hyps)}.")
    results = Scorer(CharacterErrorRate()).segment_scores(hyps, [refs])
    worst = sorted(range(len(hyps)), key=lambda k: (-results[k].score, k))[: max(args.n, 0)]
    for k in worst:
        print(f"{k + 1}\t{results[k].score:.2f}\t{hyps[k]}")
    return 0
