"""Benchmark workspaces: a git copy of a real docs corpus, optionally replicated with each copy's words varied.

A copy lives in a temporary folder with its own git history (one commit, fixed date) so the staleness checks read
real git, and its own `.sitelint/` cache, so cold and warm runs are under the benchmark's control.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

# Folders of a Docusaurus corpus that sitelint reads: the current docs and the frozen per-release copies.
TREES = ("docs", "versioned_docs", "website/versioned_docs")
PAGE_SUFFIXES = (".md", ".mdx", ".markdown")
_WORD = re.compile(r"(?<![\w/.#@`:=-])[a-z]{4,}(?![\w/.`(:=-])")
_FENCE = re.compile(r"^\s*(```|~~~)")
# Appended, one per run, to a paragraph of the edited page: each is new text, so each run has a passage to embed.
EDITS = (
    " The steps above apply to every platform this page describes.",
    " Each of these settings can be changed later without rebuilding the app.",
    " Read the section below before you change the default values.",
    " The same rules hold for components that you write yourself.",
    " Most projects never need to change anything described here.",
    " A short example follows, and the reference lists every option.",
    " These values are measured in density-independent pixels.",
)


def pages_in(root: Path) -> list[Path]:
    """Every page of the corpus at root, sorted."""
    return sorted(p for tree in TREES if (root / tree).is_dir()
                  for p in (root / tree).rglob("*") if p.suffix in PAGE_SUFFIXES and p.is_file())


def make_workspace(source: Path, dest: Path, copies: int = 1) -> int:
    """Lay out the corpus in dest (copies >= 1; copy c > 0 varied) as a git repository; returns the page count."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    vocabulary = _vocabulary(source) if copies > 1 else []
    count = 0
    for page in pages_in(source):
        rel = page.relative_to(source)
        text = page.read_text(encoding="utf-8", errors="replace")
        for c in range(copies):
            target = dest / _copy_path(rel, c)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text if c == 0 else vary(text, c, vocabulary), encoding="utf-8")
            count += 1
    _git_commit(dest)
    return count


def _copy_path(rel: Path, c: int) -> Path:
    """docs/a.md -> docs/copy2/a.md; versioned_docs/version-X/a.md -> versioned_docs/version-X/copy2/a.md."""
    if c == 0:
        return rel
    parts = rel.parts
    cut = 3 if parts[:2] == ("website", "versioned_docs") else 2 if parts[0] == "versioned_docs" else 1
    return Path(*parts[:cut], f"copy{c}", *parts[cut:])


def _vocabulary(source: Path) -> list[str]:
    words: set[str] = set()
    for page in pages_in(source):
        if page.relative_to(source).parts[0] != "docs":
            continue  # the current docs are enough, and the versioned copies would only repeat them
        words.update(_WORD.findall(page.read_text(encoding="utf-8", errors="replace")))
    return sorted(words)


def vary(text: str, copy: int, vocabulary: list[str]) -> str:
    """The page with about a third of its lowercase prose words swapped for other corpus words, per copy.

    Deterministic (sha1 of copy and word), outside front matter and code fences, and never inside paths, URLs,
    inline code or identifiers, so the Markdown keeps its structure and the copies are not lexical duplicates.
    """
    if not vocabulary:
        return text

    def swap(match: re.Match[str]) -> str:
        word = match.group()
        digest = hashlib.sha1(f"{copy}:{word}".encode()).digest()
        return vocabulary[int.from_bytes(digest[1:5], "little") % len(vocabulary)] if digest[0] % 3 == 0 else word

    out = []
    for line, prose in _prose_lines(text):
        out.append(_WORD.sub(swap, line) if prose else line)
    return "".join(out)


def _prose_lines(text: str) -> Iterator[tuple[str, bool]]:
    lines = text.splitlines(keepends=True)
    front = bool(lines) and lines[0].strip() == "---"
    fence = ""
    for n, line in enumerate(lines):
        if front:
            if n > 0 and line.strip() == "---":
                front = False
            yield line, False
            continue
        opened = _FENCE.match(line)
        if fence:
            if opened and line.strip().startswith(fence):
                fence = ""
            yield line, False
        elif opened:
            fence = opened.group(1)
            yield line, False
        else:
            stripped = line.lstrip()
            yield line, not stripped.startswith(("import ", "export ", "<", "|", "#"))


def edit_one_page(root: Path, rel: str, original: str, which: int = 0) -> int:
    """A small prose edit of the page whose committed text is original: sentence EDITS[which] appended to its first
    long paragraph line (the page is rewritten from original each time); returns the edited line."""
    path = root / rel
    lines = original.splitlines(keepends=True)
    for n, (text, prose) in enumerate(_prose_lines(original)):
        if prose and len(text.split()) >= 12 and text.rstrip().endswith("."):
            lines[n] = text.rstrip("\n") + EDITS[which % len(EDITS)] + "\n"
            path.write_text("".join(lines), encoding="utf-8")
            return n + 1
    raise ValueError(f"{path}: no paragraph line long enough to edit")


def _git_commit(root: Path) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.com",
           "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@example.com",
           "GIT_AUTHOR_DATE": "2025-06-01T12:00:00Z", "GIT_COMMITTER_DATE": "2025-06-01T12:00:00Z"}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "corpus"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)
