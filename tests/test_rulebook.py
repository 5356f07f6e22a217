"""The rule book: loading, validation, overrides, select/ignore, conditions and messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitelint import rulebook
from sitelint.model import Location, Measurement

BASE = rulebook.load_rules()


def rule(code: str) -> rulebook.Rule:
    return next(r for r in BASE if r.code == code)


def test_conditions() -> None:
    thin = rule("SUB001")
    assert thin.fires(10) and not thin.fires(150) and not thin.fires(400)
    capped = rulebook.configure([thin], {"SUB001": {"max": 1000}})[0]
    assert capped.fires(1001) and capped.fires(3) and not capped.fires(500)


def test_override_by_name_changes_level_threshold_and_params() -> None:
    [thin] = rulebook.configure([rule("SUB001")], {"thin-page": {"min": 20, "level": "error", "params": {"x": 1}}})
    assert thin.condition["min"] == 20 and thin.level == "error" and thin.params["x"] == 1
    assert not thin.fires(25) and thin.fires(19)


def test_select_ignore_and_prefixes() -> None:
    assert {r.code for r in rulebook.configure(BASE, {}, select=["SUB001"])} == {"SUB001"}
    assert "SUB001" not in {r.code for r in rulebook.configure(BASE, {}, ignore=["thin-page"])}
    assert all(r.code.startswith("SUB") for r in rulebook.configure(BASE, {}, select=["SUB"]))


def test_unknown_rule_reference_is_an_error() -> None:
    with pytest.raises(rulebook.RuleError, match="unknown rule `NOPE123`"):
        rulebook.configure(BASE, {}, select=["NOPE123"])


def test_disabled_rule_runs_only_when_selected() -> None:
    thin = rule("SUB001")
    off = rulebook.configure([thin], {"SUB001": {"enabled": False}})
    assert off == []
    assert rulebook.configure([thin], {"SUB001": {"enabled": False}}, select=["SUB001"])


def test_message_template_and_detail_severity() -> None:
    thin = rule("SUB001")
    finding = thin.finding(Measurement(12, Location("docs/a.md", 1), {"severity": "error"}))
    assert finding.severity == "error" and "12 words" in finding.message and "150" in finding.message
    assert thin.finding(Measurement(12, Location("docs/a.md", 1))).severity == thin.level


def test_user_rule_folder_adds_rules(tmp_path: Path) -> None:
    (tmp_path / "MY001.yml").write_text(
        "code: MY001\nname: very-thin\ndimension: substance\ndefect_class: thin-page\ncheck: prose-words\n"
        "level: error\ncondition: {min: 30}\nmessage: 'only {value} words'\nsummary: s\nwhy: w\n", encoding="utf-8")
    rules = rulebook.load_rules([tmp_path])
    mine = next(r for r in rules if r.code == "MY001")
    assert mine.fires(29) and mine.level == "error"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("code: X1\n", "missing"),
        ("[1, 2]", "YAML mapping"),
        ("code: X1\nname: n\ndimension: mood\ncheck: c\nlevel: info\nmessage: m\nsummary: s\nwhy: w\n", "dimension"),
        ("code: X1\nname: n\ndimension: substance\ncheck: c\nlevel: info\nmessage: m\nsummary: s\nwhy: w\n"
         "colour: red\n", "unknown keys colour"),
        ("code: [unclosed\n", "cannot be read as YAML"),
    ],
)
def test_bad_rule_files_are_explained(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "X1.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(rulebook.RuleError) as err:
        rulebook.load_rule(path)
    assert str(path) in str(err.value) and words in str(err.value)
