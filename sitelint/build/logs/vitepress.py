"""Reads a VitePress build log: dead links, Rollup/Vite asset resolution failures and Vue template errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from sitelint.build.logs.base import BuildLog, PathResolver, find_line, is_page_target, strip_ansi, unique_findings
from sitelint.model import BuildFinding
from sitelint.sites.siteconfig import js_value, mask_comments, read_text, vitepress_config

FRAMEWORK = "vitepress"
ANCHOR_NOTE = "VitePress does not check link anchors (#fragments): a broken anchor passes its build silently."
STOPS_EARLY_NOTE = "The VitePress build stopped at its first fatal defect: later defects are not in this log."

_COMMAND = re.compile(r"^>?\s*(?:npx\s+)?vitepress build(?:\s+(?P<dir>[^\s-][^\s]*))?", re.M)
_DEAD = re.compile(r"Found dead link (?P<target>\S+) in file (?P<file>.+?)\s*$")
_UNRESOLVED = re.compile(r"Could not resolve \"(?P<url>[^\"]+)\" from \"(?P<file>[^\"]+)\"")
_ROLLUP = re.compile(r"failed to resolve import \"(?P<url>[^\"]+)\" from \"(?P<file>[^\"]+)\"")
_VUE = re.compile(r"\[(?:plugin )?vite:vue\].*?(?P<file>[^\s\"]+\.md)(?:[:(](?P<line>\d+)[:\d]*\)?)?:?\s*(?P<msg>.*)")


def parse(text: str, site_root: Path, out_root: Path | None = None) -> BuildLog:
    """The findings, outcome and notes of a VitePress build log; dead links are placed on their source line."""
    clean = strip_ansi(text)
    paths = PathResolver.create(site_root, out_root, _source_dirs(clean, site_root))
    lines = clean.split("\n")
    findings = unique_findings(_scan(lines, paths))
    status = _status(lines)
    notes = [ANCHOR_NOTE]
    if status == 1:
        notes.append(STOPS_EARLY_NOTE)
        if not any(f.severity == "error" for f in findings):
            first = next((line.strip() for line in lines if line.strip().startswith("build error")), "")
            notes.append(f"The build failed for a reason no finding explains. {first}".strip())
    return BuildLog(FRAMEWORK, findings, status, tuple(notes))


def _source_dirs(text: str, site_root: Path) -> tuple[str, ...]:
    """Where page paths in the log are relative to: the project given to `vitepress build` plus its srcDir."""
    command = _COMMAND.search(text)
    project = command["dir"] if command and command["dir"] else ""
    config = vitepress_config(site_root / project) if project else vitepress_config(site_root)
    if config is not None and not project:
        project = config.parent.parent.relative_to(site_root).as_posix()
    src_dir = js_value(mask_comments(read_text(config)), "srcDir") or ""
    dirs = [str(PurePosixPath(project or ".") / src_dir)] if src_dir else []
    return (*dirs, project or ".")


def _scan(lines: list[str], paths: PathResolver) -> Iterator[BuildFinding]:
    for line in lines:
        if m := _DEAD.search(line):
            target, page = m["target"], paths.resolve(m["file"])
            cls = "broken-link" if is_page_target(target) else "missing-asset"
            base = target.split("#", 1)[0]
            where = find_line(paths.out_root / page, [f"{base}.md", f"{base}.html", target])
            yield BuildFinding(page, where, cls, "error", f"Dead link {target}", FRAMEWORK)
        elif m := _UNRESOLVED.search(line) or _ROLLUP.search(line):
            page = paths.resolve(m["file"])
            where = find_line(paths.out_root / page, [m["url"]])
            yield BuildFinding(page, where, "missing-asset", "error", f"Could not resolve {m['url']}", FRAMEWORK)
        elif m := _VUE.search(line):
            where = int(m["line"]) if m["line"] else None
            message = f"Vue template error: {m['msg'].strip() or 'see the build log'}"
            yield BuildFinding(paths.resolve(m["file"]), where, "syntax-error", "error", message, FRAMEWORK)


def _status(lines: list[str]) -> int | None:
    if any(re.search(r"\bBuild failed in\b|^build error:", line, re.I) for line in lines):
        return 1
    if any(re.search(r"\bbuild complete in\b", line) for line in lines):
        return 0
    return None
