"""Where a defect may be planted: only where a reader would see it, and never where a rule skips by design.

A plant in a changelog's "From 2.x" section, a partial, or a page type a rule exempts would measure the plant, not
the rule; such places are left out, and the report says how many pages were and why.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sitelint.checks.duplication.corpus import RECORDS
from sitelint.checks.staleness.history_text import exempt_reason, history_blocks
from sitelint.model import Block, Page, partial_name
from sitelint.probe.catalogue import Operator
from sitelint.rulebook import Rule

NEVER = frozenset({"partial", "redirect", "404", "landing"})  # pages a reader does not read as a page
# The history sections no plant goes into, when no active rule names them.
HISTORY = {
    "exempt-paths": ["*changelog*", "*release-notes*", "*/releases/*", "*migrat*", "*upgrad*", "*whats-new*"],
    "exempt-titles": r"\b(?:change\s*log|release\s+notes?|releases|migrat\w*|upgrad\w*|version\s+history|history"
                     r"|what'?s\s+new|breaking\s+changes)\b",
}
_NOT_A_PARAGRAPH = re.compile(r"\s|>|[-*+]\s|\d+[.)]\s|[|<{:!?=#]")


@dataclass
class Exclusions:
    """Why pages could not take a defect, counted per reason (the report says these)."""

    counts: dict[str, int] = field(default_factory=dict)

    def add(self, reason: str) -> None:
        self.counts[reason] = self.counts.get(reason, 0) + 1


def history_params(rules: Sequence[Rule]) -> Mapping[str, Any]:
    return next((r.params for r in rules if "exempt-titles" in r.params and "exempt-paths" in r.params), HISTORY)


def page_excluded(op: Operator, page: Page, rules: Mapping[str, Rule], history: Mapping[str, Any],
                  flagged: set[str]) -> str:
    """Why op may not go on this page ('' when it may): the reason the report counts."""
    if page.variant and op.where != "translation":
        return "a versioned copy or translation"
    if page.page_type in NEVER or partial_name(page.path.rsplit("/", 1)[-1]):
        return f"a {page.page_type if page.page_type in NEVER else 'partial'} page"
    if page.page_type in RECORDS and any(r.dimension == "duplication" for r in map(rules.get, op.rules) if r):
        return f"duplicates are not looked for on {page.page_type} pages, by design"
    for code in op.rules:
        rule = rules.get(code)
        skipped = rule.params.get("skip-types", ()) if rule is not None else ()
        if page.page_type in skipped:
            return f"{code} skips {page.page_type} pages by design"
        if rule is not None and "exempt-paths" in rule.params and exempt_reason(page, rule.params):
            return f"{code} skips history pages by design"
    floors = [int(r.params["min-words"]) for r in (rules.get(c) for c in op.rules) if r and "min-words" in r.params]
    if op.action in ("copy-page", "pad") and floors and page.words < min(floors):
        return f"under {min(floors)} words of prose, which {'/'.join(op.rules)} do not judge"
    if op.where in ("prose", "page") and exempt_reason(page, history):
        return "a history page (changelog, release notes, migration)"
    if flagged & set(op.sitelint):
        return "already shows this defect (sitelint)"
    if flagged & {f"build:{c}" for c in op.build}:
        return "already shows this defect (the build)"
    return ""


def paragraphs(page: Page, history: Mapping[str, Any]) -> list[Block]:
    """Paragraphs a reader sees as prose of the page: top-level, outside history sections, lists, quotes, tabs,
    admonitions and components, each ending before a blank line (so that a new paragraph can follow it)."""
    lines = page.source.split("\n")
    skip = history_blocks(page, history)
    out = []
    for index, block in enumerate(page.blocks):
        if block.kind != "paragraph" or index in skip or not 0 < block.line <= block.end_line <= len(lines):
            continue
        first = lines[block.line - 1]
        if not first.strip() or _NOT_A_PARAGRAPH.match(first):
            continue
        if block.end_line < len(lines) and lines[block.end_line].strip():
            continue
        out.append(block)
    return out


def leaf_sections(page: Page, history: Mapping[str, Any]) -> list[int]:
    """Sections (below the title) with no subsection, content of their own and a heading after them."""
    parents = {s.parent for s in page.sections}
    historical = {page.blocks[i].section for i in history_blocks(page, history)}
    lines = page.source.split("\n")
    out = []
    for index, section in enumerate(page.sections):
        if section.level < 2 or index in parents or index in historical or index + 1 >= len(page.sections):
            continue
        body = lines[section.line : page.sections[index + 1].line - 1]
        if len(" ".join(body).split()) >= 8 and not any(line.lstrip().startswith(("```", "~~~")) for line in body):
            out.append(index)
    return out
