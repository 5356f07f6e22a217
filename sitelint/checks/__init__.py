"""What a check is: a measuring function with typed params and named values, and the registry of all of them.

A check measures; it never decides. It yields Measurements whose values are named in `values`, and reads only the
params it declares (their defaults live in the rule files). Built-in checks live in checks/<family>/<module>.py;
plugins register a tuple of CheckSpec under the `sitelint.checks` entry-point group.
"""

from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import inspect
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from sitelint.model import Measurement, Page, Site

if TYPE_CHECKING:
    from sitelint.pipeline.prepare import RunContext

GROUP = "sitelint.checks"
NO_CHECK = "none"  # what a rule names when another stage reports it (unused suppressions)


@dataclass(frozen=True)
class Param:
    """A check's parameter: its type, and the range or choices a value must fall in."""

    kind: type | tuple[type, ...]
    help: str = ""
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    items: type | None = None  # for list params: the type of each item
    default: Any = None  # the value a rule that does not set the param gets (None: every rule must set it)
    pattern: bool = False  # text that is a regular expression, run by RE2 (linear time) or refused

    def check(self, value: Any) -> str:
        """Why value is not allowed ("" when it is)."""
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        if float in kinds and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            return f"must be {self.describe()}, not {type(value).__name__} {value!r}"
        if isinstance(value, (int, float)) and not isinstance(value, bool) and (
                self.low is not None and value < self.low or self.high is not None and value > self.high):
            return f"must be {self.describe()}, not {value!r}"
        if self.items is not None and isinstance(value, (list, tuple)):
            bad = [item for item in value if not isinstance(item, self.items)]
            if bad:
                return f"must be a list of {self.items.__name__}, not one holding {bad[0]!r}"
        if self.choices and isinstance(value, (list, tuple)):
            bad = [item for item in value if item not in self.choices]
            if bad:
                close = difflib.get_close_matches(str(bad[0]), self.choices, n=1)
                hint = f" (did you mean `{close[0]}`?)" if close else ""
                return f"holds {bad[0]!r}{hint}; each item must be one of {', '.join(self.choices)}"
        elif self.choices and value not in self.choices:
            return f"must be one of {', '.join(self.choices)}, not {value!r}"
        if self.pattern and isinstance(value, str):
            from sitelint.saferegex import refusal

            why = refusal(value)
            if why:
                return f"is not a regular expression sitelint can run: {why}"
        return ""

    def describe(self) -> str:
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        name = " or ".join({int: "an integer", float: "a number", str: "text", bool: "true or false",
                             list: "a list", tuple: "a list"}.get(k, k.__name__) for k in kinds)
        if float in kinds and int in kinds:
            name = "a number"
        if self.low is not None and self.high is not None:
            return f"{name} from {self.low:g} to {self.high:g}"
        if self.low is not None:
            return f"{name} of at least {self.low:g}"
        if self.high is not None:
            return f"{name} of at most {self.high:g}"
        return name


def Number(help: str = "", low: float | None = None, high: float | None = None) -> Param:  # noqa: N802
    return Param((int, float), help, low, high)


def Count(help: str = "", low: float | None = 0, high: float | None = None) -> Param:  # noqa: N802
    return Param(int, help, low, high)


def Share(help: str = "") -> Param:  # noqa: N802
    return Param((int, float), help, 0.0, 1.0)


def Pattern(help: str = "") -> Param:  # noqa: N802
    return Param(str, help, pattern=True)


def Words(help: str = "") -> Param:  # noqa: N802
    return Param((list, tuple), help, items=str)


@dataclass(frozen=True)
class CheckContext:
    """What one check run may use: its params, the run's prepared context, and a way to leave a note."""

    params: Mapping[str, Any]
    run: RunContext
    note: Callable[[str], None] = lambda message: None

    @property
    def site(self) -> Site:
        return self.run.site

    @property
    def today(self) -> dt.date:
        return self.run.today

    @property
    def settings(self) -> Mapping[str, Any]:
        return self.run.settings


_SITE_FACTS: dict[tuple[str, int], tuple[Site, Any]] = {}


def site_fact(site: Site, name: str, make: Callable[[Site], Any]) -> Any:
    """What `make` finds of the whole site, made once per site for the page checks that need it (a folder's page
    lengths, the folder the pages live in); a new site replaces the last one's."""
    held = _SITE_FACTS.get((name, id(site)))
    if held is None or held[0] is not site:
        for key in [k for k in _SITE_FACTS if k[0] == name]:
            del _SITE_FACTS[key]
        held = _SITE_FACTS[(name, id(site))] = (site, make(site))
    return held[1]


PageCheck = Callable[[Page, CheckContext], Iterator[Measurement]]
SiteCheck = Callable[[CheckContext], Iterator[Measurement]]


@dataclass(frozen=True)
class CheckSpec:
    """A registered check.

    scope: "page" (called once per page in scope) or "site" (once per run, over the site).
    values: the names of the values its measurements carry; a rule's condition is written over them.
    pure: what it measures depends only on the page and its params (no other page, git or date), so the
    measurements of an unchanged page are taken from the cache.
    needs: what the run must prepare for it: "git" (the history), "corpus" (the duplication corpus), "embedder".
    requires: the needs without which it measures nothing: a rule over it did not run when one is missing (rule
    states say `not-run` and why, never "fired on nothing").
    """

    name: str
    scope: Literal["page", "site"]
    fn: Callable[..., Iterator[Measurement]]
    params: Mapping[str, Param] = field(default_factory=dict)
    values: tuple[str, ...] = ()
    pure: bool = False
    needs: frozenset[str] = frozenset()
    requires: frozenset[str] = frozenset()
    # For a check that embeds passages: the passages it will ask for, so the embedder can start loading its
    # backend before the check runs (see Embedder.warm).
    prefetch: Callable[[CheckContext], Sequence[str]] | None = None

    @property
    def fingerprint(self) -> str:
        """A digest of the code that measures, for cache keys: an edited check never reuses old measurements."""
        return _source_digest(self.fn)


def spec(name: str, scope: Literal["page", "site"], fn: Callable[..., Iterator[Measurement]], *,
         params: Mapping[str, Param] | None = None, values: tuple[str, ...] = (), pure: bool = False,
         needs: tuple[str, ...] = (), prefetch: Callable[[CheckContext], Sequence[str]] | None = None,
         requires: tuple[str, ...] = ()) -> CheckSpec:
    return CheckSpec(name, scope, fn, MappingProxyType(dict(params or {})), values, pure, frozenset(needs),
                     frozenset(requires), prefetch)


_DIGESTS: dict[str, str] = {}


def _source_digest(fn: Callable[..., Any]) -> str:
    module = sys.modules.get(fn.__module__)
    path = getattr(module, "__file__", None)
    if not path:
        return hashlib.sha256(inspect.getsource(fn).encode()).hexdigest()[:16]
    if path not in _DIGESTS:
        # The check's module and the shared text module: either changing changes what is measured.
        text = Path(__file__).parent.parent / "text.py"
        data = Path(path).read_bytes() + (text.read_bytes() if text.exists() else b"")
        _DIGESTS[path] = hashlib.sha256(data).hexdigest()[:16]
    return _DIGESTS[path]


def _builtin() -> tuple[CheckSpec, ...]:
    from sitelint.checks.duplication import CHECKS as duplication
    from sitelint.checks.staleness import CHECKS as staleness
    from sitelint.checks.substance import CHECKS as substance

    return (*substance, *duplication, *staleness)


def registry() -> Mapping[str, CheckSpec]:
    """Every known check by name: the built-in ones, then those plugins register."""
    specs: dict[str, CheckSpec] = {s.name: s for s in _builtin()}
    if _declared(GROUP):
        from importlib.metadata import entry_points

        for ep in entry_points(group=GROUP):
            for plugin in ep.load():
                specs[plugin.name] = plugin
    return MappingProxyType(specs)


def _declared(group: str) -> bool:
    """Whether an installed distribution may declare entry points of this group: a byte search of the
    entry_points.txt files on sys.path, so a run with no plugin (the usual case) skips importlib.metadata."""
    needle = group.encode()
    for entry in sys.path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except NotADirectoryError:
            return True
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(folder, name, "entry_points.txt"), "rb") as stream:
                        if needle in stream.read():
                            return True
                except OSError:
                    continue
    return False
