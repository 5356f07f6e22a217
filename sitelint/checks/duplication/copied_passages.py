"""Passages copied from one page to another, verbatim or nearly so."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from typing import Any

from sitelint.checks import CheckContext, Count, Share, spec
from sitelint.checks.duplication.corpus import Corpus
from sitelint.checks.duplication.digest import (
    parallel_names,
    passage_words,
    quoted,
    siblings,
    signposts,
    span_lines,
    tokens,
)
from sitelint.checks.duplication.report import passage_measurements
from sitelint.checks.duplication.spans import Span, copied_spans, jaccard
from sitelint.model import Measurement, Page

PASSAGE_PARAMS = {
    "min-words": Count("Shortest passage, in words, that counts as a copy."),
    "min-similarity": Share("Share of a passage's words that must match the other copy."),
    "max-gap": Count("Words of a small edit bridged inside one copy."),
    "max-copies": Count("A shingle on more pages than this is boilerplate, not a copy someone made."),
}


def spans(corpus: Corpus, params: Any) -> list[Span]:
    found = copied_spans(corpus.digests, int(params["max-copies"]), int(params["max-gap"]), corpus.focus,
                         corpus.shingles)
    keep = []
    for s in found:
        words = min(s.a_hi - s.a_lo, s.b_hi - s.b_lo)
        if words >= int(params["min-words"]) and s.matched / max(s.a_hi - s.a_lo, s.b_hi - s.b_lo) >= float(
                params["min-similarity"]):
            keep.append(s)
    return keep


def copied_passages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = ctx.run.corpus
    assert corpus is not None
    whole = float(ctx.params["page-similarity"])
    out: list[tuple[Any, ...]] = []
    read: dict[int, tuple[list[str], frozenset[str]]] = {}

    def words_of(index: int) -> tuple[list[str], frozenset[str]]:
        """A page's passage words and the words of its name, read once however many copies it has."""
        if index not in read:
            read[index] = passage_words(corpus.pages[index]), _name_words(corpus.pages[index])
        return read[index]

    for s in spans(corpus, ctx.params):
        if s.a == s.b:
            continue
        da, db = corpus.digests[s.a], corpus.digests[s.b]
        if da.prose_hash == db.prose_hash or jaccard(da.shingles, db.shingles) >= whole:
            continue  # the whole page is a copy: duplicate-page or near-duplicate-page says so
        pa, pb = corpus.pages[s.a], corpus.pages[s.b]
        shared = int(ctx.params["template-headings"])
        if parallel_names(pa.path, pb.path) and siblings(da, db, shared):
            continue  # a page per platform or per kind, from one template (same headings), shares its text by design
        if corpus.in_editions(pa.path, pb.path):
            continue  # editions of the docs (a folder per database or framework) restate each other by design
        a_lines, b_lines = span_lines(da, s.a_lo, s.a_hi, db, s.b_lo, s.b_hi)
        if template_section(pa, a_lines[0], pb, b_lines[0], len(da.headings & db.headings), shared):
            continue  # one template's text for the same section of two pages (each plugin's "Caching" settings)
        if quoted(pa, a_lines[0]) or quoted(pb, b_lines[0]):
            continue  # a quotation of the other page ("In the layout section we said: > ..."), on purpose
        if signposts(pa, *a_lines) and signposts(pb, *b_lines):
            continue  # the same entries in lists of links ("What's next"), each a line about the page it links to
        (words_a, names_a), (words_b, names_b) = words_of(s.a), words_of(s.b)
        added, here, there = _drift(words_a[s.a_lo : s.a_hi], words_b[s.b_lo : s.b_hi], names_a, names_b)
        out.append((s.a, *a_lines, s.b, *b_lines, s.a_hi - s.a_lo,
                    {"added": added, "drift": _said(added, here, there, pb.path)}))
        out.append((s.b, *b_lines, s.a, *a_lines, s.b_hi - s.b_lo,
                    {"added": added, "drift": _said(added, there, here, pa.path)}))
    yield from passage_measurements(corpus, out, "words")


def _name_words(page: Page) -> frozenset[str]:
    """The words of a page's name (its title and file name): what a template's slot is filled with."""
    stem = page.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return frozenset(tokens(f"{page.title} {stem.replace('_', ' ').replace('-', ' ')}"))


def _drift(a: list[str], b: list[str], names_a: frozenset[str] = frozenset(),
           names_b: frozenset[str] = frozenset()) -> tuple[int, str, str]:
    """How two copies differ: the words one has and the other lacks (words put in others' place, as a template's
    slot is filled with a longer or shorter name, are not counted), and the first such difference as each copy has
    it."""
    added, first = 0, ("", "")
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        extra = (i2 - i1) + (j2 - j1) if tag in ("insert", "delete") else 0  # a replaced run fills a slot
        if extra and (set(a[i1:i2]) <= names_a if tag == "delete" else set(b[j1:j2]) <= names_b):
            extra = 0  # the page's own name in the slot ("link-background" and "link-background-hover")
        if extra:
            added += extra
            if not any(first):
                first = (" ".join(a[i1:i2][:6]), " ".join(b[j1:j2][:6]))
    return added, *first


def _said(added: int, here: str, there: str, other: str) -> str:
    """What differs, for the message: a copy that already drifted is the one most worth merging."""
    if not added:
        return ""
    mine = f"'{here}' here" if here else "missing here"
    theirs = f"'{there}' on {other}" if there else f"not on {other}"
    return f"; the copies already differ by {added} word{'s' if added > 1 else ''} ({mine}, {theirs})"


def section_title(page: Page, line: int) -> str:
    """The title of the innermost section holding line that has words of its own (a heading made of a comment
    alone, as templates write a setting's heading, gives way to its parent)."""
    index = max((i for i, sec in enumerate(page.sections) if sec.line <= line <= sec.end_line),
                key=lambda i: page.sections[i].level, default=-1)
    while index >= 0:
        section = page.sections[index]
        words = " ".join(re.sub(r"<!--.*?-->|[`*_#]", " ", section.title).lower().split())
        if words and section.level >= 2:
            return words
        index = section.parent
    return ""


# The author's title of a callout: !!! tip "Title", ??? note "Title", :::tip[Title], :::tip Title.
_CALLOUT_TITLE = re.compile(
    r'\s*(?:(?:!!!|\?\?\?\+?)\s*[\w-]+(?:\s+[\w-]+)*\s+"([^"]+)"'
    r"|:{3,}\s*[\w-]++\s*(?:\[([^\]]+)\]|([^{\s].*)))"
)


def _callout_title(page: Page, line: int) -> str:
    """The title an author gave the innermost callout holding line ("" outside one, or for a bare kind)."""
    holders = [b for b in page.blocks if b.kind == "admonition" and b.line <= line <= b.end_line]
    if not holders:
        return ""
    first = page.source.split("\n")[max(holders, key=lambda b: b.line).line - 1]
    found = _CALLOUT_TITLE.match(first)
    title = next((group for group in found.groups() if group), "") if found else ""
    return " ".join(title.lower().split())


def template_section(a: Page, line_a: int, b: Page, line_b: int, shared_headings: int, min_shared: int) -> bool:
    """Whether a passage two pages of one folder share sits under the same section heading, or in a callout of
    the same title, on both, on pages that share min_shared headings: a page per plugin or per tool written from
    one template, whose sections and closing callouts ("Missing something?") say the same thing by design."""
    if a.path.rpartition("/")[0] != b.path.rpartition("/")[0] or min_shared <= 0 or shared_headings < min_shared:
        return False
    callout = _callout_title(a, line_a)
    if callout and callout == _callout_title(b, line_b):
        return True
    title = section_title(a, line_a)
    return bool(title) and title == section_title(b, line_b)


CHECK = spec(
    "copied-passages", "site", copied_passages, values=("words", "added"), needs=("corpus",),
    params={**PASSAGE_PARAMS,
            "page-similarity": Share("Page Jaccard from which the whole page is a copy (another rule's)."),
            "template-headings": Count("Shared headings that make two pages one template's (not compared).")},
)
