"""Pages with the same prose as another page, word for word."""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterator

from sitelint import text as words_of
from sitelint.checks import CheckContext, Count, spec
from sitelint.checks.duplication.report import on_copies_to_change
from sitelint.model import Block, Location, Measurement, Page


def _code(page: Page) -> str:
    """What a page's code says (its code blocks, the files they include, the MDX files it imports and renders), as
    one digest."""
    return hashlib.sha256("\0".join(b.text for b in _code_of(page)).encode()).hexdigest()


def _code_of(page: Page) -> list[Block]:
    return [*page.code_blocks, *(b for b in page.blocks if b.kind == "esm")]


# A callout component that opens or closes on its own line: `<Aside type="note" title="Announcement">`, `</Callout>`.
_CALLOUT_OPEN = re.compile(r"^<(Aside|Callout|Admonition|Note|Notice|Tip|Warning|Caution|Info|Danger)\b[^>]*(?<!/)>$")


_OWN_WORDS = 10  # words of a page's own beside its callouts that still leave it a page of notices (a demo's label)


def notice_page(page: Page) -> bool:
    """Whether all of a page's prose is in callouts (admonitions, `:::note`, `!!! note`, or a callout component
    around it), but for a few words: notices put on the page in place of its content ("For now, we're not accepting
    translations", "🚧 Constructing"), which the pages they stand in for each carry on purpose."""
    prose = page.prose_blocks
    if not prose:
        return False
    callouts = [b for b in prose if b.kind == "admonition"]
    if callouts and sum(words_of.count(b.text) for b in prose if b.kind != "admonition") <= _OWN_WORDS:
        return True
    opens = [(b, found) for b in page.blocks
             if b.kind in ("jsx", "html") and (found := _CALLOUT_OPEN.match(b.text.strip()))]
    if len(opens) != 1:
        return False
    (start, found), = opens
    close = next((b for b in page.blocks if b.line > start.line and b.kind in ("jsx", "html")
                  and b.text.strip() == f"</{found.group(1)}>"), None)
    return close is not None and all(start.line < b.line and b.end_line < close.line for b in prose)


def duplicate_pages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = ctx.run.corpus
    assert corpus is not None
    groups: dict[str, list[int]] = defaultdict(list)
    for n, d in enumerate(corpus.digests):
        if d.words >= int(ctx.params["min-words"]):
            groups[d.prose_hash].append(n)
    places = [[(n, Location(corpus.pages[n].path, 1)) for n in members] for members in groups.values()
              if len(members) > 1 and corpus.touches(*members)]
    for group in places:
        # The same prose around different code is a page per backend or language (`kafka/ack.md` beside
        # `confluent/ack.md`, each with its own imports and examples): parallel by design, not a copy to remove.
        if corpus.editions(place.path for _, place in group):
            continue  # one page in editions of the docs (a folder per database or framework), the same by design
        if all(notice_page(corpus.pages[n]) for n, _ in group):
            continue  # one notice put on each page it replaced ("not accepting translations for now")
        codes = {_code(corpus.pages[n]) for n, _ in group}
        parallel = len(codes) > 1 and all(_code_of(corpus.pages[n]) for n, _ in group)
        for at, others, detail in on_copies_to_change(corpus, [group]):
            note = "; the code differs: a page per backend or language? Keep the shared text in one included file"
            yield Measurement({"copies": len(others), "parallel": parallel}, at,
                              {**detail, "parallel_note": note if parallel else ""}, others)


CHECK = spec("duplicate-pages", "site", duplicate_pages, values=("copies", "parallel"), needs=("corpus",),
             params={"min-words": Count("Pages with fewer prose words than this are not compared.")})
