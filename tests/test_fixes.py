"""Gamed fixes on real git histories: a page padded past the word floor, a copy reworded past the lexical check, a
review date bumped alone and a placeholder swapped for a sentence each fire gamed-fix; honest fixes of the same pages
do not. The base is the commit; the fix is the work tree (or a later commit, with --base)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import git, write_site
from sitelint import config as configmod, fixes
from sitelint.cli import main

TODAY = dt.date(2026, 6, 1)

THIN = "# Rolling back\n\nRun `harbor rollback` to make the previous release live again.\n"
PADDED = THIN + "\n" + " ".join(["This page is about rolling back. Rolling back is good to know about."] * 12) + "\n"
# Filler in varied sentences: no sentence repeats, but the words lean on the page's subject and add nothing to it.
FLUFF = THIN + """
Rolling back is an important part of working with releases, and it is worth taking a moment to think about what
rolling back really means for you. In many cases you may want to roll back, and in other cases you may not want to
roll back at all. Either way, it is good to know that rolling back is possible. Knowing how to roll back gives you
confidence, and confidence is a good thing to have when you work with releases. There are many reasons why someone
might decide to roll back a release, and each of those reasons is valid in its own way. When you decide to roll
back, the most important thing is to roll back carefully. After rolling back, things should be the way they were
before. That is the whole idea of rolling back, and it is a simple idea once you think about it for a while.
"""
HONEST = THIN + """
A rollback never uploads anything. Harbor keeps every release it has published for thirty days, so going back
means pointing the network at files that are already stored; visitors see the earlier release within a few seconds.
Give a release number to return to an older one than the last (`harbor rollback 41`), and list what is kept with
`harbor releases`. Environment variables are not rolled back with the files: a secret you rotated stays rotated,
and a variable you deleted stays deleted, so check them before you roll back a release that depended on them.
Scheduled jobs follow the release they came with. When the rollback finishes, Harbor posts the release number to
the deploy channel, and the dashboard marks the newer releases as skipped rather than deleting them, so you can
roll forward again with `harbor rollback --to latest` once the problem is fixed. A rollback counts as a deploy in
the audit log and in the monthly limits of free teams.
"""

PASSAGE = ("Harbor reads credentials from the HARBOR_TOKEN environment variable first and falls back to the "
           "credentials file written by harbor login. Tokens created in the dashboard are scoped to a single team, "
           "expire after ninety days unless you choose otherwise, and can be revoked at any time without affecting "
           "other tokens of the same team.")
# The same sentences, clauses moved and a word changed here and there: no eight words in a row are left as they were.
REWORDED = ("First, Harbor reads the HARBOR_TOKEN environment variable for credentials, and otherwise it falls back "
            "on the file of credentials that harbor login wrote. Dashboard tokens are scoped to one single team; "
            "unless you choose otherwise they expire after ninety days, and at any time they can be revoked, "
            "never affecting the other tokens that the same team holds.")
REPLACED = ("Your token expired or was revoked: see [how Harbor finds credentials](install.md). Create a new token "
            "in the dashboard, paste it into the CI settings of the project and run the failed deploy again.")

REVIEWED = """---
last_reviewed: {date}
---
# Regions

Harbor serves every site from twelve regions. {extra}A deploy reaches all of them within a minute, and visitors are
sent to the nearest region by their network's address, not by where their browser says they are.
"""

PLACEHOLDER = """# Deploying

Deploy with `harbor deploy` from the folder that holds harbor.toml; the command uploads what changed and waits until
every region serves the new release before it returns, printing the release number.

## Rollback

{section}
"""


def repo(root: Path) -> Path:
    root.mkdir(parents=True)
    pages = {
        "docs/rollback.md": THIN,
        "docs/install.md": f"# Installation\n\nRun the installer, then sign in.\n\n{PASSAGE}\n",
        "docs/troubleshooting.md": f"# Troubleshooting\n\n## Authentication failed\n\n{PASSAGE}\n",
        "docs/regions.md": REVIEWED.format(date="2025-01-15", extra=""),
        "docs/deploying.md": PLACEHOLDER.format(section="TODO: write this section."),
    }
    write_site(root, pages, {"mkdocs.yml": "site_name: Harbor\n"},
               commits=[{"date": "2026-05-01T12:00:00", "paths": [*pages, "mkdocs.yml"]}])
    return root


def run(root: Path, base: str | None = None) -> fixes.FixReport:
    config = configmod.validate({"semantic": False}, None)
    return fixes.gamed_fixes(root, base_ref=base, config=config, today=TODAY, cache=root.parent / "cache.sqlite")


def gamed(report: fixes.FixReport) -> dict[str, str]:
    return {c.path: c.rule for c in report.checked if c.gamed}


def edit(root: Path, path: str, text: str) -> None:
    (root / path).write_text(text, encoding="utf-8")


def test_gamed_fixes_in_the_work_tree_fire(tmp_path: Path) -> None:
    root = repo(tmp_path / "site")
    edit(root, "docs/rollback.md", PADDED)
    edit(root, "docs/troubleshooting.md", f"# Troubleshooting\n\n## Authentication failed\n\n{REWORDED}\n")
    edit(root, "docs/regions.md", REVIEWED.format(date="2026-05-20", extra=""))
    edit(root, "docs/deploying.md", PLACEHOLDER.format(section="This section is about the rollback."))
    report = run(root)
    assert gamed(report) == {"docs/rollback.md": "SUB001", "docs/troubleshooting.md": "DUP003",
                             "docs/regions.md": "STL002", "docs/deploying.md": "SUB002"}, report.checked
    by_path = {f.path: f for f in report.findings}
    assert set(by_path) == set(gamed(report)) and all(f.rule == "SUB098" for f in report.findings)
    assert "Gamed fix of SUB001 thin-page: the" in by_path["docs/rollback.md"].message
    assert "words added carry" in by_path["docs/rollback.md"].message
    assert "still says what docs/install.md says (content-word cosine" in by_path["docs/troubleshooting.md"].message
    assert "0 words of prose changed besides dates" in by_path["docs/regions.md"].message
    assert by_path["docs/deploying.md"].line == 6  # the section's heading
    # The user's files are as they were: the base was read from git, not checked out.
    assert (root / "docs/rollback.md").read_text(encoding="utf-8") == PADDED
    assert git(root, "status", "--porcelain").count("\n") == 4


def test_honest_fixes_of_the_same_pages_do_not_fire(tmp_path: Path) -> None:
    root = repo(tmp_path / "site")
    edit(root, "docs/rollback.md", HONEST)
    edit(root, "docs/troubleshooting.md", f"# Troubleshooting\n\n## Authentication failed\n\n{REPLACED}\n")
    edit(root, "docs/regions.md", REVIEWED.format(
        date="2026-05-20", extra="Two more open in the autumn, in Johannesburg and Jakarta. "))
    edit(root, "docs/deploying.md", PLACEHOLDER.format(
        section="Run `harbor rollback` to make the previous release live again; nothing is uploaded, so visitors "
                "see it within seconds, and the newer release stays stored for thirty days."))
    report = run(root)
    assert {c.path for c in report.checked} == {"docs/rollback.md", "docs/troubleshooting.md", "docs/regions.md",
                                                "docs/deploying.md"}, report.checked
    assert gamed(report) == {} and report.findings == (), report.checked


def test_varied_filler_past_the_word_floor_is_gamed(tmp_path: Path) -> None:
    root = repo(tmp_path / "site")
    edit(root, "docs/rollback.md", FLUFF)
    report = run(root)
    assert gamed(report) == {"docs/rollback.md": "SUB001"}, report.checked
    assert "back, roll, rolling make 34% of their content words" in report.checked[0].said


def test_a_committed_gamed_fix_is_found_against_an_older_base(tmp_path: Path) -> None:
    root = repo(tmp_path / "site")
    edit(root, "docs/rollback.md", PADDED)
    git(root, "commit", "-qam", "Longer rollback page", date="2026-05-10T12:00:00")
    assert run(root).checked == ()  # against HEAD nothing changed
    assert gamed(run(root, "HEAD~1")) == {"docs/rollback.md": "SUB001"}


def test_suppressions_added_without_a_reason_are_reported(tmp_path: Path) -> None:
    root = repo(tmp_path / "site")
    edit(root, "docs/deploying.md", PLACEHOLDER.format(
        section="<!-- sitelint-disable-next-line SUB002 -->\nTODO: write this section.\n\n"
                "<!-- sitelint-disable-next-line SUB003 -- the heading is a link target kept for old URLs -->\n"))
    report = run(root)
    messages = [(f.path, f.line, f.message) for f in report.findings]
    assert messages == [("docs/deploying.md", 8, "Suppression of SUB002 added without a reason: write "
                         "`<!-- sitelint-disable-next-line SUB002 -- why -->`")], messages


def test_fixes_command(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = repo(tmp_path / "site")
    edit(root, "docs/rollback.md", PADDED)
    monkeypatch.chdir(root)
    runner = CliRunner()
    env = {"SITELINT_TODAY": TODAY.isoformat()}
    out = runner.invoke(main, ["fixes", "--no-semantic", "--cache", str(tmp_path / "c.sqlite")], env=env)
    assert out.exit_code == 1, out.output
    assert "docs/rollback.md:" in out.output and "SUB098 Gamed fix of SUB001 thin-page" in out.output
    doc = json.loads(runner.invoke(main, ["fixes", "--no-semantic", "--format", "json", "--cache",
                                          str(tmp_path / "c.sqlite")], env=env).output)
    assert doc["checked"][0]["gamed"] and doc["findings"][0]["rule"] == "SUB098"
    bad = runner.invoke(main, ["fixes", "--base", "no-such-ref", "--cache", str(tmp_path / "c.sqlite")], env=env)
    assert bad.exit_code == 2 and "no-such-ref" in bad.output


@pytest.mark.slow
def test_reworded_copies_are_compared_by_meaning_with_the_model(tmp_path: Path) -> None:
    config = configmod.validate({"semantic": True}, None)
    for text, expected in ((REWORDED, True), (REPLACED, False)):
        root = repo(tmp_path / f"site-{expected}")
        edit(root, "docs/troubleshooting.md", f"# Troubleshooting\n\n## Authentication failed\n\n{text}\n")
        report = fixes.gamed_fixes(root, config=config, today=TODAY, cache=tmp_path / "cache.sqlite")
        (checked,) = report.checked
        assert checked.gamed is expected and "(cosine " in checked.said, checked


def test_a_duplicate_page_reworded_is_gamed_and_one_made_a_link_is_not(tmp_path: Path) -> None:
    pages = {"docs/tokens.md": f"# Tokens\n\n{PASSAGE}\n", "docs/credentials.md": f"# Credentials\n\n{PASSAGE}\n"}
    for text, expected in ((REWORDED, True), (REPLACED, False)):
        root = tmp_path / f"site-{expected}"
        root.mkdir()
        write_site(root, pages, {"mkdocs.yml": "site_name: Harbor\n"},
                   commits=[{"date": "2026-05-01T12:00:00", "paths": [*pages, "mkdocs.yml"]}])
        edit(root, "docs/credentials.md", f"# Credentials\n\n{text}\n")
        report = run(root)
        assert [(c.path, c.rule, c.gamed) for c in report.checked] == [("docs/credentials.md", "DUP001", expected)]


def test_explain_names_the_measure_and_a_bad_one_is_refused(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    shown = runner.invoke(main, ["explain", "thin-page"]).output
    assert "## How a fix is checked" in shown and "added-information (min-novel-share = 0.2" in shown
    root = repo(tmp_path / "site")
    (root / "rules").mkdir()
    (root / "rules" / "MY001.yml").write_text(
        "code: MY001\nname: very-thin\ndimension: substance\ncheck: prose-words\nlevel: error\n"
        "params: {min: 40, nav-link-density: 0.5, redirect-keys: [], card-components: [], notice-words: [],\n"
        "         notice-words-max: 80, skip-types: []}\n"
        "condition: words < min\nmessage: short\nsummary: Short pages.\nwhy: Readers leave.\n"
        "fix-measure: {measure: word-count}\n", encoding="utf-8")
    (root / "sitelint.toml").write_text('rules-dirs = ["rules"]\n', encoding="utf-8")
    monkeypatch.chdir(root)
    bad = runner.invoke(main, ["fixes", "--no-semantic", "--cache", str(tmp_path / "c.sqlite")])
    assert bad.exit_code == 2 and "MY001.yml: fix-measure names 'word-count'; known: added-information" in bad.output
