"""Discover: the page files of a site (its layout from sitelint.sites.layout).

Versioned docs and translations are marked as deliberate copies (Page.variant), and the walk leaves their folders
unentered (counted only) when the run does not report on them.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from sitelint import gitinfo
from sitelint.model import OUTSIDE
from sitelint.sites import layout as layoutmod
from sitelint.sites.layout import Layout, project_root, variant_of

__all__ = ["PAGE_SUFFIXES", "Found", "Layout", "detect", "project_root", "variant_of", "walk"]

# An older version's folder edited within this many days of the newest's last edit is still kept: not a frozen copy.
_STILL_EDITED_DAYS = 180


def detect(start: Path, docs_root: str = "", language: str = "") -> Layout:
    """The site's layout (sitelint.sites.layout.detect); of the version folders guessed from their names beside a
    newer one, the one just before the newest is current too when the repository's history shows it still edited:
    the stable line kept beside the preview of the next (Preact's `v10/` beside `v11/`). Older ones stay copies."""
    found = layoutmod.detect(start, docs_root, language)
    if not found.version_guesses:
        return found
    before: dict[str, str] = {}  # the newest folder -> the guessed folder just before it (they come oldest first)
    for older, newest in found.version_guesses:
        before[newest] = older
    kept = set()
    for newest, older in before.items():
        old_at = gitinfo.last_change(found.project_root, Path(older))
        new_at = gitinfo.last_change(found.project_root, Path(newest))
        if old_at is not None and new_at is not None and new_at - old_at < _STILL_EDITED_DAYS * 86400:
            kept.add(older)
    # A translation's folder of that version follows its source's (`es/guide/v10/` as `en/guide/v10/`).
    tails = {"/".join(folder.rstrip("/").split("/")[-2:]) for folder in kept}
    kept |= {older for older, _ in found.version_guesses if "/".join(older.rstrip("/").split("/")[-2:]) in tails}
    if not kept:
        return found
    return replace(found, version_dirs=tuple(v for v in found.version_dirs if v[0] not in kept),
                   version_guesses=tuple(g for g in found.version_guesses if g[0] not in kept))


PAGE_SUFFIXES = (".md", ".mdx", ".markdown")
# Build output, dependencies, caches, and Sphinx's `_static` (files the build copies as they are, never pages).
SKIP_DIRS = frozenset({"node_modules", ".git", ".docusaurus", "_build", "build", "site", ".vitepress/dist", "dist",
                       ".sitelint", "__pycache__", ".venv", "venv", ".cache", "_static"})
_COPIES_DIRS = frozenset({"i18n", "versioned_docs"})
# Folders of a repository that hold code's tests, examples and demos, not its docs.
NOT_DOCS = frozenset({"test", "tests", "__tests__", "fixtures", "testdata", "examples", "example", "demo", "demos",
                      "e2e", "benchmarks", "playground", "playgrounds"})
# Instructions for coding agents kept beside the pages (the AGENTS.md convention, and its tools' own names): for the
# agents that edit the site, never a page for its readers.
# Files of instructions for coding agents, and an agent skill's `SKILL.md` (its name and description in front matter).
AGENT_FILES = frozenset({"AGENTS.md", "CLAUDE.md", "GEMINI.md", "SKILL.md"})
# The index of the llms.txt convention: a folder that holds it holds the docs written again for language models.
_LLMS_FILES = frozenset({"llms.txt", "llms-full.txt"})
# What marks a `vendor/` folder as dependencies: Go's list of vendored modules, Composer's autoloader.
_VENDORED = frozenset({"modules.txt", "autoload.php"})
# Where a build writes (the project's top, the folder of a framework's config); deeper in the docs, a folder of these
# names is a section of pages (a "Building" guide in `docs/build/`).
_OUTPUT_DIRS = frozenset({"build", "site", "dist"})
_BUILT_FILES = ("index.html", "404.html", "sitemap.xml")


@dataclass(frozen=True)
class Found:
    """A page file found under a docs root, or a problem met while walking."""

    path: Path
    variant: str = ""
    problem: str = ""
    not_read: int = 0  # for a folder of copies left unread (see walk's read_variants): how many pages it holds


def walk(layout: Layout, include: Sequence[str], exclude: Sequence[str],
         read_variants: Callable[[str], bool] | None = None) -> Iterator[Found]:
    """Every page file under the docs roots, sorted, each once; symlink loops are reported, not followed, and a
    link to a folder read under another name is not read twice.

    read_variants, given the absolute path of a folder of versioned copies, says whether to read it; a folder it
    declines is not entered, and stands in the result as one Found with the number of pages it holds.
    """
    seen: set[tuple[int, int]] = set()
    outputs_in = frozenset(os.path.normpath(str(f))
                           for f in (layout.project_root, *(c.parent for c in layout.config_files)))
    # Relative names by string prefix (the walk builds every path from its root): PurePath arithmetic on every file
    # of a 2,000-page site cost a pre-commit run a tenth of a second.
    for docs_root in layout.docs_roots:
        root = os.path.join(str(docs_root), "")

        def rel_of(full: str, root: str = root) -> str:
            return _posix(full[len(root):])

        # VitePress copies its source folder's `public/` into the site as it is: files served, never pages.
        static = os.path.join(root, "public", "") if layout.framework == "vitepress" else None

        # A folder of copies (`i18n/`, `versioned_docs/`) holds pages only in its locales' and versions' folders: a
        # file at its top (a README on how the translations are made, a prompt for them) is no page of the site.
        copies = docs_root.name in _COPIES_DIRS

        # With no framework and no docs folder, the repository's top is read: its tests, examples and demos there are
        # no pages of its docs (a demo's DESCRIPTION.md, a test suite's notes).
        whole = not layout.framework and os.path.normpath(str(docs_root)) == os.path.normpath(str(layout.project_root))

        def wanted(full: str, static: str | None = static, copies: bool = copies, whole: bool = whole) -> bool:
            if static is not None and full.startswith(static):
                return False
            if copies and not layout.variant_of(full) and not layout.shown(full):
                return False
            rel = rel_of(full)
            if whole and any(part.lower() in NOT_DOCS for part in rel.split("/")[:-1]):
                return False
            if os.path.basename(full) in AGENT_FILES:
                return False
            return _matches(rel, include) and not _matches(rel, exclude)

        def prune(folder: str) -> bool:
            # Versioned copies are frozen: read only when asked for. Translations are read (a translation that
            # lags its source is a finding on it) but reported on only by the rules that judge translations.
            variant = layout.variant_of(os.path.join(folder, ""))
            return variant.startswith("versioned:") and read_variants is not None and not read_variants(folder)

        for path, problem, not_read in _walk_dir(docs_root, prune, wanted, _repository(layout.project_root),
                                                 outputs_in):
            full = str(path)
            if not_read:
                yield Found(path, variant=layout.variant_of(os.path.join(full, "")), not_read=not_read)
                continue
            if problem:
                if whole and any(part.lower() in NOT_DOCS for part in rel_of(full).split("/")):
                    continue  # a folder of tests is not read: a symlink loop among its data is none of the docs'
                yield Found(path, problem=problem)
                continue
            if not wanted(full):
                continue
            try:  # the file's identity (one stat), not its resolved path (a stat per folder of the path)
                info = os.stat(path)
                real = (info.st_dev, info.st_ino)
            except OSError:
                real = (-1, len(seen))
            if real in seen:
                continue
            seen.add(real)
            yield Found(path, variant=layout.variant_of(full))


def _posix(rel: str) -> str:
    return rel if os.sep == "/" else rel.replace(os.sep, "/")


def _repository(project_root: Path) -> str:
    """The folder symlinks may point into: the git work tree holding the project, else the project itself."""
    real = Path(os.path.realpath(project_root))
    return str(next((f for f in (real, *real.parents) if (f / ".git").exists()), real))




def _walk_dir(top: Path, prune: Callable[[str], bool], wanted: Callable[[str], bool], repository: str,
              outputs_in: frozenset[str] = frozenset()) -> Iterator[tuple[Path, str, int]]:
    """(page file, "", 0), (folder or file, problem, 0) and (pruned folder, "", pages in it), sorted."""
    visited: set[tuple[int, int]] = set()
    results: list[tuple[Path, str, int]] = []
    inside = os.path.join(repository, "")

    def leaves(entry: os.DirEntry[str]) -> bool:  # a link whose target lies outside the repository
        return entry.is_symlink() and not os.path.join(os.path.realpath(entry.path), "").startswith(inside)

    def visit(folder: Path) -> None:
        try:
            st = folder.stat()
        except OSError as exc:
            results.append((folder, f"cannot be read: {exc.strerror}; fix its permissions or exclude it", 0))
            return
        if (st.st_dev, st.st_ino) in visited:
            # A link to a folder that holds it is a loop; a link to a folder beside it (`public_api -> api`) is
            # another name for pages read under their own path, and is left alone.
            target, parent = os.path.realpath(folder), os.path.realpath(folder.parent)
            if os.path.join(parent, "").startswith(os.path.join(target, "")):
                results.append((folder, "symlink loop: this folder links back to a folder that holds it; skipped", 0))
            return
        visited.add((st.st_dev, st.st_ino))
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            results.append((folder, f"folder cannot be read: {exc.strerror}; fix its permissions or exclude it", 0))
            return
        if folder != top and any(e.name in _LLMS_FILES for e in entries):
            return  # the pages written again for language models, beside their llms.txt: a build's output
        if folder.name == "vendor" and any(e.name in _VENDORED for e in entries):
            return  # a Go module's or a PHP project's dependencies, their READMEs and changelogs among them
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                skipped = entry.name in SKIP_DIRS and (entry.name not in _OUTPUT_DIRS
                                                       or (os.path.normpath(str(folder)) in outputs_in
                                                           and _built(entry.path)))
                if not skipped and not entry.name.startswith("."):
                    if leaves(entry):
                        results.append((Path(entry.path), OUTSIDE, 0))
                    elif prune(entry.path):
                        count = _count_pages(entry.path, wanted)
                        if count:
                            results.append((Path(entry.path), "", count))
                    else:
                        visit(Path(entry.path))
            elif entry.name.endswith(PAGE_SUFFIXES):
                path = Path(entry.path)
                if leaves(entry):  # (a link to a file of another checkout, `../../doc/x.md`, missing here too)
                    results.append((path, OUTSIDE, 0))
                elif entry.is_symlink() and not path.exists():
                    results.append((path, "broken symlink: its target does not exist; remove it or fix the link", 0))
                else:
                    results.append((path, "", 0))

    visit(top)
    yield from sorted(results)


def _built(folder: str) -> bool:
    """Whether a folder named as a build's output (`site/`, `build/`, `dist/`) beside a config holds one: a built
    page at its top, or no file git tracks (a build's output is ignored). A committed `site/` of Markdown sources
    (`site/en/getstarted/install.md`) is the docs."""
    if any(os.path.exists(os.path.join(folder, name)) for name in _BUILT_FILES):
        return True
    return not gitinfo.tracked(Path(folder))


def _count_pages(folder: str, wanted: Callable[[str], bool]) -> int:
    """Page files under folder that the walk would have read: names only, no stat, no symlinked folders."""
    count = 0
    for base, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
        count += sum(1 for name in files if name.endswith(PAGE_SUFFIXES) and wanted(os.path.join(base, name)))
    return count


def _matches(rel: str, globs: Sequence[str]) -> bool:
    """Whether rel matches one of the globs (fnmatch, where a leading **/ may also match nothing)."""
    pattern = _glob_pattern(tuple(globs))
    return pattern is not None and pattern.match(os.path.normcase(rel)) is not None


@functools.lru_cache(maxsize=16)
def _glob_pattern(globs: tuple[str, ...]) -> re.Pattern[str] | None:
    # One regular expression for all the globs: the walk asks for every file of the site, twice.
    parts = [fnmatch.translate(os.path.normcase(g)) for g in globs]
    parts += [fnmatch.translate(os.path.normcase(g[3:])) for g in globs if g.startswith("**/")]
    return re.compile("|".join(f"(?:{part})" for part in parts)) if parts else None
