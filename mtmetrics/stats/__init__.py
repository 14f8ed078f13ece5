"""Statistics over metric scores: vectors in, numbers out, each module tested beside it.

Correlation coefficients (:mod:`.correlation`), resampling for the tests between systems
(:mod:`.significance`; the tests on a metric's statistics are :mod:`mtmetrics.engine.significance`),
tests between correlations (:mod:`.corrtests`, :mod:`.permutation`), the WMT agreement measures
(:mod:`.agreement`, :mod:`.accuracy`, :mod:`.ties`), learned combinations (:mod:`.mct`) and
multiple-comparison corrections (:mod:`.corrections`). Nothing here imports the protocol or the engine.
"""

#: the defaults of the resampling tests (sacrebleu's), here so the command line needs no numpy code to show them
DEFAULT_SEED = 12345
DEFAULT_BOOTSTRAP = 1000
DEFAULT_AR = 10000
#: the most resamples (bootstrap, approximate randomisation, permutations) a run may ask for: memory
#: stays bounded at any count (weights are drawn in chunks), so the cap bounds time: a million
#: resamples of 3,000 segments take minutes, a billion would take days
MAX_RESAMPLES = 1_000_000

__all__ = ["DEFAULT_AR", "DEFAULT_BOOTSTRAP", "DEFAULT_SEED", "MAX_RESAMPLES"]
