"""GitHub Actions workflow commands: one annotation per finding."""

from __future__ import annotations

from typing import Any

LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(result: Any, build: Any = None) -> str:
    lines = []
    for f in result.findings:
        props = f"file={_escape_property(f.path)},line={f.line}"
        if f.end_line and f.end_line != f.line:
            props += f",endLine={f.end_line}"
        props += f",title={_escape_property(f'{f.rule} {f.name}')}"
        lines.append(f"::{LEVEL[f.severity]} {props}::{_escape_data(f.message)}")
    for note in result.notes:
        lines.append(f"::notice title=sitelint::{_escape_data(note)}")
    if build is not None:
        lines.append(f"::notice title=sitelint build overlap::{_escape_data(build.render_text())}")
    return "\n".join(lines) + ("\n" if lines else "")
