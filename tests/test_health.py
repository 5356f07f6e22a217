"""Rule states and redundancy on constructed sites: each state from real pages (and real git where a rule needs it)."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

from click.testing import CliRunner

from conftest import write_site
from sitelint import api as engine, config as configmod
from sitelint.cli import main

TODAY = dt.date(2026, 6, 1)
VOCABULARY = ("deploy", "release", "cache", "token", "folder", "server", "build", "page", "option", "request",
              "header", "route", "plugin", "theme", "config", "schema", "client", "bucket", "region", "worker",
              "queue", "branch", "commit", "review", "author", "index", "search", "image", "asset", "module")


def prose(words: int, seed: int) -> str:
    """Sentences of `words` words, different on every page: not a copy, not padding."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < words:
        out += [f"{rng.choice(VOCABULARY)}{rng.randrange(1000)}" for _ in range(min(9, words - len(out)))]
        out[-1] += "."
    return " ".join(out)


def make(root: Path, lengths: list[int], extra: dict[str, str] | None = None) -> Path:
    pages = {f"docs/page{i:02d}.md": f"# Page {i}\n\n{prose(n, i)}\n" for i, n in enumerate(lengths)}
    return write_site(root, {**pages, **(extra or {})}, {"mkdocs.yml": "site_name: Harbor\n"})


def states(root: Path, *select: str, semantic: bool = False) -> dict[str, dict]:  # type: ignore[type-arg]
    config = configmod.validate({"semantic": semantic}, None)
    result = engine.lint(cwd=root, config=config, today=TODAY, select=list(select), cache=root / "cache.sqlite")
    return {s["rule"]: s for s in result.summary["rules"]}


def test_a_rule_firing_on_most_pages_is_saturated_with_the_threshold_that_flags_the_worst_tenth(
        tmp_path: Path) -> None:
    lengths = [12, 14, 20, 23, 27, 30, 33, 37, 40, 43, 100, 133]  # ten of twelve under the 70-word floor
    s = states(make(tmp_path, lengths), "SUB001")["SUB001"]
    assert s["state"] == "saturated" and (s["pages"], s["judged"]) == (10, 12), s
    # The worst tenth of twelve is the shortest two pages by nearest rank: ceil(1.2) = 2, the 14-word page.
    assert s["suggested"] == 14 and "min 14 would flag the worst tenth (min now 70)" in s["why"]


def test_a_rule_firing_on_nothing_is_spent_far_inside_or_crowding(tmp_path: Path) -> None:
    far = states(make(tmp_path / "far", [400 + 10 * i for i in range(12)]), "SUB001")["SUB001"]
    assert far["state"] == "spent" and "far inside" in far["why"] and far["nearest"] == 410, far
    crowded = states(make(tmp_path / "crowded", [71 + i for i in range(12)]), "SUB001")["SUB001"]
    assert crowded["state"] == "spent" and "crowding the threshold" in crowded["why"], crowded
    assert crowded["nearest"] == 72


def test_some_pages_fire_and_others_do_not_is_informative(tmp_path: Path) -> None:
    s = states(make(tmp_path, [15, 30] + [300] * 10), "SUB001")["SUB001"]
    assert s["state"] == "informative" and (s["pages"], s["judged"]) == (2, 12), s


def test_exempt_pages_are_not_judged(tmp_path: Path) -> None:
    # Two short pages that are redirects: thin-page leaves them alone, so they are not among the pages it judges.
    redirects = {f"docs/old{i}.md": f"---\nredirect: page0{i}.md\n---\n# Moved\n\nSee the new page.\n"
                 for i in range(2)}
    s = states(make(tmp_path, [300] * 12, redirects), "SUB001")["SUB001"]
    assert s["judged"] == 12 and s["state"] == "spent", s


def test_rules_that_could_not_run_say_why_instead_of_fired_on_nothing(tmp_path: Path) -> None:
    # No package file, no version tag, no git repository, semantic pass off.
    root = make(tmp_path, [300 + i for i in range(12)])
    found = states(root, "STL001", "STL003", "DUP004", "STL007")
    assert found["STL001"]["state"] == "not-run" and "not in a git repository" in found["STL001"]["why"]
    assert found["STL003"]["state"] == "not-run" and "no current version found" in found["STL003"]["why"]
    assert found["DUP004"]["state"] == "not-run" and "turned off" in found["DUP004"]["why"]
    assert found["STL007"]["state"] == "not-run" and "git" in found["STL007"]["why"]


def test_git_rules_run_in_a_repository(tmp_path: Path) -> None:
    lengths = [300 + i for i in range(12)]
    pages = {f"docs/page{i:02d}.md": f"# Page {i}\n\n{prose(n, i)}\n" for i, n in enumerate(lengths)}
    root = write_site(tmp_path, pages, {"mkdocs.yml": "site_name: Harbor\n"},
                      commits=[{"date": "2026-05-01T12:00:00", "paths": [*pages, "mkdocs.yml"]}])
    found = states(root, "STL001", "STL007")
    s = found["STL001"]
    assert s["state"] == "spent" and "far inside" in s["why"], s  # 31 days old against a 365-day limit
    assert found["STL007"]["state"] == "not-run" and found["STL007"]["why"].startswith("no translation in this run")


def test_a_rule_that_also_reports_on_translations_does_not_blame_their_absence_alone(tmp_path: Path) -> None:
    # broken-anchor reports on translations too, but judges the links of every page: with neither, it says both
    found = states(make(tmp_path, [300 + i for i in range(12)]), "STL009")
    assert found["STL009"]["state"] == "not-run", found["STL009"]
    assert found["STL009"]["why"] == "no translation in this run, and no page with anything else it checks"


def test_a_run_on_a_few_pages_says_so(tmp_path: Path) -> None:
    s = states(make(tmp_path, [30, 300, 300]), "SUB001")["SUB001"]
    assert s["state"] == "few-pages" and s["judged"] == 3


def test_rules_firing_on_the_same_pages_have_their_lift(tmp_path: Path) -> None:
    lengths = [300] * 12
    root = make(tmp_path, lengths)
    # (each its own empty heading: one heading every page of a folder leaves empty is one finding, of the template)
    for i in range(3):  # three pages both thin and with an empty section; two other pages only the empty section
        (root / f"docs/page{i:02d}.md").write_text(f"# Page {i}\n\n## Setup {i}\n\n## Usage\n\nUse it.\n",
                                                     encoding="utf-8")
    for i in (3, 4):
        (root / f"docs/page{i:02d}.md").write_text(f"# Page {i}\n\n{prose(300, i)}\n\n## Setup {i}\n\n## Usage\n\n"
                                                     "Use it.\n", encoding="utf-8")
    config = configmod.validate({"semantic": False}, None)
    result = engine.lint(cwd=root, config=config, today=TODAY, select=["SUB001", "SUB003"],
                         cache=root / "cache.sqlite")
    pair = result.summary["redundancy"]["pairs"][0]
    assert (pair["a"], pair["b"], pair["joint"], pair["pages_a"], pair["pages_b"]) == ("SUB001", "SUB003", 3, 3, 5)
    assert pair["lift"] == round(3 * 12 / (3 * 5), 2) and pair["jaccard"] == 0.6 and pair["redundant"]
    log = ("INFO    -  Building documentation to directory: /tmp/site\n"
           "WARNING -  Doc file 'page00.md' contains a link './gone.md', but the target 'gone.md' is not found "
           "among documentation files.\n"
           "WARNING -  Doc file 'page09.md' contains a link './lost.md', but the target 'lost.md' is not found "
           "among documentation files.\n")
    built, _ = engine.with_build(result, log, framework="mkdocs", cwd=root)
    rows = {r["rule"]: r for r in built.summary["redundancy"]["build"]["rules"]}
    assert built.summary["redundancy"]["build"]["flagged"] == 2
    assert rows["SUB001"]["joint"] == 1 and rows["SUB001"]["lift"] == round(12 / (3 * 2), 2)


def test_health_command_prints_states_and_json(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = make(tmp_path, [12, 14, 20, 23, 27, 30, 33, 37, 40, 43, 100, 133])
    monkeypatch.chdir(root)
    runner = CliRunner()
    text = runner.invoke(main, ["health", "--no-semantic", "--select", "SUB001,STL003", "--cache", "c.sqlite"])
    assert text.exit_code == 0, text.output
    assert "SUB001  thin-page" in text.output and "saturated" in text.output
    assert "not-run" in text.output and "no current version found" in text.output
    out = runner.invoke(main, ["health", "--no-semantic", "--select", "SUB001", "--format", "json",
                               "--cache", "c.sqlite"])
    doc = json.loads(out.output)
    assert doc["version"] == 1 and doc["rules"][0]["state"] == "saturated" and doc["pages"] == 12
    checked = runner.invoke(main, ["check", "--no-semantic", "--select", "SUB001", "--cache", "c.sqlite"])
    assert "Rule state: SUB001 thin-page saturated: fires on 10 of the 12 pages it judges" in checked.output
    missing = runner.invoke(main, ["health", "--build-log", "nowhere.log", "--cache", "c.sqlite"])
    assert missing.exit_code == 2 and "nowhere.log" in missing.output
