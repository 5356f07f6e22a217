"""The rule book: loading, validation against checks, conditions, overrides, select/ignore, messages, combining."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from sitelint import rulebook
from sitelint.checks import registry
from sitelint.model import Finding, Location, Measurement
from sitelint.rulebook.condition import ConditionError, compile_condition

CHECKS = registry()
BASE = rulebook.load_rules(CHECKS)
FACTS = {"page_type": "doc", "language": "en", "variant": ""}
HEADER = "code: MY001\nname: very-thin\ndimension: substance\nsummary: s\nwhy: w\n"


def rule(code: str) -> rulebook.Rule:
    return next(r for r in BASE if r.code == code)


def at(values: dict[str, object], **detail: object) -> Measurement:
    return Measurement(values, Location("docs/a.md", 1), detail)  # type: ignore[arg-type]


def test_condition_is_an_expression_over_values_and_params() -> None:
    thin = rule("SUB001")
    assert thin.finding(at({"words": 10, "exempt": ""}), FACTS) is not None
    assert thin.finding(at({"words": 150, "exempt": ""}), FACTS) is None
    assert thin.finding(at({"words": 10, "exempt": "link list"}), FACTS) is None


def test_the_restricted_evaluator() -> None:
    cond = compile_condition("words < min and page_type not in ['blog', 'reference'] or abs(delta) >= 2",
                             ["words", "min", "page_type", "delta"])
    assert cond({"words": 3, "min": 5, "page_type": "doc", "delta": 0})
    assert not cond({"words": 3, "min": 5, "page_type": "blog", "delta": 1})
    assert cond({"words": 9, "min": 5, "page_type": "blog", "delta": -3})
    assert not cond({"words": None, "min": 5, "page_type": "doc", "delta": 0})  # an unmeasured value never fires
    assert compile_condition("words < min and not exempt", ["words", "min", "exempt"]).comparisons() == [
        ("words", "<", "min")]


@pytest.mark.parametrize(("text", "words"), [
    ("__import__('os').system('x')", "only len(), min(), max() and abs() may be called"),
    ("words.__class__", "is not allowed in a condition"),
    ("wrods < min", "did you mean words?"),
    ("words <", "is not an expression"),
    ("[x for x in words]", "is not allowed"),
])
def test_conditions_that_could_do_more_than_compare_are_refused(text: str, words: str) -> None:
    with pytest.raises(ConditionError, match=words.replace("(", r"\(").replace(")", r"\)").replace("?", r"\?")):
        compile_condition(text, ["words", "min"])


def test_override_by_name_changes_level_and_params() -> None:
    [thin] = rulebook.configure([rule("SUB001")], {"thin-page": {"min": 20, "level": "error"}})
    assert thin.params["min"] == 20 and thin.level == "error"
    assert thin.finding(at({"words": 19, "exempt": ""}), FACTS).severity == "error"  # type: ignore[union-attr]
    assert thin.finding(at({"words": 25, "exempt": ""}), FACTS) is None
    [again] = rulebook.configure([rule("SUB001")], {"SUB001": {"params": {"nav-link-density": 0.7}}})
    assert again.params["nav-link-density"] == 0.7


@pytest.mark.parametrize(("override", "words"), [
    ({"min-similarty": 0.9}, "did you mean `min-similarity`?"),
    ({"min-similarity": 5}, "must be a number from 0 to 1, not 5"),
    ({"min-words": "many"}, "must be an integer of at least 0, not str 'many'"),
    ({"max": 3}, "is not a setting of DUP002"),
    ({"level": "fatal"}, "level must be one of error, warning, info"),
    ({"enabled": "yes"}, "enabled must be true or false"),
])
def test_overrides_are_validated_against_the_checks_params(override: dict[str, object], words: str) -> None:
    with pytest.raises(rulebook.RuleError, match=words.replace("?", r"\?")):
        rulebook.configure([rule("DUP002")], {"DUP002": override}, where="sitelint.toml")


def test_select_ignore_and_prefixes() -> None:
    assert {r.code for r in rulebook.configure(BASE, {}, select=["SUB001"])} == {"SUB001"}
    assert "SUB001" not in {r.code for r in rulebook.configure(BASE, {}, ignore=["thin-page"])}
    assert all(r.code.startswith("SUB") for r in rulebook.configure(BASE, {}, select=["SUB"]))


def test_unknown_rule_reference_is_an_error() -> None:
    with pytest.raises(rulebook.RuleError, match="unknown rule `NOPE123`"):
        rulebook.configure(BASE, {}, select=["NOPE123"])


def test_disabled_rule_runs_only_when_selected() -> None:
    thin = rule("SUB001")
    assert rulebook.configure([thin], {"SUB001": {"enabled": False}}) == []
    assert rulebook.configure([thin], {"SUB001": {"enabled": False}}, select=["SUB001"])


def test_the_level_is_the_rules_and_levels_raise_it_by_an_expression() -> None:
    problem = rule("SUB000")
    unreadable = problem.finding(at({"unreadable": True, "workaround": False}, problem="binary"), FACTS)
    worked_around = problem.finding(at({"unreadable": False, "workaround": True}, problem="fence"), FACTS)
    assert unreadable.severity == "error" and worked_around.severity == "warning"  # type: ignore[union-attr]
    assert unreadable.message == "binary"  # type: ignore[union-attr]


def test_because_counts_the_reasons_the_message_names() -> None:
    padded = rule("SUB004")
    values = {"repetition": 0.6, "sentence_frames": 0.1, "compressibility": 0.2, "variety": 0.9,
              "wordy_per_100": 0.0, "hedges_per_100": 0.0, "words": 300}
    found = padded.finding(at(values), FACTS)
    assert found is not None and found.message.startswith("Padded prose, 2 signals (repetition 0.6 > 0.42; "
                                                          "compressibility 0.2 < 0.34)")
    assert padded.finding(at({**values, "compressibility": 0.5}), FACTS) is None  # one signal is not padding


def test_corroboration_raises_a_finding_when_enough_other_rules_fire_on_its_page() -> None:
    stale = Finding("STL001", "stale-page", "staleness", "info", "docs/a.md", 1, None, "Stale page")
    review = Finding("STL002", "review-expired", "staleness", "warning", "docs/a.md", 4, None, "Review expired")
    claim = Finding("STL004", "dated-claim", "staleness", "warning", "docs/a.md", 6, None, "Dated claim")
    alone = Finding("STL001", "stale-page", "staleness", "info", "docs/b.md", 1, None, "Stale page")
    once = Finding("STL001", "stale-page", "staleness", "info", "docs/c.md", 1, None, "Stale page")
    once_review = Finding("STL002", "review-expired", "staleness", "warning", "docs/c.md", 4, None, "Review expired")
    raised = rulebook.corroborate([stale, review, claim, alone, once, once_review], BASE)
    # Age alone is not reported (the rule's `alone` is false by default), nor with one piece of evidence, which its
    # own finding reports; with two kinds of evidence it is a warning that names them.
    assert [(f.rule, f.path) for f in raised] == [("STL001", "docs/a.md"), ("STL002", "docs/a.md"),
                                                   ("STL004", "docs/a.md"), ("STL002", "docs/c.md")]
    assert raised[0].severity == "warning"
    assert raised[0].message.endswith("; also on this page: review expired, dated claim")
    asked = [replace(r, params=MappingProxyType({**r.params, "alone": True})) if r.code == "STL001" else r
             for r in BASE]
    kept = rulebook.corroborate([stale, review, claim, alone], asked)
    assert kept[3].severity == "info" and kept[3].message == "Stale page"


def test_user_rule_folder_adds_rules(tmp_path: Path) -> None:
    (tmp_path / "MY001.yml").write_text(
        HEADER + "check: review-age\nlevel: error\nparams: {max: 30}\ncondition: age > max\n"
        "message: 'reviewed {age} days ago'\n", encoding="utf-8")
    mine = next(r for r in rulebook.load_rules(CHECKS, [tmp_path]) if r.code == "MY001")
    assert mine.finding(at({"age": 31}), FACTS).message == "reviewed 31 days ago"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("code: X1\n", "missing"),
        ("[1, 2]", "YAML mapping"),
        (HEADER + "check: review-age\nlevel: info\nmessage: m\ndimension: mood\n", "dimension"),
        (HEADER + "check: review-age\nlevel: info\nmessage: m\ncondition: age > 1\ncolour: red\n",
         "unknown keys colour"),
        ("code: [unclosed\n", "cannot be read as YAML"),
        (HEADER + "check: review-age\nlevel: info\nmessage: m\ncondition: age > 1\n"
         "corroborated: {by: [STL004], level: warning, min: two}\n", "corroborated.min"),
        (HEADER + "check: review-ages\nlevel: info\nmessage: m\ncondition: age > 1\n", "did you mean `review-age`?"),
        (HEADER + "check: review-age\nlevel: info\nmessage: m\n", "needs a condition over the values of `review-age`"),
        (HEADER + "check: prose-words\nlevel: info\nmessage: m\ncondition: words < 3\n", "missing nav-link-density"),
        (HEADER + "check: review-age\nlevel: info\nmessage: m\ncondition: days > 3\n", "names `days`"),
    ],
)
def test_bad_rule_files_are_explained(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "X1.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(rulebook.RuleError) as err:
        rulebook.load_rule(path, CHECKS)
    assert str(path) in str(err.value) and words in str(err.value)


def test_a_user_rule_may_not_take_a_built_in_code(tmp_path: Path) -> None:
    (tmp_path / "SUB001.yml").write_text(
        "code: SUB001\nname: mine\ndimension: substance\nsummary: s\nwhy: w\ncheck: review-age\nlevel: info\n"
        "message: m\ncondition: age > 1\n", encoding="utf-8")
    with pytest.raises(rulebook.RuleError, match="code SUB001 is already the rule in"):
        rulebook.load_rules(CHECKS, [tmp_path])


def test_the_rule_pack_loads_from_a_checkout_without_install() -> None:
    assert rulebook.builtin_dir().joinpath("substance", "SUB001.yml").is_file()


def test_a_rule_that_yields_leaves_the_words_another_rule_quotes_on_its_line_to_it() -> None:
    placeholder = Finding("SUB002", "placeholder-text", "substance", "warning", "docs/a.md", 7, 8,
                          "Placeholder text 'WIP', 'coming soon': finish or remove this before publishing")
    same = Finding("STL004", "dated-claim", "staleness", "warning", "docs/a.md", 8, None,
                   "Dated claim: 'coming soon' (written in 2022 at the latest); restate it")
    other_words = Finding("STL004", "dated-claim", "staleness", "warning", "docs/a.md", 8, None,
                          "Dated claim: 'later this year' (written in 2022 at the latest); restate it")
    other_line = Finding("STL004", "dated-claim", "staleness", "warning", "docs/a.md", 12, None,
                         "Dated claim: 'coming soon' (written in 2022 at the latest); restate it")
    other_page = replace(same, path="docs/b.md")
    kept = rulebook.one_cause([placeholder, same, other_words, other_line, other_page], BASE)
    assert kept == [placeholder, other_words, other_line, other_page]
    # Without the rule it yields to, the finding is its own.
    assert rulebook.one_cause([same], BASE) == [same]


def test_a_finding_about_a_whole_page_yields_to_a_finding_of_its_rule_on_the_page() -> None:
    # A page that says only "Coming soon.": thin because it is a placeholder, which placeholder-text says.
    thin = Finding("SUB001", "thin-page", "substance", "warning", "docs/a.md", 1, None,
                   "Thin page: 2 words of prose (minimum 70); its folder's pages have 36 words at the median")
    placeholder = Finding("SUB002", "placeholder-text", "substance", "warning", "docs/a.md", 3, None,
                          "Placeholder text 'Coming soon': finish or remove this before publishing")
    other_thin = replace(thin, path="docs/b.md")
    assert rulebook.one_cause([thin, placeholder, other_thin], BASE) == [placeholder, other_thin]


def test_a_rule_may_yield_only_to_rules_that_exist(tmp_path: Path) -> None:
    (tmp_path / "X9.yml").write_text(
        "code: X9\nname: mine\ndimension: substance\nsummary: s\nwhy: w\ncheck: review-age\nlevel: info\n"
        "message: m\ncondition: age > 1\nyields: [NOPE1]\n", encoding="utf-8")
    with pytest.raises(rulebook.RuleError, match="yields names NOPE1, which no rule has"):
        rulebook.load_rules(CHECKS, [tmp_path])
