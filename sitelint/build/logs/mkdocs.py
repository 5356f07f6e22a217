"""Reads a MkDocs build log: link, anchor and nav validation at WARNING and INFO, and the strict-mode abort."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sitelint.build.logs.base import BuildLog, PathResolver, find_line, is_page_target, strip_ansi, unique_findings
from sitelint.model import BuildFinding, Severity
from sitelint.sites.siteconfig import load_yaml, mkdocs_config

FRAMEWORK = "mkdocs"
INFO_NOTE = (
    "MkDocs logged {count} defect(s) at INFO (its default for anchors and unlisted pages): "
    "they pass even `mkdocs build --strict`."
)

_RECORD = re.compile(r"^(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)\s*-\s+(?P<msg>.*)$")
_STRICT = re.compile(r"Aborted with (\d+) warnings? in strict mode")
_DOC = r"(?:Doc|Documentation) file '(?P<file>[^']+)' contains "
_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(_DOC + r"a link '(?P<link>[^']*)', but the target '(?P<target>[^']*)' is not found"), "target"),
    (re.compile(_DOC + r"a link to '(?P<link>[^']*)' which is not found"), "target"),
    (re.compile(_DOC + r"a link '(?P<link>[^']*)', but the doc '[^']*' does not contain an anchor"), "broken-anchor"),
    (re.compile(_DOC + r"a link '(?P<link>[^']*)', but there is no such anchor on this page"), "broken-anchor"),
    (re.compile(_DOC + r"an unrecognized relative link '(?P<link>[^']*)'"), "broken-link"),
    (re.compile(_DOC + r"a link (?:to )?'(?P<link>[^']*)'.* which is excluded from the built site"), "broken-link"),
    (re.compile(_DOC + r"an absolute link '(?P<link>[^']*)'"), "other"),
    (re.compile(r"Error reading page '(?P<file>[^']+)'"), "syntax-error"),
    (re.compile(r"Excluding '(?P<file>[^']+)' from the site because it conflicts with"), "duplicate-route"),
    (re.compile(r"A reference to '(?P<link>[^']*)' is included in the 'nav' configuration"), "nav-broken-link"),
    (re.compile(r"An absolute path to '(?P<link>[^']*)' is included in the 'nav' configuration"), "nav-other"),
    (re.compile(r"^Config value '"), "config-other"),
)
_NOT_IN_NAV = 'are not included in the "nav" configuration'


@dataclass(frozen=True)
class _Record:
    level: str
    message: str  # first line
    more: tuple[str, ...]  # continuation lines


def parse(text: str, site_root: Path, out_root: Path | None = None) -> BuildLog:
    """The findings, outcome and notes of a MkDocs build log; lines are found by searching the page for the link."""
    config = mkdocs_config(site_root)
    notes = []
    try:
        docs_dir = str(load_yaml(config).get("docs_dir", "docs")) if config else "docs"
    except ValueError as exc:
        docs_dir = "docs"
        notes.append(f"{exc}; page paths assume docs_dir: docs.")
    paths = PathResolver.create(site_root, out_root, (docs_dir,))
    lines = strip_ansi(text).split("\n")
    strict = next((m for line in lines if (m := _STRICT.search(line))), None)
    config_path = paths.relative(config) if config else "mkdocs.yml"
    findings = unique_findings(
        f for record in _records(lines) for f in _findings(record, paths, config_path, strict is not None)
    )
    if strict is not None or any(r.level in ("ERROR", "CRITICAL") or "Aborted" in r.message for r in _records(lines)):
        status: int | None = 1
    elif any("Aborted with" in line for line in lines):
        status = 1
    else:
        status = 0 if any("Documentation built in" in line for line in lines) else None
    quiet = sum(1 for f in findings if f.severity == "info")
    if quiet:
        notes.append(INFO_NOTE.format(count=quiet))
    return BuildLog(FRAMEWORK, findings, status, tuple(notes))


def _records(lines: list[str]) -> Iterator[_Record]:
    """Log records with their continuation lines (MkDocs indents the rest of a multi-line message)."""
    current: _Record | None = None
    for line in lines:
        if m := _RECORD.match(line):
            if current is not None:
                yield current
            current = _Record(m["level"], m["msg"].strip(), ())
        elif current is not None and line.strip() and not _STRICT.search(line):
            current = _Record(current.level, current.message, (*current.more, line.strip()))
        elif current is not None:
            yield current
            current = None
    if current is not None:
        yield current


def _severity(level: str, strict: bool) -> Severity:
    if level in ("ERROR", "CRITICAL") or (level == "WARNING" and strict):
        return "error"
    return "warning" if level == "WARNING" else "info"


def _findings(record: _Record, paths: PathResolver, config_path: str, strict: bool) -> Iterator[BuildFinding]:
    sev = _severity(record.level, strict)
    message = record.message
    if _NOT_IN_NAV in message:
        for item in record.more:
            page = item.lstrip("-* ").strip()
            if page:
                yield BuildFinding(paths.resolve(page), None, "orphan-page", sev, "Page not in nav", FRAMEWORK)
        return
    for pattern, kind in _RULES:
        m = pattern.search(message)
        if m is None:
            continue
        groups = m.groupdict()
        link = groups.get("link") or ""
        if kind.startswith(("nav-", "config-")):
            cls = {"nav-broken-link": "broken-link"}.get(kind, "other")
            yield BuildFinding(config_path, None, cls, sev, message, FRAMEWORK)
            return
        if kind == "target":
            kind = "broken-link" if is_page_target(groups.get("target") or link) else "missing-asset"
        page = paths.resolve(groups["file"])
        line = find_line(paths.out_root / page, [link]) if link else None
        yield BuildFinding(page, line, kind, sev, message, FRAMEWORK)
        return
    if record.level in ("WARNING", "ERROR", "CRITICAL"):
        yield BuildFinding("", None, "other", sev, " ".join((message, *record.more)), FRAMEWORK)
