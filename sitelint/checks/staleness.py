"""Staleness checks: is a page still true (age, review date, versions, dated claims, references, code drift)?"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from sitelint.checks.stlrefs import PAGE_SUFFIXES, references
from sitelint.checks.stlversions import (
    AS_OF_YEAR,
    EXEMPT,
    HISTORICAL,
    RANGE,
    UNDATED,
    YEAR,
    Version,
    claims_of_versions,
    exempt_reason,
    hypothetical,
    product,
    prose,
    version_mentions,
)
from sitelint.gitinfo import GitHistory
from sitelint.model import Block, CheckContext, CheckSpec, Location, Measurement, Page


def _at(page: Page, line: int) -> Location:
    return Location(page.path, line)


def _frozen(page: Page) -> bool:
    """A Docusaurus versioned copy describes an old release on purpose: no staleness rule judges it."""
    return page.variant.startswith("versioned:")


def _history(ctx: CheckContext) -> GitHistory | None:
    try:
        history = ctx.service("git")
    except KeyError:  # no git service registered (a bare CheckContext)
        return None
    return history if isinstance(history, GitHistory) else None


def _line_of(page: Page, block: Block, needle: str) -> int:
    """The source line of a block that holds needle (block text is plain text, so search the raw lines)."""
    lines = page.source.split("\n")[block.line - 1 : block.end_line]
    for offset, line in enumerate(lines):
        if needle in line:
            return block.line + offset
    squeezed = " ".join(needle.split()[:2])
    return next((block.line + i for i, line in enumerate(lines) if squeezed in line), block.line)


def _in_link_text(page: Page, block: Block, fragment: str) -> bool:
    """Whether fragment is part of a link's text: the title of another document, not a claim of this page."""
    return any(block.line <= link.line <= block.end_line and fragment in link.text for link in page.links)


def outdated_versions(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Mentions of a release line before the current one, outside history pages, sections and phrasing."""
    if _frozen(page) or exempt_reason(page, ctx.params):
        return
    current, names = product(ctx)
    if current is None:
        return
    others = frozenset(str(o).lower() for o in ctx.params["other-products"])
    for block in prose(page, ctx.params):
        for m in version_mentions(block.text, names, others):
            if not m.version.older_line(current):
                continue
            mention = block.text[m.start : m.end]
            if _in_link_text(page, block, mention):
                continue
            if not m.claim and (
                HISTORICAL.search(block.text[max(0, m.start - 60) : m.start])
                or RANGE.match(block.text[m.end :])
                or hypothetical(block.text[: m.start])
            ):
                continue
            yield Measurement(
                True, _at(page, _line_of(page, block, mention)), {"mention": mention, "current": current.text}
            )


# --- dated claims ----------------------------------------------------------------------------------------------


def _anchor_year(block: Block, page: Page, ctx: CheckContext) -> int | None:
    """When an undated claim was written at the latest: a year in the same block, else the page's last change."""
    years = [int(y) for y in re.findall(rf"\b({YEAR})\b", block.text)]
    if years:
        return max(years)
    history = _history(ctx)  # read only when an undated claim needs it
    record = history.file(page.abspath) if history else None
    return record.last_changed(ctx.today).year if record else None


def dated_claims(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Claims true at a moment that has passed: 'as of 2019', 'new in 1.2', 'the upcoming 2.0 release', ..."""
    if _frozen(page) or exempt_reason(page, ctx.params):
        return
    current, names = product(ctx)
    others = frozenset(str(o).lower() for o in ctx.params["other-products"])
    versions = claims_of_versions(names)
    for block in prose(page, ctx.params):
        text = block.text
        found: list[tuple[int, str, str]] = []
        for match in AS_OF_YEAR.finditer(text):
            if int(match.group("year")) < ctx.today.year:
                found.append((match.start(), match.group(0), f"the year {match.group('year')} has passed"))
        for match in versions.finditer(text):
            ver = match.group("ver")
            if re.fullmatch(YEAR, ver) and not (current and (current.parts[0] or 0) >= 1000):
                if int(ver) < ctx.today.year:
                    found.append((match.start(), match.group(0), f"{ver} has passed"))
                continue
            version = Version.parse(ver)
            if current is None or version is None or (ver.isdigit() and not match.group("named").strip()):
                continue  # 'expected in 2 weeks': a bare number is a version only when named as one
            new = match.group("lead").lower().startswith("new")
            stale = version.older_line(current) if new else version.released_by(current)
            if stale:
                found.append((match.start(), match.group(0), f"the current version is {current.text}"))
        for match in re.finditer(r"\bcurrently\b", text, re.I):
            sentence = re.split(r"(?<=[.!?])\s", text[match.end() : match.end() + 80])[0]
            for m in version_mentions(sentence, names, others):
                if current is not None and m.version.older_line(current):
                    claim = text[match.start() : match.end() + m.end]
                    found.append((match.start(), claim, f"the current version is {current.text}"))
                    break
        for match in UNDATED.finditer(text):
            year = _anchor_year(block, page, ctx)
            if year is not None and year < ctx.today.year:
                found.append((match.start(), match.group(0), f"written in {year} at the latest"))
        for _, claim, why in sorted(found):
            claim = " ".join(claim.split())
            if _in_link_text(page, block, claim):
                continue
            yield Measurement(True, _at(page, _line_of(page, block, claim)), {"claim": claim, "why": why})


# --- review dates ----------------------------------------------------------------------------------------------

_FRESHNESS = re.compile(r"freshness\s*:\s*\{(?P<body>[^}]*)\}", re.S)
_PAIR = re.compile(r"(\w+)\s*:\s*(?:'([^']*)'|\"([^\"]*)\"|([^\s,}]+))")
_DATE_FORMATS = ("%Y/%m/%d", "%m/%d/%Y", "%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y")


def parse_date(value: object) -> dt.date | None:
    """A review date as YAML or people write it: a date, 2023-01-31 (a time may follow), 01/31/2023, Jan 31, 2023."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = str(value).strip()
    try:
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        pass
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def _front_matter_line(page: Page, key: str, after: int = 1) -> int:
    """The line of a front matter key (the first one after line `after`), or 1."""
    lines = page.source.split("\n")
    if not lines or lines[0].strip() != "---":
        return 1
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            break
        if number > after and re.match(rf"\s*{re.escape(key)}\s*:", line):
            return number
    return 1


def review_marks(page: Page) -> Iterator[tuple[object, int, str, str]]:
    """(date as written, line, where, owner) for every review date the page carries."""
    fm = page.front_matter
    owner = str(fm.get("owner") or fm.get("reviewer") or fm.get("reviewed_by") or "")
    for key in ("last_reviewed", "reviewed", "last_review"):
        if fm.get(key):
            yield fm[key], _front_matter_line(page, key), f"front matter {key}", owner
    update = fm.get("last_update")
    if isinstance(update, Mapping) and update.get("date"):
        line = _front_matter_line(page, "date", after=_front_matter_line(page, "last_update"))
        yield update["date"], line, "front matter last_update.date", str(update.get("author") or owner)
    for block in page.blocks:
        if block.kind != "comment":
            continue  # a freshness block is an HTML comment; an example of one in a code block is not
        for match in _FRESHNESS.finditer(block.text):
            fields = {m.group(1): m.group(2) or m.group(3) or m.group(4) for m in _PAIR.finditer(match.group("body"))}
            if fields.get("reviewed"):
                line = block.line + block.text.count("\n", 0, match.start())
                yield fields["reviewed"], line, "freshness comment", fields.get("owner", "") or owner


def review_age(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Days since the page's latest review date (front matter or a freshness comment)."""
    if _frozen(page):
        return
    latest: tuple[dt.date, int, str, str] | None = None
    for raw, line, where, owner in review_marks(page):
        date = parse_date(raw)
        if date is None:
            ctx.note(f"{page.path}:{line}: review date {str(raw)!r} ({where}) is not a date; write it as YYYY-MM-DD")
        elif latest is None or date > latest[0]:
            latest = (date, line, where, owner)
    if latest is not None:
        date, line, where, owner = latest
        yield Measurement(
            (ctx.today - date).days,
            _at(page, line),
            {
                "reviewed": date.isoformat(),
                "where": where,
                "owner": owner,
                "owner_text": f"; owner: {owner}" if owner else "; the page names no owner",
            },
        )


def dangling_references(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Repository paths named by the page that do not exist."""
    if _frozen(page):
        return
    for ref in references(page, ctx):
        if ref.found is None:
            yield Measurement(True, _at(page, ref.line), {"ref": ref.text})


def code_drift(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """For each source file the page names: days it changed after the page's last content change."""
    history = _history(ctx)
    record = history.file(page.abspath) if history and not _frozen(page) else None
    if history is None or record is None:
        return
    page_date = record.last_changed(ctx.today)
    for ref in references(page, ctx):
        if ref.found is None or not ref.found.is_file() or ref.found.suffix.lower() in PAGE_SUFFIXES:
            continue
        source = history.file(ref.found)
        if source is None:
            continue
        changed = source.last_changed(ctx.today)
        yield Measurement(
            (changed - page_date).days,
            _at(page, ref.line),
            {"file": ref.text, "file_date": changed.isoformat(), "page_date": page_date.isoformat()},
        )


# --- stale page ------------------------------------------------------------------------------------------------


# The checks that corroborate a stale page: how the message names them, and the param holding their threshold.
_SIGNALS = {
    "review-age": ("expired review", "review-period-days"),
    "outdated-version": ("outdated version", ""),
    "dated-claim": ("dated claim", ""),
    "dangling-reference": ("dangling reference", ""),
    "code-drift": ("code drift", "drift-days"),
}


def _signals(page: Page, ctx: CheckContext) -> list[str]:
    """The other staleness signals on the page, judged with this rule's params and the other checks' defaults."""
    found = []
    for spec in CHECKS:
        if spec.name not in _SIGNALS:
            continue
        label, limit = _SIGNALS[spec.name]
        merged = {**spec.defaults, **ctx.params}
        # The check reads its own params only: with the same values, its rule's run reuses this one (_once).
        sub = replace(ctx, params={k: v for k, v in merged.items() if k in spec.defaults}, note=lambda message: None)
        if any(m.value > merged[limit] if limit else m.value for m in spec.fn(page, sub)):
            found.append(label)
    return found


def _params_key(params: Mapping[str, Any]) -> Any:
    """Params as a dictionary key: their items when all are hashable (tuples, text, numbers), else their text."""
    items = tuple(sorted(params.items()))
    try:
        hash(items)
    except TypeError:
        return repr(items)
    return items


def _once(check: Callable[[Page, CheckContext], Iterator[Measurement]]
          ) -> Callable[[Page, CheckContext], Iterator[Measurement]]:
    """A check stale-page also asks: made once per page and params in a run, for stale-page and for its own rule.

    Its notes are kept with its measurements and given to each caller, so the rule's run says them even when
    stale-page (which keeps quiet) asked first.
    """
    @functools.wraps(check)
    def once(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
        shared = ctx.shared()
        if shared is None:
            yield from check(page, ctx)
            return
        memo = shared.setdefault("staleness-signals", {})
        key = (check.__name__, page.path, _params_key(ctx.params))
        if key not in memo:
            notes: list[str] = []
            memo[key] = (list(check(page, replace(ctx, note=notes.append))), notes)
        found, notes = memo[key]
        for message in notes:
            ctx.note(message)
        yield from found

    return once


def stale_page(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Days since the last commit that changed the page's content (whitespace-only commits do not count)."""
    history = _history(ctx)
    record = history.file(page.abspath) if history and not _frozen(page) else None
    if record is None:
        return
    last = record.last_changed(ctx.today)
    detail: dict[str, Any] = {"last": last.isoformat(), "author": record.author or "an uncommitted change", "also": ""}
    age = (ctx.today - last).days
    if age > 0:
        also = _signals(page, ctx)
        if also:
            detail["also"] = f"; also on this page: {', '.join(also)}"
            if ctx.params.get("corroborated-level"):
                detail["severity"] = ctx.params["corroborated-level"]
    yield Measurement(age, _at(page, 1), detail)


CHECKS: tuple[CheckSpec, ...] = (
    CheckSpec(
        "stale-page", "page", stale_page, {"corroborated-level": "warning", "review-period-days": 180, "drift-days": 90}
    ),
    CheckSpec("review-age", "page", _once(review_age), {}),
    CheckSpec("outdated-version", "page", _once(outdated_versions), EXEMPT),
    CheckSpec("dated-claim", "page", _once(dated_claims), EXEMPT),
    CheckSpec("dangling-reference", "page", _once(dangling_references), {"roots": ()}),
    CheckSpec("code-drift", "page", _once(code_drift), {"roots": ()}),
)
