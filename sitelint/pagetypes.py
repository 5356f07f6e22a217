"""What kind of page a page is, from its structure, front matter and name, and why: each kind has the rules that
apply to it (a landing page is not thin, a blog post is not stale, release notes name removed files on purpose).

    doc            an ordinary page: every rule applies
    generated      filled in at build time: mkdocstrings `::: module`, or includes with little prose around them
    reference      a section per documented member (`### size`, `## onPress()`)
    landing        a layout page: VitePress `layout: home`, Starlight `template: splash`, a `hero`, made of components
    hub            navigation: a card list component, or prose that is mostly links
    blog           a post: under a blog/posts/news folder, a date-prefixed file name, or dated with an author
    release-notes  a changelog, release notes, "what's new", or headings that are version numbers
    migration      a migration or upgrade guide
    partial        included into other pages (a `_` name), never read alone
    redirect       a redirect (front matter, meta refresh) or a short moved/removed notice that links elsewhere
    404            the not-found page

The first kind that matches, in the order partial, 404, redirect, landing, release-notes, blog, migration,
generated, reference, hub, wins.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sitelint import text
from sitelint.model import Block, Link, Page

TYPES = ("doc", "reference", "generated", "landing", "hub", "blog", "release-notes", "migration", "partial", "redirect",
         "404")


@dataclass(frozen=True)
class Signals:
    """The tunable parts of the detection (the thin-page rule exposes them as its params)."""

    redirect_keys: tuple[str, ...] = ("redirect", "redirect_to", "redirect_url", "external_url")
    card_components: tuple[str, ...] = ("DocCardList", "DocCard", "CardList", "Cards", "CardGrid", "LinkCard")
    nav_link_density: float = 0.5
    notice_words: tuple[str, ...] = ("removed", "deprecated", "moved", "renamed", "superseded", "replaced by",
                                     "no longer supported", "no longer maintained")
    notice_words_max: int = 80


DEFAULT = Signals()
_LAYOUTS = frozenset({"home", "landing", "splash", "hero", "homepage", "page"})  # VitePress, Starlight, Hugo themes
_LAYOUT_KEYS = ("layout", "template", "pageType", "page_type")
_BLOG_DIRS = frozenset({"blog", "blogs", "posts", "_posts", "news", "articles"})
_DATED_NAME = re.compile(r"^(?:19|20)\d\d-\d\d(?:-\d\d)?[-_]")
_NOTES_NAME = re.compile(r"(?i)^(?:changelog|change-log|changes|history|news|release[-_]?notes?|releasenotes|"
                         r"releases|whats[-_]?new|what-s-new|upgrading-notes)$")
_NOTES_DIRS = frozenset({"releases", "release-notes", "changelog", "changelogs", "release_notes"})
_NOTES_TITLE = re.compile(r"(?i)\b(?:release notes?|change ?log|what'?s new in|what’s new in|changes in (?:v|version)"
                          r"\s*\d)")
_VERSION_HEADING = re.compile(r"^\[?v?\d+\.\d+(?:\.\d+)?(?:[-.][\w.]+)?\]?(?:\s|$|[(:–—-])", re.I)
_RELEASE = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?![\w.])|\breleased?\b", re.I)  # a post announcing one
_MIGRATION = re.compile(r"(?i)\b(?:migrat\w*|upgrad\w*)\b")
_NOT_FOUND_NAME = frozenset({"404", "not-found", "notfound", "404-page"})
_META_REFRESH = re.compile(r"""<meta\s[^>]*http-equiv\s*=\s*['"]?refresh""", re.I)
_REDIRECT_COMPONENT = re.compile(r"<\s*(?:Redirect|Navigate)\b")
# Content filled in at build time: snippet includes (pymdownx, markdown-include, Jinja, FastAPI's `{* *}`). A page
# with includes and little prose of its own is made of them; one with prose of its own is a doc that shows a file.
_INCLUDE = re.compile(r"(?m)^\s*(?:-+8<-+\s|\{%\s*include\b|\{!.+!\}|\{\*.+\*\})")
_FILLED_PROSE = 100
_MEMBER_SHARE = 0.4  # headings that name one member each (`size`, `onPress()`), of the page's section headings


def classify(page: Page, partial: bool = False, signals: Signals = DEFAULT) -> tuple[str, str]:
    """(page type, why) of a page; `partial` says the site includes it into other pages."""
    name = page.path.rsplit("/", 1)[-1]
    stem = name.split(".", 1)[0]
    folders = [p.lower() for p in page.path.split("/")[:-1]]
    front = page.front_matter
    if partial or name.startswith("_"):
        return "partial", "included into other pages"
    if stem.lower() in _NOT_FOUND_NAME:
        return "404", f"file name {name}"
    redirect = next((k for k in signals.redirect_keys if front.get(k)), None)
    if redirect:
        return "redirect", f"front matter `{redirect}`"
    if _META_REFRESH.search(page.source) or any(b.kind == "jsx" and _REDIRECT_COMPONENT.search(b.text)
                                                for b in page.blocks):
        return "redirect", "redirects its readers"
    prose = [b for b in page.prose_blocks if b.kind != "table"]
    total = sum(text.count(b.text) for b in prose)
    links = [link for link in page.links if not link.image]
    notice = text.phrases(signals.notice_words)
    if links and total <= signals.notice_words_max and any(notice.search(b.text) for b in prose):
        return "redirect", "a short moved or removed notice that links elsewhere"
    for key in _LAYOUT_KEYS:
        value = front.get(key)
        if isinstance(value, str) and value.strip().lower() in _LAYOUTS:
            return "landing", f"front matter `{key}: {value.strip()}`"
    if isinstance(front.get("hero"), dict) or isinstance(front.get("features"), list):
        return "landing", "front matter `hero`" if "hero" in front else "front matter `features`"
    if _made_of_components(page, total):
        return "landing", "made of components"
    if _NOTES_NAME.match(stem) or any(f in _NOTES_DIRS for f in folders):
        return "release-notes", f"named {name}" if _NOTES_NAME.match(stem) else "in a release notes folder"
    if _NOTES_TITLE.search(page.title):
        return "release-notes", f"title '{page.title}'"
    versions = [b for b in page.blocks if b.kind == "heading" and _VERSION_HEADING.match(b.text.strip())]
    if len(versions) >= 2:
        return "release-notes", f"{len(versions)} headings are version numbers"
    post = ("in a blog folder" if any(f in _BLOG_DIRS for f in folders) else
            "a date-prefixed file name" if _DATED_NAME.match(name) else
            "front matter `date` and `author`" if front.get("date") and (front.get("authors") or front.get("author"))
            else "")
    if post:
        if _RELEASE.search(_DATED_NAME.sub("", stem)) or _RELEASE.search(page.title):
            return "release-notes", f"a post announcing a release ({post})"
        return "blog", post
    if _MIGRATION.search(stem.replace("-", " ").replace("_", " ")) or _MIGRATION.search(page.title):
        return "migration", "a migration or upgrade guide"
    directives = [b for b in page.blocks if b.kind == "directive"]
    if any(b.text.lstrip().startswith(":::") for b in directives):
        return "generated", "an autodoc directive (`::: module`)"
    if (directives or _INCLUDE.search(page.source)) and total < _FILLED_PROSE:
        return "generated", "filled in at build time by includes"
    headings = [b for b in page.blocks if b.kind == "heading"]
    members = [b for b in headings if b.inline_code and text.count(b.text) <= 2]
    if len(members) >= 2 and len(members) >= _MEMBER_SHARE * (len(headings) - 1):  # the page title is not a member
        return "reference", f"a section per documented member ({len(members)} of {len(headings)} headings)"
    cards = re.compile(r"<\s*(?:" + "|".join(map(re.escape, signals.card_components)) + r")\b")
    if signals.card_components and any(b.kind in ("jsx", "html") and cards.search(b.text) for b in page.blocks):
        return "hub", "a card list"
    if total and sum(text.count(link.text) for link in links) / total >= signals.nav_link_density:
        return "hub", "mostly links"
    items = [b for b in prose if b.kind == "list_item" and _mostly_link(b, links)]
    if len(items) >= 3 and 2 * len(items) >= len(prose):
        return "hub", "a list of links"
    return "doc", ""


def _made_of_components(page: Page, prose_words: int) -> bool:
    """A page whose body is mostly components (JSX or HTML blocks) rather than prose, with no sections to speak of:
    a layout page. (A page that shows components in its sections is a doc about them.)"""
    if sum(b.kind == "heading" for b in page.blocks) > 2:
        return False
    markup = [b for b in page.blocks if b.kind in ("jsx", "html")]
    lines = sum(b.end_line - b.line + 1 for b in markup)
    prose_lines = sum(b.end_line - b.line + 1 for b in page.prose_blocks)
    return len(markup) >= 2 and lines >= 20 and lines >= 2 * prose_lines and prose_words < 300


def _mostly_link(block: Block, links: Sequence[Link]) -> bool:
    words = text.count(block.text)
    inside = sum(text.count(link.text) for link in links if block.line <= link.line <= block.end_line)
    return words > 0 and 2 * inside >= words
