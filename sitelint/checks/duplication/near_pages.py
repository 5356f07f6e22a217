"""Pages whose 5-word shingles are mostly another page's (exact duplicates are another rule's)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from sitelint.checks import CheckContext, Count, Share, spec
from sitelint.checks.duplication.exact_pages import notice_page
from sitelint.checks.duplication.report import on_copies_to_change
from sitelint.checks.duplication.spans import similar_pages
from sitelint.model import Location, Measurement


def near_duplicate_pages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = ctx.run.corpus
    assert corpus is not None
    eligible = [n for n, d in enumerate(corpus.digests) if d.words >= int(ctx.params["min-words"])]
    found: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for a, b, similarity in similar_pages(corpus.digests, eligible, float(ctx.params["min-similarity"]),
                                          int(ctx.params["max-copies"]), corpus.focus):
        if corpus.digests[a].prose_hash == corpus.digests[b].prose_hash:
            continue
        found[a].append((round(similarity, 4), b))
        found[b].append((round(similarity, 4), a))
    # Pages joined by similarity, directly or through another page, are one duplicate, reported on each copy to change.
    parent = {n: n for n in found}

    def root(n: int) -> int:
        while parent[n] != n:
            n = parent[n]
        return n

    for n, matches in found.items():
        for _, o in matches:
            parent[root(n)] = root(o)
    groups: dict[int, list[int]] = defaultdict(list)
    for n in sorted(found, key=lambda i: corpus.pages[i].path):
        groups[root(n)].append(n)
    # One page in editions of the docs (a folder per database or framework) is alike by design.
    # Nor are pages of notices alone (an "Alpha" and an "under construction" callout, the same on each).
    places = [[(n, Location(corpus.pages[n].path, 1)) for n in members] for members in groups.values()
              if not corpus.editions(corpus.pages[n].path for n in members)
              and not all(notice_page(corpus.pages[n]) for n in members)]
    best = {corpus.pages[n].path: max(s for s, _ in matches) for n, matches in found.items()}
    for at, others, detail in on_copies_to_change(corpus, places):
        yield Measurement({"similarity": best[at.path]}, at, detail, others)


CHECK = spec(
    "near-duplicate-pages", "site", near_duplicate_pages, values=("similarity",), needs=("corpus",),
    params={"min-similarity": Share("Share of 5-word shingles two pages must share (Jaccard) to be compared."),
            "min-words": Count("Pages with fewer prose words than this are not compared."),
            "max-copies": Count("A shingle on more pages than this is boilerplate and does not count.", low=2)},
)
