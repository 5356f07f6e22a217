"""Where each page stands in the site as its readers walk it: listed by the navigation or not, how many pages link
to it, and whether a reader can reach it from the navigation, the site's chrome or its home pages by links; and
the share of the site's pages that are neither listed nor reached (a site that keeps many pages outside its
navigation does so on purpose).

With no navigation read (no framework config, or one that is not valid YAML or JSON), every page counts as listed:
the navigation is never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.model import Location, Measurement, Page
from sitelint.sites.navigation import key


def orphan_pages(ctx: CheckContext) -> Iterator[Measurement]:
    graph = ctx.run.graph
    if graph is None:
        return
    nav = graph.navigation
    pages = [p for p in ctx.site.pages if not p.variant]
    outside = sum(1 for p in pages if p.path not in graph.in_nav and p.path not in graph.reachable
                  and p.path not in graph.chrome and key(p.abspath) not in nav.unlisted)
    share = round(outside / len(pages), 3) if pages else 0.0
    for page in pages:
        inbound = graph.links_to(page.path)
        reached = page.path in graph.reachable
        sources = graph.inbound.get(page.path, ())
        linked = ("no page links to it" if not sources else
                  f"linked only from {_pages(sources)} that no reader reaches from the navigation or home page")
        said = f"not in the navigation ({nav.source}); {linked}"
        yield Measurement({"in_nav": page.path in graph.in_nav, "reached": reached, "inbound": inbound,
                           "chrome": page.path in graph.chrome, "unlisted": key(page.abspath) in nav.unlisted,
                           "nav_read": nav.read, "nav_confident": nav.read and nav.confident,
                           "orphans": outside, "orphan_share": share, "retired": _retired(page)},
                          Location(page.path, 1), {"place": graph.place(page.path), "said": said},
                          tuple(Location(p, 1) for p in sources[:5]))


# A notice at the top of a page that it is kept only for those already using what it describes.
_RETIRED = re.compile(r"(?i)\bdeprecated\b|\bsuccessor\b|\bsuperseded\b|\bno\s+longer\s+(?:recommended|supported|"
                      r"maintained)\b|\brecommends?\s+(?:using\s+)?.{0,80}?\binstead\b")


def _retired(page: Page) -> bool:
    """Whether the page opens with a notice that it is retired ("For new projects, Cloudflare now recommends
    Workers instead", "Deprecated: use ..."): a page taken out of the navigation on purpose and kept for its users."""
    opening = [b for b in page.blocks if b.is_prose][:2]
    return any(b.kind in ("admonition", "blockquote") and _RETIRED.search(b.text) for b in opening)


def _pages(paths: tuple[str, ...]) -> str:
    shown = ", ".join(paths[:2]) + (f" and {len(paths) - 2} more" if len(paths) > 2 else "")
    return f"{'a page' if len(paths) == 1 else f'{len(paths)} pages'} ({shown})"


CHECK = spec("orphan-pages", "site", orphan_pages,
             values=("in_nav", "reached", "inbound", "chrome", "unlisted", "nav_read", "nav_confident", "orphans",
                     "orphan_share", "retired"),
             needs=("graph",))
