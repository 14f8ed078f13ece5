"""claims.md's generated blocks and claims-segment.md, written from the files the parts of
``bench/claims.py`` wrote (the verdict rule at the top of claims.md; every number is a file's)."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mtmetrics.stats.corrections import adjust, p_text

PROB = "{prob}"  # replaced by the path of the trained similarity table
WLS, SIA_LC = ("WLS+PROB", "WLS (lowercased)"), ("SIA+PROB", "SIA (lowercased)")


#: (row, name, claimed better metric, other metric, label of the better, label of the other)
COMPARISONS = [
    ("1", "sia-bleu", "sia", "bleu", "SIA", "BLEU"),
    ("1", "siaprob-bleu", f"sia:similarity={PROB}", "bleu", "SIA+PROB", "BLEU"),
    ("2", "sia-rougew", "sia", "rouge-w", "SIA", "ROUGE-W"),
    ("3", "wlsprob-wls-lc", f"sia:incs=no,lowercase=yes,similarity={PROB}", "sia:incs=no,lowercase=yes", *WLS),
    ("3", "siaprob-sia-lc", f"sia:lowercase=yes,similarity={PROB}", "sia:lowercase=yes", *SIA_LC),
    ("4", "sia-wls", "sia", "sia:incs=no", "WLS+INCS", "WLS"),
]


ALPHA = 0.05
#: One comparison's test on one pair: (pair, r of A, r of B, leader "a"/"b", its one-sided p, ...).
Test = tuple


def holm(families: list[list[Test]], n: int = 0) -> list[list[Test]]:
    """The per-pair tests of one claim (several comparisons) with their p-values Holm-adjusted over all of
    them: one family per row of claims.md. ``n`` > 0: the p-values are shares of ``n`` permutations
    (``c / n``, mt-metrics-eval's), taken as ``(c + 1) / (n + 1)`` before adjusting, so that none is 0."""
    flat = [(x[4] * n + 1) / (n + 1) if n else x[4] for f in families for x in f]
    q = iter(adjust(np.nan_to_num(np.array(flat, dtype=float), nan=1.0), "holm").tolist() if flat else [])
    return [[(*x[:4], next(q), *x[5:]) for x in f] for f in families]


def tally(tests: Sequence[Test]) -> tuple[float, float, list[Test], list[Test], str]:
    """Mean r of A and of B over the pairs, the tests where A and where B lead significantly (adjusted
    p <= ALPHA), and the verdict by the rule at the top of claims.md: supported (reversed) needs the
    side the mean favours significant on at least half of the pairs and the other side on none."""
    ma, mb = (float(np.mean([x[i] for x in tests])) for i in (1, 2))
    sig_a, sig_b = ([x for x in tests if x[3] == who and x[4] <= ALPHA] for who in "ab")
    if ma > mb and len(sig_a) * 2 >= len(tests) and not sig_b:
        return ma, mb, sig_a, sig_b, "supported"
    if mb > ma and len(sig_b) * 2 >= len(tests) and not sig_a:
        return ma, mb, sig_a, sig_b, "reversed"
    return ma, mb, sig_a, sig_b, "not supported"


def _level_pairs(doc: dict, a: str, b: str, level: str) -> list[Test]:
    """Per group of a two-metric report: r of ``a`` and ``b`` at ``level``, the leader, its one-sided p
    (the cluster cell's), every Pearson estimate and the human scores' kind."""
    rows = []
    for tb in doc["tables"]:
        for g in tb["groups"]:
            est = {
                e["metric"]: (e["value"], e["lower"], e["upper"])
                for e in tb["correlations"]
                if e["group"] == g and e["level"] == level and e["kind"] == "pearson"
            }
            cell = next(c for c in tb["clusters"] if c["group"] == g and c["level"] == level)
            who = "a" if cell["ranking"][0]["metric"] == a else "b"
            human = "MQM" if "mqm" in tb["human"] else "DA"
            rows.append(
                (g, float(est[a][0]), float(est[b][0]), who, float(cell["ranking"][1]["p_vs_leader"]), est, human)
            )
    return rows


def _row_tests(docs: list[tuple[tuple, dict]]) -> list[tuple[str, str, str, str, list[Test]]]:
    """Each comparison of a row of claims 1-4: A, B (the command's order), their labels and the per-pair
    tests, Holm over all pairs of the row."""
    n = docs[0][1]["permutations"]["n"]
    specs = [tuple(m["spec"] for m in d["tables"][0]["metrics"]) for _, d in docs]
    fams = holm([_level_pairs(d, a, b, "segment") for (a, b), (_, d) in zip(specs, docs, strict=True)], n)
    return [(a, b, c[4], c[5], tests) for (a, b), (c, _), tests in zip(specs, docs, fams, strict=True)]


def segment_markdown(docs: list[tuple[tuple, dict]], run: dict) -> str:
    """claims-segment.md: per comparison, every pair's r [95 % CI] of both metrics, the PERM-BOTH p
    (Holm-adjusted over the row's pairs), the verdict."""
    d0 = docs[0][1]
    n, boot = d0["permutations"]["n"], d0["bootstrap"]["n"]
    segments = (d0["tables"][0].get("sample") or {}).get("segments_per_group", 0)
    seconds = run.get("parts", {}).get("segment", {}).get("seconds", math.nan)
    lines = [
        "# Segment-level claims (rows 1-4 of claims.md), generated",
        "",
        "Written by `python bench/claims.py segment "
        + (f"--segments {segments} " if segments else "")
        + f"--permutations {n} --bootstrap {boot} -j {run.get('jobs', 1)}` "
        + ("(all judged segments of every table)" if not segments else f"({segments} source segments per pair)")
        + f" in {seconds / 60:.1f} min; the per-comparison reports are `claims-seg-*.md` / `.json` beside this file.",
        "Pearson r per pair [95 % bootstrap CI]; p: PERM-BOTH over whole source segments, one-sided, that the "
        "leader (named) is better, Holm-adjusted over the pairs of the claim's row. Verdict: the rule at the "
        "top of claims.md.",
        "",
        "| row | claim (A better than B) | pair | A | B | p (leader) |",
        "|---|---|---|---|---|---|",
    ]
    verdicts = [
        "",
        "| row | claim | mean r A vs B | A significant | B significant | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for num in SEGMENT_CLAIMS:
        row_docs = [(c, d) for c, d in docs if c[0] == num]
        for a, b, la, lb, tests in _row_tests(row_docs) if row_docs else []:
            for g, _, _, who, p, est, human in tests:
                cell = [f"{est[m][0]:.3f} [{est[m][1]:.3f}, {est[m][2]:.3f}]" for m in (a, b)]
                lines.append(
                    f"| {num} | {la} > {lb} | {g} ({human}) | {cell[0]} | {cell[1]} | "
                    f"{la if who == 'a' else lb} {_p(p, n)} |"
                )
            ma, mb, sa, sb, v = tally(tests)
            k = len(tests)
            verdicts.append(f"| {num} | {la} > {lb} | {ma:.3f} vs {mb:.3f} | {len(sa)}/{k} | {len(sb)}/{k} | **{v}** |")
    return "\n".join(lines + verdicts) + "\n"


def _p(p: float, n: int = 0) -> str:
    """A p-value as printed: of ``n`` resamples by :func:`~mtmetrics.stats.corrections.p_text` (never
    0), an analytic one (``n = 0``) with three decimals or ``< 0.001``."""
    if math.isnan(p):
        return "n/a"
    if n:
        return p_text(p, n, 3).replace("<", "< ")
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def _compare_text(tests: Sequence[Test], la: str, lb: str, n: int) -> tuple[str, str, str]:
    """(result cell, significance detail, verdict) of one A-vs-B comparison over pairs (:func:`tally`;
    ``n``: resamples of the p-values, 0 analytic)."""
    ma, mb, sig_a, sig_b, verdict = tally(tests)
    diffs = ", ".join(f"{x[0]} {x[1] - x[2]:+.3f}" for x in tests)
    ahead = sum(x[1] > x[2] for x in tests)
    result = f"{la} {ma:.3f} vs {lb} {mb:.3f} (mean); {la} ahead on {ahead}/{len(tests)} ({diffs})"
    detail = []
    for sig, label in ((sig_a, f"{la} significant"), (sig_b, lb)):
        ps = f" ({', '.join(f'{x[0]} p {_p(x[4], n)}' for x in sig)})" if sig else ""
        detail.append(f"{label} on {len(sig)}/{len(tests)}{ps}")
    return result, ", ".join(detail), verdict


def _combine(verdicts: list[str]) -> str:
    """One verdict of several comparisons of a row: the common one, else *not supported*."""
    return verdicts[0] if len(set(verdicts)) == 1 else "not supported"


#: The significance tests of meta report's cluster cells, as the summary names them.
TESTS = {"perm-both-items": "PERM-BOTH", "perm-both": "PERM-BOTH", "williams": "Williams"}
SEGMENT_CLAIMS = {
    "1": "SIA correlates better than BLEU at segment level",
    "2": "SIA correlates better than ROUGE-W at segment level",
    "3": "PROB adds to WLS (lowercased, as the PROB table)",
    "4": "INCS adds to WLS",
}
SYSTEM_CLAIMS = {
    "5": "hLEPOR beats BLEU, TER and METEOR at system level",
    "6": "hLEPOR_E (POS) adds to hLEPOR",
    "11": "a dev-trained combination of the classic metrics beats chrF",
}
SAMPLED = {True: "sampled", False: "all judged segments"}


def _ci(r: dict) -> str:
    return f"{r['mean']:.3f} [{r['lower']:.3f}, {r['upper']:.3f}]"


def _segment_rows(num: str, claim: str, docs: list[tuple[tuple, dict]]) -> str:
    """Rows 1-4: the two-metric segment-level reports of the claim (Holm over all their pairs)."""
    n = docs[0][1]["permutations"]["n"]
    rows = _row_tests(docs)
    texts = [(la, lb, *_compare_text(tests, la, lb, n)) for _, _, la, lb, tests in rows]
    data = ", ".join(f"{t['groups'][0]} {t['rows']:,}" for t in docs[-1][1]["tables"])
    sampled = SAMPLED[bool(docs[0][1]["tables"][0].get("sample"))]
    return (
        f"| {num} | {claim} | WMT21 DA is/ja/ru + WMT22 MQM zh-en, {sampled} (rows: {data}) | segment Pearson r | "
        + "; ".join(res for _, _, res, _, _ in texts)
        + f" | PERM-BOTH per pair, {n:,} permutations, Holm over the row's {sum(len(r[4]) for r in rows)} tests | "
        + f"**{_combine([v for *_, v in texts])}**: "
        + "; ".join(f"{la} > {lb}: {v}, {det}" for la, lb, _, det, v in texts)
        + " | `segment` |"
    )


#: the Williams comparisons of rows 5 and 6 (A, B), one Holm family per row
SYSTEM_FAMILIES = [[("hlepor", "bleu"), ("hlepor", "ter"), ("hlepor", "meteor")], [("hlepor:pos=nltk", "hlepor")]]


def williams_leads(entries: list[dict]) -> dict[tuple[str, str], list[tuple]]:
    """Per comparison of ``claims-system.json``'s ``williams``: (pair, r of A, r of B, leader, its
    Holm-adjusted one-sided p) per pair, Holm over the comparisons of a row (:data:`SYSTEM_FAMILIES`)."""
    by = {(w["a"], w["b"]): w["pairs"] for w in entries}
    out: dict[tuple[str, str], list[tuple]] = {}
    for family in SYSTEM_FAMILIES:
        lead = [
            [
                (x["pair"], x["r_a"], x["r_b"], *(("a", x["p_a"]) if x["r_a"] > x["r_b"] else ("b", x["p_b"])))
                for x in by[c]
            ]
            for c in family
        ]
        out.update(zip(family, holm(lead), strict=True))
    return out


def _system_rows(sysj: dict) -> list[str]:
    """Rows 5, 6 and 11 from ``claims-system.json``."""
    by = {r["name"]: r for r in sysj["rows"]}
    sample = "all lines" if sysj["lines"] == "all" else f"{sysj['lines']} lines"
    row = {spec: by[f"{spec} (mtmetrics, {sample})"] for spec in ("hlepor", "bleu", "ter", "meteor", "hlepor:pos=nltk")}
    nsys = sum(sysj["systems"].values())
    data = f"WMT21 official system DA z, {len(sysj['pairs'])} to-English pairs, {nsys} MT systems, {sample} of each"

    adjusted = williams_leads(sysj["williams"])

    def wtexts(comparisons: list[tuple[str, str, str, str]]) -> list[tuple[str, str]]:
        out = []
        for a, b, la, lb in comparisons:
            pairs = adjusted[(a, b)]
            _, det, v = _compare_text(pairs, la, lb, 0)
            out.append((v, f"vs {lb}: {v} (ahead on {sum(x[3] == 'a' for x in pairs)}/{len(pairs)}; {det})"))
        return out

    parts5 = wtexts([("hlepor", b, "hLEPOR", lb) for b, lb in (("bleu", "BLEU"), ("ter", "TER"), ("meteor", "METEOR"))])
    labels = (("hlepor", "hLEPOR"), ("bleu", "BLEU"), ("ter", "TER"), ("meteor", "METEOR"))
    [(v6, t6)] = wtexts([("hlepor:pos=nltk", "hlepor", "hLEPOR_E", "hLEPOR")])
    chosen = next(r for r in sysj["rows"] if r["name"].endswith("← chosen on dev"))
    chrf = next(r for r in sysj["rows"] if r["name"].startswith("chrf-A"))
    comet = next(r for r in sysj["rows"] if r["name"].startswith("COMET"))
    best = max((r for r in sysj["rows"] if r["name"].startswith("combination:")), key=lambda r: r["mean"])
    p_chrf = chosen["p_not_above_chrf"]
    v11 = "supported" if p_chrf < 0.05 else "reversed" if p_chrf > 0.95 else "not supported"
    return [
        f"| 5 | hLEPOR beats BLEU, TER and METEOR at system level across language pairs | {data} | "
        "mean over pairs of system Pearson r | "
        + "; ".join(f"{lab} {_ci(row[s])}" for s, lab in labels)
        + " | Williams per pair, Holm over the row's 21 tests | "
        + f"**{_combine([v for v, _ in parts5])}**: "
        + "; ".join(t for _, t in parts5)
        + " | `system` |",
        f"| 6 | hLEPOR_E (POS level, NLTK perceptron tagger) adds to hLEPOR | as 5 | as 5 | "
        f"hLEPOR_E {_ci(row['hlepor:pos=nltk'])} vs hLEPOR {_ci(row['hlepor'])} | Williams per pair, Holm | "
        f"**{v6}**: {t6} | `system` |",
        "| 11 | a combination of the classic metrics, trained and chosen on dev only, beats chrF (and approaches "
        f"COMET) at system level | as 5 | mean over pairs of system Pearson r | chosen on dev "
        f"({chosen['name'][13:].replace(' ← chosen on dev', '')}; dev r {chosen['dev_r']:.3f}): {_ci(chosen)}; "
        f"chrF (data's) {_ci(chrf)}; COMET {_ci(comet)}; best recipe on test: "
        f"{best['name'][13:].replace(' ← chosen on dev', '')} {best['mean']:.3f} | paired bootstrap over systems "
        f"({sysj['bootstrap']:,}) | **{v11}**: share of resamples where the chosen combination is not above "
        f"chrF {p_chrf:.3f}, not above COMET {chosen['p_not_above_comet']:.3f} | `system` |",
    ]


def _orange_row(ora: dict) -> str:
    """Row 7: ORANGE's ranking of the variants on the Joshua n-best lists."""
    ms = sorted(ora["metrics"], key=lambda m: m["orange"])
    rank = {m["spec"]: k for k, m in enumerate(ms, start=1)}
    s4, b4 = (next(m for m in ms if m["spec"] == s) for s in ("rouge-s:skip=4", "bleus:max_order=4"))

    def oc(m: dict) -> str:
        return f"{100 * m['orange']:.2f} [{100 * m['orange_lower']:.2f}, {100 * m['orange_upper']:.2f}]"

    close = [m for m in ms if m["orange_lower"] <= ms[0]["orange_upper"]]  # reaching the best's interval
    # no paired test: supported only if the two are best and every other variant's interval lies above both
    clear = all(m["orange_lower"] > max(s4["orange_upper"], b4["orange_upper"]) for m in ms if m not in (s4, b4))
    v7 = "supported" if {rank["rouge-s:skip=4"], rank["bleus:max_order=4"]} == {1, 2} and clear else "not supported"
    return (
        f"| 7 | ROUGE-S4 and BLEUS4 rank best by ORANGE | Joshua bn-en n-best, {len(ora['refs'])} references, "
        f"{ora['sentences']} sentences ({ora['candidates']} candidates) | ORANGE % (lower is better) | "
        f"BLEUS4 {oc(b4)}, {rank['bleus:max_order=4']} of {len(ms)}; ROUGE-S4 {oc(s4)}, "
        f"{rank['rouge-s:skip=4']} of {len(ms)}; best {ms[0]['spec']} {oc(ms[0])} | bootstrap intervals "
        f"({ora['bootstrap']['n']:,} resamples of sentences; no paired test) | **{v7}**: {len(close)} of "
        f"{len(ms)} variants' intervals reach the best's | `orange` |"
    )


def _rank_row(rk: dict, rep: dict) -> str:
    """Row 8: ORANGE's ranking against the correlation ranking."""
    vs = rk["variants"]
    best_c, best_o = (min(vs, key=lambda v: v[k]) for k in ("pearson_rank", "orange_rank"))
    sig = rk["p_spearman"] < 0.05
    v8 = "supported" if rk["spearman"] > 0 and sig else "reversed" if rk["spearman"] < 0 and sig else "not supported"
    seg_data = SAMPLED[any(t.get("sample") for t in rep["tables"])]
    return (
        f"| 8 | ORANGE's ranking agrees with the correlation-based ranking | the {len(vs)} variants of 7: ORANGE "
        f"on Joshua bn-en vs mean segment Pearson on the data of 1 ({seg_data}) | rank correlation over the "
        f"{len(vs)} variants | Spearman {rk['spearman']:.2f} (p = {rk['p_spearman']:.2f}), "
        f"Kendall {rk['kendall']:.2f} (p = {rk['p_kendall']:.2f}); best by correlation {best_c['spec']} "
        f"({best_c['orange_rank']} by ORANGE), best by ORANGE {best_o['spec']} ({best_o['pearson_rank']} by "
        f"correlation) | scipy's rank-correlation p | **{v8}** (different data sets on the two sides) "
        "| `orange-corr` |"
    )


def _mct_row(mct: dict) -> str:
    """Row 9: the segment-level MCT against chrF, segment and system level."""
    a = next(m["spec"] for m in mct["tables"][0]["metrics"] if m["spec"].startswith("combo"))
    n = mct["permutations"]["n"]  # segment level: PERM-BOTH; system level: Williams (analytic)
    seg, sys_ = (_level_pairs(mct, a, "chrf", level) for level in ("segment", "system"))
    [seg] = holm([seg], n)
    [sys_] = holm([sys_])  # one family per test kind: the resampled p-values are not Williams'
    texts = [
        (lv, *_compare_text(pairs, "MCT", "chrF", k)) for lv, pairs, k in (("segment", seg, n), ("system", sys_, 0))
    ]
    tests = {c["level"]: c for c in mct["tables"][0]["clusters"]}.values()
    return (
        "| 9 | MCT combinations beat their best component | WMT21 DA is/ja/ru, "
        + SAMPLED[any(t.get("sample") for t in mct["tables"])]
        + "; MCT BLEUS + chrF trained on WMT22 dev (`source-features-mct-ngram.json`) | segment and system "
        "Pearson r | "
        + "; ".join(f"{lv}: {res}" for lv, res, _, _ in texts)
        + " | "
        + ", ".join(f"{TESTS.get(c['test'], c['test'])} ({c['level']})" for c in tests)
        + ", Holm per level"
        + f" | **{_combine([v for *_, v in texts])}**: "
        + "; ".join(f"{lv}: {v}, {det}" for lv, _, det, v in texts)
        + " | `mct` |"
    )


def segment_docs(out: Path) -> list[tuple[tuple, dict]]:
    """(comparison, report JSON) of every segment-level comparison whose report exists, in row order."""
    paths = [(c, out / f"claims-seg-{c[1]}.json") for c in COMPARISONS]
    return [(c, json.loads(p.read_text(encoding="utf-8"))) for c, p in paths if p.exists()]


def summary_rows(out: Path, sliced: bool = False) -> list[str]:
    """The rows of claims.md's summary table, each built from the files the parts wrote (a row whose
    files are missing says so)."""

    def load_json(name: str) -> dict | None:
        return json.loads((out / name).read_text(encoding="utf-8")) if (out / name).exists() else None

    def missing(num: str, claim: str, part: str) -> str:
        return f"| {num} | {claim} | not run (part `{part}`) | | | | | |"

    rows = []
    for num, claim in SEGMENT_CLAIMS.items():
        docs = [(c, d) for c, d in segment_docs(out) if c[0] == num]
        rows.append(_segment_rows(num, claim, docs) if docs else missing(num, claim, "segment"))
    sysj = load_json("claims-system.json")
    rows += _system_rows(sysj) if sysj else [missing(n, c, "system") for n, c in SYSTEM_CLAIMS.items()]
    ora, rk, mct = (load_json(f"claims-{n}.json") for n in ("orange-joshua", "orange-rank", "mct-wmt21"))
    rows.append(_orange_row(ora) if ora else missing("7", "ROUGE-S4 and BLEUS4 rank best by ORANGE", "orange"))
    rep = load_json("claims-orange-wmt21.json") or {"tables": []}
    claim8 = "ORANGE's ranking agrees with the correlation-based ranking"
    rows.append(_rank_row(rk, rep) if rk else missing("8", claim8, "orange-corr"))
    rows.append(_mct_row(mct) if mct else missing("9", "MCT combinations beat their best component", "mct"))
    para = out / "paraphrase-models.md"
    claim10 = "paraphrase models beat the baseline model B"
    rows.append(
        _paraphrase_row(para.read_text(encoding="utf-8"), sliced)
        if para.exists()
        else missing("10", claim10, "paraphrase")
    )
    return sorted(rows, key=lambda r: int(r.split(" | ")[0].lstrip("| ")))


def _paraphrase_row(text: str, sliced: bool) -> str:
    """Row 10 from ``paraphrase-models.md``: model B against BP, per pair (Williams' one-sided p)."""
    lines = text.splitlines()

    def cells(prefix: str) -> list[str]:
        return [c.strip() for c in next(x for x in lines if x.startswith(prefix)).strip("|").split("|")]

    pairs = cells("| Model |")[3:]
    rb, rbp = ([float(x.split()[0]) for x in cells(f"| {m} |")[3:]] for m in ("B", "BP"))
    ps = [float(c.split("W p=")[1].split(",")[0]) for c in cells("| B vs. BP |")[1:]]
    raw = [(lp, x, y, *(("a", p) if x > y else ("b", 1 - p))) for lp, x, y, p in zip(pairs, rbp, rb, ps, strict=True)]
    *_, significant, _, v = tally(holm([raw])[0])
    sig = [f"{x[0]} (p Holm = {x[4]:.2g})" for x in significant]
    rows_used = next((x for x in lines if x.startswith("Training table:")), "")
    trained = rows_used.split("(")[1].split(",")[0] if "(" in rows_used else "?"
    return (
        "| 10 | paraphrase models beat the baseline model B | WMT21 DA is/ja/ru, "
        + ("all judged segments" if not sliced else "the first rows only")
        + " (`paraphrase-models.md`) | segment Pearson r | B vs BP: "
        + ", ".join(f"{lp} {x:.3f} vs {y:.3f}" for lp, x, y in zip(pairs, rb, rbp, strict=True))
        + f" | Williams, Holm over the pairs | **{v}**: BP significant on {len(sig)}/{len(pairs)}"
        + (f" ({', '.join(sig)})" if sig else "")
        + f"; trained on {trained} of WMT17 dev | `paraphrase` |"
    )


def floors_table(out: Path) -> list[str]:
    """The floors of the WMT22 MQM report beside BLEU's and chrF's values, per pair and measure."""
    doc_path = out / "claims-floors-wmt22-mqm.json"
    if not doc_path.exists():
        return ["(part `floors` not run)"]
    lines = [
        "| pair | level | measure | constant metric | random metric | BLEU | chrF |",
        "|---|---|---|---|---|---|---|",
    ]
    for tb in json.loads(doc_path.read_text(encoding="utf-8"))["tables"]:
        fl: dict[tuple[str, str, str], dict[str, float]] = defaultdict(dict)
        for e in tb.get("floors") or []:
            fl[(e["group"], e["level"], e["kind"])][e["metric"]] = e["value"]
        val = {(e["group"], e["level"], e["kind"], e["metric"]): e["value"] for e in tb["correlations"]}
        for key, f in sorted(fl.items()):
            bleu, chrf = ("" if v is None else f"{v:.3f}" for v in (val.get((*key, m)) for m in ("bleu", "chrf")))
            cst = next((v for k, v in f.items() if "constant" in k), math.nan)
            rnd = next((v for k, v in f.items() if "random" in k), math.nan)
            rnd_text = "" if math.isnan(rnd) else f"{rnd:.3f}"
            lines.append(f"| {' | '.join(key)} | {cst:.3f} | {rnd_text} | {bleu} | {chrf} |")
    return lines


BEGIN, END = "<!-- generated by bench/claims.py all: {} -->", "<!-- end of generated: {} -->"


def _replace_block(text: str, name: str, body: list[str]) -> str:
    """Replace the generated block ``name`` of claims.md (appended if absent)."""
    begin, end = BEGIN.format(name), END.format(name)
    block = begin + "\n" + "\n".join(body) + "\n" + end
    if begin in text and end in text:
        return text[: text.index(begin)] + block + text[text.index(end) + len(end) :]
    return text.rstrip("\n") + "\n\n" + block + "\n"


def render_doc(out: Path, doc: Path, run: dict) -> None:
    """Write the generated blocks of claims.md (the summary table, the floors, the timings) and
    claims-segment.md."""
    head = ["| # | claim | data | measure | result | test | verdict | part |", "|---|---|---|---|---|---|---|---|"]
    per_part = ", ".join(f"{k} {v['seconds'] / 60:.1f} min" for k, v in run["parts"].items())
    timing = [
        f"`{run['command']}`: {run['seconds'] / 60:.1f} min in all with `-j {run['jobs']}` "
        f"(per part, as last run: {per_part})."
    ]
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# claims (generated blocks only)\n"
    text = _replace_block(text, "timing", timing)
    text = _replace_block(text, "summary", head + summary_rows(out, bool(run.get("slice"))))
    doc.write_text(_replace_block(text, "floors", floors_table(out)), encoding="utf-8")
    if segment_docs(out):
        (out / "claims-segment.md").write_text(segment_markdown(segment_docs(out), run), encoding="utf-8")
