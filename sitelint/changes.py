"""What git says changed: the files changed since a revision, the lines a change touched, and renamed files.

Paths are relative to the git top level with forward slashes, as git names them. The work tree is compared, so a
change counts whether it is committed, staged or not yet staged; untracked files are new files.
"""

from __future__ import annotations

import codecs
import os
import re
import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from sitelint.gitinfo import run

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
_DIFF = ("diff", "--no-color", "--no-ext-diff", "--no-textconv", "-M")


class ChangeError(Exception):
    """git cannot say what changed (no repository, an unknown revision); the message says what to do."""


@dataclass(frozen=True)
class Changes:
    """Files changed between `base` and the work tree, and (when asked for) the lines each change touched."""

    top: Path
    base: str  # the commit compared with; "" when there is none (a repository without commits): every file is new
    files: frozenset[str]
    new: frozenset[str] = frozenset()  # files with no version at base: every line of them is new
    # per file: the lines added or edited, and those beside a removal
    lines: Mapping[str, frozenset[int]] = field(default_factory=dict)

    def touched(self, path: str, first: int, last: int) -> bool:
        """Whether the change added or edited a line from first to last of the file (top-relative path)."""
        if path in self.new:
            return True
        lines = self.lines.get(path, frozenset())
        return any(first <= n <= last for n in lines)


def toplevel(start: Path) -> Path:
    """The git top level of the work tree holding start."""
    if shutil.which("git") is None:
        raise ChangeError("git is not installed or not on PATH; install git to compare with a revision")
    done = run(start if start.is_dir() else start.parent, "rev-parse", "--show-toplevel")
    if done.returncode != 0:
        raise ChangeError(f"{start} is not in a git repository, so there is no change to compare with")
    return Path(done.stdout.strip()).resolve()


def head(top: Path) -> str:
    """The commit HEAD names, or "" in a repository without commits."""
    done = run(top, "rev-parse", "--verify", "-q", "HEAD^{commit}")
    return done.stdout.strip() if done.returncode == 0 else ""


def merge_base(top: Path, ref: str) -> str:
    """Where HEAD's history meets ref's: the changes since then are this branch's own, not ref's newer ones."""
    done = run(top, "rev-parse", "--verify", "-q", f"{ref}^{{commit}}")
    if done.returncode != 0:
        raise ChangeError(f"git does not know the revision {ref!r}; name a branch, tag or commit (in CI, fetch it: "
                          "`fetch-depth: 0` in actions/checkout)")
    commit = done.stdout.strip()
    mine = head(top)
    if not mine:
        return commit
    done = run(top, "merge-base", commit, mine)
    if done.returncode != 0:
        raise ChangeError(f"{ref!r} shares no history with HEAD; compare with a revision of this branch's history")
    return done.stdout.strip()


def changed(top: Path, base: str, with_lines: bool = False) -> Changes:
    """What changed from base (a commit, or "" for none) to the work tree, untracked files included."""
    untracked = set(_list(top, "ls-files", "--others", "--exclude-standard", "-z"))
    if not base:
        tracked = set(_list(top, "ls-files", "--cached", "-z"))
        return Changes(top, "", frozenset(tracked | untracked), frozenset(tracked | untracked))
    files: set[str] = set(untracked)
    new: set[str] = set(untracked)
    tokens = iter(_list(top, *_DIFF, "--name-status", "-z", base))
    for status in tokens:
        path = next(tokens, "")
        if status.startswith(("R", "C")):
            path = next(tokens, "")
        if status != "D":
            files.add(path)
        if status == "A":
            new.add(path)
    lines = _lines(top, base) if with_lines else {}
    return Changes(top, base, frozenset(files), frozenset(new), lines)


def renames(top: Path, since: str) -> dict[str, str]:
    """Files renamed from the commit `since` to the work tree: old name -> new name (empty when since is unknown)."""
    if not known(top, since):
        return {}
    out: dict[str, str] = {}
    tokens = iter(_list(top, *_DIFF, "--name-status", "-z", since))
    for status in tokens:
        path = next(tokens, "")
        if status.startswith("R"):
            out[path] = next(tokens, "")
        elif status.startswith("C"):
            next(tokens, "")
    return out


def known(top: Path, commit: str) -> bool:
    """Whether the repository holds the commit (a shallow clone may not)."""
    return bool(commit) and run(top, "cat-file", "-e", f"{commit}^{{commit}}").returncode == 0


def repo_base(cwd: Path, top: Path) -> str:
    """The working directory relative to the top level ("" at the top): what turns a finding's path into git's."""
    rel = os.path.relpath(cwd.resolve(), top.resolve())
    return "" if rel == "." else Path(rel).as_posix()


def repo_path(path: str, base: str) -> str:
    """A path relative to the working directory, as a path relative to the top level (forward slashes)."""
    return os.path.normpath(os.path.join(base, path)).replace(os.sep, "/") if base else path


def _list(top: Path, *args: str) -> list[str]:
    done = run(top, *args)
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()
        raise ChangeError(f"git {args[0]} failed in {top}: {said[0] if said else f'exit code {done.returncode}'}")
    return [token for token in done.stdout.split("\0") if token]


def _lines(top: Path, base: str) -> dict[str, frozenset[int]]:
    """Per file, the lines of the work tree's version that the diff from base adds or edits, and the lines either side
    of a removal (a deleted passage touches what now surrounds it)."""
    done = run(top, *_DIFF, "-U0", "--src-prefix=a/", "--dst-prefix=b/", base)
    if done.returncode != 0:
        raise ChangeError(f"git diff failed in {top}: {done.stderr.strip()}")
    out: dict[str, set[int]] = {}
    current: set[int] | None = None
    for line in done.stdout.splitlines():
        if line.startswith("+++ "):
            name = _unquote(line[4:])
            current = out.setdefault(name[2:], set()) if name.startswith("b/") else None
            continue
        match = _HUNK.match(line)
        if match is None or current is None:
            continue
        start, count = int(match.group(1)), int(match.group(2) or "1")
        current.update(range(start, start + count) if count else _beside(start))
    return {path: frozenset(lines) for path, lines in out.items()}


def _beside(start: int) -> Iterable[int]:
    return (n for n in (start, start + 1) if n >= 1)


def _unquote(name: str) -> str:
    # git quotes a name holding control characters, a quote or a backslash as a C string.
    if len(name) >= 2 and name[0] == name[-1] == '"':
        return codecs.decode(name[1:-1], "unicode_escape")
    return name
