"""The HTML report's sections built from the instruments: the build beside sitelint (ci, probe), the rules' own
health and redundancy, and the evaluation against labels (eval)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sitelint.health import fired_pages
from sitelint.report import charts

if TYPE_CHECKING:
    from sitelint.api import LintResult
    from sitelint.build.overlap import OverlapReport
    from sitelint.eval.score import Evaluation
    from sitelint.probe import ProbeRow

PROBE_COLUMNS = ("build", "sitelint", "both", "neither")
LIFTED = 2.0  # lift from which a pair that is not redundant is still shown: it fires together beyond chance
REDUNDANCY_RULES = 24  # the heatmap shows at most this many rules (those firing on most pages)
EVAL_GROUPS = 12


def instruments(build: OverlapReport | None, probe: Sequence[ProbeRow] | None,
                probe_notes: Sequence[str]) -> dict[str, Any]:
    """The build and sitelint side by side: the probe's verdicts per defect class, the log's counts, the gaps."""
    out: dict[str, Any] = {"probe": None, "build": None}
    if probe:
        values: list[list[float | None]] = []
        notes: list[list[str]] = []
        for r in probe:
            if r.confounded:
                values.append([None] * 4)
                notes.append(["not measured"] + [""] * 3)
                continue
            ran = r.build is not None
            both, neither = bool(r.build) and r.sitelint, ran and not r.build and not r.sitelint
            build_note = "no build" if not ran else "fails" if r.build_fails else "warns" if r.build else "no"
            values.append([float(bool(r.build)) if ran else None, float(r.sitelint),
                           float(both) if ran else None, float(neither) if ran else None])
            notes.append([build_note, "yes" if r.sitelint else "no", "yes" if both else "" if ran else "-",
                          "MISSED" if neither else "" if ran else "-"])
        out["probe"] = {
            "rows": probe,
            "chart": charts.heatmap("probe", [r.defect_class for r in probe], PROBE_COLUMNS, values, notes,
                                    "Injected defects caught by the build, sitelint, both or neither"),
            "missed": [r.defect_class for r in probe if r.verdict == "MISSED BY BOTH"],
            "warned": [r.defect_class for r in probe if r.build and not r.build_fails and not r.sitelint],
            "no_build": all(r.build is None for r in probe),
        }
    if build is not None:
        rows = [c for c in build.classes if c.build or c.sitelint or c.build_sees]
        chart = charts.heatmap(
            "overlap", [c.defect_class for c in rows], ("build", "sitelint", "both"),
            [[c.build if c.build_sees else None, c.sitelint, c.both] for c in rows],
            [[str(c.build) if c.build_sees else "blind", str(c.sitelint), str(c.both)] for c in rows],
            "Defects per class in the build's log and in sitelint's findings") if rows else None
        out["build"] = {"report": build, "chart": chart, "classes": rows,
                        "gaps": [g for g in build.gaps if g.gap.passes],
                        "blind": [r for r in build.rules if r.status == "blind-spot"],
                        "overlaps": [r for r in build.rules if r.status == "overlaps-build"]}
    return out


def rule_health(result: LintResult) -> dict[str, Any]:
    """Each rule's state (share of the pages it judges) and the pairs of rules that fire on the same pages."""
    health = list(result.summary.get("rules", ()))
    fired = fired_pages(result.findings)
    chart = charts.ranked("rule-health", [(f"{h['rule']} {h['name']}", h["share"], h["state"]) for h in health],
                          charts.STATE_COLORS, "share of the pages the rule judges that it fires on",
                          "Share of its pages each rule fires on, by its state") if health else None
    codes = sorted(fired, key=lambda c: (-len(fired[c]), c))[:REDUNDANCY_RULES]
    codes.sort()
    redundancy = result.summary.get("redundancy", {})
    pairs = [p for p in redundancy.get("pairs", ()) if p["redundant"] or p["lift"] >= LIFTED]
    matrix = None
    if len(codes) >= 2:
        values = [[len(fired[a] & fired[b]) / len(fired[a] | fired[b]) for b in codes] for a in codes]
        notes = [[str(len(fired[a] & fired[b]) or "") for b in codes] for a in codes]
        matrix = charts.heatmap("redundancy", codes, codes, values, notes,
                                "Pages two rules fire on together, as a share of the pages either fires on")
    return {"health": health, "chart": chart, "pairs": pairs, "matrix": matrix, "fired": len(fired),
            "build": redundancy.get("build")}


def evaluation(ev: Evaluation | None) -> dict[str, Any] | None:
    """The evaluation's tables, and precision and recall per rule as a chart."""
    if ev is None:
        return None
    judged = [t for t in ev.rules if t.judged or t.expected]
    chart = charts.grouped(
        "eval", [t.key for t in judged],
        {"precision (strict)": [t.strict for t in judged], "precision (lenient)": [t.lenient for t in judged],
         "recall": [t.recall for t in judged]},
        "share", "Precision and recall per rule against the labels") if judged else None
    groups = []
    for g in ev.groups[:EVAL_GROUPS]:
        shared = [f"{c.kind} {c.value}" for c in g.causes if len(c.pages) == g.size]
        split = [c for c in g.causes if len(c.pages) < g.size][:8]
        groups.append({"group": g, "shared": shared, "split": split})
    return {"ev": ev, "chart": chart, "groups": groups, "unjudged": ev.unjudged[:50]}
