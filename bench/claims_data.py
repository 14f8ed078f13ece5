"""The system-level data sets of the claims: to-English MT systems of WMT17 and WMT22 (dev) and
WMT21 (test) with their human system scores, and the cached feature scores read back as matrices."""

from __future__ import annotations

import csv
import gzip
import json
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
WMT21_DIR = DATA / "test" / "wmt21-news"
ERROR_RATES = {"ter", "per", "wer"}


@dataclass
class Pair:
    """One language pair: line-aligned reference and system outputs, human system scores."""

    name: str
    ref: list[str]
    hyps: dict[str, list[str]]
    human: dict[str, float]
    lines: list[int]  # candidate 0-based line numbers to sample from


def _read(path: Path) -> list[str]:
    with (gzip.open if path.suffix == ".gz" else open)(path, "rt", encoding="utf-8") as f:
        text = f.read()
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def _official(base: Path, where: str, prefix: str, lps: Sequence[str]) -> list[Pair]:
    """Pairs with official system DA z (``ad-sys-ranking-LP-z-names.csv``: RAW Z N N.ALL SYS.ID NAME),
    the first reference and the outputs ``PREFIX.LP.hyp.<system>.en.gz`` of the systems it scores."""
    pairs = []
    for lp in lps:
        rank = (base / "humaneval" / where / f"ad-sys-ranking-{lp}-z-names.csv").read_text(encoding="utf-8")
        human = {f[5]: float(f[1]) for f in map(str.split, rank.splitlines()) if len(f) >= 6}
        ref = _read(sorted((base / "txt" / "references").glob(f"{prefix}.{lp}.ref.*.en"))[0])
        hyp = f"{prefix}.{lp}.hyp."
        hyps = {
            name: _read(p)
            for p in sorted((base / "txt" / "system-outputs").glob(f"{hyp}*.en.gz"))
            if (name := p.name[len(hyp) : -len(".en.gz")]) in human
        }
        pairs.append(Pair(lp, ref, hyps, human, list(range(len(ref)))))
    return pairs


def wmt21() -> list[Pair]:
    """WMT21 news, the 7 to-English pairs (held-out test)."""
    lps = ["cs-en", "de-en", "ha-en", "is-en", "ja-en", "ru-en", "zh-en"]
    return _official(WMT21_DIR, "newstest2021-toen", "newstest2021", lps)


def wmt22() -> list[Pair]:
    """WMT22 general, the to-English pairs with system outputs and system-level DA (development)."""
    lps = ["cs-en", "de-en", "ja-en", "ru-en", "uk-en", "zh-en"]
    return _official(DATA / "dev" / "wmt22-general", "DA/newstest2022-toen", "generaltest2022", lps)


def wmt17() -> list[Pair]:
    """WMT17 DA (development): human system score = mean z of the system's judged rows."""
    base = DATA / "dev" / "wmt17-da"
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    sids: dict[str, set[int]] = defaultdict(set)
    with gzip.open(base / "derived" / "newstest2017.da-seg.joined.tsv.gz", "rt", encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            for system in r["system"].split("+"):
                rows[r["lp"]][system].append(float(r["z"]))
            sids[r["lp"]].add(int(r["sid"]))
    pairs = []
    for lp in sorted(rows):
        hyps = {
            name: _read(p)
            for p in sorted((base / lp).glob(f"newstest2017.*.{lp}.gz"))
            if (name := p.name[len("newstest2017.") : -len(f".{lp}.gz")]) in rows[lp]
        }
        human = {s: float(np.mean(v)) for s, v in rows[lp].items()}
        ref = _read(base / f"newstest2017-{lp[:2]}en-ref.en")
        pairs.append(Pair(lp, ref, hyps, human, sorted(k - 1 for k in sids[lp])))
    return pairs


DATASETS: dict[str, Callable[[], list[Pair]]] = {"wmt17": wmt17, "wmt22": wmt22, "wmt21": wmt21}


def _lines_tag(lines: int) -> str:
    """The cache file's tag of a sample size: ``all`` (every line) or the number of lines."""
    return "all" if lines <= 0 else str(lines)


@dataclass
class Data:
    """Per pair: the system names, feature matrix (systems x features, error rates negated), human."""

    pairs: list[str]
    systems: list[list[str]]
    x: list[np.ndarray]
    h: list[np.ndarray]


def load(cache: Path, ds: str, lines: int, specs: Sequence[str]) -> Data:
    """The cached scores of ``specs`` on data set ``ds`` (``features``' JSON), pairs and systems sorted."""
    doc = json.loads((cache / f"{ds}-{_lines_tag(lines)}.json").read_text())
    sign = np.array([-1.0 if s.split(":")[0] in ERROR_RATES else 1.0 for s in specs])
    out = Data([], [], [], [])
    for lp in sorted(doc):
        systems = sorted(doc[lp]["scores"])
        out.pairs.append(lp)
        out.systems.append(systems)
        out.x.append(np.array([[doc[lp]["scores"][s][f] for f in specs] for s in systems]) * sign)
        out.h.append(np.array([doc[lp]["human"][s] for s in systems]))
    return out
