"""The plugin manager and the metric registry built from it: one :class:`Registry`, :data:`REGISTRY`.

Its first use registers the built-in plugins, then every entry point of the group ``mtmetrics``
(one that fails to import is reported by name; the others load). ``MTMETRICS_DISABLE_PLUGINS``
or ``--disable-plugin NAME`` disable plugins; metric classes are checked as they register.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pluggy

from . import hookspecs
from .errors import PluginError, UnknownMetricError, suggest
from .version import __version__

if TYPE_CHECKING:
    from .metric import Metric

GROUP = "mtmetrics"
DISABLE_ENV = "MTMETRICS_DISABLE_PLUGINS"

#: Built-in plugins, by module name; each is also the plugin's name for ``--disable-plugin``.
BUILTIN_PLUGINS: tuple[str, ...] = (
    "mtmetrics_classic",
    "mtmetrics_baselines",
    "mtmetrics_rouge",
    "mtmetrics_sia",
    "mtmetrics_hlepor",
    "mtmetrics_source",
    "mtmetrics_meta",
    "mtmetrics_paraphrase",
    "mtmetrics_analysis",
    "mtmetrics_rank",
    "mtmetrics_neural",
)

#: What ``mtmetrics score`` computes without ``-m`` (sacrebleu's default): the only metric the core names.
DEFAULT_METRICS: tuple[str, ...] = ("bleu",)


@dataclass(frozen=True)
class PluginInfo:
    """Where a plugin comes from: its registered name and the distribution that ships it."""

    name: str
    distribution: str
    version: str
    builtin: bool


class MetricEntry:
    """A registered metric and its plugin; a ``"module:Class"`` target is imported (and checked) on first use."""

    def __init__(self, name: str, target: type[Metric] | str, plugin: PluginInfo) -> None:
        self.name = name
        self.plugin = plugin
        self._cls: type[Metric] | None = None if isinstance(target, str) else target
        self.target = target if isinstance(target, str) else f"{target.__module__}:{target.__qualname__}"

    @property
    def cls(self) -> type[Metric]:
        """The metric class (imported now if it was registered by name)."""
        if self._cls is None:
            from .metric import Metric

            module_name, _, attr = self.target.partition(":")
            try:
                obj = getattr(importlib.import_module(module_name), attr)
            except (ImportError, AttributeError) as exc:
                raise PluginError(
                    f"plugin '{self.plugin.name}' registered metric '{self.name}' as {self.target}, "
                    f"which cannot be imported: {exc}"
                ) from exc
            if not (isinstance(obj, type) and issubclass(obj, Metric)) or getattr(obj, "name", None) != self.name:
                raise PluginError(
                    f"plugin '{self.plugin.name}' registered metric '{self.name}' as {self.target}, "
                    f"which is not a Metric subclass named '{self.name}'."
                )
            check(obj, self.plugin, self.name)
            self._cls = obj
        return self._cls

    def __repr__(self) -> str:
        return f"MetricEntry({self.name!r}, {self.target!r}, plugin={self.plugin.name!r})"


def check(cls: object, plugin: PluginInfo, name: object) -> None:
    """Refuse (:class:`~mtmetrics.PluginError`, naming plugin and member) a class ``plugin`` registers as
    metric ``name`` unless it is a :class:`~mtmetrics.Metric` keeping the protocol (as pluggy's ``_verify_hook``)."""
    from .metric import Metric, protocol_problems

    if not (isinstance(cls, type) and issubclass(cls, Metric)):
        raise PluginError(f"plugin '{plugin.name}' registered {cls!r}, which is not a Metric subclass.")
    problems = protocol_problems(cls)
    if problems:
        what = f"metric '{name}'" if isinstance(name, str) and name else "a metric"
        raise PluginError(
            f"plugin '{plugin.name}' registered {what} ({cls.__module__}:{cls.__qualname__}), which "
            + "; ".join(problems)
        )


@dataclass(frozen=True)
class CommandEntry:
    """A command registered by a plugin: its name, one-line help, the module that runs it, and who."""

    name: str
    help: str
    module: str
    plugin: PluginInfo


@dataclass(frozen=True)
class CommandRegistry:
    """Every plugin command by name, and the registrations refused, as ``(plugin name, why)``."""

    commands: dict[str, CommandEntry]
    errors: list[tuple[str, str]]


#: What a command name may look like: a lowercase word, hyphens allowed inside, never an option.
COMMAND_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def entry_points(group: str) -> list[importlib.metadata.EntryPoint]:
    """The installed entry points of ``group`` (the one place plugins are discovered; tests replace it)."""
    return list(importlib.metadata.entry_points(group=group))


class Registry:
    """The plugins of a process and what they register, built on first use; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        #: plugins disabled for this process (``--disable-plugin``), beside the environment variable's
        self.extra_disabled: set[str] = set()
        self.reset()

    def reset(self) -> None:
        """Forget the plugin manager and registry so the next use loads plugins again (for tests)."""
        with self._lock:
            self._pm: pluggy.PluginManager | None = None
            self._infos: dict[str, PluginInfo] = {}
            self._errors: list[tuple[str, str]] = []
            self._metrics: dict[str, MetricEntry] | None = None
            self._commands: CommandRegistry | None = None

    def disable_plugins(self, names: Iterable[str]) -> None:
        """Disable plugins by name (``--disable-plugin``) and reset; an unknown name is a PluginError."""
        names = list(names)
        known = [*BUILTIN_PLUGINS, *(ep.name for ep in entry_points(GROUP) if ep.name not in BUILTIN_PLUGINS)]
        for name in names:
            if name not in known:
                raise PluginError(
                    f"--disable-plugin {name}: no such plugin.{suggest(name, known)} Plugins: {', '.join(known)}."
                )
        with self._lock:
            self.extra_disabled |= set(names)
            self.reset()

    def get_plugin_manager(self) -> pluggy.PluginManager:
        """The plugin manager, created and loaded on first use."""
        with self._lock:
            if self._pm is not None:
                return self._pm
            pm = pluggy.PluginManager(GROUP)
            pm.add_hookspecs(hookspecs)
            env = {n.strip() for n in os.environ.get(DISABLE_ENV, "").split(",") if n.strip()}
            disabled = env | self.extra_disabled
            for name in disabled:
                pm.set_blocked(name)
            for module_name in BUILTIN_PLUGINS:
                if module_name in disabled:
                    continue
                pm.register(importlib.import_module(module_name), name=module_name)
                self._infos[module_name] = PluginInfo(module_name, "mtmetrics", __version__, True)
            for ep in entry_points(GROUP):
                if ep.name in disabled or pm.has_plugin(ep.name):
                    continue
                dist = getattr(ep, "dist", None)
                dist_name = dist.metadata["Name"] if dist is not None else ep.name
                dist_version = dist.version if dist is not None else "unknown"
                try:
                    plugin = ep.load()
                    pm.register(plugin, name=ep.name)
                except Exception as exc:  # a broken plugin must not break the others
                    self._errors.append((ep.name, f"{type(exc).__name__}: {exc}"))
                    continue
                self._infos[ep.name] = PluginInfo(ep.name, dist_name, dist_version, False)
            pm.check_pending()
            self._pm = pm
            return pm

    def register_plugin(self, plugin: Any, name: str, distribution: str = "local", version: str = "0") -> None:
        """Register a plugin object directly (tests, notebooks); resets the metric registry."""
        with self._lock:
            pm = self.get_plugin_manager()
            pm.register(plugin, name=name)
            pm.check_pending()
            self._infos[name] = PluginInfo(name, distribution, version, False)
            self._metrics = self._commands = None

    def unregister_plugin(self, name: str) -> None:
        """Remove a plugin registered with :meth:`register_plugin`."""
        with self._lock:
            self.get_plugin_manager().unregister(name=name)
            self._infos.pop(name, None)
            self._metrics = self._commands = None

    def plugins(self) -> list[PluginInfo]:
        """Every loaded plugin."""
        self.get_plugin_manager()
        return list(self._infos.values())

    def load_errors(self) -> list[tuple[str, str]]:
        """``(entry point name, error)`` for every third-party plugin that failed to load."""
        self.get_plugin_manager()
        return list(self._errors)

    def _info(self, plugin_name: str) -> PluginInfo:
        return self._infos.get(plugin_name, PluginInfo(plugin_name, "unknown", "unknown", False))

    def metric_registry(self) -> dict[str, MetricEntry]:
        """All registered metrics by name (built on first use); a class registered as a class is checked now."""
        with self._lock:
            if self._metrics is not None:
                return self._metrics
            registry: dict[str, MetricEntry] = {}
            for impl in self.get_plugin_manager().hook.register_metrics.get_hookimpls():  # built-ins first
                info = self._info(impl.plugin_name)

                def register(cls: type | str, target: str | None = None, info: PluginInfo = info) -> None:
                    name: object
                    if isinstance(cls, str):  # register("name", "module:Class"): imported (and checked) on first use
                        name = cls
                        if not isinstance(target, str) or ":" not in target:
                            raise PluginError(
                                f"plugin '{info.name}' registered metric '{name}' without a 'module:Class' target."
                            )
                    else:
                        name = getattr(cls, "name", None)
                        check(cls, info, name)
                    assert isinstance(name, str)
                    if name in registry:
                        other = registry[name].plugin
                        raise PluginError(
                            f"metric '{name}' is registered twice: by plugin '{other.name}' "
                            f"({other.distribution} {other.version}) and by plugin '{info.name}' "
                            f"({info.distribution} {info.version}). Disable one with --disable-plugin NAME "
                            f"or {DISABLE_ENV}=NAME."
                        )
                    registry[name] = MetricEntry(name, cls if not isinstance(cls, str) else str(target), info)

                impl.function(register=register)
            self._metrics = dict(sorted(registry.items()))
            return self._metrics

    def command_registry(self, reserved: Iterable[str] = ()) -> CommandRegistry:
        """Every command the plugins register, checked, nothing imported (once per manager).

        A bad registration (a hook that raises, a bad or taken name, ``reserved`` ones included) is
        left out and recorded in :attr:`CommandRegistry.errors` by plugin; the others keep working.
        """
        with self._lock:
            if self._commands is not None:
                return self._commands
            taken = set(reserved)
            found: dict[str, CommandEntry] = {}
            errors: list[tuple[str, str]] = []
            for impl in self.get_plugin_manager().hook.register_commands.get_hookimpls():
                info = self._info(impl.plugin_name)

                def register(name: str, help: str, module: str, info: PluginInfo = info) -> None:
                    problem = _command_problem(name, help, module, taken, found)
                    if problem:
                        errors.append((info.name, problem))
                        return
                    found[name] = CommandEntry(name, help.strip().splitlines()[0] if help.strip() else "", module, info)

                try:
                    impl.function(register=register)
                except Exception as exc:  # a broken plugin must not break the others, nor scoring
                    errors.append((info.name, f"register_commands failed: {type(exc).__name__}: {exc}"))
            self._commands = CommandRegistry(dict(sorted(found.items())), errors)
            return self._commands

    def canonical_name(self, name: str) -> str:
        """The registered spelling of a metric name given in any case (``BLEU`` -> ``bleu``), else ``name``."""
        registry = self.metric_registry()
        if name in registry:
            return name
        folded = [key for key in registry if key.casefold() == name.casefold()]
        return folded[0] if len(folded) == 1 else name

    def metric_class(self, name: str) -> type[Metric]:
        """The class registered as ``name`` (in any case); unknown names raise with the closest suggestions."""
        registry = self.metric_registry()
        try:
            return registry[self.canonical_name(name)].cls
        except KeyError:
            raise UnknownMetricError(
                f"unknown metric '{name}'.{suggest(name, registry)} "
                f"Run 'mtmetrics list' to see all {len(registry)} metrics."
            ) from None

    def provenance(self, cls: type) -> tuple[str, str]:
        """``(distribution, version)`` of the plugin that registered ``cls``."""
        target = f"{cls.__module__}:{cls.__qualname__}"
        for entry in self.metric_registry().values():  # by name, so that no other metric is imported
            if entry.target == target and (entry._cls is None or entry._cls is cls):
                return entry.plugin.distribution, entry.plugin.version
        return "unregistered", "0"


def _command_problem(
    name: object, help: object, module: object, taken: set[str], found: dict[str, CommandEntry]
) -> str:
    """Why a command registration is refused, or ``""``."""
    if not isinstance(name, str) or not COMMAND_NAME.fullmatch(name):
        return f"command name {name!r} is not a lowercase word (letters, digits, inner hyphens)."
    if name in taken:
        return f"command '{name}' is a core command."
    if name in found:
        other = found[name].plugin
        return f"command '{name}' is already registered by plugin '{other.name}' ({other.distribution})."
    if not isinstance(help, str) or not isinstance(module, str) or not module:
        return f"command '{name}': help and module must be strings (register(name, help, 'package.module'))."
    return ""


#: The registry of this process: the one way to reach plugins and metrics.
REGISTRY = Registry()
