"""A model cannot make its user read, or print, a file outside the model's folder.

Paths written inside a model file (a combo feature's ``sia:similarity=`` or ``sscn:similarity=``
table, a nested ``combo:model=``, a tagger's ``spacy:DIR`` in ``dup:tagger=``, ``hlepor:pos=`` or
``paraphrase:tagger=``) are read relative to the model's folder and must stay in it: an absolute
path, a ``..`` component or a symbolic link leading out is refused, before anything is read. Files
the user did not name (a table or a nested model in the folder, a paraphrase model folder's files,
a spaCy pipeline's config) are never quoted in an error message: every case writes a secret with a
unique marker and checks the marker appears nowhere. Huge numbers in models and tables (an integer
of 400 digits, values whose sum or product leaves the floats) and a broken spaCy config are one
line and exit status 2 on the command line, an :class:`~mtmetrics.MtmetricsError` in the API.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mtmetrics
from mtmetrics.resources.taggers import get_tagger
from mtmetrics_meta.combination import CombinationModel, Feature
from tests.cli import run_cli
from tests.core.test_failures import HYP, REF, _para_doc, combo_doc, fails, fails_case, table, write_json

#: In every secret; it must never appear in an error message or on standard output.
MARK = "MARKER-5e1d-d0-not-print"


def _secret(root: Path) -> Path:
    """A folder beside the models with a secret file and a (broken) spaCy-like directory."""
    secret = root / "secret"
    (secret / "pipe").mkdir(parents=True, exist_ok=True)
    (secret / "shadow").write_text(f"root:{MARK}:19000:0:99999:7:::\n", encoding="utf-8")
    (secret / "pipe" / "config.cfg").write_text(f"{MARK} [[[\n", encoding="utf-8")
    return secret


def _model(root: Path, spec: str, name: str = "m.json") -> Path:
    """``root/models/NAME``: a valid combo model whose first feature is ``spec``."""
    doc = combo_doc()
    doc["features"][0] = {"spec": spec, "signature": "x", "sign": 1}
    (root / "models").mkdir(exist_ok=True)
    return write_json(root / "models" / name, doc)


def _broken_pipeline(path: Path) -> Path:
    """A spaCy pipeline saved to ``path`` whose config.cfg is then replaced by garbage with the marker."""
    spacy = pytest.importorskip("spacy")
    nlp = spacy.blank("en")
    nlp.add_pipe("tagger").add_label("NN")
    nlp.initialize()
    nlp.to_disk(path)
    (path / "config.cfg").write_text(f"{MARK} [[[\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------------------ paths out of the folder
#: a feature spec holding a path, per format; FILE is replaced by the path (a file or a directory)
FORMATS = {
    "sia-table": ("sia:similarity=FILE", "shadow"),
    "sscn-table": ("sscn:similarity=FILE", "shadow"),
    "combo-model": ("combo:model=FILE", "shadow"),
    "dup-tagger": ("dup:tagger=spacy:FILE", "pipe"),
    "hlepor-tagger": ("hlepor:pos=spacy:FILE", "pipe"),
    "hlepor-tagger-pos": ("hlepor:pos=spacy:FILE:pos", "pipe"),
    "paraphrase-tagger": ("paraphrase:tagger=spacy:FILE", "pipe"),
}
#: how the path leaves the model's folder (or cannot name a file), and what the message says about it
WAYS = {"absolute": "absolute", "dotdot": "'..'", "symlink": "symbolic link", "nul": "NUL"}


def _out_of_folder(root: Path, name: str) -> tuple[list[str], tuple[str, ...]]:
    fmt, way = name.rsplit("/", 1)
    spec, target = FORMATS[fmt]
    secret = _secret(root) / target
    (root / "models").mkdir()
    if way == "absolute":
        path = str(secret)
    elif way == "dotdot":
        path = f"../secret/{target}"
    elif way == "nul":
        path = f"{target}\0"
    else:
        os.symlink(secret, root / "models" / "link")
        path = "link"
    m = _model(root, spec.replace("FILE", path))
    return [REF, "-i", HYP, "-m", f"combo:model={m}"], ("m.json", "features[0]", WAYS[way])


@pytest.mark.parametrize("name", [f"{f}/{w}" for f in FORMATS for w in WAYS])
def test_paths_in_a_model_stay_in_its_folder(tmp_path: Path, name: str) -> None:
    line = fails_case(tmp_path, _out_of_folder, name)
    assert MARK not in line


@pytest.mark.parametrize("way", list(WAYS))
def test_api_refuses_paths_out_of_the_folder(tmp_path: Path, way: str) -> None:
    args, _ = _out_of_folder(tmp_path, f"sia-table/{way}")
    with pytest.raises(mtmetrics.MtmetricsError, match=WAYS[way]) as exc:
        mtmetrics.load_metric("combo", model=args[-1].partition("=")[2])
    assert MARK not in str(exc.value)


def test_paraphrase_model_folder_files_stay_in_it(tmp_path: Path) -> None:
    """``paraphrase evaluate`` prints the folder's train-command.txt into its report: a symbolic link
    leading out of the folder is refused, and the file it leads to is not printed."""
    models = tmp_path / "models"
    models.mkdir()
    write_json(models / "B.json", _para_doc())
    os.symlink(_secret(tmp_path) / "shadow", models / "train-command.txt")
    t = table(tmp_path / "t.tsv")
    line = fails(tmp_path, ["paraphrase", "evaluate", "models", str(t), "-q"], "train-command.txt", "symbolic link")
    assert MARK not in line


# ------------------------------------------------------------------------------ no quoted content
def _unquoted(root: Path, name: str) -> tuple[list[str], tuple[str, ...]]:
    """Files in the model's folder that the user never named; their content is not quoted."""
    models = root / "models"
    models.mkdir()
    if name == "table-shape":
        (models / "notes.txt").write_text(f"root:{MARK}:0\n", encoding="utf-8")
        m = _model(root, "sia:similarity=notes.txt")
        return [REF, "-i", HYP, "-m", f"combo:model={m}"], ("notes.txt", "line 1", "word<TAB>similar<TAB>value")
    if name == "table-value":
        (models / "t.tsv").write_text(f"# ok\na\tb\t{MARK}\n", encoding="utf-8")
        m = _model(root, "sia:similarity=t.tsv")
        return [REF, "-i", HYP, "-m", f"combo:model={m}"], ("t.tsv", "line 2", "not a number")
    if name in ("nested-weight", "nested-sign"):
        inner = combo_doc()
        if name == "nested-weight":
            inner["weights"][0] = MARK
        else:
            inner["features"][0]["sign"] = MARK
        write_json(models / "inner.json", inner)
        m = _model(root, "combo:model=inner.json")
        key = "weights[0]" if name == "nested-weight" else "features[0].sign"
        return [REF, "-i", HYP, "-m", f"combo:model={m}"], ("inner.json", key)
    if name == "spacy-config-in-model":
        _broken_pipeline(models / "pipe")
        m = _model(root, "dup:tagger=spacy:pipe")
        return [REF, "-i", HYP, "-m", f"combo:model={m}"], ("m.json", "pipe", "could not load", "ConfigValidationError")
    if name == "spacy-config-named":
        pipe = _broken_pipeline(root / "pipe")
        return [REF, "-i", HYP, "-m", f"hlepor:pos=spacy:{pipe}"], ("pipe", "could not load")
    raise AssertionError(name)


@pytest.mark.parametrize(
    "name",
    ["table-shape", "table-value", "nested-weight", "nested-sign", "spacy-config-in-model", "spacy-config-named"],
)
def test_no_message_quotes_a_file_the_user_did_not_name(tmp_path: Path, name: str) -> None:
    line = fails_case(tmp_path, _unquoted, name)
    assert MARK not in line


def test_api_broken_spacy_pipeline_is_a_resource_error(tmp_path: Path) -> None:
    pipe = _broken_pipeline(tmp_path / "pipe")
    with pytest.raises(mtmetrics.ResourceError, match="could not load") as exc:
        get_tagger(f"spacy:{pipe}")
    assert MARK not in str(exc.value)


# ------------------------------------------------------------------------------ huge numbers
HUGE = "1" + "0" * 400  # a JSON integer no float holds


def _huge(root: Path, name: str) -> tuple[list[str], tuple[str, ...]]:
    if name == "similarity-sum":
        t = root / "big.tsv"
        t.write_text("a\tb\t1e308\na\tc\t1e308\n", encoding="utf-8")
        return [REF, "-i", HYP, "-m", f"sia:similarity={t}"], ("big.tsv", "1.8e308")
    if name == "paraphrase-coefficient":
        models = root / "models"
        models.mkdir()
        write_json(
            models / "B.json", json.dumps(_para_doc()).replace('"coefficients": [0.01]', f'"coefficients": [{HUGE}]')
        )
        t = table(root / "t.tsv")
        return ["paraphrase", "evaluate", "models", str(t), "-q"], ("B.json", "coefficients[0]")
    m = root / "m.json"
    text = json.dumps(combo_doc())
    old, new, key = {
        "combo-weight": ('"weights": [0.5, 0.5]', f'"weights": [{HUGE}, 0.5]', "weights[0]"),
        "combo-intercept": ('"intercept": 0.0', f'"intercept": {HUGE}', "intercept"),
        "combo-scale": (
            '"sign": 1}',
            f'"sign": 1, "scale": {{"mean": {HUGE}, "sd": 1, "min": 0, "max": 1}}}}',
            "features[0].scale.mean",
        ),
        "combo-overflow": ('"weights": [0.5, 0.5]', '"weights": [1e308, 1e308]', "weights"),
    }[name]
    assert old in text
    write_json(m, text.replace(old, new, 1))
    return [REF, "-i", HYP, "-m", f"combo:model={m}"], ("m.json", key)


HUGE_CASES = [
    "similarity-sum",
    "paraphrase-coefficient",
    "combo-weight",
    "combo-intercept",
    "combo-scale",
    "combo-overflow",
]


@pytest.mark.parametrize("name", HUGE_CASES)
def test_huge_numbers_in_models_and_tables(tmp_path: Path, name: str) -> None:
    fails_case(tmp_path, _huge, name)


@pytest.mark.parametrize("name", ["similarity-sum", "combo-weight", "combo-overflow"])
def test_api_huge_numbers_raise_mtmetrics_errors(tmp_path: Path, name: str) -> None:
    args, _ = _huge(tmp_path, name)
    hyps = Path(HYP).read_text(encoding="utf-8").splitlines()
    refs = Path(REF).read_text(encoding="utf-8").splitlines()
    with pytest.raises(mtmetrics.MtmetricsError):
        name, _, rest = args[-1].partition(":")
        key, _, value = rest.partition("=")
        mtmetrics.load_metric(name, **{key: value}).corpus_score(hyps, [refs])


def test_api_huge_integer_in_a_model_text_is_an_input_error() -> None:
    text = json.dumps(combo_doc()).replace('"intercept": 0.0', f'"intercept": {HUGE}')
    with pytest.raises(mtmetrics.InputError, match="intercept"):
        CombinationModel.from_json(text, "m.json")


# ------------------------------------------------------------------------------ legitimate models
def _signed(spec: str, resolve: Callable[[str], str]) -> Feature:
    """A feature with the signature its metric has when ``spec``'s path is resolved by ``resolve``."""
    name, _, rest = spec.partition(":")
    key, _, path = rest.partition("=")
    return Feature(spec, str(mtmetrics.load_metric(name, **{key: resolve(path)}).signature("1")))


def test_a_model_folder_moved_elsewhere_still_loads(tmp_path: Path) -> None:
    """Relative paths (a nested model, a table in a subfolder, a symbolic link staying inside the
    folder) are read from the model's folder wherever it is and wherever the command runs."""
    models = tmp_path / "a" / "models"
    (models / "sub").mkdir(parents=True)
    (models / "tables").mkdir()
    (models / "tables" / "sim.tsv").write_text("cat\tdog\t0.5\ncat\tcat\t0.5\nhouse\thome\t1\n", encoding="utf-8")
    os.symlink("tables/sim.tsv", models / "alias.tsv")
    write_json(models / "sub" / "inner.json", combo_doc())
    features = (
        _signed("combo:model=sub/inner.json", lambda p: str(models / p)),
        _signed("sia:similarity=tables/sim.tsv", lambda p: str(models / p)),
        _signed("sia:similarity=alias.tsv", lambda p: str(models / p)),
    )
    write_json(models / "m.json", CombinationModel(features, (0.5, 0.25, 0.25)).to_json())
    code, before, err = run_cli(REF, "-i", HYP, "-m", f"combo:model={models / 'm.json'}", "-b")
    assert (code, err) == (0, "")
    moved = tmp_path / "b" / "elsewhere"
    moved.parent.mkdir()
    shutil.move(models, moved)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        code, after, err = run_cli(REF, "-i", HYP, "-m", "combo:model=b/elsewhere/m.json", "-b")
    finally:
        os.chdir(cwd)
    assert (code, err) == (0, "") and after == before


def test_a_spacy_tagger_in_the_model_folder_is_read_from_it(tmp_path: Path) -> None:
    """Features ``dup:tagger=spacy:pipe`` and ``hlepor:pos=spacy:pipe:pos`` read the pipeline beside
    the model, not one in the directory the command runs from (hLEPOR's signature names the
    pipeline in its ``tagger`` field, not by its path)."""
    spacy = pytest.importorskip("spacy")
    models = tmp_path / "models"
    models.mkdir()
    nlp = spacy.blank("en")
    tagger: Any = nlp.add_pipe("tagger")
    tagger.add_label("NN")
    nlp.initialize()
    nlp.to_disk(models / "pipe")
    features = tuple(
        _signed(spec, lambda p: f"spacy:{models / p.partition(':')[2]}")
        for spec in ("dup:tagger=spacy:pipe", "hlepor:pos=spacy:pipe:pos")
    )
    write_json(models / "m.json", CombinationModel(features, (0.5, 0.5)).to_json())
    cwd = os.getcwd()
    os.chdir(tmp_path)  # no ./pipe here
    try:
        code, out, err = run_cli(REF, "-i", HYP, "-m", "combo:model=models/m.json", "-b")
    finally:
        os.chdir(cwd)
    assert (code, err) == (0, "") and out.strip()
