"""End to end: real Docusaurus and VitePress builds of the defect site (installed from npm at test time)."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from test_ci_e2e_support import (
    BLIND_COUNTS as BLIND,
    TEMPLATES,
    build_and_compare,
    class_counts,
    copy_site,
    expected_build,
    observed,
    pages_of,
)

from sitelint.build.logs.docusaurus import COLD_CACHE_NOTE, STOPS_EARLY_NOTE
from sitelint.model import BuildFinding

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed"),
]
NO_PAGE_LINK = "This page used to link to a page that does not exist."


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def node_modules(framework: str) -> Path:
    """node_modules for the template's package.json, installed once per package.json under the temp dir."""
    package = (TEMPLATES / framework / "package.json").read_bytes()
    cache = (
        Path(tempfile.gettempdir()) / "sitelint-e2e-node" / f"{framework}-{hashlib.sha256(package).hexdigest()[:16]}"
    )
    with _locked(cache.with_suffix(".lock")):
        if not (cache / ".installed").exists():
            shutil.rmtree(cache, ignore_errors=True)
            cache.mkdir(parents=True)
            (cache / "package.json").write_bytes(package)
            subprocess.run(
                ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=cache,
                check=True,
                timeout=600,
                stdin=subprocess.DEVNULL,
            )
            (cache / ".installed").touch()
    return cache / "node_modules"


def site_with_modules(framework: str, tmp_path: Path) -> Path:
    """A fresh copy of the template whose node_modules entries link to the shared install.

    The folder itself is the site's own, so the build cache it writes (node_modules/.cache) is not shared and
    every build starts cold, as in CI.
    """
    site = copy_site(framework, tmp_path)
    modules = node_modules(framework)
    (site / "node_modules").mkdir()
    for entry in modules.iterdir():
        if entry.name != ".cache":
            (site / "node_modules" / entry.name).symlink_to(entry)
    return site


def remove_page_link(site: Path, docs: str) -> None:
    page = site / docs / "broken-links.md"
    lines = page.read_text(encoding="utf-8").split("\n")
    lines[2] = NO_PAGE_LINK  # line 3: keep the other defects on their manifest lines
    page.write_text("\n".join(lines), encoding="utf-8")


def test_docusaurus_build_and_overlap(tmp_path: Path) -> None:
    site = site_with_modules("docusaurus", tmp_path)
    first = build_and_compare("docusaurus", site, ["npm", "run", "build"])
    assert first.code == 1, first.log
    pages = pages_of(site, "docusaurus")
    # Cold cache: the compile-time link warning is there; the missing image stops the build before the link check.
    assert observed(first.build) == expected_build(
        "docusaurus", pages, {"broken-link": "warning", "missing-asset": "error"}
    )
    assert STOPS_EARLY_NOTE in first.report.notes and COLD_CACHE_NOTE not in first.report.notes
    counts = class_counts(first.report)
    assert (counts["broken-link"], counts["missing-asset"], counts["broken-anchor"]) == (
        (1, 0, 0),
        (1, 0, 0),
        (0, 0, 0),
    )
    assert {k: counts[k] for k in BLIND} == BLIND
    a = first.report.agreement
    assert (a.total_pages, a.build_pages, a.sitelint_pages, a.both_pages, a.lift) == (9, 2, 4, 0, 0.0)

    (site / "docs/acme/missing-image.md").unlink()
    remove_page_link(site, "docs/acme")
    second = build_and_compare("docusaurus", site, ["npm", "run", "build"])
    assert second.code == 0, second.log
    assert observed(second.build) == expected_build(
        "docusaurus", pages_of(site, "docusaurus"), {"broken-anchor": "warning"}
    )
    passed = {(g.gap.setting, g.passed_in_log) for g in second.report.gaps if g.passed_in_log}
    assert passed == {("onBrokenAnchors: 'warn'", 2)}
    a = second.report.agreement
    assert (a.total_pages, a.build_pages, a.sitelint_pages, a.both_pages) == (8, 1, 4, 0)

    build = ci_build_section(site, second.log, "docusaurus")
    assert {(f["path"], f["line"], f["defect_class"], f["severity"]) for f in build["findings"]} == as_rows(  # type: ignore[attr-defined, index]
        second.build.findings
    )
    assert build["exit_status"] == 0


def test_vitepress_build_and_overlap(tmp_path: Path) -> None:
    site = site_with_modules("vitepress", tmp_path)
    first = build_and_compare("vitepress", site, ["npm", "run", "build"])
    assert first.code == 1, first.log
    assert observed(first.build) == expected_build("vitepress", pages_of(site, "vitepress"), {"missing-asset": "error"})

    (site / "docs/missing-image.md").unlink()
    second = build_and_compare("vitepress", site, ["npm", "run", "build"])
    assert second.code == 1, second.log
    assert observed(second.build) == expected_build("vitepress", pages_of(site, "vitepress"), {"broken-link": "error"})

    remove_page_link(site, "docs")
    third = build_and_compare("vitepress", site, ["npm", "run", "build"])
    assert third.code == 0, third.log
    assert third.build.findings == ()
    counts = class_counts(third.report)
    # VitePress never checks anchors: the two broken anchors pass silently, a blind spot of this build.
    assert counts["broken-anchor"] == ("blind", 0, 0)
    assert {k: counts[k] for k in BLIND} == BLIND
    a = third.report.agreement
    assert (a.total_pages, a.build_pages, a.sitelint_pages, a.both_pages, a.lift) == (8, 0, 4, 0, None)

    build = ci_build_section(site, second.log, "vitepress")
    assert [(f["path"], f["defect_class"]) for f in build["findings"]] == [  # type: ignore[attr-defined, index]
        ("docs/broken-links.md", "broken-link")
    ]


def ci_build_section(site: Path, log: str, framework: str) -> dict[str, object]:
    """`sitelint ci --build-log` run in the site on a log the real build wrote; the JSON report's build section."""
    from click.testing import CliRunner

    from sitelint import cli

    (site / "build.log").write_text(log, encoding="utf-8")
    report = site.parent / "report.json"
    args = ["ci", "--build-log", "build.log", "--framework", framework, "--format", "json", "-o", str(report)]
    old = Path.cwd()
    os.chdir(site)
    try:
        result = CliRunner().invoke(cli.main, [*args, "--fail-on", "never"])
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.output
    section: dict[str, object] = json.loads(report.read_text())["build"]
    return section


def as_rows(findings: tuple[BuildFinding, ...]) -> set[tuple[str, int | None, str, str]]:
    return {(f.path, f.line, f.defect_class, f.severity) for f in findings}
