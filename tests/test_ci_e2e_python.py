"""End to end: real MkDocs and Sphinx+MyST builds of the defect site, their logs parsed and compared with sitelint."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_ci_e2e_support import (
    BLIND_COUNTS as BLIND,
    BLIND_DEFECTS,
    DOCS,
    SITELINT_CLASS,
    build_and_compare,
    class_counts,
    copy_site,
    expected_build,
    observed,
    pages_of,
)

from sitelint.build.overlap import ONLY_REFLAGS

pytest.importorskip("mkdocs")
pytest.importorskip("myst_parser")


def test_mkdocs_build_and_overlap(tmp_path: Path) -> None:
    site = copy_site("mkdocs", tmp_path)
    run = build_and_compare("mkdocs", site, [sys.executable, "-m", "mkdocs", "build"])
    assert run.code == 0, run.log
    pages = pages_of(site, "mkdocs")
    assert observed(run.build) == expected_build(
        "mkdocs", pages, {"broken-link": "warning", "missing-asset": "warning", "broken-anchor": "info"}
    )
    counts = class_counts(run.report)
    assert {k: counts[k] for k in ("broken-link", "broken-anchor", "missing-asset")} == {
        "broken-link": (1, 0, 0),
        "broken-anchor": (2, 0, 0),
        "missing-asset": (1, 0, 0),
    }
    assert {k: counts[k] for k in BLIND} == BLIND
    a = run.report.agreement
    assert (a.total_pages, a.build_pages, a.sitelint_pages, a.both_pages, a.lift) == (9, 2, 4, 0, 0.0)
    passed = {(g.gap.defect_class, g.gap.logged): g.passed_in_log for g in run.report.gaps if g.passed_in_log}
    assert passed == {("broken-link", "warning"): 1, ("missing-asset", "warning"): 1, ("broken-anchor", "info"): 2}


def test_mkdocs_strict_build_fails_but_lets_anchors_through(tmp_path: Path) -> None:
    site = copy_site("mkdocs", tmp_path)
    run = build_and_compare("mkdocs", site, [sys.executable, "-m", "mkdocs", "build", "--strict"])
    assert run.code == 1 and run.report.exit_status == 1
    assert observed(run.build) == expected_build(
        "mkdocs", pages_of(site, "mkdocs"), {"broken-link": "error", "missing-asset": "error", "broken-anchor": "info"}
    )
    passed = {(g.gap.setting, g.passed_in_log) for g in run.report.gaps if g.passed_in_log}
    assert passed == {("validation.links.anchors: info", 2)}
    assert "FAILED (1)" in run.report.render_text()


@pytest.mark.parametrize(
    ("flags", "code", "severity"),
    [(["-n"], 0, "warning"), (["-W", "--keep-going", "-n"], 1, "error")],
    ids=["warnings", "warnings-as-errors"],
)
def test_sphinx_myst_build_and_overlap(tmp_path: Path, flags: list[str], code: int, severity: str) -> None:
    site = copy_site("sphinx", tmp_path)
    command = [sys.executable, "-m", "sphinx", *flags, "-b", "html", "docs", "_build/html"]
    run = build_and_compare("sphinx", site, command)
    assert run.code == code, run.log
    pages = pages_of(site, "sphinx")
    assert observed(run.build) == expected_build(
        "sphinx", pages, {"broken-link": severity, "missing-asset": severity, "broken-anchor": severity}
    )
    counts = class_counts(run.report)
    assert counts["broken-anchor"] == (2, 0, 0) and counts["orphan-page"] == (0, 0, 0)
    assert {k: counts[k] for k in BLIND} == BLIND
    a = run.report.agreement
    assert (a.build_pages, a.sitelint_pages, a.both_pages) == (2, 4, 0)
    passing = {g.gap.defect_class for g in run.report.gaps if g.passed_in_log}
    assert passing == (set() if code else {"broken-link", "broken-anchor", "missing-asset"})


def test_mkdocs_with_the_real_engine(tmp_path: Path) -> None:
    """The real sitelint finds the blind-spot defects the manifest lists, where the build is silent."""
    from sitelint import api as engine

    site = copy_site("mkdocs", tmp_path)
    result = engine.lint(cwd=site)
    run = build_and_compare("mkdocs", site, [sys.executable, "-m", "mkdocs", "build"], result.findings, result.rules)
    loaded = {r.defect_class for r in result.rules}
    by_rule = {r.code: r.defect_class for r in result.rules}
    found = {(f.path, by_rule.get(f.rule, "")) for f in result.findings}
    checked = 0
    for page, _line, cls in BLIND_DEFECTS:
        if SITELINT_CLASS[cls] in loaded:
            assert (f"{DOCS['mkdocs']}/{page}", SITELINT_CLASS[cls]) in found
            checked += 1
    assert checked >= 3
    counts = class_counts(run.report)
    assert counts["broken-link"][0] == 1 and counts["broken-anchor"][0] == 2 and counts["missing-asset"][0] == 1
    for cls in ("thin-page", "placeholder-text", "stale-claim"):
        assert counts[cls][0] == "blind" and counts[cls][1] >= 1
    assert {r.code for r in run.report.rules if r.status == "blind-spot"} >= {"SUB001", "SUB002"}
    assert run.report.agreement.verdict != ONLY_REFLAGS
    assert run.report.agreement.sitelint_pages > run.report.agreement.both_pages


def _ci_command() -> object:
    from sitelint import cli

    return cli.main


@pytest.mark.parametrize("mode", ["run-build", "build-log"])
def test_sitelint_ci_on_a_real_mkdocs_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    """`sitelint ci` end to end: the JSON report's build section carries the parsed build and the overlap."""
    main = _ci_command()
    site = copy_site("mkdocs", tmp_path)
    monkeypatch.chdir(site)
    report = tmp_path / "report.json"
    common = ["--format", "json", "-o", str(report), "--fail-on", "never", "--framework", "mkdocs"]
    if mode == "run-build":
        args = ["ci", *common, "--", sys.executable, "-m", "mkdocs", "build"]
    else:
        log = tmp_path / "build.log"
        log.write_text((Path(__file__).parent.parent / "fixtures/build_logs/mkdocs/build.log").read_text())
        args = ["ci", *common, "--build-log", str(log)]
    result = CliRunner().invoke(main, args)  # type: ignore[arg-type]
    assert result.exit_code == 0, result.output
    build = json.loads(report.read_text())["build"]
    assert build["framework"] == "mkdocs" and build["exit_status"] == 0
    got = {(f["path"], f["line"], f["defect_class"], f["severity"]) for f in build["findings"]}
    assert got == expected_build(
        "mkdocs",
        pages_of(site, "mkdocs"),
        {"broken-link": "warning", "missing-asset": "warning", "broken-anchor": "info"},
    )
    classes = {row["defect_class"]: row for row in build["classes"]}
    assert classes["broken-anchor"]["build"] == 2 and classes["thin-page"]["build_sees"] is False
    assert classes["thin-page"]["sitelint"] >= 1 and classes["placeholder-text"]["sitelint"] >= 1
    assert build["agreement"]["build_pages"] == 2
    assert build["agreement"]["verdict"] != ONLY_REFLAGS


def test_sitelint_ci_keeps_the_failed_sphinx_build_exit_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    main = _ci_command()
    site = copy_site("sphinx", tmp_path)
    monkeypatch.chdir(site)
    report = tmp_path / "report.json"
    build_cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-b", "html", "docs", "_build/html"]
    result = CliRunner().invoke(main, ["ci", "--format", "json", "-o", str(report), "--", *build_cmd])  # type: ignore[arg-type]
    assert result.exit_code == 1, result.output
    build = json.loads(report.read_text())["build"]
    assert build["framework"] == "sphinx" and build["exit_status"] == 1 and build["failed"] is True
    assert {(f["path"], f["defect_class"]) for f in build["findings"]} == {
        ("docs/broken-links.md", "broken-link"),
        ("docs/broken-links.md", "broken-anchor"),
        ("docs/missing-image.md", "missing-asset"),
    }
    assert not any(g["passed_in_log"] for g in build["gaps"])
