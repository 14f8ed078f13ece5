"""Whole-process times of the ``mtmetrics`` command against sacrebleu's command, on the same files.

    python bench/cli.py [--repeat 7]

Each case starts a fresh interpreter for both tools, alternately, best of ``--repeat`` runs
(:mod:`runner`): what a person waits for at the shell, imports included. Wall-clock time is
printed, and then the CPU time of the same runs (user + system time of the child process, which
counts the threads a library starts: numpy's BLAS pool). Cases: BLEU on the 1,000 lines of WMT21
de-en (Facebook-AI against reference A; the numbers are first checked to be equal; target: at
most 1.15x sacrebleu's time), ``--help`` (target: at most 0.25 s, sacrebleu's ``--help`` printed
for scale) and ``mtmetrics list`` (which reads every metric's declarations; sacrebleu's
``--help`` again for scale). See where the time goes with ``python -X importtime -m mtmetrics
--help``. Not a test: run it on demand.

Both tools start from compiled bytecode, as after ``pip install``: pip compiles sacrebleu's modules
when it installs them, but an editable checkout run with ``PYTHONDONTWRITEBYTECODE=1`` (set on some
machines) would compile every mtmetrics module from source on every start (about 0.05 s), so the
bench compiles them first (:func:`compile_package`).
"""

from __future__ import annotations

import argparse
import compileall
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner import Timing, compare, report

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.datapaths import WMT21  # noqa: E402

TXT = WMT21 / "txt"
BLEU_TARGET = 1.15
HELP_TARGET = 0.25


def command(*args: str) -> list[str]:
    """The console script of the same environment (as a person runs it), else ``python -m``."""
    name, rest = args[0], list(args[1:])
    script = Path(sys.executable).with_name(name)
    return [str(script), *rest] if script.exists() else [sys.executable, "-m", name, *rest]


def compile_package() -> None:
    """Write the bytecode of mtmetrics and its bundled plugins, as ``pip install`` does."""
    for folder in ("mtmetrics", "plugins"):
        if not compileall.compile_dir(ROOT / folder, quiet=1):
            raise SystemExit(f"could not compile {ROOT / folder}")


def output(cmd: list[str]) -> str:
    """Standard output of ``cmd``, which must succeed."""
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def cpu_seconds(cmd: list[str]) -> float:
    """User + system CPU time of one run of ``cmd`` (every thread of the child), which must succeed."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed with status {proc.returncode}")
    return usage.ru_utime + usage.ru_stime


def compare_cpu(label: str, ours: list[str], anchor: list[str], repeat: int) -> Timing:
    """Both commands alternately, ``repeat`` times each; the least CPU time of each."""
    t_ours, t_anchor = [], []
    for _ in range(repeat):
        t_anchor.append(cpu_seconds(anchor))
        t_ours.append(cpu_seconds(ours))
    return Timing(label, min(t_ours), min(t_anchor), "sacrebleu")


def main() -> int:
    """Time the cases and print the table; exit status 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each command (best kept)")
    args = parser.parse_args()
    compile_package()
    with tempfile.TemporaryDirectory() as tmp:
        hyp = Path(tmp) / "hyp.en"
        system = TXT / "system-outputs" / "newstest2021.de-en.hyp.Facebook-AI.en.gz"
        with gzip.open(system, "rb") as src, open(hyp, "wb") as dst:
            shutil.copyfileobj(src, dst)
        ref = str(TXT / "references" / "newstest2021.de-en.ref.A.en")
        ours = command("mtmetrics", ref, "-i", str(hyp), "-b", "-w", "6")
        anchor = command("sacrebleu", ref, "-i", str(hyp), "-b", "-w", "6")
        if output(ours) != output(anchor):
            raise SystemExit(f"BLEU differs: mtmetrics {output(ours)!r}, sacrebleu {output(anchor)!r}")
        cases = [
            ("BLEU, WMT21 de-en, 1,000 lines", ours, anchor),
            ("--help", command("mtmetrics", "--help"), command("sacrebleu", "--help")),
            ("list (anchor: sacrebleu --help)", command("mtmetrics", "list"), command("sacrebleu", "--help")),
        ]
        runs = [
            compare(label, lambda a=a: output(a), lambda b=b: output(b), "sacrebleu", args.repeat)  # type: ignore[misc]
            for label, a, b in cases
        ]
        cpu = [compare_cpu(label, a, b, args.repeat) for label, a, b in cases]
    print("wall-clock time")
    print(report(runs[:1], BLEU_TARGET))
    print(report(runs[1:]))
    print("CPU time (user + system, all threads)")
    print(report(cpu))
    help_time: Timing = runs[1]
    verdict = "within" if help_time.ours <= HELP_TARGET else "above"
    print(f"mtmetrics --help: {help_time.ours:.3f} s, {verdict} the {HELP_TARGET:.2f} s target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
