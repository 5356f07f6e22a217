"""Days since the latest review date a page carries (front matter or a freshness comment)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.checks.staleness.common import frozen
from sitelint.model import Location, Measurement, Page

_FRESHNESS = re.compile(r"freshness\s*:\s*\{(?P<body>[^}]*)\}", re.S)
_PAIR = re.compile(r"(\w+)\s*:\s*(?:'([^']*)'|\"([^\"]*)\"|([^\s,}]+))")
_DATE_FORMATS = ("%Y/%m/%d", "%m/%d/%Y", "%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y")


def parse_date(value: object) -> dt.date | None:
    """A review date as YAML or people write it: a date, 2023-01-31 (a time may follow), 01/31/2023, Jan 31, 2023."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    written = str(value).strip()
    try:
        return dt.date.fromisoformat(written[:10])
    except ValueError:
        pass
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(written, fmt).date()
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
    """(date as written, line, where, owner) for every review date the page carries. Docusaurus' `last_update.date`
    is none: it says when the page was last edited, as git would, and promises no review."""
    fm = page.front_matter
    owner = str(fm.get("owner") or fm.get("reviewer") or fm.get("reviewed_by") or "")
    for key in ("last_reviewed", "reviewed", "last_review"):
        if fm.get(key):
            yield fm[key], _front_matter_line(page, key), f"front matter {key}", owner
    for block in page.blocks:
        if block.kind != "comment":
            continue  # a freshness block is an HTML comment; an example of one in a code block is not
        for match in _FRESHNESS.finditer(block.text):
            fields = {m.group(1): m.group(2) or m.group(3) or m.group(4) for m in _PAIR.finditer(match.group("body"))}
            if fields.get("reviewed"):
                line = block.line + block.text.count("\n", 0, match.start())
                yield fields["reviewed"], line, "freshness comment", fields.get("owner", "") or owner


def review_age(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    if frozen(page):
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
        yield Measurement({"age": (ctx.today - date).days}, Location(page.path, line), {
            "reviewed": date.isoformat(), "where": where, "owner": owner,
            "owner_text": f"; owner: {owner}" if owner else "; the page names no owner",
        })


CHECK = spec("review-age", "page", review_age, values=("age",))
