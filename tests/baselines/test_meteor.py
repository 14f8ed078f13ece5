"""METEOR: the paper's example by hand, agreement with NLTK's meteor_score, resources and extras."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.corpus import wordnet
from nltk.stem.porter import PorterStemmer
from nltk.translate.meteor_score import meteor_score as nltk_meteor_score

import mtmetrics
from mtmetrics.resources import Preprocessor
from mtmetrics_baselines.meteor import count_chunks

from .conftest import NLTK_DATA, wmt21_de_en

PREP = Preprocessor("13a", False)


def _paper_score(m: int, c: int, r: int, ch: int) -> float:
    """Banerjee & Lavie (2005): Fmean = 10PR/(R+9P), Penalty = 0.5 (ch/m)^3, Score = Fmean(1-Penalty)."""
    p, rec = m / c, m / r
    return 10 * p * rec / (rec + 9 * p) * (1 - 0.5 * (ch / m) ** 3)


def test_paper_chunk_example() -> None:
    # the paper's example: "the president spoke to the audience" against
    # "the president then spoke to the audience": 6 matches in 2 chunks
    res = mtmetrics.load_metric("meteor").sentence_score(
        "the president spoke to the audience", ["the president then spoke to the audience"]
    )
    assert res.sub_scores["matches"] == 6 and res.sub_scores["chunks"] == 2
    assert math.isclose(res.score, _paper_score(6, 6, 7, 2), rel_tol=1e-12)


def test_stem_and_synonym_stages() -> None:
    meteor = mtmetrics.load_metric("meteor")
    # "cats" ~ "cat" by stem; "big" ~ "large" by a shared WordNet synset; "The" by case-folding
    res = meteor.sentence_score("The big cats", ["the large cat"])
    assert res.sub_scores["matches"] == 3 and res.sub_scores["chunks"] == 1
    assert math.isclose(res.score, _paper_score(3, 3, 3, 1), rel_tol=1e-12)
    # without the synonym the alignment has 2 matches in 2 chunks
    res = meteor.sentence_score("The small cats", ["the large cat"])
    assert res.sub_scores["matches"] == 2 and res.sub_scores["chunks"] == 2
    # NLTK 3.10 looks up synonyms of the stem "big" among reference *stems* ("larg"): no match
    nltk_like = mtmetrics.load_metric("meteor", impl="nltk").sentence_score("The big cats", ["the large cat"])
    assert nltk_like.sub_scores["matches"] == 2
    assert math.isclose(
        nltk_like.score, nltk_meteor_score([["the", "large", "cat"]], ["The", "big", "cats"]), rel_tol=1e-12
    )


def test_paper_and_nltk_impl_differ_on_real_data() -> None:
    hyps, ref_a, _ = wmt21_de_en(200)
    paper = mtmetrics.load_metric("meteor").statistics(hyps, [ref_a]).array
    nltk_like = mtmetrics.load_metric("meteor", impl="nltk").statistics(hyps, [ref_a]).array
    assert (paper[:, 1:3] == nltk_like[:, 1:3]).all()  # same tokens
    assert (paper[:, 0] != nltk_like[:, 0]).any()  # e.g. "pity" ~ "shame", missed via the stem "piti"
    i = hyps.index("\"That's a pity.")
    assert paper[i, 0] == nltk_like[i, 0] + 1


def test_corpus_score_from_summed_statistics() -> None:
    meteor = mtmetrics.load_metric("meteor", tokenize="none")
    res = meteor.corpus_score(["a b c", "x y"], [["a b c d", "y x"]])
    # (m, c, r, ch) = (3, 3, 4, 1) and (2, 2, 2, 2) -> summed (5, 5, 6, 3)
    assert math.isclose(res.score, _paper_score(5, 5, 6, 3), rel_tol=1e-12)


@pytest.mark.parametrize(("stemmer", "mode"), [("porter", "ORIGINAL_ALGORITHM"), ("porter-nltk", "NLTK_EXTENSIONS")])
def test_agrees_with_nltk_on_wmt21(stemmer: str, mode: str) -> None:
    hyps, ref_a, ref_b = wmt21_de_en(120)
    ours = mtmetrics.load_metric("meteor", stemmer=stemmer, impl="nltk").segment_scores(hyps, [ref_a, ref_b])
    nltk_stemmer = PorterStemmer(mode=getattr(PorterStemmer, mode))
    for hyp, a, b, res in zip(hyps, ref_a, ref_b, ours, strict=True):
        expected = nltk_meteor_score([PREP(a), PREP(b)], PREP(hyp), stemmer=nltk_stemmer, wordnet=wordnet)
        assert math.isclose(res.score, expected, rel_tol=1e-12, abs_tol=1e-12), (hyp, res.score, expected)


def test_nltk_defaults_reproduced() -> None:
    hyps, ref_a, _ = wmt21_de_en(30)
    meteor = mtmetrics.load_metric("meteor", stemmer="porter-nltk", impl="nltk", alpha=0.8, beta=2.0, gamma=0.4)
    for hyp, ref, res in zip(hyps, ref_a, meteor.segment_scores(hyps, [ref_a]), strict=True):
        expected = nltk_meteor_score([PREP(ref)], PREP(hyp), alpha=0.8, beta=2.0, gamma=0.4)
        assert math.isclose(res.score, expected, rel_tol=1e-12, abs_tol=1e-12)


def test_signature_carries_wordnet_version_and_hash() -> None:
    sig = mtmetrics.load_metric("meteor").sentence_score("a", ["a"]).signature
    wn = sig.get("wordnet")
    assert wn is not None and wn.startswith("3.0@") and len(wn) == len("3.0@") + 12
    text = sig.format()
    # the paper's alignment rule and the stages are in the signature: the greedy scores of
    # earlier versions (no align field) can never pass for these
    assert "|a:0.9|b:3.0|g:0.5|stem:porter|impl:paper|mod:exact+stem+synonym|case:lc|align:mincross|" in text
    nltk_sig = mtmetrics.load_metric("meteor", impl="nltk", modules="exact").sentence_score("a", ["a"]).signature
    assert "|impl:nltk|mod:exact|case:lc|align:greedy|" in nltk_sig.format()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=7, unique_by=(lambda p: p[0], lambda p: p[1]))
)
def test_count_chunks(pairs: list[tuple[int, int]]) -> None:
    # oracle: chunks = matches - number of adjacent pairs (i, j), (i+1, j+1) both aligned
    cells = set(pairs)
    adjacent = sum(1 for i, j in cells if (i + 1, j + 1) in cells)
    assert count_chunks(pairs) == (len(cells) - adjacent if cells else 0)


def _run(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


def test_importing_the_plugin_does_not_import_nltk() -> None:
    code = (
        "import sys, mtmetrics, mtmetrics_baselines\n"
        "mtmetrics.list_metrics(); mtmetrics.load_metric('nist'); mtmetrics.load_metric('gtm')\n"
        "assert 'nltk' not in sys.modules, 'nltk imported'\n"
        "print('ok')\n"
    )
    out = _run(code, dict(os.environ))
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_missing_wordnet_names_the_download_command(tmp_path: os.PathLike[str]) -> None:
    env = dict(os.environ, NLTK_DATA=str(tmp_path), HOME=str(tmp_path), APPDATA=str(tmp_path))
    code = (
        "import mtmetrics\n"
        "try:\n    mtmetrics.load_metric('meteor')\n"
        "except mtmetrics.ResourceError as exc:\n    print(exc)\n"
    )
    out = _run(code, env)
    assert "python -m nltk.downloader wordnet" in out.stdout, out.stdout + out.stderr


def test_missing_nltk_names_the_extra() -> None:
    code = (
        "import sys\nsys.modules['nltk'] = None\n"
        "import mtmetrics\n"
        "try:\n    mtmetrics.load_metric('meteor')\n"
        "except mtmetrics.ResourceError as exc:\n    print(exc)\n"
    )
    out = _run(code, dict(os.environ))
    assert "pip install 'mtmetrics[nltk]'" in out.stdout, out.stdout + out.stderr


def test_nltk_data_fixture_points_at_shared_data() -> None:
    assert os.environ["NLTK_DATA"] == str(NLTK_DATA)


# ---------------------------------------------------------------- modules and NLTK's pairing
def test_modules_parameter() -> None:
    # "cats" ~ "cat" only by stem, "big" ~ "large" only by synonym
    sub = {
        modules: mtmetrics.load_metric("meteor", modules=modules).sentence_score("The big cats", ["the large cat"])
        for modules in ("exact", "exact+stem", "exact+stem+synonym", "synonym")
    }
    assert [sub[m].sub_scores["matches"] for m in ("exact", "exact+stem", "exact+stem+synonym")] == [1, 2, 3]
    # WordNet's lemma names include the word and its base form ("cats" -> "cat"): all three map
    assert sub["synonym"].sub_scores["matches"] == 3
    assert "|mod:exact+stem|" in mtmetrics.load_metric("meteor", modules="exact+stem").signature().format()
    for bad in ("stem+exact", "exact+exact", "paraphrase", "", "exact,stem"):
        with pytest.raises(mtmetrics.ParameterError):
            mtmetrics.load_metric("meteor", modules=bad)


def test_modules_on_the_command_line(tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from mtmetrics.cli import main

    hyp, ref = Path(tmp_path) / "hyp.txt", Path(tmp_path) / "ref.txt"
    hyp.write_text("The big cats\n", encoding="utf-8")
    ref.write_text("the large cat\n", encoding="utf-8")
    assert main([str(ref), "-i", str(hyp), "-m", "meteor:modules=exact", "-f", "json"]) == 0
    out = capsys.readouterr().out
    assert "mod:exact|" in out
    assert '"matches": 1.0' in out


def test_nltk_impl_exact_module_is_nltks_exact_match() -> None:
    from nltk.translate.meteor_score import exact_match

    hyps, ref_a, _ = wmt21_de_en(200)
    meteor = mtmetrics.load_metric("meteor", impl="nltk", modules="exact")
    for hyp, ref in zip(hyps, ref_a, strict=True):
        h, r = PREP(hyp), PREP(ref)
        expected = sorted((int(i), int(j)) for i, j in exact_match(h, r)[0])
        assert meteor.metric.align(h, r) == expected  # type: ignore[attr-defined]


@pytest.mark.parametrize(("system", "line"), [("Borderline", 348), ("ICL", 658)])
def test_nltk_synonym_stage_takes_the_last_free_reference_word(system: str, line: int) -> None:
    """Pins NLTK's choice among several free reference synonyms (in these real segments a
    hypothesis word has two): taking the first free one instead changes their chunks and
    scores, which the other NLTK agreement tests do not see."""
    from tests.datapaths import WMT21, read_text, require

    txt = WMT21 / "txt"
    hyp = read_text(require(txt / "system-outputs" / f"newstest2021.de-en.hyp.{system}.en.gz"))[line]
    ref = read_text(require(txt / "references" / "newstest2021.de-en.ref.A.en"))[line]
    ours = mtmetrics.load_metric("meteor", impl="nltk", stemmer="porter-nltk").sentence_score(hyp, [ref])
    assert math.isclose(ours.score, nltk_meteor_score([PREP(ref)], PREP(hyp)), rel_tol=1e-12)
