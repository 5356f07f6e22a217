"""Days since the last commit that changed a page's content (whitespace-only commits do not count)."""

from __future__ import annotations

from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.checks.staleness.common import frozen
from sitelint.model import Location, Measurement, Page


def page_age(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    history = ctx.run.git
    record = history.file(page.abspath) if history is not None and not frozen(page) else None
    if record is None:
        return
    last = record.last_changed(ctx.today)
    yield Measurement({"age": (ctx.today - last).days}, Location(page.path, 1),
                      {"last": last.isoformat(), "author": record.author or "an uncommitted change"})


CHECK = spec("stale-page", "page", page_age, values=("age",), needs=("git",), requires=("git",))
