"""``mtmetrics paraphrase train|evaluate``: the paper's regression models, trained and tested.

Train every model of the paper's Table 1 on a judged table and save one JSON file per model::

    mtmetrics paraphrase train dev.tsv.gz -o models/

Evaluate them on held-out tables (one column per table, or per language pair of a table) and
write the Markdown analogue of Tables 1 and 2, with the commands that made it::

    mtmetrics paraphrase evaluate models/ test1.tsv.gz test2.tsv.gz -o results.md

Tables are read by :func:`mtmetrics.io.tables.read_table` (TSV or JSONL, gzipped or not); the usual
WMT column names are detected, the human score column is ``z`` unless ``--human-col`` says otherwise.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Callable, Collection
from pathlib import Path

import numpy as np

from mtmetrics import InputError
from mtmetrics.io import files
from mtmetrics.io.tables import Table, detect_columns, read_table
from mtmetrics.jsonsafe import strict_json

from .evaluate import evaluate, markdown_tables
from .models import (
    GROUPS,
    PAPER_MODELS,
    FeatureTable,
    Model,
    compute_features,
    model_groups,
    signature_core,
    train_model,
)

TRAIN_COMMAND_FILE = "train-command.txt"


def build_parser(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``mtmetrics paraphrase`` (``train`` and ``evaluate``) on the core's parser."""
    sub = parser.add_subparsers(dest="paraphrase_command", metavar="{train,evaluate}")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--human-col", default="z", help="column of human scores (default z)")
        p.add_argument("--limit", type=int, default=None, help="use only the first N rows of each table")
        p.add_argument("-j", "--jobs", type=int, default=1, help="worker processes per metric (default 1)")
        p.add_argument("-q", "--quiet", action="store_true", help="no progress messages")

    train = sub.add_parser("train", help="fit the models with stepwise regression and save them as JSON")
    train.add_argument("table", help="judged table (TSV/JSONL, .gz allowed)")
    train.add_argument("-o", "--output", required=True, help="directory for the model files (<MODEL>.json)")
    train.add_argument(
        "--models", default=",".join(PAPER_MODELS), help=f"comma-separated models (default {','.join(PAPER_MODELS)})"
    )
    train.add_argument("--p-enter", type=float, default=0.05, help="stepwise: p-value to enter (default 0.05)")
    train.add_argument("--p-remove", type=float, default=0.10, help="stepwise: p-value to leave (default 0.10)")
    common(train)
    evaluate = sub.add_parser("evaluate", help="correlations of saved models on test tables (Markdown)")
    evaluate.add_argument("models_dir", help="directory written by 'paraphrase train'")
    evaluate.add_argument("tables", nargs="+", help="judged test tables; each language pair is one column")
    evaluate.add_argument("-o", "--output", default="-", help="Markdown file to write (default: stdout)")
    evaluate.add_argument("--json", default=None, help="also write every number of the tables to this JSON file")
    common(evaluate)
    parser.set_defaults(parser=parser)


def _log(quiet: bool) -> Callable[[str], None]:
    def log(message: str) -> None:
        if not quiet:
            print(f"paraphrase: {message}", file=sys.stderr, flush=True)

    return log


def _command() -> str:
    return "mtmetrics " + shlex.join(sys.argv[1:]) if sys.argv and sys.argv[0] else "mtmetrics paraphrase ..."


def load_features(
    table: Table, groups: tuple[str, ...], human_col: str, limit: int | None, jobs: int, taken: Collection[str] = ()
) -> list[tuple[str, FeatureTable]]:
    """Features of a table, one :class:`FeatureTable` per group (language pair), named ``lp`` or the file;
    a group named as one of ``taken`` (the test sets of earlier tables) is refused before any is computed."""
    cols = detect_columns(table)
    if human_col not in table.columns:
        raise InputError(f"{table.name}: no human score column '{human_col}'; columns: {', '.join(table.columns)}.")
    n = len(table) if limit is None else min(limit, len(table))
    hyps = table.columns[cols.hyp][:n]
    refs = [table.columns[r][:n] for r in cols.refs]
    human = table.numbers(human_col)[:n]
    labels = table.columns[cols.group][:n] if cols.group else [table.name] * n
    if twice := sorted(set(labels) & set(taken)):
        raise InputError(
            f"{table.name}: test set '{twice[0]}' is given twice (two tables of one pair); give each once."
        )
    out = []
    for label in dict.fromkeys(labels):
        rows = [i for i, g in enumerate(labels) if g == label]
        feats = compute_features(
            [hyps[i] for i in rows], [[s[i] for i in rows] for s in refs], human[np.asarray(rows)], groups, jobs
        )
        out.append((label, feats))
    return out


def run(args: argparse.Namespace) -> int:
    """Run ``paraphrase train`` or ``paraphrase evaluate``; returns the exit status."""
    command = getattr(args, "paraphrase_command", None)
    if command == "train":
        return _train(args)
    if command == "evaluate":
        return _evaluate(args)
    args.parser.print_help(sys.stderr)
    return 2


def _pooled(parts: list[tuple[str, FeatureTable]]) -> FeatureTable:
    names = parts[0][1].columns
    return FeatureTable(
        {k: np.concatenate([t.columns[k] for _, t in parts]) for k in names},
        np.concatenate([t.human for _, t in parts]),
        parts[0][1].signatures,
    )


def _train(args: argparse.Namespace) -> int:
    log = _log(args.quiet)
    files.output_directory(args.output, "-o")
    names = [m.strip() for m in args.models.split(",") if m.strip()]
    groups = tuple(dict.fromkeys(g for m in names for g in model_groups(m)))
    start = time.time()
    table = read_table(args.table)
    log(f"{table.name}: {len(table)} rows; computing features {', '.join(groups)}")
    features = _pooled(load_features(table, groups, args.human_col, args.limit, args.jobs))
    log(f"features of {len(features.human)} segments in {time.time() - start:.1f} s")
    out = files.output_directory(args.output, "-o", create=True)
    info = {"table": table.name, "sha256": table.sha256, "rows": str(len(features.human)), "human": args.human_col}
    models = [train_model(name, features, args.p_enter, args.p_remove, info) for name in names]
    for model in models:  # every model is trained before any file is written
        model.save(out / f"{model.name}.json")
        r = "undefined" if model.train_r is None else f"{model.train_r:.4f}"
        log(f"{model.name}: r = {r} with {', '.join(model.features) or 'no feature'}")
    files.atomic_write(out / TRAIN_COMMAND_FILE, _command() + "\n")
    return 0


def check_signatures(models: list[Model], tests: list[tuple[str, FeatureTable]]) -> None:
    """Refuse a model whose features were computed otherwise than the test features (another
    tokenizer, another version of a metric): its coefficients were fitted to those."""
    for model in models:
        for group in model_groups(model.name):
            spec = GROUPS[group][0]
            trained = signature_core(model.signatures.get(spec, ""))
            for label, table in tests:
                now = signature_core(table.signatures.get(spec, ""))
                if trained != now:
                    raise InputError(
                        f"paraphrase model {model.name}: feature {spec} was trained with the signature "
                        f"'{trained or '(none)'}', but on {label} it is '{now}'; retrain the model."
                    )


def _evaluate(args: argparse.Namespace) -> int:
    log = _log(args.quiet)
    if args.json == args.output:
        raise InputError(f"-o and --json both name '{args.output}'; give each output its own file.")
    for option, path, what in (("-o", args.output, "Markdown"), ("--json", args.json, "JSON")):
        if path not in (None, "-") and Path(path).is_dir():
            raise InputError(f"{option} {path}: is a directory; give the {what} file to write.")
    directory = Path(args.models_dir)
    model_files = sorted(directory.glob("*.json"))
    if not model_files:
        raise InputError(f"{directory}: no model files (*.json); run 'mtmetrics paraphrase train' first.")
    # the files of the folder are read only when they are in it, not symbolic links leading elsewhere
    loaded = {m.name: m for m in (Model.load(files.resolve_named(f.name, f)) for f in model_files)}
    order = [n for n in PAPER_MODELS if n in loaded] + sorted(n for n in loaded if n not in PAPER_MODELS)
    models = [loaded[n] for n in order]
    groups = tuple(dict.fromkeys(g for m in models for g in model_groups(m.name)))
    tests: list[tuple[str, FeatureTable]] = []
    start = time.time()
    for path in args.tables:
        table = read_table(path)
        log(f"{table.name}: {len(table)} rows")
        tests.extend(load_features(table, groups, args.human_col, args.limit, args.jobs, [t for t, _ in tests]))
    log(f"features in {time.time() - start:.1f} s")
    check_signatures(models, tests)
    train_cmd_file = directory / TRAIN_COMMAND_FILE
    train_cmd = (
        files.read_text(files.resolve_named(TRAIN_COMMAND_FILE, train_cmd_file), "training command", "model").strip()
        if train_cmd_file.exists()
        else "(unknown)"
    )
    first, ev = models[0], evaluate(models, tests)
    sizes = ", ".join(f"{name}: {len(t.human)}" for name, t in tests)
    signatures = sorted({s for m in models for s in m.signatures.values()})
    text = "\n".join(
        [
            "# Paraphrase regression models (analogue of Russo-Lassner et al. 2005, Tables 1 and 2)",
            "",
            "Made by:",
            "",
            "```",
            train_cmd,
            _command(),
            "```",
            "",
            f"Training table: {first.trained_on.get('table', '?')} ({first.trained_on.get('rows', '?')} judged "
            f"segments, human column `{first.trained_on.get('human', '?')}`, sha256 "
            f"{first.trained_on.get('sha256', '?')[:12]}). Test segments: {sizes}.",
            "",
            "Pearson's r of each model's predictions with the human scores; in parentheses the relative",
            "gain over model B. ‡ / † : the gain over B is significant at p < 0.01 / p < 0.05 (Williams'",
            "test for dependent overlapping correlations, one-sided). `train r` is the in-sample r on the",
            "training table (what the paper reports); the other columns are held-out.",
            "",
            markdown_tables(ev),
            "",
            "Feature signatures:",
            "",
            *(f"- `{sig}`" for sig in signatures),
            "",
        ]
    )
    outputs: list[tuple[str | None, str]] = [(None if args.output == "-" else args.output, text)]
    if args.json is not None:
        doc = {"format": "mtmetrics-paraphrase-evaluation/1", "commands": {"train": train_cmd, "evaluate": _command()}}
        doc |= {"training": first.trained_on, "sizes": {name: len(t.human) for name, t in tests}}
        doc |= ev.to_dict() | {"signatures": signatures}
        outputs.append((None if args.json == "-" else args.json, strict_json(doc, indent=1) + "\n"))
    for path, _ in outputs:
        if path is not None:
            files.output_directory(Path(path).parent, "-o" if path == args.output else "--json", create=True)
    files.write_all(outputs)  # both or neither
    for path, _ in outputs:
        if path is not None:
            log(f"wrote {path}")
    return 0
