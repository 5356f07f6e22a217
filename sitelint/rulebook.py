"""The rule book: load and validate rules/**/*.yml, apply config overrides, evaluate conditions.

A rule binds one check to a condition and says how to report it; thresholds and words are data, measuring is code.
"""

from __future__ import annotations

import importlib.util
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from sitelint.model import DIMENSIONS, SEVERITIES, Finding, Measurement

# libyaml's loader when PyYAML was built with it: every run loads every rule file.
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
REQUIRED = ("code", "name", "dimension", "check", "level", "message", "summary", "why")
KNOWN = frozenset({*REQUIRED, "defect_class", "condition", "params", "weight", "options", "example", "build_overlap",
                   "enabled"})


class RuleError(Exception):
    """A rule file that cannot be used, worded for the user."""


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    dimension: str
    check: str
    level: str
    message: str
    summary: str
    why: str
    source: Path
    defect_class: str = ""
    condition: Mapping[str, Any] = field(default_factory=dict)
    params: Mapping[str, Any] = field(default_factory=dict)
    weight: float = 10.0
    options: Mapping[str, str] = field(default_factory=dict)
    example: Mapping[str, str] = field(default_factory=dict)
    build_overlap: Mapping[str, str] = field(default_factory=dict)
    enabled: bool = True

    def fires(self, value: float | bool) -> bool:
        """Whether a measured value breaks this rule's condition."""
        if "min" in self.condition and not isinstance(value, bool) and value < self.condition["min"]:
            return True
        if "max" in self.condition and not isinstance(value, bool) and value > self.condition["max"]:
            return True
        return bool(self.condition.get("present")) and bool(value)

    def finding(self, m: Measurement) -> Finding:
        severity = m.detail.get("severity", self.level)
        if severity not in SEVERITIES:
            severity = self.level
        return Finding(
            rule=self.code, name=self.name, dimension=self.dimension,  # type: ignore[arg-type]
            severity=severity, path=m.at.path, line=m.at.line, end_line=m.at.end_line,
            message=self.render(m), related=m.related,
        )

    def render(self, m: Measurement) -> str:
        values: dict[str, Any] = {k.replace("-", "_"): v for k, v in self.params.items()}
        values.update({k.replace("-", "_"): v for k, v in self.condition.items()})
        values.update(m.detail)
        values["value"] = m.value
        try:
            return string.Formatter().vformat(self.message, (), _Lenient(values))
        except (ValueError, TypeError, IndexError):
            return f"{self.message} (value {m.value})"


class _Lenient(dict[str, Any]):
    """Leaves unknown placeholders visible instead of failing: a user's message typo must not crash a run."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def builtin_dir() -> Path:
    # The package's folder from its import spec: importlib.resources would import tempfile and random (5 ms) for it.
    spec = importlib.util.find_spec("sitelint.rules")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    from importlib.resources import files

    return Path(str(files("sitelint.rules")))


def load_rules(extra_dirs: Sequence[Path] = ()) -> list[Rule]:
    """Every rule: built-in ones, then users' rule folders (a user rule with a built-in code replaces it)."""
    by_code: dict[str, Rule] = {}
    for folder in (builtin_dir(), *extra_dirs):
        if not folder.is_dir():
            raise RuleError(f"{folder}: rule folder does not exist; fix `rules-dirs` in your config")
        for path in sorted(folder.rglob("*.yml")):
            rule = load_rule(path)
            by_code[rule.code] = rule
    names: dict[str, str] = {}
    for rule in by_code.values():
        if rule.name in names and names[rule.name] != rule.code:
            raise RuleError(f"{rule.source}: name `{rule.name}` is already used by {names[rule.name]}")
        names[rule.name] = rule.code
    return sorted(by_code.values(), key=lambda r: r.code)


def load_rule(path: Path) -> Rule:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_YAML_LOADER)  # noqa: S506 - a safe loader
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise RuleError(f"{path}: cannot be read as YAML: {exc}") from None
    if not isinstance(data, Mapping):
        raise RuleError(f"{path}: a rule file must be a YAML mapping with keys {', '.join(REQUIRED)}")
    missing = [k for k in REQUIRED if not data.get(k)]
    if missing:
        raise RuleError(f"{path}: missing {', '.join(missing)}")
    unknown = sorted(set(data) - KNOWN)
    if unknown:
        raise RuleError(f"{path}: unknown keys {', '.join(unknown)}; allowed: {', '.join(sorted(KNOWN))}")
    if data["dimension"] not in DIMENSIONS[:3]:
        raise RuleError(f"{path}: dimension must be one of substance, duplication, staleness")
    if data["level"] not in SEVERITIES:
        raise RuleError(f"{path}: level must be one of {', '.join(SEVERITIES)}")
    condition = data.get("condition") or {"present": True}
    if not set(condition) <= {"min", "max", "present"}:
        raise RuleError(f"{path}: condition keys are min, max and present")
    return Rule(
        code=str(data["code"]), name=str(data["name"]), dimension=data["dimension"], check=str(data["check"]),
        level=data["level"], message=str(data["message"]), summary=str(data["summary"]).strip(),
        why=" ".join(str(data["why"]).split()), source=path, defect_class=str(data.get("defect_class") or ""),
        condition=MappingProxyType(dict(condition)), params=MappingProxyType(dict(data.get("params") or {})),
        weight=float(data.get("weight", 10)), options=MappingProxyType(dict(data.get("options") or {})),
        example=MappingProxyType(dict(data.get("example") or {})),
        build_overlap=MappingProxyType(dict(data.get("build_overlap") or {})),
        enabled=bool(data.get("enabled", True)),
    )


def configure(rules: Iterable[Rule], overrides: Mapping[str, Mapping[str, Any]], select: Sequence[str] = (),
              ignore: Sequence[str] = ()) -> list[Rule]:
    """Apply per-rule config (by code or name) and select/ignore lists; return the rules that run."""
    rules = list(rules)
    known = {r.code for r in rules} | {r.name for r in rules}
    for ref in [*overrides, *select, *ignore]:
        if ref not in known and not any(r.code.startswith(ref) for r in rules):
            raise RuleError(f"unknown rule `{ref}`; run `sitelint rules` for the list")
    result = []
    for rule in rules:
        for key in (rule.code, rule.name):
            rule = _override(rule, overrides.get(key, {}))
        chosen = _picked(rule, select) if select else rule.enabled
        if chosen and not _picked(rule, ignore):
            result.append(rule)
    return result


def _picked(rule: Rule, refs: Sequence[str]) -> bool:
    return any(ref in (rule.code, rule.name) or rule.code.startswith(ref) for ref in refs)


def _override(rule: Rule, o: Mapping[str, Any]) -> Rule:
    if not o:
        return rule
    condition = dict(rule.condition)
    for key in ("min", "max"):
        if key in o:
            condition[key] = o[key]
    return replace(
        rule, level=o.get("level", rule.level), enabled=o.get("enabled", rule.enabled),
        condition=MappingProxyType(condition), params=MappingProxyType({**rule.params, **o.get("params", {})}),
    )


def names(rules: Iterable[Rule]) -> dict[str, str]:
    return {r.name: r.code for r in rules}
