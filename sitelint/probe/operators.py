"""The probe's operators: each turns a catalogue entry and a page into a plant (the edits, the line, the pages it
touches), or None when the page has no place for it."""

from __future__ import annotations

import datetime as dt
import os
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from sitelint.checks import CheckContext
from sitelint.checks.staleness.references import PAGE_SUFFIXES, references
from sitelint.model import Page, Site
from sitelint.pipeline.prepare import RunContext
from sitelint.probe import places
from sitelint.probe.catalogue import Operator
from sitelint.rulebook import Rule

FRONT = re.compile(r"\A---\n.*?\n---\n", re.S)
COMMENTS = {".py": "#", ".yml": "#", ".yaml": "#", ".toml": "#", ".sh": "#", ".rb": "#", ".js": "//", ".mjs": "//",
            ".cjs": "//", ".ts": "//", ".tsx": "//", ".jsx": "//", ".go": "//", ".rs": "//", ".java": "//",
            ".kt": "//", ".swift": "//", ".c": "//", ".h": "//", ".cpp": "//", ".cs": "//", ".php": "//"}
COPY_MIN_WORDS = 45  # a pasted paragraph this long is over the copied-passage floor (40 words by default)
PARAPHRASE_WORDS = (60, 160)  # the words of another page's section a paraphrase restates


@dataclass(frozen=True)
class Edit:
    path: str  # relative to the probe's working directory, as the lint names pages
    text: str | None  # the new content; None deletes the file


@dataclass(frozen=True)
class Plant:
    op: Operator
    page: str  # the page the defect is on
    line: int
    touched: frozenset[str]  # the pages it writes or copies from: no other plant may touch them in its build
    edits: tuple[Edit, ...]
    commit: bool = False  # the edits are committed (dated half a year ago, after the copy's commit) in its repository
    source: str = ""  # the page it copies or restates, when there is one
    passage: tuple[str, str] = ("", "")  # (original, paraphrase): the probe measures their cosine
    cosine: float | None = None


@dataclass(frozen=True)
class Scene:
    """What the operators read: the site as it was before any plant, and what they may name."""

    site: Site
    pages: Mapping[str, Page]
    rules: Mapping[str, Rule]
    history: Mapping[str, Any]
    settings: Mapping[str, Any]
    today: dt.date
    older_version: str  # a version of an older release line than the current one; "" when none is known
    code_folders: tuple[str, ...]  # repository folders holding code files, as "folder/*.suffix"
    donors: tuple[str, ...]  # pages other plants may copy from
    inner: Path  # the directory the lint names pages from, in the copy


def _insert(page: Page, line_after: int, text: str) -> tuple[str, int]:
    lines = page.source.split("\n")
    block = ["", *text.split("\n")]
    if line_after < len(lines) and lines[line_after].strip():
        block.append("")
    return "\n".join([*lines[:line_after], *block, *lines[line_after:]]), line_after + 2


def _at_paragraph(page: Page, scene: Scene, rng: random.Random, text: str, op: Operator, **kw: Any) -> Plant | None:
    spots = places.paragraphs(page, scene.history)
    if not spots:
        return None
    after = rng.choice(spots)
    new, line = _insert(page, after.end_line, text)
    touched = frozenset({page.path, *([kw["source"]] if kw.get("source") else [])})
    return Plant(op, page.path, line, touched, (Edit(page.path, new),), **kw)


def _fill(template: str, values: Mapping[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), template)


def insert(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    if "version" in op.needs and not scene.older_version:
        return None
    path = ""
    if "code-folder" in op.needs:
        if not scene.code_folders:
            return None
        folder, _, suffix = rng.choice(scene.code_folders).partition("/*")
        path = f"{folder}/{op.marker or 'sitelint-probe-missing'}{suffix}"
    values = {"marker": op.marker, "year": str(scene.today.year - 4), "version": scene.older_version, "path": path}
    return _at_paragraph(page, scene, rng, _fill(rng.choice(op.texts), values), op)


def cut(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    front = FRONT.match(page.source)
    head = next((line for line in page.source.split("\n")[:40] if line.startswith("# ")), "")
    text = (front.group(0) if front else "") + (f"\n{head}\n" if head else "\n") + "\nSee the other pages.\n"
    return Plant(op, page.path, 1, frozenset({page.path}), (Edit(page.path, text),))


def empty_section(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    leaves = places.leaf_sections(page, scene.history)
    if not leaves:
        return None
    index = rng.choice(leaves)
    section, following = page.sections[index], page.sections[index + 1]
    lines = page.source.split("\n")
    new = "\n".join([*lines[: section.line], "", *lines[following.line - 1 :]])
    return Plant(op, page.path, section.line, frozenset({page.path}), (Edit(page.path, new),))


def copy_page(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    body = [line for line in FRONT.sub("", page.source, count=1).split("\n") if not line.startswith("# ")]
    name = PurePosixPath(page.path)
    target = str(name.with_name(f"{name.stem}-sitelint-probe-copy{name.suffix}"))
    text = f"# Copy of {page.title or name.stem}\n" + "\n".join(body) + "\n"
    return Plant(op, target, 1, frozenset({page.path, target}), (Edit(target, text),), source=page.path)


def _donor(page: Page, scene: Scene, rng: random.Random, fits: Callable[[Page], Any]) -> tuple[Page, Any] | None:
    # A page of the same kind of file: MDX text pasted into Markdown (or the other way) could break the build.
    suffix = PurePosixPath(page.path).suffix
    candidates = [p for p in scene.donors if p != page.path and PurePosixPath(p).suffix == suffix]
    rng.shuffle(candidates)
    for path in candidates:
        found = fits(scene.pages[path])
        if found:
            return scene.pages[path], found
    return None


def copy_passage(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    def long_paragraph(donor: Page) -> str:
        lines = donor.source.split("\n")
        for block in places.paragraphs(donor, scene.history):
            text = "\n".join(lines[block.line - 1 : block.end_line])
            if len(block.text.split()) >= COPY_MIN_WORDS and "](" not in text:
                return text
        return ""

    found = _donor(page, scene, rng, long_paragraph)
    return _at_paragraph(page, scene, rng, found[1], op, source=found[0].path) if found else None


def paraphrase_text(text: str, swaps: Sequence[tuple[str, str]]) -> str:
    """Other words for the same Markdown: word swaps (case kept) outside code, and the sentences of each plain
    paragraph in reverse order; code blocks, list items and other blocks keep their place."""
    table = {a.lower(): b for a, b in swaps}
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, table), key=len, reverse=True)) + r")\b", re.I)

    def swap(m: re.Match[str]) -> str:
        word = table[m.group(0).lower()]
        return word[:1].upper() + word[1:] if m.group(0)[:1].isupper() else word

    def words(line: str) -> str:  # inline code and link targets stay as they are
        parts = re.split(r"(`[^`]*`|\]\([^)]*\))", line)
        return "".join(p if i % 2 else pattern.sub(swap, p) for i, p in enumerate(parts))

    out = []
    for chunk in re.split(r"\n\s*\n", text):
        if re.match(r"\s*(```|~~~|[-*+] |\d+[.)] |[|<>!:=])", chunk):
            out.append(chunk if chunk.lstrip().startswith(("```", "~~~")) else words(chunk))
            continue
        sentences = re.split(r"(?<=[.!?])\s+", " ".join(chunk.split()))
        out.append(" ".join(reversed([words(s) for s in sentences if s])))
    return "\n\n".join(out)


def paraphrase(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    low, high = PARAPHRASE_WORDS

    def passage(donor: Page) -> tuple[str, str] | None:
        """A section of the donor (below its title, with no subsection, outside history) of low to high prose
        words, as written: its whole body is what the restatement restates."""
        lines = donor.source.split("\n")
        for index in places.leaf_sections(donor, scene.history):
            section, following = donor.sections[index], donor.sections[index + 1]
            words = sum(len(b.text.split()) for b in donor.blocks if b.section == index and b.is_prose)
            if low <= words <= high:
                return section.title, "\n".join(lines[section.line : following.line - 1]).strip("\n")
        return None

    found = _donor(page, scene, rng, passage)
    spots = places.paragraphs(page, scene.history)
    if not found or not spots:
        return None
    title, original = found[1]
    restated = paraphrase_text(original, op.swaps)
    # A section of its own, before the next heading after a paragraph: a section restated as a section.
    after = rng.choice(spots)
    following = [s for s in page.sections if s.line > after.end_line]
    level = following[0].level if following else 2
    at = following[0].line - 1 if following else len(page.source.split("\n"))
    new, line = _insert(page, at, f"{'#' * max(2, level)} {title}\n\n{restated}")
    return Plant(op, page.path, line, frozenset({page.path, found[0].path}), (Edit(page.path, new),),
                 source=found[0].path, passage=(original, restated))


def pad(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    topic = " ".join((page.title or "this page").split()[:3]).lower()
    need = max(60, page.words // 2)  # filler half as long as the prose: a third of the page
    sentences: list[str] = []
    while sum(len(s.split()) for s in sentences) < need and len(sentences) < 60:
        sentences.append(_fill(op.texts[len(sentences) % len(op.texts)], {"topic": topic}))
    return _at_paragraph(page, scene, rng, " ".join(sentences), op)


def _context(scene: Scene, code: str) -> CheckContext | None:
    rule = scene.rules.get(code)
    if rule is None:
        return None
    return CheckContext(rule.params, RunContext(scene.site, scene.settings, scene.today, None))


def commit_code(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    ctx = next((c for c in (_context(scene, code) for code in op.rules) if c is not None), None)
    if ctx is None:
        return None
    named = [r for r in references(page, ctx) if r.found is not None and r.found.is_file()
             and r.found.suffix.lower() in COMMENTS and r.found.suffix.lower() not in PAGE_SUFFIXES
             and r.found.is_relative_to(scene.site.repo_root.resolve())]
    if not named:
        return None
    ref = rng.choice(named)
    found = ref.found
    assert found is not None
    original = found.read_text(encoding="utf-8", errors="replace")
    comment = COMMENTS[found.suffix.lower()]
    text = original.rstrip("\n") + "\n" + _fill(op.texts[0], {"comment": comment}) + "\n"
    relative = Path(os.path.relpath(found, scene.inner)).as_posix()
    return Plant(op, page.path, ref.line, frozenset({page.path, relative}), (Edit(relative, text),), commit=True,
                 source=relative)


def commit_source(op: Operator, page: Page, scene: Scene, rng: random.Random) -> Plant | None:
    source = scene.site.sources.get(page.path)
    if source is None or source not in scene.pages:
        return None
    original = scene.pages[source].source
    text = original.rstrip("\n") + op.texts[0]
    return Plant(op, page.path, 1, frozenset({page.path, source}), (Edit(source, text),), commit=True, source=source)


ACTIONS: Mapping[str, Callable[[Operator, Page, Scene, random.Random], Plant | None]] = {
    "insert": insert, "cut": cut, "empty-section": empty_section, "copy-page": copy_page,
    "copy-passage": copy_passage, "paraphrase": paraphrase, "pad": pad, "commit-code": commit_code,
    "commit-source": commit_source,
}
