"""Running the command line in this process, as the tests that check its output do."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

from mtmetrics.cli import main


def run_cli(*args: str) -> tuple[int, str, str]:
    """``mtmetrics ARGS``: the exit status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse's --version exits instead of returning
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()
