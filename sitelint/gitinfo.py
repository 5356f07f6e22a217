"""Per-file git history for the staleness rules: a few git processes for the whole tree, cached by HEAD."""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sitelint.cache import Cache

NAMESPACE, VERSION = "git-history", 3  # bump when the cached shape or the way history is read changes

# --first-parent -m: history is read along the main line only, and a merge shows its diff against the first parent,
# i.e. everything the merged branch brought in, dated when it landed. That keeps history linear, so renames (-M) can be
# chained newest to oldest without the ambiguity of side branches that touched the old name after the rename.
_LOG = ("log", "--first-parent", "-m", "-M", "--date=short", "--no-color", "--no-textconv", "--no-ext-diff", "-z")
# %ad with --date=short: the author date as a calendar day in the author's own time zone, the day a person would say
# it was written. Author dates (not committer dates) survive rebases, which would otherwise make old content look new.
_HEADER = "--format=%x01%H%x00%ad%x00%aN%x00"
# -w --ignore-blank-lines drops whitespace-only hunks; a file listed with changed lines in this pass changed in content.
_CONTENT = ("-w", "--ignore-blank-lines", "--numstat")
# Without some file contents (a blobless clone with no way to fetch them, a damaged object store) both passes above
# fail: a rename found by similarity and a diff that ignores whitespace read the files. Read by names alone then:
# renames of unchanged files (-M100% compares object ids, never contents), every listed change a change of content.
_EXACT_LOG = tuple("-M100%" if arg == "-M" else arg for arg in _LOG)
_MISSING_OBJECT = re.compile(r"(fatal|error): (unable to read|could not read|missing blob object) ")


@dataclass(frozen=True)
class FileHistory:
    """What git knows about one file: its last content change, who made it, and when the file first appeared."""

    path: str  # relative to the git top level, forward slashes
    changed: dt.date | None  # day of the last commit that changed the content; None when never committed
    author: str
    first_commit: dt.date | None  # day of the first commit of this file (through renames)
    commits: int  # content-changing commits
    dirty: bool = False  # uncommitted content changes (or untracked): the file counts as changed today

    def last_changed(self, today: dt.date) -> dt.date:
        """The day the content last changed; uncommitted or never committed content changed today."""
        return today if self.dirty or self.changed is None else self.changed


@dataclass(frozen=True)
class GitHistory:
    """History of every file in a work tree at one HEAD; answers for absolute or repository-relative paths."""

    top: Path  # the git top level
    base: Path  # what relative paths are relative to (the site's repository root)
    head: str
    files: Mapping[str, FileHistory]

    def file(self, path: str | Path) -> FileHistory | None:
        full = str(path) if os.path.isabs(path) else os.path.join(self.base, path)
        prefix = os.path.join(str(self.top), "")
        if full.startswith(prefix):  # the usual case, by string: resolving every page's path is slow on big sites
            found = self.files.get(full[len(prefix):].replace(os.sep, "/"))
            if found is not None:
                return found
        try:
            rel = Path(full).resolve().relative_to(self.top).as_posix()
        except ValueError:
            return None
        return self.files.get(rel)


class _GitError(Exception):
    pass


_REV_PARSE = ("rev-parse", "--is-shallow-repository", "--show-toplevel", "--verify", "-q", "HEAD^{commit}")
# Porcelain status and diff name paths from the top level whatever the folder they run in.
_STATUS = ("status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames")
_DIFF = ("diff", "HEAD", "--no-renames", "--no-ext-diff", "--no-textconv", "-z", *_CONTENT)


def _command(args: tuple[str, ...]) -> tuple[str, ...]:
    # --no-optional-locks: git status would otherwise refresh .git/index (a write, and a lock a commit in progress
    # may hold); this tool only reads.
    # core.fsmonitor=false: a repository's fsmonitor hook is a program of the repository's, never to be run.
    return ("git", "--no-optional-locks", "-c", "core.quotepath=off", "-c", "log.showSignature=false",
            "-c", "core.fsmonitor=false", *args)


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_command(args), cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          errors="surrogateescape", check=False)


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """git as this tool always runs it (no optional locks, no fsmonitor, paths unquoted), for other modules."""
    return _run(cwd, *args)


def export(top: Path, commit: str, folder: str, dest: Path) -> None:
    """The files of `folder` (relative to the top level; "" for all) at `commit`, written under dest as they are
    in the repository, through `git archive`: nothing of the work tree or the repository is touched."""
    paths = ["--", folder] if folder else []
    done = subprocess.run(_command(("archive", "--format=tar", commit, *paths)), cwd=top, capture_output=True,
                          check=False)
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise OSError(f"git archive {commit[:12]} failed: {said[0] if said else done.returncode}")
    import tarfile  # here, not at the top: only the commands that lint an old revision need it

    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        archive.extractall(dest, filter="data")  # no links out of dest, no devices, no absolute paths


def _git(cwd: Path, *args: str) -> str:
    done = _run(cwd, *args)
    if done.returncode != 0:
        raise _GitError(_first_line(done))
    return done.stdout


def _first_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.strip().splitlines()
    return lines[0] if lines else f"git {done.args[len(_command(()))]} exited with {done.returncode}"


def _commits(out: str) -> Iterator[tuple[str, str, str, list[str]]]:
    """Split `git log -z` output into (hash, author day, author, diff tokens)."""
    for chunk in out.split("\x01")[1:]:
        fields = chunk.split("\0")
        tokens = (t.lstrip("\n") for t in fields[3:])
        yield fields[0], fields[1], fields[2], [t for t in tokens if t]


def _numstat_changed(tokens: list[str]) -> Iterator[str]:
    """Paths in `--numstat -z` tokens whose change survives ignoring whitespace (binary changes count)."""
    it = iter(tokens)
    for token in it:
        added, deleted, path = token.split("\t", 2)
        if not path:  # a rename: the old and the new name follow as tokens of their own
            next(it, "")
            path = next(it, "")
        if added == "-" or int(added) + int(deleted) > 0:
            yield path


@dataclass
class _Acc:
    changed: str | None = None
    author: str = ""
    first: str | None = None
    commits: int = 0


def _walk(structure: str, content: set[tuple[str, str]] | None) -> dict[str, FileHistory]:
    """Follow every file alive at HEAD back through renames, newest commit first; `content` holds the (commit,
    path) changes that were more than whitespace (None: every change counts)."""
    # alias: a name as it was in older commits -> the file's name at HEAD, or None when older commits under that
    # name belong to another file (deleted since, or the name was freed by a rename or taken by a new file).
    alias: dict[str, str | None] = {}
    acc: dict[str, _Acc] = {}

    def touch(path: str, commit: str, day: str, author: str, created: bool, renamed: bool = False) -> str | None:
        target = alias.get(path, path)
        if target is not None:
            rec = acc.setdefault(target, _Acc())
            # read by names only, a rename is of an unchanged file (-M100%) and every other change is of content
            changed = (commit, path) in content if content is not None else not renamed
            if created or changed:
                if rec.changed is None:
                    rec.changed, rec.author = day, author
                rec.commits += 1
            rec.first = day
        return target

    for commit, day, author, tokens in _commits(structure):
        it = iter(tokens)
        for status in it:
            path = next(it, "")
            if status.startswith("R"):
                new = next(it, "")
                alias[path] = touch(new, commit, day, author, created=False, renamed=True)
                alias[new] = None
            elif status == "D":
                alias.setdefault(path, None)
            else:  # A, M, T
                touch(path, commit, day, author, created=status == "A")
                if status == "A":
                    alias[path] = None
    return {p: FileHistory(p, _day(a.changed), a.author, _day(a.first), a.commits) for p, a in acc.items()}


def _day(text: str | None) -> dt.date | None:
    return None if text is None else dt.date.fromisoformat(text)


def _dirty(top: Path, has_head: bool) -> set[str]:
    """Untracked files and tracked files whose uncommitted change is more than whitespace."""
    status = _git(top, *_STATUS)
    new, modified = set(), False
    for entry in filter(None, status.split("\0")):
        if entry[:2] == "??" or not has_head:
            new.add(entry[3:])
        else:
            modified = True
    if not modified:
        return new
    try:
        diff = _git(top, *_DIFF)
    except _GitError as err:
        if not _MISSING_OBJECT.match(str(err)):
            raise
        # a clone missing the objects the diff needs: read by names, every modified file counts as changed
        return new | {entry[3:] for entry in filter(None, status.split("\0")) if entry[:2] != "??"}
    return new | set(_numstat_changed([t.lstrip("\n") for t in diff.split("\0") if t.strip("\n")]))


def _rows(files: Mapping[str, FileHistory]) -> dict[str, list[Any]]:
    return {p: [_text(f.changed), f.author, _text(f.first_commit), f.commits] for p, f in sorted(files.items())}


def _text(day: dt.date | None) -> str | None:
    return None if day is None else day.isoformat()


def _files(rows: Any) -> dict[str, FileHistory] | None:
    """History records from cached rows; None when the value is not what _rows made (it is read again)."""
    if not isinstance(rows, dict) or not all(_row_ok(r) for r in rows.values()):
        return None
    return {p: FileHistory(p, _day(c), str(a), _day(f), int(n)) for p, (c, a, f, n) in rows.items()}


def _row_ok(row: Any) -> bool:
    return (isinstance(row, list) and len(row) == 4 and isinstance(row[0], (str, type(None)))
            and isinstance(row[1], str) and isinstance(row[2], (str, type(None))) and isinstance(row[3], int))


def _read_history(top: Path, head: str, cache: Cache | None, note: Callable[[str], None]) -> dict[str, FileHistory]:
    ns = cache.namespace(NAMESPACE, VERSION) if cache is not None else None
    files = _files(ns.get_json(head)) if ns is not None else None
    if files is None:
        try:
            structure = _git(top, *_LOG, "--name-status", _HEADER, head)
            numstat = _git(top, *_LOG, *_CONTENT, _HEADER, head)
        except _GitError as err:
            if not _MISSING_OBJECT.match(str(err)):
                raise
            note(f"git history read by names only ({err}: a partial or incomplete clone): renames are followed only "
                 "where the content did not change, and changes of whitespace alone count as changes. "
                 "`git fetch --refetch` brings the missing objects back.")
            return _walk(_git(top, *_EXACT_LOG, "--name-status", _HEADER, head), None)
        content = {(commit, path) for commit, _, _, tokens in _commits(numstat) for path in _numstat_changed(tokens)}
        files = _walk(structure, content)
        if ns is not None:
            ns.put_json(head, _rows(files))
    return files


def history_for(repo_root: Path, cache: Cache | None, note: Callable[[str], None]) -> GitHistory | None:
    """The history of the work tree holding repo_root; None, after one note, when it cannot be read."""
    skipped = "the staleness rules that need git history (stale page, code drift) are skipped"
    if shutil.which("git") is None:
        note(f"git is not installed or not on PATH: {skipped}. Install git to enable them.")
        return None
    try:
        # One process for three answers; without a commit yet, --verify fails after the first two are printed.
        done = _run(repo_root, *_REV_PARSE)
        lines = done.stdout.split("\n")
        if done.returncode not in (0, 1) or len(lines) < 2 or not lines[1]:
            raise _GitError(_first_line(done))
        shallow, toplevel = lines[:2]
        head = lines[2].strip() if done.returncode == 0 and len(lines) > 2 else ""  # "": no commit, every file new
        if shallow == "true":
            note(
                f"git history is shallow: {skipped}, since every page would look new. Fetch the full history "
                "(`fetch-depth: 0` in actions/checkout, or `git fetch --unshallow`)."
            )
            return None
        top = Path(toplevel).resolve()
        committed = _read_history(top, head, cache, note) if head else {}
        # The cache holds committed history only (keyed by HEAD); the dirty state is read fresh on every run, so a
        # cached entry never hides an uncommitted edit.
        dirty: dict[str, FileHistory] = {}
        for path in _dirty(top, bool(head)):
            old = committed.get(path)
            dirty[path] = replace(old, dirty=True) if old else FileHistory(path, None, "", None, 0, dirty=True)
        files = {**committed, **dirty}
    except (_GitError, OSError) as err:
        if "not a git repository" in str(err):
            note(f"{repo_root} is not in a git repository: {skipped}.")
            return None
        note(f"cannot read git history for {repo_root} ({err}): {skipped}.")
        return None
    return GitHistory(top=top, base=repo_root.resolve(), head=head, files=files)


_PLAIN_VERSION_TAG = re.compile(r"^v?\d+\.\d+")
_PACKAGE_VERSION_TAG = re.compile(r"[@/-]v?\d+\.\d+")  # `@scope/cli@5.0.1`, `cli-v2.3.0`, `cli/v1.2.0`
_TAG_LEFT_BEHIND_DAYS = 730  # a newest version tag this much older than the last commit is no longer how it releases


def _version_key(tag: str) -> tuple[int, ...]:
    """A tag's version numbers, with or without its `v`: a repository that moved from `v0.6.0` to `25.07` sorts by the
    numbers (git's version sort puts every `v` tag after the plain ones)."""
    return tuple(int(n) for n in re.findall(r"\d+", tag.lstrip("v").split("-", 1)[0])[:4])


def last_change(repo_root: Path, path: Path) -> int | None:
    """When a file or folder was last changed by a commit (seconds since the epoch); None without git, a commit or
    a history of it."""
    if shutil.which("git") is None:
        return None
    try:
        out = _git(repo_root, "log", "-1", "--format=%ct", "--", str(path)).strip()
    except (OSError, subprocess.SubprocessError, _GitError):
        return None
    return int(out) if out.isdigit() else None


def version_tags(repo_root: Path) -> list[str]:
    """The repository's tags, newest version first (by their numbers, `v` or not); [] without git or tags. A
    repository that has moved to tagging each package's releases (`@scope/cli@5.0.1`), whose ten latest tags include a
    package's and none of them a plain version's, gives none: its plain `v1.17.7` tags are from before the move. Nor
    does one whose newest version tag is two years older than its last commit (a site's repository tagged once, long
    ago)."""
    if shutil.which("git") is None:
        return []
    try:
        tags = _git(repo_root, "tag", "--list", "--sort=-v:refname").split()
        # plain version tags by their numbers, `v` or not, ahead of the others in git's order
        plain = [t for t in tags if _PLAIN_VERSION_TAG.match(t)]
        tags = sorted(plain, key=_version_key, reverse=True) + [t for t in tags if not _PLAIN_VERSION_TAG.match(t)]
        if not tags:
            return []
        # every tag with the day it was made, the latest first
        dated = [line.split(" ", 1) for line in _git(repo_root, "for-each-ref", "--sort=-creatordate",
                                                     "--format=%(creatordate:unix) %(refname:short)",
                                                     "refs/tags").splitlines() if " " in line]
    except (_GitError, OSError):
        return []
    latest = [tag for _, tag in dated[:10]]
    if not any(_PLAIN_VERSION_TAG.match(t) for t in latest) and any(_PACKAGE_VERSION_TAG.search(t) for t in latest):
        return []
    newest = next((t for t in tags if _PLAIN_VERSION_TAG.match(t)), None)
    if newest is not None:
        try:
            tagged = int(next(day for day, tag in dated if tag == newest))
            head = int(_git(repo_root, "log", "-1", "--format=%ct").split()[0])
        except (_GitError, OSError, ValueError, IndexError, StopIteration):
            return tags
        if head - tagged > _TAG_LEFT_BEHIND_DAYS * 86400:
            return []
    return tags


def ignored(repo_root: Path, names: Sequence[str]) -> bool:
    """Whether the repository's ignore rules (.gitignore files, .git/info/exclude) cover any of the paths (relative to
    repo_root; a folder's with its trailing `/`), which need not exist: a build's output
    (`netbox/project-static/docs/`), not a file gone missing. False without git."""
    return bool(ignored_paths(repo_root, names))


def ignored_paths(repo_root: Path, names: Sequence[str]) -> frozenset[str]:
    """Those of the paths (as `ignored` takes them) that the repository's ignore rules cover, in one git call; none
    without git."""
    if not names or shutil.which("git") is None:
        return frozenset()
    try:
        done = subprocess.run(_command(("check-ignore", "--no-index", "--stdin")), cwd=repo_root,
                              input="\n".join(names), capture_output=True, text=True, encoding="utf-8",
                              errors="surrogateescape", check=False)
    except OSError:
        return frozenset()
    return frozenset(line for line in done.stdout.splitlines() if line) if done.returncode == 0 else frozenset()


def tracked(path: Path) -> bool:
    """Whether git tracks the file at path (False outside a work tree, or without git)."""
    if not path.parent.is_dir():
        return False
    try:
        done = _run(path.parent, "ls-files", "--error-unmatch", "--", path.name)
    except OSError:
        return False
    return done.returncode == 0
