"""Every rule is complete: a check that exists, docs, a case file with a pass and a fail, and examples that work."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, write_site
from sitelint import api as engine, config as configmod, rulebook
from sitelint.checks import registry

RULES = rulebook.load_rules(registry())
# Rules whose findings another stage creates (no check to run, no example page to lint).
NO_CHECK = {"SUB098", "SUB099"}
GIT_CHECKS = {"stale-page", "code-drift"}


def test_rule_pack_is_not_empty() -> None:
    assert {r.dimension for r in RULES} >= {"substance"}


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_is_documented(rule: rulebook.Rule) -> None:
    assert rule.code[:3] in {"SUB", "DUP", "STL"} and rule.code[:3] == {
        "substance": "SUB", "duplication": "DUP", "staleness": "STL"}[rule.dimension]
    assert rule.source.stem == rule.code
    assert rule.summary and rule.why and rule.message
    assert rule.defect_class, "defect_class names what the rule finds, for the build overlap report"
    assert isinstance(dict(rule.build_overlap), dict)
    if rule.code in NO_CHECK:
        return
    assert rule.check in registry(), f"{rule.code} names check {rule.check!r}, which is not registered"
    assert rule.example.get("bad") and rule.example.get("good")
    for key in rule.params:
        assert f"params.{key}" in rule.options or key in rule.options, f"param {key} of {rule.code} is undocumented"


@pytest.mark.parametrize("rule", [r for r in RULES if r.code not in NO_CHECK], ids=lambda r: r.code)
def test_rule_has_pass_and_fail_cases(rule: rulebook.Rule) -> None:
    path = ROOT / "fixtures" / "rules" / f"{rule.code}.yml"
    assert path.is_file(), f"{rule.code} has no case file {path}"
    cases = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
    assert any(c.get("pass") for c in cases) and any(c.get("fail") for c in cases)


def example_pages(text: str) -> dict[str, str]:
    """An example is one page (docs/page.md), or several, each opened by a `<!-- file: docs/x.md -->` line."""
    pages: dict[str, list[str]] = {}
    current = "docs/page.md"
    for line in text.splitlines(keepends=True):
        match = re.fullmatch(r"<!-- file: (\S+) -->\n?", line)
        if match:
            current = match.group(1)
            continue
        pages.setdefault(current, []).append(line)
    return {path: "".join(lines) for path, lines in pages.items()}


def _lint_example(text: str, code: str, tmp_path: Path) -> list[str]:
    write_site(tmp_path, example_pages(text))
    config = configmod.validate({}, None)
    result = engine.lint(cwd=tmp_path, config=config, today=dt.date(2026, 11, 30), select=[code])
    assert not [n for n in result.notes if "internal error" in n], result.notes
    return [f.message for f in result.findings if f.rule == code]


@pytest.mark.parametrize("rule", [r for r in RULES if r.code not in NO_CHECK and r.enabled], ids=lambda r: r.code)
def test_example_bad_fires_and_good_does_not(rule: rulebook.Rule, tmp_path: Path) -> None:
    if rule.check in GIT_CHECKS:
        pytest.skip("needs git history, which an example page cannot carry: covered by its case file")
    assert _lint_example(rule.example["bad"], rule.code, tmp_path / "bad"), "example.bad does not fire"
    assert not _lint_example(rule.example["good"], rule.code, tmp_path / "good"), "example.good fires"
