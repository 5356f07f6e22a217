"""Findings with one cause across many pages: what a summary leads with, before the instances."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from sitelint.model import Finding

GROUPS_SHOWN = 12
_PATHLIKE = re.compile(r"\S+\.(?:mdx?|markdown)(?::\d+)?")
_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_QUOTED = re.compile(r"'[^']*'")


def cause(finding: Finding, headline: bool = False) -> str:
    """A finding's message with what differs from page to page (paths, dates, numbers, quoted names) taken out; with
    headline, only what it says before its first colon (the kind of problem, not its particulars)."""
    text = finding.message.split(": ", 1)[0] if headline else finding.message
    return _NUMBER.sub("N", _DATE.sub("(date)", _PATHLIKE.sub("(page)", _QUOTED.sub("'...'", text))))


def groups(findings: Sequence[Finding], headline: bool = False) -> list[dict[str, Any]]:
    """Findings with the same cause on more than one page (same rule, same message once what varies is taken out),
    those on the most pages first."""
    by: dict[tuple[str, str], list[Finding]] = {}
    for f in findings:
        by.setdefault((f.rule, cause(f, headline)), []).append(f)
    ranked = sorted(by.items(), key=lambda item: (-len({f.path for f in item[1]}), -len(item[1]), item[0]))
    return [{"rule": rule, "name": found[0].name, "cause": why, "severity": found[0].severity,
             "pages": sorted({f.path for f in found}), "findings": len(found)}
            for (rule, why), found in ranked if len({f.path for f in found}) > 1][:GROUPS_SHOWN]
