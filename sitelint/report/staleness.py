"""Staleness for the HTML report: the dates the staleness findings name, per page, and translations beside their
source pages.

A lint result holds no per-page date of its own: the dates come from the messages of the findings that carry one
(STL001 the last content change, STL002 the last review, STL006 the page's last change and the code file's, STL007 a
translation's and its source's). Pages without such a finding have no date here, and the report says so.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sitelint.model import Finding, Page

ROWS_SHOWN = 40
LAST_CHANGE, REVIEWED, CODE_CHANGE = "last change", "last review", "documented code changed"
SOURCE_CHANGE = "source page changed"
_PATTERNS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("STL001", re.compile(r"\(last (\d{4}-\d{2}-\d{2})\b"), LAST_CHANGE),
    ("STL002", re.compile(r"last reviewed (\d{4}-\d{2}-\d{2})"), REVIEWED),
    ("STL006", re.compile(r"changed on (\d{4}-\d{2}-\d{2})"), CODE_CHANGE),
    ("STL006", re.compile(r"last content change \((\d{4}-\d{2}-\d{2})\)"), LAST_CHANGE),
    ("STL007", re.compile(r"changed on (\d{4}-\d{2}-\d{2}), \d+ days after this translation"), SOURCE_CHANGE),
    ("STL007", re.compile(r"after this translation \((\d{4}-\d{2}-\d{2})\)"), LAST_CHANGE),
)


@dataclass(frozen=True)
class PageDates:
    path: str
    events: tuple[tuple[dt.date, str], ...]  # (day, kind), oldest first

    @property
    def last_change(self) -> dt.date | None:
        return max((day for day, kind in self.events if kind == LAST_CHANGE), default=None)


@dataclass(frozen=True)
class Translation:
    path: str
    language: str
    source: str  # the page it translates
    translated: dt.date | None  # the translation's last change, when a finding names it
    source_changed: dt.date | None  # the source's last change, when a finding names it
    lag: str  # the translation-lag finding's message, "" when the rule did not fire

    @property
    def behind_days(self) -> int | None:
        if self.translated is None or self.source_changed is None:
            return None
        return max(0, (self.source_changed - self.translated).days)


def dated(findings: Sequence[Finding]) -> list[PageDates]:
    """Every page a staleness finding gives a date for, oldest last change first."""
    events: dict[str, set[tuple[dt.date, str]]] = {}
    for f in findings:
        for rule, pattern, kind in _PATTERNS:
            if f.rule != rule:
                continue
            for match in pattern.finditer(f.message):
                try:
                    day = dt.date.fromisoformat(match.group(1))
                except ValueError:
                    continue
                events.setdefault(f.path, set()).add((day, kind))
    out = [PageDates(path, tuple(sorted(found))) for path, found in events.items()]
    return sorted(out, key=lambda p: (p.last_change or min(d for d, _ in p.events), p.path))


def translations(sources: Mapping[str, str], pages: Mapping[str, Page], dates: Sequence[PageDates],
                 findings: Sequence[Finding]) -> list[Translation]:
    """Each translation read in this run beside its source (the site's own pairing), those that lag first."""
    by_path = {d.path: d for d in dates}
    lagging = {f.path: f.message for f in findings if f.rule == "STL007"}
    out = []
    for path, source in sorted(sources.items()):
        page = pages.get(path)
        if page is None:
            continue
        mine = by_path.get(path)
        changed = max((day for day, kind in mine.events if kind == SOURCE_CHANGE), default=None) if mine else None
        theirs = by_path.get(source)
        language = str(getattr(page, "language", "") or "") or page.variant.partition(":")[2]
        out.append(Translation(path, language, source,
                               mine.last_change if mine else None,
                               changed or (theirs.last_change if theirs else None), lagging.get(path, "")))
    return sorted(out, key=lambda t: (not t.lag, -(t.behind_days or 0), t.path))


def summary(dates: Sequence[PageDates], pages: int, findings: Mapping[str, int]) -> str:
    """What the timeline shows and what it cannot, in one sentence."""
    with_change = sum(1 for d in dates if d.last_change)
    missing = pages - with_change
    counts = ", ".join(f"{n} {code}" for code, n in sorted(findings.items()) if n)
    if not dates:
        return (f"No finding of this run names a date ({counts or 'no staleness finding'}): the last change of each "
                "page is not in the result, so there is nothing to put on a timeline.")
    return (f"Dates from the staleness findings' messages ({counts}): {with_change} of {pages} pages with their "
            f"last change; the other {missing} have no staleness finding that names one.")
