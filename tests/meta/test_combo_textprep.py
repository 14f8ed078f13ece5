"""``combo`` refuses text prepared differently from its training text (lowercased, pre-tokenized).

A model is trained with ``meta mct`` on raw WMT21 ru-en DA rows (source segments 1-40); it is applied to raw WMT21 ru-en
text (accepted), to the same text lowercased and to the same text tokenized by sacrebleu's 13a
tokenizer (refused with exit status 2). The model records each feature's scale on the training
rows: checked here against sacrebleu's own sentence chrF and scipy-free numpy statistics.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from mtmetrics.cli import main
from mtmetrics_meta.textprep import mismatch, text_profile
from tests.datapaths import WMT21, read_text, require


@pytest.fixture(scope="module")
def model(wmt21_small: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("combo") / "model.json"
    args = ["meta", "mct", str(wmt21_small), "-m", "chrf", "bleus", "--human", "z", "--no-loso", "-o", str(out)]
    with redirect_stdout(io.StringIO()):
        assert main(args) == 0
    return out


def test_model_records_scales_and_text(model: Path, wmt21_small: Path) -> None:
    doc = json.loads(model.read_text(encoding="utf-8"))
    with gzip.open(wmt21_small, "rt", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    chrf = np.array([sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"], r["ref_B"]]).score for r in rows])
    scale = doc["features"][0]["scale"]
    assert (scale["mean"], scale["sd"]) == (pytest.approx(chrf.mean()), pytest.approx(chrf.std()))
    assert (scale["min"], scale["max"]) == (pytest.approx(chrf.min()), pytest.approx(chrf.max()))
    assert doc["text"]["segments"] == len(rows) and doc["text"]["cased"] > 0.9 and doc["text"]["split_punct"] < 0.1


def _write(d: Path, name: str, lines: list[str]) -> str:
    p = d / name
    p.write_text("".join(f"{ln}\n" for ln in lines), encoding="utf-8")
    return str(p)


def test_combo_refuses_lowercased_and_tokenized_text(
    model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    txt = WMT21 / "txt"
    ref = read_text(require(txt / "references" / "newstest2021.ru-en.ref.A.en"))[500:540]
    hyp = read_text(require(txt / "system-outputs" / "newstest2021.ru-en.hyp.Online-A.en.gz"))[500:540]
    spec = f"combo:model={model}"
    raw = [_write(tmp_path, "ref", ref), _write(tmp_path, "hyp", hyp)]
    assert main([raw[0], "-i", raw[1], "-m", spec, "-b"]) == 0
    capsys.readouterr()
    low = [_write(tmp_path, "ref.lc", [x.lower() for x in ref]), _write(tmp_path, "hyp.lc", [x.lower() for x in hyp])]
    assert main([low[0], "-i", low[1], "-m", spec, "-b"]) == 2
    assert "lowercased" in capsys.readouterr().err
    tok = Tokenizer13a()
    tk = [_write(tmp_path, "ref.tok", [tok(x) for x in ref]), _write(tmp_path, "hyp.tok", [tok(x) for x in hyp])]
    assert main([tk[0], "-i", tk[1], "-m", spec, "-b"]) == 2
    assert "tokenized" in capsys.readouterr().err


def test_mismatch_rules() -> None:
    raw = text_profile(["The cat sat on the mat.", "Hello, world!"] * 10)
    assert raw == {"segments": 20, "cased": 1.0, "split_punct": 0.0}
    assert mismatch(raw, raw) is None
    assert mismatch(raw, text_profile(["the cat sat on the mat ."] * 20)) is not None
    assert mismatch(raw, text_profile(["the cat sat on the mat ."] * 19)) is None  # too few to tell
    assert mismatch({}, raw) is None  # an older model without a profile
