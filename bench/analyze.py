"""``mtmetrics analyze`` next to compare-mt 0.2.10's report on WMT21 de-en (1,000 lines, 4 systems).

    python bench/analyze.py [--systems 4] [--jobs2] [--repeat 3]

Both write their HTML report for the same four systems (the first in sorted order) against
reference A: mtmetrics with BLEU, chrF and TER (aggregate scores with 1,000-resample intervals and
paired tests, every bucket, word accuracy, n-grams, examples) on the raw text; compare-mt with
its defaults (BLEU and length scores, word accuracy, sentence buckets, n-grams, examples;
``--output_directory``: its PDF/PNG plots) on the same text tokenised by sacrebleu's 13a
beforehand (not timed). A second mtmetrics row swaps TER for ROUGE-L (Lin 2004, one of the
metrics of the papers), reported alongside, never instead: TER's compiled search loads numba and,
through numba, scipy's BLAS (about 0.5 s of CPU per process) where ROUGE-L's LCS runs in rapidfuzz,
so the two rows show what the report costs with and without that start-up. Each is one process,
timed by the wall clock and by its CPU time (stable on a loaded machine), side by side in one run,
alternately ``--repeat`` times, the best of each kept (as :mod:`runner`); the issue's target is
mtmetrics at least 5x faster. Both start from compiled bytecode, as after ``pip
install`` (``cli.compile_package``: with ``PYTHONDONTWRITEBYTECODE=1`` every mtmetrics module would be
compiled from source on every start, 0.1 s here). Needs the test extra (compare-mt).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from cli import compile_package  # noqa: E402

from mtmetrics.resources.tokenizers import get_tokenizer  # noqa: E402
from tests.datapaths import WMT21, read_text  # noqa: E402


def _run(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """Wall-clock seconds, CPU seconds (user + system, the process and its waited-for children) and
    peak RSS (MB) of one run of ``cmd``, which must succeed."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            err.seek(0)
            raise SystemExit(f"{cmd[0]} failed ({proc.returncode}): {err.read().decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _best(runs: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The least wall-clock and CPU time of ``runs`` (the least noisy on a shared machine) and the peak RSS."""
    return min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", type=int, default=4)
    ap.add_argument("--jobs2", action="store_true", help="also time mtmetrics with -j 2")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each, alternately; the best is kept")
    ap.add_argument(
        "--scale",
        type=int,
        nargs="+",
        metavar="N",
        help="instead: mtmetrics alone on N segments (WMT21 lines repeated; 2 systems, BLEU): time and peak RSS",
    )
    args = ap.parse_args()
    if args.scale:
        scale(args.scale)
        return
    txt = WMT21 / "txt"
    ref = txt / "references" / "newstest2021.de-en.ref.A.en"
    systems = sorted((txt / "system-outputs").glob("newstest2021.de-en.hyp.*.en.gz"))[: args.systems]
    compare_mt = shutil.which("compare-mt") or str(Path(sys.executable).parent / "compare-mt")
    tok = get_tokenizer("13a")
    compile_package()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        tokenized = []
        for p in [ref, *systems]:
            out = d / (p.name.removesuffix(".gz") + ".tok")
            out.write_text("\n".join(tok(x) for x in read_text(p)) + "\n", encoding="utf-8")
            tokenized.append(str(out))
        env = dict(os.environ, PYTHONPATH=f"{ROOT}:{ROOT / 'plugins'}")

        def ours_cmd(seed: str) -> list[str]:
            return [sys.executable, "-m", "mtmetrics", "analyze", str(ref), "-i", *map(str, systems),
                    "-m", "bleu", "chrf", seed, "-o", str(d / "r.html"), "--json", str(d / "r.json")]  # fmt: skip

        cases = {
            "ours": ours_cmd("ter"),
            "ours_rouge": ours_cmd("rouge-l"),
            "theirs": [compare_mt, *tokenized, "--output_directory", str(d / "cmt")],
        }
        if args.jobs2:
            cases["ours_j2"] = [*ours_cmd("ter"), "-j", "2"]
        runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in cases}
        for _ in range(args.repeat):
            for name, cmd in cases.items():
                runs[name].append(_run(cmd, env))
    ours, rouge, theirs = _best(runs["ours"]), _best(runs["ours_rouge"]), _best(runs["theirs"])
    ours_j2 = _best(runs["ours_j2"]) if args.jobs2 else None
    print(f"WMT21 de-en: 1,000 segments, {len(systems)} systems, reference A; best of {args.repeat} runs each")
    print("(RSS: the largest peak of the tool's runs)")
    print(f"{'tool':<46}{'wall s':>9}{'CPU s':>9}{'RSS MB':>9}")
    rows = [("mtmetrics analyze (bleu chrf ter, 1000 bs)", ours)]
    if ours_j2:
        rows.append(("mtmetrics analyze -j 2", ours_j2))
    rows.append(("mtmetrics analyze (bleu chrf rouge-l, 1000 bs)", rouge))
    rows.append(("compare-mt 0.2.10 (defaults, HTML)", theirs))
    for name, (wall, cpu, rss) in rows:
        print(f"{name:<46}{wall:>9.2f}{cpu:>9.2f}{rss:>9.0f}")
    print(f"compare-mt / mtmetrics: {theirs[0] / ours[0]:.1f}x wall, {theirs[1] / ours[1]:.1f}x CPU")
    print(f"compare-mt / mtmetrics (rouge-l): {theirs[0] / rouge[0]:.1f}x wall, {theirs[1] / rouge[1]:.1f}x CPU")
    if ours_j2:
        print(f"compare-mt / mtmetrics -j 2: {theirs[0] / ours_j2[0]:.1f}x wall")


def scale(sizes: list[int]) -> None:
    """Peak memory of the report on synthetic corpora of ``sizes`` segments (issue #38: bounded at 10^5).

    Repeating real lines adds no words or n-grams, so what grows is what is kept per segment:
    statistics, lengths, keys and word counts (numbers), plus the texts themselves. Each size runs
    in its own process, so its peak RSS is its own (``ru_maxrss`` of the waited-for child)."""
    txt = WMT21 / "txt"
    ref = read_text(txt / "references" / "newstest2021.de-en.ref.A.en")
    hyps = txt / "system-outputs"
    outs = [read_text(hyps / f"newstest2021.de-en.hyp.{s}.en.gz") for s in ("Facebook-AI", "Online-W")]
    env = dict(os.environ, PYTHONPATH=f"{ROOT}:{ROOT / 'plugins'}")
    print(f"{'segments':>10}{'wall s':>9}{'CPU s':>9}{'RSS MB':>9}   (mtmetrics analyze, 2 systems, bleu, 1000 bs)")
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            d = Path(tmp)
            paths = []
            for name, lines in (("ref", ref), ("a", outs[0]), ("b", outs[1])):
                p = d / name
                p.write_text("\n".join(lines[k % len(lines)] for k in range(n)) + "\n", encoding="utf-8")
                paths.append(str(p))
            code = (
                "import resource, sys, time; from mtmetrics.cli import main; t = time.perf_counter(); "
                "main(sys.argv[1:]); r = resource.getrusage(resource.RUSAGE_SELF); "
                "print(time.perf_counter() - t, r.ru_utime + r.ru_stime, r.ru_maxrss / 1024)"
            )
            cmd = [sys.executable, "-c", code, "analyze", paths[0], "-i", *paths[1:], "-m", "bleu",
                   "--json", str(d / "r.json")]  # fmt: skip
            out = subprocess.run(cmd, check=True, capture_output=True, env=env, text=True).stdout.split()
            wall, cpu, rss = map(float, out[-3:])
            print(f"{n:>10}{wall:>9.1f}{cpu:>9.1f}{rss:>9.0f}")


if __name__ == "__main__":
    main()
