"""Code blocks equal up to indentation and blank lines, on at least two pages."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterator

from sitelint.checks import CheckContext, Count, spec
from sitelint.checks.duplication.report import on_copies_to_change
from sitelint.model import Location, Measurement


def duplicate_code(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = ctx.run.corpus
    assert corpus is not None
    groups: dict[str, list[tuple[int, int, int, int]]] = defaultdict(list)
    for index, page in enumerate(corpus.pages):
        for block in page.code_blocks:
            lines = [line.strip() for line in block.text.splitlines() if line.strip()]
            if len(lines) >= int(ctx.params["min-lines"]):
                key = hashlib.sha256("\n".join(lines).encode()).hexdigest()
                groups[key].append((index, block.line, block.end_line, len(lines)))
    for members in groups.values():
        if len({m[0] for m in members}) < 2 or not corpus.touches(*(m[0] for m in members)):
            continue
        places = [(i, Location(corpus.pages[i].path, ln, e)) for i, ln, e, _ in members]
        for at, others, detail in on_copies_to_change(corpus, [places]):
            yield Measurement({"lines": members[0][3]}, at, detail, others)


CHECK = spec("duplicate-code-blocks", "site", duplicate_code, values=("lines",), needs=("corpus",),
             params={"min-lines": Count("Code blocks shorter than this many non-blank lines are not compared.")})
