"""The mutation probe: inject known defects into a copy of the site, run the build and sitelint, and map who sees what.

Each defect goes into its own real page (or, for a duplicate, a new copy of one), and counts as caught when an
instrument reports that defect class on that page where it did not before the injection. The result says, per
defect, whether the build, sitelint, both or neither caught it: the blind spots both instruments still share.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sitelint import api as engine, config as configmod
from sitelint.pipeline import discover

FRONT = re.compile(r"\A---\n.*?\n---\n", re.S)
SKIP_COPY = shutil.ignore_patterns(".git", "node_modules", "build", "site", "_build", ".docusaurus",
                                   ".vitepress/cache", ".vitepress/dist")


@dataclass(frozen=True)
class Mutation:
    """One known defect: its class, and how to put it into a page's text."""

    defect_class: str
    description: str
    apply: Callable[[str], str]
    new_page: bool = False  # the defect lives in a new file beside the page (a copy), not in the page itself


def _append(snippet: str) -> Callable[[str], str]:
    return lambda text: text.rstrip("\n") + "\n\n" + snippet + "\n"


def _thin(text: str) -> str:
    front = FRONT.match(text)
    title = next((line for line in text.splitlines() if line.startswith("# ")), "# Overview")
    return (front.group(0) if front else "") + f"{title}\n\nSee the other pages.\n"


def _copy(text: str) -> str:
    body = FRONT.sub("", text, count=1)
    lines = [line for line in body.splitlines() if not line.startswith("# ")]
    return "---\ntitle: Copy of a page\n---\n\n# Copy of a page\n\n" + "\n".join(lines) + "\n"


MUTATIONS: tuple[Mutation, ...] = (
    Mutation("broken-link", "a link to a page that does not exist",
             _append("See [the setup notes](./sitelint-probe-missing-page.md) for details.")),
    Mutation("broken-anchor", "a link to a heading that does not exist",
             _append("See [the section below](#sitelint-probe-missing-anchor).")),
    Mutation("missing-asset", "an image that does not exist", _append("![Diagram](./sitelint-probe-missing.png)")),
    Mutation("thin-page", "the page cut down to one line", _thin),
    Mutation("placeholder-text", "a TODO left in the prose", _append("TODO: write this section before the release.")),
    Mutation("stale-claim", "a claim dated by a past year", _append("As of 2019, this is the recommended setup.")),
    Mutation("empty-section", "a heading with nothing under it",
             _append("## Limits\n\n## Related pages\n\nThe other guides cover the rest.")),
    Mutation("duplicate-page", "a verbatim copy of the page under another title", _copy, new_page=True),
)


@dataclass(frozen=True)
class ProbeRow:
    defect_class: str
    description: str
    page: str
    build: bool | None  # None when no build ran
    build_fails: bool = False  # the build reported it as an error (not a warning a green build lets through)
    sitelint: bool = False
    confounded: bool = False  # every candidate page already showed this class: the probe cannot tell


    @property
    def verdict(self) -> str:
        if self.confounded:
            return "not measured (every page already shows this defect)"
        if self.build is None:
            return "caught by sitelint" if self.sitelint else "missed by sitelint (no build ran)"
        return {(True, True): "both", (True, False): "build only", (False, True): "sitelint only",
                (False, False): "MISSED BY BOTH"}[(self.build, self.sitelint)]


def _targets(pages: Sequence[Any], baseline: dict[str, set[str]]) -> list[Any]:
    """A page per mutation: the fullest current page (no versioned or translated copy, no partial) that is not used
    yet and does not already show that defect class, so that a new finding can only come from the injection."""
    usable = sorted((p for p in pages if not p.variant and not Path(p.path).name.startswith("_")),
                    key=lambda p: (-p.words, p.path))
    if not usable:
        raise engine.InputError("the site has no page to inject defects into")
    chosen: list[Any] = []
    for mutation in MUTATIONS:
        clean = [p for p in usable if mutation.defect_class not in baseline.get(p.path, set())] or usable
        # A copy leaves its source as it was, so the fullest page serves; other mutations need a page of their own.
        fresh = clean if mutation.new_page else [p for p in clean if p not in chosen]
        chosen.append((fresh or clean)[0])
    return chosen


def _classes_by_page(result: engine.LintResult) -> dict[str, set[str]]:
    classes = {r.code: r.defect_class for r in result.rules}
    seen: dict[str, set[str]] = {}
    for f in result.findings:
        seen.setdefault(f.path, set()).add(classes.get(f.rule, ""))
    return seen


def run(cwd: Path, command: Sequence[str] = (), *, framework: str = "auto", config: configmod.Config | None = None,
        today: dt.date | None = None, keep: Path | None = None) -> tuple[list[ProbeRow], list[str]]:
    """Probe the site that cwd belongs to; returns one row per injected defect and notes."""
    rows, notes, _ = run_with_baseline(cwd, command, framework=framework, config=config, today=today, keep=keep)
    return rows, notes


def run_with_baseline(cwd: Path, command: Sequence[str] = (), *, framework: str = "auto",
                      config: configmod.Config | None = None, today: dt.date | None = None,
                      keep: Path | None = None) -> tuple[list[ProbeRow], list[str], engine.LintResult]:
    """The probe's rows and notes, and the lint of the copy before any defect went in (the site as it is)."""
    from sitelint.build.logs import parse_log, run_build

    cwd = cwd.resolve()
    config = config or configmod.load(cwd)
    # The copy keeps a cache of its own: the user's cache file is outside the copy, and the probe writes nowhere else.
    config = replace(config, settings=MappingProxyType({**config.settings, "cache": ""}))
    layout = discover.detect(cwd, config.settings["docs-root"], config.settings["language"])
    project = Path(os.path.realpath(layout.project_root))
    if keep is not None and Path(os.path.realpath(keep)).is_relative_to(project):
        raise engine.InputError(f"--keep {keep}: is inside the project ({layout.project_root}), which the probe "
                                "copies; keep the copy in a folder outside it")
    workdir = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="sitelint-probe-"))
    notes: list[str] = []
    try:
        copy = workdir / layout.project_root.name
        shutil.copytree(layout.project_root, copy, ignore=SKIP_COPY, symlinks=True, dirs_exist_ok=True)
        notes += _contain_links(copy, project)
        _link_node_modules(layout.project_root / "node_modules", copy / "node_modules")
        inner = copy / cwd.relative_to(layout.project_root) if cwd.is_relative_to(layout.project_root) else copy
        before = engine.lint(cwd=inner, config=config, today=today)
        baseline = _classes_by_page(before)
        injected: list[tuple[Mutation, str]] = []
        for mutation, page in zip(MUTATIONS, _targets(before.site.pages, baseline), strict=True):
            source = inner / page.path
            text = source.read_text(encoding="utf-8")
            target = source.with_name(f"sitelint-probe-copy{source.suffix}") if mutation.new_page else source
            _inside(target, copy)
            target.write_text(mutation.apply(text), encoding="utf-8")
            injected.append((mutation, target.relative_to(inner).as_posix()))
        after = engine.lint(cwd=inner, config=config, today=today)
        found = _classes_by_page(after)
        built: dict[str, dict[str, str]] | None = None
        if command:
            # A command given as a relative path (./node_modules/.bin/x) is relative to where the user stands.
            program = command[0]
            if "/" in program and not Path(program).is_absolute():
                program = str((cwd / program).resolve())
            status, log = run_build([program, *command[1:]], inner, out=sys.stderr)
            build = parse_log(log, framework, site_root=copy, relative_to=inner)
            built = {}
            for bf in build.findings:
                worst = built.setdefault(bf.path, {}).get(bf.defect_class, "info")
                built[bf.path][bf.defect_class] = bf.severity if bf.severity == "error" else worst
            notes.append(f"build `{' '.join(command)}` exited {status}")
            notes.extend(build.notes)
            if status == 127:
                built = None  # the build never ran: say nothing about what it would have caught
        rows = []
        for mutation, path in injected:
            cls = mutation.defect_class
            already = cls in baseline.get(path, set())
            mine = cls in found.get(path, set()) and not already
            seen = None if built is None else built.get(path, {}).get(cls)
            rows.append(ProbeRow(cls, mutation.description, path, None if built is None else seen is not None,
                                 seen == "error", mine, confounded=already))
        return rows, notes, before
    finally:
        if keep is None:
            shutil.rmtree(workdir, ignore_errors=True)


def _contain_links(copy: Path, project: Path) -> list[str]:
    """Make every symlink of the copy stay in the copy: one into the project points at the copy's own file instead,
    one that leaves the project is removed (with a note), so that a planted defect can only land in the copy."""
    notes = []
    for base, dirs, files in os.walk(copy):
        for name in [*dirs, *files]:
            link = Path(base) / name
            if not link.is_symlink():
                continue
            target = Path(os.path.realpath(project / link.relative_to(copy)))
            if target.is_relative_to(project):
                counterpart = copy / target.relative_to(project)
                link.unlink()
                link.symlink_to(os.path.relpath(counterpart, link.parent))
            else:
                link.unlink()
                notes.append(f"{link.relative_to(copy).as_posix()}: a symlink out of the project "
                             f"({target}); left out of the probe's copy")
    return notes


def _link_node_modules(original: Path, linked: Path) -> None:
    """The copy's node_modules: a folder of its own holding a link to each installed package, so that the build finds
    its dependencies while what it writes there (node_modules/.cache and other dot folders) stays in the copy."""
    if not original.is_dir() or linked.exists():
        return
    linked.mkdir()
    for entry in sorted(os.scandir(original), key=lambda e: e.name):
        if entry.name.startswith(".") and entry.name != ".bin":
            continue  # caches and lock files: the build writes these
        (linked / entry.name).symlink_to(entry.path)


def _inside(target: Path, copy: Path) -> None:
    """Stop (never write) when a page of the copy would resolve outside it."""
    real = Path(os.path.realpath(target))
    if not real.is_relative_to(os.path.realpath(copy)):
        raise engine.InputError(f"{target}: resolves to {real}, outside the probe's copy; not written")


def render(rows: Sequence[ProbeRow], notes: Sequence[str]) -> str:
    width = max(len(r.defect_class) for r in rows)
    lines = [f"{'defect':<{width}}  {'build':<6} {'sitelint':<9} verdict   page"]
    for r in rows:
        build = "-" if r.build is None else ("fails" if r.build_fails else "warns" if r.build else "no")
        lines.append(f"{r.defect_class:<{width}}  {build:<6} {'yes' if r.sitelint else 'no':<9} {r.verdict}   "
                     f"{r.page}")
    missed = [r.defect_class for r in rows if r.verdict == "MISSED BY BOTH"]
    if missed:
        lines.append(f"Both instruments missed: {', '.join(missed)}.")
    warned = [r.defect_class for r in rows if r.build and not r.build_fails and not r.sitelint]
    if warned:
        lines.append(f"The build only warns about {', '.join(warned)}: a green build lets them through.")
    lines.extend(f"note: {n}" for n in notes)
    return "\n".join(lines) + "\n"
