"""Reads a Docusaurus build log: broken link/anchor reports by route, compile-time link and image errors, MDX errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from sitelint.build.logs.base import BuildLog, PathResolver, find_line, is_page_target, strip_ansi, unique_findings
from sitelint.model import BuildFinding, Severity
from sitelint.sites.docusaurus import RouteMap, build_route_map

FRAMEWORK = "docusaurus"
COLD_CACHE_NOTE = (
    "Docusaurus prints its compile-time Markdown link warnings only on a cold cache (after `docusaurus clear`); "
    "their absence from this log is not proof that no Markdown link is broken."
)
STOPS_EARLY_NOTE = (
    "The Docusaurus build stopped at its first fatal defect: later defects of other kinds are not in this log."
)

_LEVEL = re.compile(r"^\s*\[(ERROR|WARNING|INFO|SUCCESS)\]")
_COMPILE = re.compile(
    r"Markdown (?P<kind>link|image) with URL `(?P<url>[^`]*)` in source file \"(?P<file>[^\"]+)\" "
    r"\((?P<line>\d+):\d+\) couldn't be resolved"
)
_OLD_LINK = re.compile(r"Docs markdown link couldn't be resolved: \((?P<url>[^)]*)\) in \"?(?P<file>[^\"\s]+)\"?")
_OLD_IMAGE = re.compile(r"Image (?P<url>\S+) used in (?P<file>\S+) not found")
_MDX_FAILED = re.compile(r"MDX compilation failed for file \"(?P<file>[^\"]+)\"")
_MDX_LINE = re.compile(r"\"line\":\s*(\d+)|\bline (\d+)\b|\((\d+):\d+(?:-\d+:\d+)?\)")
_MDX_CAUSE = re.compile(r"Cause:\s*(.+)")
_REPORT = re.compile(r"found broken (links|anchors)|all broken (links|anchors) found", re.I)
_SOURCE_PAGE = re.compile(r"^\s*-\s*(?:Broken (link|anchor) )?on source page path = (?P<route>\S+?):?\s*$", re.I)
_LINKING = re.compile(r"^\s*->\s*linking to (?P<target>\S+)(?: \(resolved as: (?P<resolved>[^)]*)\))?")
_DUPLICATE = re.compile(r"Attempting to create page at (?P<route>\S+?),? but a page already exists")


@dataclass(frozen=True)
class _Hit:
    finding: BuildFinding
    target: str = ""


def parse(text: str, site_root: Path, out_root: Path | None = None) -> BuildLog:
    """The findings, outcome and notes of a Docusaurus build log, with routes mapped to the site's source files."""
    routes = build_route_map(site_root)
    paths = PathResolver.create(site_root, out_root, routes.site.docs_dirs)
    lines = strip_ansi(text).split("\n")
    hits = list(_scan(lines, paths, routes))
    findings = _merge(hits)
    status = _status(lines)
    notes: list[str] = []
    if not any(_COMPILE.search(line) and "link" in line for line in lines):
        notes.append(COLD_CACHE_NOTE)
    if status == 1:
        notes.append(STOPS_EARLY_NOTE)
        if not any(f.severity == "error" for f in findings):
            notes.append(f"The build failed for a reason no finding explains: {_first_error(lines)}")
    unmapped = sorted({f.path for f in findings if f.path.startswith("/")})
    if unmapped:
        notes.append(f"Routes not mapped to a source file (no docs file produces them here): {', '.join(unmapped)}")
    return BuildLog(FRAMEWORK, findings, status, tuple(notes))


def _scan(lines: list[str], paths: PathResolver, routes: RouteMap) -> Iterator[_Hit]:
    level: Severity = "warning"
    mode, route = "links", ""
    for number, line in enumerate(lines):
        tag = _LEVEL.match(line)
        if tag:
            level = "error" if tag.group(1) == "ERROR" else "warning"
        in_error = level == "error" or "Error:" in line or "Cause:" in line
        sev: Severity = "error" if in_error and not line.lstrip().startswith("[WARNING]") else "warning"
        if m := _COMPILE.search(line):
            kind = "broken-link" if m["kind"] == "link" else "missing-asset"
            yield _hit(
                paths.resolve(m["file"]),
                int(m["line"]),
                kind,
                sev,
                f"Markdown {m['kind']} {m['url']} couldn't be resolved",
                m["url"],
            )
        elif m := _OLD_LINK.search(line):
            yield _hit(
                paths.resolve(m["file"]),
                None,
                "broken-link",
                sev,
                f"Markdown link {m['url']} couldn't be resolved",
                m["url"],
            )
        elif m := _OLD_IMAGE.search(line):
            yield _hit(
                paths.resolve(m["file"]), None, "missing-asset", "error", f"Image {m['url']} not found", m["url"]
            )
        elif m := _MDX_FAILED.search(line):
            hit = _mdx_error(lines, number, paths.resolve(m["file"]))
            if hit is not None:
                yield hit
        elif m := _REPORT.search(line):
            mode = (m.group(1) or m.group(2)).lower()
        elif m := _SOURCE_PAGE.match(line):
            route = m["route"]
            mode = f"{m.group(1).lower()}s" if m.group(1) else mode
        elif (m := _LINKING.match(line)) and route:
            yield from _linking(route, m["target"], m["resolved"] or "", mode, level, paths, routes)
        elif m := _DUPLICATE.search(line):
            for source in routes.sources(m["route"]) or (m["route"],):
                yield _hit(_page(source, paths), None, "duplicate-route", level, f"Duplicate route {m['route']}")


def _hit(path: str, line: int | None, cls: str, sev: Severity, message: str, target: str = "") -> _Hit:
    return _Hit(BuildFinding(path, line, cls, sev, message, FRAMEWORK), target)


def _page(source: str, paths: PathResolver) -> str:
    return source if source.startswith("/") else paths.relative(paths.site_root / source)


def _linking(
    route: str, target: str, resolved: str, mode: str, level: Severity, paths: PathResolver, routes: RouteMap
) -> Iterator[_Hit]:
    sources = routes.sources(route)
    if mode == "anchors":
        cls = "broken-anchor"
    else:
        cls = "broken-link" if is_page_target(resolved or target) else "missing-asset"
    noun = "anchor" if cls == "broken-anchor" else "link"
    message = f"Broken {noun} on {route}: {target}" + (f" (resolved as {resolved})" if resolved else "")
    if not sources:
        yield _hit(route, None, cls, level, message, target)
        return
    fragment = "#" + target.split("#", 1)[1] if "#" in target else ""
    for source in sources:
        line = find_line(paths.site_root / source, [target, fragment])
        yield _hit(_page(source, paths), line, cls, level, message, target)


def _mdx_error(lines: list[str], start: int, path: str) -> _Hit | None:
    """An MDX compile failure; None when its cause is a link or image error that is read on its own line."""
    cause, line = "", None
    for text in lines[start + 1 : start + 60]:
        if _MDX_FAILED.search(text) or _LEVEL.match(text):
            break
        if _COMPILE.search(text) or _OLD_IMAGE.search(text):
            return None
        if not cause and (m := _MDX_CAUSE.search(text)):
            cause = m.group(1).strip()
        if line is None and (n := _MDX_LINE.search(text)):
            line = int(next(g for g in n.groups() if g))
    return _hit(path, line, "syntax-error", "error", f"MDX compilation failed: {cause or 'see the build log'}")


def _merge(hits: list[_Hit]) -> tuple[BuildFinding, ...]:
    """One finding per (page, class, target): the route report and the compile warning name the same link."""
    merged: dict[tuple[str, str, str], BuildFinding] = {}
    loose: list[BuildFinding] = []
    for hit in hits:
        f = hit.finding
        if not hit.target:
            loose.append(f)
            continue
        key = (f.path, f.defect_class, hit.target)
        old = merged.get(key)
        if old is None:
            merged[key] = f
            continue
        best = f if (f.severity == "error") > (old.severity == "error") else old
        merged[key] = replace(best, line=old.line or f.line)
    return unique_findings([*merged.values(), *loose])


def _status(lines: list[str]) -> int | None:
    if any(re.match(r"\s*\[ERROR\]", line) for line in lines):
        return 1
    if any("[SUCCESS] Generated static files" in line for line in lines):
        return 0
    return None


def _first_error(lines: list[str]) -> str:
    return next((line.strip() for line in lines if line.lstrip().startswith("[ERROR]")), "no [ERROR] line")
