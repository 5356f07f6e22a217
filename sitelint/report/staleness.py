"""Staleness for the HTML report: the dates the staleness findings name, per page, and translations beside their
source pages.

A lint result holds no per-page date of its own: the dates come from the messages of the findings that carry one
(STL001 the last content change, STL002 the last review, STL006 the page's last change and the code file's). Pages
without such a finding have no date here, and the report says so.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sitelint.model import Finding, Page

ROWS_SHOWN = 40
LAST_CHANGE, REVIEWED, CODE_CHANGE = "last change", "last review", "documented code changed"
_PATTERNS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("STL001", re.compile(r"\(last (\d{4}-\d{2}-\d{2})\b"), LAST_CHANGE),
    ("STL002", re.compile(r"last reviewed (\d{4}-\d{2}-\d{2})"), REVIEWED),
    ("STL006", re.compile(r"changed on (\d{4}-\d{2}-\d{2})"), CODE_CHANGE),
    ("STL006", re.compile(r"last content change \((\d{4}-\d{2}-\d{2})\)"), LAST_CHANGE),
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
    source: str  # the page it translates, "" when none was found
    behind_days: int | None  # source's last change minus the translation's, when both are known


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


def language_of(page: Page) -> str:
    """The page's language: the Page fact when there is one, else a translation's locale."""
    language = str(getattr(page, "language", "") or "")
    if not language and page.variant.startswith("i18n:"):
        language = page.variant.split(":", 1)[1]
    return language.lower()


def translations(pages: Sequence[Page], dates: Sequence[PageDates], docs: str) -> list[Translation]:
    """Pages in a locale folder beside the page of the same path in the site's main language (or in no locale);
    docs is the docs root's path as pages' paths start with it (Docusaurus translations mirror it)."""
    last = {d.path: d.last_change for d in dates}
    languages = Counter(language_of(p) for p in pages)
    main = languages.most_common(1)[0][0] if languages else ""
    groups: dict[str, list[tuple[Page, str]]] = {}
    for page in pages:
        tail, locale = _split(page, docs)
        groups.setdefault(tail, []).append((page, locale))
    out = []
    for members in groups.values():
        source = next((p for p, locale in members if not locale), None) or next(
            (p for p, locale in members if locale == main), None)
        for page, locale in members:
            if not locale or page is source or (source is None and locale == main):
                continue
            mine, theirs = last.get(page.path), last.get(source.path) if source else None
            behind = (theirs - mine).days if mine and theirs else None
            out.append(Translation(page.path, locale, source.path if source else "", behind))
    return sorted(out, key=lambda t: (-(t.behind_days or 0), t.path))


def _split(page: Page, docs: str) -> tuple[str, str]:
    """(the page's path with its locale folder taken out, the locale) or (its path, "") outside a locale folder."""
    language = language_of(page)
    parts = page.path.split("/")
    at = next((i for i, part in enumerate(parts[:-1]) if part.lower() == language), None) if language else None
    if at is None:
        return page.path, ""
    rest = parts[at + 1:]
    if rest[:2] == ["docusaurus-plugin-content-docs", "current"]:
        # i18n/<locale>/docusaurus-plugin-content-docs/current/x.md translates <docs root>/x.md
        return "/".join([docs, *rest[2:]] if docs else rest[2:]), language
    return "/".join([*parts[:at], *rest]), language


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
