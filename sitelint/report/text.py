"""The human report: one line per finding (path:line: CODE message), then a short summary."""

from __future__ import annotations

import re
from typing import Any

# Control characters (C0 but tab, DEL, C1) and the bidirectional overrides: a file name or heading holding them would
# move the cursor, recolour or rewrite the terminal, or show text in another order than it is.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def safe(text: str) -> str:
    """Text from the site as a terminal may show it: control characters written as escapes (\\x1b, \\u202e)."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))


COLORS = {"error": "\033[31m", "warning": "\033[33m", "info": "\033[36m", "bold": "\033[1m", "dim": "\033[2m"}
RESET = "\033[0m"


def render(result: Any, build: Any = None, *, color: bool = False, quiet: bool = False) -> str:
    def paint(text: str, style: str) -> str:
        return f"{COLORS[style]}{text}{RESET}" if color else text

    out = []
    for f in result.findings:
        where = paint(f"{safe(f.path)}:{f.line}:", "bold")
        code = paint(f.rule if f.dimension != "build" else "BUILD", f.severity)
        out.append(f"{where} {code} {safe(f.message)} {paint(f'[{safe(f.name)}]', 'dim')}")
        for other in f.related[:3]:
            out.append(f"    {paint('see', 'dim')} {safe(other.path)}:{other.line}")
        if len(f.related) > 3:
            out.append(f"    {paint(f'and {len(f.related) - 3} more', 'dim')}")
    if quiet:
        return "\n".join(out) + ("\n" if out else "")
    s = result.summary
    if out:
        out.append("")
    sev = ", ".join(f"{n} {k}" for k, n in s["by_severity"].items()) or "none"
    skipped = s.get("variants_not_read", 0)
    frozen = f"; {skipped} versioned or translated copies skipped, see lint-variants" if skipped else ""
    out.append(f"Found {s['findings']} finding(s) ({sev}) on {s['pages']} page(s) "
               f"(corpus: {s['corpus_pages']} pages{frozen}).")
    dims = ", ".join(f"{d} {n}" for d, n in s["by_dimension"].items() if d != "build")
    out.append(f"By dimension: {dims}.")
    scores = s["scores"]
    if scores["min"] is not None:
        out.append(f"Overall page scores: min {scores['min']}, quartiles {scores['q1']:.0f} / "
                   f"{scores['median']:.0f} / {scores['q3']:.0f}, max {scores['max']}.")
        worst = [w for w in scores["worst"] if w["overall"] < 100][:5]
        if worst:
            out.append("Lowest: " + ", ".join(f"{safe(w['path'])} ({w['overall']})" for w in worst))
    semantic = s.get("semantic", {})
    if not semantic.get("ran", True) and semantic.get("why") != "no semantic rule selected":
        out.append(paint(f"Semantic duplication did not run: {semantic['why']}. Only lexical copies were looked for.",
                         "warning"))
    for h in s["rule_health"]:
        if h["state"] in ("fires-on-everything", "possibly-gamed"):
            out.append(paint(f"Rule health: {h['rule']} {h['name']} {h['state']}: {h['why']}", "warning"))
    for note in result.notes:
        out.append(paint(f"note: {safe(note)}", "dim"))
    if build is not None:
        out.append("")
        out.append(safe(build.render_text()))
    if s["findings"]:
        out.append(paint("Run `sitelint explain CODE` for what a rule checks and why.", "dim"))
    return "\n".join(out) + "\n"
