"""Metrics with English-only resources refuse another target language (``-l en-de``) on the CLI.

Raw WMT21 en→de text (first 10 lines of reference A and one system). Without ``-l`` or with the
English-independent settings the same metrics score the text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtmetrics.cli import main
from tests.datapaths import DATA, read_text, require

TXT = DATA / "test" / "wmt21-news" / "txt"


@pytest.fixture(scope="module")
def en_de(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    d = tmp_path_factory.mktemp("ende")
    ref = read_text(require(TXT / "references" / "newstest2021.en-de.ref.A.de"))[:10]
    hyp = read_text(sorted((TXT / "system-outputs").glob("newstest2021.en-de.hyp.*.de.gz"))[0])[:10]
    paths = []
    for name, lines in (("ref.de", ref), ("hyp.de", hyp)):
        p = Path(d) / name
        p.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths.append(str(p))
    return paths[0], paths[1]


@pytest.mark.parametrize(
    ("refused", "allowed", "resource"),
    [
        ("meteor", "meteor:modules=exact", "WordNet"),
        ("rouge-n:stem=yes", "rouge-n", "Porter stemmer"),
        ("rouge-l:stopwords=yes", "rouge-l", "SMART stop words"),
        ("hlepor:pos=nltk", "hlepor", "pos=nltk"),
    ],
)
def test_english_resources_refuse_german(
    en_de: tuple[str, str], refused: str, allowed: str, resource: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = en_de
    assert main([ref, "-i", hyp, "-l", "en-de", "-m", refused]) != 0
    err = capsys.readouterr().err
    assert "de" in err and resource in err
    assert main([ref, "-i", hyp, "-l", "en-de", "-m", allowed, "-b"]) == 0
    assert main([ref, "-i", hyp, "-m", refused, "-b"]) == 0  # without -l the user vouches for the text


def test_paraphrase_is_english_whatever_the_tagger(en_de: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    from mtmetrics import load_metric

    assert load_metric("paraphrase").metric.target_languages() == ("en",)
    ref, hyp = en_de
    assert main([ref, "-i", hyp, "-l", "en-de", "-m", "paraphrase"]) != 0
    assert "VerbNet" in capsys.readouterr().err


def test_tagger_languages_and_sia() -> None:
    from mtmetrics import load_metric
    from mtmetrics.resources.taggers import tagger_languages

    assert tagger_languages("nltk") == ("en",)
    assert tagger_languages("nltk:rus") == ("ru",) and tagger_languages("spacy:de_core_news_sm:pos") == ("de",)
    assert load_metric("hlepor-e").metric.target_languages() is None  # pos=file: the user's tags
    # SIA's similarity comes from a table the user trains (any language); no WordNet resource
    assert load_metric("sia").metric.target_languages() is None
