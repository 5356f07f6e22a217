"""The probe's copy of the site: a git repository of its own in a temporary folder, where plants are applied, built,
linted and undone. The user's tree is only ever read."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sitelint import api as engine
from sitelint.probe.operators import Plant

SKIP_COPY = shutil.ignore_patterns(".git", "node_modules", "build", "site", "_build", ".docusaurus", ".sitelint",
                                   ".vitepress/cache", ".vitepress/dist", "dist", ".astro", ".cache")
# Never in the copy's commits: what builds write and the link farm to the user's packages.
IGNORED = ("node_modules/", "build/", "site/", "_build/", ".docusaurus/", "dist/", ".astro/", ".cache/",
           ".vitepress/cache/", ".vitepress/dist/", "__pycache__/")
BASE_AGE_DAYS = 365  # the copy's one commit is this old, so that a plant committed later is far newer
# A plant's commit is this old: far newer than the copy's commit, and past the weeks a source's change gives its
# translators (translation-lag's grace-days) before its translations count as behind.
CHANGE_AGE_DAYS = BASE_AGE_DAYS // 2


@dataclass(frozen=True)
class Built:
    status: int
    log: str
    seconds: float


class Workspace:
    def __init__(self, root: Path, project_root: Path, cwd: Path, workdir: Path, today: dt.date,
                 tags: Sequence[str]) -> None:
        """Copy root (the folder holding the project and every docs root) to workdir."""
        self.project = Path(os.path.realpath(root))
        self.copy = workdir / (root.name or "site")
        shutil.copytree(root, self.copy, ignore=SKIP_COPY, symlinks=True, dirs_exist_ok=True)
        self.notes = _contain_links(self.copy, self.project)
        _link_node_modules(project_root / "node_modules", self.copy / project_root.relative_to(root) / "node_modules")
        self.inner = self.copy / cwd.relative_to(root) if cwd.is_relative_to(root) else self.copy
        self.project_copy = self.copy / project_root.relative_to(root)  # where the site's config is, in the copy
        self.today = today
        self._git("init", "-q")
        (self.copy / ".git" / "info").mkdir(parents=True, exist_ok=True)
        (self.copy / ".git" / "info" / "exclude").write_text("\n".join(IGNORED) + "\n", encoding="utf-8")
        self._git("add", "-A")
        self._commit("the site as it is", today - dt.timedelta(days=BASE_AGE_DAYS), "--allow-empty")
        self.base = self._git("rev-parse", "HEAD").strip()
        for tag in tags[:1]:  # the newest version tag: where the current version may come from
            self._git("tag", tag)

    def _git(self, *args: str, date: dt.date | None = None) -> str:
        env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
               "GIT_AUTHOR_NAME": "sitelint probe", "GIT_AUTHOR_EMAIL": "probe@sitelint.invalid",
               "GIT_COMMITTER_NAME": "sitelint probe", "GIT_COMMITTER_EMAIL": "probe@sitelint.invalid"}
        if date is not None:
            env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"{date.isoformat()}T12:00:00+0000"
        done = subprocess.run(["git", "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false", *args],
                              cwd=self.copy, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise engine.InputError(f"the probe's copy ({self.copy}): git {args[0]} failed: {done.stderr.strip()}")
        return done.stdout

    def _commit(self, message: str, date: dt.date, *extra: str) -> None:
        self._git("commit", "-q", "--no-verify", *extra, "-m", message, date=date)

    def _path(self, relative: str) -> Path:
        target = Path(os.path.normpath(self.inner / relative))
        real = Path(os.path.realpath(target))
        if not real.is_relative_to(os.path.realpath(self.copy)):
            raise engine.InputError(f"{target}: resolves to {real}, outside the probe's copy; not written")
        return target

    def apply(self, plants: Sequence[Plant]) -> None:
        committed = []
        for plant in plants:
            for edit in plant.edits:
                target = self._path(edit.path)
                if edit.text is None:
                    target.unlink(missing_ok=True)
                else:
                    target.write_text(edit.text, encoding="utf-8")
                if plant.commit:
                    committed.append(str(target.relative_to(self.copy)))
        if committed:
            self._git("add", "--", *committed)
            self._commit("changed after the pages", self.today - dt.timedelta(days=CHANGE_AGE_DAYS))

    def undo(self, plants: Sequence[Plant]) -> None:
        """Put the copy back as it was before these plants, each the way its catalogue entry says."""
        if any(p.op.undo == "reset" for p in plants):
            self._git("reset", "-q", "--hard", self.base)
        for plant in plants:
            for edit in plant.edits:
                target = self._path(edit.path)
                if plant.op.undo == "delete":
                    target.unlink(missing_ok=True)
                elif plant.op.undo == "restore":
                    self._git("checkout", "-q", self.base, "--", str(target.relative_to(self.copy)))
        left = self._git("status", "--porcelain", "--untracked-files=no").strip()
        if left:
            raise engine.InputError(f"the probe's copy ({self.copy}) was not put back after a build: {left[:200]}")

    def build(self, command: Sequence[str], cwd: Path) -> Built:
        from sitelint.build.logs import run_build

        program = command[0]
        if "/" in program and not Path(program).is_absolute():
            program = str((cwd / program).resolve())  # relative to where the user stands
        started = time.perf_counter()
        status, log = run_build([program, *command[1:]], self.inner, out=sys.stderr)
        return Built(status, log, time.perf_counter() - started)


def _contain_links(copy: Path, project: Path) -> list[str]:
    """Make every symlink of the copy stay in the copy: one into the project points at the copy's own file instead,
    one that leaves the project is removed (with a note), so that a planted defect can only land in the copy."""
    notes = []
    for base, dirs, files in os.walk(copy):
        for name in [*dirs, *files]:
            link = Path(base) / name
            if not link.is_symlink():
                continue
            target = Path(os.path.realpath(project / link.relative_to(copy)))
            if target.is_relative_to(project):
                counterpart = copy / target.relative_to(project)
                link.unlink()
                link.symlink_to(os.path.relpath(counterpart, link.parent))
            else:
                link.unlink()
                notes.append(f"{link.relative_to(copy).as_posix()}: a symlink out of the project "
                             f"({target}); left out of the probe's copy")
    return notes


def _link_node_modules(original: Path, linked: Path) -> None:
    """The copy's node_modules: a folder of its own holding a link to each installed package, so that the build finds
    its dependencies while what it writes there (node_modules/.cache and other dot folders) stays in the copy."""
    if not original.is_dir() or linked.exists():
        return
    linked.mkdir()
    for entry in sorted(os.scandir(original), key=lambda e: e.name):
        if entry.name.startswith(".") and entry.name != ".bin":
            continue  # caches and lock files: the build writes these
        (linked / entry.name).symlink_to(entry.path)
