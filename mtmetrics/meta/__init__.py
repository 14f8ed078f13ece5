"""Meta-evaluation: how well metrics agree with human judgments (docs/meta.md), on top of
:mod:`mtmetrics.stats`' numerics; the ``mtmetrics meta`` commands parse options, call it and print.
"""
