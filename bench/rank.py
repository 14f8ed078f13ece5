"""``mtmetrics rank`` on 20 systems x ~2,000 segments x 3 metrics (190 pairs, 1,000 resamples) beside
sacrebleu's ``--paired-bs`` looped over every baseline (what a user does without ``rank``).

    python bench/rank.py [--systems 20] [--baselines 20] [--jobs 2]

WMT21 zh-en newstest2021 (1,948 segments, reference A), the first ``--systems`` system outputs in
name order, BLEU, chrF and TER. Both sides are timed end to end as command lines (reading, scoring,
testing, writing). sacrebleu is run once per baseline, each run testing the other 19 systems against
it; with ``--baselines K < systems`` only K runs are timed and the total is extrapolated linearly
(marked as such in the row). Target: ``rank`` within 30 s on 2 cores.
"""

from __future__ import annotations

import argparse
import gzip
import os
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


def _timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


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
        print(f"rank: {len(systems)} systems, {pairs} pairs, 3 metrics, 1000 resamples, -j {args.jobs}")
        print(f"  mtmetrics rank            {ours:8.1f} s", flush=True)
        k = args.baselines or len(systems)
        theirs = 0.0
        for base in systems[:k]:
            others = [s for s in systems if s != base]
            cmd = [sys.executable, "-m", "sacrebleu", ref, "-i", base, *others, "-m", *metrics, "--paired-bs"]
            theirs += _timed(cmd, env)
        total = theirs * len(systems) / k
        note = "" if k == len(systems) else f" (extrapolated from {k} of {len(systems)} baselines)"
        print(f"  sacrebleu -pbs x baseline {total:8.1f} s{note}")
        print(f"  ratio                     {total / ours:8.1f}x")


if __name__ == "__main__":
    main()
