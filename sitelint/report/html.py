"""The HTML report: one self-contained file (charts as inline SVG, inline CSS and script, no network) for people.

Everything a page brings (titles, headings, paths, excerpts) is untrusted: the templates are Jinja2 with autoescape
on, the only markup passed through unescaped is the charts' SVG (matplotlib escapes the text it writes) and our own
script, and a Content-Security-Policy lets only that script (by its hash) run and nothing load from anywhere.
"""

from __future__ import annotations

import base64
import hashlib
import posixpath
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from sitelint import __version__
from sitelint.model import DIMENSIONS, SEVERITIES, Finding, Page
from sitelint.report import charts, clusters, sections, staleness
from sitelint.report.groups import groups

if TYPE_CHECKING:
    from sitelint.api import LintResult
    from sitelint.build.overlap import OverlapReport
    from sitelint.eval.score import Evaluation
    from sitelint.probe import ProbeResult

SCORES = ("substance", "duplication", "freshness", "overall")
WORST_SHOWN = 25


def render(result: LintResult, build: OverlapReport | None = None, *, probe: ProbeResult | None = None,
           evaluation: Evaluation | None = None,
           explain: Mapping[str, str] | None = None, command: str = "check") -> str:
    """The report as one HTML document; build (ci), the probe's matrix (probe) and evaluation (eval) add their
    sections."""
    pages = {p.path: p for p in result.site.pages}
    explained = _explain(result, explain or {})
    script = _asset("report.js")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    context = {
        "version": __version__, "command": command, "site": _site_name(result), "summary": result.summary,
        "framework": result.site.framework or "not recognised",
        "overview": overview(result, pages),
        "instruments": sections.instruments(build, probe),
        "duplicates": clusters.clusters(result.findings, pages),
        "clusters_shown": clusters.CLUSTERS_SHOWN, "context_words": clusters.CONTEXT,
        "staleness": _staleness(result, pages),
        "rules": sections.rule_health(result),
        "evaluation": sections.evaluation(evaluation),
        "findings": _findings(result.findings, pages),
        "explain": explained,
        "rule_codes": {r["code"] for r in explained},
        "notes": [*result.notes, *(build.notes if build is not None else ()),
                  *(probe.notes if probe is not None else ()), *(evaluation.notes if evaluation is not None else ())],
        "script": Markup(script), "script_hash": digest, "style": Markup(_asset("report.css")),
    }
    env = jinja2.Environment(loader=jinja2.PackageLoader("sitelint.report", "templates"), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = lambda v: "-" if v is None else f"{100 * v:.0f}%"
    return env.get_template("report.html.j2").render(context)


def _asset(name: str) -> str:
    return resources.files("sitelint.report").joinpath("templates", name).read_text(encoding="utf-8")


def _site_name(result: LintResult) -> str:
    root = result.site.project_root or result.site.repo_root
    return root.name or str(root)


def page_type(page: Page | None) -> str:
    return str(getattr(page, "page_type", "doc") or "doc") if page is not None else "(not a page)"


def language(page: Page | None) -> str:
    found = str(getattr(page, "language", "") or "") if page is not None else ""
    return found or "(not known)"


def folder(path: str) -> str:
    return posixpath.dirname(path) or "(top)"


def overview(result: LintResult, pages: Mapping[str, Page]) -> dict[str, Any]:
    reported = [pages.get(p.path) for p in result.pages]
    by_type = Counter(page_type(p) for p in reported)
    by_language = Counter(language(p) for p in reported)
    counts = Counter((f.dimension, f.severity) for f in result.findings)
    dims = [d for d in DIMENSIONS if d != "build" or any(f.dimension == "build" for f in result.findings)]
    out: dict[str, Any] = {"by_type": by_type, "by_language": by_language, "charts": {}, "quartiles": [],
                           "groups": groups(result.findings), "worst": _worst(result, pages)}
    if reported:
        out["charts"]["pages"] = charts.bars("pages", [("by page type", by_type), ("by language", by_language)],
                                             "Pages by page type and by language")
    if result.findings:
        out["charts"]["findings"] = charts.stacked(
            "findings", dims, {s: [counts[(d, s)] for d in dims] for s in reversed(SEVERITIES)},
            charts.SEVERITY_COLORS, "Findings by dimension and severity")
    scores = {name: [p.scores[name] for p in result.pages] for name in SCORES}
    if result.pages:
        out["charts"]["scores"] = charts.histograms("scores", scores, "Page scores per dimension")
        out["quartiles"] = [(name, *_five(values)) for name, values in scores.items()]
    out["counts"] = [(d, [counts[(d, s)] for s in SEVERITIES]) for d in dims]
    return out


def _five(values: Sequence[int]) -> tuple[float, ...]:
    """min, quartiles, max: the distribution, never only an average."""
    data = sorted(values)
    quartiles = statistics.quantiles(data, n=4, method="inclusive") if len(data) > 1 else [float(data[0])] * 3
    return (data[0], *quartiles, data[-1])


def _worst(result: LintResult, pages: Mapping[str, Page]) -> dict[str, Any]:
    per_page = Counter(f.path for f in result.findings)
    ranked = sorted(result.pages, key=lambda r: (r.scores["overall"], -per_page[r.path], r.path))
    below = [r for r in ranked if r.scores["overall"] < 100]
    rows = [{"path": r.path, "title": pages[r.path].title if r.path in pages else "", "scores": r.scores,
             "type": page_type(pages.get(r.path)), "findings": per_page[r.path]} for r in below[:WORST_SHOWN]]
    return {"rows": rows, "below": len(below), "total": len(ranked)}


def _staleness(result: LintResult, pages: Mapping[str, Page]) -> dict[str, Any]:
    dates = staleness.dated(result.findings)
    shown = dates[:staleness.ROWS_SHOWN]
    stl = Counter(f.rule for f in result.findings if f.dimension == "staleness")
    markers = {staleness.LAST_CHANGE: ("o", charts.ACCENT), staleness.REVIEWED: ("s", "#27ae60"),
               staleness.CODE_CHANGE: ("^", charts.SECOND), staleness.SOURCE_CHANGE: ("D", "#8e44ad")}
    chart = charts.timeline("timeline", [(d.path, d.events) for d in shown], markers,
                            "Pages on a timeline of their last change") if shown else None
    sources = getattr(result.site, "sources", {})
    return {"chart": chart, "dates": shown, "dated": len(dates), "rows_shown": staleness.ROWS_SHOWN,
            "said": staleness.summary(dates, len(result.pages), stl),
            "translations": staleness.translations(sources, pages, dates, result.findings),
            "not_read": result.site.variants_not_read}


def _findings(findings: Sequence[Finding], pages: Mapping[str, Page]) -> dict[str, Any]:
    rows: list[dict[str, Any]] = [{"f": f, "folder": folder(f.path), "type": page_type(pages.get(f.path)),
                                   "title": pages[f.path].title if f.path in pages else ""} for f in findings]
    facets = {
        "dimension": sorted({f.dimension for f in findings}, key=DIMENSIONS.index),
        "rule": sorted({f.rule for f in findings}),
        "severity": sorted({f.severity for f in findings}, key=SEVERITIES.index),
        "folder": sorted({r["folder"] for r in rows}),
        "type": sorted({r["type"] for r in rows}),
    }
    return {"rows": rows, "facets": facets}


def _explain(result: LintResult, explain: Mapping[str, str]) -> list[dict[str, str]]:
    """Each rule's `sitelint explain` text (the rule's summary and why when the caller gave none)."""
    out = [{"code": r.code, "name": r.name, "text": explain.get(r.code) or f"{r.summary}\n\n{r.why}"}
           for r in sorted(result.rules, key=lambda r: r.code)]
    if any(f.rule == "BUILD" for f in result.findings):
        out.append({"code": "BUILD", "name": "the build's own finding",
                    "text": "Reported by the docs build in its log, not by a sitelint rule; sitelint shows it once, "
                            "as the build's (see the instruments section)."})
    return out
