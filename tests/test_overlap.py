"""The overlap report: per class, per rule, severity gaps and page-level agreement, on the captured logs."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from sitelint.build.logs import parse_log
from sitelint.build.overlap import ONLY_REFLAGS, agreement, compare, without_build_duplicates
from sitelint.build.severity import read_build_config
from sitelint.model import Finding

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "fixtures" / "build_logs"
SITE = ROOT / "fixtures" / "sites" / "defects" / "mkdocs"
PAGES = [f"docs/{name}" for name in sorted(p.name for p in (SITE / "docs").glob("*.md"))]


@dataclass(frozen=True)
class FakeRule:
    """Any object with these attributes is accepted: the real one is sitelint.rulebook.Rule."""

    code: str
    name: str
    dimension: str
    defect_class: str
    build_overlap: Mapping[str, str] = field(default_factory=dict)


RULES = [
    FakeRule("SUB001", "thin-page", "substance", "thin-page"),
    FakeRule("SUB002", "placeholder-text", "substance", "placeholder-text"),
    FakeRule("DUP001", "duplicate-page", "duplication", "duplicate-content"),
    FakeRule("STL004", "dated-claim", "staleness", "stale-claim"),
    FakeRule("LNK001", "dead-link", "substance", "broken-link", {"mkdocs": "validation.links.not_found"}),
]


def finding(rule: str, path: str, line: int = 1) -> Finding:
    dim = next(r.dimension for r in RULES if r.code == rule)
    return Finding(rule, rule.lower(), dim, "warning", path, line, None, "x")  # type: ignore[arg-type]


# What sitelint finds on the defect pages (the manifest's build-invisible rows).
SITELINT = [
    finding("SUB001", "docs/empty.md"),
    finding("SUB002", "docs/todo.md", 3),
    finding("DUP001", "docs/quickstart.md", 3),
    finding("STL004", "docs/stale.md", 3),
]


def mkdocs_report(log: str, findings: list[Finding], command: list[str] | None = None):  # type: ignore[no-untyped-def]
    text = (LOGS / "mkdocs" / log).read_text(encoding="utf-8")
    build = parse_log(text, "mkdocs", SITE)
    gaps = read_build_config("mkdocs", SITE, command, text).gaps
    return compare(build, findings, RULES, PAGES, gaps)


def test_per_class_counts_and_blind_spots() -> None:
    report = mkdocs_report("build.log", SITELINT)
    rows = {r.defect_class: (r.build, r.sitelint, r.both, r.build_sees) for r in report.classes}
    assert rows["broken-link"] == (1, 0, 0, True)
    assert rows["broken-anchor"] == (2, 0, 0, True)
    assert rows["missing-asset"] == (1, 0, 0, True)
    for cls in ("thin-page", "placeholder-text", "duplicate-content", "stale-claim"):
        assert rows[cls] == (0, 1, 0, False)
    assert "other" not in rows


def test_per_rule_status_from_build_overlap_confirmed_by_the_log() -> None:
    report = mkdocs_report("build.log", SITELINT)
    rules = {r.code: r for r in report.rules}
    assert {c for c, r in rules.items() if r.status == "blind-spot"} == {"SUB001", "SUB002", "DUP001", "STL004"}
    assert rules["LNK001"].status == "overlaps-build" and rules["LNK001"].in_log == 1
    assert rules["LNK001"].passes_green  # MkDocs without --strict lets a missing page through


def test_a_rule_claiming_no_overlap_is_contradicted_by_the_log() -> None:
    rules = [*RULES, FakeRule("X001", "anchor", "substance", "broken-anchor")]
    build = parse_log((LOGS / "mkdocs" / "build.log").read_text(), "mkdocs", SITE)
    report = compare(build, [], rules, PAGES)
    row = next(r for r in report.rules if r.code == "X001")
    assert row.status == "overlaps-build" and row.in_log == 2
    assert any("X001" in note and "build_overlap" in note for note in report.notes)


def test_severity_gaps_say_which_defects_in_this_log_passed() -> None:
    loose = mkdocs_report("build.log", SITELINT)
    passed = {(row.gap.setting, row.gap.defect_class): row.passed_in_log for row in loose.gaps}
    assert passed[("validation.links.anchors: info", "broken-anchor")] == 2
    assert passed[("validation.links.not_found: warn (without --strict)", "broken-link")] == 1
    assert passed[("validation.links.not_found: warn (without --strict)", "missing-asset")] == 1
    assert passed[("validation.links.unrecognized_links: info", "broken-link")] == 0
    assert passed[("validation.nav.not_found: warn (without --strict)", "broken-link")] == 0
    assert len(loose.passed_green) == 4

    strict = mkdocs_report("build-strict.log", SITELINT, ["mkdocs", "build", "--strict"])
    assert strict.exit_status == 1
    assert {(row.gap.defect_class, row.passed_in_log) for row in strict.gaps if row.passed_in_log} == {
        ("broken-anchor", 2)
    }
    assert "validation.links.anchors: info" in strict.render_text()


def test_page_agreement_and_lift() -> None:
    report = mkdocs_report("build.log", SITELINT)
    a = report.agreement
    assert (a.total_pages, a.build_pages, a.sitelint_pages, a.both_pages) == (9, 2, 4, 0)
    assert a.expected_both == pytest.approx(2 * 4 / 9, abs=1e-4)
    assert a.lift == 0
    assert "different pages" in a.verdict


def test_only_reflagging_is_called_out() -> None:
    a = agreement({"docs/a.md", "docs/b.md"}, {"docs/a.md"}, ["docs/a.md", "docs/b.md", "docs/c.md", "docs/d.md"])
    assert a.both_pages == 1 and a.lift == pytest.approx(1 / (2 * 1 / 4))
    assert a.verdict == ONLY_REFLAGS
    assert agreement(set(), set(), []).lift is None


def test_build_findings_are_not_re_reported_as_sitelint_findings() -> None:
    build = parse_log((LOGS / "mkdocs" / "build.log").read_text(), "mkdocs", SITE)
    dead = finding("LNK001", "docs/broken-links.md", 3)
    other_line = finding("LNK001", "docs/broken-links.md", 9)
    kept = without_build_duplicates([dead, other_line, *SITELINT], build, RULES)
    assert dead not in kept and other_line in kept and len(kept) == 5
    report = compare(build, [dead, *SITELINT], RULES, PAGES)
    link = next(r for r in report.classes if r.defect_class == "broken-link")
    assert (link.build, link.sitelint, link.both) == (1, 1, 1)


def test_json_section_and_text_table() -> None:
    report = mkdocs_report("build.log", SITELINT)
    data = json.loads(json.dumps(report.to_dict()))
    assert data["framework"] == "mkdocs" and data["exit_status"] == 0 and data["failed"] is False
    assert len(data["findings"]) == 4 and all(f["passed_build"] for f in data["findings"])
    assert data["agreement"]["both_pages"] == 0
    text = report.render_text()
    assert text.splitlines()[0] == "Build (mkdocs): passed"
    assert "thin-page" in text and "blind" in text


def test_unrecognised_build_sees_only_what_its_log_shows(tmp_path: Path) -> None:
    build = parse_log("docs/a.md:3: error: dead link ./b.md\n", "auto", tmp_path)
    report = compare(build, [], RULES, ["docs/a.md"])
    sees = {r.defect_class for r in report.classes if r.build_sees}
    assert sees == {"broken-link"}
    assert "framework not recognised" in report.render_text()
