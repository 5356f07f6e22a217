"""How much prose a page gives its reader, and whether it is short by design (a link hub, a redirect, a partial)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sitelint import text
from sitelint.checks import CheckContext, Count, Share, Words, spec
from sitelint.model import Block, Link, Location, Measurement, Page, Site
from sitelint.text import phrases

_PARTIAL_IMPORT = re.compile(r"""import\s+\w+\s+from\s+['"](\.{1,2}/[^'"]+\.mdx?)['"]""")
# Content filled in at build time: snippet includes (pymdownx, markdown-include, Jinja) and autodoc directives
# (mkdocstrings `::: package.module`, mkdocs-click) followed by their indented options.
_BUILD_TIME = re.compile(r"(?m)^\s*(?:-+8<-+\s|\{%\s*include\b|\{!.+!\})|^:::[ \t]*[\w.-]+[ \t]*\n[ \t]+\S")
_TAG = re.compile(r"<(script|style)\b.*?</\1\s*>|<[^>]*>", re.DOTALL | re.IGNORECASE)


def _words_in(blocks: Sequence[Block]) -> int:
    return sum(text.count(b.text) for b in blocks)


def exemption(page: Page, params: Mapping[str, Any], site: Site | None = None) -> str:
    """Why a page may be short by design (it lists links, redirects or documents members), or "" when not."""
    if site.is_partial(page) if site else page.path.rsplit("/", 1)[-1].startswith("_"):
        return "partial"
    if any(page.front_matter.get(str(key)) for key in params["redirect-keys"]):
        return "redirect"
    cards = re.compile(r"<\s*(?:" + "|".join(map(re.escape, params["card-components"])) + r")\b")
    if any(b.kind in ("jsx", "html") and cards.search(b.text) for b in page.blocks):
        return "card list"
    if _BUILD_TIME.search(page.source):
        return "filled in at build time"
    prose = [b for b in page.prose_blocks if b.kind != "table"]
    total = _words_in(prose)
    links = [link for link in page.links if not link.image]
    if total and sum(text.count(link.text) for link in links) / total >= float(params["nav-link-density"]):
        return "link list"
    items = [b for b in prose if b.kind == "list_item" and _mostly_link(b, links)]
    if len(items) >= 3 and 2 * len(items) >= len(prose):
        return "link list"
    notice = phrases(params["notice-words"])
    if links and total <= int(params["notice-words-max"]) and any(notice.search(b.text) for b in prose):
        return "moved or removed notice"
    members = [b for b in page.blocks if b.kind == "heading" and b.inline_code and text.count(b.text) <= 2]
    if len(members) >= 2:
        return "reference page"  # one section per documented member: short by design
    return ""


def _mostly_link(block: Block, links: Sequence[Link]) -> bool:
    words = text.count(block.text)
    inside = sum(text.count(link.text) for link in links if block.line <= link.line <= block.end_line)
    return words > 0 and 2 * inside >= words


def _included_words(page: Page, site: Site) -> int:
    """Prose words of the partials an MDX page imports and renders in place."""
    folder = page.path.rsplit("/", 1)[0] if "/" in page.path else ""
    total = 0
    for block in page.blocks:
        if block.kind == "esm":
            for target in _PARTIAL_IMPORT.findall(block.text.replace("\\", "")):
                partial = site.page(posixpath.normpath(posixpath.join(folder, target)))
                total += partial.words if partial else 0
    return total


def prose_words(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """A page's prose words (with HTML text and included partials), and why it may be short by design."""
    # Text inside HTML blocks (cards on a landing page) is read like prose.
    html = sum(text.count(_TAG.sub(" ", b.text)) for b in page.blocks if b.kind == "html")
    words = page.words + html + _included_words(page, ctx.site)
    yield Measurement({"words": words, "exempt": exemption(page, ctx.params, ctx.site)},
                      Location(page.path, 1, page.line_count), {"title": page.title})


CHECK = spec(
    "prose-words", "page", prose_words, values=("words", "exempt"),
    params={
        "nav-link-density": Share("Share of prose words inside links at or above which a page is navigation."),
        "redirect-keys": Words("Front matter keys that make a page a redirect."),
        "card-components": Words("Components that render a list of cards or links."),
        "notice-words": Words("Words that make a short page linking elsewhere a moved or removed notice."),
        "notice-words-max": Count("A moved/removed notice longer than this many words is a page, not a signpost."),
    },
)
