"""Releases and the pre-commit hooks for real: scripts/release.sh tags the version the README's `rev` names, and
`pre-commit try-repo` at that tag runs both hook ids on a fresh repository (the `sitelint` hook building its own
environment, which must not hold torch)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, git
from sitelint import __version__

BIN = Path(sys.executable).parent
TAG = f"v{__version__}"
PARAGRAPH = ("The worker runs as a single container that reads jobs from the queue and writes results to object "
             "storage. Deploy it next to the API so that both share the same network and the same secrets store. "
             "You need a container registry that your cluster can pull from, a queue URL, and a bucket with write "
             "access. Ask your platform team for the bucket policy if you do not have one; the worker refuses to "
             "start when it cannot write a test object at boot. Build the image from the repository root, tag it "
             "with the commit you are shipping, and push it. Tags that name a commit make rollbacks cheap: you "
             "redeploy the previous tag instead of rebuilding anything. New pods take about thirty seconds to become "
             "ready because they warm their connection pools first. If a pod crashes, its log names the setting it "
             "could not read, which is almost always a missing secret.")
GUIDE = f"# Deploying the worker\n\n{PARAGRAPH}\n\n## Roll back\n\nTODO: write this section.\n"
ROLLBACK = ("# Rolling back\n\nRedeploy the previous tag when a release misbehaves. Jobs that were in flight are "
            "retried by the queue after their visibility timeout, so nothing is lost, although some jobs may run "
            "twice; make your handlers idempotent for that reason. Watch the error rate on the dashboard for ten "
            "minutes after the rollback, and open an incident if it does not fall back to its usual level. Keep "
            "the failed tag in the registry: the team that shipped it needs the image to reproduce the fault on a "
            "laptop. Write down what happened in the release notes, with the commit that caused it and the one "
            "that fixed it, so that the next person who reads the history understands why two tags were shipped "
            "on the same day. Database migrations are the exception to all of this, because a rollback of the "
            "code does not undo them; ship them in a release of their own, before the code that needs them.\n")


def release_copy(target: Path) -> Path:
    """This work tree as it is (tracked and new files, ignored ones left out), committed in a repository of its own,
    then released by its own script."""
    names = [n for n in git(ROOT, "ls-files", "-co", "--exclude-standard", "-z").split("\0") if n]
    for name in names:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    git(target, "init", "-q", "-b", "main")
    git(target, "add", ".")
    git(target, "commit", "-q", "-m", "sitelint as released")
    return target


def release(repo: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "scripts/release.sh"], cwd=repo, capture_output=True, text=True, timeout=60)


def test_release_tags_the_version_the_readme_names(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"^    rev: (\S+)$", readme, re.M) == [TAG]
    assert f"uses: sitelint/sitelint@{TAG}" in readme
    repo = release_copy(tmp_path / "sitelint")
    done = release(repo)
    assert done.returncode == 0, done.stderr
    assert git(repo, "tag", "-l").split() == [TAG] and git(repo, "cat-file", "-t", TAG).strip() == "tag"
    assert f"tagged {TAG}" in done.stdout and f"git push origin {TAG}" in done.stdout
    again = release(repo)
    assert again.returncode == 1 and f"the tag {TAG} exists already" in again.stderr


def test_release_refuses_a_dirty_tree_and_a_readme_naming_another_rev(tmp_path: Path) -> None:
    repo = release_copy(tmp_path / "sitelint")
    (repo / "notes.txt").write_text("uncommitted\n", encoding="utf-8")
    done = release(repo)
    assert done.returncode == 1 and "uncommitted changes" in done.stderr
    (repo / "notes.txt").unlink()
    readme = repo / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace(f"rev: {TAG}", "rev: v0.0.1"), encoding="utf-8")
    git(repo, "commit", "-q", "-am", "README names another release")
    done = release(repo)
    assert done.returncode == 1 and f"must be {TAG}" in done.stderr and git(repo, "tag", "-l") == ""


def test_the_hooks_lint_the_docs_roots_and_report_changed_lines() -> None:
    import yaml

    done = subprocess.run([str(BIN / "pre-commit"), "validate-manifest", str(ROOT / ".pre-commit-hooks.yaml")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")):
        assert hook["args"] == ["--changed-lines", "--summary=short"]
        files = re.compile(hook["files"])
        for page in ("docs/intro.md", "docs/source/index.md", "website/docs/a.mdx", "versioned_docs/version-1/a.md",
                     "website/i18n/fr/docusaurus-plugin-content-docs/current/a.md", "src/content/docs/guide.mdx",
                     "doc/index.md"):
            assert files.search(page), (hook["id"], page)
        for other in ("README.md", ".github/ISSUE_TEMPLATE/bug.md", "CHANGELOG.md", "docsy/a.md", "src/a.md"):
            assert not files.search(other), (hook["id"], other)


def site_with_history(root: Path) -> Path:
    """A fresh repository: an old guide with a placeholder committed; staged, an edit of the guide elsewhere, a new
    thin page and a thin README at the top (outside the docs root)."""
    (root / "docs").mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    (root / "docs" / "guide.md").write_text(GUIDE, encoding="utf-8")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "The guide", date="2026-10-01T10:00:00")
    (root / "docs" / "guide.md").write_text(GUIDE.replace("thirty seconds", "forty seconds"), encoding="utf-8")
    (root / "docs" / "thin.md").write_text("# Thin\n\nTo be written.\n", encoding="utf-8")
    (root / "README.md").write_text("# Readme\n\nShort.\n", encoding="utf-8")
    git(root, "add", ".")
    return root


def hook_env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "PRE_COMMIT_HOME": str(tmp_path / "pc"),
            "XDG_CACHE_HOME": str(tmp_path / "xdg"), "SITELINT_TODAY": "2026-11-30", "NO_COLOR": "1"}


@pytest.mark.slow
@pytest.mark.parametrize("hook", ["sitelint", "sitelint-system"])
def test_pre_commit_try_repo_runs_the_hook_at_the_release_tag(tmp_path: Path, hook: str) -> None:
    if shutil.which("pre-commit", path=str(BIN)) is None:
        pytest.skip("pre-commit is not installed in this environment")
    released = release_copy(tmp_path / "sitelint")
    assert release(released).returncode == 0
    site = site_with_history(tmp_path / "site")
    done = subprocess.run([str(BIN / "pre-commit"), "try-repo", str(released), hook, "--ref", TAG, "--verbose"],
                          cwd=site, env=hook_env(tmp_path), capture_output=True, text=True, timeout=900)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "docs/thin.md:1:1: SUB001 Thin page" in out  # what the staged change introduced
    assert "docs/guide.md" not in out.split("Found")[0]  # an old placeholder on a line the change did not touch
    assert "1 older finding(s) on these pages left out (`sitelint check docs/guide.md` shows them)." in out
    assert "README.md" not in out  # outside the docs root: the hook's `files:` leaves it out
    assert "By dimension" not in out  # the short summary
    if hook == "sitelint":  # its own environment: the light install
        assert "Semantic duplication did not run: semantic rules skipped: the semantic extra is not installed" in out


@pytest.mark.slow
def test_the_first_commit_with_the_installed_hook_builds_a_light_environment(tmp_path: Path) -> None:
    if shutil.which("pre-commit", path=str(BIN)) is None:
        pytest.skip("pre-commit is not installed in this environment")
    released = release_copy(tmp_path / "sitelint")
    assert release(released).returncode == 0
    site = site_with_history(tmp_path / "site")
    (site / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {released}\n    rev: {TAG}\n    hooks:\n      - id: sitelint\n", encoding="utf-8")
    env = hook_env(tmp_path)
    subprocess.run([str(BIN / "pre-commit"), "install"], cwd=site, env=env, check=True, capture_output=True)
    (site / "docs" / "thin.md").write_text(ROLLBACK, encoding="utf-8")
    git(site, "add", ".")
    started = time.monotonic()
    done = subprocess.run(["git", "-c", "user.name=Docs Writer", "-c", "user.email=docs@example.com", "commit", "-q",
                           "-m", "A page on rolling back"], cwd=site, env=env, capture_output=True, text=True,
                          timeout=900)
    seconds = time.monotonic() - started
    assert done.returncode == 0, done.stdout + done.stderr  # the old placeholder does not block this commit
    [venv] = list((tmp_path / "pc").glob("repo*/py_env-*"))
    packages = {p.name.split("-")[0].lower() for p in venv.glob("lib/python*/site-packages/*")}
    assert "sitelint" in packages and not packages & {"torch", "sentence_transformers", "nvidia"}
    size = sum(f.stat().st_size for f in venv.rglob("*") if f.is_file() and not f.is_symlink())
    assert size < 400 * 2**20, f"the hook environment holds {size / 2**20:.0f} MiB"
    print(f"\nfirst commit with the sitelint hook: {seconds:.1f} s, hook environment {size / 2**20:.0f} MiB")
