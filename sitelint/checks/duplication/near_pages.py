"""Pages whose 5-word shingles are mostly another page's (exact duplicates are another rule's)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from sitelint.checks import CheckContext, Count, Share, spec
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
    for n, matches in sorted(found.items(), key=lambda item: corpus.pages[item[0]].path):
        matches.sort(key=lambda m: (-m[0], corpus.pages[m[1]].path))
        others = tuple(Location(corpus.pages[o].path, 1) for _, o in matches)
        path = corpus.pages[n].path
        yield Measurement({"similarity": matches[0][0]}, Location(path, 1), corpus.detail(path, others), others)


CHECK = spec(
    "near-duplicate-pages", "site", near_duplicate_pages, values=("similarity",), needs=("corpus",),
    params={"min-similarity": Share("Share of 5-word shingles two pages must share (Jaccard) to be compared."),
            "min-words": Count("Pages with fewer prose words than this are not compared."),
            "max-copies": Count("A shingle on more pages than this is boilerplate and does not count.", low=2)},
)
