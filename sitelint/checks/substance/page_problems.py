"""Pages that could not be read at all, and input the parser had to work around."""

from __future__ import annotations

from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.model import PLAIN_FRONT_MATTER, Location, Measurement


def page_problems(ctx: CheckContext) -> Iterator[Measurement]:
    framework = ctx.site.framework
    for path, problem in ctx.site.unreadable:
        yield Measurement({"unreadable": True, "workaround": False, "plain_lines": False, "framework": framework},
                          Location(path, 1), {"problem": problem})
    for page in ctx.site.pages:
        for line, problem in page.problems:
            yield Measurement({"unreadable": False, "workaround": True, "framework": framework,
                               "plain_lines": problem.startswith(PLAIN_FRONT_MATTER)},
                              Location(page.path, max(line, 1)), {"problem": problem})


CHECK = spec("page-problems", "site", page_problems, values=("unreadable", "workaround", "plain_lines", "framework"))
