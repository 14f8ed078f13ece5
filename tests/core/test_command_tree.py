"""One command tree: every command in ``--help``, plugin command code imported
only when its command runs, the rule for a reference file named like a command, broken plugin
commands reported by name.

The commands' expected names and help lines are written out here (not read from the code), and
BLEU is checked against sacrebleu on raw WMT21 de-en text.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import types
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sacrebleu

import mtmetrics
from mtmetrics import plugins
from mtmetrics.cli import main
from tests.datapaths import WMT21, read_text

REF = WMT21 / "txt" / "references" / "newstest2021.de-en.ref.A.en"
HYP = WMT21 / "txt" / "system-outputs" / "newstest2021.de-en.hyp.Facebook-AI.en.gz"

#: Every command and a fragment of its one-line help, as the issue and the plugins' docs name them.
COMMANDS = {
    "score": "score machine-translation output",
    "list": "every metric",
    "meta": "meta-evaluation",
    "align": "eflomal word alignments",
    "paraphrase": "paraphrase regression models",
    "similarity": "word similarity tables for SIA",
    "rank": "rank systems: all pairs tested",
}
META_COMMANDS = ("correlate", "compare", "orange", "mct", "regress", "rank", "report")

#: Modules that only a command needs: none may be imported by a scoring run or by --help.
COMMAND_MODULES = (
    "mtmetrics_sia.cli",
    "mtmetrics_paraphrase.cli",
    "mtmetrics_source.align_command",
    "mtmetrics_rank.cli",
    "mtmetrics_rank.rank",
    "mtmetrics.cli.listing",
    "mtmetrics_meta.cli",
    "mtmetrics_meta.cli.correlate",
    "mtmetrics_meta.cli.report",
)


def _modules_after(argv: list[str], cwd: Path | None = None) -> tuple[int, str, set[str]]:
    """Run ``main(argv)`` in a fresh interpreter; its status, its standard output, ``sys.modules``."""
    code = (
        "import json, sys\n"
        "from mtmetrics.cli import main\n"
        "try:\n"
        f"    status = main({argv!r})\n"
        "except SystemExit as exc:  # argparse's --help\n"
        "    status = exc.code\n"
        "sys.stdout.flush()\n"
        "print('\\n' + json.dumps([status, sorted(sys.modules)]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=cwd)
    head, _, last = proc.stdout.rstrip("\n").rpartition("\n")
    status, modules = json.loads(last)
    return status, head, set(modules)


def test_help_lists_every_command_with_its_help() -> None:
    proc = subprocess.run([sys.executable, "-m", "mtmetrics", "--help"], capture_output=True, text=True, check=True)
    lines = proc.stdout.splitlines()
    for name, fragment in COMMANDS.items():
        assert any(line.split()[:1] == [name] and fragment in line for line in lines), (name, proc.stdout[:2000])
    # the rule for file names that are command words is documented, and the scoring options follow
    assert "mtmetrics score list -i HYP" in proc.stdout.replace("\n", " ")
    assert "--metrics NAME" in proc.stdout


def test_meta_help_lists_its_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meta", "--help"]) == 0
    out = capsys.readouterr().out
    for name in META_COMMANDS:
        assert f"\n  {name} " in out
    assert main(["meta", "corelate"]) == 2
    assert "Did you mean: correlate" in capsys.readouterr().err


@pytest.mark.data
def test_scoring_and_help_import_no_command_module(tmp_path: Path) -> None:
    status, _, modules = _modules_after([str(REF), "-i", str(HYP), "-b"])
    assert status == 0
    assert "mtmetrics_sia" in modules  # the plugins are loaded (their metrics are registered) ...
    assert not modules & set(COMMAND_MODULES)  # ... but not their command code
    status, out, modules = _modules_after(["--help"])
    assert status == 0 and "similarity" in out
    assert not modules & set(COMMAND_MODULES)


def test_a_command_imports_its_module_only() -> None:
    status, out, modules = _modules_after(["meta", "correlate", "--help"])
    assert status == 0 and "usage: mtmetrics meta correlate" in out
    assert "mtmetrics_meta.cli.correlate" in modules
    assert not modules & {"mtmetrics_meta.cli.report", "mtmetrics_sia.cli", "mtmetrics_source.align_command"}


@pytest.fixture
def files_named_like_commands(tmp_path: Path) -> Iterator[tuple[Path, float]]:
    """A folder with raw WMT21 de-en reference files named ``list``, ``meta`` and ``align``."""
    hyp = tmp_path / "hyp.en"
    hyp.write_text("".join(line + "\n" for line in read_text(HYP)), encoding="utf-8")
    for name in ("list", "meta", "align"):
        shutil.copyfile(REF, tmp_path / name)
    expected = sacrebleu.corpus_bleu(read_text(HYP), [read_text(REF)]).score
    yield tmp_path, expected


@pytest.mark.data
@pytest.mark.parametrize("name", ["list", "meta", "align"])
def test_a_reference_file_named_like_a_command_is_scored(
    files_named_like_commands: tuple[Path, float],
    name: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder, expected = files_named_like_commands
    monkeypatch.chdir(folder)
    for argv in (["score", name, "-i", "hyp.en", "-b", "-w", "6"], [f"./{name}", "-i", "hyp.en", "-b", "-w", "6"]):
        assert main(argv) == 0, capsys.readouterr().err
        assert float(capsys.readouterr().out) == pytest.approx(expected, abs=5e-7)


@pytest.mark.data
def test_a_command_word_with_a_file_of_that_name_says_how_to_score_it(
    files_named_like_commands: tuple[Path, float], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(files_named_like_commands[0])
    assert main(["list", "-i", "hyp.en"]) == 2
    err = capsys.readouterr().err
    assert "'mtmetrics score list ...'" in err and "'mtmetrics ./list ...'" in err


# --- plugin commands ------------------------------------------------------------------------------


def _command_plugin(*registrations: tuple[str, str, str], fail: bool = False) -> types.ModuleType:
    module = types.ModuleType("cmdplugin")

    @mtmetrics.hookimpl
    def register_commands(register: Callable[[str, str, str], None]) -> None:
        if fail:
            raise RuntimeError("boom")
        for name, help_text, target in registrations:
            register(name, help_text, target)

    module.register_commands = register_commands  # type: ignore[attr-defined]
    return module


@pytest.fixture
def command_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """Two command modules on sys.path, one of each form, with names used nowhere else."""
    tag = uuid.uuid4().hex[:8]
    names = {"parser": f"cmdtest_parser_{tag}", "main": f"cmdtest_main_{tag}", "empty": f"cmdtest_empty_{tag}"}
    (tmp_path / f"{names['parser']}.py").write_text(
        "def build_parser(parser):\n"
        "    parser.add_argument('--name', required=True)\n"
        "def run(args):\n"
        "    print('hello', args.name)\n"
        "    return 0\n",
        encoding="utf-8",
    )
    (tmp_path / f"{names['main']}.py").write_text(
        "def main(argv):\n    print('argv', argv)\n    return 3\n", encoding="utf-8"
    )
    (tmp_path / f"{names['empty']}.py").write_text("X = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield names
    for name in names.values():
        sys.modules.pop(name, None)


@pytest.fixture
def register() -> Iterator[Callable[[types.ModuleType, str], None]]:
    added: list[str] = []

    def add(module: types.ModuleType, name: str) -> None:
        plugins.REGISTRY.register_plugin(module, name=name)
        added.append(name)

    yield add
    for name in added:
        plugins.REGISTRY.unregister_plugin(name)


def test_plugin_commands_of_both_forms_run_lazily(
    command_modules: dict[str, str],
    register: Callable[[types.ModuleType, str], None],
    capsys: pytest.CaptureFixture[str],
) -> None:
    register(
        _command_plugin(
            ("hello", "say hello", command_modules["parser"]), ("echo-args", "echo", command_modules["main"])
        ),
        "cmdplugin",
    )
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "  hello" in out and "say hello [plugin cmdplugin]" in out
    assert command_modules["parser"] not in sys.modules
    assert main(["hello", "--name", "you"]) == 0
    assert capsys.readouterr().out == "hello you\n"
    assert main(["hello", "--nam", "you"]) == 2  # the core's parser: no abbreviated options
    assert "mtmetrics hello" in capsys.readouterr().err
    assert main(["echo-args", "a", "-b"]) == 3
    assert capsys.readouterr().out == "argv ['a', '-b']\n"


def test_a_broken_plugin_command_is_reported_by_name(
    command_modules: dict[str, str],
    register: Callable[[types.ModuleType, str], None],
    capsys: pytest.CaptureFixture[str],
) -> None:
    register(
        _command_plugin(
            ("gone", "a module that does not exist", f"{command_modules['main']}_missing"),
            ("empty", "a module without main or run", command_modules["empty"]),
        ),
        "brokenplugin",
    )
    assert main(["gone"]) == 2
    err = capsys.readouterr().err
    assert "command 'gone' of plugin 'brokenplugin' failed to load" in err and "ModuleNotFoundError" in err
    assert main(["empty"]) == 2
    err = capsys.readouterr().err
    assert "command 'empty' of plugin 'brokenplugin'" in err and "build_parser" in err


@pytest.mark.data
def test_refused_registrations_are_warned_about_and_scoring_still_works(
    command_modules: dict[str, str],
    register: Callable[[types.ModuleType, str], None],
    capsys: pytest.CaptureFixture[str],
) -> None:
    register(_command_plugin(fail=True), "raising")
    register(
        _command_plugin(
            ("list", "steals a core command", command_modules["main"]),
            ("similarity", "steals a plugin's command", command_modules["main"]),
            ("Bad Name", "not a word", command_modules["main"]),
        ),
        "greedy",
    )
    assert main([str(REF), "-i", str(HYP), "-b", "-w", "6"]) == 0
    captured = capsys.readouterr()
    expected = sacrebleu.corpus_bleu(read_text(HYP), [read_text(REF)]).score
    assert float(captured.out) == pytest.approx(expected, abs=5e-7)
    assert "plugin 'raising': register_commands failed: RuntimeError: boom" in captured.err
    assert "plugin 'greedy': command 'list' is a core command" in captured.err
    assert "plugin 'greedy': command 'similarity' is already registered by plugin 'mtmetrics_sia'" in captured.err
    assert "plugin 'greedy': command name 'Bad Name' is not a lowercase word" in captured.err
    assert main(["list", "--json"]) == 0  # still the core's list
    assert json.loads(capsys.readouterr().out)["metrics"]
