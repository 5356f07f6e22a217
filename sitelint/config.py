"""Configuration: [tool.sitelint] in pyproject.toml or sitelint.toml, found upward from the working directory.

Every key is declared in SETTINGS with its type, default and help; unknown keys and bad values raise ConfigError
naming the key, the file and what is allowed.
"""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

LEVELS = ("error", "warning", "info")
FAIL_ON = ("error", "warning", "info", "never")
SEMANTIC_DEFAULT = True


class ConfigError(Exception):
    """A configuration problem, worded for the user (where, what, what to do)."""


@dataclass(frozen=True)
class Setting:
    kind: type | tuple[type, ...]
    default: Any
    help: str
    choices: tuple[str, ...] = ()


SETTINGS: Mapping[str, Setting] = MappingProxyType(
    {
        "docs-root": Setting(str, "", "Docs folder to lint; auto-detected from the framework's config when empty."),
        "include": Setting(list, ["**/*.md", "**/*.mdx", "**/*.markdown"],
                           "Globs (relative to the docs root) of pages to lint."),
        "exclude": Setting(list, [], "Globs (relative to the docs root) of pages to leave out."),
        "rules-dirs": Setting(list, [], "Folders of your own rule files (<CODE>.yml), relative to the config file."),
        "select": Setting(list, [], "Only these rule codes or names (default: every enabled rule)."),
        "ignore": Setting(list, [], "Rule codes or names to turn off."),
        "fail-on": Setting(str, "warning", "Lowest severity that makes `sitelint check` exit 1.", FAIL_ON),
        "current-version": Setting(str, "", "The product's current version (else pyproject.toml / package.json)."),
        "allow-duplicates": Setting(list, [], "Globs of pages that may repeat other pages (e.g. generated API pages)."),
        "model": Setting(str, "", "Sentence-transformers model folder or name (default: packaged all-MiniLM-L6-v2)."),
        "cache": Setting(str, "", "Path of the cache database (default: .sitelint/cache.sqlite)."),
        "semantic": Setting(bool, SEMANTIC_DEFAULT, "Run the embedding-based (paraphrase) rules."),
        "progress": Setting(bool, False, "Show progress from the start of a run, also when stderr is a log."),
        "lint-variants": Setting(bool, False, "Report on versioned docs (frozen copies, read only then) and on "
                                              "translations with every rule; they never count as duplicates."),
        "max-page-bytes": Setting(int, 2_000_000, "Pages larger than this are reported and not linted."),
        "language": Setting(str, "", "The site's language (en, de, ja); by default its framework's config says, "
                                     "else English."),
        "page-timeout": Setting((int, float), 10, "Seconds a check may spend on one page; past them the check "
                                                  "skips the page and says so (SUB000)."),
    }
)

RULE_KEYS: Mapping[str, Setting] = MappingProxyType(
    {
        "level": Setting(str, None, "Severity of the rule's findings.", LEVELS),
        "enabled": Setting(bool, None, "Turn the rule on or off."),
        "params": Setting(dict, None, "The rule's params (also settable by name: `min = 100`)."),
    }
)


@dataclass(frozen=True)
class Config:
    """Validated configuration; `source` is the file it came from (None for the defaults)."""

    settings: Mapping[str, Any] = field(default_factory=lambda: defaults())
    rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # code or name -> overrides
    source: Path | None = None

    @property
    def root(self) -> Path | None:
        """The folder holding the config file: relative paths in the config resolve against it."""
        return self.source.parent if self.source else None


def defaults() -> dict[str, Any]:
    return {key: (list(s.default) if isinstance(s.default, list) else s.default) for key, s in SETTINGS.items()}


def find_config(start: Path) -> Path | None:
    """The nearest sitelint.toml, or pyproject.toml with a [tool.sitelint] table, from start upward."""
    for folder in (start, *start.parents):
        candidate = folder / "sitelint.toml"
        if candidate.is_file():
            return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and "sitelint" in _read_toml(pyproject).get("tool", {}):
            return pyproject
    return None


def load(start: Path, explicit: Path | None = None) -> Config:
    """Find and validate the configuration for a run started in `start`."""
    path = explicit or find_config(start)
    if path is None:
        return Config()
    data = _read_toml(path)
    table = data.get("tool", {}).get("sitelint", {}) if path.name == "pyproject.toml" else data
    if path.name != "pyproject.toml" and "tool" in table and "sitelint" in table["tool"]:
        table = table["tool"]["sitelint"]
    return validate(table, path)


def validate(table: Mapping[str, Any], path: Path | None) -> Config:
    where = str(path) if path else "configuration"
    settings = defaults()
    rules: dict[str, Mapping[str, Any]] = {}
    for key, value in table.items():
        if key == "rule":
            if not isinstance(value, Mapping):
                raise ConfigError(f"{where}: `rule` must be a table of rule codes or names, "
                                  "e.g. [tool.sitelint.rule.SUB001]")
            for rule_id, overrides in value.items():
                rules[str(rule_id)] = _validate_rule(str(rule_id), overrides, where)
            continue
        spec = SETTINGS.get(key)
        if spec is None:
            allowed = sorted([*SETTINGS, "rule"])
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean `{close[0]}`?)" if close else ""
            raise ConfigError(f"{where}: unknown key `{key}`{hint}. Allowed keys: {', '.join(allowed)}")
        settings[key] = _check_value(key, value, spec, where)
    if settings["page-timeout"] <= 0:
        raise ConfigError(f"{where}: `page-timeout` must be a number of seconds above 0, "
                          f"got {settings['page-timeout']!r}")
    if path is not None:
        _rules_dirs_inside(settings["rules-dirs"], path.parent, where)
    return Config(settings=MappingProxyType(settings), rules=MappingProxyType(rules), source=path)


def _rules_dirs_inside(folders: list[str], base: Path, where: str) -> None:
    """Rule folders must lie inside the repository the configuration belongs to: a rule file is read as the
    project's own, and `../../..` would walk the whole machine."""
    top = Path(os.path.realpath(base))
    top = next((f for f in (top, *top.parents) if (f / ".git").exists()), top)
    for folder in folders:
        real = Path(os.path.realpath(base / Path(folder).expanduser()))
        if not real.is_relative_to(top):
            raise ConfigError(f"{where}: `rules-dirs` entry {folder!r} is outside the repository ({top}); keep rule "
                              "files inside it")


def _validate_rule(rule_id: str, overrides: Any, where: str) -> Mapping[str, Any]:
    """The shape of a rule's table; its params are checked against the rule itself when the rules are loaded."""
    if not isinstance(overrides, Mapping):
        raise ConfigError(f"{where}: `rule.{rule_id}` must be a table with keys such as {', '.join(RULE_KEYS)}")
    for key, value in overrides.items():
        spec = RULE_KEYS.get(key)
        if spec is not None:
            _check_value(f"rule.{rule_id}.{key}", value, spec, where)
    return MappingProxyType(dict(overrides))


def _check_value(key: str, value: Any, spec: Setting, where: str) -> Any:
    kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
    # bool is an int in Python; a number setting must not accept true/false.
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if not ok:
        names = " or ".join(_type_name(k) for k in kinds)
        raise ConfigError(f"{where}: `{key}` must be {names}, got {value!r}")
    if spec.choices and value not in spec.choices:
        raise ConfigError(f"{where}: `{key}` is {value!r}; allowed values: {', '.join(spec.choices)}")
    if isinstance(value, list) and not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: `{key}` must be a list of strings, got {value!r}")
    return value


def _type_name(kind: type) -> str:
    return {str: "a string", list: "a list of strings", bool: "true or false", int: "an integer",
            float: "a number", dict: "a table"}.get(kind, kind.__name__)


def _read_toml(path: Path) -> dict[str, Any]:
    # Imported here, not at the top: a site with no TOML file (a pre-commit run on a Node project) never pays for it.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read: {exc.strerror}") from None
