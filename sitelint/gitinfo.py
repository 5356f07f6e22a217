"""Per-file git history for the staleness rules: a few git processes for the whole tree, cached by HEAD."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

NAMESPACE = "git-history"
_FORMAT = "v2"  # bump when the cached shape or the way history is read changes

# --first-parent -m: history is read along the main line only, and a merge shows its diff against the first parent,
# i.e. everything the merged branch brought in, dated when it landed. That keeps history linear, so renames (-M) can be
# chained newest to oldest without the ambiguity of side branches that touched the old name after the rename.
_LOG = ("log", "--first-parent", "-m", "-M", "--date=short", "--no-color", "--no-textconv", "--no-ext-diff", "-z")
# %ad with --date=short: the author date as a calendar day in the author's own time zone, the day a person would say
# it was written. Author dates (not committer dates) survive rebases, which would otherwise make old content look new.
_HEADER = "--format=%x01%H%x00%ad%x00%aN%x00"
# -w --ignore-blank-lines drops whitespace-only hunks; a file listed with changed lines in this pass changed in content.
_CONTENT = ("-w", "--ignore-blank-lines", "--numstat")


class Cache(Protocol):
    """What the history needs of the run cache (sitelint.cache.Cache provides it)."""

    def get(self, namespace: str, key: str, /) -> bytes | None: ...

    def put(self, namespace: str, key: str, value: bytes, /) -> None: ...


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
        p = Path(path)
        full = p if p.is_absolute() else self.base / p
        try:
            rel = full.resolve().relative_to(self.top).as_posix()
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
    return ("git", "--no-optional-locks", "-c", "core.quotepath=off", "-c", "log.showSignature=false", *args)


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_command(args), cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          errors="surrogateescape", check=False)


class Early:
    """The git processes every history read starts with, started at once: they run on another core while the
    site is read, and history_for takes their output instead of waiting for new ones."""

    def __init__(self, cwd: Path) -> None:
        self._procs: dict[tuple[str, ...], subprocess.Popen[str]] = {}
        if shutil.which("git") is None:
            return
        for args in (_REV_PARSE, _STATUS, _DIFF):
            try:
                self._procs[args] = subprocess.Popen(_command(args), cwd=cwd, stdout=subprocess.PIPE,
                                                     stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                                     errors="surrogateescape")
            except OSError:
                break

    def take(self, cwd: Path, args: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
        """The output of git args: the early process's if it was started, else a new run in cwd."""
        proc = self._procs.pop(args, None)
        if proc is None:
            return _run(cwd, *args)
        out, err = proc.communicate()
        return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)

    def close(self) -> None:
        """Reap the processes nobody asked for."""
        for proc in self._procs.values():
            proc.communicate()
        self._procs.clear()


def _done(cwd: Path, args: tuple[str, ...], early: Early | None) -> subprocess.CompletedProcess[str]:
    """git args run in cwd, or the output of the same process started early."""
    return early.take(cwd, args) if early is not None else _run(cwd, *args)


def _git(cwd: Path, *args: str, early: Early | None = None) -> str:
    done = _done(cwd, args, early)
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


def _walk(structure: str, content: set[tuple[str, str]]) -> dict[str, FileHistory]:
    """Follow every file alive at HEAD back through renames, newest commit first."""
    # alias: a name as it was in older commits -> the file's name at HEAD, or None when older commits under that
    # name belong to another file (deleted since, or the name was freed by a rename or taken by a new file).
    alias: dict[str, str | None] = {}
    acc: dict[str, _Acc] = {}

    def touch(path: str, commit: str, day: str, author: str, created: bool) -> str | None:
        target = alias.get(path, path)
        if target is not None:
            rec = acc.setdefault(target, _Acc())
            if created or (commit, path) in content:
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
                alias[path] = touch(new, commit, day, author, created=False)
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


def _dirty(top: Path, has_head: bool, early: Early | None = None) -> set[str]:
    """Untracked files and tracked files whose uncommitted change is more than whitespace."""
    status = _git(top, *_STATUS, early=early)
    new, modified = set(), False
    for entry in filter(None, status.split("\0")):
        if entry[:2] == "??" or not has_head:
            new.add(entry[3:])
        else:
            modified = True
    if not modified:
        return new
    diff = _git(top, *_DIFF, early=early)
    return new | set(_numstat_changed([t.lstrip("\n") for t in diff.split("\0") if t.strip("\n")]))


def _encode(files: Mapping[str, FileHistory]) -> bytes:
    rows = {p: [_text(f.changed), f.author, _text(f.first_commit), f.commits] for p, f in sorted(files.items())}
    return zlib.compress(json.dumps(rows, separators=(",", ":")).encode())


def _text(day: dt.date | None) -> str | None:
    return None if day is None else day.isoformat()


class _Rows(Mapping[str, FileHistory]):
    """Cached history rows, made into FileHistory records when asked for: a run reads a few of a site's thousands."""

    def __init__(self, rows: dict[str, list[Any]]) -> None:
        self._rows = rows
        self._made: dict[str, FileHistory] = {}

    def __getitem__(self, path: str) -> FileHistory:
        made = self._made.get(path)
        if made is None:
            changed, author, first, commits = self._rows[path]
            made = self._made[path] = FileHistory(path, _day(changed), str(author), _day(first), int(commits))
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


def _decode(blob: bytes) -> Mapping[str, FileHistory] | None:
    try:
        rows = json.loads(zlib.decompress(blob))
        if not isinstance(rows, dict) or not all(_row_ok(r) for r in rows.values()):
            return None
        return _Rows(rows)
    except (ValueError, zlib.error, TypeError):
        return None  # an unreadable entry is recomputed, never trusted


def _row_ok(row: Any) -> bool:
    return (isinstance(row, list) and len(row) == 4 and isinstance(row[0], (str, type(None)))
            and isinstance(row[1], str) and isinstance(row[2], (str, type(None))) and isinstance(row[3], int))


class _Merged(Mapping[str, FileHistory]):
    """The committed history with the work tree's uncommitted files laid over it."""

    def __init__(self, committed: Mapping[str, FileHistory], dirty: Mapping[str, FileHistory]) -> None:
        self._committed, self._dirty = committed, dirty

    def __getitem__(self, path: str) -> FileHistory:
        found = self._dirty.get(path)
        return found if found is not None else self._committed[path]

    def __iter__(self) -> Iterator[str]:
        yield from self._committed
        yield from (p for p in self._dirty if p not in self._committed)

    def __len__(self) -> int:
        return len(self._committed) + sum(1 for p in self._dirty if p not in self._committed)


def _read_history(top: Path, head: str, cache: Cache | None) -> Mapping[str, FileHistory]:
    key = f"{_FORMAT}:{head}"
    blob = cache.get(NAMESPACE, key) if cache is not None else None
    files = _decode(blob) if blob is not None else None
    if files is None:
        structure = _git(top, *_LOG, "--name-status", _HEADER, head)
        numstat = _git(top, *_LOG, *_CONTENT, _HEADER, head)
        content = {(commit, path) for commit, _, _, tokens in _commits(numstat) for path in _numstat_changed(tokens)}
        files = _walk(structure, content)
        if cache is not None:
            cache.put(NAMESPACE, key, _encode(files))
    return files


def history_for(repo_root: Path, cache: Cache | None, note: Callable[[str], None],
                early: Early | None = None) -> GitHistory | None:
    """The "git" service: history of the work tree holding repo_root; None, after one note, when it cannot be read.

    early: processes started in repo_root beforehand (Early), whose output is used instead of running them again.
    """
    skipped = "the staleness rules that need git history (stale page, code drift) are skipped"
    if shutil.which("git") is None:
        note(f"git is not installed or not on PATH: {skipped}. Install git to enable them.")
        return None
    try:
        # One process for three answers; without a commit yet, --verify fails after the first two are printed.
        done = _done(repo_root, _REV_PARSE, early)
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
        committed = _read_history(top, head, cache) if head else {}
        # The cache holds committed history only (keyed by HEAD); the dirty state is read fresh on every run, so a
        # cached entry never hides an uncommitted edit.
        dirty: dict[str, FileHistory] = {}
        for path in _dirty(top, bool(head), early):
            old = committed.get(path)
            dirty[path] = replace(old, dirty=True) if old else FileHistory(path, None, "", None, 0, dirty=True)
        files = _Merged(committed, dirty)
    except (_GitError, OSError) as err:
        if "not a git repository" in str(err):
            note(f"{repo_root} is not in a git repository: {skipped}.")
            return None
        note(f"cannot read git history for {repo_root} ({err}): {skipped}.")
        return None
    return GitHistory(top=top, base=repo_root.resolve(), head=head, files=files)
