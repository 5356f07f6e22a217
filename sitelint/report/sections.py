"""The HTML report's sections built from the instruments: the build beside sitelint (ci, probe), the rules' own
health and redundancy, and the evaluation against labels (eval)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sitelint.health import fired_pages
from sitelint.report import charts

if TYPE_CHECKING:
    from sitelint.api import LintResult
    from sitelint.build.overlap import OverlapReport
    from sitelint.eval.score import Evaluation
    from sitelint.probe import ProbeResult

PROBE_COLUMNS = ("recall build", "recall sitelint", "neither")
LIFTED = 2.0  # lift from which a pair that is not redundant is still shown: it fires together beyond chance
REDUNDANCY_RULES = 24  # the heatmap shows at most this many rules (those firing on most pages)
EVAL_GROUPS = 12


def instruments(build: OverlapReport | None, probe: ProbeResult | None) -> dict[str, Any]:
    """The build and sitelint side by side: the probe's matrix per defect class, the log's counts, the gaps."""
    out: dict[str, Any] = {"probe": None, "build": None}
    if probe is not None and probe.plants:
        planted = [r for r in probe.rows if r.planted]
        values: list[list[float | None]] = [
            [r.recall("build"), r.recall("sitelint"), r.neither / r.planted if r.build_measured else None]
            for r in planted]
        notes = [[(f"{r.build}/{r.planted}" if r.build_looks else "blind") if r.build_measured else "no build",
                  f"{r.sitelint}/{r.planted}" if r.sitelint_looks else "no rule",
                  str(r.neither) if r.build_measured else "-"] for r in planted]
        out["probe"] = {
            "result": probe,
            "rows": probe.rows,
            "chart": charts.heatmap("probe", [r.defect_class for r in planted], PROBE_COLUMNS, values, notes,
                                    "Planted defects caught by the build and by sitelint, and by neither"),
            "neither": probe.neither,
            "no_build": not any(r.build_measured for r in planted),
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
