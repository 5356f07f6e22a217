"""Page scores and the run summary (each rule's state is `sitelint.health`'s).

Scores: each dimension starts at 100 per page; every finding takes off its rule's `weight` (a quarter of it for
`info` findings), floored at 0. overall is the lowest of substance, duplication and freshness: a page is as good as its
worst dimension, and an average would let a fresh, unique placeholder page look fine.
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


def summarize(findings: Sequence[Finding], reports: Sequence[PageReport], rules: Sequence[Rule],
              site: Site) -> dict[str, Any]:
    overall = sorted(r.scores["overall"] for r in reports)
    return {
        "pages": len(reports),
        "corpus_pages": len(site.pages),
        "variants_not_read": site.variants_not_read,
        **counts(findings),
        "scores": _distribution(overall, reports),
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
