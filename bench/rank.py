"""``mtmetrics rank`` on 20 systems x ~2,000 segments x 3 metrics (190 pairs, 1,000 resamples) beside
sacrebleu's ``--paired-bs`` looped over every baseline (what a user does without ``rank``).

    python bench/rank.py [--systems 20] [--baselines 20] [--jobs 2]

WMT21 zh-en newstest2021 (1,948 segments, reference A), the first ``--systems`` system outputs in
name order, BLEU, chrF and TER. Both sides are timed end to end as command lines (reading, scoring,
testing, writing). sacrebleu is run once per baseline, each run testing the other 19 systems against
it; with ``--baselines K < systems`` only K runs are timed and the total is extrapolated linearly
(marked as such in the row). Target: ``rank`` within 30 s on 2 cores. CPU seconds (user + system of
each command and its workers) are printed beside wall-clock seconds: on a shared machine they are the
figure that does not depend on the other load.
"""

from __future__ import annotations

import argparse
import gzip
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "test" / "wmt21-news" / "txt"


def _write_inputs(tmp: Path, n_systems: int) -> tuple[str, list[str]]:
    outs = sorted((DATA / "system-outputs").glob("newstest2021.zh-en.hyp.*.en.gz"))[:n_systems]
    if len(outs) < n_systems:
        raise SystemExit(f"only {len(outs)} zh-en systems in {DATA}")
    paths = []
    for path in outs:
        name = path.name.removeprefix("newstest2021.zh-en.hyp.").removesuffix(".en.gz")
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            (tmp / name).write_text(fh.read(), encoding="utf-8")
        paths.append(str(tmp / name))
    ref = tmp / "ref.en"
    ref.write_text((DATA / "references" / "newstest2021.zh-en.ref.A.en").read_text(encoding="utf-8"), encoding="utf-8")
    return str(ref), paths


def _timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system, the command and its worker processes) of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--systems", type=int, default=20)
    parser.add_argument("--baselines", type=int, default=None, help="sacrebleu runs to time (default: all)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "plugins")])}
    with tempfile.TemporaryDirectory() as tmp_dir:
        ref, systems = _write_inputs(Path(tmp_dir), args.systems)
        metrics = ["bleu", "chrf", "ter"]
        ours = _timed(
            [sys.executable, "-m", "mtmetrics", "rank", ref, "-i", *systems, "-m", *metrics, "-j", str(args.jobs)],
            env,
        )
        pairs = len(systems) * (len(systems) - 1) // 2
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"rank: {len(systems)} systems, {pairs} pairs, 3 metrics, 1000 resamples, -j {args.jobs}")
        print(f"  machine: {os.cpu_count()} cores, load average {load} (1, 5, 15 min) before the runs")
        print(f"  mtmetrics rank            {ours[0]:8.1f} s wall {ours[1]:8.1f} s CPU", flush=True)
        k = args.baselines or len(systems)
        wall = cpu = 0.0
        for base in systems[:k]:
            others = [s for s in systems if s != base]
            cmd = [sys.executable, "-m", "sacrebleu", ref, "-i", base, *others, "-m", *metrics, "--paired-bs"]
            w, c = _timed(cmd, env)
            wall, cpu = wall + w, cpu + c
        wall, cpu = wall * len(systems) / k, cpu * len(systems) / k
        note = "" if k == len(systems) else f" (extrapolated from {k} of {len(systems)} baselines)"
        print(f"  sacrebleu -pbs x baseline {wall:8.1f} s wall {cpu:8.1f} s CPU{note}")
        print(f"  ratio                     {wall / ours[0]:8.1f}x wall {cpu / ours[1]:8.1f}x CPU")
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"  machine: load average {load} after the runs")


if __name__ == "__main__":
    main()
