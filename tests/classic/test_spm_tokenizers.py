"""sacrebleu's SentencePiece tokenizers (spm, flores101, flores200, spBLEU-1K) from a local model file,
and Korean (ko-mecab): BLEU equals sacrebleu's given the same model, the model's SHA-256 is signed,
and a missing model is an error naming where to put it, never a download.

The model is trained in the test from WMT21 references in six languages (SentencePiece trains one in
seconds); sacrebleu reads the same file from a temporary cache of its own (``SACREBLEU``), with its
download function replaced by one that fails, so neither side can reach the network.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from sacrebleu.tokenizers import tokenizer_spm

import mtmetrics
from mtmetrics.errors import ParameterError, ResourceError
from mtmetrics_classic.spm import SPM_TOKENIZERS, get_tokenizer
from tests.cli import run_cli
from tests.datapaths import WMT21, read_text, require

spm = pytest.importorskip("sentencepiece")

TXT = WMT21 / "txt"
#: the references the model is trained on: scripts with and without spaces between words
TRAIN = ("en-ja.ref.A.ja", "en-zh.ref.A.zh", "en-ha.ref.A.ha", "en-ru.ref.A.ru", "en-de.ref.A.de", "de-en.ref.A.en")


def _train(vocab_size: int, path: Path) -> Path:
    lines: list[str] = []
    for name in TRAIN:
        lines += read_text(require(TXT / "references" / f"newstest2021.{name}"))[:600]
    buf = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=buf,
        vocab_size=vocab_size,
        character_coverage=0.9995,
        hard_vocab_limit=False,
        num_threads=1,
        minloglevel=2,
    )
    path.write_bytes(buf.getvalue())
    return path


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small SentencePiece model trained on WMT21 references."""
    return _train(3000, tmp_path_factory.mktemp("spm") / "small.model")


def _no_download(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"a download was attempted: {args}")


@pytest.fixture
def sacrebleu_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty sacrebleu cache (``$SACREBLEU``) for both packages; downloading fails; no variables set."""
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(tmp_path))
    monkeypatch.setattr(tokenizer_spm, "download_file", _no_download)
    for variable in set(SPM_TOKENIZERS.values()):
        monkeypatch.delenv(variable, raising=False)
    (tmp_path / "models").mkdir()
    get_tokenizer.cache_clear()  # a tokenizer's model is found once per process
    yield tmp_path
    get_tokenizer.cache_clear()


def _place(model: Path, cache: Path, name: str) -> Path:
    """Put ``model`` where sacrebleu looks for tokenizer ``name``'s model."""
    target = cache / "models" / Path(tokenizer_spm.SPM_MODELS[name]["url"]).name
    shutil.copyfile(model, target)
    return target


def _pair(pair: str, system: str, n: int | None = None) -> tuple[list[str], list[list[str]]]:
    tgt = pair.split("-")[1]
    hyps = read_text(require(TXT / "system-outputs" / f"newstest2021.{pair}.hyp.{system}.{tgt}.gz"))[:n]
    refs = [read_text(require(TXT / "references" / f"newstest2021.{pair}.ref.A.{tgt}"))[:n]]
    return hyps, refs


# sacrebleu's 'spm' logs its rename through Logger.warn, which Python deprecates
@pytest.mark.filterwarnings("ignore:The 'warn' method is deprecated:DeprecationWarning")
@pytest.mark.parametrize(
    ("name", "pair", "system", "params"),
    [
        ("flores200", "en-ja", "Online-B", {}),
        ("flores200", "en-zh", "Online-W", {"lowercase": True}),
        ("flores101", "en-ha", "Facebook-AI", {"smooth_method": "floor", "max_ngram_order": 6}),
        ("spm", "en-ru", "Online-G", {}),
        ("spBLEU-1K", "en-de", "Online-W", {"effective_order": True}),
    ],
)
def test_bleu_equals_sacrebleu_with_the_same_model(
    model: Path, sacrebleu_cache: Path, name: str, pair: str, system: str, params: dict[str, Any]
) -> None:
    _place(model, sacrebleu_cache, name)
    hyps, refs = _pair(pair, system)
    ours = mtmetrics.load_metric("bleu", tokenize=name, **params)
    theirs = sacrebleu.BLEU(tokenize=name, **params)
    assert ours.corpus_score(hyps, refs).score == theirs.corpus_score(hyps, refs).score
    assert ours.signature().get("tok") == theirs.get_signature().info["tok"]  # flores101 for spm, as sacrebleu
    # every segment's statistics are sacrebleu's
    assert ours.statistics(hyps, refs).array.tolist() == theirs._extract_corpus_statistics(hyps, refs)
    sentence = sacrebleu.BLEU(tokenize=name, **{**params, "effective_order": True})
    seg_metric = mtmetrics.load_metric("bleu", tokenize=name, **{**params, "effective_order": True})
    for i in range(0, 300, 13):
        expected = sentence.sentence_score(hyps[i], [refs[0][i]]).score
        assert seg_metric.sentence_score(hyps[i], [refs[0][i]]).score == expected, f"segment {i + 1}"


def test_the_tokens_are_sacrebleus(model: Path, sacrebleu_cache: Path) -> None:
    _place(model, sacrebleu_cache, "flores200")
    theirs = tokenizer_spm.Flores200Tokenizer()
    ours = get_tokenizer("flores200")
    hyps, _ = _pair("en-ja", "Online-W", 200)
    assert [ours(h) for h in hyps] == [theirs(h) for h in hyps]
    assert ours.signature() == theirs.signature() == "flores200"


def test_bleus_and_the_sacrebleu_api(model: Path, sacrebleu_cache: Path) -> None:
    _place(model, sacrebleu_cache, "flores200")
    hyps, refs = _pair("en-zh", "Online-B", 400)
    bleus = mtmetrics.load_metric("bleus", tokenize="flores200", max_order=2)
    add_one = sacrebleu.BLEU(tokenize="flores200", smooth_method="add-k", smooth_value=1, max_ngram_order=2)
    assert bleus.corpus_score(hyps, refs).score == add_one.corpus_score(hyps, refs).score
    assert (
        mtmetrics.corpus_bleu(hyps, refs, tokenize="flores200").score
        == sacrebleu.corpus_bleu(hyps, refs, tokenize="flores200").score
    )


def test_the_model_hash_is_signed(model: Path, sacrebleu_cache: Path) -> None:
    _place(model, sacrebleu_cache, "flores200")
    sha = hashlib.sha256(model.read_bytes()).hexdigest()
    hyps, refs = _pair("en-ja", "Online-B", 50)
    bleu = mtmetrics.load_metric("bleu", tokenize="flores200")
    bleu.corpus_score(hyps, refs)
    long, short = bleu.get_signature().format(), bleu.get_signature().format(short=True)
    assert "|tok:flores200|" in long and f"|spm:{sha}|" in long
    assert "|tok:flores200|" in short and f"|spm:{sha[:16]}|" in short and sha not in short
    # a word tokenizer signs no model
    bleu13a = mtmetrics.load_metric("bleu")
    bleu13a.corpus_score(hyps, refs)
    assert "spm:" not in bleu13a.get_signature().format()


def test_the_variable_names_the_model_before_sacrebleus_cache(
    model: Path, sacrebleu_cache: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    _place(model, sacrebleu_cache, "flores200")
    other = _train(4000, tmp_path_factory.mktemp("other") / "other.model")
    monkeypatch.setenv("MTMETRICS_SPM_FLORES200", str(other))
    get_tokenizer.cache_clear()
    hyps, refs = _pair("en-ja", "Online-B", 100)
    bleu = mtmetrics.load_metric("bleu", tokenize="flores200")
    bleu.corpus_score(hyps, refs)
    assert bleu.signature().get("spm") == hashlib.sha256(other.read_bytes()).hexdigest()
    # and the tokens are those of that model, as sacrebleu gives them when it is in its cache
    _place(other, sacrebleu_cache, "flores200")
    assert bleu.corpus_score(hyps, refs).score == sacrebleu.corpus_bleu(hyps, refs, tokenize="flores200").score
    # the variable of flores200 is not read for flores101
    monkeypatch.delenv("MTMETRICS_SPM_FLORES200")
    get_tokenizer.cache_clear()
    with pytest.raises(ResourceError, match="MTMETRICS_SPM_FLORES101"):
        mtmetrics.load_metric("bleu", tokenize="flores101")


def test_a_pickled_metric_scores_the_same(model: Path, sacrebleu_cache: Path) -> None:
    _place(model, sacrebleu_cache, "flores200")
    hyps, refs = _pair("en-ja", "Online-B", 100)
    bleu = mtmetrics.load_metric("bleu", tokenize="flores200")
    copy = pickle.loads(pickle.dumps(bleu))
    assert copy.corpus_score(hyps, refs).score == bleu.corpus_score(hyps, refs).score


def test_a_missing_model_is_one_line_naming_the_variable_and_the_url(
    sacrebleu_cache: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("cli")
    (folder / "hyp").write_text("a b c\n", encoding="utf-8")
    (folder / "ref").write_text("a b c\n", encoding="utf-8")
    code, out, err = run_cli(str(folder / "ref"), "-i", str(folder / "hyp"), "-m", "bleu", "-tok", "flores200")
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "MTMETRICS_SPM_FLORES200" in lines[0] and "https://tinyurl.com/flores200sacrebleuspm" in lines[0]
    assert str(sacrebleu_cache / "models" / "flores200sacrebleuspm") in lines[0]
    assert not (sacrebleu_cache / "models" / "flores200sacrebleuspm").exists()


def test_a_bad_variable_or_file_is_an_error(sacrebleu_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTMETRICS_SPM_FLORES200", str(sacrebleu_cache / "absent.model"))
    with pytest.raises(ResourceError, match=r"MTMETRICS_SPM_FLORES200=.*absent\.model: no such file"):
        mtmetrics.load_metric("bleu", tokenize="flores200")
    text = sacrebleu_cache / "text.model"
    text.write_text("not a model\n", encoding="utf-8")
    monkeypatch.setenv("MTMETRICS_SPM_FLORES200", str(text))
    get_tokenizer.cache_clear()
    with pytest.raises(ResourceError, match="not a SentencePiece model"):
        mtmetrics.load_metric("bleu", tokenize="flores200")


def test_only_metrics_that_count_tokens_take_subword_tokenizers(model: Path, sacrebleu_cache: Path) -> None:
    _place(model, sacrebleu_cache, "flores200")
    # DUP tags words with parts of speech: SentencePiece pieces are not words
    with pytest.raises(ParameterError, match="tokenize"):
        mtmetrics.load_metric("dup", tokenize="flores200")


def test_chrf_has_no_tokenizer_in_sacrebleu() -> None:
    """chrF reads characters and whitespace-separated words: neither sacrebleu nor mtmetrics tokenises for it."""
    import inspect

    assert "tokenize" not in inspect.signature(sacrebleu.CHRF).parameters
    assert "tokenize" not in {p.name for p in mtmetrics.load_metric("chrf").metric.params}


KOREAN = [
    ("서울은 대한민국의 수도이다.", "서울은 대한민국의 수도입니다."),
    ("나는 어제 친구와 함께 영화를 보았다.", "어제 나는 친구와 영화를 봤다."),
    ("이 식당의 음식은 정말 맛있어요!", "이 식당 음식이 정말 맛있네요!"),
    ("회의는 오후 세 시에 시작합니다.", "회의는 오후 3시에 시작됩니다."),
]


def test_korean_mecab_equals_sacrebleu() -> None:
    pytest.importorskip("mecab_ko")
    hyps, refs = [h for h, _ in KOREAN], [[r for _, r in KOREAN]]
    ours = mtmetrics.load_metric("bleu", tokenize="ko-mecab")
    theirs = sacrebleu.BLEU(tokenize="ko-mecab")
    assert ours.corpus_score(hyps, refs).score == theirs.corpus_score(hyps, refs).score
    assert ours.signature().get("tok") == theirs.get_signature().info["tok"]
    assert type(ours.metric).language_defaults("ko") == {"tokenize": "ko-mecab"}  # -l xx-ko, as sacrebleu
