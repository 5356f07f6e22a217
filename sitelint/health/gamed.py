"""Independent measures of a fix: when a page that failed a rule passes it now, did the change do what the rule
stands for, or only what it counts?

Each rule that can be fixed names its measure in its YAML (`fix-measure: {measure: NAME, ...params}`); the measure
reads the page at the base and now, and never the rule's own value:
- `added-information` (a word floor): the prose added must carry new content words, compress like prose, not
  repeat its 3-word sequences and not lean on a few words (the three commonest content words' share); padding past
  the floor fails one of these. On real pages (fastapi, redux, pydantic, mkdocs: 232 pages of 200 words or more,
  the 160 words after the first 40 taken as added), the new-content-word share has a median of 0.31 and a 5th
  percentile of 0.20, and the three commonest words' share a median of 0.17 and a 99th percentile of 0.31.
- `meaning-kept` (a copy): what replaced the copied passage is compared with the other copy by meaning (the
  embedding model, else content words): a copy reworded past the lexical check still says the same.
- `section-content` (a placeholder, an empty section): the section must now hold content words of its own, beyond
  its heading; deleting the marker from an otherwise empty section adds none.
- `content-changed` (a review date): the prose must have changed besides dates; bumping the date alone reviews
  nothing.
"""

from __future__ import annotations

import difflib
import re
import zlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sitelint import text
from sitelint.model import Finding, Page

Similarity = Callable[[str, str], tuple[float, str]]  # (score from 0 to 1, what measured it)
_DATED = re.compile(r"\d")


@dataclass(frozen=True)
class Verdict:
    gamed: bool
    said: str  # what the measure found, for the message
    line: int = 1  # where on the current page


@dataclass(frozen=True)
class Fix:
    """A page that failed a rule at the base and passes it now."""

    rule: str
    name: str
    base: Page
    now: Page
    finding: Finding  # the base's finding
    others: Mapping[str, Page]  # the other pages a duplication finding named, at the base


def _prose(page: Page) -> list[str]:
    return text.words(" ".join(b.text for b in page.prose_blocks))


def _added(before: Sequence[str], after: Sequence[str]) -> tuple[list[str], int]:
    """The words `after` has that `before` lacks (inserted or replacing), and the index of the first of them."""
    out: list[str] = []
    first = -1
    matcher = difflib.SequenceMatcher(None, [text.normal(w) for w in before], [text.normal(w) for w in after],
                                      autojunk=False)
    for op, _, _, j1, j2 in matcher.get_opcodes():
        if op in ("insert", "replace"):
            first = j1 if first < 0 else first
            out += after[j1:j2]
    return out, first


def _line_of_word(page: Page, index: int) -> int:
    """The line of the prose block holding the index-th prose word."""
    seen = 0
    for block in page.prose_blocks:
        seen += len(text.words(block.text))
        if index < seen:
            return block.line
    return page.prose_blocks[-1].line if page.prose_blocks else 1


def added_information(fix: Fix, params: Mapping[str, Any], stop: frozenset[str], similar: Similarity) -> Verdict:
    before, after = _prose(fix.base), _prose(fix.now)
    added, first = _added(before, after)
    if not added:
        return Verdict(False, "no prose added")
    line = _line_of_word(fix.now, first)
    known = set(text.content_words(" ".join(before), stop)) | set(text.content_words(fix.now.title, stop))
    content = text.content_words(" ".join(added), stop)
    novel = {w for w in content if w not in known}
    novel_share = len(novel) / len(added)
    data = " ".join(added).encode()
    compressibility = len(zlib.compress(data, 9)) / len(data)
    grams = [tuple(text.normal(w) for w in added[i:i + 3]) for i in range(len(added) - 2)]
    counts = Counter(grams)
    repetition = sum(n for n in counts.values() if n > 1) / len(grams) if grams else 0.0
    top = Counter(content).most_common(3)
    top_share = sum(n for _, n in top) / len(content) if content else 0.0
    said = (f"the {len(added)} words added carry {len(novel)} new content words ({novel_share:.0%}), compress to "
            f"{compressibility:.2f}, repeat {repetition:.0%} of their 3-word sequences, and "
            f"{', '.join(w for w, _ in top) or 'no word'} make {top_share:.0%} of their content words")
    gamed = (novel_share < params["min-novel-share"] or compressibility < params["min-compressibility"]
             or repetition > params["max-repetition"] or top_share > params["max-top-share"])
    return Verdict(gamed, said, line)


def meaning_kept(fix: Fix, params: Mapping[str, Any], stop: frozenset[str], similar: Similarity) -> Verdict:
    span = [b for b in fix.base.prose_blocks if params["whole-page"]
            or fix.finding.line <= b.end_line and b.line <= (fix.finding.end_line or fix.finding.line)]
    passage = [w for b in span for w in text.words(b.text)]
    others = [" ".join(b.text for b in page.prose_blocks) for page in fix.others.values()]
    if not passage or not others:
        return Verdict(False, "the copied passage or its other copy is gone")
    before, after = _prose(fix.base), _prose(fix.now)
    start = len(_prose_until(fix.base, span[0]))
    replaced = _aligned(before, after, start, start + len(passage))
    if len(replaced) < params["min-words"]:
        return Verdict(False, f"the passage was cut to {len(replaced)} words")
    other = " ".join(others)
    window = _closest_window(other, len(passage))
    score, how = max(similar(" ".join(replaced), part) for part in window)
    line = _line_of_word(fix.now, min(start, max(len(after) - 1, 0)))
    kept = score >= params["min-similarity"]
    said = (f"what replaced the {len(passage)}-word copy {'still says' if kept else 'no longer says'} what "
            f"{', '.join(sorted(fix.others))} says ({how} {score:.2f})")
    return Verdict(kept, said, line)


def _prose_until(page: Page, block: Any) -> list[str]:
    out: list[str] = []
    for b in page.prose_blocks:
        if b is block:
            break
        out += text.words(b.text)
    return out


def _aligned(before: Sequence[str], after: Sequence[str], lo: int, hi: int) -> list[str]:
    """The words of `after` standing where words lo..hi of `before` stood."""
    matcher = difflib.SequenceMatcher(None, [text.normal(w) for w in before], [text.normal(w) for w in after],
                                      autojunk=False)
    out: list[str] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if i2 < lo or i1 > hi or (i1 == i2 and not lo <= i1 <= hi):
            continue
        if op == "equal":
            a, b = max(i1, lo), min(i2, hi)
            out += after[j1 + a - i1:j1 + b - i1]
        else:
            out += after[j1:j2]
    return out


def _closest_window(other: str, size: int) -> list[str]:
    """The other page's prose in windows about the passage's size (the copy is somewhere in it)."""
    found = text.words(other)
    step = max(size // 2, 1)
    return [" ".join(found[i:i + size]) for i in range(0, max(len(found) - size, 0) + 1, step)] or [other]


def section_content(fix: Fix, params: Mapping[str, Any], stop: frozenset[str], similar: Similarity) -> Verdict:
    at = fix.finding.line
    index = max((i for i, s in enumerate(fix.base.sections) if s.line <= at), default=-1)
    if index < 0:
        return Verdict(False, "the placeholder was before any heading")
    title = fix.base.sections[index].title
    now = next((i for i, s in enumerate(fix.now.sections) if s.title == title), -1)
    if now < 0:
        return Verdict(False, f"the section '{title}' was removed")
    section = fix.now.sections[now]
    own = " ".join(b.text for b in fix.now.blocks_in(now) if b.is_prose)
    heading = set(text.content_words(title, stop))
    content = {w for w in text.content_words(own, stop) if w not in heading}
    said = f"the section '{title}' now holds {len(content)} content words beyond its heading"
    return Verdict(len(content) < params["min-content-words"], said, section.line)


def content_changed(fix: Fix, params: Mapping[str, Any], stop: frozenset[str], similar: Similarity) -> Verdict:
    before = [w for w in _prose(fix.base) if not _DATED.search(w)]
    after = [w for w in _prose(fix.now) if not _DATED.search(w)]
    added, first = _added(before, after)
    removed, _ = _added(after, before)
    code = [b.text for b in fix.base.code_blocks] != [b.text for b in fix.now.code_blocks]
    changed = len(added) + len(removed)
    said = f"{changed} words of prose changed besides dates{' and the code changed' if code else ''}"
    line = _line_of_word(fix.now, first) if first >= 0 else 1
    return Verdict(changed < params["min-changed-words"] and not code, said, line)


MEASURES: Mapping[str, Callable[[Fix, Mapping[str, Any], frozenset[str], Similarity], Verdict]] = {
    "added-information": added_information,
    "meaning-kept": meaning_kept,
    "section-content": section_content,
    "content-changed": content_changed,
}
PARAMS = {  # each measure's params: a rule's fix-measure must give them all
    "added-information": ("min-novel-share", "min-compressibility", "max-repetition", "max-top-share"),
    "meaning-kept": ("min-similarity", "min-words", "whole-page"),
    "section-content": ("min-content-words",),
    "content-changed": ("min-changed-words",),
}


def lexical_similarity(a: str, b: str, stop: frozenset[str]) -> tuple[float, str]:
    """Cosine of two texts' content-word counts: order and small edits do not matter, the words said do."""
    ca, cb = Counter(text.content_words(a, stop)), Counter(text.content_words(b, stop))
    dot = sum(n * cb[w] for w, n in ca.items())
    norm = (sum(n * n for n in ca.values()) * sum(n * n for n in cb.values())) ** 0.5
    return (dot / norm if norm else 0.0), "content-word cosine"
