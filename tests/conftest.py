"""Shared test helpers: temporary sites with real files and, when asked, real back-dated git history."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The shared material beside the checkout; SITELINT_SHARED names it for a checkout that lives elsewhere.
SHARED = Path(os.environ.get("SITELINT_SHARED") or ROOT.parent / "shared")
# sitelint's user cache folder (model digests, the model's ONNX export) for this test session only, never ~/.cache;
# set before any test runs so that every child process inherits it; removed when the session that made it ends.
if "XDG_CACHE_HOME" not in os.environ:
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="sitelint-tests-xdg-")
    atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], ignore_errors=True)


def git(repo: Path, *args: str, date: str | None = None) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "Docs Writer", "GIT_AUTHOR_EMAIL": "docs@example.com",
           "GIT_COMMITTER_NAME": "Docs Writer", "GIT_COMMITTER_EMAIL": "docs@example.com"}
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    out = subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True)
    return out.stdout


DEFAULT_ENV = {"SITELINT_TODAY": "2026-11-30", "NO_COLOR": "1"}


def invoke(cwd: Path, *args: str, env: Mapping[str, str] | None = None) -> tuple[int, str]:
    """sitelint's command line run in this process from `cwd`: its exit code and output. `env` replaces the
    default environment (the day the tests judge ages from, no colour)."""
    from click.testing import CliRunner

    from sitelint.cli import main

    old = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, list(args), env=dict(env if env is not None else DEFAULT_ENV))
    finally:
        os.chdir(old)
    return result.exit_code, result.output


def write_site(root: Path, pages: Mapping[str, str], files: Mapping[str, str] | None = None,
               commits: Sequence[Mapping[str, Any]] = ()) -> Path:
    """Write pages and files under root; with commits, replay them as real git history at their dates."""
    everything = {**pages, **(files or {})}
    if commits:
        git(root, "init", "-q", "-b", "main")
        for commit in commits:
            date = str(commit["date"])
            for rel in commit["paths"]:
                contents = commit.get("contents", {})
                content = contents[rel] if rel in contents else everything[rel]
                target = root / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(content, encoding="utf-8")
                git(root, "add", rel)
            for rel in commit.get("removed", ()):  # with a file added in the same commit: a rename, to git
                git(root, "rm", "-q", rel)
            git(root, "commit", "-q", "-m", commit.get("message", "docs update"), date=date)
    for rel, content in everything.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != content:
            target.write_text(content, encoding="utf-8")
    return root


@pytest.fixture
def site(tmp_path: Path):  # type: ignore[no-untyped-def]
    def make(pages: Mapping[str, str], files: Mapping[str, str] | None = None,
             commits: Sequence[Mapping[str, Any]] = ()) -> Path:
        return write_site(tmp_path, pages, files, commits)

    return make


@pytest.fixture(scope="session")
def onnx_export() -> Path:
    """The packaged model's ONNX export, written once for the session (torch loads the model to write it)."""
    from sitelint.embedding import embedder_for
    from sitelint.embedding.models import onnx_path, resolve

    path = onnx_path(resolve(""))
    if not path.is_file():
        embedder_for({}, None, lambda m: None).embed(["The export is written when torch first loads the model."])
    assert path.is_file()
    return path


def shared(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not here (the shared corpora are only in the development checkout)")
    return path
