"""Duplicate clusters for the HTML report: duplication findings joined through their related places into connected
groups, each with its similarity, the copy that looks canonical, and the passages side by side with drift marked."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sitelint.model import Finding, Location, Page

CLUSTERS_SHOWN = 40
COPIES_DIFFED = 3
WORDS_SHOWN = 400
WORDS_READ = 3000  # of each passage, for the comparison (difflib is quadratic in the worst case)
CONTEXT = 12  # words shown either side of the stretch two passages share
RUN = 5  # words in a row two passages must share for the run to count as copied (the shingles' length)
_CANONICAL = re.compile(r"(?:^|; )(this copy|\S+?)(?::\d+)? looks canonical(?: \(([^)]*)\))?")
_PERCENT = re.compile(r"(\d{1,3})% of its")
_COSINE = re.compile(r"cosine (\d(?:\.\d+)?)")
_EXACT = ("Duplicate page", "Copied passage", "Duplicate code block", "Repeated passage")


@dataclass(frozen=True)
class Segment:
    text: str
    drift: bool  # the words differ from the other copy


@dataclass(frozen=True)
class Diff:
    left: Location
    right: Location
    left_text: tuple[Segment, ...]
    right_text: tuple[Segment, ...]
    ratio: float  # difflib's similarity of the two passages' words
    cut: tuple[tuple[bool, bool], tuple[bool, bool]]  # (before, after) of each side left out: not shared, or long

    @property
    def is_cut(self) -> bool:
        return any(self.cut[0]) or any(self.cut[1])


@dataclass(frozen=True)
class Cluster:
    places: tuple[Location, ...]
    rules: tuple[str, ...]
    similarity: tuple[float, float] | None  # lowest and highest the rules measured
    canonical: Location | None
    why_canonical: str
    to_change: tuple[str, ...]  # the pages holding the other copies
    diffs: tuple[Diff, ...]

    @property
    def pages(self) -> int:
        return len({p.path for p in self.places})


def clusters(findings: Sequence[Finding], pages: Mapping[str, Page]) -> list[Cluster]:
    """Connected groups of duplication findings, largest first."""
    dup = [f for f in findings if f.dimension == "duplication" and f.related]
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(key: tuple[str, int]) -> tuple[str, int]:
        parent.setdefault(key, key)
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    places: dict[tuple[str, int], Location] = {}
    for f in dup:
        here = (f.path, f.line)
        places.setdefault(here, Location(f.path, f.line, f.end_line))
        for other in f.related:
            there = (other.path, other.line)
            places.setdefault(there, other)
            parent[find(here)] = find(there)
    groups: dict[tuple[str, int], list[Finding]] = {}
    for f in dup:
        groups.setdefault(find((f.path, f.line)), []).append(f)
    members: dict[tuple[str, int], list[Location]] = {}
    for key, loc in places.items():
        members.setdefault(find(key), []).append(loc)
    out = [_cluster(sorted(members[root], key=lambda loc: (loc.path, loc.line)), found, pages)
           for root, found in groups.items()]
    return sorted(out, key=lambda c: (-c.pages, -len(c.places), c.places[0].path, c.places[0].line))


def _cluster(places: list[Location], found: list[Finding], pages: Mapping[str, Page]) -> Cluster:
    measured = [s for s in (_similarity(f.message) for f in found) if s is not None]
    by_key = {(p.path, p.line): p for p in places}
    canonical, why = None, ""
    for f in found:
        match = _CANONICAL.search(f.message)
        if match:
            here = by_key[(f.path, f.line)]
            named = [by_key[(r.path, r.line)] for r in f.related if r.path == match.group(1)]
            canonical = here if match.group(1) == "this copy" else (named[0] if named else None)
            why = match.group(2) or ""
            if canonical is not None:
                break
    to_change = tuple(dict.fromkeys(p.path for p in places if canonical and p.path != canonical.path))
    # Each diff is of two places a finding names together, those of the canonical copy first (it on the left).
    pairs: dict[frozenset[Location], tuple[Location, Location]] = {}
    for f in found:
        here = by_key[(f.path, f.line)]
        for r in f.related:
            there = by_key[(r.path, r.line)]
            left, right = (there, here) if there == canonical else (here, there)
            pairs.setdefault(frozenset((here, there)), (left, right))
    ordered = sorted(pairs.values(), key=lambda pair: (pair[0] != canonical, pair[0].path, pair[0].line,
                                                       pair[1].path, pair[1].line))
    diffs = tuple(diff(left, right, pages) for left, right in ordered[:COPIES_DIFFED])
    return Cluster(tuple(places), tuple(sorted({f.rule for f in found})),
                   (min(measured), max(measured)) if measured else None, canonical, why, to_change, diffs)


def _similarity(message: str) -> float | None:
    percent = _PERCENT.search(message)
    if percent:
        return int(percent.group(1)) / 100
    cosine = _COSINE.search(message)
    if cosine:
        return float(cosine.group(1))
    return 1.0 if message.startswith(_EXACT) else None


def passage(loc: Location, pages: Mapping[str, Page]) -> str:
    """The text at a place: the blocks its lines cover, or the page's prose for a whole-page copy (line 1, no end)."""
    page = pages.get(loc.path)
    if page is None:
        return ""
    if loc.end_line is None and loc.line <= 1:
        return "\n\n".join(b.text for b in page.prose_blocks)
    end = loc.end_line or loc.line
    chosen = [b for b in page.blocks if (b.is_prose or b.kind == "code") and b.line <= end and b.end_line >= loc.line]
    return "\n\n".join(b.text for b in chosen)


def diff(left: Location, right: Location, pages: Mapping[str, Page]) -> Diff:
    """Two passages word by word, cut to the stretch they share (with a little context either side): the words one
    copy has there and the other does not are marked as drift. Paraphrases share no run of words and stay whole."""
    a, b = passage(left, pages).split(), passage(right, pages).split()
    a_span, b_span = (0, len(a)), (0, len(b))
    blocks = difflib.SequenceMatcher(a=a[:WORDS_READ], b=b[:WORDS_READ], autojunk=False).get_matching_blocks()
    # Runs of a few words ("the", "of a") match anywhere; the stretch two copies share is where longer runs are.
    same = [m for m in blocks if m.size >= RUN]
    if same:
        a_span = (max(0, same[0].a - CONTEXT), min(len(a), same[-1].a + same[-1].size + CONTEXT))
        b_span = (max(0, same[0].b - CONTEXT), min(len(b), same[-1].b + same[-1].size + CONTEXT))
    a_span = (a_span[0], min(a_span[1], a_span[0] + WORDS_SHOWN))
    b_span = (b_span[0], min(b_span[1], b_span[0] + WORDS_SHOWN))
    cut = ((a_span[0] > 0, a_span[1] < len(a)), (b_span[0] > 0, b_span[1] < len(b)))
    a, b = a[slice(*a_span)], b[slice(*b_span)]
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    lhs: list[Segment] = []
    rhs: list[Segment] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        equal = op == "equal"
        if i2 > i1:
            lhs.append(Segment(" ".join(a[i1:i2]), not equal))
        if j2 > j1:
            rhs.append(Segment(" ".join(b[j1:j2]), not equal))
    return Diff(left, right, tuple(lhs), tuple(rhs), round(matcher.ratio(), 3), cut)
