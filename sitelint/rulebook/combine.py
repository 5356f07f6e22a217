"""Rules that combine others: a finding raised by, or left to, the findings of other rules on the same page."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from sitelint.model import Finding

if TYPE_CHECKING:
    from sitelint.rulebook import Rule


def corroborate(findings: Sequence[Finding], rules: Sequence[Rule]) -> list[Finding]:
    """Raise a finding to its rule's corroborated level when one of the rules it names fires on the same page as a
    warning or error; its message then says which (a stale page that also carries an expired review is where a
    review pays off). Evidence too weak to act on alone (an info finding: a bare `v7` that may be another thing's
    version) corroborates nothing. A rule whose `alone` param is false reports only corroborated findings; a rule
    may ask for more than one of the rules it names (`min`): one alone is evidence its own finding already reports."""
    by_code = {r.code: r for r in rules}
    on_page: dict[str, set[str]] = {}
    for f in findings:
        if f.severity in ("warning", "error"):
            on_page.setdefault(f.path, set()).add(f.rule)
    out = []
    for f in findings:
        rule = by_code.get(f.rule)
        if rule is not None and rule.corroborated_by and rule.corroborated_level:
            also = [by_code[c].name.replace("-", " ") for c in rule.corroborated_by if c in on_page.get(f.path, ())]
            if len(also) >= rule.corroborated_min:
                f = replace(f, severity=rule.corroborated_level,  # type: ignore[arg-type]
                            message=f"{f.message}; also on this page: {', '.join(also)}")
            elif rule.params.get("alone") is False:
                continue  # weak evidence alone (a page's age) is not reported unless the user asks for it
        out.append(f)
    return out


_QUOTED = re.compile(r"'([^']+)'")  # the words a message quotes: "Dated claim: 'coming soon' (...)"


def one_cause(findings: Sequence[Finding], rules: Sequence[Rule]) -> list[Finding]:
    """Report one cause once: a finding of a rule that `yields` to others is left out where a finding of one of those
    rules covers its line and quotes the words it quotes ("Will coming soon." is a placeholder, which placeholder-text
    reports; dated-claim would quote the same 'coming soon' on the same line), and a finding about a whole page,
    which quotes nothing, where one of those rules has a finding on the page (a page that says only "Coming soon."
    is thin because it is a placeholder: placeholder-text says so)."""
    yields = {r.code: set(r.yields) for r in rules if r.yields}
    if not yields:
        return list(findings)
    quoted: dict[tuple[str, str], list[tuple[int, int, set[str]]]] = {}
    for f in findings:
        words = {w.lower() for w in _QUOTED.findall(f.message)}
        if words:
            quoted.setdefault((f.path, f.rule), []).append((f.line, f.end_line or f.line, words))

    on_page = {(f.path, f.rule) for f in findings}

    def covered(f: Finding) -> bool:
        said = _QUOTED.search(f.message)
        if said is None:
            return f.line <= 1 and any((f.path, code) in on_page for code in yields[f.rule])
        words = said.group(1).lower()
        return any(first <= f.line <= last and words in others
                   for code in yields[f.rule] for first, last, others in quoted.get((f.path, code), ()))

    return [f for f in findings if f.rule not in yields or not covered(f)]
