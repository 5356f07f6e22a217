"""Shared parts of the end-to-end tests: the defect sites, their known defects, and one build-and-compare step."""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sitelint.build.logs import BuildLog, parse_log, run_build
from sitelint.build.overlap import OverlapReport, RuleLike, compare
from sitelint.build.severity import read_build_config
from sitelint.model import Finding

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "fixtures" / "sites" / "defects"
MANIFEST = ROOT / "fixtures" / "build_logs" / "MANIFEST.md"
DOCS = {"docusaurus": "docs/acme", "vitepress": "docs", "mkdocs": "docs", "sphinx": "docs"}
# The manifest's names for the defects no build sees, and the defect classes sitelint's rules use for them.
SITELINT_CLASS = {
    "thin-page": "thin-page",
    "placeholder": "placeholder-text",
    "stale-claim": "stale-claim",
    "duplicate-content": "duplicate-content",
}


def known_defects() -> list[tuple[str, int | None, str]]:
    """(page file name, line or None, class) for every row of the manifest's ground-truth table."""
    rows = re.findall(r"^\| (\S+\.md)(?: line (\d+))? \| .*? \| ([\w-]+)", MANIFEST.read_text(encoding="utf-8"), re.M)
    return [(page, int(line) if line else None, cls) for page, line, cls in rows]


BUILD_CLASSES = {"broken-link", "broken-anchor", "missing-asset"}
BUILD_DEFECTS = [d for d in known_defects() if d[2] in BUILD_CLASSES]
BLIND_DEFECTS = [d for d in known_defects() if d[2] not in BUILD_CLASSES]
# What the overlap report says of each defect class no build checks: one defect, found by sitelint only.
BLIND_COUNTS = {c: ("blind", 1, 0) for c in ("thin-page", "placeholder-text", "stale-claim", "duplicate-content")}


@dataclass(frozen=True)
class KnownRule:
    code: str
    name: str
    dimension: str
    defect_class: str
    build_overlap: dict[str, str]


# One rule per blind-spot class, as the rule pack declares them (build_overlap empty: no build sees these).
KNOWN_RULES = [
    KnownRule("SUB001", "thin-page", "substance", "thin-page", {}),
    KnownRule("SUB002", "placeholder-text", "substance", "placeholder-text", {}),
    KnownRule("STL004", "dated-claim", "staleness", "stale-claim", {}),
    KnownRule("DUP001", "duplicate-page", "duplication", "duplicate-content", {}),
]


def known_findings(framework: str, pages: Sequence[str]) -> list[Finding]:
    """The findings a sitelint that sees exactly the manifest's blind-spot defects would report."""
    out = []
    for page, line, cls in BLIND_DEFECTS:
        path = f"{DOCS[framework]}/{page}"
        if path not in pages:
            continue
        rule = next(r for r in KNOWN_RULES if r.defect_class == SITELINT_CLASS[cls])
        out.append(Finding(rule.code, rule.name, rule.dimension, "warning", path, line or 1, None, cls))  # type: ignore[arg-type]
    return out


def copy_site(framework: str, dest: Path) -> Path:
    site = dest / framework
    shutil.copytree(
        TEMPLATES / framework, site, ignore=shutil.ignore_patterns("node_modules", "build", "site", "_build")
    )
    return site


def pages_of(site: Path, framework: str) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in (site / DOCS[framework]).glob("*.md"))


def expected_build(
    framework: str, present: Sequence[str], severities: dict[str, str]
) -> set[tuple[str, int, str, str]]:
    """(path, line, class, severity) for the build-visible defects of the present pages, with per-class severities."""
    return {
        (f"{DOCS[framework]}/{page}", line or 0, cls, severities[cls])
        for page, line, cls in BUILD_DEFECTS
        if f"{DOCS[framework]}/{page}" in present and cls in severities
    }


def observed(build: BuildLog) -> set[tuple[str, int, str, str]]:
    return {(f.path, f.line or 0, f.defect_class, f.severity) for f in build.findings}


@dataclass(frozen=True)
class Run:
    code: int
    log: str
    build: BuildLog
    report: OverlapReport


def build_and_compare(
    framework: str,
    site: Path,
    command: Sequence[str],
    findings: Sequence[Finding] | None = None,
    rules: Sequence[RuleLike] = KNOWN_RULES,
) -> Run:
    """Run the real build in site, parse its log, read its config and compare with sitelint's findings."""
    code, log = run_build(command, site)
    build = parse_log(log, "auto", site).with_exit_status(code)
    gaps = read_build_config(build.framework, site, command, log).gaps
    pages = pages_of(site, framework)
    chosen = known_findings(framework, pages) if findings is None else findings
    return Run(code, log, build, compare(build, chosen, rules, pages, gaps))


def class_counts(report: OverlapReport) -> dict[str, tuple[int | str, int, int]]:
    return {r.defect_class: (r.build if r.build_sees else "blind", r.sitelint, r.both) for r in report.classes}
