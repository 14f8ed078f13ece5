"""Choose SSCN's default ``constrain`` (``all`` / ``any``) on development data only.

    python bench/sscn_tune.py --sources DIR [--align-dir /tmp/sscn-dev-align] [--output FILE]

Data: WMT17 segment-level DA (``dev/wmt17-da/derived/newstest2017.da-seg.joined.tsv.gz``, 560
judged segments for each of cs, de, ru, tr, zh -> en, one reference). SSCN needs the *source*
sentences, which that folder does not hold (its README: "NO sources"). They are taken from a
``source`` column of the TSV when it has one, otherwise from ``--sources DIR`` holding the plain
newstest2017 source files ``newstest2017-<xx>en-src.<xx>`` (one sentence per line; ``sid`` is the
1-based line number, as for the references). Without either the script stops with an error.

Procedure: for each language pair, the judged segments' sources are aligned with their
hypotheses and references by eflomal in ONE run per pair (:func:`align_annotations` with
:class:`EflomalAligner`, model 3, grow-diag-final-and, eflomal's default sampler settings; no
extra data). eflomal has no seed, so the alignments (forward, reverse and symmetrised) are written
once to Pharaoh files in ``--align-dir`` and read back on later runs: every variant is scored from
the same links. Scored: SSCN for ``constraint`` x ``constrain`` at n=2 and for n=1..4 with the
default ``constraint``; BLEU, chrF, PRS, MPR and DUP for context. The criterion is the mean over
the pairs of the segment-level Pearson correlation with the DA z-scores
(:func:`mtmetrics.stats.correlation.pearson`).
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))

import mtmetrics  # noqa: E402
from mtmetrics.io.alignments import Alignment, read_pharaoh, write_pharaoh  # noqa: E402
from mtmetrics.resources.aligners import EflomalAligner, align_annotations  # noqa: E402
from mtmetrics.stats.correlation import pearson  # noqa: E402
from tests.datapaths import WMT17  # noqa: E402

DATA = WMT17 / "derived" / "newstest2017.da-seg.joined.tsv.gz"
CONSTRAINTS = ("1", "2", "union", "intersect")
CONSTRAINS = ("all", "any")
CONTEXT = ("bleu", "chrf", "prs", "mpr", "dup")
PARTS = ("sym", "fwd", "rev")


def read_rows(path: Path, sources_dir: Path | None, limit: int | None) -> list[dict[str, str]]:
    """The judged rows, each with a ``source`` (from the TSV or from ``sources_dir``)."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        header = fh.readline().rstrip("\n").split("\t")
        rows = [dict(zip(header, line.rstrip("\n").split("\t"), strict=True)) for line in fh]
    if "source" not in header:
        if sources_dir is None:
            sys.exit(
                f"{path} has no 'source' column and no --sources DIR was given: SSCN, PRS, MPR and DUP "
                "need the source sentences (newstest2017-<xx>en-src.<xx>, one per line)."
            )
        cache: dict[str, list[str]] = {}
        for row in rows:
            xx = row["lp"].split("-")[0]
            if xx not in cache:
                src_file = sources_dir / f"newstest2017-{xx}en-src.{xx}"
                cache[xx] = src_file.read_text(encoding="utf-8").split("\n")
            row["source"] = cache[xx][int(row["sid"]) - 1]
    if limit:
        seen: dict[str, int] = {}
        kept = []
        for row in rows:
            seen[row["lp"]] = seen.get(row["lp"], 0) + 1
            if seen[row["lp"]] <= limit:
                kept.append(row)
        rows = kept
    return rows


def load_or_align(
    lp: str, rows: Sequence[dict[str, str]], align_dir: Path, aligner: EflomalAligner
) -> dict[str, list[Any]]:
    """Alignment annotations for one pair: read from ``align_dir`` if saved, else eflomal once and save."""
    srcs, hyps, refs = [r["source"] for r in rows], [r["hyp"] for r in rows], [r["ref"] for r in rows]
    files = {(t, p): align_dir / f"{lp}.{t}.{p}.pharaoh" for t in ("hyp", "ref") for p in PARTS}
    if not all(f.exists() for f in files.values()):
        ann = align_annotations(aligner, srcs, hyps, [refs])
        align_dir.mkdir(parents=True, exist_ok=True)
        for t, done in (("hyp", ann["align_hyp"]), ("ref", [r[0] for r in ann["align_refs"]])):
            for p, attr in zip(PARTS, ("links", "fwd", "rev"), strict=True):
                write_pharaoh(files[t, p], [None if a is None else getattr(a, attr) for a in done])
        (align_dir / f"{lp}.signature").write_text(aligner.signature() + "\n", encoding="utf-8")
    origin = (align_dir / f"{lp}.signature").read_text(encoding="utf-8").strip()
    read = {k: [sure for sure, _ in read_pharaoh(f)] for k, f in files.items()}

    def als(t: str) -> list[Alignment]:
        parts = zip(read[t, "sym"], read[t, "fwd"], read[t, "rev"], strict=True)
        return [Alignment(s, f, r, origin, two_way=True) for s, f, r in parts]

    return {"align_hyp": als("hyp"), "align_refs": [(a,) for a in als("ref")]}


def segment_scores(name: str, rows: Sequence[dict[str, str]], ann: dict[str, list[Any]], **params: Any) -> np.ndarray:
    """One score per judged segment."""
    metric = mtmetrics.load_metric(name, **params)
    srcs = [r["source"] for r in rows] if metric.inputs.source else None
    use_ann = ann if metric.inputs.annotations else None
    results = metric.segment_scores([r["hyp"] for r in rows], [[r["ref"] for r in rows]], srcs, use_ann)
    return np.array([res.score for res in results], dtype=float)


def variants() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, metric, params) of everything scored."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    for c in CONSTRAINTS:
        for w in CONSTRAINS:
            out.append((f"sscn n=2 con={c} {w}", "sscn", {"n": 2, "constraint": c, "constrain": w}))
    for n in (1, 3, 4):
        for w in CONSTRAINS:
            out.append((f"sscn n={n} con=union {w}", "sscn", {"n": n, "constraint": "union", "constrain": w}))
    out.extend((name, name, {}) for name in CONTEXT)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA, help="joined DA TSV (dev data only)")
    ap.add_argument("--sources", type=Path, default=None, help="folder of newstest2017-<xx>en-src.<xx> files")
    ap.add_argument("--align-dir", type=Path, default=Path("/tmp/sscn-dev-align"))
    ap.add_argument("--limit", type=int, default=None, help="first N rows per pair (smoke tests only)")
    ap.add_argument("--output", type=Path, default=None, help="write the table as Markdown here")
    args = ap.parse_args()
    rows = read_rows(args.data, args.sources, args.limit)
    pairs = sorted({r["lp"] for r in rows})
    aligner = EflomalAligner(sym="grow-diag-final-and", model=3)
    table: dict[str, list[float]] = {}
    for lp in pairs:
        sub = [r for r in rows if r["lp"] == lp]
        ann = load_or_align(lp, sub, args.align_dir, aligner)
        z = np.array([float(r["z"]) for r in sub])
        for label, name, params in variants():
            table.setdefault(label, []).append(pearson(segment_scores(name, sub, ann, **params), z))
        print(f"{lp}: done ({len(sub)} segments)", file=sys.stderr)
    head = "| variant | " + " | ".join(pairs) + " | mean |"
    lines = [head, "|" + "---|" * (len(pairs) + 2)]
    for label, per in table.items():
        lines.append(f"| {label} | " + " | ".join(f"{r:.3f}" for r in per) + f" | {np.mean(per):.3f} |")
    text = "\n".join(lines)
    print(f"aligner: {aligner.signature()}; alignments in {args.align_dir}")
    print(text)
    if args.output:
        args.output.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
