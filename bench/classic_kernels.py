"""chrF, BLEU and NIST: sacrebleu vs mtmetrics' Python kernel vs its compiled (numba) kernel, side by side.

    python bench/classic_kernels.py [--lines 100000] [--repeat 3] [--memory]

Lines are real WMT21 text (../shared/data/test/wmt21-news): every system output of the to-English
and out-of-English pairs with two references (cs-en, de-en, ru-en, en-cs, en-ru, en-zh), cycled
until ``--lines`` segments. With 1 reference each line is scored against reference A; with 4,
against references A and B and the outputs of two other systems for the same source line (real
translations of it; WMT21 has no pair with 4 human references). All three score the same strings
in memory with ``corpus_score``; the scores are checked equal first. Times are CPU seconds of this
process, best of ``--repeat``. Targets (ratio to sacrebleu; NIST: to mtmetrics' Python kernel, the
count it used before): chrF <= 0.20, BLEU 13a <= 0.50, BLEU tokenize=none <= 0.35, NIST <= 0.50.

``--memory`` also runs each case once in a fresh process and reports its peak resident set
(``VmHWM``, including the interpreter, numpy and, for the compiled kernel, numba).
``--memory-only numba`` skips the timing and measures only the listed implementations (at 10^6
lines sacrebleu needs over 12 GB, and the Python kernels take minutes per case).
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sacrebleu

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner import cpu_time

import mtmetrics
from mtmetrics.resources import kernels

TXT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "test" / "wmt21-news" / "txt"
PAIRS = ("cs-en", "de-en", "ru-en", "en-cs", "en-ru", "en-zh")

# (label, mtmetrics metric, its options, sacrebleu factory or None, target ratio, target's anchor)
CASES: list[tuple[str, str, dict[str, Any], Callable[[], Any] | None, float, str]] = [
    ("chrF", "chrf", {}, lambda: sacrebleu.CHRF(), 0.20, "sacrebleu"),
    ("chrF++", "chrf", {"word_order": 2}, lambda: sacrebleu.CHRF(word_order=2), 0.20, "sacrebleu"),
    ("BLEU 13a", "bleu", {}, lambda: sacrebleu.BLEU(force=True), 0.50, "sacrebleu"),
    ("BLEU none", "bleu", {"tokenize": "none"}, lambda: sacrebleu.BLEU(force=True, tokenize="none"), 0.35, "sacrebleu"),
    ("NIST", "nist", {}, None, 0.50, "python"),
]


def _read(path: Path) -> list[str]:
    opener: Any = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return fh.read().splitlines()


def corpus(lines: int, nrefs: int) -> tuple[list[str], list[list[str]]]:
    """``lines`` hypotheses and ``nrefs`` reference streams of real WMT21 text (see the module doc)."""
    hyps: list[str] = []
    refs: list[list[str]] = [[] for _ in range(nrefs)]
    while len(hyps) < lines:
        for pair in PAIRS:
            tgt = pair.split("-")[1]
            ref_a = _read(TXT / "references" / f"newstest2021.{pair}.ref.A.{tgt}")
            ref_b = _read(TXT / "references" / f"newstest2021.{pair}.ref.B.{tgt}")
            systems = [_read(p) for p in sorted((TXT / "system-outputs").glob(f"newstest2021.{pair}.hyp.*.{tgt}.gz"))]
            systems = [s for s in systems if len(s) == len(ref_a)]
            for k, hyp in enumerate(systems):
                others = [systems[(k + 1) % len(systems)], systems[(k + 2) % len(systems)]]
                streams = [ref_a, ref_b, *others][:nrefs]
                take = min(len(hyp), lines - len(hyps))
                hyps.extend(hyp[:take])
                for stream, source in zip(refs, streams, strict=True):
                    stream.extend(source[:take])
                if len(hyps) >= lines:
                    return hyps, refs
    return hyps, refs


def run(case: int, impl: str, hyps: list[str], refs: list[list[str]]) -> float:
    """One score of CASES[case] by ``impl`` (sacrebleu, python, numba)."""
    _, name, options, make, _, _ = CASES[case]
    if impl == "sacrebleu":
        assert make is not None
        return float(make().corpus_score(hyps, refs).score)
    with kernels.forced(impl):
        return float(mtmetrics.load_metric(name, **options).corpus_score(hyps, refs).score)


def timed(case: int, impl: str, hyps: list[str], refs: list[list[str]], repeat: int) -> tuple[float, float]:
    """(score, best CPU seconds) of ``repeat`` runs."""
    with kernels.forced(impl) if impl != "sacrebleu" else _nothing():
        if impl == "numba":
            run(case, impl, hyps[:10], [r[:10] for r in refs])  # compile or load from cache first
        score = run(case, impl, hyps, refs)
        return score, min(cpu_time(lambda: run(case, impl, hyps, refs)) for _ in range(repeat))


class _nothing:  # a do-nothing context manager
    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: object) -> None:
        return None


def peak_memory(case: int, impl: str, lines: int, nrefs: int) -> float:
    """Peak resident MB of a fresh process that reads the corpus and scores it once."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps([case, impl, lines, nrefs])],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip().splitlines()[-1])


def child(spec: str) -> None:
    case, impl, lines, nrefs = json.loads(spec)
    hyps, refs = corpus(lines, nrefs)
    run(case, impl, hyps, refs)
    with open("/proc/self/status", encoding="ascii") as fh:  # VmHWM: this process's peak, reset by exec
        print(next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:")) / 1024)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--refs", default="1,4", help="reference counts to run, e.g. 1,4")
    parser.add_argument("--memory", action="store_true", help="also measure peak memory (fresh processes)")
    parser.add_argument("--memory-only", help="only peak memory, of these implementations (e.g. numba,python)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    if args.memory_only:
        print(f"{args.lines} lines of WMT21, peak resident MB of a fresh process")
        for nrefs in (int(x) for x in args.refs.split(",")):
            for case, (label, *_) in enumerate(CASES):
                mem = {impl: peak_memory(case, impl, args.lines, nrefs) for impl in args.memory_only.split(",")}
                print(f"{label:<11} {nrefs:>4}  " + "  ".join(f"{k} {v:.0f}" for k, v in mem.items()), flush=True)
        return
    print(f"{args.lines} lines of WMT21, CPU seconds, best of {args.repeat}")
    head = f"{'case':<11} {'refs':>4} {'sacrebleu':>10} {'python':>9} {'numba':>9} {'ratio':>7} {'target':>7}  met"
    if args.memory:
        head += "  peak MB sacrebleu/python/numba"
    print(head)
    for nrefs in (int(x) for x in args.refs.split(",")):
        hyps, refs = corpus(args.lines, nrefs)
        for case, (label, _, _, make, target, anchor) in enumerate(CASES):
            impls = ["python", "numba"] if make is None else ["sacrebleu", "python", "numba"]
            res = {impl: timed(case, impl, hyps, refs, args.repeat) for impl in impls}
            scores = {r[0] for r in res.values()}
            assert len(scores) == 1, f"{label}: scores differ {res}"
            t = {impl: r[1] for impl, r in res.items()}
            ratio = t["numba"] / t[anchor]
            sb = f"{t['sacrebleu']:>9.2f}s" if "sacrebleu" in t else f"{'-':>10}"
            line = (
                f"{label:<11} {nrefs:>4} {sb} {t['python']:>8.2f}s {t['numba']:>8.2f}s {ratio:>7.3f} "
                f"{target:>7.2f}  {'yes' if ratio <= target else 'NO'} (vs {anchor})"
            )
            if args.memory:
                peaks = [f"{peak_memory(case, impl, args.lines, nrefs):.0f}" for impl in impls]
                line += "  " + "/".join(peaks)
            print(line, flush=True)


if __name__ == "__main__":
    main()
