"""sacrebleu's Python API from mtmetrics (``mtmetrics.compat``): sacrebleu itself is the oracle.

Every call is made twice on real WMT21 text, once through ``mtmetrics`` and once through
``sacrebleu``, and the printed results and every attribute are compared exactly (the signature
is mtmetrics' own and is compared field by field where sacrebleu has the field).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import sacrebleu

import mtmetrics
import mtmetrics.compat as ours
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"
N = 400
SENTENCES = range(0, N, 8)  # 50 sentence-level calls per configuration

ATTRIBUTES = {
    "BLEU": ("counts", "totals", "precisions", "bp", "sys_len", "ref_len", "ratio", "prec_str"),
    "chrF": ("char_order", "word_order", "beta"),
    "TER": ("num_edits", "ref_length"),
}


@cache
def corpus(pair: str, system: str) -> tuple[list[str], list[list[str]]]:
    tgt = pair.split("-")[1]
    hyps = read_text(require(TXT / "system-outputs" / f"newstest2021.{pair}.hyp.{system}.{tgt}.gz"))[:N]
    refs = [
        read_text(require(path))[:N] for path in sorted((TXT / "references").glob(f"newstest2021.{pair}.ref.*.{tgt}"))
    ]
    return hyps, refs


def same(mine: Any, theirs: Any) -> None:
    """The two score objects print and format the same and have equal attributes of equal types."""
    assert type(mine).__name__ == type(theirs).__name__
    assert str(mine) == str(theirs) and repr(mine) == repr(theirs)
    assert mine.name == theirs.name and mine.score == theirs.score
    for width in (0, 1, 4, 10):
        assert mine.format(width=width) == theirs.format(width=width)
        assert mine.format(width=width, score_only=True) == theirs.format(width=width, score_only=True)
    assert mine.format(signature="x:1") == theirs.format(signature="x:1")
    assert json.loads(mine.format(is_json=True, signature="a:b")) == json.loads(
        theirs.format(is_json=True, signature="a:b")
    )
    for name in ATTRIBUTES[mine.name[:4].rstrip("0123456789+")]:
        a, b = getattr(mine, name), getattr(theirs, name)
        assert a == b and type(a) is type(b), (name, a, b)
    assert (mine._mean, mine._ci, mine._verbose) == (theirs._mean, theirs._ci, theirs._verbose)


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("BLEU", {}),
    ("BLEU", {"lowercase": True, "tokenize": "intl"}),
    ("BLEU", {"smooth_method": "floor", "smooth_value": 0.2, "max_ngram_order": 6}),
    ("BLEU", {"smooth_method": "add-k", "effective_order": True}),
    ("BLEU", {"smooth_method": "none", "tokenize": "char"}),
    ("CHRF", {}),
    ("CHRF", {"word_order": 2}),
    ("CHRF", {"char_order": 4, "beta": 1, "lowercase": True, "whitespace": True, "eps_smoothing": True}),
    ("TER", {}),
    ("TER", {"case_sensitive": True, "no_punct": True, "normalized": True}),
]


@pytest.mark.parametrize(("cls", "kwargs"), CONFIGS, ids=lambda x: str(x))
def test_classes_equal_sacrebleus(cls: str, kwargs: dict[str, Any]) -> None:
    hyps, refs = corpus("de-en", "Online-B")
    if cls == "TER":  # sacrebleu's Python TER is slow
        hyps, refs = hyps[:150], [r[:150] for r in refs]
    mine, theirs = getattr(ours, cls)(**kwargs), getattr(sacrebleu, cls)(**kwargs)
    same(mine.corpus_score(hyps, refs), theirs.corpus_score(hyps, refs))
    same(mine.corpus_score(hyps, refs[:1]), theirs.corpus_score(hyps, refs[:1]))
    assert mine.get_signature().info["nrefs"] == "1"
    for i in SENTENCES if cls != "TER" else range(0, 150, 10):
        seg_refs = [r[i] for r in refs]
        same(mine.sentence_score(hyps[i], seg_refs), theirs.sentence_score(hyps[i], seg_refs))


def test_trg_lang_and_tokenize_none_take_the_languages_tokenizer() -> None:
    hyps, refs = corpus("en-zh", "Online-B")
    for kwargs in ({"trg_lang": "zh"}, {"trg_lang": "zh", "tokenize": None}, {"trg_lang": "de"}, {"trg_lang": ""}):
        mine = ours.BLEU(**kwargs)
        theirs = sacrebleu.BLEU(**kwargs)
        same(mine.corpus_score(hyps, refs), theirs.corpus_score(hyps, refs))
        assert mine.get_signature().info["tok"] == theirs.get_signature().info["tok"]
    assert ours.BLEU(trg_lang="zh").tokenize == "zh" and ours.BLEU(trg_lang="zh", tokenize="13a").tokenize == "13a"


@pytest.mark.parametrize("cls", ["BLEU", "CHRF", "TER"])
def test_cached_references(cls: str) -> None:
    hyps, refs = corpus("de-en", "Online-A")
    hyps, refs = hyps[:120], [r[:120] for r in refs]
    mine, theirs = getattr(ours, cls)(references=refs), getattr(sacrebleu, cls)(references=refs)
    assert mine.get_signature().info["nrefs"] == str(theirs.get_signature().info["nrefs"]) == "2"
    same(mine.corpus_score(hyps), theirs.corpus_score(hyps, None))
    other, _ = corpus("de-en", "Borderline")
    same(mine.corpus_score(other[:120], None), theirs.corpus_score(other[:120], None))
    # explicit references win over the cache, as in sacrebleu
    same(mine.corpus_score(hyps, refs[:1]), theirs.corpus_score(hyps, refs[:1]))


@pytest.mark.parametrize("cls", ["BLEU", "CHRF", "TER"])
def test_n_bootstrap_gives_sacrebleus_interval(cls: str) -> None:
    hyps, refs = corpus("de-en", "UEdin")
    if cls == "TER":
        hyps, refs = hyps[:100], [r[:100] for r in refs]
    mine, theirs = getattr(ours, cls)(), getattr(sacrebleu, cls)()
    a, b = mine.corpus_score(hyps, refs, n_bootstrap=200), theirs.corpus_score(hyps, refs, n_bootstrap=200)
    # the same draws, summed in float32 and scored in sacrebleu's arithmetic: the same bits
    assert (a._mean, a._ci) == (b._mean, b._ci)
    for width in (1, 2, 3):
        assert a.format(width=width) == b.format(width=width)
        assert a.format(width=width, score_only=True) == b.format(width=width, score_only=True)
    a._mean, a._ci = b._mean, b._ci
    same(a, b)
    info = mine.get_signature().info
    assert (info["bs"], info["seed"]) == ("200", "12345") == (str(theirs.get_signature().info["bs"]), "12345")
    assert mine.corpus_score(hyps, refs)._mean == -1.0  # no bootstrap, no interval


def test_compute_bleu_is_sacrebleus() -> None:
    hyps, refs = corpus("de-en", "Facebook-AI")
    stats = mtmetrics.load_metric("bleu").statistics(hyps, refs).array
    for k in range(0, N, 20):
        row = [int(x) for x in stats[k : k + 20].sum(0)]
        for method in ("none", "floor", "add-k", "exp"):
            for eff in (False, True):
                args = (row[2:6], row[6:10], row[0], row[1])
                mine = ours.BLEU.compute_bleu(*args, smooth_method=method, effective_order=eff)
                theirs = sacrebleu.BLEU.compute_bleu(list(row[2:6]), list(row[6:10]), row[0], row[1], method, None, eff)
                same(mine, theirs)


def test_functional_api_equals_sacrebleus() -> None:
    hyps, refs = corpus("de-en", "HuaweiTSC")
    calls: list[tuple[Callable[..., Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = [
        (ours.corpus_bleu, sacrebleu.corpus_bleu, (hyps, refs), {}),
        (ours.corpus_bleu, sacrebleu.corpus_bleu, (hyps, refs), {"lowercase": True, "use_effective_order": True}),
        (ours.raw_corpus_bleu, sacrebleu.raw_corpus_bleu, (hyps, refs), {}),
        (ours.corpus_chrf, sacrebleu.corpus_chrf, (hyps, refs), {"word_order": 2}),
        (ours.corpus_chrf, sacrebleu.corpus_chrf, (hyps, refs), {"remove_whitespace": False}),
        (ours.corpus_ter, sacrebleu.corpus_ter, (hyps[:100], [r[:100] for r in refs]), {"no_punct": True}),
    ]
    for i in SENTENCES:
        seg_refs = [r[i] for r in refs]
        calls += [
            (ours.sentence_bleu, sacrebleu.sentence_bleu, (hyps[i], seg_refs), {}),
            (ours.sentence_chrf, sacrebleu.sentence_chrf, (hyps[i], seg_refs), {"word_order": 2}),
            (ours.sentence_ter, sacrebleu.sentence_ter, (hyps[i], seg_refs), {}),
        ]
    for mine, theirs, args, kwargs in calls:
        same(mine(*args, **kwargs), theirs(*args, **kwargs))


def test_import_mtmetrics_as_sacrebleu_runs_its_readme() -> None:
    """sacrebleu's README example, with one import changed."""
    import mtmetrics as sb
    from mtmetrics import BLEU, CHRF, TER  # noqa: F401 - the import itself is the test
    from mtmetrics.compat import BLEU as BLEU2

    assert BLEU is BLEU2
    refs = [
        ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
        ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
    ]
    sys_ = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
    assert (
        str(sb.corpus_bleu(sys_, refs))
        == "BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)"
    )
    bleu = sb.BLEU()
    result = bleu.corpus_score(sys_, refs)
    same(result, sacrebleu.BLEU().corpus_score(sys_, refs))
    signature = str(bleu.get_signature())
    assert signature.startswith("nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|")  # mtmetrics' fields, no name
    assert result.format(signature=signature).startswith(f"BLEU|{signature} = 48.53 ")
    same(sb.sentence_chrf(sys_[0], [r[0] for r in refs]), sacrebleu.sentence_chrf(sys_[0], [r[0] for r in refs]))


def test_errors_are_mtmetrics_errors() -> None:
    with pytest.raises(mtmetrics.MtmetricsError, match="score a corpus first"):
        ours.BLEU().get_signature()
    with pytest.raises(mtmetrics.MtmetricsError, match="no references given and none cached"):
        ours.CHRF().corpus_score(["a"])
    with pytest.raises(mtmetrics.MtmetricsError, match="not one string"):
        ours.TER().sentence_score("a", "a")
    with pytest.raises(mtmetrics.MtmetricsError, match="list of reference streams"):
        ours.BLEU().corpus_score(["a b"], ["a b"])  # one stream given as the list of streams
    # generators work, as in sacrebleu
    hyps, refs = corpus("de-en", "Online-B")
    same(
        ours.CHRF().corpus_score((h for h in hyps[:50]), (iter(r[:50]) for r in refs)),
        sacrebleu.CHRF().corpus_score(hyps[:50], [r[:50] for r in refs]),
    )
    with pytest.raises(mtmetrics.MtmetricsError, match="reference stream 1 has 1 segments"):
        ours.BLEU().corpus_score(["a", "b"], [["a"]])  # sacrebleu's zip would drop "b" silently


def test_import_mtmetrics_stays_lazy() -> None:
    code = "import sys, mtmetrics; print('mtmetrics.compat' in sys.modules, 'sacrebleu' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_sacrebleu_module_habits_in_a_fresh_process() -> None:
    """``sacrebleu.metrics.TER()``, ``sacrebleu.compat.sentence_bleu`` and ``sacrebleu.significance.PairedTest``
    after ``import mtmetrics as sacrebleu``, in a process that imported nothing else first."""
    code = (
        "import mtmetrics as sacrebleu\n"
        "print(sacrebleu.metrics.TER().corpus_score(['a b'], [['a c']]).score)\n"
        "print(sacrebleu.compat.sentence_bleu('a b c d', ['a b c d']).score)\n"
        "print(sacrebleu.significance.PairedTest.__name__, sacrebleu.metrics.BLEU is sacrebleu.BLEU)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["50.0", "100.00000000000004", "PairedTest", "True"] or out.split()[2:] == [
        "PairedTest",
        "True",
    ]
    assert float(out.split()[0]) == sacrebleu.metrics.TER().corpus_score(["a b"], [["a c"]]).score
    assert float(out.split()[1]) == sacrebleu.compat.sentence_bleu("a b c d", ["a b c d"]).score


@pytest.mark.parametrize("smooth_value", [None, 1, 2, 0.5, 1.0])
def test_add_k_counts_keep_sacrebleus_types(smooth_value: float | None) -> None:
    """add-k adds k to the counts of orders above 1: an integer k keeps them integers, as in sacrebleu."""
    args = (["a b c", "b c d e"], [["a b c", "b c d f"]])
    mine = ours.BLEU(smooth_method="add-k", smooth_value=smooth_value).corpus_score(*args)
    same(mine, sacrebleu.BLEU(smooth_method="add-k", smooth_value=smooth_value).corpus_score(*args))
    assert mine.counts == sacrebleu.BLEU(smooth_method="add-k", smooth_value=smooth_value).corpus_score(*args).counts


def test_ter_sums_reference_lengths_in_sacrebleus_order() -> None:
    """Three references make fractional mean lengths; summed in segment order they give sacrebleu's last bit."""
    args = (["b", "b", "b"], [["a", "a", "a"], ["a", "a", "a"], ["a", "a a", "a a"]])
    mine, theirs = ours.TER().corpus_score(*args), sacrebleu.TER().corpus_score(*args)
    assert (mine.score, mine.ref_length) == (theirs.score, theirs.ref_length)
    same(mine, theirs)
    hyps, refs = corpus("de-en", "Online-B")  # and on real text with every reference
    same(ours.TER().corpus_score(hyps, refs), sacrebleu.TER().corpus_score(hyps, refs))


def _paired(
    module: Any, paired: Any, test_type: str, n_ar_confidence: int
) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    hyps0, refs = corpus("de-en", "Online-B")
    systems = [("Online-B", hyps0[:150]), *((s, corpus("de-en", s)[0][:150]) for s in ("Online-A", "VolcTrans-GLAT"))]
    metrics = {"bleu": module.BLEU(), "chrf": module.CHRF(), "ter": module.TER()}
    test = paired(
        systems, metrics, [r[:150] for r in refs], test_type=test_type, n_samples=60, n_ar_confidence=n_ar_confidence
    )
    signatures, table = test()
    return signatures, table


@pytest.mark.parametrize(("test_type", "n_ar_confidence"), [("bs", -1), ("ar", -1), ("ar", 40)])
def test_paired_test_is_sacrebleus(test_type: str, n_ar_confidence: int) -> None:
    """``PairedTest`` gives sacrebleu's scores, p-values, means and intervals, to the bit."""
    from sacrebleu import significance

    mine_sigs, mine = _paired(ours, ours.PairedTest, test_type, n_ar_confidence)
    theirs_sigs, theirs = _paired(sacrebleu, significance.PairedTest, test_type, n_ar_confidence)
    assert list(mine) == list(theirs) and mine["System"] == theirs["System"]
    for key in list(mine)[1:]:
        assert [vars(r) for r in mine[key]] == [vars(r) for r in theirs[key]], key
        assert repr(mine[key][1]) == repr(theirs[key][1])
        mine_fields, theirs_fields = mine_sigs[key].info, theirs_sigs[key].info
        for field in ("seed", test_type, "bs"):
            assert mine_fields.get(field) == (None if theirs_fields.get(field) is None else str(theirs_fields[field]))


def test_dropin_hostile_calls_are_mtmetrics_errors() -> None:
    """Arguments sacrebleu would crash on (or truncate silently) are errors naming the argument."""
    with pytest.raises(mtmetrics.InputError, match="different lengths"):
        ours.BLEU(references=[["a", "b"], ["a"]])
    for bad in ("5", 0, -1, float("nan"), 10**9, True):
        with pytest.raises(mtmetrics.ParameterError, match="n_bootstrap"):
            ours.BLEU().corpus_score(["a"], [["a"]], n_bootstrap=bad)  # type: ignore[arg-type]
    with pytest.raises(mtmetrics.ParameterError, match="correct"):
        ours.BLEU.compute_bleu([1, 1], [2, 2, 2, 2], 3, 3)
    with pytest.raises(mtmetrics.ParameterError, match="smooth_method"):
        ours.BLEU.compute_bleu([1] * 4, [2] * 4, 3, 3, smooth_method="nope")
    with pytest.raises(mtmetrics.ParameterError, match="test_type"):
        ours.PairedTest([("a", ["x"])], {"bleu": ours.BLEU()}, [["x"]], test_type="t")
    with pytest.raises(mtmetrics.ParameterError, match="metrics"):
        ours.PairedTest([("a", ["x"])], {"bleu": object()}, [["x"]])  # type: ignore[dict-item]
    with pytest.raises(mtmetrics.ParameterError, match="n_samples"):
        ours.PairedTest([("a", ["x"])], {"bleu": ours.BLEU()}, [["x"]], n_samples=-5)


def test_tokenizer_names_are_sacrebleus() -> None:
    """``BLEU.TOKENIZERS`` names sacrebleu's tokenizers in sacrebleu's order (FLORES ones from a local model)."""
    assert tuple(sacrebleu.BLEU.TOKENIZERS) == ours.BLEU.TOKENIZERS
