"""Suppressions on real parsed pages: ranges, next-line, front matter, names, code blocks and unused ones."""

from __future__ import annotations

from pathlib import Path

from sitelint.model import Finding, Page
from sitelint.pipeline.pages import page_from_text
from sitelint.pipeline.suppress import apply, suppressions

NAMES = {"thin-page": "SUB001", "placeholder-text": "SUB002", "empty-section": "SUB003", "unused-suppression": "SUB099"}


def page(source: str, path: str = "docs/page.md") -> Page:
    return page_from_text(path, Path(path), source)


def finding(rule: str, line: int, path: str = "docs/page.md") -> Finding:
    name = {code: name for name, code in NAMES.items()}.get(rule, "other")
    return Finding(rule, name, "substance", "warning", path, line, None, f"{rule} at {line}")


def run(
    source: str, *found: tuple[str, int], path: str = "docs/page.md", active: set[str] | None = None
) -> tuple[list[tuple[str, int]], list[tuple[int, str]]]:
    """(kept findings as (rule, line), unused suppressions as (line, message)) for one page."""
    findings = [finding(rule, line, path) for rule, line in found]
    kept, unused = apply(findings, {path: page(source, path)}, NAMES, active)
    return [(f.rule, f.line) for f in kept], [(f.line, f.message) for f in unused]


RANGE = """# Title

<!-- sitelint-disable SUB002 -->

TODO one.

TODO two.

<!-- sitelint-enable -->

TODO three.
"""


def test_disable_enable_range() -> None:
    kept, unused = run(RANGE, ("SUB002", 5), ("SUB002", 7), ("SUB002", 11), ("SUB003", 5))
    assert kept == [("SUB002", 11), ("SUB003", 5)]
    assert unused == []


def test_unused_suppression_is_reported_at_its_line() -> None:
    kept, unused = run(RANGE, ("SUB002", 11))
    assert kept == [("SUB002", 11)]
    assert unused == [(3, "Suppression of SUB002 suppresses nothing; remove it")]
    [report] = apply([], {"docs/page.md": page(RANGE)}, NAMES)[1]
    assert (report.rule, report.name, report.dimension, report.severity, report.path, report.line) == (
        "SUB099",
        "unused-suppression",
        "substance",
        "info",
        "docs/page.md",
        3,
    )


def test_rule_names_and_lowercase_codes_are_normalised() -> None:
    source = "# T\n\n<!-- sitelint-disable placeholder-text, sub003 -->\n\nTODO.\n\n## Empty\n"
    kept, unused = run(source, ("SUB002", 5), ("SUB003", 7))
    assert (kept, unused) == ([], [])


def test_partly_used_comment_reports_only_the_unused_code() -> None:
    source = "# T\n\n<!-- sitelint-disable SUB002,SUB003 -->\n\nTODO.\n"
    kept, unused = run(source, ("SUB002", 5))
    assert kept == []
    assert unused == [(3, "Suppression of SUB003 suppresses nothing; remove it")]


def test_enable_with_codes_ends_only_those() -> None:
    source = "<!-- sitelint-disable SUB002 SUB003 -->\n\nA\n\n<!-- sitelint-enable SUB002 -->\n\nB\n"
    kept, _ = run(source, ("SUB002", 3), ("SUB003", 3), ("SUB002", 7), ("SUB003", 7))
    assert kept == [("SUB002", 7)]


def test_disable_without_codes_covers_every_rule_to_the_end() -> None:
    source = "# T\n\nA\n\n<!-- sitelint-disable -->\n\nB\n\nC\n"
    kept, unused = run(source, ("SUB002", 3), ("SUB002", 7), ("SUB003", 9), ("STL001", 9))
    assert (kept, unused) == ([("SUB002", 3)], [])
    assert run(source)[1] == [(5, "Suppression of every rule suppresses nothing; remove it")]


def test_disable_next_line_skips_blank_lines_and_stacks() -> None:
    source = (
        "# T\n\n<!-- sitelint-disable-next-line SUB002 -->\n<!-- sitelint-disable-next-line thin-page -->\n\n"
        "TODO here.\n\nTODO there.\n"
    )
    kept, unused = run(source, ("SUB002", 6), ("SUB002", 8), ("SUB001", 6))
    assert (kept, unused) == ([("SUB002", 8)], [])


def test_disable_line_and_reason_text() -> None:
    source = "# T\n\nTODO here. <!-- sitelint-disable-line SUB002 -- tracked in issue 12 -->\n"
    assert run(source, ("SUB002", 3)) == ([], [])


def test_front_matter_disables_the_whole_page() -> None:
    source = "---\ntitle: T\nsitelint:\n  disable: [thin-page, SUB002]\n---\n\n# T\n\nTODO.\n"
    kept, unused = run(source, ("SUB001", 1), ("SUB002", 9), ("SUB003", 7))
    assert (kept, unused) == ([("SUB003", 7)], [])
    assert run(source, ("SUB001", 1))[1] == [(3, "Suppression of SUB002 suppresses nothing; remove it")]
    assert run("---\nsitelint: {disable: all}\n---\nx\n", ("SUB003", 4)) == ([], [])


def test_page_level_finding_needs_a_range_covering_line_one() -> None:
    covering = "<!-- sitelint-disable thin-page -->\n# Short\n\nToo short.\n"
    assert run(covering, ("SUB001", 1)) == ([], [])
    later = "# Short\n\n<!-- sitelint-disable thin-page -->\n\nToo short.\n"
    assert run(later, ("SUB001", 1)) == (
        [("SUB001", 1)],
        [(3, "Suppression of SUB001 suppresses nothing; remove it")],
    )


def test_comments_in_code_blocks_do_not_count() -> None:
    source = "# T\n\n```md\n<!-- sitelint-disable SUB002 -->\n```\n\n    <!-- sitelint-disable SUB002 -->\n\nTODO.\n"
    assert run(source, ("SUB002", 9)) == ([("SUB002", 9)], [])


def test_mdx_comment_syntax() -> None:
    source = "# T\n\n{/* sitelint-disable-next-line SUB002 */}\nTODO.\n\nTODO again.\n"
    assert run(source, ("SUB002", 4), ("SUB002", 6), path="docs/page.mdx") == ([("SUB002", 6)], [])


def test_unknown_rule_is_reported_as_such() -> None:
    source = "# T\n\n<!-- sitelint-disable no-such-rule -->\n"
    assert run(source)[1] == [
        (3, "Suppression of no-such-rule names no known rule; use a rule code or name, or remove it")
    ]


def test_rules_that_did_not_run_are_not_called_unused() -> None:
    source = "# T\n\n<!-- sitelint-disable SUB002 -->\n<!-- sitelint-disable SUB003 -->\n"
    assert run(source, active={"SUB003", "SUB099"})[1] == [(4, "Suppression of SUB003 suppresses nothing; remove it")]
    assert run(source, active={"SUB002", "SUB003"})[1] == []


def test_unused_reports_can_themselves_be_suppressed() -> None:
    source = "---\nsitelint: {disable: [SUB099]}\n---\n\n<!-- sitelint-disable SUB002 -->\n"
    assert run(source) == ([], [])


def test_findings_on_other_pages_are_kept() -> None:
    kept, unused = apply([finding("SUB002", 5, "docs/other.md")], {"docs/page.md": page(RANGE)}, NAMES)
    assert [(f.path, f.line) for f in kept] == [("docs/other.md", 5)]
    assert len(unused) == 1


def test_suppressions_lists_covered_lines() -> None:
    found = suppressions(page(RANGE + "\n<!-- sitelint-disable SUB003 -->\n"), NAMES)
    assert [(s.code, s.line, s.first, s.last) for s in found] == [("SUB002", 3, 3, 9), ("SUB003", 13, 13, 13)]
