"""How far each translation is behind the page it translates: the days between the last content change of the
source and of the translation (when the source changed later), and the share of the source's sections and code
blocks the translation has (counts that do not depend on the language).

The source of a translation is the page at the same path outside the locale folder (Starlight and VitePress locale
folders, Docusaurus `i18n/<locale>/docusaurus-plugin-content-docs/current/`, MkDocs i18n `page.<locale>.md`).
"""

from __future__ import annotations

from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.model import Location, Measurement, Page


def _sections(page: Page) -> int:
    return sum(1 for b in page.blocks if b.kind == "heading")


def _code(page: Page) -> int:
    return sum(1 for b in page.blocks if b.kind == "code")


def translation_lag(ctx: CheckContext) -> Iterator[Measurement]:
    site, history = ctx.site, ctx.run.git
    by_path = {p.path: p for p in site.pages}
    for path, source_path in sorted(site.sources.items()):
        page, source = by_path.get(path), by_path.get(source_path)
        if page is None or source is None:
            continue
        own = history.file(page.abspath) if history is not None else None
        theirs = history.file(source.abspath) if history is not None else None
        lag, detail = 0, {"source": source_path, "locale": page.variant.partition(":")[2]}
        if own is not None and theirs is not None:
            mine, source_day = own.last_changed(ctx.today), theirs.last_changed(ctx.today)
            lag = max(0, (source_day - mine).days)
            detail.update(translated=mine.isoformat(), source_changed=source_day.isoformat())
        parts = _sections(source) + _code(source)
        share = min(1.0, (_sections(page) + _code(page)) / parts) if parts else 1.0
        detail.update(sections=f"{_sections(page)} of {_sections(source)} sections",
                      code=f"{_code(page)} of {_code(source)} code blocks")
        yield Measurement({"lag": lag, "share": round(share, 3), "dated": own is not None and theirs is not None},
                          Location(page.path, 1), detail, (Location(source_path, 1),))


CHECK = spec("translation-lag", "site", translation_lag, values=("lag", "share", "dated"), needs=("git",),
             requires=("git",))
