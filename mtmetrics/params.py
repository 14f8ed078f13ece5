"""Declared metric parameters: one :class:`Param` list gives the API's keywords, the CLI's
``--<metric>-<param>`` flags, the signature fields and the JSON ``params``, so they never disagree."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import ParameterError, suggest

_TRUE = {"yes", "true", "1", "on", "y"}
_FALSE = {"no", "false", "0", "off", "n"}

#: Renders a parameter value for the signature; receives the value and all of the metric's values.
Formatter = Callable[[Any, Mapping[str, Any]], str]

#: Inclusive bounds ``(low, high)`` of a number: ``high`` ``None`` is unbounded but finite, ``math.inf``
#: admits infinity (``low`` likewise); NaN never passes.
Bounds = tuple[float, float | None]


def format_range(bounds: Bounds) -> str:
    """Interval notation of ``bounds``: ``[1, 9]``, ``[0, inf)`` (finite values), ``[0, inf]``."""
    low, high = bounds
    left = "(-inf" if low == -math.inf else f"[{_number(low)}"
    right = "inf)" if high is None else "inf]" if high == math.inf else f"{_number(high)}]"
    return f"{left}, {right}"


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def format_value(value: Any) -> str:
    """Render a value for a signature the way sacrebleu does: booleans as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)  # a float's str is its repr (2.0, not 2)


@dataclass(frozen=True)
class Param:
    """One parameter of a metric.

    Attributes:
        name: keyword argument name; the CLI flag is ``--<metric>-<name>`` (dashes for underscores).
        type: ``bool``, ``int``, ``float`` or ``str``; CLI strings are converted to it.
        default: value when not given. help: one line for ``--help`` and ``mtmetrics list``.
        sig_key: signature key (``None``: cannot change the score, or another's ``fmt`` renders it).
        sig_short: key in the short signature (default ``sig_key``).
        choices: allowed values of an enumeration.
        fmt: renders the value for the signature (default: booleans as yes/no).
        check: extra validation, returning an error message or ``None``.
        nullable: whether ``None`` is accepted.
        aliases: further flag spellings (sacrebleu's ``-s``), added when the metric is chosen.
        range: inclusive :data:`Bounds` of a number (every numeric parameter declares one).
        path: the value names a file (or, a function, holds one, resolved through the resolver it
            gets); in a model file it is relative to the model's folder and stays in it.
        implies: values a tool's mode gives other parameters (``{"nltk": {"stemmer": "porter-nltk"}}``)
            unless the user sets them.
        parse: reads the signature value back as ``{param: value}``, when ``fmt`` folds in other
            parameters (``floor[0.10]``); otherwise the value that prints the text is found by ``fmt``.
    """

    name: str
    type: type
    default: Any
    help: str
    sig_key: str | None
    sig_short: str | None = None
    choices: tuple[Any, ...] | None = None
    fmt: Formatter | None = None
    check: Callable[[Any], str | None] | None = None
    nullable: bool = False
    aliases: tuple[str, ...] = ()
    range: Bounds | None = None
    path: bool | Callable[[str, Callable[[str], str]], str] = False
    implies: Mapping[Any, Mapping[str, Any]] | None = None
    parse: Callable[[str], Mapping[str, Any]] | None = None

    @property
    def flag(self) -> str:
        """The parameter's name as it appears in CLI flags (dashes instead of underscores)."""
        return self.name.replace("_", "-")

    def convert(self, value: Any, metric: str = "") -> Any:
        """Convert ``value`` (a Python value or a CLI string) to this parameter's type and check it."""
        where = f"{metric}: " if metric else ""
        if value is None:
            if self.nullable:
                return None
            raise ParameterError(f"{where}parameter '{self.name}' needs a value ({self.type.__name__}).")
        try:
            converted = self._convert(value)
        except (TypeError, ValueError, OverflowError):
            raise ParameterError(f"{where}parameter '{self.name}' expects {self._describe()}, got {value!r}.") from None
        if self.type in (int, float):
            problem = out_of_range(converted, self.range)
            if problem:
                raise ParameterError(f"{where}parameter '{self.name}' {problem}; got {value!r}.")
        if self.choices is not None and converted not in self.choices:
            raise ParameterError(
                f"{where}parameter '{self.name}' must be one of "
                f"{', '.join(map(str, self.choices))}; got {value!r}.{suggest(str(value), map(str, self.choices))}"
            )
        if self.check is not None:
            problem = self.check(converted)
            if problem:
                raise ParameterError(f"{where}parameter '{self.name}': {problem} (got {value!r}).")
        return converted

    def _convert(self, value: Any) -> Any:
        if self.type is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError(value)
        if self.type is int:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError(value)
            return int(value)
        if self.type is float:
            if isinstance(value, bool):
                raise ValueError(value)
            return float(value)
        if self.type is str:
            if not isinstance(value, str):
                raise TypeError(value)
            return value
        return self.type(value)

    def _describe(self) -> str:
        if self.type is bool:
            return "yes or no"
        if self.range is not None:
            return f"{'an integer' if self.type is int else 'a number'} in {format_range(self.range)}"
        return f"a value of type {self.type.__name__}"

    @property
    def range_text(self) -> str | None:
        """The declared range in interval notation (``[1, 9]``, ``[0, inf)``), or None."""
        return None if self.range is None else format_range(self.range)

    def signature_value(self, value: Any, values: Mapping[str, Any]) -> str:
        """Render ``value`` for the signature."""
        return self.fmt(value, values) if self.fmt is not None else format_value(value)


def exact(value: float, spec: str) -> str:
    """``value`` formatted by ``spec`` (``".2f"``, ``"g"``) when that reads back as the same number, else
    its ``repr``: two numbers never print alike, so a signature names one value."""
    text = format(value, spec)
    return text if float(text) == value else repr(float(value))


def out_of_range(value: float, bounds: Bounds | None) -> str | None:
    """Why a number is refused (NaN, an infinity ``bounds`` exclude, out of range), or None."""
    low, high = bounds if bounds is not None else (-math.inf, None)
    where = f" in {format_range(bounds)}" if bounds is not None else ""
    if math.isnan(value):
        return f"must be a number{where}, not NaN"
    if math.isinf(value) and value not in (low, high):
        return f"must be a finite number{where}"
    if value < low or (high is not None and value > high):
        return f"must be in {format_range(bounds or (low, high))}"
    return None


def number(value: Any, name: str, kind: type, bounds: Bounds) -> Any:
    """``value`` as an ``int`` or ``float`` within ``bounds``, else a :class:`ParameterError` naming ``name``
    (the check of numbers outside metric parameters: ``jobs``, resample counts, seeds)."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if ok and kind is int and isinstance(value, float):
        ok = value.is_integer()
    what = f"{'an integer' if kind is int else 'a number'} in {format_range(bounds)}"
    if not ok:
        raise ParameterError(f"{name} must be {what}, got {value!r}.")
    problem = out_of_range(value, bounds)
    if problem:
        raise ParameterError(f"{name} {problem}, got {value!r}.")
    return kind(value)


def resolve_params(declared: tuple[Param, ...], given: Mapping[str, Any], metric: str) -> dict[str, Any]:
    """Check ``given`` against the declaration and fill in defaults, in declaration order."""
    by_name = {p.name: p for p in declared}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        names = ", ".join(p.name for p in declared) or "none"
        raise ParameterError(
            f"{metric}: unknown parameter '{unknown[0]}'.{suggest(unknown[0], by_name)} Its parameters are: {names}."
        )
    values = {p.name: p.convert(given[p.name], metric) if p.name in given else p.default for p in declared}
    for p in declared:
        for name, value in ((p.implies or {}).get(values[p.name]) or {}).items():
            if name not in given:
                values[name] = by_name[name].convert(value, metric)
    return values


def parse_inline(text: str) -> tuple[str, dict[str, str]]:
    """``name`` or ``name:param=value,...`` as the name and its parameters (dashes read as underscores);
    an item without ``=`` or a parameter given twice is a :class:`ParameterError`."""
    name, _, rest = text.partition(":")
    inline: dict[str, str] = {}
    if rest:
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise ParameterError(f"-m {text}: expected name:param=value[,param=value], got '{item}'.")
            key = key.strip().replace("-", "_")
            if key in inline:
                raise ParameterError(f"-m {text}: parameter '{key}' is given twice.")
            inline[key] = value.strip()
    return name.strip(), inline


# ----------------------------------------------------------------------------- language pairs
_PAIR = re.compile(r"([a-z]{2,3})-([a-z]{2,3})")


#: ISO 639-1's two-letter codes; a three-letter code (ISO 639-2/3: ``hsb``, ``liv``) is taken as given
_ISO_639_1_CODES = (
    "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz "
    "ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik "
    "io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml "
    "mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd "
    "se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi "
    "vo wa wo xh yi yo za zh zu"
)
_ISO_639_1 = frozenset(_ISO_639_1_CODES.split())


def language_pair(text: str) -> tuple[str, str] | None:
    """``(source, target)`` of a name like a language pair (``en-de``), else ``None``."""
    m = _PAIR.fullmatch(text) if isinstance(text, str) else None
    return (m.group(1), m.group(2)) if m else None


def checked_pair(text: Any, option: str) -> tuple[str, str]:
    """``(source, target)`` of a language pair the user gave (two ISO 639 codes), else a
    :class:`ParameterError` naming ``option`` and the valid spelling if there is one (``EN_DE``: ``en-de``)."""

    def unknown(pair: tuple[str, str] | None) -> list[str]:
        return [c for c in pair or () if len(c) == 2 and c not in _ISO_639_1]

    pair = language_pair(text)
    if pair is not None and not unknown(pair):
        return pair
    why = f"{unknown(pair)[0]!r} is not an ISO 639-1 language code" if pair else "expected codes such as de-en"
    fixed = language_pair(re.sub(r"[\s_]+", "-", text.strip().lower())) if isinstance(text, str) else None
    hint = f" Did you mean {'-'.join(fixed)}?" if fixed and not unknown(fixed) else ""
    raise ParameterError(f"{option}: {why}, got {text!r}.{hint}")
