"""Are the rows of numpy/OpenBLAS ``W[a:b] @ X`` the rows of the full ``W @ X``, bit for bit?

The system-level bootstrap re-scores each system from ``W @ X``: ``W`` its ``(B, n_s)`` float64
bootstrap counts, ``X`` its rows' statistics (or human scores). Forming ``W`` a block of
resamples at a time would bound memory, but only if every block's rows equal the full product's.
This measures it, once with ``OPENBLAS_NUM_THREADS=1`` and once as the environment has it (each in
a fresh process), for

* random counts against float ``X`` over many shapes (``k = 0``: a vector, BLAS gemv; ``k >= 1``: a
  matrix, gemm, or gemv for one column) and block sizes;
* the real draws of WMT21 ru-en DA (9,832 rows, 1,000 joint resamples, as ``meta correlate``
  draws them) against the human z scores, float per-row scores and 18 float statistics per row;
* integer ``X`` (count statistics), where every sum is exact and blocking cannot matter;

and whether the *full* product itself is the same under 1 thread and the default.

    python bench/blocked_matmul.py
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT.parent / "shared" / "data" / "test" / "wmt21-news" / "derived" / "newstest2021.ru-en.da-seg.joined.tsv.gz"
SHAPES = list(itertools.product([100, 1000, 1003], [30, 869, 9832], [0, 1, 3, 18]))
BLOCKS = [8, 16, 64, 256]


def _blocked_equal(w: Any, x: Any, size: int) -> bool:
    import numpy as np

    parts = np.concatenate([w[s : s + size] @ x for s in range(0, len(w), size)])
    return bool(np.array_equal(w @ x, parts))


def measure() -> dict[str, Any]:
    """This process's counts of blocked products that differ from the full ones, and the full
    products' hashes (to compare across thread settings)."""
    import numpy as np

    sys.path[:0] = [str(ROOT), str(ROOT / "plugins")]
    from mtmetrics.io.tables import detect_columns, read_table
    from mtmetrics_meta.correlate import group_draws

    rng = np.random.default_rng(0)
    random_bad = dict.fromkeys(BLOCKS, 0)
    integer_bad = 0
    hashes = []
    for b, n, k in SHAPES:
        w = rng.integers(0, 4, size=(b, n)).astype(np.float64)
        x = rng.standard_normal((n,) if k == 0 else (n, k))
        ints = rng.integers(0, 60, size=x.shape).astype(np.float64)
        hashes.append(hashlib.sha1((w @ x).tobytes()).hexdigest())
        for size in BLOCKS:
            random_bad[size] += not _blocked_equal(w, x, size)
            integer_bad += not _blocked_equal(w, ints, size)
    table = read_table(TABLE)
    cols = detect_columns(table)
    rows = np.arange(len(table))
    systems, items = np.array(table.columns[cols.system]), np.array(table.columns[cols.segment])
    draws = group_draws(rows, systems, items, 1000, 12345, 0)
    z = table.numbers("z")
    scores = rng.random(len(table)) * 100
    stats = rng.integers(0, 50, size=(len(table), 18)) + rng.random((len(table), 18))
    real_bad = dict.fromkeys(BLOCKS, 0)
    real_total = 0
    for weights, pos in zip(draws.system_weights, draws.system_rows, strict=True):
        w = weights.block()
        for x in (z[pos], scores[pos], stats[pos]):
            real_total += 1
            for size in BLOCKS:
                real_bad[size] += not _blocked_equal(w, x, size)
    return {
        "random": random_bad,
        "integer": integer_bad,
        "real": real_bad,
        "real_total": real_total,
        "hashes": hashes,
    }


def main() -> None:
    """Both thread settings in fresh processes, and the table."""
    if sys.argv[1:] == ["--measure"]:
        json.dump(measure(), sys.stdout)
        return
    results = {}
    for label, threads in (("1 thread", "1"), ("default threads", None)):
        env = dict(os.environ)
        env.pop("OPENBLAS_NUM_THREADS", None)
        if threads:
            env["OPENBLAS_NUM_THREADS"] = threads
        cmd = [sys.executable, __file__, "--measure"]
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        results[label] = json.loads(out.stdout)
    n = len(SHAPES)
    print(f"blocked products whose rows differ from the full product (of {n} random shapes, float X):")
    for label, r in results.items():
        cells = ", ".join(f"blocks of {s}: {r['random'][str(s)]}" for s in BLOCKS)
        print(f"  {label:16} {cells}; integer X: {r['integer']} of {n * len(BLOCKS)}")
    total = results["1 thread"]["real_total"]
    print(f"WMT21 ru-en, 1,000 joint resamples ({total} products: z, float scores, 18 float statistics per system):")
    for label, r in results.items():
        print(f"  {label:16} " + ", ".join(f"blocks of {s}: {r['real'][str(s)]}" for s in BLOCKS))
    one, default = (results[k]["hashes"] for k in results)
    differ = sum(a != b for a, b in zip(one, default, strict=True))
    print(f"full products that differ between 1 thread and the default: {differ} of {n}")


if __name__ == "__main__":
    main()
