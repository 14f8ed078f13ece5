"""Start-up of the ``mtmetrics`` command: what ``--help`` and ``list`` execute, BLAS threads, plugin discovery.

``python -X importtime`` lists every module the interpreter executes; ``--help`` and ``list`` must
execute neither numpy nor sacrebleu (nor any of their submodules), while scoring still gives
sacrebleu's numbers. The thread-count variables are read in a fresh interpreter after the
command ran.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

from mtmetrics.cli import startup
from tests.datapaths import WMT21, read_text, require

HEAVY = ("numpy", "sacrebleu")


def _executed_modules(*argv: str) -> tuple[str, set[str]]:
    """Standard output of ``python -X importtime -m mtmetrics ARGV`` and the modules it executed."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "mtmetrics", *argv], capture_output=True, text=True, check=True
    )
    modules = {line.rpartition("|")[2].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    return proc.stdout, modules


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY)


@pytest.mark.parametrize(("argv", "expected"), [(("--help",), "--metrics NAME"), (("list",), "--bleu-max-ngram-order")])
def test_help_and_list_execute_neither_numpy_nor_sacrebleu(argv: tuple[str, ...], expected: str) -> None:
    out, modules = _executed_modules(*argv)
    assert expected in out
    assert "mtmetrics.cli" in modules  # the measurement sees the package's own modules ...
    assert _heavy(modules) == []  # ... and none of numpy's or sacrebleu's


@pytest.mark.data
def test_scoring_executes_them_and_gives_sacrebleus_numbers() -> None:
    ref = require(WMT21 / "txt" / "references" / "newstest2021.de-en.ref.A.en")
    hyp = require(WMT21 / "txt" / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz")
    out, modules = _executed_modules(str(ref), "-i", str(hyp), "-b", "-w", "6")
    assert {"numpy._core", "sacrebleu.metrics.bleu"} <= modules or {"numpy.core", "sacrebleu.metrics.bleu"} <= modules
    assert float(out) == round(sacrebleu.corpus_bleu(read_text(hyp), [read_text(ref)]).score, 6)


def test_import_mtmetrics_executes_no_numpy_and_no_plugin() -> None:
    code = (
        "import json, sys, mtmetrics\n"
        "before = sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'mtmetrics_classic'))\n"
        "mtmetrics.Metric, mtmetrics.Segment\n"
        "print(json.dumps([before, 'numpy' in sys.modules]))\n"
    )
    before, after = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout)
    assert before == [] and after  # the protocol's names import numpy when first used


def _environment_after(argv: list[str], env: dict[str, str]) -> dict[str, str | None]:
    """The BLAS variables in a fresh interpreter after the command ``argv`` ran, as the console script runs it."""
    code = (
        "import contextlib, io, json, os\n"
        "from mtmetrics.cli import main, startup\n"
        "startup.defer_imports()\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main({argv!r})\n"
        "print(json.dumps({v: os.environ.get(v) for v in startup.BLAS_THREAD_VARIABLES}))\n"
    )
    clean = {k: v for k, v in os.environ.items() if k not in startup.BLAS_THREAD_VARIABLES}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=clean | env, check=True)
    result: dict[str, str | None] = json.loads(proc.stdout)
    return result


def test_blas_runs_one_thread_for_commands_without_linear_algebra() -> None:
    assert set(_environment_after(["list"], {}).values()) == {"1"}
    assert set(_environment_after(["--help"], {}).values()) == {"1"}
    # analyze's bootstrap is hundreds of small products: one thread (the command stops at its missing -o)
    assert set(_environment_after(["analyze", "ref", "-i", "a", "b"], {}).values()) == {"1"}


def test_blas_threads_the_user_set_are_kept() -> None:
    after = _environment_after(["list"], {"OMP_NUM_THREADS": "3"})
    assert after == {"OPENBLAS_NUM_THREADS": None, "OMP_NUM_THREADS": "3", "MKL_NUM_THREADS": None}


def test_blas_threads_are_left_alone_for_meta() -> None:
    assert set(_environment_after(["meta", "--help"], {}).values()) == {None}


def test_a_deferred_module_runs_once_at_first_use(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text("import sys\nsys.probe_runs = getattr(sys, 'probe_runs', 0) + 1\nVALUE = 7\n")
    code = (
        "import sys\n"
        "from mtmetrics.cli import startup\n"
        "startup.defer_imports(['probe'])\n"
        "import probe\n"
        "import probe as again\n"
        "runs = [getattr(sys, 'probe_runs', 0), startup.executed('probe')]\n"
        "runs += [probe.VALUE, again.VALUE, sys.probe_runs, startup.executed('probe')]\n"
        "print(runs)\n"
    )
    env = os.environ | {"PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out.strip() == "[0, False, 7, 7, 1, True]"
