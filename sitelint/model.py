"""The data every stage passes on: frozen dataclasses, no behaviour beyond small derived views."""

from __future__ import annotations

import os
import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
Dimension = Literal["substance", "duplication", "staleness", "build"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
DIMENSIONS: tuple[Dimension, ...] = ("substance", "duplication", "staleness", "build")

# What a page problem says when front matter is not YAML but is lines of `key: value`, as a site's own reader splits
# them (`title: @scope/pkg`): the values are read so, and how loud that is depends on the build (page-problem).
PLAIN_FRONT_MATTER = "front matter is not valid YAML, read as plain `key: value` lines"
# A page that is all front matter, never closed: gray-matter (VitePress, Docusaurus) reads it whole, others do not.
FRONT_MATTER_TO_END = "front matter opened at line 1 runs to the end of the file with no closing --- line"
# A page problem's words for Hugo's TOML front matter between `---` lines, which YAML reads as one string.
TOML_IN_YAML_FENCES = "front matter between --- lines is TOML (`key = value`)"
# A page problem's words for a fence never closed that is the page's last block, all of it code: it renders as meant.
FENCE_TO_END = "it runs to the end of the page, which shows it as meant"
# A file (or folder) that links out of the repository: not followed, and not the repository's to fix.
OUTSIDE = "a symlink out of the repository: not followed (sitelint reads only the repository's own files)"
# Block kinds that carry prose a reader reads.
PROSE_KINDS = frozenset({"paragraph", "list_item", "blockquote", "admonition", "table", "card"})
Value = float | int | bool | str


@dataclass(frozen=True)
class Location:
    """A place in a page: path relative to the working directory (forward slashes), 1-based lines and column."""

    path: str
    line: int
    end_line: int | None = None
    col: int = 1


@dataclass(frozen=True)
class Block:
    """One block of a page.

    kind is one of: paragraph, list_item, blockquote, admonition, table, card (prose kinds; a card is a blurb in a
    grid of navigation cards), heading, code, example (what an example above it renders to, shown as the reader
    would see it: not the author's prose), html, jsx, esm (MDX import/export), front_matter, comment.
    text is the plain text of prose blocks (markup, inline code and URLs removed); for code it is the code.
    section is the index into Page.sections of the section holding the block (-1 before the first heading).
    """

    kind: str
    text: str
    line: int
    end_line: int
    section: int = -1
    lang: str = ""
    inline_code: tuple[str, ...] = ()

    @property
    def is_prose(self) -> bool:
        return self.kind in PROSE_KINDS


@dataclass(frozen=True)
class Section:
    """A heading and the lines it governs (up to the next heading of the same or higher level)."""

    title: str
    level: int
    line: int
    end_line: int
    parent: int = -1


@dataclass(frozen=True)
class Link:
    """A link or image; line is the source line it starts on."""

    target: str
    text: str
    line: int
    image: bool = False


@dataclass(frozen=True)
class InlineCode:
    text: str
    line: int


@dataclass(frozen=True)
class Page:
    """A parsed Markdown or MDX page."""

    path: str  # relative to the working directory, forward slashes
    abspath: Path
    source: str
    front_matter: Mapping[str, Any]
    title: str
    sections: tuple[Section, ...]
    blocks: tuple[Block, ...]  # in source order (their section indexes never decrease)
    links: tuple[Link, ...]
    inline_code: tuple[InlineCode, ...]
    words: int  # prose words: no code, front matter, comments, JSX or URLs
    content_hash: str
    line_count: int
    problems: tuple[tuple[int, str], ...] = ()  # (line, message) for input the parser had to work around
    variant: str = ""  # "versioned:<version>" or "i18n:<locale>" for copies the framework makes on purpose
    language: str = ""  # the language it is written in ("en", "ja", "zh-hans"); "" when not known
    page_type: str = "doc"  # one of pagetypes.TYPES: doc, reference, generated, landing, hub, blog, ..., 404
    type_reason: str = ""  # what made it that type ("front matter `layout: home`")

    @property
    def prose_blocks(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.is_prose)

    @property
    def code_blocks(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.kind == "code")

    def blocks_in(self, section: int) -> tuple[Block, ...]:
        # Blocks are in source order, so their section indexes never decrease: a binary search, not a scan (a check
        # asking for every section's blocks stays linear on a page of 100,000 headings).
        start = bisect_left(self.blocks, section, key=_section_of)
        end = bisect_right(self.blocks, section, lo=start, key=_section_of)
        return self.blocks[start:end]


def _section_of(block: Block) -> int:
    return block.section


@dataclass(frozen=True)
class Site:
    """The analysis corpus: every page under the docs root, plus what discovery learned about the site."""

    root: Path  # the docs root
    repo_root: Path  # the git work tree (or the project root when there is none)
    framework: str  # docusaurus, vitepress, mkdocs, sphinx, starlight or "" when unknown
    pages: tuple[Page, ...]
    config_files: tuple[Path, ...] = ()
    unreadable: tuple[tuple[str, str], ...] = ()  # (path, problem) for files that could not be read
    project_root: Path | None = None  # the folder of the site's config (package.json, pyproject.toml live here)
    variants_not_read: int = 0  # versioned copies and translations left unread: not reported on in this run
    language: str = ""  # the site's own language ("en"); "" when not known
    sources: Mapping[str, str] = field(default_factory=dict)  # translation's path -> path of the page it translates
    # translation's path -> where the page it translates would be (absolute paths), for a translation whose source
    # the site does not have
    unmatched: Mapping[str, tuple[Path, ...]] = field(default_factory=dict)
    unbuilt: frozenset[str] = frozenset()  # pages the build leaves out of the site (MkDocs exclude_docs): not reported
    page_folders: frozenset[str] = frozenset()  # `_` folders that hold pages, not partials (Jekyll's `_docs`, `_posts`)

    @property
    def product_root(self) -> Path:
        """Where the product's own files are: the site's project folder, else the repository root."""
        return self.project_root or self.repo_root

    def page(self, path: str) -> Page | None:
        for p in self.pages:
            if p.path == path:
                return p
        return None

    def is_partial(self, page: Page) -> bool:
        """A page whose name, or a folder's name under the docs root, starts with "_" (or its name with "."): included
        into other pages or generated into lists (Docusaurus and MDX partials), never read alone."""
        if ("/_" not in "/" + page.path and f"{os.sep}_" not in str(page.abspath)
                and not page.abspath.name.startswith(".")):
            return False
        try:
            rel = page.abspath.relative_to(self.root).as_posix()
        except ValueError:
            rel = page.path
        return partial_path(rel.split("/"), self.page_folders)


_DATED_POST = re.compile(r"(?:19|20)\d\d-\d\d-\d\d-[^/]+\.(?:md|markdown|mdx)$")


def partial_path(parts: Sequence[str], page_folders: frozenset[str] = frozenset()) -> bool:
    """A path (its parts, under the docs root) that marks a partial: a folder or the file's name starts with "_"
    (but a folder the site keeps pages in: Jekyll's collections, `_docs/`, `_posts/`)."""
    *folders, name = parts
    # (Jekyll's `_posts/` of dated posts, `2015-04-21-release.md`, is its posts' folder wherever the site's config is)
    posts = bool(folders) and folders[-1] == "_posts" and _DATED_POST.match(name) is not None
    return not posts and (any(part.startswith("_") and part not in page_folders for part in folders)
                          or partial_name(name))


def partial_name(name: str) -> bool:
    """A file name that marks a partial: it starts with "_" (`_steps.md`), except Hugo's and Zola's `_index.md`, the
    page of its section; or with "." (`.shared.mdx`), which the frameworks' page globs leave out."""
    return (name.startswith("_") and name.split(".", 1)[0] != "_index") or name.startswith(".")


@dataclass(frozen=True)
class Measurement:
    """What a check saw at one place: named raw values the rule's condition is written over.

    values are numbers, flags or short words (the check declares their names); detail holds what only the message
    shows (a heading, a quoted claim); related are the other places the measurement is about (the other copies).
    """

    values: Mapping[str, Value]
    at: Location
    detail: Mapping[str, Any] = field(default_factory=dict)
    related: tuple[Location, ...] = ()


@dataclass(frozen=True)
class Finding:
    """One reported problem at 1-based line, end_line and col of a page (end_line is never before line)."""

    rule: str  # code, e.g. SUB001
    name: str
    dimension: Dimension
    severity: Severity
    path: str
    line: int
    end_line: int | None  # None or 0 from a check means the finding's own line; stored as a line, never None
    message: str
    related: tuple[Location, ...] = ()
    col: int = 1

    def __post_init__(self) -> None:
        # Checks give a place as they measured it; every report promises 1-based lines, so they are made so here,
        # once, where a Finding is made.
        line = max(1, self.line or 1)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "end_line", max(line, self.end_line or line))
        object.__setattr__(self, "col", max(1, self.col or 1))


@dataclass(frozen=True)
class BuildFinding:
    """A defect reported by a docs build, parsed from its log."""

    path: str
    line: int | None
    defect_class: str  # broken-link, broken-anchor, missing-asset, duplicate-route, orphan-page, syntax-error, other
    severity: Severity
    message: str
    framework: str
