"""Speed of ``mtmetrics meta report`` on the WMT17 dev table with every default metric.

Runs the report with ``-j 1`` and ``-j 2`` (the issue's target: "minutes on this 2-core machine,
using both cores") and prints the wall-clock times, the speed-up and the slowest metric. There is
no anchor package for a whole meta-evaluation report; the ratio compared is -j 2 against -j 1.

    python bench/meta_report.py [--bootstrap-n 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT.parent / "shared" / "data" / "dev" / "wmt17-da" / "derived" / "newstest2017.da-seg.joined.tsv.gz"


def run(jobs: int, n_boot: int, out: Path) -> tuple[float, dict]:
    """Wall-clock seconds of one report run (including interpreter start) and its JSON."""
    env = dict(os.environ)
    env.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))
    js = out / f"j{jobs}.json"
    cmd = [sys.executable, "-m", "mtmetrics", "meta", "report", str(TABLE), "-j", str(jobs)]
    cmd += ["--bootstrap-n", str(n_boot), "-o", str(out / f"j{jobs}.md"), "--json", str(js)]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, cwd=ROOT)
    return time.perf_counter() - t0, json.loads(js.read_text(encoding="utf-8"))


def main() -> None:
    """Run both settings and print a small table."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--bootstrap-n", type=int, default=1000)
    ns = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t1, d1 = run(1, ns.bootstrap_n, Path(tmp))
        t2, d2 = run(2, ns.bootstrap_n, Path(tmp))
    cpu = d2["scoring_cpu_seconds"]
    top = max(cpu, key=lambda k: cpu[k])
    print(f"metrics: {len(cpu)}; rows: {d2['tables'][0]['rows']}; bootstrap {ns.bootstrap_n}")
    for jobs, t, d in ((1, t1, d1), (2, t2, d2)):
        tm = d["timing"]
        print(f"-j {jobs}: {t:7.1f} s   (scoring {tm['scoring']:.1f} s, correlations {tm['correlation']:.1f} s)")
    print(f"speed-up -j 2 / -j 1: {t1 / t2:.2f}x")
    print(f"slowest metric: {top} ({cpu[top]:.1f} of {sum(cpu.values()):.1f} scoring CPU seconds)")


if __name__ == "__main__":
    main()
