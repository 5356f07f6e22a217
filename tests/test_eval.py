"""sitelint eval: findings judged against label files, and the replay of a site's git history."""

from __future__ import annotations

import datetime as dt
import json
import random
import shutil
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest
from click.testing import CliRunner

from conftest import ROOT, git
from sitelint import config as configmod, eval as evalmod
from sitelint.cli import main
from sitelint.eval import history as hist, labels as labelmod
from sitelint.eval.labels import LabelError
from sitelint.eval.replay_report import render_text

TODAY = dt.date(2026, 12, 1)
DEMO_LABELS = """\
path\trule\tverdict\treason
docs/faq.md\tSUB001\tT\ttwo questions, no answers worth a page
docs/reference/api-examples.md\tthin-page\tF\texamples page, code is the content
docs/reference/**\tSUB005\tD\tcode with a heading is arguably enough
docs/deployment.md:13\tSUB002\tT\ta TODO left in
docs/deployment.md:17\tSUB002\tF\t'coming soon' is a roadmap promise
docs/getting-started.md\tduplication\tT\tsame page as quickstart
docs/guides/*.md\tDUP003\tF\tshared alert wording on purpose
docs/architecture.md\tSUB001\tT\tsaid to be thin, but it is not
docs/why-lookout.md\tSUB006\tF\tmust stay quiet
docs/versions.md:8\tSTL003\tT\tan old version called current
"""


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    target = tmp_path / "demo"
    shutil.copytree(ROOT / "fixtures" / "sites" / "demo", target, ignore=shutil.ignore_patterns(".sitelint"))
    return target


def _config(root: Path) -> configmod.Config:
    config = configmod.load(root)
    return replace(config, settings=MappingProxyType({**config.settings, "semantic": False}))


def _tally(rows: list, key: str):  # type: ignore[no-untyped-def]
    return next(t for t in rows if t.key == key)


def test_label_file_forms_are_read_alike(tmp_path: Path) -> None:
    (tmp_path / "l.tsv").write_text("path:line\trule\tverdict\treason\ndocs/a.md:12\tSUB001\tt\tshort\n")
    (tmp_path / "l.yml").write_text(
        "labels:\n  - {path: docs/a.md, line: 12, rule: SUB001, verdict: T, reason: short}\n")
    (tmp_path / "l.json").write_text(json.dumps([{"path": "docs/a.md:12", "rule": "SUB001", "verdict": "true",
                                                  "reason": "short"}]))
    read = [labelmod.load(tmp_path / name) for name in ("l.tsv", "l.yml", "l.json")]
    assert {(x[0].path, x[0].line, x[0].rule, x[0].verdict) for x in read} == {("docs/a.md", 12, "SUB001", "T")}


def test_a_bad_verdict_names_the_file_and_row(tmp_path: Path) -> None:
    (tmp_path / "l.tsv").write_text("path\trule\tverdict\treason\n\ndocs/a.md\tSUB001\tmaybe\tx\n")
    with pytest.raises(LabelError, match=r"l\.tsv:3: verdict 'maybe' is not one of T"):
        labelmod.load(tmp_path / "l.tsv")


def test_a_header_without_the_needed_columns_is_refused(tmp_path: Path) -> None:
    (tmp_path / "l.tsv").write_text("file\tcode\n")
    with pytest.raises(LabelError, match="needs the columns path, rule and verdict"):
        labelmod.load(tmp_path / "l.tsv")


def test_globs_stay_inside_one_folder_unless_doubled() -> None:
    one = labelmod.Label("docs/api/*.md", "SUB001", "F", "", None, "x")
    deep = labelmod.Label("docs/{api,ref}/**", "SUB001", "F", "", None, "x")
    assert one.matches_path("docs/api/a.md") and not one.matches_path("docs/api/sub/a.md")
    assert deep.matches_path("docs/api/sub/a.md") and deep.matches_path("docs/ref/b.md")
    assert not deep.matches_path("docs/guide/a.md")


def test_counts_per_rule_and_dimension_on_the_demo_site(demo: Path, tmp_path: Path) -> None:
    labels = tmp_path / "labels.tsv"
    labels.write_text(DEMO_LABELS)
    # code-without-explanation, padded-prose and hard-to-read are off by default; turned on here
    config = _config(demo)
    config = replace(config, rules=MappingProxyType({**config.rules, "SUB005": {"enabled": True},
                                                     "SUB004": {"enabled": True}, "SUB006": {"enabled": True}}))
    ev = evalmod.with_labels(labels, (), demo, config, today=TODAY)
    thin = _tally(ev.rules, "SUB001")
    assert (thin.true, thin.false, thin.debatable, thin.expected, thin.missed) == (1, 1, 0, 2, 1)
    assert (thin.strict, thin.recall) == (0.5, 0.5)
    placeholder = _tally(ev.rules, "SUB002")
    assert (placeholder.true, placeholder.false, placeholder.expected, placeholder.missed) == (1, 1, 1, 0)
    assert _tally(ev.rules, "SUB005").debatable == 1
    copied = _tally(ev.rules, "DUP003")
    # Five guides, two of them copies of each other: one finding, on the copy to change, judged by either's label.
    assert (copied.false, copied.rejected, copied.held) == (1, 5, 3)
    assert _tally(ev.rules, "DUP001").true == 1  # covered by the dimension label
    hard = _tally(ev.rules, "SUB006")
    assert (hard.rejected, hard.held) == (1, 1)
    substance = _tally(ev.dimensions, "substance")
    assert (substance.true, substance.false, substance.debatable) == (2, 2, 1)
    assert substance.lenient == pytest.approx(3 / 5)
    # Findings on labelled pages that no label covers are unjudged; pages no label names are not evaluated.
    assert [(f.path, f.rule) for f in ev.unjudged] == [
        ("docs/architecture.md", "SUB006"), ("docs/deployment.md", "SUB003"),
        ("docs/reference/api-tokens.md", "STL002"), ("docs/versions.md", "STL004"), ("docs/why-lookout.md", "SUB004")]
    # contributing.md STL005; quickstart.md looks canonical, so its copy is reported on getting-started.md alone.
    assert ev.outside == 1
    assert [(m.page, m.label.rule) for m in ev.misses] == [("docs/architecture.md", "SUB001")]
    thin_errors = next(g for g in ev.groups if g.rule == "SUB001")
    assert (thin_errors.false, thin_errors.missed) == (1, 1)
    assert {c.value for c in thin_errors.causes if c.kind == "folder"} == {"(top)", "reference/"}


def test_the_line_of_a_label_picks_one_finding_of_a_page(demo: Path, tmp_path: Path) -> None:
    labels = tmp_path / "labels.tsv"
    labels.write_text("path\trule\tverdict\treason\ndocs/deployment.md\tSUB002\tF\tpage\n"
                      "docs/deployment.md:13\tSUB002\tT\tline\n")
    ev = evalmod.with_labels(labels, (), demo, _config(demo), today=TODAY)
    verdicts = sorted((j.finding.line, j.verdict) for j in ev.judged if j.finding.rule == "SUB002")
    assert verdicts == [(13, "T"), (17, "F")]


def test_a_label_on_any_copy_judges_the_duplicate_reported_on_another() -> None:
    from sitelint.model import Finding, Location
    copy = Finding("DUP003", "copied-passage", "duplication", "warning", "docs/b.md", 10, 14, "Copied passage",
                   (Location("docs/a.md", 3, 7),))
    on_canonical = labelmod.Label("docs/a.md", "DUP003", "T", "drifted", 5, "labels.tsv:2")
    elsewhere = labelmod.Label("docs/a.md", "DUP003", "T", "another passage", 30, "labels.tsv:3")
    assert labelmod.covers(on_canonical, "rule", frozenset({"DUP003"}), copy)
    assert not labelmod.covers(elsewhere, "rule", frozenset({"DUP003"}), copy)
    # A label on the whole other page was written about that page's findings: it does not judge this one, but a
    # T label there is met (the page's copy is reported) when recall is counted.
    whole = labelmod.Label("docs/a.md", "DUP003", "T", "copied", None, "labels.tsv:4")
    assert not labelmod.covers(whole, "rule", frozenset({"DUP003"}), copy)
    assert labelmod.covers(whole, "rule", frozenset({"DUP003"}), copy, anywhere=True)
    # A page's own finding of another dimension is about that page alone.
    thin = Finding("SUB001", "thin-page", "substance", "warning", "docs/b.md", 1, 1, "Thin",
                   (Location("docs/a.md", 1),))
    assert not labelmod.covers(labelmod.Label("docs/a.md", "SUB001", "T", "", None, "x"), "rule",
                               frozenset({"SUB001"}), thin)
    # The translations behind one change of their source are one finding, on the first, naming the others: a T label
    # on another of them is met (its page is reported), though it judges no finding of its own page.
    lag = Finding("STL007", "translation-lag", "staleness", "warning", "docs/es/start.md", 1, 1, "Translation lags",
                  (Location("docs/start.md", 1), Location("docs/hi/start.md", 1)))
    behind = labelmod.Label("docs/hi/start.md", "staleness", "T", "behind its source", None, "labels.tsv:5")
    assert not labelmod.covers(behind, "dimension", frozenset({"staleness"}), lag)
    assert labelmod.covers(behind, "dimension", frozenset({"staleness"}), lag, anywhere=True)


def test_cli_prints_the_table_and_json(demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    labels = tmp_path / "labels.tsv"
    labels.write_text(DEMO_LABELS)
    (demo / "sitelint.toml").write_text("semantic = false\n")
    monkeypatch.chdir(demo)
    monkeypatch.setenv("SITELINT_TODAY", TODAY.isoformat())
    text = CliRunner().invoke(main, ["eval", str(labels)])
    assert text.exit_code == 0, text.output
    assert "SUB001 thin-page" in text.output and "50%" in text.output
    assert "Missed (a T label, no finding):" in text.output
    data = json.loads(CliRunner().invoke(main, ["eval", str(labels), "--format", "json"]).output)
    assert {r["key"]: r["true"] for r in data["rules"]}["SUB002"] == 1
    # padded-prose and hard-to-read are off by default: the demo's padded page and its hard section are not reported
    assert [f["rule"] for f in data["unjudged"]] == ["SUB003", "STL002", "STL004"]


def test_cli_bad_label_file_exits_2_with_the_reason(demo: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    labels = tmp_path / "labels.tsv"
    labels.write_text("path\trule\tverdict\treason\ndocs/faq.md\tNOPE001\tT\tx\n")
    monkeypatch.chdir(demo)
    result = CliRunner().invoke(main, ["eval", str(labels)])
    assert result.exit_code == 2
    assert "unknown rule `NOPE001`" in result.output


# --- history ------------------------------------------------------------------------------------------------------

WORDS = [
    "river", "stone", "lantern", "harbor", "meadow", "copper", "violet", "signal", "orchard", "quiet", "garden",
    "window", "thunder", "candle", "forest", "marble", "pepper", "silver", "autumn", "canyon", "ember",
    "falcon", "glacier", "harvest", "island", "jasmine", "kettle", "lemon", "mirror", "nectar", "oyster",
    "pebble", "quartz", "raven", "saddle", "timber", "umbrella", "velvet", "walnut", "yonder", "zephyr",
    "anchor", "basket", "cobalt", "dune", "echo", "fern", "gravel", "hazel", "ivory", "juniper", "kelp",
    "linen", "maple", "nutmeg", "olive", "prairie", "quill", "ridge", "spruce", "tulip", "urchin", "valley",
    "willow", "yarrow", "badger", "cedar", "dahlia", "egret", "fjord", "grove", "heron", "iris", "jetty",
    "kiln", "lagoon", "mesa", "nettle", "otter", "pine", "quail", "reef", "sage", "thistle", "upland", "vine",
    "wren", "birch", "clover", "delta", "finch",
]
VERBS = ["keeps", "finds", "moves", "holds", "shows", "opens", "turns", "brings", "marks", "sends", "reads", "builds"]


def prose(seed: int, sentences: int) -> str:
    """Plain sentences of random words: each seed gives its own text, so pages only repeat each other on purpose."""
    rnd = random.Random(seed)
    out = []
    for _ in range(sentences):
        a, b, c, d = rnd.sample(WORDS, 4)
        out.append(f"The {a} {rnd.choice(VERBS)} the {b} by the {c} and {rnd.choice(VERBS)} a {d} today.")
    return " ".join(out)


def _commit(repo: Path, date: str, message: str, write: dict[str, str] | None = None,
            remove: tuple[str, ...] = ()) -> None:
    for rel, text in (write or {}).items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text, encoding="utf-8")
        git(repo, "add", rel)
    for rel in remove:
        git(repo, "rm", "-q", rel)
    git(repo, "commit", "-q", "-m", message, date=f"{date}T12:00:00")


def _new_repo(tmp_path: Path, settings: str) -> Path:
    """A git repository at tmp_path/site whose first file, staged, is a sitelint.toml of these settings."""
    repo = tmp_path / "site"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "sitelint.toml").write_text(settings)
    git(repo, "add", "sitelint.toml")
    return repo


@pytest.fixture
def history_site(tmp_path: Path) -> Path:
    repo = _new_repo(tmp_path, 'semantic = false\ndocs-root = "docs"\n')
    guide = "# Guide\n\n" + prose(1, 12) + "\n"
    _commit(repo, "2021-01-10", "Start the docs", {
        "docs/guide.md": guide,
        "docs/old-survivor.md": "# Kept\n\n" + prose(2, 12) + "\n",
        "docs/thin-survivor.md": "# Thin\n\nJust a line.\n",
        "docs/stub.md": "# Stub\n\nA few words only.\n",
        "docs/filled.md": "# Filled\n\nTo be written.\n",
        "docs/copy.md": "# Copy\n\n" + prose(1, 12) + "\n",
        "docs/merged.md": "# Merged\n\n" + prose(3, 8) + "\n",
        "docs/other.md": "# Other\n\n" + prose(4, 10) + "\n",
        "docs/legacy.md": "# Legacy\n\n" + prose(5, 10) + "\n",
        "docs/rewrite.md": "# Rewrite\n\n" + "\n\n".join(prose(6 + i, 2) for i in range(4)) + "\n",
    })
    _commit(repo, "2023-03-01", "Remove the empty stub page", remove=("docs/stub.md",))
    _commit(repo, "2023-04-01", "Write the filled page", {"docs/filled.md": "# Filled\n\n" + prose(7, 12) + "\n"})
    _commit(repo, "2023-05-01", "Remove duplicate of the guide", remove=("docs/copy.md",))
    _commit(repo, "2023-06-01", "Fold that page into the other one", {
        "docs/other.md": "# Other\n\n" + prose(4, 10) + "\n\n" + prose(3, 8) + "\n"}, remove=("docs/merged.md",))
    _commit(repo, "2023-07-01", "Drop the outdated legacy page", remove=("docs/legacy.md",))
    _commit(repo, "2023-08-01", "Rewrite obsolete instructions",
            {"docs/rewrite.md": "# Rewrite\n\n" + prose(20, 16) + "\n"})
    _commit(repo, "2026-11-01", "Touch the guide", {"docs/guide.md": guide + "\n" + prose(30, 2) + "\n"})
    return repo


def test_history_events_are_found_per_source(history_site: Path) -> None:
    g = hist.Git(history_site)
    found = list(hist.events(g, hist.commits(g, ["docs/"], None), ["docs/"]))
    by_source = sorted((e.source, e.page) for e in found)
    assert by_source == [
        ("deleted-stub", "docs/stub.md"),
        ("merged-away", "docs/merged.md"),
        ("removed-outdated", "docs/legacy.md"),
        ("rewritten-outdated", "docs/rewrite.md"),
        ("said-duplicate", "docs/copy.md"),
        ("stub-filled", "docs/filled.md"),
    ]
    stub = next(e for e in found if e.source == "deleted-stub")
    assert stub.date == dt.date(2023, 3, 1) and stub.parent != stub.commit


def test_history_replay_counts(history_site: Path) -> None:
    replay = evalmod.from_history(history_site, configmod.load(history_site))
    rows = {r.source: (r.events, r.flagged) for r in replay.rows()}
    assert rows == {
        "deleted-stub": (1, 1),  # thin when it was deleted
        "stub-filled": (1, 1),  # thin before it was filled in
        "said-duplicate": (1, 0),  # the same prose as the guide: a duplicate page, info by default
        "merged-away": (1, 0),  # unique where it stood: no duplicate to see
        "removed-outdated": (1, 0),  # nothing in its text said it was old
        "rewritten-outdated": (1, 0),
    }
    # ... which the replay still counts among the findings of any severity.
    assert {r.source: r.flagged_any for r in replay.rows()}["said-duplicate"] == 1
    total, flagged, _ = replay.survivors()
    # guide.md changed a month ago; the other five pages last changed in 2021 or 2023.
    assert total == 5
    assert flagged == {"substance": 1, "duplication": 0, "staleness": 0}  # thin-survivor.md is thin
    assert not (history_site / ".git" / "worktrees").exists()  # the replay never checked out into the repository
    assert sorted(p.name for p in (history_site / "docs").iterdir()) == [
        "filled.md", "guide.md", "old-survivor.md", "other.md", "rewrite.md", "thin-survivor.md"]


def test_history_cli_limits_events_and_reports_progress(history_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(history_site)
    result = CliRunner().invoke(main, ["eval", "--history", "--max-events", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert sum(s["events"] for s in data["sources"]) == 2
    assert "replay: " in result.stderr


def test_history_outside_a_repository_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["eval", "--history"])
    assert result.exit_code == 2
    assert "not inside a git repository" in result.output


def test_survivors_are_read_apart_for_the_site_s_own_pages_and_its_translations(tmp_path: Path) -> None:
    # A translation left unchanged for years while its source moved on is translation-lag's defect: the survivors'
    # false-alarm rate is read on the site's own pages.
    repo = _new_repo(tmp_path, "semantic = false\n")
    config = ("import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Kit',"
              "\n  locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' } } })] };\n")
    source = "# Guide\n\n" + prose(1, 12) + "\n\n## Deploy\n\n" + prose(2, 12) + "\n"
    translated = "# Guide\n\n" + prose(3, 12) + "\n\n## Deploy\n\n" + prose(4, 12) + "\n"
    docs = "src/content/docs/"
    _commit(repo, "2021-01-10", "Start the docs", {
        "astro.config.mjs": config, docs + "guide.md": source, docs + "kept.md": "# Kept\n\n" + prose(5, 12) + "\n",
        docs + "fr/guide.md": translated,
    })
    _commit(repo, "2024-06-01", "Rewrite the guide", {
        docs + "guide.md": source + "\n## Roll back\n\n" + prose(6, 12) + "\n\n## Monitor\n\n" + prose(7, 12) + "\n"})
    # (a page added months later: the rewrite is past the time its translators are given)
    _commit(repo, "2024-09-01", "Add a page", {docs + "new.md": "# New\n\n" + prose(8, 12) + "\n"})
    replay = evalmod.from_history(repo, configmod.load(repo))
    own, translations = replay.survivors_by_language()
    assert own == (1, 0) and translations == (1, 1)  # the guide changed at the head: no survivor
    assert "the site's own pages: 0 of 1 carry a warning (0%); translations: 1 of 1" in render_text(replay)
