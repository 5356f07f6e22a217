"""Measurements of duplicates (a passage, a page, a code block and all its copies): a passage is one finding, on the
first copy a maintainer should change; a page or a code block one on each copy to change; never on the canonical
copy, which leads the related places."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from sitelint.checks.duplication.corpus import Corpus
from sitelint.model import Location, Measurement


def passage_measurements(corpus: Corpus, found: Sequence[tuple[Any, ...]], value: str) -> Iterator[Measurement]:
    """found: (page, first line, last line, other page, its first line, its last line, measure) per copy, both ways,
    optionally with more values of the copy (a mapping, its first value the larger the more it counts).

    Overlapping lines of one page are one place; places joined by a copy, directly or through another place, are one
    duplicate, reported once, on the first copy to change (see `to_change`), naming every other place.
    """
    places: list[tuple[int, int, int]] = []  # (page, first line, last line)
    measure: list[Any] = []
    more: list[dict[str, Any]] = []
    by_page: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for entry in found:
        by_page[entry[0]].append(entry)
    node: dict[tuple[int, int], int] = {}  # (page, first line of a copy) -> its place
    for index in sorted(by_page):
        for entry in sorted(by_page[index], key=lambda t: (t[1], t[2])):
            last = places[-1] if places else None
            extra = dict(entry[7]) if len(entry) > 7 else {}
            if last is not None and last[0] == index and entry[1] <= last[2]:
                places[-1] = (index, last[1], max(last[2], entry[2]))
                measure[-1] = max(measure[-1], entry[6])
                if extra and (not more[-1] or next(iter(extra.values())) > next(iter(more[-1].values()))):
                    more[-1] = extra
            else:
                places.append((index, entry[1], entry[2]))
                measure.append(entry[6])
                more.append(extra)
            node[(index, entry[1])] = len(places) - 1
    parent = list(range(len(places)))

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for entry in found:
        here, there = node.get((entry[0], entry[1])), node.get((entry[3], entry[4]))
        if here is not None and there is not None:
            parent[root(here)] = root(there)
    groups: dict[int, list[int]] = defaultdict(list)
    for n in range(len(places)):
        groups[root(n)].append(n)
    for members in sorted(groups.values(), key=lambda m: min(places[n] for n in m)):
        located = [(places[n][0], Location(corpus.pages[places[n][0]].path, places[n][1], places[n][2]))
                   for n in members]
        measured = {loc: (measure[n], more[n]) for n, (_, loc) in zip(members, located, strict=True)}
        for at, others in to_change(corpus, located)[:1]:
            main, extra = measured[at]
            values = {value: main, **{k: v for k, v in extra.items() if not isinstance(v, str)}}
            detail = corpus.detail(at.path, others, **{k: v for k, v in extra.items() if isinstance(v, str)})
            yield Measurement(values, at, detail, others)


def to_change(corpus: Corpus, places: Sequence[tuple[int, Location]]) -> list[tuple[Location, tuple[Location, ...]]]:
    """Where one duplicate is reported: on each copy a maintainer should change (in the run's focus, when it has one),
    with every other place, the canonical copy first; never on the canonical copy, which is the one to keep. A run
    on some pages so reports on them what a run on the whole site does."""
    canonical, _ = corpus.canonical(corpus.pages[i].path for i, _ in places)
    out = []
    for i, at in sorted(places, key=lambda item: (item[1].path, item[1].line)):
        if at.path == canonical or (corpus.focus is not None and i not in corpus.focus):
            continue
        others = merge_locations(loc for _, loc in places if loc is not at)
        out.append((at, tuple(sorted(others, key=lambda loc: loc.path != canonical))))
    return out


def on_copies_to_change(corpus: Corpus, groups: Iterable[Sequence[tuple[int, Location]]]
                ) -> Iterator[tuple[Location, tuple[Location, ...], dict[str, Any]]]:
    """Each group of places of one duplicate, reported on its copies to change: place, other places, message detail."""
    for places in groups:
        for at, others in to_change(corpus, places):
            yield at, others, corpus.detail(at.path, others)


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
