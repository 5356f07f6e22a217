"""The human report: one line per finding (path:line:col: CODE message [name]), then a short summary.

Long lines wrap at the width given, continuation lines indented, so the place and the code always start a line.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Mapping
from typing import Any

from sitelint.report import Context
from sitelint.report.groups import groups

COLORS = {"error": "\033[31m", "warning": "\033[33m", "info": "\033[36m", "bold": "\033[1m", "dim": "\033[2m"}
RESET = "\033[0m"
INDENT = "    "
# Control characters (C0 but tab, DEL, C1) and the bidirectional overrides: a file name or heading holding them would
# move the cursor, recolour or rewrite the terminal, or show text in another order than it is.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def safe(text: str) -> str:
    """Text from the site as a terminal may show it: control characters written as escapes (\\x1b, \\u202e)."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))


def render(result: Any, build: Any = None, *, color: bool = False, context: Context | None = None) -> str:
    context = context or Context()

    def paint(text: str, style: str) -> str:
        return f"{COLORS[style]}{text}{RESET}" if color else text

    def say(text: str, style: str = "") -> None:
        wrapped = _wrap(text, context.width)
        out.append(paint(wrapped, style) if style else wrapped)

    out: list[str] = _statistics(result, paint) if context.statistics else _findings(result, context.width, paint)
    if context.summary == "none":
        return "\n".join(out) + ("\n" if out else "")
    s = result.summary
    if out:
        out.append("")
    say(found_line(s, result.findings))
    for line in largest_groups(result.findings):
        say(line)
    for sentence in scope_sentences(s):
        say(sentence)
    semantic = s.get("semantic", {})
    if not semantic.get("ran", True) and semantic.get("why") != "no semantic rule selected":
        say(f"Semantic duplication did not run: {semantic['why']}. Only lexical copies were looked for.", "warning")
    if context.summary == "short":
        return "\n".join(out) + "\n"
    dims = ", ".join(f"{d} {n}" for d, n in s["by_dimension"].items() if d != "build")
    say(f"By dimension: {dims}.")
    scores = s["scores"]
    if scores["min"] is not None:
        say(f"Overall page scores: min {scores['min']}, quartiles {scores['q1']:.0f} / {scores['median']:.0f} / "
            f"{scores['q3']:.0f}, max {scores['max']}.")
        worst = [w for w in scores["worst"] if w["overall"] < 100][:5]
        if worst:
            say("Lowest: " + ", ".join(f"{safe(w['path'])} ({w['overall']})" for w in worst))
    for h in s.get("rules", ()):
        if h["state"] == "saturated":
            say(f"Rule state: {h['rule']} {h['name']} saturated: {h['why']} (`sitelint health` for every rule)",
                "warning")
    for note in result.notes:
        say(f"note: {safe(note)}", "dim")
    if build is not None:
        out.append("")
        out.append(safe(build.render_text()))
    if result.findings:
        say("Run `sitelint explain CODE` for what a rule checks and why.", "dim")
    return "\n".join(out) + "\n"


def _findings(result: Any, width: int, paint: Any) -> list[str]:
    out = []
    for f in result.findings:
        where = f"{safe(f.path)}:{f.line}:{f.col}:"
        code = f.rule if f.dimension != "build" else "BUILD"
        name = safe(f.name)
        text = _wrap(f"{where} {code} {safe(f.message)} [{name}]", width)
        if paint("", "bold"):  # colour: the place, the code and the name keep their styles across the wrap
            text = text.replace(where, paint(where, "bold"), 1).replace(f" {code} ", f" {paint(code, f.severity)} ", 1)
            head, _, tail = text.rpartition(f"[{name}]")
            text = head + paint(f"[{name}]", "dim") + tail
        out.append(text)
        for other in f.related[:3]:
            out.append(f"{INDENT}{paint('see', 'dim')} {safe(other.path)}:{other.line}:{other.col}")
        if len(f.related) > 3:
            out.append(f"{INDENT}{paint(f'and {len(f.related) - 3} more', 'dim')}")
    return out


def _statistics(result: Any, paint: Any) -> list[str]:
    """Finding counts by rule, most first (ruff's --statistics)."""
    counts = Counter((f.rule, f.name) for f in result.findings)
    if not counts:
        return []
    width = len(str(max(counts.values())))
    return [f"{n:>{width}}  {paint(code, 'bold')}  {safe(name)}"
            for (code, name), n in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]


def found_line(s: Mapping[str, Any], findings: Any) -> str:
    sev = ", ".join(f"{n} {k}" for k, n in s["by_severity"].items()) or "none"
    skipped = s.get("variants_not_read", 0)
    frozen = f"; {skipped} versioned or translated copies skipped, see lint-variants" if skipped else ""
    return (f"Found {s['findings']} finding(s) ({sev}) on {s['pages']} page(s) "
            f"(corpus: {s['corpus_pages']} pages{frozen}).")


def largest_groups(findings: Any, shown: int = 3) -> list[str]:
    """The causes on the most pages, first: one fix to a template or a convention clears each at once."""
    ranked = [g for g in groups(findings, headline=True) if len(g["pages"]) >= 3][:shown]
    if not ranked:
        return []
    return ["Largest groups (one cause on many pages):", *(
        f"{INDENT}{g['rule']} {g['name']}: {g['findings']} on {len(g['pages'])} pages ({safe(g['cause'])}), "
        f"e.g. {safe(g['pages'][0])}" for g in ranked)]


def scope_sentences(s: Mapping[str, Any]) -> list[str]:
    """What the run compared with and left out: the baseline, the pages or lines changed since a revision."""
    out = []
    base = s.get("baseline")
    if base:
        fixed = "dropped from the file" if base.get("updated") else "`--baseline-update` drops them"
        out.append(f"Baseline {base['file']}: {base['new']} new finding(s) reported, {base['baselined']} baselined "
                   f"remain, {base['fixed']} fixed ({fixed}).")
        if base.get("note"):
            out.append(f"Baseline note: {base['note']}.")
    gate = s.get("gate")
    if gate:
        since = gate["since"]
        if gate.get("changed_pages") is not None:
            out.append(f"Reported on the {gate['changed_pages']} page(s) changed since {since}; the whole site "
                       "was read.")
        left = gate.get("left_out", 0)
        if gate.get("lines") and left:
            shown = " ".join(gate.get("left_out_pages", [])[:3])
            out.append(f"Only lines changed since {since} were reported on: {left} older finding(s) on these pages "
                       f"left out (`sitelint check {shown}` shows them).")
        for why in gate.get("outside", []):
            out.append(why)
    return out


def _wrap(text: str, width: int) -> str:
    if width <= 0 or len(text) <= width or "\n" in text:  # a traceback (-v) keeps its own lines
        return text
    return "\n".join(textwrap.wrap(text, width, subsequent_indent=INDENT, break_long_words=False,
                                   break_on_hyphens=False))
