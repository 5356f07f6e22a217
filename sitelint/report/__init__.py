"""Renderers of a lint result: text, json, sarif, github and html."""

from __future__ import annotations

from typing import Any

FORMATS = ("text", "json", "sarif", "github", "html")


def render(result: Any, fmt: str, *, color: bool = False, quiet: bool = False, build: Any = None) -> str:
    """The report of `result` in format `fmt`; `build` is an optional overlap report to include."""
    if fmt == "json":
        from sitelint.report.json import render as render_json

        return render_json(result, build)
    if fmt == "sarif":
        from sitelint.report.sarif import render as render_sarif

        return render_sarif(result, build)
    if fmt == "html":
        # Imported only here: the html report's libraries (Jinja2, matplotlib) cost nothing in the other formats.
        from sitelint.report.html import render as render_html

        return render_html(result, build)
    if fmt == "github":
        from sitelint.report.github import render as render_github

        return render_github(result, build)
    from sitelint.report.text import render as render_text

    return render_text(result, build, color=color, quiet=quiet)
