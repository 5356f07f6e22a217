"""Inline and front-matter suppressions: drop the findings they cover and report the ones that cover nothing.

In a page:  <!-- sitelint-disable SUB001,thin-page --> ... <!-- sitelint-enable -->  (no codes: every rule;
enable with codes ends only those), <!-- sitelint-disable-next-line SUB002 --> (the next non-blank line),
<!-- sitelint-disable-line SUB002 --> (its own line); " -- reason" may follow the codes.
MDX pages may write the same as {/* sitelint-disable ... */}.
In front matter:  sitelint: {disable: [SUB001, padding]}  for the whole page.
Only comments the parser saw as comments count, so examples inside code blocks are inert.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from sitelint.model import Finding, Page

UNUSED_CODE = "SUB099"
UNUSED_NAME = "unused-suppression"
EVERY_RULE = "*"

# The codes stop at the comment's end and never run on past the next comment's start: a page of unclosed
# directives costs one pass, not one pass per directive.
_DIRECTIVE = re.compile(
    r"(?:<!--|\{/\*)\s*sitelint-(disable-next-line|disable-line|disable|enable)\b"
    r"((?:(?!-->|\*/|<!--|\{/\*).)*)(?:-->|\*/\s*\})",
    re.S,
)
_SPLIT = re.compile(r"[\s,]+")
_CODE = re.compile(r"[A-Za-z]+\d+")


@dataclass(frozen=True)
class Suppression:
    """One rule silenced over lines first..last of a page; line is where the suppression is written."""

    path: str
    code: str  # a rule code, or EVERY_RULE
    written: str  # the code or name as the author wrote it, for messages
    line: int
    first: int
    last: int

    def covers(self, finding: Finding) -> bool:
        return (
            finding.path == self.path
            and self.first <= finding.line <= self.last
            and self.code in (EVERY_RULE, finding.rule)
        )


def normalise(token: str, names: Mapping[str, str]) -> str:
    """A rule code for a code or rule name as written in a suppression (unknown names stay as written)."""
    if token in names:
        return names[token]
    lowered = token.lower()
    if lowered in names:
        return names[lowered]
    return token.upper() if _CODE.fullmatch(token) else token


def suppressions(page: Page, names: Mapping[str, str]) -> list[Suppression]:
    """Every suppression written in a page, with the lines each one covers."""
    last_line = max(page.line_count, 1)
    found = [
        Suppression(page.path, normalise(token, names), token, line, 1, last_line)
        for token, line in _front_matter_tokens(page)
    ]
    # The same lines the parser numbered: CRLF and a lone CR (old Mac files) each end a line.
    lines = page.source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    open_ranges: dict[str, tuple[str, int]] = {}
    for kind, tokens, line, end_line, _ in _directives(page):
        codes = [(normalise(token, names), token) for token in tokens] or [(EVERY_RULE, "")]
        if kind == "disable":
            for code, token in codes:
                open_ranges.setdefault(code, (token, line))
        elif kind == "enable":
            closing = list(open_ranges) if not tokens else [code for code, _ in codes if code in open_ranges]
            for code in closing:
                token, start = open_ranges.pop(code)
                found.append(Suppression(page.path, code, token, start, start, line))
        else:
            target = line if kind == "disable-line" else _next_content_line(lines, end_line)
            found.extend(Suppression(page.path, code, token, line, target, target) for code, token in codes)
    for code, (token, start) in open_ranges.items():
        found.append(Suppression(page.path, code, token, start, start, last_line))
    return found


def apply(
    findings: Sequence[Finding],
    pages: Mapping[str, Page],
    names: Mapping[str, str],
    active: Collection[str] | None = None,
) -> tuple[list[Finding], list[Finding]]:
    """(findings no suppression covers, one info finding per suppression that covered nothing).

    names maps rule names to codes. active, when given, holds the codes of the rules that ran: a suppression of a
    rule that did not run is not called unused, and nothing is reported when the unused-suppression rule is off.
    """
    by_path: dict[str, list[Suppression]] = {path: suppressions(page, names) for path, page in pages.items()}
    used: set[Suppression] = set()
    kept: list[Finding] = []
    for finding in findings:
        covering = [s for s in by_path.get(finding.path, ()) if s.covers(finding)]
        used.update(covering)
        if not covering:
            kept.append(finding)
    if active is not None and UNUSED_CODE not in active:
        return kept, []
    known = set(names.values())
    unused: list[Finding] = []
    for _, found in sorted(by_path.items()):
        for s in sorted(found, key=lambda s: (s.line, s.code)):
            if s in used or s.code == UNUSED_CODE or not _reportable(s, known, active):
                continue
            finding = _unused_finding(s, known)
            if not any(other.code == UNUSED_CODE and other.covers(finding) for other in found):
                unused.append(finding)
    return kept, unused


def _reportable(s: Suppression, known: set[str], active: Collection[str] | None) -> bool:
    if s.code == EVERY_RULE or active is None:
        return True
    return s.code in active or (bool(known) and s.code not in known)


def _unused_finding(s: Suppression, known: set[str]) -> Finding:
    if s.code == EVERY_RULE:
        message = "Suppression of every rule suppresses nothing; remove it"
    elif known and s.code not in known:
        message = f"Suppression of {s.written} names no known rule; use a rule code or name, or remove it"
    else:
        message = f"Suppression of {s.code} suppresses nothing; remove it"
    return Finding(UNUSED_CODE, UNUSED_NAME, "substance", "info", s.path, s.line, None, message)


def written(page: Page) -> list[tuple[str, tuple[str, ...], int, str]]:
    """Each suppression comment of a page as written: (kind, codes, line, the author's reason or "")."""
    return [(kind, tuple(tokens), line, reason) for kind, tokens, line, _, reason in _directives(page)]


def _directives(page: Page) -> Iterable[tuple[str, list[str], int, int, str]]:
    """(kind, codes as written, line, last line of the comment, reason) for each directive in a comment block."""
    for block in page.blocks:
        if block.kind != "comment" or "sitelint-" not in block.text:
            continue
        for match in _DIRECTIVE.finditer(block.text):
            line = block.line + block.text.count("\n", 0, match.start())
            end_line = block.line + block.text.count("\n", 0, match.end())
            codes, _, reason = match.group(2).partition(" -- ")  # text after " -- " is the author's reason
            tokens = [token for token in _SPLIT.split(codes.strip()) if token]
            yield match.group(1), tokens, line, end_line, reason.strip()


def _front_matter_tokens(page: Page) -> list[tuple[str, int]]:
    settings = page.front_matter.get("sitelint")
    if not isinstance(settings, Mapping):
        return []
    disable = settings.get("disable")
    if disable is True or disable in ("all", EVERY_RULE):
        return [(EVERY_RULE, _front_matter_line(page))]
    if isinstance(disable, str):
        disable = _SPLIT.split(disable.strip())
    if not isinstance(disable, list):
        return []
    line = _front_matter_line(page)
    return [(str(token).strip(), line) for token in disable if str(token).strip()]


def _front_matter_line(page: Page) -> int:
    """The line of the `sitelint:` key, so an unused front-matter suppression points at itself."""
    for block in page.blocks:
        if block.kind == "front_matter":
            for offset, text in enumerate(block.text.split("\n")):
                if text.startswith("sitelint"):
                    return block.line + offset
    return 1


def _next_content_line(lines: list[str], after: int) -> int:
    """The first non-blank line after line `after` (1-based) that is not itself a suppression comment."""
    for index in range(after, len(lines)):
        text = lines[index].strip()
        if text and not _DIRECTIVE.fullmatch(text):
            return index + 1
    return after + 1
