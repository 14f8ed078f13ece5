"""A signature read back into the metric that printed it: the fields are read by the same
declarations that print them (:class:`~mtmetrics.params.Param`'s ``sig_key``, ``sig_short``,
``fmt`` and, for a value folding in several parameters, ``parse``), then the metric is built and
must print the same fields again, so no reading is a guess.

Fields are of four kinds: a parameter's; the run's (``nrefs`` and a metric's ``input_fields``,
checked when the metric scores); sacrebleu's run settings (``bs``, ``ar``, ``seed``, ``test``,
``lang``, ``subset``, ``origlang``: shown, not set); and what this installation provides (versions,
resource hashes), where a difference is an error unless allowed. A signature without a ``plugin``
field is sacrebleu's own: its ``version`` is the ``sacrebleu`` field, and a parameter it never
records (BLEU's ``order``, chrF's ``beta``) has its default.
"""

from __future__ import annotations

import contextlib
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .engine import gate
from .engine.results import signature
from .errors import MtmetricsError, ParameterError, UnknownMetricError, suggest
from .params import Param
from .plugins import REGISTRY

if TYPE_CHECKING:
    from .metric import Metric

#: the run's field checked when the metric scores
NREFS = ("nrefs", "#")
#: the run's off-target handling (:mod:`mtmetrics.resources.lid`): set by the run's options, and the
#: CLI refuses a run whose ``--target-lang``/``--off-target`` would print another value
OFF_TARGET = ("offtarget", "ot")
#: sacrebleu's run settings (resampling, test set): shown, set by the run's own options
RUN_SETTINGS = {"bs": "bs", "ar": "ar", "seed": "rs", "test": "t", "lang": "l", "subset": "S", "origlang": "o"}
#: provenance fields every mtmetrics signature ends with
PROVENANCE = {"plugin": "p", "version": "v"}
_SIGNED = re.compile(r"\(signed [^()]*\)$")
_VERSION = re.compile(r"\d+(\.\d+)+[\w.+-]*")
_PIP_NAMES = {"comet": "unbabel-comet", "version": "mtmetrics"}


@dataclass(frozen=True)
class FieldReading:
    """One field of a signature as read: written key, long key, value, what it is and sets."""

    key: str
    long: str
    value: str
    #: ``param``, ``run``, ``setting`` or ``installed``
    kind: str
    #: the parameters it sets (a ``param`` field)
    params: tuple[str, ...] = ()
    #: this installation's value (an ``installed`` or ``run`` field), as written in the signature's form
    here: str | None = None

    @property
    def differs(self) -> bool:
        """Whether this installation differs from the signature (an ``installed`` field)."""
        return self.kind == "installed" and self.here != self.value

    def hint(self) -> str:
        """How to get the recorded version or resource."""
        if self.long == "plugin":
            dist, _, version = self.value.partition("@")
            return f"pip install {dist}=={version}"
        if _VERSION.fullmatch(self.value):
            return f"pip install {_PIP_NAMES.get(self.long, self.long)}=={self.value}"
        return f"give the {self.long} file it records, {self.value}, as the metric's file parameter"


@dataclass(frozen=True)
class Reading:
    """A signature read by a metric's declarations: the metric built with exactly its parameters."""

    text: str
    metric: Metric
    fields: tuple[FieldReading, ...]
    short: bool
    sacrebleu: bool

    def mismatches(self) -> list[FieldReading]:
        """The fields this installation does not reproduce."""
        return [f for f in self.fields if f.differs]


def split(text: str) -> tuple[str | None, list[tuple[str, str]]]:
    """``(name or None, [(key, value), ...])`` of a signature; a bad item is a ParameterError."""
    if not isinstance(text, str) or ("|" not in text and ":" not in text):
        raise ParameterError(f"signature {text!r}: expected NAME|key:value|... or sacrebleu's key:value|...")
    items = text.strip().split("|")
    name = None if ":" in items[0] else items.pop(0).strip()
    pairs: list[tuple[str, str]] = []
    for item in items:
        key, colon, value = item.partition(":")
        if not colon or not key.strip():
            raise ParameterError(f"signature {text!r}: field {item!r} is not key:value.")
        if any(k == key.strip() for k, _ in pairs):
            raise ParameterError(f"signature {text!r}: field '{key.strip()}' is given twice.")
        pairs.append((key.strip(), _SIGNED.sub("", value.strip())))
    return name or None, pairs


def _key(p: Param, short: bool) -> str:
    assert p.sig_key is not None
    return (p.sig_short or p.sig_key) if short else p.sig_key


def _read_param(p: Param, text: str, values: dict[str, Any], by_name: Mapping[str, Param], where: str) -> None:
    """Set in ``values`` what the field of ``p`` saying ``text`` stands for."""
    if p.parse is not None:
        try:
            read = p.parse(text)
        except ValueError as exc:
            raise ParameterError(f"{where}: field '{p.sig_key}': {exc} (got {text!r}).") from None
        values.update({k: by_name[k].convert(v, where) for k, v in read.items()})
        return
    # the values that might print ``text``, the current one first (so defaults win)
    candidates: list[Any] = [values[p.name], *([None] if p.nullable else []), *(p.choices or ())]
    if p.type is bool:
        candidates += [True, False]
    else:
        with contextlib.suppress(MtmetricsError):
            candidates.append(p.convert(text))
    for value in candidates:
        try:
            if p.signature_value(value, {**values, p.name: value}) == text:
                values[p.name] = value
                return
        except (MtmetricsError, ValueError, TypeError, KeyError):
            continue
    where = f"{where}: field '{p.sig_key}'"
    p.convert(text, where)  # the parameter's own message when the text is no value of it
    raise ParameterError(f"{where}: no value of parameter '{p.name}' prints {text!r}.")


def _params_of(cls: type[Metric], given: Mapping[str, str], short: bool, where: str) -> tuple[dict[str, Any], set[str]]:
    """The parameter values the fields ``given`` stand for (defaults where sacrebleu records none),
    the canonical ones (a default wins when it prints the same), and the keys used."""
    by_name = {p.name: p for p in cls.params}
    values = {p.name: p.default for p in cls.params}
    todo = [p for p in cls.params if p.sig_key is not None and _key(p, short) in given]
    used = {_key(p, short) for p in todo}
    while todo:  # a value printed by way of a later parameter (ROUGE's tok under impl=rouge155) waits for it
        failed: list[tuple[Param, ParameterError]] = []
        for p in todo:
            try:
                _read_param(p, given[_key(p, short)], values, by_name, where)
            except ParameterError as exc:
                failed.append((p, exc))
        if len(failed) == len(todo):
            raise failed[0][1]
        todo = [p for p, _ in failed]

    def printed(vals: Mapping[str, Any]) -> list[str]:
        return [p.signature_value(vals[p.name], vals) for p in cls.params if p.sig_key is not None]

    target = printed(values)
    for p in cls.params:  # canonical: a value the signature cannot tell from the default is the default
        if values[p.name] != p.default:
            trial = {**values, p.name: p.default}
            try:
                same = printed(trial) == target
            except (MtmetricsError, ValueError, TypeError, KeyError):
                same = False
            if same:
                values = trial
    return values, used


def _classes(name: str, keys: set[str]) -> list[type[Metric]]:
    """Classes that may print a signature named ``name``: the registry name's (in any case), else those
    whose name starts the signature's, else every class whose parameters' keys are all among ``keys``."""
    registry = REGISTRY.metric_registry()
    exact = REGISTRY.canonical_name(name)
    if exact in registry:
        return [registry[exact].cls]
    prefixed = [e for n, e in registry.items() if _norm(name).startswith(_norm(n))]
    rest = [e for e in registry.values() if e not in prefixed]
    out = []
    for tier, entries in enumerate((prefixed, rest)):
        for entry in entries:
            try:
                cls = entry.cls
            except MtmetricsError:
                continue
            params = [p for p in cls.params if p.sig_key is not None]
            if tier == 0 or (params and all(p.sig_key in keys or p.sig_short in keys for p in params)):
                out.append(cls)
    return out


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.casefold())


def metric_class(text: str) -> type[Metric]:
    """The class of the metric ``text`` names, without building it when the name alone tells."""
    name, pairs = split(text)
    candidates = _classes(name, {k for k, _ in pairs}) if name is not None else []
    return candidates[0] if len(candidates) == 1 else type(read(text).metric)


def read(text: str, files: Mapping[str, Any] | None = None) -> Reading:
    """Read ``text`` (long or short form; ``name|`` then sacrebleu's own) into the metric it names.

    ``files`` gives the metric's file parameters (a similarity table, a model): a signature records a
    file's name and SHA-256, not where it is; the built metric's resource field must then match."""
    name, pairs = split(text)
    if name is None:
        raise ParameterError(
            f"signature {text!r} has no metric name (sacrebleu's has none): put the metric's name in front, "
            f"e.g. 'bleu|{text.strip()}'."
        )
    keys = {k for k, _ in pairs}
    candidates = _classes(name, keys)
    problems: list[str] = []
    found: list[Reading] = []
    for cls in candidates:
        try:
            found.append(_read_as(cls, name, pairs, text, files or {}))
        except MtmetricsError as exc:
            problems.append(str(exc))
    if len(found) > 1:  # one metric fixing another's parameter (hlepor-e: hlepor with pos=file): its own name
        found = [r for r in found if _norm(type(r.metric).name) == _norm(name)] or found
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(type(r.metric).name for r in found)
        raise ParameterError(f"signature {text!r} is printed by several metrics ({names}): give the registry name.")
    if len(candidates) == 1 and problems:
        raise ParameterError(problems[0])
    raise UnknownMetricError(
        f"signature {text!r}: no registered metric prints {name!r} with these fields."
        f"{suggest(name, REGISTRY.metric_registry())} Run 'mtmetrics list' to see the metrics."
    )


def _read_as(
    cls: type[Metric], name: str, pairs: list[tuple[str, str]], text: str, files: Mapping[str, Any]
) -> Reading:
    """``pairs`` read as the signature of ``cls``: a ParameterError names the first field that does not fit."""
    keys = {k for k, _ in pairs}
    short = bool(keys & {"#", "v", "p"}) and not keys & {"nrefs", "version", "plugin"}
    given = dict(pairs)
    where = f"signature {name}"
    values, used = _params_of(cls, given, short, where)
    paths = [p.name for p in cls.params if p.path]
    other = [k for k in files if k not in paths]
    if other:
        allowed = ", ".join(paths) or "none"
        raise ParameterError(f"{where}: sets every parameter but its files ({allowed}); do not set '{other[0]}'.")
    metric = gate.build_metric(cls, {**values, **files})
    printed = signature(metric, given.get("#" if short else "nrefs", "1"))
    if printed.name.casefold() != name.casefold() and cls.name.casefold() != name.casefold():
        raise ParameterError(f"{where}: {cls.name} with these parameters is named {printed.name}, not {name}.")
    mine = {(f.short if short else f.key): f for f in printed.fields}
    # no plugin field, and the metric is sacrebleu's: sacrebleu's own signature, its version sacrebleu's
    sacrebleu = ("p" if short else "plugin") not in keys and printed.get("sacrebleu") is not None
    if sacrebleu:
        mine["v" if short else "version"] = next(f for f in printed.fields if f.key == "sacrebleu")
    by_key = {_key(p, short): p for p in cls.params if p.sig_key is not None}
    out = []
    for key, value in pairs:
        field = mine.get(key)
        if key in (*NREFS, *OFF_TARGET):
            out.append(FieldReading(key, "nrefs" if key in NREFS else "offtarget", value, "run"))
        elif key in (RUN_SETTINGS.values() if short else RUN_SETTINGS) and (field is None or key not in used):
            long = next(k for k, s in RUN_SETTINGS.items() if key in (k, s))
            out.append(FieldReading(key, long, value, "setting"))
        elif field is None:
            known = ", ".join(mine)
            raise ParameterError(f"{where}: unknown field '{key}' (the fields of {printed.name}: {known}).")
        elif key in used:
            p = by_key[key]
            here = field.format(short).partition(":")[2]
            if here != value:
                raise ParameterError(f"{where}: field '{key}' says {value!r}, but its parameters print {here!r}.")
            sets = (p.name, *(p.parse(value) if p.parse else ()))
            out.append(FieldReading(key, field.key, value, "param", tuple(dict.fromkeys(sets))))
        else:
            kind = "run" if field.key in cls.input_fields else "installed"
            out.append(FieldReading(key, field.key, value, kind, here=field.format(short).partition(":")[2]))
    defaulted = {p.sig_key for p in cls.params}
    optional = ("plugin", "version", "sacrebleu") if sacrebleu else ()  # mtmetrics' provenance, in sacrebleu's
    missing = [k for k, f in mine.items() if k not in keys and f.key not in defaulted and f.key not in optional]
    if missing:
        raise ParameterError(f"{where}: field '{missing[0]}' is missing and has no default.")
    return Reading(text, metric, tuple(out), short, sacrebleu)


def load(text: str, allow_version_mismatch: bool = False, files: Mapping[str, Any] | None = None) -> Metric:
    """The metric ``text`` names, with exactly its parameters, checked against this installation: a
    version or resource that differs is a :class:`ParameterError` listing each field and how to get the
    recorded one, unless allowed (then a warning, and the new signature shows ``now(signed then)``).
    The run's fields (``nrefs``) are checked when the metric scores. ``files``: as :func:`read`."""
    reading = read(text, files)
    differ = reading.mismatches()
    if differ:
        listed = "; ".join(f"{f.long}: signed {f.value}, installed {f.here} ({f.hint()})" for f in differ)
        if not allow_version_mismatch:
            raise ParameterError(
                f"signature {reading.metric.display_name}: this installation differs: {listed}. "
                f"Install the recorded versions, or allow it (allow_version_mismatch=True, --allow-version-mismatch)."
            )
        warnings.warn(f"signature {reading.metric.display_name}: scoring anyway, {listed}.", stacklevel=2)
    state = reading.metric._engine
    state.signed = tuple((f.long, f.value) for f in differ)
    state.signed_run = tuple((f.long, f.value) for f in reading.fields if f.kind == "run" and f.long != "offtarget")
    state.signatures.clear()  # built while reading, before the marks
    return reading.metric


def explain(reading: Reading) -> list[dict[str, Any]]:
    """Each field in words: key, value, kind, parameter(s) set, default, description, reproduced here."""
    cls = type(reading.metric)
    by_name = {p.name: p for p in cls.params}
    rows = []
    for f in reading.fields:
        row: dict[str, Any] = {"field": f.key, "key": f.long, "value": f.value, "kind": f.kind}
        if f.kind == "param":
            params = [by_name[n] for n in f.params]
            row["params"] = {p.name: reading.metric.values[p.name] for p in params}
            row["default"] = params[0].signature_value(params[0].default, {q.name: q.default for q in cls.params})
            row["description"] = "; ".join(p.help for p in params)
        elif f.kind == "installed":
            row["installed"] = f.here
            row["reproduced"] = not f.differs
            row["description"] = "version or resource" + ("" if not f.differs else f": {f.hint()}")
        elif f.long == "offtarget":
            lang, mode, _ = [*f.value.split("+"), "", ""][:3]
            row["description"] = f"off-target segments scored as {mode}: --target-lang {lang} --off-target {mode}"
        elif f.kind == "run":
            row["description"] = "property of the input, checked when scoring"
        else:
            row["description"] = "run setting (set by the run's own options, not a metric parameter)"
        rows.append(row)
    return rows


def compare(a: Reading, b: Reading) -> list[tuple[str, str | None, str | None]]:
    """``(key, value in a, value in b)`` of every field that makes scores of ``a`` and ``b`` incomparable:
    the metric, its parameters, the input's fields and the installation's (compared by long key)."""
    if type(a.metric) is not type(b.metric):
        return [("metric", type(a.metric).name, type(b.metric).name)]
    out: list[tuple[str, str | None, str | None]] = []
    sa, sb = (_long(r) for r in (a, b))
    for key in dict.fromkeys([*sa, *sb]):
        x, y = sa.get(key), sb.get(key)
        if key in RUN_SETTINGS or x == y or (key in PROVENANCE and (x is None or y is None)):
            continue  # sacrebleu records no mtmetrics provenance: its own scores are sacrebleu's
        if x and y and len(min(x, y, key=len)) >= 12 and (x.startswith(y) or y.startswith(x)):
            continue  # a hash in a short signature is the full one's first digits
        out.append((key, x, y))
    return out


def _long(r: Reading) -> dict[str, str]:
    """A reading's fields by long key, from the built metric's long signature (so short and long compare)."""
    values = signature(r.metric, "1").as_dict()
    values.update({f.long: f.value for f in r.fields if f.kind != "param"})
    if r.sacrebleu:
        for key in PROVENANCE:
            values.pop(key, None)
    return values
