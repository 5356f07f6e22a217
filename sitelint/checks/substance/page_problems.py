"""Pages that could not be read at all, and input the parser had to work around."""

from __future__ import annotations

from collections.abc import Iterator

from sitelint import pagetypes
from sitelint.checks import CheckContext, spec
from sitelint.model import FENCE_TO_END, FRONT_MATTER_TO_END, OUTSIDE, PLAIN_FRONT_MATTER, Location, Measurement


def page_problems(ctx: CheckContext) -> Iterator[Measurement]:
    framework = ctx.site.framework
    # How many pages have front matter of plain `key: value` lines that YAML rejects: on several pages of a site
    # whose build is not known, it is how the site writes front matter, which its own reader takes.
    plain_pages = sum(1 for page in ctx.site.pages if any(p.startswith(PLAIN_FRONT_MATTER) for _, p in page.problems))
    # The symlinks out of the repository are one finding, at the first, naming the others: a site built beside
    # another checkout (`src/DEV.md -> ../../doc/DEV.md`) links dozens of its files there on purpose.
    outside = [path for path, problem in ctx.site.unreadable if problem == OUTSIDE]
    for path, problem in ctx.site.unreadable:
        if problem == OUTSIDE and path != outside[0]:
            continue
        said = problem if problem != OUTSIDE or len(outside) == 1 else \
            f"{problem}; and {len(outside) - 1} more such symlinks"
        yield Measurement({"unreadable": True, "workaround": False, "plain_lines": False, "framework": framework,
                           "plain_pages": plain_pages, "to_end": False, "code_to_end": False,
                           "outside": problem == OUTSIDE},
                          Location(path, 1), {"problem": said},
                          tuple(Location(p, 1) for p in outside[1:]) if problem == OUTSIDE else ())
    for page in ctx.site.pages:
        if page.type_reason in (pagetypes.ARCHETYPE, pagetypes.FILLED_FRONT):
            continue  # its front matter is placeholders (`title: {{ title }}`, Go template actions `hugo new` fills
            # in), written to be filled when the page is copied; the site shows no such page
        for line, problem in page.problems:
            yield Measurement({"unreadable": False, "workaround": True, "framework": framework, "outside": False,
                               "plain_lines": problem.startswith(PLAIN_FRONT_MATTER), "plain_pages": plain_pages,
                               "to_end": problem.startswith(FRONT_MATTER_TO_END),
                               "code_to_end": FENCE_TO_END in problem},
                              Location(page.path, max(line, 1)), {"problem": problem})


CHECK = spec("page-problems", "site", page_problems,
             values=("unreadable", "workaround", "plain_lines", "framework", "plain_pages", "to_end", "code_to_end",
                     "outside"))
