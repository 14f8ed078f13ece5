"""``mtmetrics align SRC TGT -o PREFIX``: word alignments for SSCN, PRS and MPR, written once, traceable.

Runs eflomal (the ``align`` extra: ``pip install 'mtmetrics[align]'``) on the line-aligned files
``SRC`` and ``TGT`` and writes Pharaoh files, one line per sentence pair, every link ``i-j`` with
``i`` the *source* token and ``j`` the *target* token, 0-based. Target tokens are the
ASCII-whitespace-separated words; source tokens are the words of sacrebleu's tokenizer
``--src-tokenize`` (default: the source language's with ``-l``, ``zh`` → ``zh``, ``ja`` →
``ja-mecab``, ``ko`` → ``ko-mecab``, others ``none``, i.e. at spaces; without ``-l``, at spaces,
refusing unsegmented Chinese/Japanese), exactly what the metrics split with the same
``src_tokenize``. The sidecar records it, and the metrics refuse files made with another one.

==================  ==========================================================================
``PREFIX.fwd``      source→target direction (each target word linked to at most one source
                    word): ``--align-hyp`` / ``--align-ref``, SSCN's constraint ``1``
``PREFIX.rev``      target→source direction (each source word linked to at most one target
                    word): ``--align-hyp-rev`` / ``--align-ref-rev``, SSCN's constraint ``2``
``PREFIX.inter``    intersection of the two
``PREFIX.union``    union of the two
``PREFIX.gdfa``     grow-diag-final-and (Koehn et al. 2005)
``PREFIX.json``     sidecar: settings, eflomal's version, SHA-256 of the inputs and outputs
==================  ==========================================================================

eflomal 2.0 has no seed option (its sampler seeds itself from ``/dev/urandom``), so two runs can
give slightly different links and ``--seed`` is not offered: the files are what makes a score
reproducible, and the sidecar's hashes tie a score to them. Typical use::

    mtmetrics align src.ja hyp.en -l ja-en -o hyp && mtmetrics align src.ja ref.en -l ja-en -o ref
    mtmetrics ref.en -i hyp.en --src src.ja -l ja-en -m sscn prs \\
        --align-hyp hyp.fwd --align-hyp-rev hyp.rev --align-ref ref.fwd --align-ref-rev ref.rev
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import mtmetrics
from mtmetrics import InputError
from mtmetrics.cli.args import bounded
from mtmetrics.io.files import atomic_write, check_writable
from mtmetrics.io.text import read_lines
from mtmetrics.params import checked_pair
from mtmetrics.resources.tokenizers import TOKENIZER_NAMES, tokenizer_signature

from .aligners import EflomalAligner, symmetrise
from .alignments import Links, tokens, write_pharaoh
from .source_tokens import language_tokenizer, resolve, source_tokens

#: Output suffix -> (what the file holds, how it is made from the two directions).
OUTPUTS: dict[str, tuple[str, str | None]] = {
    "fwd": ("source→target direction (each target word ≤ 1 source word); --align-hyp / --align-ref", None),
    "rev": ("target→source direction (each source word ≤ 1 target word); --align-hyp-rev / --align-ref-rev", None),
    "inter": ("intersection of fwd and rev", "intersect"),
    "union": ("union of fwd and rev", "union"),
    "gdfa": ("grow-diag-final-and of fwd and rev", "grow-diag-final-and"),
}
SIDECAR_FORMAT = 1


def build_parser(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``mtmetrics align`` on the core's parser (prog, one-line help: the core's)."""
    parser.description = "Word-align SRC with TGT using eflomal and write Pharaoh files for sscn, prs and mpr."
    parser.epilog = (
        "Writes PREFIX.fwd (source→target: --align-hyp), PREFIX.rev (target→source: --align-hyp-rev), "
        "PREFIX.inter, PREFIX.union, PREFIX.gdfa (links i-j, i the source token, 0-based) and PREFIX.json "
        "(settings, eflomal version, SHA-256 of inputs and outputs). eflomal takes no seed: runs may differ."
    )
    parser.add_argument("source", metavar="SRC", help="source sentences, one per line (.gz accepted)")
    parser.add_argument("target", metavar="TGT", help="translations (hypotheses or references), line-aligned")
    parser.add_argument("-o", "--output", required=True, metavar="PREFIX", help="prefix of the files written")
    parser.add_argument(
        "-l",
        "--language-pair",
        metavar="SRC-TRG",
        help="language pair; the source language chooses --src-tokenize's default (zh-en: zh, ja-en: ja-mecab, "
        "ko-en: ko-mecab, others: none)",
    )
    parser.add_argument(
        "--src-tokenize",
        metavar="TOK",
        choices=TOKENIZER_NAMES,
        help=f"sacrebleu tokenizer splitting the source ({', '.join(TOKENIZER_NAMES)}; none: at spaces, as given); "
        "score with the same src_tokenize. Default: the source language's (-l), else none, refusing "
        "unsegmented Chinese/Japanese",
    )
    parser.add_argument(
        "--model",
        type=int,
        choices=(1, 2, 3),
        default=3,
        help="eflomal model: 1 IBM1, 2 +HMM, 3 +fertility (default 3)",
    )
    parser.add_argument(
        "--extra",
        metavar="SRCFILE:TGTFILE",
        help="a parallel corpus aligned together with the input (better word statistics; only the input's "
        "links are written)",
    )
    parser.add_argument(
        "--n-samplers", type=bounded(int, 1, 64), default=3, help="eflomal's independent samplers, 1-64 (default 3)"
    )
    parser.add_argument(
        "--null-prior", type=bounded(float, 0, 1), default=0.2, help="eflomal's NULL prior, in [0, 1] (default 0.2)"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no message on standard error")


def sha256_of(path: str | Path) -> str:
    """SHA-256 of a file's bytes, as written on disk."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def align_files(
    source: str,
    target: str,
    prefix: str,
    aligner: EflomalAligner,
    extra: str | None = None,
    src_tokenize: str | None = None,
) -> dict[str, Any]:
    """Align ``source`` with ``target``, write ``PREFIX.<fwd|rev|inter|union|gdfa|json>``; return the sidecar.

    The source is split by sacrebleu tokenizer ``src_tokenize``; ``None`` (language unknown) splits
    it at spaces after refusing unsegmented Chinese/Japanese.
    """
    digests = [hashlib.sha256(), hashlib.sha256()]  # of the inputs as read, once (a pipe cannot be read again)
    src_lines, tgt_lines = read_lines(source, digests[0]), read_lines(target, digests[1])
    if len(src_lines) != len(tgt_lines):
        raise InputError(
            f"{source} has {len(src_lines)} lines but {target} has {len(tgt_lines)}: the files must be "
            f"line-aligned (one sentence pair per line)."
        )
    tok = resolve(src_tokenize, src_lines, "--src-tokenize TOK or -l SRC-TRG")
    src = [source_tokens(s, tok) for s in src_lines]
    tgt = [tokens(t) for t in tgt_lines]
    als = aligner.align(src, tgt, tok)
    links: dict[str, list[Links]] = {"fwd": [a.fwd for a in als], "rev": [a.rev for a in als]}
    for suffix, (_, method) in OUTPUTS.items():
        if method is not None:
            links[suffix] = [
                symmetrise(method, len(s), len(t), a.fwd, a.rev) for s, t, a in zip(src, tgt, als, strict=True)
            ]
    outputs = {}
    for suffix, (what, _) in OUTPUTS.items():
        path = f"{prefix}.{suffix}"
        write_pharaoh(path, links[suffix])
        outputs[suffix] = {"path": path, "sha256": sha256_of(path), "holds": what}
    sidecar = {
        "format": SIDECAR_FORMAT,
        "command": "mtmetrics align",
        "mtmetrics": mtmetrics.__version__,
        "aligner": {
            "name": "eflomal",
            "version": aligner.version,
            "model": aligner.model,
            "n_samplers": aligner.n_samplers,
            "rel_iterations": aligner.rel_iterations,
            "null_prior": aligner.null_prior,
            "extra": None if extra is None else {"corpus": extra, "label": aligner.extra_label},
        },
        "seed": None,
        "deterministic": False,
        "note": "eflomal takes no seed (it seeds from /dev/urandom): a rerun may differ slightly; "
        "these files, identified by their SHA-256, are the alignments a score was computed from.",
        "source_tokenize": tok,
        "source_tokenizer": tokenizer_signature(tok),
        "tokens": f"source: the words of sacrebleu tokenizer {tok!r} ('none': ASCII-whitespace-separated, as given); "
        "target: ASCII-whitespace-separated words; eflomal lowercases internally",
        "links": "i-j per line: i the source token index, j the target token index, 0-based",
        "inputs": {
            "source": {"path": source, "sha256": digests[0].hexdigest(), "lines": len(src_lines)},
            "target": {"path": target, "sha256": digests[1].hexdigest(), "lines": len(tgt_lines)},
        },
        "outputs": outputs,
    }
    atomic_write(f"{prefix}.json", json.dumps(sidecar, indent=2, ensure_ascii=False, allow_nan=False) + "\n")
    return sidecar


def run(args: argparse.Namespace) -> int:
    """Run ``mtmetrics align``; returns the exit status (errors reach the CLI as :class:`MtmetricsError`)."""
    if Path(args.output).exists() and not Path(args.output).is_file():
        raise InputError(f"-o {args.output}: not a prefix of regular files (it names a device, directory or pipe).")
    for suffix in [*OUTPUTS, "json"]:
        check_writable(f"{args.output}.{suffix}")
    aligner = EflomalAligner(model=args.model, extra=args.extra, n_samplers=args.n_samplers, null_prior=args.null_prior)
    src_tokenize = args.src_tokenize
    if src_tokenize is None and args.language_pair:
        src_tokenize = language_tokenizer(checked_pair(args.language_pair, "-l/--language-pair")[0])
    sidecar = align_files(args.source, args.target, args.output, aligner, args.extra, src_tokenize)
    if not args.quiet:
        written = ", ".join(o["path"] for o in sidecar["outputs"].values())
        print(
            f"align: {sidecar['inputs']['source']['lines']} pairs; wrote {written}, {args.output}.json", file=sys.stderr
        )
    return 0
