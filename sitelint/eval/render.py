"""The evaluation as text tables or JSON: per rule and dimension, the largest error groups, misses, unjudged."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sitelint.eval.score import Evaluation, Tally

GROUPS_SHOWN = 12
VALUES_SHOWN = 5


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _recall(t: Tally) -> str:
    return "-" if not t.expected else f"{t.expected - t.missed}/{t.expected}"


def table(tallies: Sequence[Tally], title: str) -> list[str]:
    head = (title, "true", "false", "debatable", "unjudged", "missed", "strict", "lenient", "recall")
    rows = [(f"{t.key} {t.name}".strip(), str(t.true), str(t.false), str(t.debatable), str(t.unjudged),
             str(t.missed), _pct(t.strict), _pct(t.lenient), _recall(t)) for t in tallies]
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    out = ["  ".join(h.ljust(widths[0]) if i == 0 else h.rjust(widths[i]) for i, h in enumerate(head))]
    out += ["  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)) for r in rows]
    return out


def render_text(ev: Evaluation, verbose: bool = False) -> str:
    judged = len(ev.judged)
    out = [f"{ev.labels} labels on {ev.labelled_pages} pages; {judged + len(ev.unjudged)} findings on those pages "
           f"({judged} judged by a label, {len(ev.unjudged)} unjudged); {ev.outside} findings on pages no label "
           "names (not evaluated).", ""]
    out += table(ev.rules, "rule") + [""] + table(ev.dimensions, "dimension") + [""]
    out.append("strict: true / judged findings; lenient: (true + debatable) / judged; recall: T-labelled pages "
               "reported.")
    if ev.groups:
        out += ["", "Errors by cause (false alarms and misses of each rule, by kind of page; largest first):"]
        for g in ev.groups[: len(ev.groups) if verbose else GROUPS_SHOWN]:
            what = ", ".join(p for p in (f"{g.false} false" if g.false else "", f"{g.missed} missed" if g.missed
                                         else "") if p)
            out.append(f"  {g.rule}: {what}")
            shared = [f"{c.kind} {c.value}" for c in g.causes if len(c.pages) == g.size]
            if shared:
                out.append(f"    all of them: {'; '.join(shared)}")
            for kind, found in g.by_kind().items():
                split = [c for c in found if len(c.pages) < g.size]
                if split:
                    out.append(f"    {kind}: " + ", ".join(f"{c.value} {len(c.pages)}" for c in split[:VALUES_SHOWN])
                               + (f", {len(split) - VALUES_SHOWN} more" if len(split) > VALUES_SHOWN else ""))
            if verbose:
                out += [f"      {where}" for where in dict.fromkeys(w for c in g.causes for w in c.pages)]
    if ev.misses:
        out += ["", "Missed (a T label, no finding):"]
        out += [f"  {m.page}: {m.label.rule} - {m.label.reason}" for m in ev.misses]
    if ev.unjudged:
        out += ["", "Unjudged findings on labelled pages (judge them next):"]
        shown = ev.unjudged if verbose else ev.unjudged[:20]
        out += [f"  {f.path}:{f.line}: {f.rule} {f.message}" for f in shown]
        if len(shown) < len(ev.unjudged):
            out.append(f"  ... and {len(ev.unjudged) - len(shown)} more (-v lists them all, --format json too)")
    out += [f"note: {n}" for n in ev.notes]
    return "\n".join(out) + "\n"


def document(ev: Evaluation) -> dict[str, Any]:
    def finding(f: Any) -> dict[str, Any]:
        return {"path": f.path, "line": f.line, "rule": f.rule, "severity": f.severity, "message": f.message}

    return {
        "labels": ev.labels, "labelled_pages": ev.labelled_pages, "outside": ev.outside,
        "rules": [t.to_dict() for t in ev.rules], "dimensions": [t.to_dict() for t in ev.dimensions],
        "groups": [{"rule": g.rule, "false": g.false, "missed": g.missed,
                    "causes": [{"kind": c.kind, "value": c.value, "errors": list(c.pages)} for c in g.causes]}
                   for g in ev.groups],
        "misses": [{"page": m.page, "rule": m.label.rule, "reason": m.label.reason, "label": m.label.source}
                   for m in ev.misses],
        "judged": [{**finding(j.finding), "verdict": j.verdict, "label": j.label.source} for j in ev.judged],
        "unjudged": [finding(f) for f in ev.unjudged],
        "notes": ev.notes,
    }


def render_json(ev: Evaluation) -> str:
    return json.dumps(document(ev), indent=2, ensure_ascii=False) + "\n"
