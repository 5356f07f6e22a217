"""What the staleness checks share: where a claim is on the page, and which pages are frozen on purpose."""

from __future__ import annotations

import re
from collections.abc import Sequence

from sitelint.model import Block, Page


def frozen(page: Page) -> bool:
    """A Docusaurus versioned copy describes an old release on purpose: no staleness rule judges it."""
    return page.variant.startswith("versioned:")


def line_of(page: Page, block: Block, needle: str, occurrence: int = 0) -> int:
    """The source line of a block that holds needle (block text is plain text, so search the raw lines); the line
    of its `occurrence`-th appearance (0: the first) when it appears more than once."""
    lines = page.source.split("\n")[block.line - 1 : block.end_line]
    seen = 0
    for offset, line in enumerate(lines):
        seen += line.count(needle)
        if seen > occurrence:
            return block.line + offset
    squeezed = " ".join(needle.split()[:2])
    return next((block.line + i for i, line in enumerate(lines) if squeezed in line), block.line)


def in_link_text(page: Page, block: Block, fragment: str) -> bool:
    """Whether fragment is part of a link's text: the title of another document, not a claim of this page."""
    return any(block.line <= link.line <= block.end_line and fragment in link.text for link in page.links)


# A resource listed by its title, then a dash or a colon and its link: "Acme 22.2.0 Halley — [youtube.com/...](...)".
_TITLE_THEN_LINK = re.compile(r"^[^\n]*?\s(?:—|–|-{1,2})\s+(.+?)\s*$|^[^\n]*?:\s+(.+?)\s*$")


def titles_link(page: Page, block: Block, after: str) -> bool:
    """Whether the text after a mention ends its title: a dash or a colon, then nothing but a link's text (a talk,
    a video or an article listed by its title before its link), so the mention is the title of another document."""
    found = _TITLE_THEN_LINK.match(after)
    rest = (found.group(1) or found.group(2)) if found else ""
    return bool(rest) and any(block.line <= link.line <= block.end_line and not link.image
                              and link.text.strip() == rest for link in page.links)


# What may stand between a thing's name and the version it needs: "kitty (>= v0.47.1)", "Windows Terminal v1.22".
_REQUIRES = re.compile(r"[\s(]*(?:>=|=>|<=|>|<|=|≥|≤|\^|~)?\s*$")


def after_link(page: Page, block: Block, before: str, names: Sequence[str]) -> bool:
    """Whether the text before a version ends with the text of a link to something other than the product:
    `[kitty](https://github.com/kovidgoyal/kitty) (>= v0.47.1)` is the linked program's version."""
    gap = _REQUIRES.search(before)
    head = before[: gap.start()] if gap else before
    return any(block.line <= link.line <= block.end_line and link.text.strip() and not link.image
               and head.endswith(link.text.strip()) and link.text.strip().lower() not in names
               for link in page.links)
