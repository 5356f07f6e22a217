"""Page scores, the run summary, and the health of sitelint's own rules.

Scores: each dimension starts at 100 per page; every finding takes off its rule's `weight` (a quarter of it for
`info` findings), floored at 0. overall is the lowest of substance, duplication and freshness: a page is as good as its
worst dimension, and an average would let a fresh, unique placeholder page look fine.
Rule health: a rule that fires on most pages has stopped discriminating, one that never fires may be blind, and a
pile of pages sitting just past a threshold is what a metric looks like when people write to it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sitelint.model import DIMENSIONS, Finding, Page, Site

if TYPE_CHECKING:
    from sitelint.rulebook import Rule

SCORED = {"substance": "substance", "duplication": "duplication", "staleness": "freshness"}
INFO_FACTOR = 0.25
EVERYWHERE = 0.5  # share of pages above which a rule is said to fire on everything
MIN_PAGES_FOR_HEALTH = 10
BAND = 0.15  # width of the bands either side of a threshold, as a share of it


@dataclass(frozen=True)
class PageReport:
    path: str
    words: int
    scores: Mapping[str, int]
    page_type: str = "doc"
    type_reason: str = ""
    language: str = ""


def score_pages(pages: Sequence[Page], findings: Sequence[Finding], rules: Sequence[Rule]) -> list[PageReport]:
    weights = {r.code: r.weight for r in rules}
    lost: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for f in findings:
        if f.dimension in SCORED:
            factor = INFO_FACTOR if f.severity == "info" else 1.0
            lost[f.path][SCORED[f.dimension]] += weights.get(f.rule, 0) * factor
    reports = []
    for page in sorted(pages, key=lambda p: p.path):
        scores: dict[str, int] = {name: max(0, round(100 - lost[page.path][name])) for name in SCORED.values()}
        scores["overall"] = min(scores.values())
        reports.append(PageReport(page.path, page.words, scores, page.page_type, page.type_reason, page.language))
    return reports


def summarize(findings: Sequence[Finding], reports: Sequence[PageReport], rules: Sequence[Rule], site: Site,
              values: Mapping[str, Sequence[float]]) -> dict[str, Any]:
    overall = sorted(r.scores["overall"] for r in reports)
    return {
        "pages": len(reports),
        "corpus_pages": len(site.pages),
        "variants_not_read": site.variants_not_read,
        **counts(findings),
        "scores": _distribution(overall, reports),
        "rule_health": rule_health(findings, rules, len(reports), values),
    }


def counts(findings: Sequence[Finding]) -> dict[str, Any]:
    """The summary's finding counts: in all, by dimension, by severity and by rule."""
    return {
        "findings": len(findings),
        "by_dimension": {d: sum(f.dimension == d for f in findings) for d in DIMENSIONS},
        "by_severity": dict(sorted(Counter(f.severity for f in findings).items())),
        "by_rule": dict(sorted(Counter(f.rule for f in findings).items())),
    }


def _distribution(overall: Sequence[int], reports: Sequence[PageReport]) -> dict[str, Any]:
    if not overall:
        return {"min": None, "q1": None, "median": None, "q3": None, "max": None, "worst": []}
    q1, median, q3 = _quartiles(overall)
    worst = sorted(reports, key=lambda r: (r.scores["overall"], r.path))[:10]
    return {"min": overall[0], "q1": q1, "median": median, "q3": q3, "max": overall[-1],
            "worst": [{"path": r.path, "overall": r.scores["overall"]} for r in worst]}


def rule_health(findings: Sequence[Finding], rules: Sequence[Rule], pages: int,
                values: Mapping[str, Sequence[float]]) -> list[dict[str, Any]]:
    """Per rule: how many pages it fires on and whether it still measures anything."""
    fired: dict[str, set[str]] = defaultdict(set)
    for f in findings:
        fired[f.rule].add(f.path)
    health = []
    for rule in rules:
        share = len(fired[rule.code]) / pages if pages else 0.0
        state, why = "ok", ""
        if pages >= MIN_PAGES_FOR_HEALTH and share >= EVERYWHERE:
            state, why = "fires-on-everything", f"fires on {share:.0%} of pages: check its threshold or the site"
        elif pages >= MIN_PAGES_FOR_HEALTH and not fired[rule.code]:
            state, why = "silent", "fired on no page of this run"
        bunching = _bunching(rule, values.get(rule.code, ()))
        if bunching and state == "ok":
            state, why = "possibly-gamed", bunching
        health.append({"rule": rule.code, "name": rule.name, "pages": len(fired[rule.code]),
                       "share": round(share, 3), "state": state, "why": why})
    return health


def _bunching(rule: Rule, values: Sequence[float]) -> str:
    """Pages piled up just past a threshold, compared with the bands around it, suggest writing to the metric."""
    found = rule.threshold()
    if found is None or found[2] == 0:
        return ""
    _, op, threshold = found
    sign = 1 if op in ("<", "<=") else -1  # a floor (fires below) is passed above it, a ceiling below it
    width = abs(threshold) * BAND
    past = [threshold + sign * width * i for i in range(3)]  # band edges on the passing side

    def count(lo: float, hi: float) -> int:
        lo, hi = min(lo, hi), max(lo, hi)
        return sum(lo <= v < hi for v in values)

    just_past = count(past[0], past[1])
    further = count(past[1], past[2])
    just_short = count(threshold - sign * width, threshold)
    if just_past >= 5 and just_past >= 3 * max(further, just_short, 1):
        side = "above" if sign > 0 else "below"
        key = "min" if sign > 0 else "max"
        return (f"{just_past} pages sit just {side} the {key} of {threshold:g} against {further} a band further "
                f"and {just_short} just short of it: pages may be written to pass the rule")
    return ""


def _quartiles(data: Sequence[int]) -> list[float]:
    """statistics.quantiles(data, n=4, method="inclusive") of sorted data, without importing statistics (3 ms)."""
    if len(data) < 2:
        return [float(data[0])] * 3
    m = len(data) - 1
    out = []
    for i in range(1, 4):
        j, delta = divmod(i * m, 4)
        out.append((data[j] * (4 - delta) + data[j + 1] * delta) / 4)
    return out
