"""Pages that could not be read at all, and input the parser had to work around."""

from __future__ import annotations

from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.model import Location, Measurement


def page_problems(ctx: CheckContext) -> Iterator[Measurement]:
    for path, problem in ctx.site.unreadable:
        yield Measurement({"unreadable": True, "workaround": False}, Location(path, 1), {"problem": problem})
    for page in ctx.site.pages:
        for line, problem in page.problems:
            yield Measurement({"unreadable": False, "workaround": True}, Location(page.path, max(line, 1)),
                              {"problem": problem})


CHECK = spec("page-problems", "site", page_problems, values=("unreadable", "workaround"))
