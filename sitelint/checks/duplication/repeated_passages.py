"""Passages a page repeats within itself (not across tabs a reader sees one at a time, nor between two sections of
one title, a variant documented section by section)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import replace

from sitelint.checks import CheckContext, spec
from sitelint.checks.duplication import digest
from sitelint.checks.duplication.copied_passages import PASSAGE_PARAMS, spans
from sitelint.model import Location, Measurement, Page

_WORD = re.compile(r"[^\W_]+")


def repeated_passages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = ctx.run.corpus
    assert corpus is not None
    found = set()
    tabs: dict[int, list[tuple[int, int]]] = {}
    for s in spans(corpus, ctx.params):
        if s.a != s.b or s.a_hi > s.b_lo:  # two pages (another rule), or a passage overlapping its own repeat
            continue
        d = corpus.digests[s.a]
        first, second = digest.span_lines(d, s.a_lo, s.a_hi, d, s.b_lo, s.b_hi)
        if s.a not in tabs:
            tabs[s.a] = digest.tabs(corpus.pages[s.a])
        if digest.other_tab(tabs[s.a], first, second):
            continue  # the same steps for macOS and for Windows: a reader sees one tab at a time
        if digest.quoted(corpus.pages[s.a], first[0]) or digest.quoted(corpus.pages[s.a], second[0]):
            continue  # a quotation, on purpose: the docs quoted whole after a sentence of them was
        if _parallel_sections(corpus.pages[s.a], first[0], second[0]):
            continue  # "Producers" of Bull and "Producers" of BullMQ: the page repeats its sections for a variant
        found.add((s.a, *second, *first, s.b_hi - s.b_lo))
    # A passage said three times is one finding, at its first repeat, naming every other place: not one per pair.
    copies: dict[int, dict[tuple[int, int], set[tuple[int, int]]]] = defaultdict(lambda: defaultdict(set))
    size: dict[tuple[int, int, int], int] = {}
    for index, lo, hi, first_line, first_end, words in found:
        copies[index][(lo, hi)].add((first_line, first_end))
        copies[index][(first_line, first_end)].add((lo, hi))
        size[(index, lo, hi)] = max(size.get((index, lo, hi), 0), words)
    for index in sorted(copies):
        path = corpus.pages[index].path
        measured = []
        for group in _passages(copies[index]):
            first, repeat, *rest = group
            others = (Location(path, *first), *(Location(path, *r) for r in rest))
            words = max(size.get((index, *r), 0) for r in (repeat, *rest))
            measured.append(Measurement({"words": words}, Location(path, *repeat),
                                        {"first_line": first[0], "others": f"{path}:{first[0]}", "copies": len(group),
                                         "more": ""}, others))
        # A page that repeats three passages or more (an API's error responses said under each endpoint) is one
        # finding, at the first, naming the other repeats: one decision for the page, not a finding per passage.
        if len(measured) >= _PAGE_REPEATS:
            head, *tail = measured
            yield replace(head, detail={**head.detail, "more": f"; and {len(tail)} more passages this page repeats"},
                          related=head.related + tuple(m.at for m in tail))
        else:
            yield from measured


_PAGE_REPEATS = 3


# Titles that share this share of their words (but the small ones) name parallel things: "Gate Responses" and
# "Policy Responses", "Herd on macOS" and "Herd on Windows".
_PARALLEL_TITLES = 1 / 3
_SMALL_WORDS = frozenset("a an the of to in on for and or with by from as at is it its your via".split())  # noqa: SIM905
# A title that is one name as code spells it (`assertValid`, `alpha_num`, `cache.dir`, `geometry()`): a member's entry.
_CODE_TITLE = re.compile(r"`?[A-Za-z_$][\w$-]*(?:[.:][\w$-]+)*(?:\([^()]*\))?`?")
_CODE_MARK = re.compile(r"`|[a-z][A-Z]|\w_\w|\w\.\w|\(")
_ATTRIBUTES = re.compile(r"\s*\{[^{}]*\}\s*$")


def _parallel_sections(page: Page, one: int, other: int) -> bool:
    """Whether two lines are in two sections a page lays out side by side, one per variant or member, whose text
    follows one template by design: two sections of the same title (a second variant documented section by section:
    "Producers" once per queue library); of one level, whose titles share a third of their words or more ("Gate
    Responses" and "Policy Responses"); or of one level, each titled with a name as code spells it (`assertValid`,
    `assertInvalid`: a member's entry, as on a reference page)."""
    def innermost(line: int) -> int:
        inside = [i for i, sec in enumerate(page.sections) if sec.line <= line <= sec.end_line]
        return max(inside, key=lambda i: page.sections[i].level) if inside else -1
    a, b = innermost(one), innermost(other)
    if a == b or a < 0 or b < 0:
        return False
    first, second = page.sections[a], page.sections[b]
    if first.title.strip().lower() == second.title.strip().lower():
        return True
    if first.level != second.level:
        return False
    titles = [_ATTRIBUTES.sub("", sec.title).strip() for sec in (first, second)]
    words = [set(_WORD.findall(title.lower())) - _SMALL_WORDS for title in titles]
    if words[0] and words[1] and len(words[0] & words[1]) >= _PARALLEL_TITLES * len(words[0] | words[1]):
        return True
    return all(_CODE_TITLE.fullmatch(title) and _CODE_MARK.search(title) for title in titles)


def _passages(links: dict[tuple[int, int], set[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """The places of each passage a page repeats (line ranges joined by a repeat, directly or not), in page order."""
    seen: set[tuple[int, int]] = set()
    out = []
    for start in sorted(links):
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            place = todo.pop()
            if place not in group:
                group.add(place)
                todo.extend(links[place])
        seen |= group
        out.append(sorted(group))
    return out


CHECK = spec("repeated-passages", "site", repeated_passages, values=("words",), needs=("corpus",),
             params=PASSAGE_PARAMS)
