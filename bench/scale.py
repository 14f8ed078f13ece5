"""Scale: flat memory when streaming, -j 2 against -j 1, the Dask path, ORANGE on long n-best lists.

    python bench/scale.py [--memory] [--jobs] [--dask] [--orange]   (all four without flags)

* memory: peak RSS of ``mtmetrics REF -i HYP -m bleu`` at 10^4, 10^5 and 10^6 segments (WMT17
  dev outputs, cycled beyond their 124,868 distinct lines), measured by the kernel for the child
  process; flat means roughly constant.
* jobs: wall time of ``-j 1`` and ``-j 2`` for the slower metrics (SIA, hLEPOR, ROUGE-W, TER) on 10^5
  distinct segments (best and median of ``--repeat`` alternating runs); target speed-up >= 1.7 on
  this 2-core machine. The best run is the one least disturbed by other load (load only ever adds
  time); the median shows how much a shared machine moves it.
* dask: the same scoring through ``mtmetrics.dask.score_bag`` on a two-process LocalCluster;
  target within 1.5x of ``-j 2``.
* orange: ORANGE (BLEUS4) on 1,000 sentences with n-best lists of 64 to 1,024 candidates, with
  ``-j 2`` (and ``-j 1`` at 256 candidates, for the speed-up).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "dev" / "wmt17-da"


@functools.cache
def _pairs() -> list[tuple[str, str]]:
    """Every distinct system output of WMT17 dev (cs, de, ru, tr, zh to English) with its reference.

    124,868 pairs. Distinct hypotheses matter: sacrebleu's tokenizers memoise the last 2^16 lines,
    so a corpus that repeats its lines lets one process reuse work that ``-j`` workers, each seeing
    part of the input, must redo; such a corpus measures the memo, not the parallel scoring.
    """
    seen: set[str] = set()
    pairs: list[tuple[str, str]] = []
    for pair in ("cs-en", "de-en", "ru-en", "tr-en", "zh-en"):
        ref = (DATA / f"newstest2017-{pair[:2]}en-ref.en").read_text(encoding="utf-8").splitlines()
        for path in sorted((DATA / pair).glob("*.gz")):
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                for hyp, r in zip(fh.read().splitlines(), ref, strict=True):
                    if hyp not in seen:
                        seen.add(hyp)
                        pairs.append((hyp, r))
    return pairs


def corpus(n: int, folder: Path) -> tuple[Path, Path]:
    """``n`` segments as two files: the distinct WMT17 dev pairs, cycled when ``n`` exceeds them."""
    pairs = _pairs()
    hyp_path, ref_path = folder / f"hyp.{n}", folder / f"ref.{n}"
    with open(hyp_path, "w", encoding="utf-8") as h, open(ref_path, "w", encoding="utf-8") as r:
        for i in range(n):
            hyp, ref = pairs[i % len(pairs)]
            h.write(hyp + "\n")
            r.write(ref + "\n")
    return hyp_path, ref_path


def run(args: list[str]) -> tuple[float, int]:
    """Wall seconds and the child's peak RSS in MB (ru_maxrss of the waited child, Linux: KB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mtmetrics", *args], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(after, before) // 1024


def memory(folder: Path) -> None:
    print("streaming memory, bleu (peak RSS of the mtmetrics process):")
    for n in (10_000, 100_000, 1_000_000):
        hyp, ref = corpus(n, folder)
        # a fresh interpreter per size, so ru_maxrss is this run's own peak
        code = (
            "import resource,subprocess,sys;"
            f"subprocess.run([sys.executable,'-m','mtmetrics','{ref}','-i','{hyp}','-m','bleu','-b'],check=True,"
            "stdout=subprocess.DEVNULL);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss//1024)"
        )
        start = time.perf_counter()
        peak = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.strip()
        print(f"  {n:>9,} segments: {time.perf_counter() - start:7.1f} s, peak {peak} MB")
        hyp.unlink()
        ref.unlink()


def jobs(folder: Path, repeat: int, sizes: list[int]) -> None:
    """End to end (the command, with interpreter start and imports) and in-process (the API).

    Each time is the best and the median of ``repeat`` runs; ``-j 1`` and ``-j 2`` runs alternate,
    so a change in the machine's load hits both.
    """
    import mtmetrics

    for n in sizes:
        hyp, ref = corpus(n, folder)
        hyps = hyp.read_text(encoding="utf-8").splitlines()
        refs = ref.read_text(encoding="utf-8").splitlines()
        print(f"-j 2 against -j 1 on {n:,} segments, best | median of {repeat} (target speed-up >= 1.7 at 100,000):")
        for name in ("sia", "hlepor", "rouge-w", "ter"):
            times: dict[str, list[float]] = {"1": [], "2": []}
            for _ in range(repeat):
                for j in ("1", "2"):
                    times[j].append(run([str(ref), "-i", str(hyp), "-m", name, "-b", "-j", j])[0])
            metric = mtmetrics.load_metric(name)
            metric.corpus_score(hyps[:100], [refs[:100]])  # warm: tables loaded, code compiled
            api: dict[str, list[float]] = {"1": [], "2": []}
            for _ in range(repeat):
                for k in ("1", "2"):
                    t0 = time.perf_counter()
                    metric.corpus_score(hyps, [refs], jobs=int(k))
                    api[k].append(time.perf_counter() - t0)
            print(f"  {name:8} command: {_speedup(times, min)} | {_speedup(times, statistics.median)}")
            print(f"  {'':8} API:     {_speedup(api, min)} | {_speedup(api, statistics.median)}")


def _speedup(times: dict[str, list[float]], pick: Callable[[list[float]], float]) -> str:
    one, two = pick(times["1"]), pick(times["2"])
    return f"-j 1 {one:6.2f} s  -j 2 {two:6.2f} s  x{one / two:4.2f}"


def dask_path(folder: Path) -> None:
    import dask.bag as db
    from distributed import Client, LocalCluster

    import mtmetrics
    from mtmetrics.dask import score_bag

    hyp, ref = corpus(100_000, folder)
    hyps = hyp.read_text(encoding="utf-8").splitlines()
    refs = ref.read_text(encoding="utf-8").splitlines()
    print("Dask LocalCluster (2 processes) against -j 2 on 100,000 segments (target ratio <= 1.5):")
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster),
    ):
        for name in ("sia", "hlepor", "rouge-w", "ter"):
            metric = mtmetrics.load_metric(name)
            bag = db.from_sequence([{"hyp": h, "refs": [r]} for h, r in zip(hyps, refs, strict=True)], npartitions=50)
            start = time.perf_counter()
            result, _ = score_bag(metric, bag)
            t_dask = time.perf_counter() - start
            t_j2, _ = run([str(ref), "-i", str(hyp), "-m", name, "-b", "-j", "2"])
            ratio = t_dask / t_j2
            print(f"  {name:8} dask {t_dask:6.1f} s  -j 2 {t_j2:6.1f} s  ratio {ratio:4.2f}  score {result.score:.6f}")


def orange(folder: Path) -> None:
    ref = (DATA / "newstest2017-deen-ref.en").read_text(encoding="utf-8").splitlines()[:1000]
    rng = random.Random(1)
    refs = []
    for k in range(2):
        path = folder / f"orange.ref{k}"
        path.write_text("".join((r if k == 0 else " ".join(reversed(r.split()))) + "\n" for r in ref), "utf-8")
        refs.append(str(path))
    print("ORANGE (BLEUS4) on 1,000 sentences, 2 references:")
    for size in (64, 128, 256, 512, 1024):
        nbest = folder / f"nbest.{size}"
        with open(nbest, "w", encoding="utf-8") as fh:
            for i, sentence in enumerate(ref):
                words = sentence.split()
                for _ in range(size):
                    cand = [w for w in words if rng.random() > 0.2]
                    fh.write(f"{i} ||| {' '.join(cand)} ||| f=0 ||| 0\n")
        line = f"  {size:5} candidates:"
        for jobs in ("2", "1") if size == 256 else ("2",):  # one -j 1 run shows the speed-up
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "mtmetrics", "meta", "orange", str(nbest), *refs, "-m", "bleus", "-j", jobs],
                check=True,
                stdout=subprocess.DEVNULL,
            )
            line += f"  -j {jobs} {time.perf_counter() - start:7.1f} s"
        print(line)
        nbest.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for flag in ("memory", "jobs", "dask", "orange"):
        parser.add_argument(f"--{flag}", action="store_true")
    parser.add_argument("--repeat", type=int, default=3, help="runs per -j timing (best and median shown)")
    parser.add_argument("--segments", type=int, nargs="+", default=[100_000, 400_000], help="input sizes for --jobs")
    args = parser.parse_args()
    everything = not (args.memory or args.jobs or args.dask or args.orange)
    os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if everything or args.memory:
            memory(folder)
        if everything or args.jobs:
            jobs(folder, args.repeat, args.segments)
        if everything or args.dask:
            dask_path(folder)
        if everything or args.orange:
            orange(folder)


if __name__ == "__main__":
    main()
