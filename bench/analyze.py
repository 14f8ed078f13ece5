"""``mtmetrics analyze`` next to compare-mt 0.2.10's report on WMT21 de-en (1,000 lines, 4 systems).

    python bench/analyze.py [--systems 4]

Both write their HTML report for the same four systems (the first in sorted order) against
reference A: mtmetrics with BLEU, chrF and TER (aggregate scores with 1,000-resample intervals and
paired tests, every bucket, word accuracy, n-grams, examples) on the raw text; compare-mt with
its defaults (BLEU and length scores, word accuracy, sentence buckets, n-grams, examples;
``--output_directory``: its PDF/PNG plots) on the same text tokenised by sacrebleu's 13a
beforehand (not timed). Each is one process, timed by the wall clock, side by side in one run;
the issue's target is mtmetrics at least 5x faster. Needs the test extra (compare-mt).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mtmetrics.resources.tokenizers import get_tokenizer  # noqa: E402
from tests.datapaths import WMT21, read_text  # noqa: E402


def _wall(cmd: list[str], env: dict[str, str] | None = None) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", type=int, default=4)
    args = ap.parse_args()
    txt = WMT21 / "txt"
    ref = txt / "references" / "newstest2021.de-en.ref.A.en"
    systems = sorted((txt / "system-outputs").glob("newstest2021.de-en.hyp.*.en.gz"))[: args.systems]
    compare_mt = shutil.which("compare-mt") or str(Path(sys.executable).parent / "compare-mt")
    tok = get_tokenizer("13a")
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        tokenized = []
        for p in [ref, *systems]:
            out = d / (p.name.removesuffix(".gz") + ".tok")
            out.write_text("\n".join(tok(x) for x in read_text(p)) + "\n", encoding="utf-8")
            tokenized.append(str(out))
        import os

        env = dict(os.environ, PYTHONPATH=f"{ROOT}:{ROOT / 'plugins'}")
        ours = _wall(
            [sys.executable, "-m", "mtmetrics", "analyze", str(ref), "-i", *map(str, systems), "-m", "bleu", "chrf",
             "ter", "-o", str(d / "r.html"), "--json", str(d / "r.json")],
            env,
        )  # fmt: skip
        theirs = _wall([compare_mt, *tokenized, "--output_directory", str(d / "cmt")], env)
    print(f"WMT21 de-en: 1,000 segments, {len(systems)} systems, reference A; one run each, wall clock")
    print(f"{'tool':<44}{'seconds':>10}")
    print(f"{'mtmetrics analyze (bleu chrf ter, 1000 bs)':<44}{ours:>10.2f}")
    print(f"{'compare-mt 0.2.10 (defaults, HTML)':<44}{theirs:>10.2f}")
    print(f"compare-mt / mtmetrics: {theirs / ours:.1f}x")


if __name__ == "__main__":
    main()
