"""The rule book: rules/**/*.yml loaded, checked against the checks they bind, tuned by config, turned into findings.

A rule binds one check to a condition over the values it measures and the rule's params (thresholds, word lists),
and says how to report it. Every default lives in the rule file; config overrides are validated against the check's
declared params (and the rule's own), and the level of a finding is the rule's (`levels` may raise it, never lower
it, by an expression, `corroborated` when another rule fires on the same page; a rule `yields` a finding to another
that reports the same words on its line).
"""

from __future__ import annotations

import importlib.util
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from sitelint import pagetypes
from sitelint.checks import NO_CHECK, CheckSpec, Param
from sitelint.model import DIMENSIONS, SEVERITIES, Finding, Location, Measurement
from sitelint.rulebook.condition import Condition, ConditionError, compile_condition
from sitelint.rulebook.errors import RuleError, did_you_mean

_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
REQUIRED = ("code", "name", "dimension", "check", "level", "message", "summary", "why")
KNOWN = frozenset({*REQUIRED, "defect_class", "condition", "params", "limits", "levels", "because", "corroborated",
                   "weight", "options", "example", "build_overlap", "enabled", "translations",
                   "fix-measure", "yields"})
FACTS = ("page_type", "language", "variant")  # facts of the page every condition may name


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
    condition: Condition | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    kinds: Mapping[str, Param] = field(default_factory=dict)  # the type of every param, the check's and the rule's
    levels: tuple[tuple[str, Condition], ...] = ()
    because: tuple[tuple[Condition, str], ...] = ()  # reasons the message lists; `reasons` counts those that hold
    corroborated_by: tuple[str, ...] = ()
    corroborated_level: str = ""
    corroborated_min: int = 1  # how many of those rules must fire on the page
    yields: tuple[str, ...] = ()  # rules that report the same words on the same line in its place (one cause)
    defect_class: str = ""
    weight: float = 10.0
    options: Mapping[str, str] = field(default_factory=dict)
    example: Mapping[str, str] = field(default_factory=dict)
    build_overlap: Mapping[str, str] = field(default_factory=dict)
    enabled: bool = True
    translations: bool = False  # reports on translations, which the other rules leave to their sources
    judges_when: Condition | None = None  # the pages it judges at all (Condition.guards); None: every page
    # How a fix of a finding is checked, independently of the rule's own value: {"measure": name, params...}
    fix_measure: Mapping[str, Any] = field(default_factory=dict)

    def scope(self, m: Measurement, facts: Mapping[str, Any]) -> dict[str, Any]:
        """The names a condition and a message may use for one measurement."""
        out: dict[str, Any] = {k.replace("-", "_"): v for k, v in self.params.items()}
        out.update(facts)
        out.update(m.values)
        return out

    def finding(self, m: Measurement, facts: Mapping[str, Any]) -> Finding | None:
        """The finding a measurement makes under this rule, or None when the condition does not hold."""
        scope = self.scope(m, facts)
        if self.because:
            said = [self.render({**m.detail, **scope}, text) for cond, text in self.because if cond(scope)]
            scope["reasons"], scope["because"] = len(said), "; ".join(said)
        if self.condition is None or not self.condition(scope):
            return None
        raised = next((level for level, cond in self.levels if cond(scope)), self.level)
        # `levels` only raises: a rule set to error stays an error where a condition would make it a warning.
        severity = min(raised, self.level, key=SEVERITIES.index)
        return Finding(rule=self.code, name=self.name, dimension=self.dimension,  # type: ignore[arg-type]
                       severity=severity, path=m.at.path, line=m.at.line,  # type: ignore[arg-type]
                       end_line=m.at.end_line, message=self.render({**m.detail, **scope}), related=m.related,
                       col=m.at.col)

    def judges(self, m: Measurement | None, facts: Mapping[str, Any]) -> bool:
        """Whether the rule judges this page at all (its condition's guards hold), fired or not; a page without a
        measurement is judged by its facts and the rule's params alone."""
        if self.judges_when is None:
            return True
        return self.judges_when(self.scope(m or _NOTHING, facts))

    def render(self, values: Mapping[str, Any], template: str = "") -> str:
        template = template or self.message
        try:
            return string.Formatter().vformat(template, (), _Lenient(values))
        except (ValueError, TypeError, IndexError, KeyError):
            return template

    def threshold(self) -> tuple[str, str, float] | None:
        """(value name, operator, threshold) of the rule's main comparison, for rule health; None without one."""
        for value, op, param in self.condition.comparisons() if self.condition else ():
            number = self.params.get(param, self.params.get(param.replace("_", "-")))
            if isinstance(number, (int, float)) and not isinstance(number, bool):
                return value, op, float(number)
        return None


_NOTHING = Measurement({}, Location("", 1))


class _Lenient(dict[str, Any]):
    """Leaves unknown placeholders visible instead of failing: a message typo must not crash a run."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def builtin_dir() -> Path:
    """The built-in rule pack: the installed sitelint.rules package, or rules/ beside the package in a checkout."""
    spec = importlib.util.find_spec("sitelint.rules") if importlib.util.find_spec("sitelint") else None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(__file__).resolve().parent.parent.parent / "rules"


def load_rules(checks: Mapping[str, CheckSpec], extra_dirs: Sequence[Path] = ()) -> list[Rule]:
    """Every rule: the built-in ones, then those in users' rule folders (which must use codes of their own)."""
    by_code: dict[str, Rule] = {}
    for folder in (builtin_dir(), *extra_dirs):
        if not folder.is_dir():
            raise RuleError(f"{folder}: rule folder does not exist; fix `rules-dirs` in your config")
        for path in sorted(folder.rglob("*.yml")):
            rule = load_rule(path, checks)
            if rule.code in by_code:
                raise RuleError(f"{path}: code {rule.code} is already the rule in {by_code[rule.code].source}; give "
                                "your rule a code of its own, or tune the built-in rule in your config")
            by_code[rule.code] = rule
    names: dict[str, str] = {}
    for rule in by_code.values():
        if rule.name in names:
            raise RuleError(f"{rule.source}: name `{rule.name}` is already used by {names[rule.name]}")
        names[rule.name] = rule.code
    for rule in by_code.values():
        unknown = [c for c in rule.corroborated_by if c not in by_code]
        if unknown:
            raise RuleError(f"{rule.source}: corroborated.by names {', '.join(unknown)}, which no rule has")
        unknown = [c for c in rule.yields if c not in by_code]
        if unknown:
            raise RuleError(f"{rule.source}: yields names {', '.join(unknown)}, which no rule has")
    return sorted(by_code.values(), key=lambda r: r.code)


def load_rule(path: Path, checks: Mapping[str, CheckSpec]) -> Rule:
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
        raise RuleError(f"{path}: unknown keys {', '.join(unknown)}{did_you_mean(unknown[0], KNOWN)}; allowed: "
                        f"{', '.join(sorted(KNOWN))}")
    if data["dimension"] not in DIMENSIONS[:3]:
        raise RuleError(f"{path}: dimension must be one of substance, duplication, staleness")
    if data["level"] not in SEVERITIES:
        raise RuleError(f"{path}: level must be one of {', '.join(SEVERITIES)}")
    check_name = str(data["check"])
    spec = checks.get(check_name)
    if spec is None and check_name != NO_CHECK:
        raise RuleError(f"{path}: check `{check_name}` does not exist{did_you_mean(check_name, checks)}; known "
                        f"checks: {', '.join(sorted(checks))}")
    params = dict(data.get("params") or {})
    for key, kind in (spec.params.items() if spec else ()):
        if key not in params and kind.default is not None:
            params[key] = kind.default
    kinds = _kinds(path, spec, params, data.get("limits") or {})
    for key, value in params.items():
        problem = kinds[key].check(value)
        if problem:
            raise RuleError(f"{path}: params.{key} {problem}")
    known = [*(spec.values if spec else ()), *params, *FACTS]
    reasons = data.get("because") or []
    try:
        because = tuple((compile_condition(str(r["when"]), known), str(r["say"])) for r in reasons)
        known += ["reasons"] if because else []
        condition = compile_condition(str(data["condition"]), known) if data.get("condition") else None
        levels = tuple((str(level), compile_condition(str(text), known))
                       for level, text in (data.get("levels") or {}).items())
    except (KeyError, TypeError):
        raise RuleError(f"{path}: `because` is a list of {{when: condition, say: text}}") from None
    except ConditionError as exc:
        raise RuleError(f"{path}: {exc}") from None
    if spec is not None and condition is None:
        raise RuleError(f"{path}: a rule needs a condition over the values of `{check_name}`: "
                        f"{', '.join(spec.values)}")
    corroborated = data.get("corroborated") or {}
    least = corroborated.get("min", 1) if isinstance(corroborated, Mapping) else 1
    if not isinstance(least, int) or isinstance(least, bool) or least < 1:
        raise RuleError(f"{path}: corroborated.min is how many of its rules must fire: a whole number from 1")
    fix_measure = data.get("fix-measure") or {}
    if not isinstance(fix_measure, Mapping) or not isinstance(fix_measure.get("measure", ""), str) or (
            fix_measure and not fix_measure.get("measure")):
        raise RuleError(f"{path}: fix-measure is a mapping {{measure: name, params...}}")
    yields = data.get("yields") or []
    if not isinstance(yields, list) or not all(isinstance(c, str) for c in yields):
        raise RuleError(f"{path}: yields is a list of rule codes ([SUB002])")
    return Rule(
        code=str(data["code"]), name=str(data["name"]), dimension=data["dimension"], check=check_name,
        level=data["level"], message=str(data["message"]), summary=str(data["summary"]).strip(),
        why=" ".join(str(data["why"]).split()), source=path, condition=condition,
        params=MappingProxyType(params), kinds=MappingProxyType(kinds), levels=levels, because=because,
        corroborated_by=tuple(str(c) for c in corroborated.get("by", ())),
        corroborated_level=str(corroborated.get("level", "")), corroborated_min=least, yields=tuple(yields),
        defect_class=str(data.get("defect_class") or ""),
        weight=float(data.get("weight", 10)), options=MappingProxyType(dict(data.get("options") or {})),
        example=MappingProxyType(dict(data.get("example") or {})),
        build_overlap=MappingProxyType(dict(data.get("build_overlap") or {})),
        enabled=bool(data.get("enabled", True)), translations=bool(data.get("translations", False)),
        judges_when=condition.guards() if condition is not None else None,
        fix_measure=MappingProxyType(dict(fix_measure)),
    )


def _kinds(path: Path, spec: CheckSpec | None, params: Mapping[str, Any],
           limits: Mapping[str, Any]) -> dict[str, Param]:
    """The type of each param: the check's declaration, else the type of the rule's default (and its limits)."""
    kinds: dict[str, Param] = {}
    declared = dict(spec.params) if spec else {}
    missing = [k for k in declared if k not in params]
    if missing:
        raise RuleError(f"{path}: params must give a default for every param of check `{spec.name}`; missing "  # type: ignore[union-attr]
                        f"{', '.join(missing)}")
    for key, value in params.items():
        if key in declared:
            kinds[key] = declared[key]
            continue
        low, high = (list(limits.get(key) or []) + [None, None])[:2]
        if isinstance(value, bool):
            kinds[key] = Param(bool)
        elif isinstance(value, (int, float)):
            kinds[key] = Param((int, float), low=low, high=high)
        elif isinstance(value, str):
            kinds[key] = Param(str)
        elif isinstance(value, list):
            # Params that name page types or languages are checked against the names sitelint knows.
            choices = pagetypes.TYPES if key == "skip-types" else ()
            kinds[key] = Param((list, tuple), items=str, choices=choices)
        else:
            raise RuleError(f"{path}: params.{key} must be a number, text, true/false or a list of text")
    return kinds


def names(rules: Iterable[Rule]) -> dict[str, str]:
    return {r.name: r.code for r in rules}


from sitelint.rulebook.combine import (  # noqa: E402 - the rule book's API
    across_pages,
    across_versions,
    corroborate,
    one_cause,
    per_page_pair,
)
from sitelint.rulebook.tuning import RULE_SETTINGS, configure  # noqa: E402

__all__ = ["RULE_SETTINGS", "Rule", "RuleError", "across_pages", "across_versions", "configure", "corroborate",
           "load_rule", "load_rules", "names", "one_cause", "per_page_pair"]
