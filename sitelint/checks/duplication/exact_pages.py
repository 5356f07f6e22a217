"""Pages with the same prose as another page, word for word."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from sitelint.checks import CheckContext, Count, spec
from sitelint.checks.duplication.report import on_copies_to_change
from sitelint.model import Location, Measurement


def duplicate_pages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = ctx.run.corpus
    assert corpus is not None
    groups: dict[str, list[int]] = defaultdict(list)
    for n, d in enumerate(corpus.digests):
        if d.words >= int(ctx.params["min-words"]):
            groups[d.prose_hash].append(n)
    places = [[(n, Location(corpus.pages[n].path, 1)) for n in members] for members in groups.values()
              if len(members) > 1 and corpus.touches(*members)]
    for at, others, detail in on_copies_to_change(corpus, places):
        yield Measurement({"copies": len(others)}, at, detail, others)


CHECK = spec("duplicate-pages", "site", duplicate_pages, values=("copies",), needs=("corpus",),
             params={"min-words": Count("Pages with fewer prose words than this are not compared.")})
