"""The report as one self-contained HTML page: inline CSS, inline SVG plots, a few lines of inline script.

Nothing is loaded from elsewhere (no font, script or image URL), so the page opens offline and
prints. Systems are told apart by grey level *and* hatching, so plots survive grey-scale printing;
tables scroll sideways inside their box on a phone-width window. Every table names the signature
of the metric (or word analysis) that made its numbers, and every number repeats it as a tooltip.
"""

from __future__ import annotations

from html import escape
from typing import Any

#: fills of the systems' bars: grey levels with patterns (defined once in the page, see _DEFS)
FILLS = ["url(#f0)", "url(#f1)", "url(#f2)", "url(#f3)", "url(#f4)", "url(#f5)"]

_DEFS = """<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>
<pattern id="f0" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#222"/></pattern>
<pattern id="f1" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#bbb"/></pattern>
<pattern id="f2" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="6" height="6" fill="#fff"/><rect width="3" height="6" fill="#555"/></pattern>
<pattern id="f3" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#eee"/>
<circle cx="3" cy="3" r="1.6" fill="#333"/></pattern>
<pattern id="f4" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#777"/></pattern>
<pattern id="f5" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
<rect width="6" height="6" fill="#ddd"/><rect width="2" height="6" fill="#222"/></pattern>
</defs></svg>"""

_CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#111;background:#fff}
main{max-width:1200px;margin:0 auto;padding:12px 16px}
h1{font-size:1.5em}h2{border-bottom:2px solid #333;padding-bottom:2px;margin-top:2em}h3{font-size:1.05em}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:6px 0 14px;font-variant-numeric:tabular-nums}
th,td{border:1px solid #999;padding:3px 7px;text-align:right;vertical-align:top}
th{background:#e8e8e8;cursor:pointer}td.l,th.l{text-align:left}
caption{caption-side:top;text-align:left;font-size:.8em;color:#333;padding:2px 0;word-break:break-all}
.sig{font-family:ui-monospace,monospace;font-size:.78em;color:#333;word-break:break-all}
.sigbox{border:1px dashed #777;padding:3px 6px;margin:4px 0}
.star{font-weight:bold}.ns{color:#555}
svg.plot{width:100%;max-width:900px;height:auto;display:block}
.legend span{display:inline-block;margin-right:12px}.legend svg{vertical-align:middle}
.ex{border:1px solid #999;margin:10px 0;padding:6px 8px}.ex .row{display:grid;grid-template-columns:11em 1fr;gap:6px}
@media (max-width:700px){.ex .row{grid-template-columns:1fr}body{font-size:14px}}
mark{background:none;color:inherit}mark.m1{text-decoration:underline}mark.m2{text-decoration:underline;font-weight:600}
mark.m3,mark.m4{text-decoration:underline double;font-weight:700}
nav a{margin-right:10px}
@media print{th{cursor:auto}.scroll{overflow:visible}}
"""

_SCRIPT = """
window.addEventListener('error',function(e){var d=document.getElementById('page-errors');
d.textContent+=String(e.message)+'\\n';d.hidden=false;});
document.querySelectorAll('table.sortable').forEach(function(t){
t.querySelectorAll('thead th').forEach(function(th,i){th.addEventListener('click',function(){
var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows),asc=th.dataset.asc!=='1';th.dataset.asc=asc?'1':'0';
rows.sort(function(a,b){var x=a.cells[i].dataset.v,y=b.cells[i].dataset.v;
var nx=parseFloat(x),ny=parseFloat(y);var c=(isNaN(nx)||isNaN(ny))?String(x).localeCompare(String(y)):nx-ny;
return asc?c:-c;});rows.forEach(function(r){body.appendChild(r);});});});});
document.body.dataset.ready='1';
"""


def _f(x: float | None, d: int = 2) -> str:
    return "–" if x is None else f"{x:.{d}f}"


def _num(x: float | None, sig: str, d: int = 2, extra: str = "") -> str:
    v = "" if x is None else repr(float(x))
    return f'<td data-v="{v}" title="{escape(sig)}">{_f(x, d)}{extra}</td>'


def _p(test: dict[str, Any] | None) -> str:
    if test is None:
        return '<td data-v="" class="ns">–</td>'
    p = test["p_value"]
    mark = '<span class="star">*</span>' if test["significant"] else ""
    return f'<td data-v="{p!r}" title="paired bootstrap p-value against the baseline">{p:.4f}{mark}</td>'


def _table(head: list[str], rows: list[str], caption: str, sortable: bool = True) -> str:
    cls = ' class="sortable"' if sortable else ""
    th = "".join(f'<th class="l">{h}</th>' if i == 0 else f"<th>{h}</th>" for i, h in enumerate(head))
    return (
        f'<div class="scroll"><table{cls}><caption>{caption}</caption><thead><tr>{th}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _sig(sig: str) -> str:
    return f'signature: <span class="sig">{escape(sig)}</span>'


def _bars(
    groups: list[str],
    values: list[list[tuple[float | None, float | None, float | None]]],
    names: list[str],
    title: str,
) -> str:
    """Grouped bars (one group per label, one bar per system) with interval whiskers, as inline SVG.

    Bars start at zero (a bar's length is its value); scores compared on a narrow range are
    drawn by :func:`_dots` instead."""
    S = len(names)
    W, H, left, top, bottom = 900, 300, 50, 24, 60
    flat = [v for g in values for t in g for v in t if v is not None]
    hi = max(flat) if flat else 1.0
    low = 0.0
    hi = hi if hi > low else low + 1.0
    gw = (W - left - 10) / max(len(groups), 1)
    bw = gw * 0.8 / S

    def y(v: float) -> float:
        return top + (H - top - bottom) * (1 - (v - low) / (hi - low))

    parts = [f'<svg class="plot" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(title)}">']
    for k in range(5):
        tick = low + (hi - low) * k / 4
        parts.append(f'<line x1="{left}" x2="{W - 10}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ccc"/>')
        parts.append(f'<text x="{left - 4}" y="{y(tick) + 4:.1f}" font-size="11" text-anchor="end">{tick:.3g}</text>')
    for g, label in enumerate(groups):
        x0 = left + g * gw + gw * 0.1
        for s in range(S):
            v, a, b = values[g][s]
            x = x0 + s * bw
            if v is not None:
                parts.append(
                    f'<rect x="{x:.1f}" y="{y(v):.1f}" width="{bw:.1f}" height="{max(y(low) - y(v), 0):.1f}" '
                    f'fill="{FILLS[s % len(FILLS)]}" stroke="#000" stroke-width="0.6"><title>{escape(names[s])}: '
                    f"{v:.4g}</title></rect>"
                )
            if a is not None and b is not None:
                cx = x + bw / 2
                parts.append(
                    f'<path d="M{cx:.1f} {y(a):.1f}V{y(b):.1f}M{cx - 3:.1f} {y(a):.1f}h6M{cx - 3:.1f} {y(b):.1f}h6" '
                    'stroke="#000" stroke-width="1.2" fill="none"/>'
                )
        cx, ty = x0 + gw * 0.4, H - bottom + 16
        # many groups (labels, length differences): labels turned so that neighbours do not overlap
        turn = (
            f' transform="rotate(-50 {cx:.1f} {ty - 4})" text-anchor="end"'
            if len(groups) > 12
            else ' text-anchor="middle"'
        )
        parts.append(f'<text x="{cx:.1f}" y="{ty}" font-size="11"{turn}>{escape(label)}</text>')
    parts.append(f'<text x="{left}" y="14" font-size="12">{escape(title)}</text></svg>')
    return "".join(parts)


def _dots(
    rows: list[tuple[str, float | None, float | None, float | None]], title: str, baseline: float | None = None
) -> str:
    """One row per system: the score as a dot, its 95 % interval as a whisker, on an axis spanning the
    intervals (as SVG). Position, not length, carries the value, so the axis need not start at zero
    (bars would then exaggerate differences); the baseline's score is a dashed vertical line."""
    W, left, right, top, row_h = 900, 170, 20, 26, 26
    H = top + row_h * len(rows) + 28
    flat = [v for _, *t in rows for v in t if v is not None]
    lo, hi = (min(flat), max(flat)) if flat else (0.0, 1.0)
    pad = (hi - lo) * 0.08 or max(abs(hi) * 0.05, 0.5)
    lo, hi = lo - pad, hi + pad

    def x(v: float) -> float:
        return left + (W - left - right) * (v - lo) / (hi - lo)

    parts = [f'<svg class="plot" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(title)}">']
    for k in range(6):
        tick = lo + (hi - lo) * k / 5
        parts.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top - 6}" y2="{H - 24}" stroke="#ccc"/>')
        parts.append(f'<text x="{x(tick):.1f}" y="{H - 8}" font-size="11" text-anchor="middle">{tick:.4g}</text>')
    if baseline is not None:
        parts.append(
            f'<line x1="{x(baseline):.1f}" x2="{x(baseline):.1f}" y1="{top - 6}" y2="{H - 24}" stroke="#000" '
            'stroke-dasharray="4 3"/>'
        )
    for r, (name, v, a, b) in enumerate(rows):
        cy = top + row_h * r + row_h / 2
        parts.append(f'<text x="{left - 8}" y="{cy + 4:.1f}" font-size="12" text-anchor="end">{escape(name)}</text>')
        if a is not None and b is not None:
            parts.append(
                f'<path d="M{x(a):.1f} {cy:.1f}H{x(b):.1f}M{x(a):.1f} {cy - 5:.1f}v10M{x(b):.1f} {cy - 5:.1f}v10" '
                'stroke="#000" stroke-width="1.4" fill="none"/>'
            )
        if v is not None:
            parts.append(
                f'<circle cx="{x(v):.1f}" cy="{cy:.1f}" r="5" fill="{FILLS[r % len(FILLS)]}" stroke="#000">'
                f"<title>{escape(name)}: {v:.4g}"
                + ("" if a is None or b is None else f" [{a:.4g}, {b:.4g}]")
                + "</title></circle>"
            )
    parts.append(f'<text x="{left}" y="14" font-size="12">{escape(title)}</text></svg>')
    return "".join(parts)


def _legend(names: list[str]) -> str:
    items = "".join(
        f'<span><svg width="18" height="12"><rect width="18" height="12" fill="{FILLS[s % len(FILLS)]}" '
        f'stroke="#000"/></svg> {escape(n)}{" (baseline)" if s == 0 else ""}</span>'
        for s, n in enumerate(names)
    )
    return f'<div class="legend">{items}</div>'


def _scores(r: dict[str, Any], names: list[str]) -> str:
    out = ['<section id="scores"><h2>Aggregate scores</h2>']
    for m in r["scores"]:
        sig = m["signature"]
        rows = []
        for s, cell in enumerate(m["systems"]):
            test = None if s == 0 else m["tests"][s - 1]
            rows.append(
                f'<tr><td class="l" data-v="{escape(names[s])}">{escape(names[s])}</td>'
                + _num(cell["score"], sig)
                + _num(cell["lower"], sig)
                + _num(cell["upper"], sig)
                + (_num(test["delta"], sig) if test else '<td data-v="">baseline</td>')
                + _p(test)
                + "</tr>"
            )
        out.append(f"<h3>{escape(m['metric'])}</h3>")
        out.append(_table(["system", "score", "95 % lower", "95 % upper", "Δ vs baseline", "p"], rows, _sig(sig)))
        dots = [(names[s], c["score"], c["lower"], c["upper"]) for s, c in enumerate(m["systems"])]
        title = f"{m['metric']}: score (dot) and 95 % interval (whisker); dashed: the baseline; axis not from zero"
        out.append(_dots(dots, title, m["systems"][0]["score"]))
    out.append("</section>")
    return "".join(out)


def _buckets(r: dict[str, Any], names: list[str]) -> str:
    out = ['<section id="buckets"><h2>Sentence buckets</h2>']
    for kind in r["sentence_buckets"]:
        out.append(f'<h3 id="bucket-{kind["kind"]}">by {escape(kind["title"])}</h3>')
        out.append(f'<div class="sigbox">buckets: {_sig(kind["signature"])}</div>')
        labels = [b["label"] for b in kind["buckets"]]
        counts: list[list[tuple[float | None, float | None, float | None]]] = [
            [(float(c), None, None) for c in b["count"]] for b in kind["buckets"]
        ]
        out.append(_bars(labels, counts, names, f"segments per bucket ({kind['title']})"))
        head = ["bucket"] + [f"n {escape(n)}" for n in names]
        if kind["per_system"]:
            head += [f"p count {escape(n)}" for n in names[1:]]
        rows = []
        for b in kind["buckets"]:
            cells = [f'<td class="l" data-v="{escape(b["label"])}">{escape(b["label"])}</td>']
            cells += [f'<td data-v="{c}" title="{escape(kind["signature"])}">{c}</td>' for c in b["count"]]
            if kind["per_system"]:
                cells += [_p(t) for t in b["count_tests"]]
            rows.append("<tr>" + "".join(cells) + "</tr>")
        out.append(
            _table(
                head,
                rows,
                "segments per bucket"
                + ("; p: paired bootstrap of the count against the baseline" if kind["per_system"] else ""),
            )
        )
        for m in r["scores"]:
            spec, sig = m["metric"], m["signature"]
            head = ["bucket"] + [f"{escape(n)} [95 %]" for n in names]
            if not kind["per_system"]:
                head += [f"p {escape(n)}" for n in names[1:]]
            rows = []
            for b in kind["buckets"]:
                cells = [f'<td class="l" data-v="{escape(b["label"])}">{escape(b["label"])}</td>']
                for c in b["scores"][spec]:
                    if c is None:
                        cells.append('<td data-v="">–</td>')
                    else:
                        cells.append(_num(c["score"], sig, 2, f" <small>[{_f(c['lower'])}, {_f(c['upper'])}]</small>"))
                if not kind["per_system"]:
                    cells += [_p(t) for t in b["tests"][spec]]
                rows.append("<tr>" + "".join(cells) + "</tr>")
            out.append(_table(head, rows, f"{escape(spec)} per bucket; {_sig(sig)}"))
    out.append("</section>")
    return "".join(out)


def _prf_table(w: dict[str, Any], names: list[str], first: str, plot_title: str) -> str:
    """Plot and table of word-accuracy buckets (F with interval, recall, precision, p of the F difference)."""
    sig = w["signature"]
    vals = [[(s["f"], s["f_lower"], s["f_upper"]) for s in b["systems"]] for b in w["buckets"]]
    out = [_bars([b["label"] for b in w["buckets"]], vals, names, plot_title)]
    head = [first, "ref words"]
    for n in names:
        head += [f"F {escape(n)}", f"R {escape(n)}", f"P {escape(n)}"]
    head += [f"p F {escape(n)}" for n in names[1:]]
    rows = []
    for b in w["buckets"]:
        cells = [
            f'<td class="l" data-v="{escape(b["label"])}">{escape(b["label"])}</td>',
            f'<td data-v="{b["reference_words"]}">{b["reference_words"]}</td>',
        ]
        for s in b["systems"]:
            cells.append(_num(s["f"], sig, 4, f" <small>[{_f(s['f_lower'], 3)}, {_f(s['f_upper'], 3)}]</small>"))
            cells += [_num(s["recall"], sig, 4), _num(s["precision"], sig, 4)]
        cells += [_p(t) for t in b["tests"]]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    out.append(_table(head, rows, _sig(sig)))
    return "".join(out)


def _words(r: dict[str, Any], names: list[str]) -> str:
    w = r["word_accuracy"]
    return (
        '<section id="words"><h2>Word accuracy by frequency</h2>'
        f"<p>Output words bucketed by their frequency in {escape(w['frequency_from'])} (compare-mt's analysis); "
        "F-measure with 95 % bootstrap interval, recall and precision.</p>"
        + _prf_table(w, names, "frequency", "word F-measure by frequency bucket")
        + "</section>"
    )


def _labels(r: dict[str, Any], names: list[str]) -> str:
    w = r.get("label_accuracy")
    out = ['<section id="labels"><h2>Word accuracy by label</h2>']
    if w is None:
        out.append(
            "<p>Not computed: give one label per word (e.g. part-of-speech tags) with --ref-labels and "
            "--out-labels, or let --tag label the words.</p></section>"
        )
        return "".join(out)
    out.append(
        f"<p>Words bucketed by their label (labels from {escape(w['labels_from'])}); an output word matched to a "
        "reference word takes that word's label (compare-mt's analysis). F-measure with 95 % bootstrap interval, "
        "recall and precision.</p>"
    )
    out.append(_prf_table(w, names, "label", "word F-measure by label"))
    out.append("</section>")
    return "".join(out)


def _source(r: dict[str, Any], names: list[str]) -> str:
    w = r.get("source_word_accuracy")
    out = ['<section id="source"><h2>Source-word accuracy by frequency</h2>']
    if w is None:
        out.append(
            "<p>Not computed: give the source with --src and its word alignment to the reference with --align "
            "(e.g. mtmetrics align's output).</p></section>"
        )
        return "".join(out)
    sig = w["signature"]
    out.append(
        f"<p>Source words bucketed by their frequency in {escape(w['frequency_from'])}; a source word is translated "
        f"right when every reference word aligned to it (<code>{escape(w['alignment'])}</code>) is matched by the "
        "output (compare-mt's analysis; unaligned source words never are). Recall with 95 % bootstrap interval.</p>"
    )
    vals = [[(s["recall"], s["recall_lower"], s["recall_upper"]) for s in b["systems"]] for b in w["buckets"]]
    out.append(_bars([b["label"] for b in w["buckets"]], vals, names, "source-word recall by frequency bucket"))
    head = ["frequency", "source words"]
    for n in names:
        head += [f"matched {escape(n)}", f"R {escape(n)} [95 %]"]
    head += [f"p R {escape(n)}" for n in names[1:]]
    rows = []
    for b in w["buckets"]:
        cells = [
            f'<td class="l" data-v="{escape(b["label"])}">{escape(b["label"])}</td>',
            f'<td data-v="{b["source_words"]}">{b["source_words"]}</td>',
        ]
        for s in b["systems"]:
            cells.append(f'<td data-v="{s["matches"]}" title="{escape(sig)}">{s["matches"]}</td>')
            cells.append(
                _num(s["recall"], sig, 4, f" <small>[{_f(s['recall_lower'], 3)}, {_f(s['recall_upper'], 3)}]</small>")
            )
        cells += [_p(t) for t in b["tests"]]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    out.append(_table(head, rows, _sig(sig)))
    out.append("</section>")
    return "".join(out)


def _ngrams(r: dict[str, Any], names: list[str]) -> str:
    g = r["ngrams"]
    sig = g["signature"]
    out = [
        '<section id="ngrams"><h2>Characteristic n-grams</h2>',
        f"<p>n-grams ({g['min_order']}–{g['max_order']}) one system matches in the reference more often than the "
        f"other: compare-mt's smoothed ratio (a + α) / (a + b + 2α), α = {g['alpha']}.</p>",
    ]
    for pair in g["pairs"]:
        a, b = names[pair["left"]], names[pair["right"]]
        for key, better in (("left_better", a), ("right_better", b)):
            rows = [
                f'<tr><td class="l" data-v="{escape(e["ngram"])}">{escape(e["ngram"])}</td>'
                + _num(e["ratio"], sig, 4)
                + f'<td data-v="{e["left"]}">{e["left"]}</td><td data-v="{e["right"]}">{e["right"]}</td></tr>'
                for e in pair[key]
            ]
            out.append(f"<h3>{escape(better)} matches more ({escape(a)} vs {escape(b)})</h3>")
            out.append(_table(["n-gram", "ratio", escape(a), escape(b)], rows, _sig(sig)))
    out.append("</section>")
    return "".join(out)


def _marked(tokens: list[str], marks: list[int]) -> str:
    return " ".join(
        f'<mark class="m{m}">{escape(t)}</mark>' if m else escape(t) for t, m in zip(tokens, marks, strict=True)
    )


def _examples(r: dict[str, Any], names: list[str]) -> str:
    e = r["examples"]
    sig = e["signature"]
    out = [
        '<section id="examples"><h2>Examples</h2>',
        f"<p>Segments where the systems differ most by sentence {escape(e['metric'])} ({_sig(sig)}). Output words in a "
        "matched reference n-gram are underlined (single: unigram, bold: bigram, double: 3-gram or longer).</p>",
    ]
    for pair in e["pairs"]:
        a, b = names[pair["left"]], names[pair["right"]]
        for key, better in (("right_better", b), ("left_better", a)):
            out.append(f"<h3>{escape(better)} better ({escape(a)} vs {escape(b)})</h3>")
            for line in pair[key]:
                seg = e["segments"][str(line)]
                rows = [f'<div class="ex"><div class="row"><b>line</b><span>{line}</span></div>']
                if seg["source"] is not None:
                    rows.append(f'<div class="row"><b>source</b><span>{escape(seg["source"])}</span></div>')
                for k, ref in enumerate(seg["references"]):
                    rows.append(f'<div class="row"><b>reference {k + 1}</b><span>{escape(ref)}</span></div>')
                for s, o in enumerate(seg["outputs"]):
                    rows.append(
                        f'<div class="row"><b>{escape(names[s])} '
                        f'<span title="{escape(sig)}">({_f(o["score"])})</span></b>'
                        f"<span>{_marked(o['tokens'], o['marks'])}</span></div>"
                    )
                rows.append("</div>")
                out.append("".join(rows))
    out.append("</section>")
    return "".join(out)


SECTIONS = ("scores", "buckets", "words", "labels", "source", "ngrams", "examples")


def render(report: dict[str, Any]) -> str:
    """The HTML page of a report made by :class:`~.analysis.Analysis`."""
    names = [s["name"] for s in report["systems"]]
    systems = "".join(
        f"<li>{escape(n)}{' (baseline)' if i == 0 else ''}: <code>{escape(s['path'])}</code></li>"
        for i, (n, s) in enumerate(zip(names, report["systems"], strict=True))
    )
    notes = "".join(f"<li>{escape(n)}</li>" for n in report["notes"])
    nav = "".join(f'<a href="#{s}">{s}</a>' for s in SECTIONS)
    body = (
        f"<h1>mtmetrics analysis</h1><nav>{nav}</nav>"
        f"<p>{report['segments']} segments; references: {escape(', '.join(report['references']))}; "
        f"mtmetrics {escape(report['mtmetrics'])}; bootstrap {report['settings']['n_bootstrap']} resamples, seed "
        f"{report['settings']['seed']}; * p &lt; {report['settings']['significance_level']}.</p>"
        f"<ul>{systems}</ul>{_legend(names)}<details><summary>How this report differs from compare-mt</summary>"
        f"<ul>{notes}</ul></details>"
        + _scores(report, names)
        + _buckets(report, names)
        + _words(report, names)
        + _labels(report, names)
        + _source(report, names)
        + _ngrams(report, names)
        + _examples(report, names)
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>mtmetrics analysis: {escape(' vs '.join(names))}</title><style>{_CSS}</style></head>"
        f'<body>{_DEFS}<main>{body}<pre id="page-errors" hidden></pre></main><script>{_SCRIPT}</script></body></html>\n'
    )
