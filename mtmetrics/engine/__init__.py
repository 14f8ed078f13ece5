"""The engine room: everything between admitted segments and a :class:`~mtmetrics.result.Result`.

Every road scores through :func:`.scoring.run`: :mod:`.gate` (what segments pass first),
:mod:`.scoring`, :mod:`.pool` (workers), :mod:`.results` (signatures, scores; :mod:`.accumulate`
exact sums), :mod:`.significance`, :mod:`.streaming` (the CLI) and :mod:`.tables` (meta).
"""
