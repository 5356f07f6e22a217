"""Flesch reading ease and Flesch-Kincaid grade of each section with enough prose, by textstat, and its long
sentences: a low score is a hard section only when sentences really are long, not when names and URLs skew it.

Identifiers, paths and abbreviations that would fake sentence ends or long words are left out first. Each section's
pair of scores is kept in the cache by the text scored, so an edited page scores only its edited sections.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import re
from collections.abc import Iterator, Sequence

from sitelint import text
from sitelint.checks import CheckContext, Count, spec
from sitelint.model import Block, Location, Measurement, Page

NAMESPACE, VERSION = "readability", 1
_IDENTISH = re.compile(r"[_/\\<>{}()\[\]=#@$|]|\w\.\w|\b[a-z]+[A-Z][a-z]|\d")
_ABBREV = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.", re.IGNORECASE)
# Sentence ends, and the semicolons and dashes a reader also pauses at: a long sentence is one with no such rest. A
# colon that ends a paragraph of a quote or callout (its lead-in to a list or an example) ends it too.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[^a-z\s])|;\s+|\s[\u2014\u2013-]\s|<[bB][rR]\s*/?>|(?<=:)\n")
_MAX_CHARS = 20_000  # a section's text scored: the formula's averages settle long before this


def _terminated(prose: str) -> str:
    prose = prose.strip()
    return prose if not prose or prose[-1] in ".!?" else prose.rstrip(":;,") + "."


def _without_identifiers(prose: str) -> str:
    """Tokens that are code (paths, calls, camelCase, numbers) dropped, their trailing punctuation kept."""
    out = []
    for token in prose.split():
        core = token.rstrip(".,;:!?")
        out.append(token[len(core):] if _IDENTISH.search(core) else token)
    return " ".join(t for t in out if t)


def readable_text(blocks: Sequence[Block]) -> str:
    """Prose ready for a readability formula."""
    parts = []
    for block in blocks:
        # textstat drops sentences of one or two words but keeps their words: leave such fragments out.
        if block.is_prose and block.kind != "table" and text.count(block.text) >= 3:
            prose = _ABBREV.sub(lambda m: m.group().rstrip("."), block.text)
            parts.append(_terminated(_without_identifiers(prose)))
    return " ".join(p for p in parts if p)[:_MAX_CHARS]


@functools.cache
def _textstat() -> str:
    """Which textstat is installed (where, and when its files were written): cached scores are valid only for the
    textstat that made them. Read without importing it, or importlib.metadata."""
    spec = importlib.util.find_spec("textstat")
    origin = spec.origin if spec and spec.origin else ""
    try:
        return f"{origin}:{os.stat(origin).st_mtime_ns}" if origin else "none"
    except OSError:
        return origin


def _scores(texts: list[str], ctx: CheckContext) -> list[tuple[float, float]]:
    ns = ctx.run.cache.namespace(NAMESPACE, VERSION) if ctx.run.cache is not None else None
    tag = _textstat()
    keys = [hashlib.blake2b(f"{tag}\0{t}".encode(), digest_size=16).hexdigest() for t in texts]
    stored = ns.get_json_many(keys) if ns is not None else {}
    out, fresh = [], {}
    for key, prose in zip(keys, texts, strict=True):
        pair = stored.get(key)
        if not (isinstance(pair, list) and len(pair) == 2):
            import textstat

            pair = [float(textstat.flesch_reading_ease(prose)), float(textstat.flesch_kincaid_grade(prose))]
            fresh[key] = pair
        out.append((float(pair[0]), float(pair[1])))
    if ns is not None and fresh:
        ns.put_json_many(fresh)
    return out


def long_sentences(blocks: Sequence[Block], least: int) -> tuple[int, int, int]:
    """Sentences of running prose (paragraphs and list items; not tables, headings or link lists) with at least
    `least` words once code is left out: how many, the longest one's words and its line (0 when none)."""
    count, longest, line = 0, 0, 0
    for block in blocks:
        if block.kind not in ("paragraph", "list_item", "blockquote"):
            continue
        prose = _ABBREV.sub(lambda m: m.group().rstrip("."), block.text)
        for sentence in map(_without_identifiers, _SENTENCE_END.split(prose)):
            words = text.count(sentence)
            count += words >= least
            if words > longest:
                longest, line = words, block.line
    return count, longest, line


def readability(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    measured = []
    for index in range(-1, len(page.sections)):
        blocks = page.blocks_in(index)
        prose = readable_text(blocks)
        words = text.count(prose)
        if words >= int(ctx.params["min-words"]):
            measured.append((index, prose, words, long_sentences(blocks, int(ctx.params["sentence-words"]))))
    if not measured:
        return
    for (index, _, words, (long, longest, at)), (ease, grade) in zip(
            measured, _scores([m[1] for m in measured], ctx), strict=True):
        section = page.sections[index] if index >= 0 else None
        line = section.line if section else next(b.line for b in page.blocks_in(-1) if b.is_prose)
        yield Measurement(
            {"ease": round(ease, 1), "grade": round(grade, 1), "words": words, "long": long, "longest": longest},
            Location(page.path, line, section.end_line if section else None),
            {"where": f"Section '{section.title}'" if section else "The introduction", "longest_line": at},
        )


CHECK = spec("readability", "page", readability, pure=True, values=("ease", "grade", "words", "long", "longest"),
             params={"min-words": Count("Sections with fewer prose words than this are too short to measure."),
                     "sentence-words": Count("Words from which a sentence counts as long.", low=1)})
