"""For each source file a page names: how many days it changed after the page's last content change."""

from __future__ import annotations

from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.checks.staleness.common import frozen
from sitelint.checks.staleness.references import PAGE_SUFFIXES, ROOT_PARAMS, references
from sitelint.model import Location, Measurement, Page


def code_drift(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    history = ctx.run.git
    record = history.file(page.abspath) if history is not None and not frozen(page) else None
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
        yield Measurement({"drift": (changed - page_date).days}, Location(page.path, ref.line),
                          {"file": ref.text, "file_date": changed.isoformat(), "page_date": page_date.isoformat()})


CHECK = spec("code-drift", "page", code_drift, values=("drift",), params=ROOT_PARAMS, needs=("git",),
             requires=("git",))
