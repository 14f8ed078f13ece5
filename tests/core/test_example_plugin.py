"""The example third-party plugin in docs/examples: found through its entry point, for real.

pip installs it (offline: no index, no build isolation, no dependencies) into a temporary
folder; ``mtmetrics list`` run with that folder on PYTHONPATH must show its metric, scoring must
work, and the plugin's own tests (conformance suite included) must pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from nltk.metrics.distance import edit_distance

from tests.datapaths import ROOT

EXAMPLE = ROOT / "docs" / "examples" / "mtmetrics-cer"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    target = tmp_path_factory.mktemp("site")
    build = tmp_path_factory.mktemp("build")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--no-build-isolation",
            "--target",
            str(target),
            str(EXAMPLE),
        ],
        check=True,
        cwd=build,
        capture_output=True,
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(target), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def mtmetrics_cli(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mtmetrics", *args], env=env, capture_output=True, text=True, check=False
    )


def test_listed_with_its_distribution(installed: dict[str, str]) -> None:
    proc = mtmetrics_cli(["list", "--json"], installed)
    assert proc.returncode == 0, proc.stderr
    cer = next(m for m in json.loads(proc.stdout)["metrics"] if m["name"] == "cer")
    assert (cer["plugin"], cer["distribution"], cer["version"]) == ("cer", "mtmetrics-cer", "0.1.0")
    assert cer["higher_is_better"] is False


def test_scores_through_the_cli_and_can_be_disabled(installed: dict[str, str]) -> None:
    ex = ROOT / "examples"
    proc = mtmetrics_cli([str(ex / "ref.0.en"), "-i", str(ex / "hyp.en"), "-m", "cer"], installed)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("CER|nrefs:1|case:mixed|space:yes|plugin:mtmetrics-cer@0.1.0|version:")
    proc = mtmetrics_cli(
        [str(ex / "ref.0.en"), "-i", str(ex / "hyp.en"), "-m", "cer", "--disable-plugin", "cer"], installed
    )
    assert proc.returncode == 2 and "unknown metric 'cer'" in proc.stderr


def test_the_plugins_own_tests_pass(installed: dict[str, str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(EXAMPLE / "tests")],
        env=installed,
        capture_output=True,
        text=True,
        check=False,
        cwd=EXAMPLE,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_its_command_is_listed_and_runs(installed: dict[str, str]) -> None:
    proc = mtmetrics_cli(["--help"], installed)
    assert proc.returncode == 0, proc.stderr
    assert any(line.split()[:1] == ["cer-worst"] and "[plugin cer]" in line for line in proc.stdout.splitlines())
    ex = ROOT / "examples"
    proc = mtmetrics_cli(["cer-worst", str(ex / "ref.0.en"), "-i", str(ex / "hyp.en"), "-n", "3"], installed)
    assert proc.returncode == 0, proc.stderr
    # oracle: NLTK's edit distance (unit costs) over the reference's characters, worst first
    refs = (ex / "ref.0.en").read_text(encoding="utf-8").split("\n")[:-1]
    hyps = (ex / "hyp.en").read_text(encoding="utf-8").split("\n")[:-1]
    cer = [100 * edit_distance(h, r) / len(r) for h, r in zip(hyps, refs, strict=True)]
    worst = sorted(range(len(cer)), key=lambda k: (-cer[k], k))[:3]
    assert proc.stdout == "".join(f"{k + 1}\t{cer[k]:.2f}\t{hyps[k]}\n" for k in worst)
    proc = mtmetrics_cli(["cer-worst", str(ex / "ref.0.en")], installed)
    assert proc.returncode == 2 and "mtmetrics cer-worst" in proc.stderr and "-i/--input" in proc.stderr
