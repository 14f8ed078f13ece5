"""The engine room: everything between admitted segments and a :class:`~mtmetrics.result.Result`.

Every road (the :class:`~mtmetrics.api.Scorer`, the CLI's streams, meta's tables, ORANGE,
significance, Dask) scores through one entry point, :func:`.scoring.run`:

* :mod:`.gate`: what every segment passes first (language, parameters, limits);
* :mod:`.scoring`: :func:`~.scoring.run`, chunks of work scored in order, in this process or by
  ``-j`` workers, each metric's statistics shape-checked in one place (:func:`~.scoring.score_chunk`);
* :mod:`.pool`: worker processes, with the one fork policy and the state a run shares;
* :mod:`.results`: statistics and sums to results and signatures (:mod:`.accumulate`: exact sums);
* :mod:`.significance`: bootstrap intervals and paired tests on statistics;
* :mod:`.streaming`: streams of chunks kept as running sums (the CLI); :mod:`.tables`: judged
  tables (meta-evaluation).

The engine reads the plugin protocol's members directly (``metric.display_name``,
``metric.observe(...)``) and keeps its state per metric in the metric's
:class:`~mtmetrics.metric.EngineState`. It sits above the protocol (:mod:`mtmetrics.metric`), the
readers and the registry, and below the Python API, the statistics, meta-evaluation and the
command line (``tests/core/test_layers.py``).
"""
