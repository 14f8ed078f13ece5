"""Parameter declarations and signatures."""

from __future__ import annotations

import pytest

from mtmetrics import Field, Param, ParameterError, Signature
from mtmetrics.params import format_value, resolve_params
from mtmetrics.signature import nrefs_value


def test_bool_conversion_and_errors() -> None:
    p = Param("flag", bool, False, "a flag", sig_key="f")
    assert [p.convert(v) for v in ("yes", "No", "1", "off", True)] == [True, False, True, False, True]
    with pytest.raises(ParameterError, match="expects yes or no"):
        p.convert("maybe", "m")


def test_int_refuses_fractions_and_booleans() -> None:
    p = Param("n", int, 1, "order", sig_key="n")
    assert p.convert("3") == 3 and p.convert(4.0) == 4
    for bad in (2.5, True, "x"):
        with pytest.raises(ParameterError):
            p.convert(bad)


def test_nullable_and_choices() -> None:
    p = Param("v", float, None, "value", sig_key=None, nullable=True)
    assert p.convert(None) is None
    q = Param("mode", str, "a", "mode", sig_key="m", choices=("a", "b"))
    with pytest.raises(ParameterError, match="must be one of a, b"):
        q.convert("c")
    with pytest.raises(ParameterError, match="needs a value"):
        q.convert(None)


def test_resolve_fills_defaults_in_declaration_order() -> None:
    decl = (Param("b", int, 2, "", sig_key="b"), Param("a", int, 1, "", sig_key="a"))
    assert list(resolve_params(decl, {"a": "5"}, "m").items()) == [("b", 2), ("a", 5)]
    with pytest.raises(ParameterError, match="Its parameters are: b, a"):
        resolve_params(decl, {"c": 1}, "m")


def test_format_value() -> None:
    assert [format_value(v) for v in (True, False, None, 2.0, 1.2, 4, "x")] == [
        "yes",
        "no",
        "none",
        "2.0",
        "1.2",
        "4",
        "x",
    ]


def test_signature_long_short_and_insertion() -> None:
    sig = Signature("X", (Field("nrefs", "2", "#"), Field("plugin", "d@1", "p"), Field("version", "0.1", "v")))
    assert sig.format() == "X|nrefs:2|plugin:d@1|version:0.1"
    assert sig.format(short=True) == "X|#:2|p:d@1|v:0.1"
    extended = sig.with_fields([Field("bs", "1000", "bs"), Field("seed", "0", "rs")])
    assert str(extended) == "X|nrefs:2|bs:1000|seed:0|plugin:d@1|version:0.1"
    assert extended.as_dict()["seed"] == "0" and extended.get("missing") is None


def test_nrefs_value() -> None:
    assert nrefs_value([2, 2, 2]) == "2"
    assert nrefs_value([1, 2]) == "var"
