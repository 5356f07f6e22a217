"""Reads a Sphinx (and MyST) build log: `path:line: WARNING: message [type]` lines and the build's verdict."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from sitelint.build.logs.base import BuildLog, PathResolver, strip_ansi, unique_findings
from sitelint.model import BuildFinding, Severity
from sitelint.sites.siteconfig import sphinx_conf

FRAMEWORK = "sphinx"
NOT_FATAL_NOTE = "Sphinx ran without -W: its {count} warning(s) did not fail the build."

_LINE = re.compile(
    r"^(?:(?P<loc>.+?):\s*)?(?P<level>WARNING|ERROR|SEVERE|CRITICAL):\s*(?P<msg>.*?)(?:\s\[(?P<type>[\w.-]+)\])?\s*$"
)
_LOC = re.compile(r"^(?P<path>.+?)(?::docstring of [^:]*)?(?::(?P<line>\d+))?:?$")
_OLD_W = "Warning, treated as error:"
_OLD_LINE = re.compile(r"^(?P<loc>[^:\s][^:]*?(?::\d+)?):\s*(?P<msg>.+)$")
_FAILED = re.compile(
    r"treated as errors|build finished with problems|^(?:Sphinx|Extension|Theme|Configuration) error|"
    r"^Exception occurred|^Warning, treated as error"
)
_ANCHOR_MSG = re.compile(r"local id not found|undefined label|title or caption not found|no such anchor", re.I)
_SYNTAX_MSG = re.compile(
    r"Unexpected indentation|start-string without end-string|Unknown (?:directive|interpreted text role)|"
    r"Title (?:underline|overline) too short|ends without a blank line|Error in \"[^\"]+\" directive|"
    r"Malformed table|Content block expected|Unknown directive type",
)
_TYPE_CLASS = {
    "image.not_readable": "missing-asset",
    "download.not_readable": "missing-asset",
    "toc.not_included": "orphan-page",
    "toc.not_readable": "broken-link",
    "toc.excluded": "broken-link",
    "ref.doc": "broken-link",
    "ref.ref": "broken-anchor",
    "myst.directive_unknown": "syntax-error",
    "myst.role_unknown": "syntax-error",
    "myst.directive_parse": "syntax-error",
}


def parse(text: str, site_root: Path, out_root: Path | None = None) -> BuildLog:
    """The findings, outcome and notes of a Sphinx build log; warnings count as errors when the log shows -W."""
    conf = sphinx_conf(site_root)
    docs_dirs = (conf.parent.resolve().relative_to(site_root.resolve()).as_posix(),) if conf else ("docs",)
    paths = PathResolver.create(site_root, out_root, docs_dirs)
    lines = strip_ansi(text).split("\n")
    fatal = any("treated as error" in line for line in lines)
    findings = unique_findings(_scan(lines, paths, fatal))
    status = 1 if any(_FAILED.search(line.strip()) for line in lines) else None
    if status is None and any(line.startswith("build succeeded") for line in lines):
        status = 0
    notes = []
    warned = sum(1 for f in findings if f.severity == "warning")
    if warned and status == 0:
        notes.append(NOT_FATAL_NOTE.format(count=warned))
    return BuildLog(FRAMEWORK, findings, status, tuple(notes))


def _scan(lines: list[str], paths: PathResolver, fatal: bool) -> Iterator[BuildFinding]:
    after_old_w = False
    for line in lines:
        if line.strip() == _OLD_W:
            after_old_w = True
            continue
        m = _LINE.match(line)
        if m is not None:
            sev: Severity = "error" if fatal or m["level"] != "WARNING" else "warning"
            yield _finding(m["loc"] or "", m["msg"], m["type"] or "", sev, paths)
        elif after_old_w and (old := _OLD_LINE.match(line.strip())):
            # Sphinx before 7.3 printed the first warning under -W without its level.
            msg = re.sub(r"\s\[[\w.-]+\]$", "", old["msg"])
            kind = re.search(r"\s\[([\w.-]+)\]$", old["msg"])
            yield _finding(old["loc"], msg, kind.group(1) if kind else "", "error", paths)
        after_old_w = False


def _finding(loc: str, msg: str, kind: str, sev: Severity, paths: PathResolver) -> BuildFinding:
    path, line = "", None
    if loc and (m := _LOC.match(loc)):
        path = paths.resolve(m["path"])
        line = int(m["line"]) if m["line"] else None
    message = f"{msg} [{kind}]" if kind else msg
    return BuildFinding(path, line, classify(msg, kind), sev, message, FRAMEWORK)


def classify(msg: str, kind: str) -> str:
    """The defect class of one Sphinx warning, from its [type] when it has one, else from its wording."""
    if kind in _TYPE_CLASS:
        return _TYPE_CLASS[kind]
    if kind == "myst.xref_missing" or "cross-reference target not found" in msg:
        if _ANCHOR_MSG.search(msg):
            return "broken-anchor"
        target = re.search(r"not found: '([^']*)'", msg)
        return "broken-link" if target is None or _is_path(target.group(1)) else "broken-anchor"
    if _ANCHOR_MSG.search(msg):
        return "broken-anchor"
    if "not readable" in msg and ("image" in msg or "download" in msg):
        return "missing-asset"
    if "isn't included in any toctree" in msg:
        return "orphan-page"
    if "nonexisting document" in msg or "unknown document" in msg or msg.startswith("Unknown target name"):
        return "broken-link"
    if "multiple files found for the document" in msg:
        return "duplicate-route"
    if kind.startswith("ref.") or "reference target not found" in msg:
        return "broken-link"
    if _SYNTAX_MSG.search(msg) or (kind == "docutils" and "Duplicate" not in msg):
        return "syntax-error"
    return "other"


def _is_path(target: str) -> bool:
    """A MyST target naming a file ("./x.md", "dir/page") rather than a label or heading slug ("nowhere-heading")."""
    return "/" in target or PurePosixPath(target.split("#", 1)[0]).suffix != ""
