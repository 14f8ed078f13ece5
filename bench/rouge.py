"""Benchmark: mtmetrics' ROUGE family against ``rouge-metric`` (pure-Python port) and ``rouge-score``.

    python bench/rouge.py [--repeat 3] [--segments 3000]

Target: ROUGE-L, -W-1.2, -S4 and -SU4 each at least 3x faster (ratio <= 0.333) than
the fastest package implementing the same variant (rouge-score has ROUGE-N and -L only), on
3,000 WMT17 de-en segments with one reference and on WMT21 de-en (2 references) and en-de (3).

Both sides get the same tokens: texts are lowercased, 13a-tokenised and reduced to ASCII
alphanumeric tokens once, up front. mtmetrics scores the strings with ``tokenize=none`` through
the public API (``metric.statistics``); rouge-metric gets pre-split token lists
(``PyRouge.evaluate_tokenized``, one metric enabled, per-segment mode) and rouge-score gets the
strings (its own tokenizer is neutral on such text). ``impl=rouge155`` is timed, and before
timing its per-segment F is compared with rouge-metric's where both implement the script's
definition (ROUGE-L and -S4 with one reference, within the script's 5-decimal rounding;
rouge-metric's ROUGE-W and SU differ from ROUGE-1.5.5, which mtmetrics reproduces: see
tests/rouge/test_rouge155.py).
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from rouge_metric import PyRouge
from rouge_score import rouge_scorer
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner import Timing, compare, report

import mtmetrics

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
WMT17 = SHARED / "dev" / "wmt17-da"
WMT21 = SHARED / "test" / "wmt21-news" / "txt"
_ALNUM = re.compile(r"^[a-z0-9]+$")
_TOK = Tokenizer13a()


def _lines(path: Path) -> list[str]:
    opener: Any = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return list(fh.read().splitlines())


def clean(text: str) -> str:
    """Lowercase, 13a-tokenise, keep ASCII alphanumeric tokens."""
    return " ".join(t for t in _TOK(text.lower()).split() if _ALNUM.match(t))


def corpus_1ref(n: int) -> tuple[list[str], list[list[str]]]:
    """``n`` WMT17 de-en segments (systems in file order) with their reference."""
    ref = _lines(WMT17 / "newstest2017-deen-ref.en")
    hyps: list[str] = []
    refs: list[str] = []
    for path in sorted((WMT17 / "de-en").glob("*.gz")):
        for h, r in zip(_lines(path), ref, strict=True):
            h, r = clean(h), clean(r)
            if h and r:
                hyps.append(h)
                refs.append(r)
        if len(hyps) >= n:
            break
    return hyps[:n], [refs[:n]]


def corpus_multi(pair: str, system: str, letters: str) -> tuple[list[str], list[list[str]]]:
    """A WMT21 pair with all of its references (segments where all are non-empty after cleaning)."""
    tgt = pair.split("-")[1]
    hyps = _lines(WMT21 / "system-outputs" / f"newstest2021.{pair}.hyp.{system}.{tgt}.gz")
    refs = [_lines(WMT21 / "references" / f"newstest2021.{pair}.ref.{x}.{tgt}") for x in letters]
    rows = [[clean(t) for t in row] for row in zip(hyps, *refs, strict=True)]
    rows = [row for row in rows if all(row)]
    return [r[0] for r in rows], [[r[k] for r in rows] for k in range(1, len(letters) + 1)]


# label -> (mtmetrics metric and params, rouge-metric PyRouge kwargs and result key, rouge-score type)
VARIANTS: dict[str, tuple[str, dict[str, Any], dict[str, Any], str, str | None]] = {
    "ROUGE-L": ("rouge-l", {}, {"rouge_n": (), "rouge_l": True}, "rouge-l", "rougeL"),
    "ROUGE-W-1.2": (
        "rouge-w",
        {"weight": 1.2},
        {"rouge_n": (), "rouge_l": False, "rouge_w": True},
        "rouge-w-1.2",
        None,
    ),
    "ROUGE-S4": (
        "rouge-s",
        {"skip": 4},
        {"rouge_n": (), "rouge_l": False, "rouge_s": True, "skip_gap": 4},
        "rouge-s4",
        None,
    ),
    "ROUGE-SU4": (
        "rouge-su",
        {"skip": 4},
        {"rouge_n": (), "rouge_l": False, "rouge_su": True, "skip_gap": 4},
        "rouge-su4",
        None,
    ),
}


def cases(label: str, hyps: list[str], refs: list[list[str]], repeat: int) -> list[Timing]:
    """Time each variant against its fastest anchor; check numbers where definitions agree."""
    out = []
    tok_hyps = [[h.split()] for h in hyps]
    tok_refs = [[[stream[i].split()] for stream in refs] for i in range(len(hyps))]
    texts_refs = [[stream[i] for stream in refs] for i in range(len(hyps))]
    for variant, (name, params, py_kwargs, py_key, rs_type) in VARIANTS.items():
        metric = mtmetrics.load_metric(name, impl="rouge155", multiref="best", tokenize="none", **params)
        py = PyRouge(mode="individual", multi_ref_mode="best", **py_kwargs)

        def ours(metric: mtmetrics.Scorer = metric) -> object:
            return metric.statistics(hyps, refs)

        def rouge_metric(py: PyRouge = py) -> object:
            return py.evaluate_tokenized(tok_hyps, tok_refs)

        anchors: list[tuple[str, Callable[[], object]]] = [("rouge-metric 1.0.1 (PyRouge)", rouge_metric)]
        if rs_type is not None:
            scorer = rouge_scorer.RougeScorer([rs_type])

            def rouge_score(scorer: Any = scorer) -> object:
                return [scorer.score_multi(r, h) for h, r in zip(hyps, texts_refs, strict=True)]

            anchors.append(("rouge-score 0.1.2", rouge_score))
        if len(refs) == 1 and variant in ("ROUGE-L", "ROUGE-S4"):
            got = metric.statistics(hyps, refs).array[:, 0]
            theirs = np.array([s[py_key]["f"] for s in rouge_metric()])  # type: ignore[attr-defined]
            worst = float(np.abs(got - theirs).max())
            print(f"  check {variant} ({label}): max |F_mtmetrics - F_rouge-metric| = {worst:.2e}")
        timings = [compare(f"{variant} {label}", ours, fn, anchor, repeat) for anchor, fn in anchors]
        out.append(min(timings, key=lambda t: t.anchor))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--segments", type=int, default=3000)
    args = parser.parse_args()
    timings: list[Timing] = []
    hyps, refs = corpus_1ref(args.segments)
    timings += cases(f"1 ref x{len(hyps)}", hyps, refs, args.repeat)
    for pair, system, letters in (("de-en", "Facebook-AI", "AB"), ("en-de", "Facebook-AI", "ACD")):
        hyps, refs = corpus_multi(pair, system, letters)
        timings += cases(f"{len(letters)} refs x{len(hyps)}", hyps, refs, args.repeat)
    print(report(timings, target=1 / 3))
    print("ratio = mtmetrics time / fastest anchor time; target <= 0.333 (3x faster)")


if __name__ == "__main__":
    main()
