"""Packaging: the wheel carries every rule file; the pre-commit hook blocks a thin staged page."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT, git

GOOD = """# Deploying the worker

The worker runs as a single container that reads jobs from the queue and writes results to object storage.
Deploy it next to the API so that both share the same network and the same secrets store.

## Before you start

You need a container registry that your cluster can pull from, a queue URL, and a bucket with write access.
Ask your platform team for the bucket policy if you do not have one; the worker refuses to start when it cannot
write a test object at boot.

## Build and push the image

Build the image from the repository root, tag it with the commit you are shipping, and push it. Tags that name a
commit make rollbacks cheap: you redeploy the previous tag instead of rebuilding anything.

## Roll out

Apply the manifest and watch the rollout. New pods take about thirty seconds to become ready because they warm
their connection pools first. If a pod crashes, its log names the setting it could not read, which is almost
always a missing secret.

## Roll back

Redeploy the previous tag. Jobs that were in flight are retried by the queue after their visibility timeout, so
nothing is lost, although some jobs may run twice. Make your handlers idempotent for that reason.
"""


@pytest.mark.slow
def test_wheel_contains_every_rule_file(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True, text=True)
    [wheel] = tmp_path.glob("sitelint-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"sitelint/rules/{p.relative_to(ROOT / 'rules').as_posix()}" for p in (ROOT / "rules").rglob("*.yml")}
    assert expected and expected <= names
    assert "sitelint/py.typed" in names and "sitelint/rules/__init__.py" in names
    assert {"sitelint/report/templates/report.html.j2", "sitelint/report/templates/report.js"} <= names


def test_hooks_file_declares_both_hooks() -> None:
    import yaml

    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert hooks["sitelint"]["language"] == "python" and hooks["sitelint-system"]["language"] == "system"
    for hook in hooks.values():
        assert hook["require_serial"] is True and hook["entry"] == "sitelint check"
        assert hook["types_or"] == ["markdown", "mdx"]
        files = re.compile(hook["files"])
        for docs in ("docs/a.md", "website/docs/a.md", "www/docs/a.md", "www/versioned_docs/version-1/a.md",
                     "documentation/docs/10-intro/a.md", "src/content/docs/a.mdx", "website/i18n/fr/a.md"):
            assert files.match(docs), docs
        assert not any(files.match(p) for p in ("README.md", ".github/ISSUE_TEMPLATE/bug.md", "packages/x/README.md"))


@pytest.mark.slow
def test_pre_commit_system_hook_blocks_thin_page(tmp_path: Path) -> None:
    if shutil.which("pre-commit", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("pre-commit is not installed in this environment")
    repo = tmp_path / "site"
    (repo / "docs").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    (repo / "docs" / "good.md").write_text(GOOD, encoding="utf-8")
    git(repo, "add", ".")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "PRE_COMMIT_HOME": str(tmp_path / "pc-home"), "SITELINT_TODAY": "2026-11-30", "NO_COLOR": "1"}
    # sitelint-system runs the sitelint of this environment; try-repo takes the hooks from this checkout.
    cmd = [str(Path(sys.executable).parent / "pre-commit"), "try-repo", str(ROOT), "sitelint-system"]
    passed = subprocess.run([*cmd, "--files", "docs/good.md"], cwd=repo, env=env, capture_output=True, text=True)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    (repo / "docs" / "thin.md").write_text("# Thin\n\nTo be written.\n", encoding="utf-8")
    git(repo, "add", ".")
    failed = subprocess.run([*cmd, "--files", "docs/thin.md"], cwd=repo, env=env, capture_output=True, text=True)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "docs/thin.md:1:1: SUB001" in failed.stdout
