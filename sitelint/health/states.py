"""Rule states: whether each rule ran, and whether what it measures still tells pages apart.

- `not-run`: the rule could not run (what its check requires is missing: no current version, no readable git
  history, the semantic pass off), or it judges none of the pages of the run; the reason is given.
- `few-pages`: it judged fewer than MIN_JUDGED pages, too few to say more.
- `saturated`: it fires on more than half the pages it judges; the threshold that would flag only the worst tenth
  is said.
- `spent`: it fires on none; whether the pages nearest to firing sit far inside the threshold (a clean site, or a
  threshold too lax to matter) or crowd it (miscalibrated, or pages written to pass).
- `fitted` (only with recorded history, `health.history`): its fire rate fell while the pages that stopped firing
  did not improve by its independent measure.
- `informative`: it fires on some pages and not on others.

Rule states are read from a rule's judged pages (those its condition's guards admit, fired or not), not from every
page: a thin-page rule that exempts landing pages is saturated when most doc pages are thin, whatever the landings.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from sitelint.health.redundancy import fired_pages
from sitelint.model import Finding

if TYPE_CHECKING:
    from sitelint.checks import CheckSpec
    from sitelint.rulebook import Rule

STATES = ("not-run", "few-pages", "saturated", "spent", "fitted", "informative")  # fitted: from history.py
SATURATED = 0.5  # share of its judged pages above which a rule no longer discriminates
WORST = 0.1  # the share of pages a recalibrated threshold would flag
CROWDED = 0.15  # a spent rule whose nearest tenth of pages lies within this share of its threshold crowds it
MIN_JUDGED = 10
BAND = 0.15  # width of the bands either side of a threshold in which a pile-up is looked for, as a share of it
NEEDS = {"git": "git history", "product": "the product's current version", "embedder": "the embedding model"}


@dataclass(frozen=True)
class Threshold:
    value: str  # the measured value it compares (words)
    op: str  # <, <=, >, >=
    param: str  # the param holding the threshold (min)
    at: float

    @property
    def floor(self) -> bool:
        """Fires below the threshold (a minimum), else above it (a maximum)."""
        return self.op in ("<", "<=")


@dataclass(frozen=True)
class RuleState:
    rule: str
    name: str
    state: str
    why: str
    judged: int  # pages the rule judges
    pages: int  # pages it fires on
    share: float  # pages / judged
    threshold: Mapping[str, Any] | None = None  # {"value", "op", "param", "at"}
    suggested: float | None = None  # saturated: the threshold that flags only the worst tenth
    nearest: float | None = None  # spent: the value of the nearest tenth of pages to firing

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def threshold_of(rule: Rule) -> Threshold | None:
    """The rule's main numeric comparison (the first whose param holds a number), or None."""
    for value, op, param in rule.condition.comparisons() if rule.condition else ():
        number = rule.params.get(param, rule.params.get(param.replace("_", "-")))
        if isinstance(number, (int, float)) and not isinstance(number, bool):
            return Threshold(value, op, param.replace("_", "-"), float(number))
    return None


def rule_states(rules: Sequence[Rule], specs: Mapping[str, CheckSpec], findings: Sequence[Finding],
                judged: Mapping[str, Collection[str]], values: Mapping[str, Mapping[str, float]],
                unavailable: Mapping[str, str], pages: Collection[str]) -> list[RuleState]:
    """Each rule's state. `judged` and `values` are the evaluation's (pages judged, value nearest to firing on
    each), `unavailable` what the run lacked and why ({"git": ...}), `pages` the pages reported on (what a rule
    with no check, such as unused-suppression, judges)."""
    fired = fired_pages(findings)
    out = []
    for rule in rules:
        spec = specs.get(rule.check)
        seen = set(judged.get(rule.code, pages if spec is None else ()))
        hits = fired.get(rule.code, set())
        state = _state(rule, spec, len(seen), hits, values.get(rule.code, {}), unavailable)
        out.append(state)
    return out


def _state(rule: Rule, spec: CheckSpec | None, judged: int, hits: set[str], values: Mapping[str, float],
           unavailable: Mapping[str, str]) -> RuleState:
    missing = sorted(n for n in (spec.requires if spec else ()) if n in unavailable)
    threshold = threshold_of(rule)
    base = RuleState(rule.code, rule.name, "", "", judged, len(hits),
                     round(min(1.0, len(hits) / judged), 3) if judged else 0.0,
                     asdict(threshold) if threshold else None)
    if missing:
        why = "; ".join(f"needs {NEEDS.get(n, n)}: {unavailable[n]}" for n in missing)
        return replace(base, state="not-run", why=why)
    if not judged:
        why = ("no translation in this run, and no page with anything else it checks" if rule.translations
               else "judges none of the pages of this run (their types or languages are outside the rule's)")
        return replace(base, state="not-run", why=why)
    if judged < MIN_JUDGED:
        return replace(base, state="few-pages",
                         why=f"judged {judged} page(s), too few to tell a saturated or spent rule")
    share = len(hits) / judged
    ranked = sorted(values.values(), reverse=threshold is not None and not threshold.floor)
    if share > SATURATED:
        why = f"fires on {len(hits)} of the {judged} pages it judges ({share:.0%})"
        if threshold is None or not ranked:
            return replace(base, state="saturated", why=why + ": no numeric threshold to move; narrow what it "
                                                                 "judges or fix the site")
        suggested = _tenth(ranked)
        word = "min" if threshold.floor else "max"
        return replace(base, state="saturated", suggested=suggested,
                         why=f"{why}: {threshold.param} {suggested:g} would flag the worst tenth ({word} now "
                             f"{threshold.at:g})")
    if not hits:
        why = f"fires on none of the {judged} pages it judges"
        if threshold is None or not ranked:
            far = ("its condition has no numeric threshold to measure a distance from" if threshold is None
                   else "no page measured a value to compare with its threshold")
            return replace(base, state="spent", why=f"{why}; {far}")
        nearest = _tenth(ranked)
        distance = abs(nearest - threshold.at) / abs(threshold.at) if threshold.at else math.inf
        if distance <= CROWDED:
            why += (f"; crowding the threshold: the nearest tenth of pages sit at {nearest:g}, within "
                    f"{distance:.0%} of the {threshold.param} of {threshold.at:g} (miscalibrated, or pages "
                    "written to pass it)")
        else:
            why += (f"; far inside: the nearest tenth of pages sit at {nearest:g}, {distance:.0%} from the "
                    f"{threshold.param} of {threshold.at:g} (a clean site, or a threshold too lax to matter)")
        return replace(base, state="spent", why=why, nearest=nearest)
    pile = pile_up(threshold, list(values.values())) if threshold else ""
    return replace(base, state="informative", why=pile)


def _tenth(ranked: Sequence[float]) -> float:
    """The value at the worst tenth of ranked values (worst first): nearest rank."""
    return ranked[max(0, math.ceil(WORST * len(ranked)) - 1)]


def pile_up(threshold: Threshold, values: Sequence[float]) -> str:
    """Pages piled up just past a threshold, compared with the bands around it, suggest writing to the metric."""
    if threshold.at == 0:
        return ""
    sign = 1 if threshold.floor else -1  # a floor (fires below) is passed above it, a ceiling below it
    width = abs(threshold.at) * BAND
    past = [threshold.at + sign * width * i for i in range(3)]  # band edges on the passing side

    def count(lo: float, hi: float) -> int:
        lo, hi = min(lo, hi), max(lo, hi)
        return sum(lo <= v < hi for v in values)

    just_past = count(past[0], past[1])
    further = count(past[1], past[2])
    just_short = count(threshold.at - sign * width, threshold.at)
    if just_past >= 5 and just_past >= 3 * max(further, just_short, 1):
        side = "above" if sign > 0 else "below"
        return (f"{just_past} pages sit just {side} the {threshold.param} of {threshold.at:g} against {further} a "
                f"band further and {just_short} just short of it: pages may be written to pass the rule")
    return ""
