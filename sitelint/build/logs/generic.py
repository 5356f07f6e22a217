"""Reads any build log in the compiler-style `file:line: warning|error: message` form, for unrecognised builds."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from sitelint.build.logs.base import BuildLog, PathResolver, strip_ansi, unique_findings
from sitelint.model import BuildFinding, Severity

FRAMEWORK = "generic"
UNRECOGNISED_NOTE = (
    "The build's framework was not recognised: only `file:line: warning|error: message` lines were read. "
    "Pass --framework docusaurus|vitepress|mkdocs|sphinx if the site uses one of them."
)

_LINE = re.compile(
    r"^(?P<file>[^\s:][^:]*?):(?P<line>\d+)(?::\d+)?:\s*(?P<level>warning|error|fatal error)(?:\[[^\]]*\])?:\s*"
    r"(?P<msg>.+)$",
    re.I,
)
_CLASSES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"anchor|fragment|\bhash\b|heading id", re.I), "broken-anchor"),
    (re.compile(r"(image|asset|file).*(missing|not found|not readable|could not|couldn't)", re.I), "missing-asset"),
    (
        re.compile(
            r"(dead|broken|unresolved|invalid) link|link.*(not found|does not exist|couldn't be resolved)", re.I
        ),
        "broken-link",
    ),
    (re.compile(r"duplicate (route|page|path|slug|url)", re.I), "duplicate-route"),
    (re.compile(r"not (included )?in (any )?(nav|toctree|sidebar)|orphan", re.I), "orphan-page"),
    (re.compile(r"syntax|parse error|unexpected (token|character|indentation)|unterminated", re.I), "syntax-error"),
)


def parse(text: str, site_root: Path, out_root: Path | None = None, framework: str = FRAMEWORK) -> BuildLog:
    """The compiler-style findings of a log no framework parser understood, with a note saying so."""
    paths = PathResolver.create(site_root, out_root)
    findings = unique_findings(_scan(strip_ansi(text).split("\n"), paths, framework))
    note = UNRECOGNISED_NOTE
    if framework != FRAMEWORK:
        note = f"sitelint has no parser for {framework} build logs: only `file:line: level: message` lines were read."
    return BuildLog(framework, findings, None, (note,), recognised=False)


def classify(message: str) -> str:
    """The defect class a free-form build message most likely reports; "other" when none fits."""
    return next((cls for pattern, cls in _CLASSES if pattern.search(message)), "other")


def _scan(lines: list[str], paths: PathResolver, framework: str) -> Iterator[BuildFinding]:
    for line in lines:
        m = _LINE.match(line.strip())
        if m is None:
            continue
        sev: Severity = "warning" if m["level"].lower() == "warning" else "error"
        msg = m["msg"].strip()
        yield BuildFinding(paths.resolve(m["file"]), int(m["line"]), classify(msg), sev, msg, framework)
