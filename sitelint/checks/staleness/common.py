"""What the staleness checks share: where a claim is on the page, and which pages are frozen on purpose."""

from __future__ import annotations

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
