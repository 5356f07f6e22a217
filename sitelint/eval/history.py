"""Replay what maintainers did: labels derived from a site's git history, each source kept apart.

Every event is a page a maintainer acted on (deleted while nearly empty, filled in from a stub, deleted in a commit
that says it was a duplicate, merged into another page, removed or rewritten as outdated), and the page as it was
just before is linted in its site as it was then, in a temporary clone (never the user's tree). Pages that lived on
untouched for a long time are the benign survivors: how often sitelint flags them is its false-alarm rate.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sitelint.model import Page
from sitelint.pipeline import parse

PAGE_SUFFIXES = (".md", ".mdx", ".markdown")
STUB_WORDS = 50  # a page deleted with fewer prose words was nearly empty
FILLED_FROM = 80  # a page this short that grows to FILLED_TO words (and 3x) was a stub filled in
FILLED_TO = 150
MERGED_SHARE = 0.5  # share of a deleted page's 8-word shingles added to other pages in the same commit
REWRITTEN_SHARE = 0.5  # share of a page's lines removed for a rewrite
SURVIVOR_DAYS = 365
SHINGLE = 8

SOURCES: dict[str, tuple[str, str]] = {  # source -> (dimension, what it means)
    "deleted-stub": ("substance", f"deleted with under {STUB_WORDS} words of prose"),
    "stub-filled": ("substance", f"under {FILLED_FROM} words, then filled in to {FILLED_TO}+ words"),
    "said-duplicate": ("duplication", "deleted in a commit that says duplicate, merge or consolidate"),
    "merged-away": ("duplication", "deleted while its prose was added to another page in the same commit"),
    "removed-outdated": ("staleness", "deleted in a commit that says outdated, stale, deprecated or obsolete"),
    "rewritten-outdated": ("staleness", "mostly rewritten in a commit that says outdated, stale or obsolete"),
}
SURVIVOR = "survivor"
_DUPLICATE = re.compile(r"(?i)\bduplicat\w*|\bdedup\w*|\bmerg(?:e|ed|es|ing)\b|\bconsolidat\w*|\bredundan\w*")
_OUTDATED = re.compile(r"(?i)\b(?:outdated|out[- ]of[- ]date|stale|deprecat\w*|obsolete|no longer|unmaintained"
                       r"|end[- ]of[- ]life)\b")
_MERGE_SUBJECT = re.compile(r"(?i)^merge (?:pull request|branch|remote|tag)\b")
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Event:
    source: str
    page: str  # relative to the repository root, as it was in the parent commit
    commit: str  # where the maintainers acted ("" for a survivor)
    parent: str  # the tree that is linted
    date: dt.date  # the day the tree is linted as of
    subject: str
    why: str

    @property
    def dimension(self) -> str:
        return SOURCES[self.source][0] if self.source in SOURCES else ""


@dataclass(frozen=True)
class Outcome:
    event: Event
    flagged: bool  # a finding of the event's dimension at warning or error
    flagged_any: bool  # ... at any severity
    rules: tuple[str, ...]  # codes of every finding on the page
    severe: tuple[str, ...]  # dimensions with a warning or error on the page
    page: Page | None = None
    problem: str = ""  # why the page could not be linted


@dataclass
class Commit:
    sha: str
    parent: str
    date: dt.date
    subject: str
    changes: list[tuple[str, str, str]] = field(default_factory=list)  # (status, old path, new path)


class Git:
    """git commands on one repository, with no hooks, no fsmonitor and no pager."""

    def __init__(self, top: Path) -> None:
        self.top = top

    def __call__(self, *args: str, binary: bool = False) -> str:
        done = subprocess.run(
            ["git", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.quotepath=off",
             "--no-optional-locks", *args],
            cwd=self.top, capture_output=True, check=False,
        )
        if done.returncode != 0:
            raise HistoryError(f"git {' '.join(args[:2])} failed: {done.stderr.decode(errors='replace').strip()}")
        return done.stdout.decode("utf-8", errors="replace")

    def show(self, commit: str, path: str) -> str | None:
        try:
            return self("show", f"{commit}:{path}")
        except HistoryError:
            return None


class HistoryError(Exception):
    """A repository whose history cannot be replayed, worded for the user."""


def repository(start: Path) -> Path:
    try:
        top = subprocess.run(["git", "-c", "core.fsmonitor=false", "rev-parse", "--show-toplevel"], cwd=start,
                             capture_output=True, text=True, check=False)
    except OSError:
        raise HistoryError("git is not installed; --history replays the site's git history") from None
    if top.returncode != 0:
        raise HistoryError(f"{start} is not inside a git repository; --history replays the site's git history")
    return Path(top.stdout.strip())


def commits(git: Git, prefixes: Sequence[str], since: dt.date | None) -> list[Commit]:
    """First-parent commits touching pages under the prefixes, newest first, with their page changes."""
    args = ["log", "--first-parent", "-m", "-M", "--name-status", "-z", "--format=%x01%H%x00%P%x00%cs%x00%s"]
    if since is not None:
        args.append(f"--since={since.isoformat()}")
    out: list[Commit] = []
    for chunk in git(*args, "--", *(prefixes or ["."])).split("\x01")[1:]:
        tokens = chunk.split("\x00")
        if len(tokens) < 4:
            continue
        parent = tokens[1].split()[0] if tokens[1] else ""  # "" for a root commit: it has no tree before it
        commit = Commit(tokens[0], parent, dt.date.fromisoformat(tokens[2]), tokens[3])
        rest = [t.lstrip("\n") for t in tokens[4:]]
        i = 0
        while i < len(rest):
            status = rest[i]
            if not status:
                i += 1
                continue
            if status[:1] in "RC" and i + 2 < len(rest):
                commit.changes.append((status[:1], rest[i + 1], rest[i + 2]))
                i += 3
            elif i + 1 < len(rest):
                commit.changes.append((status[:1], rest[i + 1], rest[i + 1]))
                i += 2
            else:
                break
        out.append(commit)
    return out


def _is_page(path: str, prefixes: Sequence[str]) -> bool:
    return path.endswith(PAGE_SUFFIXES) and (not prefixes or any(path.startswith(p) for p in prefixes))


def _page(path: str, text: str) -> Page:
    return parse.parse_page(path, Path(path), text)


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = [w.lower() for w in _WORD.findall(text)]
    return {tuple(words[i : i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def _added_text(git: Git, commit: Commit, paths: Sequence[str]) -> str:
    if not paths:
        return ""
    diff = git("diff", "--no-ext-diff", "--no-textconv", "-U0", commit.parent, commit.sha, "--", *paths)
    return "\n".join(line[1:] for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++"))


def events(git: Git, history: Sequence[Commit], prefixes: Sequence[str]) -> Iterator[Event]:
    """Every event the history shows, newest first."""
    for c in history:
        if not c.parent or _MERGE_SUBJECT.match(c.subject):
            continue  # a root commit has no tree before it; a merge's own commits are on the line or say more
        deleted = [old for status, old, _ in c.changes if status == "D" and _is_page(old, prefixes)]
        modified = [old for status, old, _ in c.changes if status == "M" and _is_page(old, prefixes)]
        others = [new for status, _, new in c.changes if status in "AMRC" and _is_page(new, prefixes)]
        added: str | None = None
        for path in deleted:
            text = git.show(c.parent, path)
            if text is None:
                continue
            page = _page(path, text)

            def event(source: str, why: str, path: str = path, c: Commit = c) -> Event:
                return Event(source, path, c.sha, c.parent, c.date, c.subject, why)

            if page.words < STUB_WORDS:
                yield event("deleted-stub", f"{page.words} words of prose when deleted")
            if _DUPLICATE.search(c.subject):
                yield event("said-duplicate", f"commit says: {c.subject}")
            if _OUTDATED.search(c.subject):
                yield event("removed-outdated", f"commit says: {c.subject}")
            own = _shingles(" ".join(b.text for b in page.prose_blocks))
            if page.words >= STUB_WORDS and own:
                added = _added_text(git, c, others) if added is None else added
                share = len(own & _shingles(added)) / len(own)
                if share >= MERGED_SHARE:
                    yield event("merged-away", f"{share:.0%} of its prose added to other pages by {c.sha[:8]}")
        for path in modified:
            before, after = git.show(c.parent, path), git.show(c.sha, path)
            if before is None or after is None:
                continue
            old, new = _page(path, before), _page(path, after)
            if old.words < FILLED_FROM and new.words >= max(FILLED_TO, 3 * old.words):
                yield Event("stub-filled", path, c.sha, c.parent, c.date, c.subject,
                            f"{old.words} words, then {new.words}")
            if _OUTDATED.search(c.subject):
                lines = before.splitlines()
                kept = set(after.splitlines())
                removed = sum(1 for line in lines if line.strip() and line not in kept)
                if lines and removed / max(1, sum(1 for line in lines if line.strip())) >= REWRITTEN_SHARE:
                    yield Event("rewritten-outdated", path, c.sha, c.parent, c.date, c.subject,
                                f"{removed} of {len(lines)} lines replaced; commit says: {c.subject}")


def survivors(git: Git, history: Sequence[Commit], prefixes: Sequence[str], head: str,
              head_date: dt.date) -> list[Event]:
    """Pages at HEAD whose last change is SURVIVOR_DAYS or more before HEAD's date."""
    last: dict[str, dt.date] = {}
    for c in history:  # newest first: the first date seen is the last change
        for status, _, new in c.changes:
            if status != "D":
                last.setdefault(new, c.date)
    present = [p for p in git("ls-tree", "-r", "--name-only", "-z", head).split("\x00") if _is_page(p, prefixes)]
    return [Event(SURVIVOR, p, "", head, head_date, "", f"unchanged since {last[p].isoformat()}")
            for p in sorted(present)
            if p in last and (head_date - last[p]).days >= SURVIVOR_DAYS]


def pick(found: Sequence[Event], limit: int | None) -> list[Event]:
    """At most limit events, taken newest first from each source in turn, so every source is represented."""
    unique = list({(e.source, e.page, e.commit): e for e in found}.values())
    if limit is None or len(unique) <= limit:
        return unique
    queues = {s: [e for e in unique if e.source == s] for s in SOURCES}
    chosen: list[Event] = []
    while len(chosen) < limit and any(queues.values()):
        for queue in queues.values():
            if queue and len(chosen) < limit:
                chosen.append(queue.pop(0))
    return chosen
