"""Staleness checks through the real engine on real git repositories, plus the version reading they share."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from conftest import git, write_site
from sitelint import api as engine, config as configmod
from sitelint.checks import CheckContext
from sitelint.checks.staleness import dated_claims
from sitelint.checks.staleness.history_text import version_mentions
from sitelint.checks.staleness.page_age import page_age
from sitelint.checks.staleness.review_dates import parse_date
from sitelint.model import Finding, Site
from sitelint.pipeline.pages import page_from_text
from sitelint.pipeline.prepare import RunContext
from sitelint.sites.product import Version

TODAY = dt.date(2026, 11, 30)
OLD_PAGE = "# Sync\n\nSync runs every hour and keeps a copy of each file.\n"
STARLIGHT_CONFIG = ("import starlight from '@astrojs/starlight';\n"
                    "export default { integrations: [starlight({ title: 'Kit' })] };\n")


def lint(root: Path, select: str = "STL", **settings: Any) -> tuple[list[Finding], tuple[str, ...]]:
    """Findings and notes; the note on the current version (tests/test_product.py) is left out."""
    config = configmod.validate({"semantic": False, **settings}, None)
    result = engine.lint(cwd=root, config=config, today=TODAY, select=[select])
    notes = tuple(n for n in result.notes if "current version" not in n)
    return list(result.findings), notes


def codes(findings: list[Finding]) -> list[tuple[str, str, int, str]]:
    return [(f.rule, f.path, f.line, f.severity) for f in findings]


def test_stale_page_is_a_warning_with_evidence_and_age_alone_only_when_asked(tmp_path: Path) -> None:
    pages = {"docs/plain.md": OLD_PAGE, "docs/one.md": OLD_PAGE + "\nPaid plans arrive later this year.\n",
             "docs/claim.md": OLD_PAGE + "\nPaid plans arrive later this year.\n\nAcme 1.2 supports Vue 2 only.\n"}
    write_site(tmp_path, pages, {"pyproject.toml": '[project]\nname = "acme"\nversion = "3.0.1"\n'},
               commits=[{"date": "2023-01-01T12:00:00", "paths": list(pages)}])
    findings, notes = lint(tmp_path)
    assert notes == ()
    # An old page with nothing else against it is not reported: age alone is not evidence. Nor is an old page with
    # one kind of evidence (a dated claim), which that rule reports: a second finding would say the same thing.
    assert codes(findings) == [("STL001", "docs/claim.md", 1, "warning"), ("STL004", "docs/claim.md", 5, "warning"),
                               ("STL003", "docs/claim.md", 7, "warning"), ("STL004", "docs/one.md", 5, "warning")]
    asked, _ = lint(tmp_path, rule={"STL001": {"alone": True}})
    assert ("STL001", "docs/plain.md", 1, "info") in codes(asked) and ("STL001", "docs/one.md", 1, "info") in codes(
        asked)
    stale = findings[0].message
    assert "1429 days" in stale and "2023-01-01" in stale and "Docs Writer" in stale
    assert stale.endswith("also on this page: outdated version, dated claim")


def test_a_version_note_in_a_parenthesis_or_opening_its_entry_is_history(tmp_path: Path) -> None:
    page = ("# Environment\n\n- `ACME_ROOT_DIR` - the root directory of the server (new in 2.0, previously passed "
            "via the command line)\n- `ACME_DEBUG=1` - the debug flag; _new in 2.0, prior to 2.0 a flag_\n\n"
            "_Version added: 1.0_ named servers are new "
            "in 1.0.\n\nRole based access is new in Acme 2.0.\n")
    write_site(tmp_path, {"docs/env.md": page}, {"pyproject.toml": '[project]\nname = "acme"\nversion = "6.1.0"\n'})
    findings, _ = lint(tmp_path, "STL004")
    assert codes(findings) == [("STL004", "docs/env.md", 8, "warning")]


def test_a_claim_playing_out_a_supposition_is_an_illustration(tmp_path: Path) -> None:
    pages = {"docs/branches.md": "# Branches\n\nFor example, assume that the current Acme release is v2.2.3. "
                                 "Work on `main` appears in v2.2.4, and work on `feature` in the next minor release "
                                 "(v2.3.0).\n",
             "docs/plan.md": "# Plan\n\nSync arrives in the next minor release (v2.3.0).\n"}
    write_site(tmp_path, pages, {"pyproject.toml": '[project]\nname = "acme"\nversion = "2.6.1"\n'})
    findings, _ = lint(tmp_path, "STL004")
    assert codes(findings) == [("STL004", "docs/plan.md", 3, "warning")]


def test_a_moment_opening_a_sentence_that_tells_a_past_event_is_history(tmp_path: Path) -> None:
    pages = {"docs/embeds.md": "# Embeds\n\nAs of October 2020, Meta deprecated their public oEmbed APIs.\n",
             # A change told in the present perfect was done then, and stays done; a state said to hold since that
             # moment is a claim about today.
             "docs/product.md": "# Product\n\nAs of June 2021, the oEmbed Product has been replaced.\n\n"
                                "As of 2019, sync is free.\n"}  # (info: an observation dated on purpose)
    write_site(tmp_path, pages)
    findings, _ = lint(tmp_path, "STL004")
    assert codes(findings) == [("STL004", "docs/product.md", 5, "info")]


def test_a_stale_page_is_corroborated_only_by_evidence_that_is_a_warning_itself(tmp_path: Path) -> None:
    # A bare version (info: it may be another thing's) does not make an old page a stale one; the product's does.
    pages = {"docs/bare.md": OLD_PAGE + "\nThe v1 extension supports Vue 2 only.\n\n"
                             "Paid plans arrive later this year.\n",
             "docs/named.md": OLD_PAGE + "\nAcme 1.2 supports Vue 2 only.\n\nPaid plans arrive later this year.\n"}
    write_site(tmp_path, pages, {"pyproject.toml": '[project]\nname = "acme"\nversion = "3.0.1"\n'},
               commits=[{"date": "2023-01-01T12:00:00", "paths": list(pages)}])
    findings, _ = lint(tmp_path)
    assert codes(findings) == [("STL003", "docs/bare.md", 5, "info"), ("STL004", "docs/bare.md", 7, "warning"),
                               ("STL001", "docs/named.md", 1, "warning"), ("STL003", "docs/named.md", 5, "warning"),
                               ("STL004", "docs/named.md", 7, "warning")]


def test_stale_page_combines_the_other_rules_findings_without_measuring_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = ("---\nreviewed: someday\n---\n" + OLD_PAGE + "\nPaid plans arrive later this year.\n\n"
            "The free tier ends next year.\n"
            "\nAcme 1.2 supports Vue 2 only.\n")
    write_site(tmp_path, {"docs/a.md": page}, {"pyproject.toml": '[project]\nname = "acme"\nversion = "3.0.1"\n'},
               commits=[{"date": "2023-01-01T12:00:00", "paths": ["docs/a.md"]}])
    scans: list[str] = []
    pattern = dated_claims.AS_OF_YEAR

    class Counting:  # the dated-claim check's first pattern, counting the prose blocks it reads
        def finditer(self, text: str) -> Any:
            scans.append(text)
            return pattern.finditer(text)

    monkeypatch.setattr(dated_claims, "AS_OF_YEAR", Counting())
    lint(tmp_path, "STL004")
    alone = len(scans)
    scans.clear()
    findings, notes = lint(tmp_path)
    assert len(scans) == alone > 0  # one pass over the prose: stale-page reads findings, not the page
    assert [(f.rule, f.severity) for f in findings] == [("STL001", "warning"), ("STL004", "warning"),
                                                        ("STL004", "warning"), ("STL003", "warning")]
    assert any("review date 'someday'" in n and "is not a date" in n for n in notes)


def test_only_rules_that_ran_corroborate(tmp_path: Path) -> None:
    write_site(
        tmp_path,
        {"docs/a.md": OLD_PAGE + "\nPaid plans arrive later this year.\n"},
        commits=[{"date": "2023-01-01T12:00:00", "paths": ["docs/a.md"]}],
    )
    alone = {"rule": {"STL001": {"alone": True}}}
    findings, _ = lint(tmp_path, "STL001", **alone)
    assert codes(findings) == [("STL001", "docs/a.md", 1, "info")]
    findings, _ = lint(tmp_path, "STL", ignore=["STL004"], **alone)
    assert codes(findings) == [("STL001", "docs/a.md", 1, "info")]
    findings, _ = lint(tmp_path, "STL", ignore=["STL004"])
    assert codes(findings) == []


def test_renamed_page_keeps_its_age(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/old.md": OLD_PAGE}, commits=[{"date": "2023-01-01T12:00:00", "paths": ["docs/old.md"]}])
    git(tmp_path, "mv", "docs/old.md", "docs/new.md")
    git(tmp_path, "commit", "-q", "-m", "move", date="2026-11-01T12:00:00")
    findings, _ = lint(tmp_path, "STL001", rule={"STL001": {"alone": True}})
    assert codes(findings) == [("STL001", "docs/new.md", 1, "info")]


def test_shallow_clone_skips_git_rules_with_one_note_and_runs_the_rest(tmp_path: Path) -> None:
    origin = tmp_path / "origin"
    origin.mkdir()
    pages = {"docs/a.md": OLD_PAGE + "\nAs of 2019, sync is free. See `src/app.py`.\n\nAcme 1.2 supports Vue 2 only.\n"}
    write_site(
        origin,
        pages,
        {"src/app.py": "x = 2\n", "pyproject.toml": '[project]\nname = "acme"\nversion = "3.0.1"\n'},
        commits=[
            {
                "date": "2020-01-01T12:00:00",
                "paths": ["docs/a.md", "src/app.py", "pyproject.toml"],
                "contents": {"src/app.py": "x = 1\n"},
            },
            {"date": "2026-01-01T12:00:00", "paths": ["src/app.py"]},
        ],
    )
    full, notes = lint(origin)
    # (the dated claim is info, an observation dated on purpose: the old page is not stale on one warning alone)
    assert {f.rule for f in full} == {"STL003", "STL004", "STL006"} and notes == ()
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{origin}", str(clone))
    findings, notes = lint(clone)
    assert [f.rule for f in findings] == ["STL004", "STL003"]
    assert len(notes) == 1 and "shallow" in notes[0] and "fetch-depth: 0" in notes[0]


def test_outside_git_the_other_rules_still_run(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/a.md": OLD_PAGE + "\nAs of 2019, sync is free.\n"})
    findings, notes = lint(tmp_path)
    assert [f.rule for f in findings] == ["STL004"]
    assert len(notes) == 1 and "not in a git repository" in notes[0]


def test_migration_guide_and_changelog_do_not_fire_but_a_stale_current_claim_does(tmp_path: Path) -> None:
    pages = {
        "docs/migration/from-v1.md": "# Migrating from 1.x\n\nVersion 1.4 read YAML; version 3 reads TOML.\n",
        "docs/CHANGELOG.md": "# Changelog\n\n## 2.0.0\n\nThe current version is 2.0. Version 1.2 is unsupported.\n",
        "docs/install.md": "# Install\n\nThe current version is 2.4; install it with pip.\n",
    }
    write_site(tmp_path, pages, {"pyproject.toml": '[project]\nname = "acme"\nversion = "3.0.1"\n'})
    findings, _ = lint(tmp_path, "STL003")
    assert codes(findings) == [("STL003", "docs/install.md", 3, "warning")]
    assert "'current version is 2.4'" in findings[0].message and "3.0.1" in findings[0].message


def test_a_version_said_to_be_where_a_feature_was_added_is_history(tmp_path: Path) -> None:
    pages = {
        "docs/annotated.md": "# Annotated\n\nAcme added support for `Annotated` (and started recommending it) in "
                             "version 2.1.0.\n",
        # A change a release made: what was replaced by what, and when.
        "docs/refine.md": "# Refine\n\n> `acme.Suggest` and `acme.Assert` are replaced by `acme.Refine` and "
                          "`acme.BestOfN` in Acme 2.6.\n",
        "docs/install.md": "# Install\n\nThis page describes Acme version 2.1.\n",
        # The releases that fixed a bug, the second an alternative joined to the first.
        "docs/exports.md": "# Exports\n\nThese should be fixed in Acme 2.8.3 (for Harbor 0.79) or Acme 2.7.5 (if "
                           "opting in on older Harbor versions).\n",
    }
    write_site(tmp_path, pages, {"pyproject.toml": '[project]\nname = "acme"\nversion = "3.0.1"\n'})
    findings, _ = lint(tmp_path, "STL003")
    assert codes(findings) == [("STL003", "docs/install.md", 3, "warning")]


def test_a_version_in_a_badge_is_when_the_entry_arrived_and_each_mention_has_its_own_line(tmp_path: Path) -> None:
    table = ("# Options\n\n| option | type |\n| --- | --- |\n"
             "| `deep` :badge[v2.1]{color=\"info\"} | `boolean` |\n"
             "| `dedupe` <Badge type=\"tip\" text=\"v2.3\" /> | `string` |\n"
             "| `watch` | Use version 2.1 here. |\n"
             "| `pick` | Use version 2.1 for this. |\n")
    write_site(tmp_path, {"docs/options.md": table},
               {"pyproject.toml": '[project]\nname = "acme"\nversion = "3.0.1"\n'})
    findings, _ = lint(tmp_path, "STL003")
    assert [(f.line, f.message.split("'")[1]) for f in findings] == [(7, "version 2.1"), (8, "version 2.1")]


def test_a_name_opening_a_sentence_before_a_version_is_another_products_and_a_comparison_is_not_a_claim(
        tmp_path: Path) -> None:
    page = ("# App config\n\nThe config file is shared with Nitro, so some imports are not available.\n\n"
            "Nitro v3 will resolve these limitations.\n\n"
            "Ask your assistant: what is the difference between v3 and v4?\n\n"
            "Install v3 for the old loader.\n")
    write_site(tmp_path, {"docs/config.md": page},
               {"pyproject.toml": '[project]\nname = "acme"\nversion = "4.0.1"\n'})
    findings, _ = lint(tmp_path, "STL003")
    # "Nitro" is a name the page writes inside a sentence; "Install" opens one and names nothing.
    assert [(f.line, f.message.split("'")[1]) for f in findings] == [(9, "v3")]


def test_a_version_dated_in_a_parenthesis_or_said_in_the_past_after_its_chain_is_history(tmp_path: Path) -> None:
    page = ("# Requirements\n\nDo not quote them. There is one exception: acme v7.0 and v7.0.1 (from May 2015) "
            "required quotes around markers.\n\nacme 7.2 (2016) is the oldest one we test.\n\n"
            "Use acme 7.3 for the old loader.\n")
    write_site(tmp_path, {"docs/req.md": page}, {"pyproject.toml": '[project]\nname = "acme"\nversion = "26.1"\n'})
    findings, _ = lint(tmp_path, "STL003")
    assert [(f.line, f.message.split("'")[1]) for f in findings] == [(7, "acme 7.3")]


def test_a_comparison_with_an_old_release_and_a_page_of_legacy_features_are_history(tmp_path: Path) -> None:
    pages = {
        "docs/runtime/mount.md": "# Mount\n\nNote that unlike calling `new App()` in Acme 4, effects do not run "
                                 "during mount.\n\nIt starts faster than Acme 4 did.\n\nInstall Acme 4 for the old "
                                 "loader.\n",
        "docs/99-legacy/props.md": "# Props\n\nIn Acme 4 using `$$props` costs a little, so use it only when "
                                   "needed.\n",
    }
    write_site(tmp_path, pages, {"pyproject.toml": '[project]\nname = "acme"\nversion = "5.2.0"\n'})
    findings, _ = lint(tmp_path, "STL003")
    assert [(f.path, f.line) for f in findings] == [("docs/runtime/mount.md", 7)]


def test_versioned_copies_are_never_judged(tmp_path: Path) -> None:
    stale = "# Install\n\nThe current version is 1.2. As of 2019 it is new. Edit `src/gone.py`.\n"
    pages = {"docs/install.md": "# Install\n\nInstall it with pip.\n", "versioned_docs/version-1.2/install.md": stale}
    files = {"docusaurus.config.js": "module.exports = {};\n", "src/app.py": "x = 1\n"}
    write_site(tmp_path, pages, files, commits=[{"date": "2020-01-01T12:00:00", "paths": [*pages, *files]}])
    findings, _ = lint(tmp_path, **{"current-version": "3.0.0", "rule": {"STL001": {"alone": True}}})
    assert [f for f in findings if "versioned_docs" in f.path] == []
    assert any(f.path == "docs/install.md" and f.rule == "STL001" for f in findings)


def test_code_drift_follows_a_merged_branch(tmp_path: Path) -> None:
    write_site(
        tmp_path,
        {"docs/a.md": "# A\n\nRead `lib/core.py`.\n"},
        {"lib/core.py": "x = 1\n"},
        commits=[{"date": "2024-01-01T12:00:00", "paths": ["docs/a.md", "lib/core.py"]}],
    )
    git(tmp_path, "checkout", "-q", "-b", "feature")
    (tmp_path / "lib/core.py").write_text("x = 2\n", encoding="utf-8")
    git(tmp_path, "commit", "-q", "-am", "change core", date="2024-02-01T12:00:00")
    git(tmp_path, "checkout", "-q", "main")
    git(tmp_path, "merge", "-q", "--no-ff", "feature", "-m", "merge", date="2025-06-01T12:00:00")
    findings, _ = lint(tmp_path, "STL006")
    assert codes(findings) == [("STL006", "docs/a.md", 3, "info")]  # the dates alone: the page shows no name of it
    assert "2025-06-01" in findings[0].message and "517 days" in findings[0].message


def test_check_without_git_history_measures_nothing(tmp_path: Path) -> None:
    page = page_from_text("docs/a.md", tmp_path / "docs/a.md", OLD_PAGE)
    site = Site(root=tmp_path / "docs", repo_root=tmp_path, framework="", pages=(page,))
    run = RunContext(site=site, settings={}, today=TODAY, scope=None, git=None)
    assert list(page_age(page, CheckContext({}, run))) == []


@pytest.mark.parametrize(
    ("text", "current", "older"),
    [
        ("1.2", "3.0.0", True),
        ("v2.x", "3.1", True),
        ("3.0", "3.2.1", False),
        ("4", "3.2", False),
        ("0.60", "0.74.1", True),
        ("0.74", "0.74.1", False),
        ("0.x", "0.74", False),
        ("2019", "3.0", False),
        # While the repository is at the first prerelease of a new line, readers still use the line before it.
        ("v4.3", "5.0.0-0", False),
        ("v1.6", "2.0.0-alpha.19", False),
        ("v3.8", "5.0.0-0", True),
        ("0.73", "0.74.0-rc.1", False),
        ("v4.3", "5.1.0-beta.1", True),
        # Python's prereleases (PEP 440) are written without the dash.
        ("JupyterHub 5", "6.0.0b2", False),
        ("5.5", "6.0.0rc1", False),
        ("5.5", "6.0.0.dev0", False),
        ("4", "6.0.0b2", True),
    ],
)
def test_release_lines(text: str, current: str, older: bool) -> None:
    version, now = Version.parse(text), Version.parse(current)
    assert version is not None and now is not None and version.older_line(now) is older


def test_released_by() -> None:
    now = Version.parse("2.1.0")
    assert now is not None
    assert Version.parse("2.0").released_by(now) and not Version.parse("2.2").released_by(now)  # type: ignore[union-attr]
    # A prerelease has not shipped its own version.
    pre = Version.parse("5.0.0-0")
    assert pre is not None and pre.prerelease
    assert Version.parse("4.6").released_by(pre) and not Version.parse("5.0").released_by(pre)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Install version 1.2 first.", ["1.2"]),
        ("The v2.x API changed.", ["2.x"]),
        ("In version 1.2 the loader changed.", ["1.2"]),
        ("Acme 1.4 and the latest version: 2.0", ["1.4", "2.0"]),
        ("Use Python version 3.10 or node v14.", []),
        ("Install version 17 of the Java SE Development Kit.", []),
        # A version of something the page names after it, quoted or with a possessive: not a release of the product.
        ('The following pages are a rough "v1.x" of our governance.', []),
        ("This is version 2 of our contributor guide.", []),
        ("Version 2 of the library drops the old loader.", ["2"]),
        ("React-Acme v7 is a binding.", []),
        # A version joined to one before it belongs to that one's product.
        ("The hook requires Python v3 or v2.7 to run.", []),
        ("Install version 1.2 or version 2.0 first.", ["1.2", "2.0"]),
        # A version is named once, however many ways of naming it match.
        ("Install acme v7.0 first.", ["7.0"]),
    ],
)
def test_version_mentions(text: str, found: list[str]) -> None:
    mentions = version_mentions(text, ["acme"], frozenset({"node", "python"}))
    assert sorted(m.version.text.lstrip("v") for m in mentions) == sorted(found)


@pytest.mark.parametrize(
    ("raw", "date"),
    [
        ("2023-01-31", dt.date(2023, 1, 31)),
        ("2023-01-31T10:00:00Z", dt.date(2023, 1, 31)),
        ("01/31/2023", dt.date(2023, 1, 31)),
        ("Jan 31, 2023", dt.date(2023, 1, 31)),
        (dt.date(2023, 1, 31), dt.date(2023, 1, 31)),
        ("last spring", None),
    ],
)
def test_parse_date(raw: object, date: dt.date | None) -> None:
    assert parse_date(raw) == date


def test_a_link_to_an_anchor_the_page_does_not_have_is_broken(tmp_path: Path) -> None:
    guide = ("# Deploy\n\n"
             "Pick a region first ([regions](#choosing-a-region)), then [upload](#upload-the-site).\n\n"
             "See [the step](#the-step-1), [the bucket](#bucket) and [the flags](#cli_flags).\n\n"
             "Read [the config](config.md#the-regions-key) and [its limits](config.md#limits).\n\n"
             "The [source](https://example.com/x.py#L12) and [tabs](config.md#tab=yaml) are not pages' anchors.\n\n"
             "## Upload the site\n\nRun it.\n\n## The step\n\nOne.\n\n## The step\n\nTwo.\n\n"
             "## Bucket {#bucket}\n\nThe bucket.\n\n## CLI `--flags` {/*cli-flags*/}\n\nFlags.\n")
    config = ("# Config\n\nEvery key of the file.\n\n## The `regions` key\n\nWhere it runs.\n\n"
              "<Option name=\"limits\">How much it holds.</Option>\n")
    write_site(tmp_path, {"docs/deploy.md": guide, "docs/config.md": config})
    findings, _ = lint(tmp_path, "STL009")
    # The one renamed heading; the others are headings (by any framework's slug, a repeated one's `-1`), written
    # ids, and a word a component makes an id of.
    assert [(f.path, f.line, f.severity) for f in findings] == [("docs/deploy.md", 3, "warning")]
    assert "'#choosing-a-region'" in findings[0].message and "this page" in findings[0].message
    # A link to another page's missing anchor names that page.
    (tmp_path / "docs" / "config.md").write_text(config.replace("## The `regions` key", "## Regions"),
                                                 encoding="utf-8")
    findings, _ = lint(tmp_path, "STL009")
    assert [(f.line, "docs/config.md has no heading or id '#the-regions-key'" in f.message) for f in findings] == [
        (3, False), (7, True)]


def test_a_line_that_links_twice_to_one_missing_anchor_is_one_finding(tmp_path: Path) -> None:
    guide = ("# Guide\n\nIn [Composition mode](api.md#mode), or in [Legacy mode](api.md#mode), and "
             "[the options](api.md#options).\n")
    write_site(tmp_path, {"docs/guide.md": guide, "docs/api.md": "# API\n\n## Install\n\nRun it.\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert sorted(f.message.split("'")[1] for f in findings) == ["#mode", "#options"]


def test_a_record_s_broken_anchors_are_one_info_finding_naming_the_others(tmp_path: Path) -> None:
    # A changelog links to the sections of its day: each entry's anchor gone is a note on the record, told once.
    changelog = ("# Changelog\n\n## 2.0.0\n\n- Added the query builder's [joins](api.md#joins), which read related "
                 "rows in one query, and [merges](api.md#merge-context) of contexts.\n"
                 "- Renamed the option that sets how many connections a [pool](api.md#pool-size) keeps open.\n\n"
                 "## 1.0.0\n\n- Added [the pool](api.md#pool-size) of connections, shared by every query of a "
                 "process.\n")
    write_site(tmp_path, {"docs/changelog.md": changelog, "docs/api.md": "# API\n\n## Install\n\nRun it.\n",
                          "docs/guide.md": "# Guide\n\nSee [joins](api.md#joins).\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert [(f.path, f.line, f.severity) for f in findings] == [("docs/changelog.md", 5, "info"),
                                                               ("docs/guide.md", 3, "warning")]
    assert "(and 3 more on this page)" in findings[0].message
    assert [r.line for r in findings[0].related] == [6, 10]


def test_a_translation_s_links_to_its_locale_s_pages_are_judged_by_their_translated_headings(
        tmp_path: Path) -> None:
    config = ("export default {\n  locales: { root: { label: 'English', lang: 'en' },"
              " ja: { label: '日本語', lang: 'ja' } },\n}\n")
    pages = {"docs/guide.md": "# Guide\n\nSee [HTML](syntax#html-message).\n",
             "docs/syntax.md": "# Syntax\n\n## HTML message\n\nText.\n",
             # The English anchor kept in a translated link, to a heading the translation renamed: broken on the
             # Japanese site; the one written in Japanese is the heading's id there.
             "docs/ja/guide.md": "# ガイド\n\n[HTML](syntax#html-message) と [HTML](syntax#html-メッセージ)。\n",
             "docs/ja/syntax.md": "# 構文\n\n## HTML メッセージ\n\nテキスト。\n",
             # A link of a translation to a page of the site's own language: which locale's page the build opens
             # is not known, so it is not judged.
             "docs/ja/other.md": "# 他\n\n[HTML](/syntax#html-メッセージ)。\n"}
    write_site(tmp_path, pages, {"docs/.vitepress/config.mts": config})
    findings, _ = lint(tmp_path, "STL009")
    assert [(f.path, f.line, f.message.split("'")[1]) for f in findings] == [("docs/ja/guide.md", 3, "#html-message")]
    # The anchor is its source's: the message says so.
    assert "(the id of docs/syntax.md's heading; the translation's heading has its own)" in findings[0].message


def test_docusaurus_copies_of_locales_and_versions_the_config_does_not_list_are_not_reported(tmp_path: Path) -> None:
    config = ("export default {\n  i18n: { defaultLocale: 'en', locales: ['en', 'ja'] },\n"
              "  presets: [['classic', { docs: { path: 'docs' } }]],\n};\n")
    source = "# Guide\n\n## Binding methods\n\nBind them.\n\nSee [binding](#binding-methods).\n"
    translated = "# ガイド\n\n## メソッドのバインド\n\nバインド。\n\n[バインド](#binding-methods)。\n"
    pages = {"docs/guide.md": source, "i18n/ja/docusaurus-plugin-content-docs/current/guide.md": translated,
             # A locale the config does not list and a version versions.json no longer lists are never built.
             "i18n/vi/docusaurus-plugin-content-docs/current/guide.md": translated,
             "i18n/ja/docusaurus-plugin-content-docs/version-1.0/guide.md": translated,
             "versioned_docs/version-1.0/guide.md": source.replace("(#binding-methods)", "(#gone)"),
             "versioned_docs/version-2.0/guide.md": source,
             "i18n/ja/docusaurus-plugin-content-docs/version-2.0/guide.md": translated}
    write_site(tmp_path, pages, {"docusaurus.config.js": config, "versions.json": '["2.0"]\n'})
    findings, _ = lint(tmp_path, "STL009", **{"lint-variants": True})
    # A translation of a frozen version is a frozen copy, as the version's own pages are: its anchors not judged.
    assert sorted(f.path for f in findings) == ["i18n/ja/docusaurus-plugin-content-docs/current/guide.md"]
    config = configmod.validate({"semantic": False, "lint-variants": True}, None)
    site = engine.lint(cwd=tmp_path, config=config, today=TODAY, select=["STL009"]).site
    assert sorted(site.unbuilt) == ["i18n/ja/docusaurus-plugin-content-docs/version-1.0/guide.md",
                                    "i18n/vi/docusaurus-plugin-content-docs/current/guide.md",
                                    "versioned_docs/version-1.0/guide.md"]
    # Named on the command line, an unbuilt copy is reported on.
    config = configmod.validate({"semantic": False, "lint-variants": True}, None)
    named = tmp_path / "i18n/vi/docusaurus-plugin-content-docs/current/guide.md"
    result = engine.lint([named], cwd=tmp_path, config=config, today=TODAY, select=["STL009"])
    assert [f.path for f in result.findings] == ["i18n/vi/docusaurus-plugin-content-docs/current/guide.md"]


def test_on_docusaurus_an_anchor_in_another_case_than_its_heading_s_lower_case_id_is_broken(tmp_path: Path) -> None:
    events = ("# Events\n\nListen until it is [emitted](#EventsEmit), or [removed](#EventsOff), or [once](#once), "
              "or [cleared](#EventsClear).\n\n"
              "### EventsEmit\n\nEmits.\n\n### EventsOff {#EventsOff}\n\nStops.\n\n### Once\n\nOnce.\n")
    write_site(tmp_path, {"docs/events.md": events}, {"docusaurus.config.js": "module.exports = {};\n"})
    findings, _ = lint(tmp_path, "STL009")
    said = {f.message.split("'")[1]: f.message for f in findings}
    assert sorted(said) == ["#EventsClear", "#EventsEmit"]
    assert "(ids are lower case: its heading's is '#eventsemit')" in said["#EventsEmit"]
    # With no heading of that name in any case, the message names none.
    assert "lower case" not in said["#EventsClear"]
    # Elsewhere the case is not judged: a site's own slug function may keep it.
    (tmp_path / "docusaurus.config.js").unlink()
    (tmp_path / "mkdocs.yml").write_text("site_name: Harbor\n", encoding="utf-8")
    findings, _ = lint(tmp_path, "STL009")
    assert [f.message.split("'")[1] for f in findings] == ["#EventsClear"]


def test_anchors_written_in_their_headings_case_across_a_site_are_one_habit(tmp_path: Path) -> None:
    # Twelve links on four pages write `#Setting-Up` for `## Setting up`, whose id Docusaurus writes in lower case:
    # one habit, one warning at the first, naming the others and the setting that keeps case; a link to a heading
    # that is gone is its own finding still.
    target = "# Config\n\n## Setting up\n\nSet it.\n\n## Comments\n\nSay it.\n"
    line = "See [setup](config.md#Setting-Up) and [notes](config.md#Comments), step {}.\n\n"

    def linker(n: int) -> str:
        return "# Page\n\n" + "".join(line.format(i) for i in range(n))
    pages = {"docs/config.md": target, "docs/a.md": linker(2), "docs/b.md": linker(2), "docs/c.md": linker(2),
             "docs/d.md": "# D\n\nSee [gone](config.md#removed-section).\n"}
    write_site(tmp_path, pages, {"docusaurus.config.js": "module.exports = {};\n"})
    findings, _ = lint(tmp_path, "STL009")
    by_path = {f.path: f for f in findings}
    assert sorted(by_path) == ["docs/a.md", "docs/d.md"]
    habit = by_path["docs/a.md"]
    assert habit.severity == "warning" and habit.line == 3
    assert "12 links on 3 pages write an anchor in its heading's case" in habit.message
    assert "maintainCase" in habit.message and "drop the anchor" not in habit.message
    assert len(habit.related) == 11
    assert "drop the anchor" in by_path["docs/d.md"].message
    # Fewer than ten such links are no habit of the site's: one finding a page, naming the others on it.
    pages["docs/c.md"] = pages["docs/b.md"] = "# Page\n\nNothing here.\n"
    write_site(tmp_path, pages, {"docusaurus.config.js": "module.exports = {};\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert sorted(f.path for f in findings) == ["docs/a.md", "docs/d.md"]
    page = next(f for f in findings if f.path == "docs/a.md")
    assert "(and 3 more on this page); lower-case their anchors" in page.message and len(page.related) == 3


def test_fumadocs_heading_ids_and_mdx_escaped_ids_are_anchors(tmp_path: Path) -> None:
    actors = ("# Actors\n\nUse [machines](#createmachine), [observables](#fromObservable) or [setup](#existing-setup)"
              " or [gone](#export).\n\n### State machine logic (`createMachine(...)`) [#createmachine]\n\nText.\n\n"
              "### Observable logic [#fromobservable]\n\nText.\n\n"
              "### Option B: Existing project setup \\{#existing-setup\\}\n\nText.\n")
    write_site(tmp_path, {"content/docs/actors.mdx": actors},
               {"source.config.ts": "import { defineDocs } from 'fumadocs-mdx/config';\n"
                                    "export const docs = defineDocs({ dir: 'content/docs' });\n"})
    findings, _ = lint(tmp_path, "STL009")
    # `[#id]` after a heading is its id, `\\{#id\\}` is `{#id}` escaped for MDX; Fumadocs' ids are lower case, as
    # written, so `#fromObservable` is broken.
    assert sorted(f.message.split("'")[1] for f in findings) == ["#export", "#fromObservable"]


def test_a_translation_that_keeps_its_source_s_broken_link_is_the_source_s_one_finding(tmp_path: Path) -> None:
    config = "export default {\n  i18n: { defaultLocale: 'en', locales: ['en', 'ja', 'fr'] },\n};\n"
    source = "# CLI\n\nSee [reloading](guide.md#live-reloading).\n"
    guide = "# Guide\n\n## External dev server\n\nRun it.\n"
    pages = {"docs/cli.md": source, "docs/guide.md": guide}
    for locale in ("ja", "fr"):
        folder = f"i18n/{locale}/docusaurus-plugin-content-docs/current"
        pages[f"{folder}/cli.md"] = "# CLI\n\n[Reload](guide.md#live-reloading).\n"
        pages[f"{folder}/guide.md"] = "# Guide\n\n## Serveur\n\nRun.\n"
    # Its own broken link, to a heading its translation renamed, stays the translation's.
    french = "i18n/fr/docusaurus-plugin-content-docs/current/cli.md"
    pages[french] += "\nVoir [le serveur](guide.md#external-dev-server).\n"
    write_site(tmp_path, pages, {"docusaurus.config.js": config})
    findings, _ = lint(tmp_path, "STL009")
    assert [(f.path, f.line) for f in findings] == [("docs/cli.md", 3), (french, 5)]
    assert "(also in 2 translations)" in findings[0].message


def test_words_of_a_sentence_make_no_anchor(tmp_path: Path) -> None:
    # "live-reloading" in a sentence is no id; `name="limits"` is one a component makes.
    dev = ("# Development\n\nSome frameworks come with their own live-reloading server.\n\n"
           "<Option name=\"limits\">How much it holds.</Option>\n")
    cli = "# CLI\n\nMore on [reloading](dev.md#live-reloading) and [limits](dev.md#limits).\n"
    write_site(tmp_path, {"docs/dev.md": dev, "docs/cli.md": cli})
    findings, _ = lint(tmp_path, "STL009")
    assert [f.message.split("'")[1] for f in findings] == ["#live-reloading"]


def test_a_vitepress_container_is_no_autodoc_and_ids_compare_composed(tmp_path: Path) -> None:
    cli = ("# CLI\n\n::: tip\nRun it from the project's root.\n:::\n\n::: code-group\n```sh [npm]\nnpx harbor\n```\n"
           ":::\n\n## Redocly config\n\nThe file.\n\n## フラグ\n\nFlags.\n\n## Café\n\nCoffee.\n")
    # The link writes the flag heading's id decomposed (`ク` and a combining mark), as VitePress makes it.
    guide = ("# Guide\n\nSee [config](./cli#redoc-config), [flags](./cli#%E3%83%95%E3%83%A9%E3%82%AF%E3%82%99) "
             "and [coffee](./cli#cafe).\n")
    write_site(tmp_path, {"docs/cli.md": cli, "docs/guide.md": guide},
               {"docs/.vitepress/config.mts": "export default {}\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert [f.message.split("'")[1] for f in findings] == ["#redoc-config"]


def test_on_a_sphinx_site_a_myst_link_to_a_target_of_another_page_is_not_broken(tmp_path: Path) -> None:
    # MyST resolves `[text](#name)` to an explicit target anywhere in the project: `(name)=`, `{#name}` or a
    # directive's `:name:`. A name no page defines is still broken.
    # A documented object's name (`#Spawner.start`, `#Authenticator`) is a reference MyST resolves through Sphinx's
    # domains, not a heading of the page.
    pages = {"docs/index.md": "# Harbor\n\nSee [organising](#organising-content), [the note](#deploy-note), "
                              "[the table](#regions-table) and [gone](#gone-away).\n\n"
                              "Override [](#Spawner.start) in a subclass of [](#Authenticator).\n",
             "docs/organising.md": "(organising-content)=\n# Organising content\n\nToctrees.\n\n"
                                   ":::{note}\n:name: deploy-note\n\nDeploy last.\n:::\n",
             "docs/regions.md": "# Regions\n\n{#regions-table}\n| a | b |\n| - | - |\n| 1 | 2 |\n"}
    write_site(tmp_path, pages, {"docs/conf.py": "extensions = ['myst_parser']\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert [f.message.split("'")[1] for f in findings] == ["#gone-away"]
    # Elsewhere a same-page anchor is the page's own: another page's target does not make it good.
    (tmp_path / "docs" / "conf.py").unlink()
    (tmp_path / "mkdocs.yml").write_text("site_name: Harbor\n", encoding="utf-8")
    findings, _ = lint(tmp_path, "STL009")
    assert sorted(f.message.split("'")[1] for f in findings) == ["#Authenticator", "#Spawner.start", "#deploy-note",
                                                                "#gone-away", "#organising-content", "#regions-table"]


def test_on_a_myst_site_a_link_to_a_label_of_another_page_is_not_broken(tmp_path: Path) -> None:
    # MyST's own site builder (myst.yml) resolves `[](#name)` across the project too: a directive's `:label:`, an
    # equation's `$$ (name)`, a page's front matter `label:`. A name no page defines is still broken.
    pages = {"docs/index.md": "# Harbor\n\nSee [the table](#regions-table), [](#energy), [directives](#directive-list)"
                              " and [typst](#render-typst).\n",
             "docs/regions.md": "# Regions\n\n```{list-table}\n:label: regions-table\n* - a\n```\n\n"
                                "$$ (energy)\ne = mc^2\n$$\n",
             "docs/directives.md": "---\nlabel: directive-list\n---\n# Directives\n\nEvery directive.\n"}
    write_site(tmp_path, pages, {"docs/myst.yml": "version: 1\nproject:\n  title: Harbor\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert [f.message.split("'")[1] for f in findings] == ["#render-typst"]


@pytest.mark.parametrize(("config", "prefix"), [
    ({"mkdocs.yml": "site_name: Harbor\nsite_url: https://example.org/harbor/\n"}, "https://example.org/harbor"),
    ({"docusaurus.config.js": "module.exports = {\n  url: 'https://Example.org',\n  baseUrl: '/harbor/',\n};\n"},
     "http://example.org/harbor"),
])
def test_a_link_written_as_the_site_s_own_address_goes_to_its_page(
        tmp_path: Path, config: dict[str, str], prefix: str) -> None:
    # The address the config publishes the site at makes such a link one to the site's page, whose anchors are
    # judged; the same path on another host, or beside the site's path, is another site's.
    guide = (f"# Guide\n\nSee [proxies]({prefix}/setup/#proxy), [ports]({prefix}/setup/#ports), "
             f"[elsewhere](https://example.com/harbor/setup/#gone) and [beside]({prefix}-old/setup/#gone).\n")
    write_site(tmp_path, {"docs/guide.md": guide, "docs/setup.md": "# Setup\n\n## Ports\n\nOpen 8080.\n"},
               config)
    findings, _ = lint(tmp_path, "STL009")
    assert [(f.path, f.message.split("'")[1]) for f in findings] == [("docs/guide.md", "#proxy")]
    assert "docs/setup.md has no heading or id" in findings[0].message


def test_anchors_of_a_page_its_build_fills_in_are_not_judged(tmp_path: Path) -> None:
    pages = {"docs/guide.md": "# Guide\n\nSee [the options](options.md#retries), [a tab](shared.md#x) and "
                              "[common options](axes.md#common-options-to-all-axes).\n",
             "docs/options.md": "# Options\n\n--8<-- \"snippets/options.md\"\n",
             # markdown-it-include's line, as VuePress sites write it.
             "docs/axes.md": "# Axes\n\n" + "Every axis of a chart maps its data to pixels and draws its ticks. " * 12
                             + "\n\n!!!include(axes/_common.md)!!!\n",
             "docs/shared.mdx": "import Shared from './_shared.md';\n\n# Shared\n\n<Shared />\n",
             "docs/_shared.md": "## X\n\nThe shared part.\n",
             # Hugo's include shortcode, and a definition list's term, which Hugo gives an id.
             "docs/hooks.md": "# Hooks\n\nSee [details](#pageinner-details) and [step two](#step-2).\n\n"
                              "{{% include \"/_common/pageinner.md\" %}}\n",
             "docs/math.md": "# Math\n\nDo [step two](#step-2) last.\n\nStep 2\n: Render the formula.\n",
             # mdBook's include line, which pulls in a generated table and its headings.
             "docs/langs.md": "# Languages\n\nSee [Rust](#rust).\n\n{{#include ./generated/langs.md}}\n",
             # ... and Fumadocs' include element.
             "docs/conventions.mdx": "# Conventions\n\nSee [routes](#routes). " + "Each file under the content "
                                     "folder becomes a page, and its folder becomes a group. " * 10
                                     + "\n\n<include>./headless.mdx</include>\n",
             # ... mdBook's too, its colon indented.
             "docs/terms.md": "# Terms\n\nA [smart pointer](#smart-pointer).\n\nsmart pointer\n  : Manages memory.\n",
             # A fence whose code the build runs, printing the headings it renders (markdown-exec).
             "docs/cli.md": "# CLI\n\nEvery command, with [check](#harbor-check) first. " + " ".join(
                 f"Command number {i} reads the site, prints what it found and exits." for i in range(30)) + "\n\n"
                            "```python exec=\"true\"\nprint(render(parser))\n```\n"}
    write_site(tmp_path, pages)
    assert lint(tmp_path, "STL009")[0] == []


def test_a_partial_s_links_to_its_own_sections_are_judged_in_the_page_it_is_shown_in(tmp_path: Path) -> None:
    # VitePress: a shared connector partial links to a heading of its own that a suffix renamed, and to a heading of
    # the page that includes it.
    partial = ("## Parameters\n\nSee [`authorize`](#authorize) and the [package manager](#package-manager).\n\n"
               "### authorize (optional)\n\nAsks the wallet first.\n")
    page = "# Wallet\n\n## Package Manager\n\nInstall it.\n\n<!--@include: @shared/wallet.md-->\n"
    write_site(tmp_path, {"docs/shared/wallet.md": partial, "docs/react/wallet.md": page,
                          "docs/vue/wallet.md": page},
               {"docs/.vitepress/config.ts": "export default {}\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert [(f.path, f.message.split("'")[1]) for f in findings] == [("docs/shared/wallet.md", "#authorize")]
    # Hugo: Docsy's `{{< readfile file="/vendor/auth.md" >}}` (the path from the content root) shows a vendor's
    # partial inside the guide, whose "Run your pipeline" its link opens.
    auth = "**Workload identity**\n\nSkip step 2 when you [run your pipeline](#run-your-pipeline).\n"
    guide = ("---\ntitle: Build\n---\n\n## Authentication\n\n{{< readfile file=\"/vendor/auth.md\" >}}\n\n"
             "## Run your pipeline\n\nRun it.\n")
    # A shortcode of the site's own given a Markdown file fills the page with that file's headings.
    events = ("---\ntitle: Events\n---\n\n* [Syscall events](#syscall-events) are system calls.\n\n"
              "{{< markdown_inline\n    contentPath=\"/docs/events/list.md\"\n>}}\n")
    # ... but not Hugo's `ref`, nor a shortcode's link to a file's source: the page it names is a page.
    refs = ("# Refs\n\nSee [the stub](\n{{< ref \"/docs/stub.md\" >}}).\n\n[Gone](#gone).\n\n"
            "{{< example github=\"docs/stub.md\" show_dark=true >}}\n")
    write_site(tmp_path / "hugo", {"content/en/vendor/auth.md": auth, "content/en/docs/build.md": guide,
                                   "content/en/docs/events/index.md": events, "content/en/docs/refs.md": refs,
                                   "content/en/docs/stub.md": "# Stub\n\nA page of little.\n",
                                   "content/en/docs/events/list.md": "## Syscall events\n\n| Name |\n| --- |\n"},
               {"hugo.toml": "title = 'Pipes'\ncontentDir = 'content/en'\n"})
    assert [(f.path, f.message.split("'")[1]) for f in lint(tmp_path / "hugo", "STL009")[0]] == [
        ("content/en/docs/refs.md", "#gone")]
    assert "content/en/docs/stub.md" in [f.path for f in lint(tmp_path / "hugo", "SUB001")[0]]


def test_anchors_a_component_of_the_site_s_own_renders_are_not_judged(tmp_path: Path) -> None:
    # VitePress: a settings page made by a component that writes an <h2> per setting; and a page that shows a
    # command with a component that writes no heading, whose missing anchor is still broken.
    settings = ("# Settings\n\n<script setup>\nimport Settings from '/components/settings.vue';\n</script>\n\n"
                "Every setting, set with `kit settings key=value`.\n\n<Settings :level=\"2\" />\n")
    lint_page = ("---\ntitle: Lint\n---\nimport Command from '@/components/Command.astro';\n\n# Lint\n\n"
                 "<Command name=\"lint\" />\n\n## Safe fixes\n\nApplied for you.\n")
    guide = ("# Guide\n\nTurn on [auto env](settings.md#auto_env) and the [cache](settings.md#cache-ttl); see [unsafe "
             "fixes](lint.md#unsafe-fixes).\n")
    write_site(tmp_path, {"docs/settings.md": settings, "docs/lint.md": lint_page, "docs/guide.md": guide},
               {"docs/components/settings.vue": "<template>\n  <h2 :id=\"s.key\">{{ s.key }}</h2>\n</template>\n",
                "src/components/Command.astro": "---\nconst { name } = Astro.props;\n---\n<pre>kit {name}</pre>\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert [(f.path, f.message.split("'")[1]) for f in findings] == [("docs/guide.md", "#unsafe-fixes")]
    # A component imported by its folder (`@/components/plugins-list`) is that folder's index file.
    plugins = "import List from '@/components/plugins-list'\n\n# Plugins\n\n<List />\n"
    write_site(tmp_path / "b", {"docs/plugins.mdx": plugins,
                                "docs/guide.md": "# Guide\n\nSee [mail](plugins.mdx#email).\n"},
               {"src/components/plugins-list/index.tsx": "export default () => <h2 id={c.name}>{c.name}</h2>\n"})
    assert lint(tmp_path / "b", "STL009")[0] == []
    # Without the component's file, a heading level given to it says the same.
    (tmp_path / "docs/components/settings.vue").unlink()
    assert [f.message.split("'")[1] for f in lint(tmp_path, "STL009")[0]] == ["#unsafe-fixes"]
    (tmp_path / "docs/settings.md").write_text(settings.replace(' :level="2"', ""), encoding="utf-8")
    assert sorted(f.message.split("'")[1] for f in lint(tmp_path, "STL009")[0]) == ["#auto_env", "#cache-ttl",
                                                                                     "#unsafe-fixes"]


def test_a_component_docusaurus_gives_every_page_renders_headings_of_its_own(tmp_path: Path) -> None:
    # src/theme/MDXComponents.js maps `HeaderTimeouts` to a partial whose heading is `### Timeouts`: a page that
    # places it alone on a line, with no import, has that heading; `<Badge />`, a component of no heading, gives none.
    mapping = ("import MDXComponents from '@theme-original/MDXComponents'\n"
               "import HeaderTimeouts from '@site/docs/partials/_header-timeouts.mdx'\n"
               "import Badge from '../components/badge'\n\n"
               "export default { ...MDXComponents, HeaderTimeouts, Badge }\n")
    click = ("# click\n\nWaits until [timing out](#timeouts).\n\n## Rules\n\n<HeaderTimeouts />\n\nText.\n")
    badge = "# type\n\nWaits until [timing out](#timeouts).\n\n## Rules\n\n<Badge />\n\nText.\n"
    write_site(tmp_path, {"docs/click.mdx": click, "docs/type.mdx": badge,
                          "docs/partials/_header-timeouts.mdx": "### Timeouts\n\nRetried until the timeout.\n"},
               {"docusaurus.config.js": "module.exports = {};\n", "src/theme/MDXComponents.js": mapping,
                "src/components/badge.tsx": "export default () => <span>new</span>\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert [f.path for f in findings] == ["docs/type.mdx"]


def test_a_file_an_mkdocs_gen_files_script_writes_into_the_site_is_not_dangling(tmp_path: Path) -> None:
    page = ("# Serializing\n\nSee [the full dump](../../harbor.json) and [the schema](../../schema.json).\n")
    script = ('import mkdocs_gen_files\n\nwith mkdocs_gen_files.open("harbor.json", "w") as fd:\n'
              '    print(data, file=fd)\n')
    write_site(tmp_path, {"docs/guide/users/serializing.md": page, "docs/index.md": "# Harbor\n\nHello.\n"},
               {"mkdocs.yml": "site_name: Harbor\nplugins:\n- gen-files:\n    scripts:\n    - scripts/gen_json.py\n",
                "scripts/gen_json.py": script, "docs/options.json": "{}\n"})
    findings, _ = lint(tmp_path, "STL005")
    # The file the script writes is there once the site is built; the schema nothing writes is dangling.
    assert [f.message.split("'")[1] for f in findings] == ["../../schema.json"]


def test_a_path_the_repository_ignores_is_a_build_s_output_not_dangling(tmp_path: Path) -> None:
    page = ("# Packaging\n\nThe render writes `harbor/static/docs/` (gitignored), which the wheel includes; the "
            "checklist then reads `harbor/static/manifest.json`.\n")
    write_site(tmp_path, {"docs/packaging.md": page},
               {".gitignore": "/harbor/static/docs/\n", "harbor/static/app.json": "{}\n", "harbor/static/x/a.js": "\n"},
               commits=[{"date": "2026-01-01T12:00:00", "paths": ["docs/packaging.md", ".gitignore"]}])
    findings, _ = lint(tmp_path, "STL005")
    assert [f.message.split("'")[1] for f in findings] == ["harbor/static/manifest.json"]


@pytest.mark.parametrize(("pages", "files", "missing"), [
    # A file the reader is told to copy text into.
    ({"docs/deploy.md": "# Deploy\n\nTo set up the deployment workflow, copy the following into a "
                        "`.github/workflows/fly_deploy.yml` file:\n\n```admonish example\nname: Deploy\n```\n\n"
                        "The workflow reads `.github/workflows/release.yml` first.\n"},
     {".github/workflows/ci.yml": "name: CI\n"}, ".github/workflows/release.yml"),
    # A file the documented tool loads from the reader's project.
    ({"docs/configuring.md": "# Configuring\n\nHarbor will load ignore rules from a `.config/harbor-ignore.txt` "
                             "file that should reside next to the config file.\n\nThe test suite keeps its words in "
                             "`.config/dictionary-extra.txt`.\n"},
     {".config/dictionary.txt": "harbor\n"}, ".config/dictionary-extra.txt"),
    # A path a command on the page is given.
    ({"docs/entry.md": "# Entry\n\n```bash\nharbor src/entry1.ts src/entry2.ts\n```\n\nThis command will bundle "
                       "`src/entry1.ts` and `src/entry2.ts` as separate entry points. The defaults live in "
                       "`src/defaults.ts`.\n"},
     {"src/index.ts": "export {}\n"}, "src/defaults.ts"),
    # A path that is the text of a link to a page names that page's subject: a tutorial's pages about the files of
    # the project the reader generated, each linked by its file's name.
    ({"docs/template.md": "# Template\n\n- [`src/utils.rs` - a utility module](./src-utils-rs.md)\n\nSee "
                          "[`src/lib.rs`][lib].\n\nThe build reads `src/gone.rs`.\n\n[lib]: ./src-lib-rs.md\n",
      "docs/src-utils-rs.md": "# Utils\n\nText.\n", "docs/src-lib-rs.md": "# Lib\n\nText.\n"},
     {"src/main.rs": "fn main() {}\n"}, "src/gone.rs"),
], ids=["copy-into", "tool-loads", "command-argument", "link-text"])
def test_a_path_in_the_reader_s_project_is_not_a_dangling_reference(
        tmp_path: Path, pages: dict[str, str], files: dict[str, str], missing: str) -> None:
    write_site(tmp_path, pages, files)
    findings, _ = lint(tmp_path, "STL005")
    assert [f.message.split("'")[1] for f in findings] == [missing]


def test_on_a_hugo_site_a_hugo_project_s_folders_are_the_reader_s(tmp_path: Path) -> None:
    page = ("# Shortcodes\n\nHugo looks for `layouts/_shortcodes/foo.html`, then `layouts/_shortcodes/foo.en.html`.\n\n"
            "The site's own `scripts/check.sh` runs them.\n")
    write_site(tmp_path, {"content/shortcodes.md": page},
               {"hugo.toml": "baseURL = 'https://example.org/'\n", "layouts/_shortcodes/note.html": "x\n",
                "scripts/build.sh": "x\n"})
    findings, _ = lint(tmp_path, "STL005")
    assert [(f.path, f.line) for f in findings] == [("content/shortcodes.md", 5)]


def test_paths_named_as_alternatives_of_one_file_are_the_places_a_program_looks_in_the_reader_s_project(
        tmp_path: Path) -> None:
    config = ("# Configuration\n\nKit reads the first of these it finds:\n\n- `kit.toml`\n- `.kit/config.toml`\n"
              "- `.config/kit.toml` - to group config files in one folder\n\n"
              "| tool | files |\n| --- | --- |\n| hooks | `hooks.yml`, `.config/hooks.yaml`, `.config/hooks.toml` |\n\n"
              "The defaults live in `.config/defaults.toml`, and the schema in `.config/schema.json`.\n")
    write_site(tmp_path, {"docs/configuration.md": config},
               {".config/settings.toml": "x = 1\n", ".config/lint.yaml": "x: 1\n", ".config/a.json": "{}\n"})
    findings, _ = lint(tmp_path, "STL005")
    # The repository's own files named once are judged; the alternatives of one name are the reader's.
    assert sorted(f.message.split("'")[1] for f in findings) == [".config/defaults.toml", ".config/schema.json"]


def test_a_path_into_the_docs_app_s_own_source_is_the_reader_s_project_it_teaches(tmp_path: Path) -> None:
    # A docs site built with Astro that teaches Astro: `src/layouts/` and `src/pages/home.astro` are the reader's
    # project, though the site's own app has a `src/` (without them); a path into the product's package is judged.
    page = ("# Layouts\n\nLayouts live in `src/layouts/`, and the home page is `src/pages/home.astro`. The "
            "loader lives in `packages/kit/src/loader.ts`.\n")
    write_site(tmp_path, {"src/content/docs/layouts.md": page},
               {"astro.config.mjs": STARLIGHT_CONFIG, "package.json": '{"name": "kit-docs", "private": true}\n',
                "src/components/Card.astro": "<slot />\n", "src/pages/index.astro": "<h1>Kit</h1>\n",
                "packages/kit/src/index.ts": "export {};\n"})
    findings, _ = lint(tmp_path, "STL005")
    assert [f.message.split("'")[1] for f in findings] == ["packages/kit/src/loader.ts"]


def test_a_heading_in_a_script_with_combining_marks_keeps_them_in_its_id(tmp_path: Path) -> None:
    # github-slugger drops punctuation only: "Markdown/MDX पेज" is `markdownmdx-पेज`, its vowel sign (a combining
    # mark) kept.
    page = ("# पेज\n\n- [`.md`](#markdownmdx-पेज)\n- [HTML](#html-पेज)\n\n## Markdown/MDX पेज\n\nपाठ।\n\n"
            "## HTML फ़ाइलें\n\nपाठ।\n")
    write_site(tmp_path, {"src/content/docs/pages.md": page},
               {"astro.config.mjs": STARLIGHT_CONFIG})
    findings, _ = lint(tmp_path, "STL009")
    assert [f.message.split("'")[1] for f in findings] == ["#html-पेज"]


def test_a_path_with_a_name_to_fill_in_is_no_reference(tmp_path: Path) -> None:
    page = ("# Dropping a version\n\nRemove `kit/resources/constraints-pyodideXYZ.txt`, then "
            "`kit/resources/notes-X.Y.md`; keep `kit/resources/defaults.toml`.\n")
    write_site(tmp_path, {"docs/maintenance.md": page},
               {"kit/resources/constraints-pyodide2024.txt": "x\n", "kit/resources/notes-1.0.md": "x\n",
                "kit/resources/base.toml": "x\n"})
    findings, _ = lint(tmp_path, "STL005")
    assert [f.message.split("'")[1] for f in findings] == ["kit/resources/defaults.toml"]


def test_an_api_page_a_theme_component_renders_from_a_spec_inside_an_mdx_code_block(tmp_path: Path) -> None:
    # Docusaurus reads an ```mdx-code-block``` fence's body as MDX: the import and the component are the page's. A
    # component that renders a spec (Redoc) gives ids of its own (`#operation/check`), not headings' slugs: a link
    # to a slug there is broken. One whose source writes headings makes the page's anchors.
    api = ("---\nid: rest-api\ntitle: HTTP API\n---\n\n```mdx-code-block\nimport API from '@theme/API'\n\n"
           "<API repo=\"kit\" url=\"https://example.org/spec/api.json\" />\n```\n")
    guide = ("# Guide\n\nCall [check](rest-api.mdx#check-a-tuple), then [expand](expand.mdx#the-tree).\n")
    expand = "# Expand\n\n```mdx-code-block\nimport Tree from '@site/src/Tree'\n```\n\nThe tree of a tuple.\n"
    write_site(tmp_path, {"docs/rest-api.mdx": api, "docs/guide.mdx": guide, "docs/expand.mdx": expand},
               {"docusaurus.config.js": "module.exports = {};\n",
                "src/theme/API.tsx": "export default function API() { return <Redoc spec={spec} /> }\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert sorted(f.message.split("'")[1] for f in findings) == ["#check-a-tuple", "#the-tree"]
    (tmp_path / "src/theme/API.tsx").write_text("export default () => <h2 id={op.id}>{op.summary}</h2>\n",
                                                encoding="utf-8")
    assert [f.message.split("'")[1] for f in lint(tmp_path, "STL009")[0]] == ["#the-tree"]
    page = page_from_text("docs/rest-api.mdx", tmp_path / "docs/rest-api.mdx", api)
    assert not any(b.kind == "code" for b in page.blocks)  # the fence's body is MDX, not code


def test_an_mdbook_chapter_its_summary_does_not_link_is_not_built(tmp_path: Path) -> None:
    # mdBook renders the chapters SUMMARY.md links, nothing else: an empty file no entry links, or only an entry
    # in a comment, is not a page of the book, and no thin page; an empty chapter SUMMARY.md links is one, by
    # reference too (`- [Hooks][2]` over `[2]: ./hooks.md`, as mdBook's reader resolves it).
    summary = ("# Summary\n\n- [Guide](guide.md)\n- [Effects](effects.md)\n  - [Hooks][2]\n"
               "<!-- - [Android](deploy/android.md) -->\n\n[2]: ./hooks.md\n")
    guide = "# Guide\n\n" + "Build the app, then run it and watch it reload as you save each file. " * 8 + "\n"
    write_site(tmp_path, {"book/src/SUMMARY.md": summary, "book/src/guide.md": guide, "book/src/effects.md": "",
                          "book/src/hooks.md": "", "book/src/deploy/android.md": "", "book/src/futures.md": ""},
               {"book/book.toml": "[book]\ntitle = \"Kit\"\n"})
    findings, _ = lint(tmp_path, "SUB001")
    assert [f.path for f in findings] == ["book/src/effects.md", "book/src/hooks.md"]


def test_a_summary_entry_s_escaped_or_bracketed_destination_is_the_chapter_it_names(tmp_path: Path) -> None:
    # GitBook writes `cluster\\_config.md` for `cluster_config.md`; a destination with a space is written in angle
    # brackets. Both chapters are built, and read: their empty files are thin pages. A file no entry names is not.
    summary = ("# Table of contents\n\n* [Guide](guide.md)\n* [Clustering](clustering/cluster\\_config.md)\n"
               "* [CLI](<tools/nats cli.md>)\n")
    guide = "# Guide\n\n" + "Build the app, then run it and watch it reload as you save each file. " * 8 + "\n"
    write_site(tmp_path, {"SUMMARY.md": summary, "README.md": guide, "guide.md": guide,
                          "clustering/cluster_config.md": "", "tools/nats cli.md": "", "old/unlisted.md": ""},
               {".gitbook.yaml": "root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n"})
    assert sorted(f.path for f in lint(tmp_path, "SUB001")[0]) == ["clustering/cluster_config.md", "tools/nats cli.md"]


def test_a_dimer_collection_builds_the_pages_its_db_json_names(tmp_path: Path) -> None:
    # A Dimer content collection (AdonisJS' docs) renders the entries of its `db.json` and nothing else: an empty
    # page of an `old/` folder no entry names is not built; an empty page an entry names is a thin page.
    db = ('[{"permalink": "basics/routing", "title": "Routing", "contentPath": "./basics/routing.md"},\n'
          ' {"permalink": "basics/views", "title": "Views", "contentPath": "./basics/views.md"}]\n')
    routing = "# Routing\n\n" + "Define a route, then bind a controller to it and test it with a request. " * 8 + "\n"
    write_site(tmp_path, {"content/docs/basics/routing.md": routing, "content/docs/basics/views.md": "# Views\n",
                          "content/docs/old/forms.md": "# Forms\n"},
               {"content/docs/db.json": db, "package.json": '{"name": "docs"}\n'})
    assert [f.path for f in lint(tmp_path, "SUB001")[0]] == ["content/docs/basics/views.md"]
    # A db.json of other data (not a list of entries with a contentPath) leaves every page built.
    (tmp_path / "content/docs/db.json").write_text('{"pages": ["basics/routing.md"]}\n', encoding="utf-8")
    assert [f.path for f in lint(tmp_path, "SUB001")[0]] == ["content/docs/basics/views.md",
                                                                 "content/docs/old/forms.md"]


def test_a_mintlify_site_publishes_no_file_its_mintignore_names(tmp_path: Path) -> None:
    # `.mintignore` (gitignore lines) beside docs.json: a bare `README.md` leaves out every README at any depth.
    docs_json = '{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "navigation": {"pages": ["guide"]}}'
    guide = "# Guide\n\n" + "Install the agent, then point it at the gateway and watch the requests arrive. " * 8 + "\n"
    readme = "# Docs\n\nHow these pages are written and previewed before they are published to the site.\n"
    write_site(tmp_path, {"docs/guide.mdx": guide, "docs/README.md": readme, "docs/api/README.md": readme,
                          "docs/notes.mdx": readme},
               {"docs/docs.json": docs_json, "docs/.mintignore": "# never published\nREADME.md\n"})
    assert [f.path for f in lint(tmp_path, "STL008")[0]] == ["docs/notes.mdx"]


def test_a_jekyll_site_builds_no_meta_file_without_front_matter_nor_what_its_config_excludes(tmp_path: Path) -> None:
    # GitHub Pages renders Markdown without front matter, but not README, CONTRIBUTING or LICENSE files (the
    # repository's), unless `include:` names them; a README with no index beside it is its folder's index.
    # (each page's TODO its own: one said word for word on three pages or more is one finding)
    names = ("index.md", "README.md", "CONTRIBUTING.md", "LICENSE.md", "guide/README.md", "about.md", "drafts/idea.md",
             "SECURITY.md")
    thin = {name: f"# Notes\n\nA page kept short. TODO: say more of {name}.\n" for name in names}
    thin["index.md"] = "---\nlayout: default\n---\n\n" + thin["index.md"]
    write_site(tmp_path, thin,
               {"_config.yml": "title: Kit\nexclude: [drafts]\ninclude: [SECURITY.md]\n",
                "_layouts/default.html": "x\n"})
    assert [f.path for f in lint(tmp_path, "SUB002")[0]] == ["SECURITY.md", "about.md", "guide/README.md",
                                                             "index.md"]


def test_a_gitbook_space_is_its_root_its_summary_and_its_ids(tmp_path: Path) -> None:
    # `.gitbook.yaml` puts the pages under `docs/`; GitBook spells `<` and `>` out in ids (`$` as `usd`) and keeps
    # dots and plus signs; a page SUMMARY.md does not list is not published.
    earthfile = ("# Earthfile\n\n##### `--secret <env-var>=<secret-id>`\n\nA secret.\n\n"
                 "See [secrets](#secret-less-than-env-var-greater-than-less-than-secret-id-greater-than) and "
                 "[gone](#secret-less-than-env-var-greater-than-less-than-secret-ref-greater-than).\n")
    practices = ("# Best practices\n\nRead [IF vs RUN](#if-...-vs-run-if-...) and [history](#history_usdtable).\n\n"
                 "## `IF ...` vs `RUN if ...`\n\nPrefer IF.\n\n## `history_$TABLE`\n\nOne table a table.\n")
    write_site(tmp_path, {"docs/earthfile.md": earthfile, "docs/practices.md": practices, "docs/draft.md": "",
                          "docs/README.md": "# Kit\n\nTODO: say what Kit is before this is published.\n",
                          "docs/SUMMARY.md": "# Table of contents\n\n* [Earthfile](earthfile.md)\n"
                                             "* [Best practices](practices.md)\n"},
               {".gitbook.yaml": "root: ./docs/\n\nstructure:\n    readme: README.md\n    summary: SUMMARY.md\n"})
    findings, _ = lint(tmp_path, "STL009")
    assert [f.message.split("'")[1] for f in findings] == [
        "#secret-less-than-env-var-greater-than-less-than-secret-ref-greater-than"]
    assert "docs/draft.md" not in [f.path for f in lint(tmp_path, "SUB001")[0]]
    # The space's README.md is its first page whatever SUMMARY.md lists.
    assert [f.path for f in lint(tmp_path, "SUB002")[0]] == ["docs/README.md"]


def test_a_finding_shared_by_the_current_versions_of_a_page_is_reported_once(tmp_path: Path) -> None:
    # `docs/` (the latest), `2.19/` and `2-edge/` each keep a copy of the guide with the same broken link, the edge
    # copy's lines moved: one finding, on the latest line's copy, the others related; a page's two links with one
    # message stay two; folders not named for versions (`guide/`, `tutorial/`), or all named as lines (`docs/`,
    # `dev/`), are not copies.
    guide = "# Upgrade\n\nSee [Helm](install.md#helm-upgrade).\n\nThen [upgrade](install.md#helm-upgrades).\n"
    install = "# Install\n\n## Helm install\n\nInstall it.\n"
    pages = {f"content/{v}/{p}": (("# Edge\n\n" if v == "2-edge" else "") + text)
             for v in ("docs", "2.19", "2-edge", "guide", "tutorial") for p, text in
             (("upgrade.md", guide), ("install.md", install))}
    write_site(tmp_path, pages)
    findings, _ = lint(tmp_path, "STL009")
    assert [(f.path, f.line) for f in findings] == [
        ("content/docs/upgrade.md", 3), ("content/docs/upgrade.md", 5),
        ("content/guide/upgrade.md", 3), ("content/guide/upgrade.md", 5),
        ("content/tutorial/upgrade.md", 3), ("content/tutorial/upgrade.md", 5)]
    first = findings[0]
    assert first.message.endswith("; the same in 2 other version folders (2.19, 2-edge)")
    assert [(r.path, r.line) for r in first.related] == [("content/2.19/upgrade.md", 3),
                                                          ("content/2-edge/upgrade.md", 5)]
    write_site(tmp_path / "lines", {f"content/{v}/{p}": text for v in ("docs", "dev") for p, text in
                                    (("upgrade.md", guide), ("install.md", install))})
    assert len(lint(tmp_path / "lines", "STL009")[0]) == 4
    # A tool's `develop/` docs beside its released `v0.41.x/`: the line being written, the copy kept.
    write_site(tmp_path / "develop", {f"web/content/imgpkg/docs/{v}/{p}": text for v in ("develop", "v0.41.x")
                                      for p, text in (("upgrade.md", guide), ("install.md", install))})
    findings, _ = lint(tmp_path / "develop", "STL009")
    assert [(f.path, [r.path for r in f.related]) for f in findings][:1] == [
        ("web/content/imgpkg/docs/develop/upgrade.md", ["web/content/imgpkg/docs/v0.41.x/upgrade.md"])]


def test_a_page_the_makefile_writes_is_generated_and_its_anchors_are_the_generator_s(tmp_path: Path) -> None:
    # `crd-ref-docs ... --output-path=$(DOCS_DIR)/book/src/reference/api.md`: the reference's links to types it
    # does not document are the generator's to fix; a page written by hand beside it is still judged.
    api = "# API\n\n## Cluster\n\n| Field | Type |\n| --- | --- |\n| `reason` | [StatusError](#statuserror) |\n"
    guide = "# Guide\n\nSee [the status](#statuses), the [cluster](api.md#cluster) and [its policy](api.md#policy).\n"
    makefile = ("DOCS_DIR := docs\n\napi-docs:\n\tcrd-ref-docs --source-path=./api "
                "--output-path=$(ROOT_DIR)/$(DOCS_DIR)/book/src/reference/api.md\n")
    write_site(tmp_path, {"docs/book/src/reference/api.md": api, "docs/book/src/reference/guide.md": guide},
               {"Makefile": makefile})
    findings, _ = lint(tmp_path, "STL009")
    # ... and a link to it is judged: the generator wrote the headings it has.
    assert [(f.path, f.message.split("'")[1]) for f in findings] == [
        ("docs/book/src/reference/guide.md", "#policy"), ("docs/book/src/reference/guide.md", "#statuses")]
    (tmp_path / "Makefile").write_text("docs:\n\tmdbook build docs/book\n", encoding="utf-8")
    findings, _ = lint(tmp_path, "STL009")
    assert [f.path for f in findings] == ["docs/book/src/reference/api.md", "docs/book/src/reference/guide.md",
                                          "docs/book/src/reference/guide.md"]
    # A makefile the Makefile includes writes the latest version's page; the release folders keep copies of it.
    pages = {f"web/content/en/{v}/api/types.md": api for v in ("latest", "v1.9", "v1.8")}
    write_site(tmp_path / "eg", {**pages, "web/content/en/latest/guide.md": guide},
               {"Makefile": "_run:\n\t@$(MAKE) -f tools/make/common.mk $(MAKECMDGOALS)\n",
                "tools/make/common.mk": "include tools/make/docs.mk\n",
                "tools/make/docs.mk": "docs-api:\n\tcrd-ref-docs --output-path=web/content/en/latest/api/types.md\n"})
    findings, _ = lint(tmp_path / "eg", "STL009")
    assert [f.path for f in findings] == ["web/content/en/latest/guide.md"]


def test_a_page_a_generator_script_of_the_project_writes_is_generated(tmp_path: Path) -> None:
    # pydoc-markdown's settings in `hack/` name the client reference as its output, and a script's output option
    # the CRD reference: their "Todo:" lines are the code's docstrings, fixed there; a page written by hand is still
    # judged, whatever a script's test writes to its path.
    entry = "# {t}\n\n## {t}Client\n\nSets the node groups.\n\nTodo: support more than one {t} node group.\n"
    write_site(tmp_path, {"docs/reference/client-api.md": entry.format(t="Client"),
                          "docs/reference/crd/crd-api.md": entry.format(t="Crd"),
                          "docs/guide.md": entry.format(t="Guide")},
               {"hack/python-sdk/pydoc-markdown.yml": ("renderer:\n  type: markdown\n"
                                                       "  filename: docs/reference/client-api.md\n"),
                "hack/crd/gen.sh": 'crd-ref-docs --output-path="${ROOT}/docs/reference/crd/crd-api.md"\n',
                "hack/crd/gen_test.sh": 'echo "# T" > docs/guide.md\n'})
    findings, _ = lint(tmp_path, "SUB002")
    assert [f.path for f in findings] == ["docs/guide.md"]


def test_the_markdown_files_of_a_hugo_leaf_bundle_are_its_resources_not_pages(tmp_path: Path) -> None:
    # `glossary/index.md` makes the folder one page; its terms are resources its layout shows, no pages of their own.
    # Beside `_index.md` (a section), the files are pages.
    term = "---\ntitle: Detection\nshort_description: Identify a suspicious event.\n---\nIdentify a suspicious event.\n"
    write_site(tmp_path, {"content/en/docs/glossary/index.md": "---\ntitle: Glossary\nlayout: glossary\n---\n",
                          "content/en/docs/glossary/detection.md": term,
                          "content/en/docs/terms/_index.md": "---\ntitle: Terms\n---\n",
                          "content/en/docs/terms/alert.md": term.replace("Detection", "Alert")},
               {"hugo.toml": "title = 'Falco'\ncontentDir = 'content/en'\n"})
    findings, _ = lint(tmp_path, "SUB001")
    assert [f.path for f in findings] == ["content/en/docs/terms/alert.md"]


def test_pages_a_hugo_section_cascades_render_never_to_are_not_built(tmp_path: Path) -> None:
    # `cascade: {build: {render: never}}` in a section's `_index.md`: its pages are entries its list layout shows as
    # cards, no pages of their own (a list of cascades too, those without a target). Another section's are pages.
    entry = "---\ntitle: Backends\ndescription: Connect to GitHub, GitLab and Gitea.\nweight: 5\n---\n"
    write_site(tmp_path, {"content/features/_index.md": "---\ntitle: Features\ndescription: Every feature we have, "
                                                        "in one grid.\ncascade:\n  build:\n    render: never\n"
                                                        "    list: always\n---\n\nEvery feature, in a grid you can "
                                                        "sort by role, with a link to its docs.\n",
                          "content/features/backends.md": entry,
                          "content/features/storage/_index.md": "---\ntitle: Storage\n---\n",
                          "content/features/storage/s3.md": entry.replace("Backends", "S3"),
                          "content/services/_index.md": "---\ntitle: Services\ncascade:\n  - _target: {path: /x}\n"
                                                        "    build: {render: never}\n---\n\nWhat we offer.\n",
                          "content/services/support.md": entry.replace("Backends", "Support")},
               {"hugo.toml": "title = 'Decap'\n"})
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), today=TODAY,
                         select=["SUB001"])
    assert {"content/features/backends.md", "content/features/storage/_index.md",
            "content/features/storage/s3.md"} <= result.site.unbuilt
    assert "content/features/_index.md" not in result.site.unbuilt
    assert [f.path for f in result.findings] == ["content/services/support.md"]


def test_drafts_a_hugo_section_cascades_and_draft_translations_are_not_reported(tmp_path: Path) -> None:
    # `cascade: {draft: true}` in a section's `_index.md` leaves every page below it out of the built site; a
    # translation marked `draft: true` is never built either, so no rule reports on them unless named.
    todo = "---\ntitle: Tutorial\n---\n\nRun the tutorial's first step.\n\n## Next steps\n\nTODO\n"
    write_site(tmp_path, {"content/en/docs/draft/_index.md": "---\ntitle: Drafts\ndraft: true\ncascade:\n"
                                                             "  draft: true\n  no_index: true\n---\n\nPages tested.\n",
                          "content/en/docs/draft/tutorial.md": todo,
                          "content/en/docs/guide.md": todo,
                          "content/en/blog/release.md": "# Release\n\nNotes.\n\n## Fixed\n\nA crash.\n",
                          "content/cn/blog/release.md": "---\ndraft: true\n---\n# 发布\n\n说明。\n"},
               {"hugo.toml": "baseURL = 'https://x.org/'\ndefaultContentLanguage = 'en'\n[languages.cn]\n"
                             "contentDir = 'content/cn'\n[languages.en]\ncontentDir = 'content/en'\n"})
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), today=TODAY,
                         select=["SUB002", "STL007"])
    assert "content/en/docs/draft/tutorial.md" in result.site.unbuilt
    assert {f.path for f in result.findings} == {"content/en/docs/guide.md"}


def test_a_source_s_history_in_a_clone_missing_objects_is_read_by_its_path(tmp_path: Path) -> None:
    # A clone missing objects git needs to follow a rename (a partial clone whose remote is gone): the source's
    # history is still read, by its path, and a source changed only in its markup since its translation has not moved.
    guide = "# Guide\n\nInstall the package, then run the server on port 8080 and open the dashboard.\n"
    translation = "# Guide\n\nInstallez le paquet, puis lancez le serveur sur le port 8080.\n"
    git(tmp_path, "init", "-q", "-b", "main")
    write_site(tmp_path, {"docs/notes.md": "# Notes\n\nOld notes, dropped when the guide came.\n"},
               {"docusaurus.config.js": "module.exports = { i18n: {defaultLocale: 'en', locales: ['en', 'fr']} };\n"})
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "notes", date="2025-01-01T12:00:00")
    lost = git(tmp_path, "rev-parse", "HEAD:docs/notes.md").strip()
    (tmp_path / "docs/notes.md").unlink()
    write_site(tmp_path, {"docs/guide.md": guide,
                          "i18n/fr/docusaurus-plugin-content-docs/current/guide.md": translation}, {})
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "guide", date="2025-02-01T12:00:00")
    (tmp_path / "docs/guide.md").write_text(guide.replace("the dashboard", "the **dashboard**"), encoding="utf-8")
    git(tmp_path, "commit", "-qam", "bold", date="2025-09-01T12:00:00")
    (tmp_path / ".git/objects" / lost[:2] / lost[2:]).unlink()  # git log --follow needs it, and fails
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None),
                         today=dt.date(2025, 12, 1), select=["STL007"])
    assert any("partial or incomplete clone" in note for note in result.notes)
    assert [f.message for f in result.findings] == []


# Translations named for their language beside their sources, which no framework config sitelint reads declares;
# five such pairs make the naming the site's: Fumadocs' `parser: 'dot'` (`deploy.zh-cn.mdx` beside `deploy.en.mdx`),
# and a component library's site of its own, each file named for its locale with its region (`index.zh-CN.md` beside
# `index.en-US.md`). The first form's pages are the site's own, the second's their translations.
NAMED_FOR_THEIR_LANGUAGE = {
    "fumadocs_dot_parser": ("content/docs/{}.en.mdx", "content/docs/{}.zh-cn.mdx", "i18n:zh-cn",
                            ("deploy", "scale", "secrets", "volumes", "domains")),
    "locale_with_its_region": ("components/{}/index.en-US.md", "components/{}/index.zh-CN.md", "i18n:zh-CN",
                               ("button", "anchor", "collapse", "drawer", "select")),
}


@pytest.mark.parametrize("form", sorted(NAMED_FOR_THEIR_LANGUAGE))
def test_translations_named_for_their_language_beside_their_sources_are_found_without_a_config(
        tmp_path: Path, form: str) -> None:
    own, translated, variant, names = NAMED_FOR_THEIR_LANGUAGE[form]
    pages = {own.format(n): f"# {n.title()}\n\nHow to {n} an app with Harbor, step by step.\n" for n in names}
    pages |= {translated.format(n): f"# {n}\n\n如何用 Harbor 完成 {n}，逐步说明。\n" for n in names}
    first, first_translated = own.format(names[0]), translated.format(names[0])
    old_first = pages[first]
    pages[first] = old_first + "\n## Verify\n\nOpen the app's address and sign in.\n"
    write_site(tmp_path, pages, {}, commits=[
        {"date": "2025-01-10T12:00:00", "paths": list(pages), "contents": {first: old_first}},
        {"date": "2026-04-01T12:00:00", "paths": [first]}])
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), today=TODAY,
                         select=["STL007"])
    variants = {p.path: p.variant for p in result.site.pages}
    assert variants[first_translated] == variant, variants
    assert variants[first] == ""
    assert [(f.rule, f.path) for f in result.findings] == [("STL007", first_translated)], [
        f.message for f in result.findings]


def test_a_translation_named_on_the_command_line_gets_the_finding_of_the_translations_behind_one_change(
        tmp_path: Path) -> None:
    # The German, French and Japanese pages are behind one change of their source: one finding, on the first. Named
    # alone (a pre-commit run over the French page), the French page is still reported, by that finding.
    git(tmp_path, "init", "-q", "-b", "main")
    translations = {f"i18n/{lang}/docusaurus-plugin-content-docs/current/guide.md": f"# Guide\n\nNode 18 ({lang}).\n"
                    for lang in ("de", "fr", "ja")}
    write_site(tmp_path, {"docs/guide.md": "# Guide\n\nNode 18 or later.\n", **translations},
               {"docusaurus.config.js": "module.exports = { i18n: {defaultLocale: 'en', locales: ['en', 'de', 'fr', "
                                        "'ja']} };\n"})
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "guide", date="2025-01-10T12:00:00")
    (tmp_path / "docs/guide.md").write_text("# Guide\n\nNode 22 or later.\n", encoding="utf-8")
    git(tmp_path, "commit", "-qam", "node 22", date="2026-06-01T12:00:00")
    config = configmod.validate({"semantic": False}, None)
    whole = engine.lint(cwd=tmp_path, config=config, today=dt.date(2026, 12, 1), select=["STL007"])
    assert [(f.path, len(f.related)) for f in whole.findings] == [
        ("i18n/de/docusaurus-plugin-content-docs/current/guide.md", 3)]
    assert "(and 2 other translations of it, behind the same change)" in whole.findings[0].message
    french = "i18n/fr/docusaurus-plugin-content-docs/current/guide.md"
    named = engine.lint([french], cwd=tmp_path, config=config, today=dt.date(2026, 12, 1), select=["STL007"])
    assert [f.path for f in named.findings] == ["i18n/de/docusaurus-plugin-content-docs/current/guide.md"]
    assert french in {r.path for r in named.findings[0].related}
