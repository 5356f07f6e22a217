"""Measurements of copied passages: one per passage of a page, its other copies merged into related places."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from sitelint.checks.duplication.corpus import Corpus
from sitelint.model import Location, Measurement


def passage_measurements(corpus: Corpus, found: Sequence[tuple[Any, ...]], value: str) -> Iterator[Measurement]:
    """found: (page, first line, last line, other page, its first line, its last line, measure) per copy.

    Copies of overlapping lines of one page are merged into one measurement; every other copy is related.
    """
    by_page: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for entry in found:
        by_page[entry[0]].append(entry)
    for index in sorted(by_page):
        page = corpus.pages[index]
        clusters: list[list[tuple[Any, ...]]] = []
        for entry in sorted(by_page[index], key=lambda t: (t[1], t[2])):
            if clusters and entry[1] <= max(c[2] for c in clusters[-1]):
                clusters[-1].append(entry)
            else:
                clusters.append([entry])
        for cluster in clusters:
            others = merge_locations(Location(corpus.pages[c[3]].path, c[4], c[5]) for c in cluster)
            measured = max(c[6] for c in cluster)
            at = Location(page.path, cluster[0][1], max(c[2] for c in cluster))
            yield Measurement({value: measured}, at, corpus.detail(page.path, others), others)


def merge_locations(locations: Iterable[Location]) -> tuple[Location, ...]:
    """Sorted, with overlapping ranges of one page joined: each other copy is named once."""
    out: list[Location] = []
    for loc in sorted(locations, key=lambda x: (x.path, x.line, x.end_line or x.line)):
        last = out[-1] if out else None
        if last is not None and last.path == loc.path and loc.line <= (last.end_line or last.line):
            out[-1] = Location(last.path, last.line, max(last.end_line or last.line, loc.end_line or loc.line))
        else:
            out.append(loc)
    return tuple(out)
