"""Changed-only gating on real git histories: --changed-since reports on the pages a branch changed while reading
the whole site, --changed-lines on the lines a change touched, and both say what they left out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import git, invoke, write_site
from sitelint import changes

PARAGRAPHS = [
    "The worker runs as a single container that reads jobs from the queue and writes results to object storage. "
    "Deploy it next to the API so that both share the same network and the same secrets store.",
    "You need a container registry that your cluster can pull from, a queue URL, and a bucket with write access. "
    "Ask your platform team for the bucket policy if you do not have one; the worker refuses to start when it "
    "cannot write a test object at boot.",
    "Build the image from the repository root, tag it with the commit you are shipping, and push it. Tags that name "
    "a commit make rollbacks cheap: you redeploy the previous tag instead of rebuilding anything.",
    "New pods take about thirty seconds to become ready because they warm their connection pools first. If a pod "
    "crashes, its log names the setting it could not read, which is almost always a missing secret.",
]
GUIDE = "# Deploying the worker\n\n" + "\n\n".join(PARAGRAPHS) + "\n\n## Roll back\n\nTODO: write this section.\n"
OTHER = "# Scaling the worker\n\n" + "\n\n".join(reversed(PARAGRAPHS)).replace("worker", "scaler") + "\n"
THIN = "# Limits\n\nNothing here yet.\n"
RULES = ("--no-semantic", "--select", "SUB001,SUB002,DUP001")


def findings(cwd: Path, *args: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code, out = invoke(cwd, "check", *RULES, "--format", "json", *args)
    return code, json.loads(out)


@pytest.fixture
def history(tmp_path: Path) -> Path:
    """main: three pages with old findings (a thin page, a placeholder); then a branch."""
    pages = {"docs/guide.md": GUIDE, "docs/scaling.md": OTHER, "docs/limits.md": THIN}
    write_site(tmp_path, pages, commits=[{"date": "2026-09-01T10:00:00", "paths": list(pages)}])
    git(tmp_path, "checkout", "-q", "-b", "feature")
    return tmp_path


def commit(repo: Path, files: dict[str, str], message: str) -> None:
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text, encoding="utf-8")
        git(repo, "add", rel)
    git(repo, "commit", "-q", "-m", message, date="2026-10-01T10:00:00")


def test_changed_since_reports_the_branchs_pages_and_reads_the_whole_site(history: Path) -> None:
    code, doc = findings(history)
    assert {f["path"] for f in doc["findings"]} == {"docs/guide.md", "docs/limits.md"}  # old findings exist
    commit(history, {"docs/deploying.md": GUIDE}, "A copy of the guide under a new name")
    commit(history, {"docs/scaling.md": OTHER + "\nScale out before a launch.\n"}, "A tip on scaling")
    code, doc = findings(history, "--changed-since", "main")
    assert code == 1
    # The new page is a copy of an old one: reported on the new page, not on the old (unchanged) one.
    assert {(f["path"], f["rule"]) for f in doc["findings"]} == {("docs/deploying.md", "DUP001"),
                                                                  ("docs/deploying.md", "SUB002")}
    assert doc["summary"]["corpus_pages"] == 4 and doc["summary"]["pages"] == 2  # read all, reported on two
    assert doc["summary"]["gate"] == {"since": "main", "lines": False, "changed_pages": 2}
    code, out = invoke(history, "check", *RULES, "--changed-since", "main")
    assert "Reported on the 2 page(s) changed since main; the whole site was read." in out


def test_changed_since_counts_from_the_merge_base(history: Path) -> None:
    commit(history, {"docs/scaling.md": OTHER + "\nScale out before a launch.\n"}, "A tip on scaling")
    git(history, "checkout", "-q", "main")
    commit(history, {"docs/limits.md": THIN + "\nStill nothing.\n"}, "main moves on")
    git(history, "checkout", "-q", "feature")
    # main's own later change (the thin limits page) is not the branch's: not reported.
    code, doc = findings(history, "--changed-since", "main")
    assert code == 0 and doc["findings"] == [] and doc["summary"]["pages"] == 1


def test_changed_since_includes_uncommitted_and_untracked_pages(history: Path) -> None:
    (history / "docs" / "draft.md").write_text(THIN, encoding="utf-8")  # untracked
    (history / "docs" / "guide.md").write_text(GUIDE.replace("TODO: write this section.", "TODO: later."),
                                                 encoding="utf-8")  # modified, not staged
    code, doc = findings(history, "--changed-since", "HEAD")
    assert {(f["path"], f["rule"]) for f in doc["findings"]} == {("docs/draft.md", "SUB001"),
                                                                  ("docs/guide.md", "SUB002")}


def test_nothing_changed_reports_nothing_and_passes(history: Path) -> None:
    code, out = invoke(history, "check", *RULES, "--changed-since", "main")
    assert code == 0 and "Reported on the 0 page(s) changed since main" in out


def test_an_unknown_revision_is_exit_2(history: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    code, out = invoke(history, "check", *RULES, "--changed-since", "no-such-branch")
    assert code == 2 and "--changed-since no-such-branch: git does not know the revision 'no-such-branch'" in out
    bare = tmp_path_factory.mktemp("no-git")
    write_site(bare, {"docs/a.md": THIN})
    code, out = invoke(bare, "check", *RULES, "--changed-since", "main")
    assert code == 2 and "is not in a git repository" in out and "Traceback" not in out


def test_changed_lines_reports_what_the_change_introduced_or_touched(history: Path) -> None:
    # A fix elsewhere on a page with an old placeholder: the placeholder is left out, and said to be.
    (history / "docs" / "guide.md").write_text(GUIDE.replace("thirty seconds", "forty seconds"), encoding="utf-8")
    code, doc = findings(history, "--changed-lines", "docs/guide.md")
    assert code == 0 and doc["findings"] == []
    assert doc["summary"]["gate"]["left_out"] == 1 and doc["summary"]["gate"]["left_out_pages"] == ["docs/guide.md"]
    code, out = invoke(history, "check", *RULES, "--changed-lines", "--summary", "short", "docs/guide.md")
    assert "1 older finding(s) on these pages left out (`sitelint check docs/guide.md` shows them)." in out
    assert "By dimension" not in out  # the short summary
    # Editing the placeholder's own line touches it: reported.
    (history / "docs" / "guide.md").write_text(GUIDE.replace("TODO: write this section.", "TODO: later."),
                                                 encoding="utf-8")
    code, doc = findings(history, "--changed-lines", "docs/guide.md")
    assert code == 1 and [(f["rule"], f["line"]) for f in doc["findings"]] == [("SUB002", 13)]


def test_changed_lines_counts_a_removal_and_a_new_page(history: Path) -> None:
    # Removing the paragraph after the heading leaves the heading's section empty of prose but the placeholder:
    # the removal touches the lines around it.
    emptied = GUIDE.replace(PARAGRAPHS[3] + "\n\n", "")
    (history / "docs" / "guide.md").write_text(emptied, encoding="utf-8")
    touched = changes.changed(history, changes.head(history), with_lines=True)
    assert touched.touched("docs/guide.md", 9, 9) and not touched.touched("docs/guide.md", 3, 3)
    (history / "docs" / "new.md").write_text(THIN, encoding="utf-8")
    git(history, "add", "docs/new.md")
    code, doc = findings(history, "--changed-lines", "docs/new.md")
    assert [(f["path"], f["rule"]) for f in doc["findings"]] == [("docs/new.md", "SUB001")]  # a new page is all new


def test_changed_lines_in_a_repository_without_commits(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/guide.md": GUIDE, "docs/limits.md": THIN})
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", ".")
    code, doc = findings(tmp_path, "--changed-lines", "docs/limits.md")
    assert code == 1 and [f["rule"] for f in doc["findings"]] == ["SUB001"]


def test_changed_since_narrows_the_builds_findings_too(history: Path) -> None:
    commit(history, {"docs/deploying.md": GUIDE.replace("# Deploying", "# Shipping"), "mkdocs.yml": "site_name: X\n"},
           "A new page, and the site's config")
    link = ("WARNING -  Doc file '{}' contains a link 'gone.md', but the target 'gone.md' is not found among "
            "documentation files.\n")
    (history / "build.log").write_text(link.format("limits.md") + link.format("deploying.md"), encoding="utf-8")
    code, out = invoke(history, "ci", "--no-semantic", "--select", "SUB001", "--build-log", "build.log",
                       "--changed-since", "main", "--format", "json")
    doc = json.loads(out)
    assert [(f["path"], f["rule"]) for f in doc["findings"]] == [("docs/deploying.md", "BUILD")]
    assert {f["path"] for f in doc["build"]["findings"]} == {"docs/limits.md", "docs/deploying.md"}  # all compared
