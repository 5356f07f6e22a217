"""The `sitelint health` report: each rule's state, the rules that fire together, and each rule against the build."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sitelint.report.text import safe

VERSION = 1
SHOWN_PAIRS = 15  # the text report lists this many pairs, most redundant first; the JSON holds them all


def document(summary: Mapping[str, Any], notes: Sequence[str]) -> dict[str, Any]:
    doc = {"version": VERSION, "pages": summary.get("pages", 0), "rules": list(summary.get("rules", ())),
           "redundancy": dict(summary.get("redundancy", {})), "notes": list(notes)}
    if "history" in summary:
        doc["history"] = summary["history"]
    return doc


def render_json(summary: Mapping[str, Any], notes: Sequence[str]) -> str:
    return json.dumps(document(summary, notes), indent=2, ensure_ascii=False) + "\n"


def render_text(summary: Mapping[str, Any], notes: Sequence[str]) -> str:
    rules = list(summary.get("rules", ()))
    out = [f"Rule states over {summary.get('pages', 0)} page(s):"]
    code_w = max((len(r["rule"]) for r in rules), default=6)
    name_w = max((len(r["name"]) for r in rules), default=4)
    for r in rules:
        fired = f"{r['pages']}/{r['judged']}" if r["judged"] else "-"
        line = f"  {r['rule']:<{code_w}}  {r['name']:<{name_w}}  {r['state']:<11}  {fired:>9}"
        out.append(line + (f"  {safe(r['why'])}" if r["why"] else ""))
    counts = {s: sum(r["state"] == s for r in rules) for s in dict.fromkeys(r["state"] for r in rules)}
    out.append("States: " + ", ".join(f"{n} {s}" for s, n in counts.items()) + ".")
    redundancy = summary.get("redundancy", {})
    pairs = list(redundancy.get("pairs", ()))
    out.append("")
    if pairs:
        out.append("Rules firing on the same pages (lift: joint firing over the product of the two rates; 1 is "
                   "chance):")
        for p in pairs[:SHOWN_PAIRS]:
            mark = "  one instrument counted twice?" if p["redundant"] else ""
            out.append(f"  {p['a']} and {p['b']}: {p['joint']} page(s) together of {p['pages_a']} and "
                       f"{p['pages_b']}, share {p['jaccard']:.0%}, lift {p['lift']:.1f}{mark}")
        if len(pairs) > SHOWN_PAIRS:
            out.append(f"  and {len(pairs) - SHOWN_PAIRS} more pair(s) (--format json lists them)")
    else:
        out.append("No two rules fire together on two or more pages.")
    build = redundancy.get("build")
    if build is not None:
        out.append("")
        out.append(f"Against the build's log ({build['flagged']} page(s) flagged):")
        for row in build["rules"]:
            mark = "  mostly the build's pages" if row["redundant"] else ""
            out.append(f"  {row['rule']}: {row['joint']} of its {row['pages']} page(s) also flagged by the build, "
                       f"lift {row['lift']:.1f}{mark}")
        if not build["rules"]:
            out.append("  no rule fired")
    trends = summary.get("history")
    if trends is not None:
        out.append("")
        out += _trends(trends)
    for note in notes:
        out.append(f"note: {safe(note)}")
    return "\n".join(out) + "\n"


def _trends(trends: Mapping[str, Sequence[Mapping[str, Any]]]) -> list[str]:
    """Each rule's pages fired over the recorded runs, oldest first, and the change from the first to the last."""
    runs = sorted({(r["run"], r["day"]) for rows in trends.values() for r in rows})
    if not runs:
        return ["No run recorded yet."]
    out = [f"History: {len(runs)} recorded run(s), judged as of {runs[0][1]} to {runs[-1][1]} (pages fired/judged, "
           "oldest first):"]
    for code, rows in sorted(trends.items()):
        steps = " ".join(f"{r['fired']}/{r['judged']}" for r in rows)
        first, last = rows[0], rows[-1]
        rate = [r["fired"] / r["judged"] if r["judged"] else 0.0 for r in (first, last)]
        trend = "flat" if abs(rate[1] - rate[0]) < 0.005 else ("falling" if rate[1] < rate[0] else "rising")
        out.append(f"  {code}: {steps}  {trend} ({rate[0]:.0%} to {rate[1]:.0%}), now {last['state']}")
    return out
