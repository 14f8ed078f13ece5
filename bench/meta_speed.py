"""CPU time and peak memory of ``mtmetrics meta correlate`` against a minimal numpy + scipy computation.

On WMT21 ru-en DA (``../shared/data/test/wmt21-news/derived/``, 9,832 judged rows) with a
precomputed chrF column (``-m file:...``, written once by ``--save-scores``) and 1,000 bootstrap
resamples, both sides compute the same numbers from the same resamples: Pearson, Spearman and
Kendall tau-b at segment level (rows resampled) and system level (the shared source segments
resampled jointly, WMT's ``A+B`` rows counted for each system), with 95 % percentile intervals.
The reference below is the shortest honest numpy + scipy program for those numbers: one
``scipy.stats`` call per coefficient and resample. Each side runs in a fresh process; its CPU time
(user + system, interpreter start included) and peak resident memory come from ``getrusage``. The
reference's numbers are checked against the command's JSON (to 1e-12).

    python bench/meta_speed.py [--lp ru-en] [--bootstrap-n 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "test" / "wmt21-news" / "derived"
SEED = 12345


def reference(table: Path, scores: Path, n_boot: int) -> dict[str, Any]:
    """The same correlations and intervals in plain numpy + scipy (the resamples drawn as mtmetrics does)."""
    import numpy as np
    from scipy import stats

    with gzip.open(table, "rt", encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    systems = [r["da_system"] for r in rows]
    items = np.array([r["sid"] for r in rows])
    human = np.array([float(r["z"]) for r in rows])
    with open(scores, encoding="utf-8") as fh:
        metric = np.array([float(line.split("\t")[1]) for line in fh])
    n = len(rows)
    rng = np.random.default_rng([SEED, 0])
    seg_idx = rng.integers(0, n, size=(n_boot, n))
    _, item_of = np.unique(items, return_inverse=True)
    m = int(item_of.max()) + 1
    item_idx = rng.integers(0, m, size=(n_boot, m))
    # systems, an "A+B" row counting for A and for B
    plain = set(systems)
    members: dict[str, list[int]] = {}
    for i, s in enumerate(systems):
        parts = s.split("+") if "+" in s and all(p in plain for p in s.split("+")) else [s]
        for p in parts:
            members.setdefault(p, []).append(i)
    pos = [np.array(v) for v in members.values()]
    coefficients = {
        "pearson": lambda a, b: stats.pearsonr(a, b).statistic,
        "spearman": lambda a, b: stats.spearmanr(a, b).statistic,
        "kendall": lambda a, b: stats.kendalltau(a, b).statistic,
    }

    def ci(boot: list[float]) -> tuple[float, float]:
        s = np.sort(np.array(boot)[np.isfinite(boot)])
        k = len(s) // 40
        return float(s[k]), float(s[len(s) - k - 1])

    out: dict[str, Any] = {}
    for kind, fn in coefficients.items():
        boot = [fn(metric[i], human[i]) for i in seg_idx]
        out[f"segment/{kind}"] = (fn(metric, human), *ci(boot))
    counts = np.stack([np.bincount(r, minlength=m) for r in item_idx]).astype(float)
    w = [counts[:, item_of[p]] for p in pos]
    m_sys = np.array([metric[p].mean() for p in pos])
    h_sys = np.array([human[p].mean() for p in pos])
    with np.errstate(invalid="ignore", divide="ignore"):
        m_boot = np.column_stack([wi @ metric[p] / wi.sum(axis=1) for wi, p in zip(w, pos, strict=True)])
        h_boot = np.column_stack([wi @ human[p] / wi.sum(axis=1) for wi, p in zip(w, pos, strict=True)])
    for kind, fn in coefficients.items():
        boot = [fn(a, b) if np.all(np.isfinite(a)) else math.nan for a, b in zip(m_boot, h_boot, strict=True)]
        out[f"system/{kind}"] = (fn(m_sys, h_sys), *ci(boot))
    return out


def measured(cmd: list[str]) -> tuple[float, float, str]:
    """CPU seconds (user + system) and peak MB of a fresh process running ``cmd``, and its output."""
    wrapper = (
        "import resource, subprocess, sys\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True)\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "sys.stderr.write(f'{u.ru_utime + u.ru_stime} {u.ru_maxrss}\\n')\n"
        "sys.stdout.write(p.stdout)\n"
    )
    p = subprocess.run([sys.executable, "-c", wrapper, *cmd], capture_output=True, text=True, check=True, cwd=ROOT)
    cpu, rss = p.stderr.strip().splitlines()[-1].split()
    return float(cpu), int(rss) / 1024, p.stdout


def main() -> None:
    """Both sides ``--repeat`` times (the fastest run of each counts), the check, and the ratio."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lp", default="ru-en")
    ap.add_argument("--bootstrap-n", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--reference", nargs=2, metavar=("TABLE", "SCORES"), help=argparse.SUPPRESS)
    ns = ap.parse_args()
    if ns.reference:
        json.dump(reference(Path(ns.reference[0]), Path(ns.reference[1]), ns.bootstrap_n), sys.stdout)
        return
    table = DATA / f"newstest2021.{ns.lp}.da-seg.joined.tsv.gz"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "plugins")]))
    os.environ.update(env)
    with tempfile.TemporaryDirectory() as tmp:
        save = [sys.executable, "-m", "mtmetrics", "meta", "correlate", str(table), "-m", "chrf"]
        subprocess.run([*save, "--bootstrap-n", "0", "--save-scores", tmp], check=True, capture_output=True, cwd=ROOT)
        scores = Path(tmp) / "chrf.seg.score"
        ours_cmd = [sys.executable, "-m", "mtmetrics", "meta", "correlate", str(table), "-m", f"file:{scores}"]
        ours_cmd += ["--bootstrap-n", str(ns.bootstrap_n), "--seed", str(SEED), "-f", "json"]
        ref_cmd = [
            sys.executable,
            __file__,
            "--bootstrap-n",
            str(ns.bootstrap_n),
            "--reference",
            str(table),
            str(scores),
        ]
        ours = [measured(ours_cmd) for _ in range(ns.repeat)]
        refs = [measured(ref_cmd) for _ in range(ns.repeat)]
    got = {
        f"{e['level']}/{e['kind']}": (e["value"], e["lower"], e["upper"])
        for e in json.loads(ours[0][2])["correlations"]
    }
    want = json.loads(refs[0][2])
    worst = max(abs(a - b) for k, v in want.items() for a, b in zip(v, got[k], strict=True))
    cpu_o, cpu_r = min(o[0] for o in ours), min(r[0] for r in refs)
    mem_o, mem_r = min(o[1] for o in ours), min(r[1] for r in refs)
    rows = json.loads(ours[0][2])["rows"]
    print(f"WMT21 {ns.lp} DA, {rows} rows, precomputed chrF, {ns.bootstrap_n} resamples; fastest of {ns.repeat}")
    print(f"mtmetrics meta correlate: {cpu_o:6.2f} s CPU, {mem_o:6.0f} MB peak")
    print(f"numpy + scipy reference:  {cpu_r:6.2f} s CPU, {mem_r:6.0f} MB peak")
    print(f"CPU ratio: {cpu_o / cpu_r:.2f}x; memory ratio: {mem_o / mem_r:.2f}x; largest difference {worst:.1e}")
    if worst > 1e-12:
        raise SystemExit("the reference's numbers differ from the command's")


if __name__ == "__main__":
    main()
