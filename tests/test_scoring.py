"""Scores: worst-dimension scoring and the distribution of page scores."""

from __future__ import annotations

from pathlib import Path

from sitelint import rulebook
from sitelint.checks import registry
from sitelint.model import Finding, Site
from sitelint.pipeline.pages import page_from_text
from sitelint.pipeline.score import score_pages, summarize

RULES = {r.code: r for r in rulebook.load_rules(registry())}


def page(path: str, text: str = "# T\n\nSome words here.\n"):  # type: ignore[no-untyped-def]
    return page_from_text(path, Path("/site") / path, text)


def finding(code: str, path: str, severity: str = "warning") -> Finding:
    r = RULES[code]
    return Finding(code, r.name, r.dimension, severity, path, 1, None, "m")  # type: ignore[arg-type]


def test_scores_take_rule_weights_and_overall_is_the_worst_dimension() -> None:
    pages = [page("docs/a.md"), page("docs/b.md")]
    findings = [finding("SUB001", "docs/a.md"), finding("SUB002", "docs/a.md"), finding("SUB006", "docs/b.md", "info")]
    reports = {r.path: r.scores for r in score_pages(pages, findings, list(RULES.values()))}
    lost = RULES["SUB001"].weight + RULES["SUB002"].weight
    assert reports["docs/a.md"] == {"substance": 100 - lost, "duplication": 100, "freshness": 100,
                                    "overall": 100 - lost}
    assert reports["docs/b.md"]["substance"] == round(100 - RULES["SUB006"].weight * 0.25)


def test_summary_gives_distribution_not_only_mean() -> None:
    pages = [page(f"docs/p{i}.md") for i in range(8)]
    findings = [finding("SUB001", "docs/p0.md"), finding("SUB002", "docs/p0.md")]
    reports = score_pages(pages, findings, list(RULES.values()))
    site = Site(root=Path("/site"), repo_root=Path("/site"), framework="", pages=tuple(pages))
    summary = summarize(findings, reports, list(RULES.values()), site)
    scores = summary["scores"]
    assert scores["min"] < scores["q1"] == scores["median"] == scores["max"] == 100
    assert scores["worst"][0]["path"] == "docs/p0.md"
    assert summary["by_rule"] == {"SUB001": 1, "SUB002": 1} and summary["by_dimension"]["substance"] == 2


def test_quartiles_are_the_inclusive_quantiles_of_statistics() -> None:
    import statistics

    from sitelint.pipeline.score import _quartiles

    for data in ([7], [1, 2], [0, 40, 41, 100], list(range(0, 100, 7)), [55, 60, 60, 60, 61, 90, 100]):
        expected = statistics.quantiles(data, n=4, method="inclusive") if len(data) > 1 else [data[0]] * 3
        assert _quartiles(data) == expected, data
