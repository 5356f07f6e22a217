"""Baselines end to end on real git repositories: moved passages stay baselined, edited ones do not, renamed pages
are followed, --baseline-update only drops, and paths do not depend on the folder sitelint runs from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import git, invoke, write_site
from sitelint import baseline as baselines
from sitelint.model import Finding, Page
from sitelint.pipeline.parse import parse_page

INTRO = ("The worker runs as a single container that reads jobs from the queue and writes results to object "
         "storage. Deploy it next to the API so that both share the same network and the same secrets store.")
BODY = ("You need a container registry that your cluster can pull from, a queue URL, and a bucket with write "
        "access. Ask your platform team for the bucket policy if you do not have one; the worker refuses to start "
        "when it cannot write a test object at boot. Build the image from the repository root, tag it with the "
        "commit you are shipping, and push it. Tags that name a commit make rollbacks cheap: you redeploy the "
        "previous tag instead of rebuilding anything. Apply the manifest and watch the rollout.")
MORE = ("New pods take about thirty seconds to become ready because they warm their connection pools first. If a "
        "pod crashes, its log names the setting it could not read, which is almost always a missing secret. Jobs "
        "that were in flight are retried by the queue after their visibility timeout, so nothing is lost.")
TODO = "TODO: write this section before the release."
GUIDE = f"# Deploying the worker\n\n{INTRO}\n\n## Before you start\n\n{BODY}\n\n{MORE}\n\n## Roll back\n\n{TODO}\n"
THIN = "# Limits\n\nNothing here yet.\n"
RULES = ("--no-semantic", "--select", "SUB001,SUB002,DUP001")


def summary(cwd: Path, *args: str) -> dict[str, int]:
    code, out = invoke(cwd, "check", *RULES, "--format", "json", "--baseline", ".sitelint-baseline.json", *args)
    doc = json.loads(out)
    base = doc["summary"]["baseline"]
    return {"code": code, "new": base["new"], "baselined": base["baselined"], "fixed": base["fixed"],
            "findings": len(doc["findings"])}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    pages = {"docs/guide.md": GUIDE, "docs/limits.md": THIN}
    write_site(tmp_path, pages, commits=[{"date": "2026-10-01T10:00:00", "paths": list(pages)}])
    code, out = invoke(tmp_path, "baseline", *RULES)
    assert code == 0 and "recorded 2 finding(s) on 2 page(s) in .sitelint-baseline.json" in out
    return tmp_path


def recorded(repo: Path) -> list[dict[str, str]]:
    return json.loads((repo / ".sitelint-baseline.json").read_text(encoding="utf-8"))["findings"]


def test_a_fresh_baseline_passes_and_says_what_remains(repo: Path) -> None:
    assert summary(repo) == {"code": 0, "new": 0, "baselined": 2, "fixed": 0, "findings": 0}
    code, out = invoke(repo, "check", *RULES, "--baseline", ".sitelint-baseline.json")
    assert code == 0 and "0 new finding(s) reported, 2 baselined remain, 0 fixed" in out
    doc = json.loads((repo / ".sitelint-baseline.json").read_text(encoding="utf-8"))
    assert doc["commit"] == git(repo, "rev-parse", "HEAD").strip()
    assert all("line" not in entry for entry in doc["findings"])  # a key is never a line number


def test_moving_the_passage_keeps_it_baselined(repo: Path) -> None:
    before = json.loads(invoke(repo, "check", *RULES, "--format", "json")[1])["findings"]
    moved = GUIDE.replace("## Before you start", "## Why a container\n\nOne image runs everywhere the same way, "
                          "on a laptop and in production.\n\n## Before you start")
    (repo / "docs" / "guide.md").write_text(moved, encoding="utf-8")
    after = json.loads(invoke(repo, "check", *RULES, "--format", "json")[1])["findings"]
    line = {f["rule"]: f["line"] for f in before}["SUB002"]
    assert {f["rule"]: f["line"] for f in after}["SUB002"] == line + 4  # the placeholder moved down four lines
    assert summary(repo) == {"code": 0, "new": 0, "baselined": 2, "fixed": 0, "findings": 0}
    # Re-wrapping the offending paragraph is not an edit of its text either.
    (repo / "docs" / "guide.md").write_text(moved.replace(TODO, TODO.replace(" section ", "\nsection ")),
                                            encoding="utf-8")
    assert summary(repo)["new"] == 0


def test_changing_the_offending_text_makes_it_new(repo: Path) -> None:
    (repo / "docs" / "guide.md").write_text(GUIDE.replace(TODO, "TODO: write the rollback steps."),
                                            encoding="utf-8")
    assert summary(repo) == {"code": 1, "new": 1, "baselined": 1, "fixed": 1, "findings": 1}
    code, out = invoke(repo, "check", *RULES, "--baseline", ".sitelint-baseline.json")
    assert code == 1 and "docs/guide.md:13:1: SUB002" in out and "docs/limits.md" not in out.split("\n\n")[0]


def test_pages_renamed_by_git_stay_baselined(repo: Path) -> None:
    (repo / "docs" / "ops").mkdir()
    git(repo, "mv", "docs/guide.md", "docs/ops/deploying.md")
    git(repo, "mv", "docs/limits.md", "docs/ops/limits.md")
    assert summary(repo) == {"code": 0, "new": 0, "baselined": 2, "fixed": 0, "findings": 0}  # staged renames
    git(repo, "commit", "-q", "-m", "Move the operations pages", date="2026-10-02T10:00:00")
    assert summary(repo) == {"code": 0, "new": 0, "baselined": 2, "fixed": 0, "findings": 0}  # committed
    invoke(repo, "check", *RULES, "--baseline", ".sitelint-baseline.json", "--baseline-update")
    assert sorted(e["path"] for e in recorded(repo)) == ["docs/ops/deploying.md", "docs/ops/limits.md"]


def test_a_page_renamed_without_git_is_a_new_page(repo: Path) -> None:
    (repo / "docs" / "limits.md").rename(repo / "docs" / "quotas.md")  # not staged: git sees a delete and a new file
    assert summary(repo) == {"code": 1, "new": 1, "baselined": 1, "fixed": 1, "findings": 1}


def test_baseline_update_drops_fixed_entries_and_never_adds(repo: Path) -> None:
    (repo / "docs" / "guide.md").write_text(GUIDE.replace(TODO, "TODO: write the rollback steps."),
                                            encoding="utf-8")
    (repo / "docs" / "limits.md").write_text(GUIDE.replace(TODO, "Roll back by redeploying the previous tag."),
                                             encoding="utf-8")
    assert summary(repo, "--baseline-update") == {"code": 1, "new": 1, "baselined": 0, "fixed": 2, "findings": 1}
    assert recorded(repo) == []  # both fixed entries dropped, the new finding not added
    assert summary(repo) == {"code": 1, "new": 1, "baselined": 0, "fixed": 0, "findings": 1}


def test_paths_are_the_repositorys_wherever_sitelint_runs(repo: Path) -> None:
    assert sorted(e["path"] for e in recorded(repo)) == ["docs/guide.md", "docs/limits.md"]
    code, out = invoke(repo / "docs", "check", *RULES, "--baseline", "../.sitelint-baseline.json")
    assert code == 0 and "2 baselined remain, 0 fixed" in out
    code, out = invoke(repo / "docs", "baseline", *RULES, "-o", "../again.json")
    assert code == 0
    assert json.loads((repo / "again.json").read_text(encoding="utf-8"))["findings"] == recorded(repo)


def test_a_page_outside_the_report_is_neither_fixed_nor_remaining(repo: Path) -> None:
    (repo / "docs" / "limits.md").write_text(GUIDE.replace(TODO, "Roll back by redeploying the previous tag."),
                                             encoding="utf-8")
    # Only guide.md is reported on: the limits.md entry is out of scope, so it is not counted as fixed.
    assert summary(repo, "docs/guide.md") == {"code": 0, "new": 0, "baselined": 1, "fixed": 0, "findings": 0}
    assert summary(repo)["fixed"] == 1


def test_duplicates_are_keyed_by_the_pair_of_pages(tmp_path: Path) -> None:
    pages = {"docs/guide.md": GUIDE, "docs/copy.md": GUIDE, "docs/other.md": GUIDE.replace(INTRO, BODY)}
    write_site(tmp_path, pages, commits=[{"date": "2026-10-01T10:00:00", "paths": list(pages)}])
    invoke(tmp_path, "baseline", "--no-semantic", "--select", "DUP001")
    assert {tuple(sorted((e["path"], e["other"]))) for e in recorded(tmp_path)} == {("docs/copy.md", "docs/guide.md")}
    git(tmp_path, "mv", "docs/copy.md", "docs/copied.md")
    code, out = invoke(tmp_path, "check", "--no-semantic", "--select", "DUP001", "--baseline",
                       ".sitelint-baseline.json")
    assert code == 0 and "1 baselined remain" in out


def test_bad_baseline_files_exit_2_naming_the_file(repo: Path) -> None:
    code, out = invoke(repo, "check", *RULES, "--baseline", "missing.json")
    assert code == 2 and "missing.json: no such baseline file; make one with `sitelint baseline -o missing.json`" in out
    (repo / "broken.json").write_text("{not json", encoding="utf-8")
    code, out = invoke(repo, "check", *RULES, "--baseline", "broken.json")
    assert code == 2 and "broken.json: not valid JSON" in out and "Traceback" not in out
    (repo / "other.json").write_text('{"version": 1, "findings": [{"rule": "SUB001"}]}', encoding="utf-8")
    code, out = invoke(repo, "check", *RULES, "--baseline", "other.json")
    assert code == 2 and "other.json: finding 1 needs rule, path and fingerprint" in out
    code, out = invoke(repo, "check", *RULES, "--baseline-update")
    assert code == 2 and "--baseline-update needs --baseline FILE" in out


def test_fingerprints_ignore_whitespace_and_lines_but_not_words() -> None:
    def page(source: str) -> Page:
        return parse_page("docs/a.md", Path("/site/docs/a.md"), source)

    def at(line: int) -> Finding:
        return Finding("SUB002", "placeholder-text", "substance", "warning", "docs/a.md", line, None, "m")

    first = baselines.fingerprint(at(3), page("# A\n\nTODO: write   this.\n"))
    assert baselines.fingerprint(at(6), page("# A\n\nMore.\n\nTODO: write\nthis.\n")) == first  # moved, wrapped
    assert baselines.fingerprint(at(5), page("# A\n\nMore.\n\nTODO: write\nthis.\n")) == first  # its first line
    assert baselines.fingerprint(at(3), page("# A\n\nTODO: write that.\n")) != first
    # Without a page to read (a file that could not be read), the message is what the finding is about.
    assert baselines.content(at(1), None) == "m"
