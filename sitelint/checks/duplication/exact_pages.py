"""Pages with the same prose as another page, word for word."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from sitelint.checks import CheckContext, Count, spec
from sitelint.model import Location, Measurement


def duplicate_pages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = ctx.run.corpus
    assert corpus is not None
    groups: dict[str, list[int]] = defaultdict(list)
    for n, d in enumerate(corpus.digests):
        if d.words >= int(ctx.params["min-words"]):
            groups[d.prose_hash].append(n)
    for members in groups.values():
        if len(members) < 2 or not corpus.touches(*members):
            continue
        for n in members:
            others = tuple(Location(corpus.pages[o].path, 1) for o in members if o != n)
            path = corpus.pages[n].path
            yield Measurement({"copies": len(others)}, Location(path, 1), corpus.detail(path, others), others)


CHECK = spec("duplicate-pages", "site", duplicate_pages, values=("copies",), needs=("corpus",),
             params={"min-words": Count("Pages with fewer prose words than this are not compared.")})
