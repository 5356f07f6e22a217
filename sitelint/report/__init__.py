"""Renderers of a lint result: text, json, sarif, github and html."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

FORMATS = ("text", "json", "sarif", "github", "html")


@dataclass(frozen=True)
class Context:
    """What a report needs besides the result: where paths are rooted, what else the run writes, and the layout."""

    base: str = ""  # the working directory relative to the repository's top level ("" at the top)
    root: Path | None = None  # the repository's top level: SARIF's %SRCROOT%
    files: tuple[tuple[str, str], ...] = ()  # the other reports this run writes, as (format, path)
    width: int = 0  # text lines wrap here (0: never)
    summary: str = "full"  # text: full, short (one line and what the run left out) or none
    statistics: bool = False  # text: finding counts by rule instead of the findings
    annotations: int = 10  # github: the most severe findings shown as annotations; the rest go to the job summary
    step_summary: bool = False  # github: the job summary file is there to take the rest
    blob_url: str = ""  # github: the repository's files at this commit, to link locations from the job summary


def render(result: Any, fmt: str, *, color: bool = False, quiet: bool = False, build: Any = None,
           context: Context | None = None) -> str:
    """The report of `result` in format `fmt`; `build` is an optional overlap report to include."""
    context = context or Context(summary="none" if quiet else "full")
    if quiet and context.summary != "none":
        context = replace(context, summary="none")
    if fmt == "json":
        from sitelint.report.json import render as render_json

        return render_json(result, build)
    if fmt == "sarif":
        from sitelint.report.sarif import render as render_sarif

        return render_sarif(result, build, context)
    if fmt == "html":
        # Imported only here: the html report's libraries (Jinja2, matplotlib) cost nothing in the other formats.
        from sitelint.report.html import render as render_html

        return render_html(result, build)
    if fmt == "github":
        from sitelint.report.github import render as render_github

        return render_github(result, build, context)
    from sitelint.report.text import render as render_text

    return render_text(result, build, color=color, context=context)
