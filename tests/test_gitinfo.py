"""Git history read from real repositories with back-dated commits: renames, merges, whitespace, shallow clones."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from conftest import git
from sitelint import cache as cachemod
from sitelint.gitinfo import NAMESPACE, VERSION, GitHistory, history_for

TODAY = dt.date(2026, 11, 30)


def commit(repo: Path, date: str, files: dict[str, str], message: str = "docs") -> None:
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text, encoding="utf-8")
        git(repo, "add", rel)
    git(repo, "commit", "-q", "-m", message, date=date)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    return root


def read(root: Path, cache: object = None) -> tuple[GitHistory | None, list[str]]:
    notes: list[str] = []
    return history_for(root, cache, notes.append), notes  # type: ignore[arg-type]


def test_last_content_change_author_and_first_commit(repo: Path) -> None:
    commit(repo, "2021-03-01T12:00:00", {"docs/a.md": "# A\n\nFirst.\n", "src/app.py": "x = 1\n"})
    commit(repo, "2023-07-04T12:00:00", {"docs/a.md": "# A\n\nSecond.\n"})
    history, notes = read(repo)
    assert history is not None and notes == []
    page = history.file("docs/a.md")
    assert page is not None
    assert page.last_changed(TODAY) == dt.date(2023, 7, 4)
    assert page.first_commit == dt.date(2021, 3, 1)
    assert page.author == "Docs Writer" and page.commits == 2 and not page.dirty
    assert history.file(repo / "src" / "app.py") == history.file("src/app.py")
    assert history.file("src/app.py").last_changed(TODAY) == dt.date(2021, 3, 1)  # type: ignore[union-attr]
    assert history.file("nope.md") is None and history.file("/elsewhere/a.md") is None


def test_whitespace_and_blank_line_commits_are_not_content_changes(repo: Path) -> None:
    commit(repo, "2021-03-01T12:00:00", {"docs/a.md": "# A\nSome  text here.\n"})
    commit(repo, "2024-01-01T12:00:00", {"docs/a.md": "# A\n\nSome text   here.\n\n"}, "reformat")
    history, _ = read(repo)
    page = history.file("docs/a.md")  # type: ignore[union-attr]
    assert page is not None and page.last_changed(TODAY) == dt.date(2021, 3, 1) and page.commits == 1


def test_renames_are_followed(repo: Path) -> None:
    commit(repo, "2020-01-01T12:00:00", {"docs/old.md": "# Guide\n\nA long enough body to be detected as a rename.\n"})
    commit(repo, "2021-01-01T12:00:00", {"docs/old.md": "# Guide\n\nA long enough body to be detected as renamed.\n"})
    git(repo, "mv", "docs/old.md", "docs/new.md")
    git(repo, "commit", "-q", "-m", "move", date="2024-05-05T12:00:00")
    # A new file takes the old name: its history must not inherit the moved file's.
    commit(repo, "2025-02-02T12:00:00", {"docs/old.md": "# Something else\n"})
    history, _ = read(repo)
    moved, reused = history.file("docs/new.md"), history.file("docs/old.md")  # type: ignore[union-attr]
    assert moved is not None and reused is not None
    assert moved.last_changed(TODAY) == dt.date(2021, 1, 1)  # the pure rename is not a content change
    assert moved.first_commit == dt.date(2020, 1, 1)
    assert reused.first_commit == dt.date(2025, 2, 2) and reused.commits == 1


def test_deleted_then_recreated_path_starts_a_new_history(repo: Path) -> None:
    commit(repo, "2020-01-01T12:00:00", {"docs/a.md": "# A\n"})
    git(repo, "rm", "-q", "docs/a.md")
    git(repo, "commit", "-q", "-m", "drop", date="2021-01-01T12:00:00")
    commit(repo, "2022-01-01T12:00:00", {"docs/a.md": "# A again\n"})
    history, _ = read(repo)
    page = history.file("docs/a.md")  # type: ignore[union-attr]
    assert page is not None and page.first_commit == dt.date(2022, 1, 1) and page.commits == 1


def test_merge_counts_when_it_lands_on_the_main_line(repo: Path) -> None:
    commit(repo, "2020-01-01T12:00:00", {"docs/a.md": "# A\n", "docs/b.md": "# B\n"})
    git(repo, "checkout", "-q", "-b", "side")
    commit(repo, "2021-06-01T12:00:00", {"docs/b.md": "# B\n\nWritten on a branch.\n"})
    git(repo, "checkout", "-q", "main")
    commit(repo, "2022-01-01T12:00:00", {"docs/a.md": "# A\n\nEdited on main.\n"})
    git(repo, "merge", "-q", "--no-ff", "side", "-m", "merge side", date="2023-03-03T12:00:00")
    history, _ = read(repo)
    assert history.file("docs/b.md").last_changed(TODAY) == dt.date(2023, 3, 3)  # type: ignore[union-attr]
    assert history.file("docs/a.md").last_changed(TODAY) == dt.date(2022, 1, 1)  # type: ignore[union-attr]


def test_uncommitted_content_counts_as_today_but_whitespace_does_not(repo: Path) -> None:
    commit(repo, "2020-01-01T12:00:00", {"docs/a.md": "# A\n\nText.\n", "docs/b.md": "# B\n\nText.\n"})
    (repo / "docs/a.md").write_text("# A\n\nNew text.\n", encoding="utf-8")
    (repo / "docs/b.md").write_text("# B\n\n\nText.  \n", encoding="utf-8")
    (repo / "docs/c.md").write_text("# C\n", encoding="utf-8")
    history, _ = read(repo)
    assert history.file("docs/a.md").last_changed(TODAY) == TODAY  # type: ignore[union-attr]
    assert history.file("docs/b.md").last_changed(TODAY) == dt.date(2020, 1, 1)  # type: ignore[union-attr]
    assert history.file("docs/c.md").dirty  # type: ignore[union-attr]


def test_repository_without_commits(repo: Path) -> None:
    (repo / "a.md").write_text("# A\n", encoding="utf-8")
    history, notes = read(repo)
    assert history is not None and notes == [] and history.head == ""
    assert history.file("a.md").last_changed(TODAY) == TODAY  # type: ignore[union-attr]


def test_shallow_clone_is_skipped_with_one_note(repo: Path, tmp_path: Path) -> None:
    commit(repo, "2020-01-01T12:00:00", {"docs/a.md": "# A\n"})
    commit(repo, "2021-01-01T12:00:00", {"docs/a.md": "# A\n\nMore.\n"})
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(clone))
    history, notes = read(clone)
    assert history is None
    assert len(notes) == 1 and "shallow" in notes[0] and "fetch-depth: 0" in notes[0]


def test_not_a_repository_is_skipped_with_one_note(tmp_path: Path) -> None:
    history, notes = read(tmp_path)
    assert history is None and len(notes) == 1 and "not in a git repository" in notes[0]


def test_git_missing_is_skipped_with_one_note(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(repo))  # a PATH with no git on it
    history, notes = read(repo)
    assert history is None and len(notes) == 1 and "git is not installed" in notes[0]


def test_history_is_cached_by_head(repo: Path, tmp_path: Path) -> None:
    commit(repo, "2020-01-01T12:00:00", {"docs/a.md": "# A\n"})
    cache = cachemod.open_cache({}, repo, lambda m: None, explicit=tmp_path / "cache.sqlite")
    ns = cache.namespace(NAMESPACE, VERSION)
    first, _ = read(repo, cache)
    assert first is not None and ns.get_json(first.head) is not None
    # A poisoned entry for this HEAD is what the next run reads: proof that it reads the cache, not git.
    ns.put_json(first.head, {"docs/a.md": ["2010-01-01", "Cached Author", "2010-01-01", 1]})
    second, _ = read(repo, cache)
    assert second is not None and second.file("docs/a.md").author == "Cached Author"  # type: ignore[union-attr]
    # A new commit moves HEAD: the old entry no longer applies.
    commit(repo, "2021-01-01T12:00:00", {"docs/a.md": "# A\n\nMore.\n"})
    third, _ = read(repo, cache)
    assert third is not None and third.file("docs/a.md").author == "Docs Writer"  # type: ignore[union-attr]
    # A damaged entry is recomputed, never trusted.
    ns.put_many({third.head: b"not json"})
    assert third.head and read(repo, cache)[0] is not None
    ns.put_json(third.head, {"docs/a.md": ["2010-01-01", 3, None, "x"]})
    fourth, _ = read(repo, cache)
    assert fourth is not None
    assert fourth.file("docs/a.md").last_changed(TODAY) == dt.date(2021, 1, 1)  # type: ignore[union-attr]
    cache.close()


def test_paths_with_spaces_and_unicode(repo: Path) -> None:
    commit(repo, "2020-01-01T12:00:00", {"docs/über guide.md": "# Ü\n"})
    history, _ = read(repo)
    assert history.file("docs/über guide.md") is not None  # type: ignore[union-attr]


def test_a_site_below_the_top_level_sees_uncommitted_changes(repo: Path, tmp_path: Path) -> None:
    commit(repo, "2021-03-01T12:00:00", {"docs/a.md": "# A\n\nFirst.\n", "docs/b.md": "# B\n\nText.\n"})
    (repo / "docs" / "a.md").write_text("# A\n\nChanged, not committed.\n", encoding="utf-8")
    (repo / "docs" / "b.md").write_text("# B\n\nText.   \n", encoding="utf-8")  # whitespace only
    (repo / "docs" / "new.md").write_text("# New\n", encoding="utf-8")
    history = history_for(repo / "docs", None, [].append)  # a site inside a repository
    files = history.files  # type: ignore[union-attr]
    assert files["docs/a.md"].dirty and files["docs/new.md"].dirty and not files["docs/b.md"].dirty
    empty = tmp_path / "empty"
    empty.mkdir()
    git(empty, "init", "-q")
    (empty / "x.md").write_text("# X\n", encoding="utf-8")
    assert history_for(empty, None, [].append).files["x.md"].dirty  # type: ignore[union-attr]


def test_a_repositorys_fsmonitor_hook_is_never_run(repo: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    hook = tmp_path / "hook.sh"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n", encoding="utf-8")
    hook.chmod(0o755)
    commit(repo, "2021-03-01T12:00:00", {"docs/a.md": "# A\n"})
    git(repo, "config", "core.fsmonitor", str(hook))
    (repo / "docs" / "a.md").write_text("# A\n\nEdited.\n", encoding="utf-8")
    assert history_for(repo, None, [].append) is not None
    assert not marker.exists()


def test_history_without_some_file_contents_is_read_by_names(repo: Path) -> None:
    """A clone missing some objects (blobless, or damaged) cannot diff those files or find renames by similarity;
    its history is still read, by names, with one note saying what that costs."""
    commit(repo, "2020-01-01T12:00:00", {"docs/a.md": "# A\n\nFirst.\n", "logo.bin": "old bytes\n"})
    commit(repo, "2022-06-01T12:00:00", {"docs/a.md": "# A\n\nSecond.\n", "logo.bin": "new bytes\n"})
    git(repo, "mv", "docs/a.md", "docs/b.md")
    git(repo, "commit", "-q", "-m", "move", date="2023-03-03T12:00:00")
    old_blob = git(repo, "rev-parse", "HEAD~2:logo.bin").strip()
    (repo / ".git" / "objects" / old_blob[:2] / old_blob[2:]).unlink()
    history, notes = read(repo)
    assert history is not None
    assert len(notes) == 1 and "by names only" in notes[0] and old_blob in notes[0]
    moved = history.file("docs/b.md")
    assert moved is not None and moved.first_commit == dt.date(2020, 1, 1)  # the unchanged move is followed
    assert moved.last_changed(TODAY) == dt.date(2022, 6, 1)
    assert history.file("logo.bin").last_changed(TODAY) == dt.date(2022, 6, 1)  # type: ignore[union-attr]


def test_an_uncommitted_edit_of_a_file_missing_its_contents_counts_as_a_change(repo: Path) -> None:
    """In a clone missing the committed text of a file edited in the work tree, the edit cannot be diffed: the
    file counts as changed, and the rest of the history is still read, with the one note."""
    commit(repo, "2020-01-01T12:00:00", {"docs/a.md": "# A\n\nFirst.\n", "docs/b.md": "# B\n\nKept.\n"})
    blob = git(repo, "rev-parse", "HEAD:docs/a.md").strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    (repo / "docs" / "a.md").write_text("# A\n\nEdited.\n", encoding="utf-8")
    history, notes = read(repo)
    assert history is not None, notes
    assert len(notes) == 1 and "by names only" in notes[0]
    edited, kept = history.file("docs/a.md"), history.file("docs/b.md")
    assert edited is not None and edited.dirty
    assert kept is not None and not kept.dirty and kept.last_changed(TODAY) == dt.date(2020, 1, 1)
