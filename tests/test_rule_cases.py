"""Runs every case in fixtures/rules/<CODE>.yml through the real engine: ids are <CODE>_<case>.

A failing case names the lines it expects, a fragment every expected message holds, and their severity.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import ROOT, write_site
from sitelint import api as engine, config as configmod

CASES = sorted((ROOT / "fixtures" / "rules").glob("*.yml"))


def _load() -> list[Any]:
    params = []
    for path in CASES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            params.append(pytest.param(data["rule"], case, id=f"{data['rule']}_{case['name']}"))
    return params


@pytest.mark.parametrize(("rule", "case"), _load())
def test_rule_case(rule: str, case: dict[str, Any], tmp_path: Path) -> None:
    pages = case.get("pages") or {"docs/page.md": case["page"]}
    write_site(tmp_path, pages, case.get("files"), case.get("commits", ()))
    table: dict[str, Any] = dict(case.get("settings", {}))
    table.setdefault("semantic", bool(case.get("semantic", True)))
    if case.get("config"):
        table["rule"] = {rule: case["config"]}
    config = configmod.validate(table, None)
    today = case.get("today")
    if isinstance(today, str):
        today = dt.date.fromisoformat(today)
    # `also`: rules that run beside the one under test (a rule that combines others' findings needs them).
    result = engine.lint(cwd=tmp_path, config=config, today=today or dt.date(2026, 11, 30),
                         select=[rule, *case.get("also", ())])
    assert not [n for n in result.notes if "internal error" in n], result.notes
    assert result.site.pages, "the case's site has no page the run reads: the case would pass whatever the rule does"
    mine = [f for f in result.findings if f.rule == rule]
    got: dict[str, list[int]] = {}
    for f in mine:
        got.setdefault(f.path, []).append(f.line)
    if case.get("pass"):
        assert got == {}, f"expected no {rule} finding, got {got}: {[f.message for f in result.findings]}"
        return
    expected = case["fail"]
    if isinstance(expected, list):
        expected = {next(iter(pages)): expected}
    assert {p: sorted(lines) for p, lines in got.items()} == {p: sorted(v) for p, v in expected.items()}, (
        [f.message for f in result.findings], result.notes)
    # Every expected finding says what the case says it says, at the level it gives.
    assert all(case["message"] in f.message for f in mine), (case["message"], [f.message for f in mine])
    assert {f.severity for f in mine} == {case["severity"]}, [f.severity for f in mine]
