"""Passages a page repeats within itself (not across tabs a reader sees one at a time)."""

from __future__ import annotations

from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.checks.duplication import digest
from sitelint.checks.duplication.copied_passages import PASSAGE_PARAMS, spans
from sitelint.model import Location, Measurement


def repeated_passages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = ctx.run.corpus
    assert corpus is not None
    found = set()
    tabs: dict[int, list[tuple[int, int]]] = {}
    for s in spans(corpus, ctx.params):
        if s.a != s.b or s.a_hi > s.b_lo:  # two pages (another rule), or a passage overlapping its own repeat
            continue
        d = corpus.digests[s.a]
        first, second = (d.line(s.a_lo), d.line(s.a_hi - 1)), (d.line(s.b_lo), d.line(s.b_hi - 1))
        if s.a not in tabs:
            tabs[s.a] = digest.tabs(corpus.pages[s.a])
        if digest.other_tab(tabs[s.a], first, second):
            continue  # the same steps for macOS and for Windows: a reader sees one tab at a time
        found.add((s.a, *second, *first, s.b_hi - s.b_lo))
    for index, lo, hi, first_line, first_end, words in sorted(found):
        path = corpus.pages[index].path
        yield Measurement({"words": words}, Location(path, lo, hi),
                          {"first_line": first_line, "others": f"{path}:{first_line}"},
                          (Location(path, first_line, first_end),))


CHECK = spec("repeated-passages", "site", repeated_passages, values=("words",), needs=("corpus",),
             params=PASSAGE_PARAMS)
