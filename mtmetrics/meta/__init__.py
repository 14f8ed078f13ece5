"""Meta-evaluation: how well metrics agree with human judgments (docs/meta.md).

The orchestration over :mod:`mtmetrics.stats`' numerics: :mod:`.correlate` (correlations per
level, group and human column, with bootstrap intervals), :mod:`.compare` (tests between two
metrics' correlations), :mod:`.pipeline` (the ``meta report`` pipeline, returning the typed
:class:`~.models.Report`), :mod:`.report` (default metrics, reference systems, significance
clusters), :mod:`.orange` (ORANGE), :mod:`.learn` (MCT and stepwise regression), :mod:`.inputs`
(opening a table), :mod:`.precomputed` (``col:``/``file:`` scores), :mod:`.models` (the typed JSON
documents), :mod:`.render` and :mod:`.plots`. The ``mtmetrics meta`` commands parse options,
call these and print.
"""
