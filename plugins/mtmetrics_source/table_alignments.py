"""Word alignments for the rows of a judged-segment table, computed once per group and cached.

The source metrics (SSCN, PRS, MPR) need the ``align_hyp`` / ``align_refs`` annotations for every
row of a meta-evaluation table. :func:`table_annotations` makes them with an aligner resource
(:mod:`.aligners`): per group (language pair), the *distinct* source↔hypothesis and
source↔reference pairs (many systems share a source and its references) are aligned together
in ONE run, so an unsupervised aligner sees the whole group's data and each text is aligned once.

eflomal takes no seed, so a rerun may give slightly different links. With a cache folder the
links of both directions are written there once (Pharaoh ``<group>-<key>.fwd`` and ``.rev``, 0-based
``i-j`` with ``i`` the source token, plus a ``.json`` sidecar) and read back on every later run:
every metric and every later command then sees the same links. ``key`` is a SHA-256 of the
aligner's signature, the source tokenizer and the group's distinct pairs, so changed data or
settings never reuse stale links. The symmetrised ``links`` are recomputed from the two directions
with the aligner's symmetrisation, exactly as the aligner itself does.

Sources are split by a sacrebleu tokenizer (:mod:`.source_tokens`), per group: the one given, else
the one the group's language pair implies (a group named ``ja-en`` → ``ja-mecab``), else (group
not a language pair) at spaces, refusing unsegmented Chinese/Japanese. Each alignment records it,
so a metric splitting the source otherwise refuses the links.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mtmetrics import InputError
from mtmetrics.io.files import atomic_write, read_text
from mtmetrics.io.tables import Columns, Table
from mtmetrics.jsonsafe import strict_loads

from .aligners import Aligner, symmetrise
from .alignments import Alignment, Links, read_pharaoh, tokens, write_pharaoh
from .source_tokens import pair_tokenizer, resolve, source_tokens

#: Version of the cache layout (part of the key).
CACHE_FORMAT = 1


def _key(aligner: Aligner, pairs: Sequence[tuple[str, str]], src_tokenize: str) -> str:
    head = f"mtmetrics-align-cache/{CACHE_FORMAT}\n{aligner.signature()}\n"
    if src_tokenize != "none":  # the key of links made on the source as given is unchanged
        head += f"srctok={src_tokenize}\n"
    digest = hashlib.sha256(head.encode())
    for src, tgt in pairs:
        digest.update(f"{src}\t{tgt}\n".encode())
    return digest.hexdigest()


def _sym(aligner: Aligner) -> str | None:
    """The aligner's symmetrisation, if it has one (eflomal); None: keep its own links."""
    return getattr(aligner, "sym", None)


def aligned_pairs(
    aligner: Aligner,
    pairs: Sequence[tuple[str, str]],
    cache_dir: str | Path | None = None,
    label: str = "pairs",
    src_tokenize: str = "none",
) -> list[Alignment]:
    """Alignments of ``(source, target)`` text pairs in one aligner run, read from ``cache_dir`` when saved there.

    Sources are split by sacrebleu tokenizer ``src_tokenize``, targets at whitespace.
    """
    sym = _sym(aligner)
    src_words = [source_tokens(s, src_tokenize) for s, _ in pairs]
    if cache_dir is None or sym is None:
        done = aligner.align(src_words, [tokens(t) for _, t in pairs], src_tokenize)
        return [dataclasses.replace(al, src_tokenize=src_tokenize) for al in done]
    key = _key(aligner, pairs, src_tokenize)
    stem = Path(cache_dir) / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', label)}-{key[:16]}"
    fwd_path, rev_path, meta_path = (stem.with_name(stem.name + s) for s in (".fwd", ".rev", ".json"))
    if not (fwd_path.exists() and rev_path.exists() and meta_path.exists()):
        done = aligner.align(src_words, [tokens(t) for _, t in pairs], src_tokenize)
        stem.parent.mkdir(parents=True, exist_ok=True)
        write_pharaoh(fwd_path, [a.fwd for a in done])
        write_pharaoh(rev_path, [a.rev for a in done])
        meta = {
            "format": CACHE_FORMAT,
            "key": key,
            "aligner": aligner.signature(),
            "source_tokenize": src_tokenize,
            "pairs": len(pairs),
            "label": label,
        }
        atomic_write(meta_path, json.dumps(meta, indent=1) + "\n")
    cached = strict_loads(read_text(meta_path, "alignment cache file", "model"), f"alignment cache file {meta_path}")
    if not isinstance(cached, dict) or not isinstance(cached.get("aligner"), str):
        raise InputError(f'alignment cache file {meta_path}: no "aligner"; delete the cache entry to realign.')
    origin = cached["aligner"]
    fwd = [sure for sure, _ in read_pharaoh(fwd_path)]
    rev = [sure for sure, _ in read_pharaoh(rev_path)]
    if len(fwd) != len(pairs) or len(rev) != len(pairs):
        raise RuntimeError(f"alignment cache {stem}: {len(fwd)}/{len(rev)} lines for {len(pairs)} pairs")
    out = []
    for (_, tgt), words, f, r in zip(pairs, src_words, fwd, rev, strict=True):
        links: Links = symmetrise(sym, len(words), len(tokens(tgt)), f, r)
        out.append(Alignment(links, f, r, origin, two_way=True, src_tokenize=src_tokenize))
    return out


def table_annotations(
    table: Table,
    columns: Columns,
    aligner: Aligner,
    cache_dir: str | Path | None = None,
    src_tokenize: str | None = None,
    option: str = "src_tokenize=...",
) -> dict[str, list[Any]]:
    """``align_hyp`` and ``align_refs`` for every row of ``table`` (one aligner run per group).

    A missing reference (empty cell) gets ``None`` in ``align_refs``, as the metrics expect. The
    sources are split by ``src_tokenize``, else by the tokenizer of the group's language pair (see
    the module docstring); ``option`` is named when a group's sources need a tokenizer chosen.
    """
    if columns.source is None:
        raise ValueError("aligning a table needs its source column")
    sources = table.columns[columns.source]
    hyps = table.columns[columns.hyp]
    refs = [table.columns[c] for c in columns.refs]
    groups = table.columns[columns.group] if columns.group else ["all"] * len(sources)
    rows_of: dict[str, list[int]] = {}
    for i, g in enumerate(groups):
        rows_of.setdefault(g, []).append(i)
    align_hyp: list[Alignment | None] = [None] * len(sources)
    align_refs: list[tuple[Alignment | None, ...]] = [()] * len(sources)
    for group, rows in rows_of.items():
        index: dict[tuple[str, str], int] = {}
        for i in rows:
            index.setdefault((sources[i], hyps[i]), len(index))
            for stream in refs:
                if stream[i] and stream[i].strip():
                    index.setdefault((sources[i], stream[i]), len(index))
        tok = (src_tokenize or pair_tokenizer(group)) if columns.group else src_tokenize
        tok = resolve(tok, (sources[i] for i in rows), option)
        done = aligned_pairs(aligner, list(index), cache_dir, group, tok)
        for i in rows:
            align_hyp[i] = done[index[sources[i], hyps[i]]]
            align_refs[i] = tuple(done[index[sources[i], s[i]]] if s[i] and s[i].strip() else None for s in refs)
    return {"align_hyp": align_hyp, "align_refs": align_refs}
