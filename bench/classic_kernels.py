"""chrF, BLEU and NIST: sacrebleu vs mtmetrics' Python kernel vs its array (numpy) kernel, side by side.

    python bench/classic_kernels.py [--lines 100000] [--repeat 3] [--memory] [--stream] [--cases 'BLEU 13a,NIST']

Lines are real WMT21 text (../shared/data/test/wmt21-news): every system output of the to-English
and out-of-English pairs with two references (cs-en, de-en, ru-en, en-cs, en-ru, en-zh), cycled
until ``--lines`` segments. With 1 reference each line is scored against reference A; with 4,
against references A and B and the outputs of two other systems for the same source line (real
translations of it; WMT21 has no pair with 4 human references). All three score the same strings
in memory with ``corpus_score``; the scores are checked equal first. Times are CPU seconds, best of
``--repeat``, each implementation of each case in a fresh process (until 2026-11-26 all ran in one
process, one after another: what sacrebleu's runs left in the heap, millions of freed ``Counter``
objects, slowed the implementation measured after them by up to 30 %, so BLEU ``none`` read 0.35-0.39
after BLEU 13a had run and 0.30 alone). Targets (ratio to sacrebleu; NIST: to mtmetrics' Python kernel, the
count it used before): chrF <= 0.20, BLEU 13a <= 0.50, BLEU tokenize=none <= 0.35, NIST <= 0.50.

``--memory`` also runs each case once in a fresh process and reports its peak resident set
(``VmHWM``, including the interpreter and numpy). ``--memory-only numpy`` skips the timing and
measures only the listed implementations (at 10^6 lines sacrebleu needs over 12 GB, and the Python
kernels take minutes per case). ``--stream`` skips the timing and reports the peak resident set of
the ``mtmetrics`` command scoring the lines from files (``-b``, the corpus score; the engine streams
them in chunks), with each kernel of ``--impls``: what a user's run costs (``--lines 1000000``).

Measured 2026-11-26 (2-core machine shared with other jobs, load 4-9; 1 reference), the numpy
count against the numba kernel it replaced (commit 930e6f7), side by side in one process at 10^5
lines (CPU seconds as a ratio to sacrebleu's, best of 2-3; numbers equal first):

    case          numba    numpy   target
    chrF          0.081    0.131   0.20
    BLEU 13a      0.322    0.495   0.50   (0.344 / 0.509 in an earlier run: at the target)
    BLEU none     0.154    0.295   0.35
    NIST          0.25     0.29    0.50   (to its Python count, 2x10^4 lines)

Peak resident MB of the ``mtmetrics`` command (``-b``), same WMT21 lines from files:

    lines   BLEU numba  BLEU numpy  chrF numba  chrF numpy   (target: BLEU 174, chrF 192)
    10^3       179          54         170          66
    10^5       249         136         187         119
    10^6       265         150         190         115

Measured 2026-11-26 21:00-21:40 (load 3-5), before (a26fb5d) and after symbols ranked within
their segment (one key column), one split of a batch's words and ``build_segments`` at C speed:
ratio to sacrebleu, best of 3, each cell one run; three runs of each at 1 reference:

    case        refs   before                 after                  target
    BLEU 13a      1    0.532  0.505  0.553    0.469  0.492  0.474    0.50
    BLEU none     1    0.476  0.423  0.455    0.326  0.333  0.366    0.35
    BLEU 13a      4    0.357                  0.286                  0.50
    BLEU none     4    0.311                  0.226                  0.35

chrF, chrF++ and NIST (numpy only, CPU s, 1 / 4 references): before 4.84 / 9.93, 5.89 / 14.46,
3.88 / 19.98; after 3.50 / 9.10, 4.73 / 12.51, 3.65 / 17.62. The command at 10^6 lines
(``/usr/bin/time``, the same files): peak 153 -> 151 MB (BLEU 13a), 74 -> 72 MB (``none``).
``--stream`` forks the command from a small interpreter: forked from the bench itself, the
command's ``ru_maxrss`` started at the bench's own 10^6 lines (663 MB for every case).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
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


KERNEL = {"python": "python", "numpy": "auto"}  # MTMETRICS_KERNEL of each mtmetrics implementation


def run(case: int, impl: str, hyps: list[str], refs: list[list[str]]) -> float:
    """One score of CASES[case] by ``impl`` (sacrebleu, python, numpy)."""
    _, name, options, make, _, _ = CASES[case]
    if impl == "sacrebleu":
        assert make is not None
        return float(make().corpus_score(hyps, refs).score)
    with kernels.forced(KERNEL[impl]):
        return float(mtmetrics.load_metric(name, **options).corpus_score(hyps, refs).score)


def timed(case: int, impl: str, hyps: list[str], refs: list[list[str]], repeat: int) -> tuple[float, float]:
    """(score, best CPU seconds) of ``repeat`` runs."""
    with kernels.forced(KERNEL[impl]) if impl != "sacrebleu" else _nothing():
        run(case, impl, hyps[:10], [r[:10] for r in refs])  # load the metric's resources first
        score = run(case, impl, hyps, refs)
        return score, min(cpu_time(lambda: run(case, impl, hyps, refs)) for _ in range(repeat))


class _nothing:  # a do-nothing context manager
    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: object) -> None:
        return None


def in_child(case: int, impl: str, lines: int, nrefs: int, repeat: int = 0) -> list[float]:
    """What :func:`child` prints for a fresh process that reads the corpus and scores it: its peak
    resident MB (``repeat`` 0), or :func:`timed`'s ``[score, best CPU seconds]``."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps([case, impl, lines, nrefs, repeat])],
        capture_output=True,
        text=True,
        check=True,
    )
    return [float(x) for x in done.stdout.split()]


def child(spec: str) -> None:
    case, impl, lines, nrefs, repeat = json.loads(spec)
    hyps, refs = corpus(lines, nrefs)
    if repeat:
        print(*timed(case, impl, hyps, refs, repeat))
        return
    run(case, impl, hyps, refs)
    with open("/proc/self/status", encoding="ascii") as fh:  # VmHWM: this process's peak, reset by exec
        print(next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:")) / 1024)


def stream_memory(case: int, impl: str, folder: Path) -> tuple[float, float, str]:
    """(peak resident MB, CPU seconds, output) of the ``mtmetrics`` command scoring the files in
    ``folder`` (``hyp``, ``ref.0`` ...) with CASES[case] and the kernel of ``impl``."""
    _, name, options, _, _, _ = CASES[case]
    spec = name + "".join(f"{':' if k == 0 else ','}{key}={value}" for k, (key, value) in enumerate(options.items()))
    refs = sorted(str(p) for p in folder.glob("ref.*"))
    env = {**os.environ, kernels.ENV: KERNEL[impl]}
    cmd = [sys.executable, "-m", "mtmetrics", *refs, "-i", str(folder / "hyp"), "-m", spec, "-b"]
    # Linux's ru_maxrss of a process forked from this one starts at this process's peak (the
    # corpus held in memory), so the command is forked from a small interpreter that reports it.
    done = subprocess.run([sys.executable, "-c", MEASURE, *cmd], env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.strip()}")
    out, usage = done.stdout.rstrip("\n").rsplit("\n", 1)
    mb, cpu = map(float, usage.split())
    return mb, cpu, out.strip()


#: runs argv[1:], passes its output on and prints its peak resident MB and CPU seconds last
MEASURE = """import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, text=True)
out = child.stdout.read()
_, status, usage = os.wait4(child.pid, 0)
code = os.waitstatus_to_exitcode(status)
if code:
    sys.exit(f"exit code {code}")
print(out.rstrip("\\n"))
print(usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)
"""


def stream(lines: int, refs_counts: list[int], impls: list[str], cases: list[str] | None) -> None:
    print(f"{lines} lines of WMT21 from files, the mtmetrics command (-b): peak resident MB, CPU seconds")
    for nrefs in refs_counts:
        hyps, refs = corpus(lines, nrefs)
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            (folder / "hyp").write_text("\n".join(hyps) + "\n", encoding="utf-8")
            for k, stream_k in enumerate(refs):
                (folder / f"ref.{k}").write_text("\n".join(stream_k) + "\n", encoding="utf-8")
            del hyps, refs
            for case, (label, *_) in enumerate(CASES):
                if cases and label not in cases:
                    continue
                res = {impl: stream_memory(case, impl, folder) for impl in impls}
                assert len({r[2] for r in res.values()}) == 1, f"{label}: scores differ {res}"
                cells = "  ".join(f"{impl} {mb:.0f} MB {cpu:.1f} s" for impl, (mb, cpu, _) in res.items())
                print(f"{label:<11} {nrefs:>4}  {cells}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--refs", default="1,4", help="reference counts to run, e.g. 1,4")
    parser.add_argument("--memory", action="store_true", help="also measure peak memory (fresh processes)")
    parser.add_argument("--memory-only", help="only peak memory, of these implementations (e.g. numpy,python)")
    parser.add_argument("--stream", action="store_true", help="only the mtmetrics command's peak memory (files)")
    parser.add_argument("--impls", help="implementations to run, e.g. sacrebleu,numpy (--stream: python,numpy)")
    parser.add_argument("--cases", help="labels of the cases to run, e.g. 'BLEU 13a,BLEU none' (default: all)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    if args.stream:
        cases = args.cases.split(",") if args.cases else None
        stream(args.lines, [int(x) for x in args.refs.split(",")], (args.impls or "python,numpy").split(","), cases)
        return
    if args.memory_only:
        print(f"{args.lines} lines of WMT21, peak resident MB of a fresh process")
        for nrefs in (int(x) for x in args.refs.split(",")):
            for case, (label, *_) in enumerate(CASES):
                mem = {impl: in_child(case, impl, args.lines, nrefs)[0] for impl in args.memory_only.split(",")}
                print(f"{label:<11} {nrefs:>4}  " + "  ".join(f"{k} {v:.0f}" for k, v in mem.items()), flush=True)
        return
    print(f"{args.lines} lines of WMT21, CPU seconds, best of {args.repeat}")
    head = f"{'case':<11} {'refs':>4} {'sacrebleu':>10} {'python':>9} {'numpy':>9} {'ratio':>7} {'target':>7}  met"
    if args.memory:
        head += "  peak MB sacrebleu/python/numpy"
    print(head)
    for nrefs in (int(x) for x in args.refs.split(",")):
        for case, (label, _, _, make, target, anchor) in enumerate(CASES):
            if args.cases and label not in args.cases.split(","):
                continue
            impls = ["python", "numpy"] if make is None else ["sacrebleu", "python", "numpy"]
            impls = [impl for impl in impls if impl in (args.impls or "sacrebleu,python,numpy").split(",")]
            # each implementation in a fresh process: what one leaves in the heap (sacrebleu's
            # millions of freed Counters) slowed the next one measured in the same process by up to 30 %
            res = {impl: in_child(case, impl, args.lines, nrefs, args.repeat) for impl in impls}
            scores = {r[0] for r in res.values()}
            assert len(scores) == 1, f"{label}: scores differ {res}"
            t = {impl: r[1] for impl, r in res.items()}
            ratio = t["numpy"] / t[anchor] if anchor in t and "numpy" in t else float("nan")
            cells = "".join(
                f"{t[impl]:>9.2f}s" if impl in t else f"{'-':>10}" for impl in ("sacrebleu", "python", "numpy")
            )
            line = (
                f"{label:<11} {nrefs:>4}{cells} {ratio:>7.3f} "
                f"{target:>7.2f}  {'-' if ratio != ratio else 'yes' if ratio <= target else 'NO'} (vs {anchor})"
            )
            if args.memory:
                peaks = [f"{in_child(case, impl, args.lines, nrefs)[0]:.0f}" for impl in impls]
                line += "  " + "/".join(peaks)
            print(line, flush=True)


if __name__ == "__main__":
    main()
