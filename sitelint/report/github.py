"""GitHub Actions: the most severe findings as annotations, the rest in the job summary as Markdown tables.

GitHub shows about ten annotations of a kind per step and drops the rest without a word, so sitelint chooses which
ten (errors first, then warnings, then notes) and writes every other finding, the notes and the build overlap report
to the job summary ($GITHUB_STEP_SUMMARY), which points to the full SARIF or JSON report. Paths are relative to the
repository's top level, wherever sitelint runs from. Without a job summary file the rest are plain log lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sitelint.changes import repo_path
from sitelint.report import Context
from sitelint.report.text import found_line, scope_sentences

LEVEL = {"error": "error", "warning": "warning", "info": "notice"}
RANK = {"error": 0, "warning": 1, "info": 2}
MAX_ROWS = 500  # the job summary takes at most 1 MiB per step: past this many rows the full report is the place


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def ranked(findings: Sequence[Any]) -> list[Any]:
    """Most severe first, then by place: the order in which findings earn one of the few annotations."""
    return sorted(findings, key=lambda f: (RANK[f.severity], f.path, f.line, f.rule))


def annotation(f: Any, base: str) -> str:
    props = f"file={_escape_property(repo_path(f.path, base))},line={f.line}"
    if f.end_line != f.line:
        props += f",endLine={f.end_line}"
    elif f.col > 1:
        props += f",col={f.col}"
    props += f",title={_escape_property(f'{f.rule} {f.name}')}"
    return f"::{LEVEL[f.severity]} {props}::{_escape_data(f.message)}"


def render(result: Any, build: Any = None, context: Context | None = None) -> str:
    """Workflow commands for the log; the job summary is job_summary()'s, written by the caller."""
    context = context or Context()
    order = ranked(result.findings)
    shown, rest = order[: context.annotations], order[context.annotations :]
    lines = [annotation(f, context.base) for f in shown]
    if rest and context.step_summary:
        lines.append(f"::notice title=sitelint::{len(rest)} more finding(s) are in the job summary"
                     f"{_full_report(context, ' and in ')}.")
    elif rest:
        lines.append(f"sitelint: {len(rest)} more finding(s), not annotated (GitHub shows about "
                     f"{context.annotations} per step):")
        lines += [f"{repo_path(f.path, context.base)}:{f.line}:{f.col}: {f.rule} {f.message} [{f.name}]"
                  for f in rest]
    if not context.step_summary:
        lines += [f"note: {note}" for note in result.notes]
        if build is not None:
            lines.append(build.render_text())
    return "\n".join(lines) + ("\n" if lines else "")


def job_summary(result: Any, build: Any = None, context: Context | None = None) -> str:
    """The job summary in Markdown: counts, the findings not annotated, the build overlap, notes, the full report."""
    context = context or Context()
    order = ranked(result.findings)
    rest = order[context.annotations :]
    out = ["## sitelint", "", found_line(result.summary, result.findings)]
    if result.findings:
        out[-1] += f" The {min(len(order), context.annotations)} most severe are annotations on the files."
    out += [f"\n{sentence}" for sentence in scope_sentences(result.summary)]
    semantic = result.summary.get("semantic", {})
    if not semantic.get("ran", True) and semantic.get("why") != "no semantic rule selected":
        out += ["", f"Semantic duplication did not run: {_cell(semantic['why'])}."]
    if rest:
        out += ["", f"### Findings not shown as annotations ({len(rest)})", "",
                "| severity | location | rule | message |", "| --- | --- | --- | --- |"]
        out += [_row(f, context) for f in rest[:MAX_ROWS]]
        if len(rest) > MAX_ROWS:
            out += ["", f"And {len(rest) - MAX_ROWS} more{_full_report(context, ': see ')}."]
    if build is not None:
        out += ["", *overlap_markdown(build)]
    if result.notes:
        out += ["", "### Notes", ""] + [f"- {_cell(note)}" for note in result.notes]
    out += ["", _pointer(context)]
    return "\n".join(out) + "\n"


def overlap_markdown(build: Any) -> list[str]:
    """The build overlap report as Markdown tables: defect classes, then the page agreement and the gaps."""
    status = build.exit_status
    outcome = {None: "outcome not shown in the log", 0: "passed"}.get(status, f"failed ({status})")
    name = build.framework if build.recognised else f"{build.framework}, framework not recognised"
    out = [f"### Build overlap ({_cell(name)}: {outcome})", "", "| defect class | build | sitelint | both |",
           "| --- | ---: | ---: | ---: |"]
    out += [f"| {row.defect_class} | {row.build if row.build_sees else 'blind'} | {row.sitelint} | {row.both} |"
            for row in build.classes]
    a = build.agreement
    lift = "n/a" if a.lift is None else f"{a.lift:.2f}"
    out += ["", "| pages | build | sitelint | both | expected both | lift |",
            "| ---: | ---: | ---: | ---: | ---: | ---: |",
            f"| {a.total_pages} | {a.build_pages} | {a.sitelint_pages} | {a.both_pages} | {a.expected_both:.1f} "
            f"| {lift} |", "", _cell(a.verdict)]
    blind = sum(1 for r in build.rules if r.status == "blind-spot")
    out += ["", f"Rules: {blind} cover blind spots of the build, {len(build.rules) - blind} overlap it."]
    gaps = [g for g in build.gaps if g.gap.passes and g.passed_in_log]
    if gaps:
        out += ["", "| severity setting | source | defects that passed | effect |", "| --- | --- | ---: | --- |"]
        out += [f"| `{_cell(g.gap.setting)}` | {_cell(g.gap.source)} | {g.passed_in_log} {g.gap.defect_class} "
                f"| {_cell(g.gap.effect)} |" for g in gaps]
    out += [f"\nNote: {_cell(note)}" for note in build.notes]
    return out


def _row(f: Any, context: Context) -> str:
    path = repo_path(f.path, context.base)
    place = f"{path}:{f.line}"
    where = f"[{_cell(place)}]({context.blob_url}{path}#L{f.line})" if context.blob_url else f"`{_cell(place)}`"
    code = "BUILD" if f.dimension == "build" else f.rule
    return f"| {f.severity} | {where} | `{code}` {f.name} | {_cell(f.message)} |"


def _cell(text: str) -> str:
    """Text as one Markdown table cell: no line breaks, no column bars, no HTML."""
    return (" ".join(str(text).split()).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("|", "\\|"))


def _full_report(context: Context, joiner: str) -> str:
    files = [path for fmt, path in context.files if fmt in ("sarif", "json")]
    return f"{joiner}{', '.join(files)}" if files else ""


def _pointer(context: Context) -> str:
    files = [(fmt, path) for fmt, path in context.files if fmt in ("sarif", "json")]
    if files:
        return "Every finding is in " + ", ".join(f"`{_cell(path)}` ({fmt.upper()})" for fmt, path in files) + "."
    return ("Every finding in one file: add `--report sarif:sitelint.sarif` (code scanning) or "
            "`--report json:sitelint.json`.")
