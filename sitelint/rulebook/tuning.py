"""Users tune rules: per-rule settings (level, enabled, params) validated against each rule, and select/ignore."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sitelint.model import SEVERITIES
from sitelint.rulebook.errors import RuleError, did_you_mean

if TYPE_CHECKING:
    from sitelint.rulebook import Rule


RULE_SETTINGS = ("level", "enabled", "params")


def configure(rules: Iterable[Rule], overrides: Mapping[str, Mapping[str, Any]], select: Sequence[str] = (),
              ignore: Sequence[str] = (), where: str = "the configuration") -> list[Rule]:
    """Apply per-rule settings (by code or name) and select/ignore lists; return the rules that run."""
    rules = list(rules)
    known = {r.code for r in rules} | {r.name for r in rules}
    for ref in [*overrides, *select, *ignore]:
        if ref not in known and not any(r.code.startswith(ref) for r in rules):
            place = f"{where}: " if ref in overrides else ""
            raise RuleError(f"{place}unknown rule `{ref}`{did_you_mean(ref, known)}; run `sitelint rules` for the "
                            "list")
    result = []
    for rule in rules:
        for key in (rule.code, rule.name):
            rule = _override(rule, overrides.get(key) or {}, f"{where}, rule {key}")
        chosen = _picked(rule, select) if select else rule.enabled
        if chosen and not _picked(rule, ignore):
            result.append(rule)
    return result


def _picked(rule: Rule, refs: Sequence[str]) -> bool:
    return any(ref in (rule.code, rule.name) or rule.code.startswith(ref) for ref in refs)


def _override(rule: Rule, o: Mapping[str, Any], where: str) -> Rule:
    """A rule with one settings table applied: level, enabled, params (or a param named directly: `min = 100`)."""
    if not o:
        return rule
    params = dict(rule.params)
    given = {**{k: v for k, v in o.items() if k not in RULE_SETTINGS}, **dict(o.get("params") or {})}
    for key, value in given.items():
        if key not in rule.kinds:
            allowed = [*RULE_SETTINGS, *rule.kinds]
            other = {"min": "max", "max": "min"}.get(key, "")
            hint = (f" (did you mean `{other}`? {rule.name} has a {other}imum, not a {key}imum)" if other in rule.kinds
                    else did_you_mean(key, allowed))
            raise RuleError(f"{where}: `{key}` is not a setting of {rule.code} {rule.name}{hint}; its settings are "
                            f"{', '.join(allowed)}")
        problem = rule.kinds[key].check(value)
        if problem:
            raise RuleError(f"{where}: `{key}` {problem}")
        params[key] = value
    level = o.get("level", rule.level)
    if level not in SEVERITIES:
        raise RuleError(f"{where}: level must be one of {', '.join(SEVERITIES)}, not {level!r}")
    enabled = o.get("enabled", rule.enabled)
    if not isinstance(enabled, bool):
        raise RuleError(f"{where}: enabled must be true or false, not {enabled!r}")
    return replace(rule, level=level, enabled=enabled, params=MappingProxyType(params))
