"""What a run fails on: findings not in the baseline, on pages or lines changed since a revision.

The whole site is always read and analysed; these only choose which findings are reported, and the summary says
what was left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sitelint import api as engine, baseline as baselines, changes
from sitelint.cli import fail
from sitelint.pipeline import score


@dataclass(frozen=True)
class Gate:
    """The change a run reports on: the files and lines changed since a revision."""

    since: str  # as the user named it: a REF, or HEAD
    changes: changes.Changes
    files: frozenset[Path] | None  # --changed-since: the changed files (absolute); None: every file may be reported


def prepare(opts: dict[str, Any], cwd: Path) -> Gate | None:
    """The change named by --changed-since and --changed-lines, read from git before the run."""
    ref, lines = opts["changed_since"], opts["changed_lines"]
    if not ref and not lines:
        return None
    try:
        top = changes.toplevel(cwd)
        base = changes.merge_base(top, ref) if ref else changes.head(top)
        found = changes.changed(top, base, with_lines=lines)
    except changes.ChangeError as exc:
        option = f"--changed-since {ref}" if ref else "--changed-lines"
        fail(f"{option}: {exc}")
        raise
    files = frozenset(top / name for name in found.files) if ref else None
    return Gate(ref or "HEAD", found, files)


def top_of(result: engine.LintResult, gate: Gate | None) -> Path:
    """The repository's top level: what baselines and CI reports name paths from."""
    return gate.changes.top if gate is not None else result.site.repo_root.resolve()


def apply(result: engine.LintResult, opts: dict[str, Any], gate: Gate | None, paths: Sequence[str],
          cwd: Path) -> engine.LintResult:
    """The result with only the findings the run fails on, and the summary saying what was compared and left out."""
    top = top_of(result, gate)
    base = changes.repo_base(cwd, top)
    findings = list(result.findings)
    if gate is not None and gate.files is not None:  # the build's findings too: only on the changed pages
        shown = set(result.scope)
        findings = [f for f in findings if f.path in shown]
    summary = dict(result.summary)
    if opts["baseline_file"]:
        findings, summary["baseline"] = _against_baseline(result, findings, opts, top, base,
                                                          whole=not paths and gate is None)
    if gate is not None:
        summary["gate"] = {"since": gate.since, "lines": bool(opts["changed_lines"]),
                           "changed_pages": len(result.scope) if gate.files is not None else None}
        if opts["changed_lines"]:
            kept: list[Any] = []
            left: list[Any] = []
            for f in findings:
                touched = gate.changes.touched(changes.repo_path(f.path, base), f.line, f.end_line or f.line)
                (kept if touched else left).append(f)
            summary["gate"]["left_out"] = len(left)
            summary["gate"]["left_out_pages"] = sorted({f.path for f in left})
            findings = kept
    summary.update(score.counts(findings))
    return replace(result, findings=tuple(findings), summary=summary)


def _against_baseline(result: engine.LintResult, findings: Sequence[Any], opts: dict[str, Any], top: Path,
                      base: str, whole: bool) -> tuple[list[Any], dict[str, Any]]:
    path = Path(opts["baseline_file"])
    try:
        recorded = baselines.load(path)
    except baselines.BaselineError as exc:
        fail(str(exc))
        raise
    renamed = changes.renames(top, recorded.commit) if _in_git(top) else {}
    shown = {changes.repo_path(p, base) for p in result.scope}

    def in_scope(name: str) -> bool:  # a whole-site run also sees the pages deleted since the baseline
        return name in shown or (whole and not (top / name).exists())

    compared = baselines.compare(recorded, findings, result.site, base, renamed, in_scope)
    if opts["baseline_update"]:
        try:
            baselines.save(baselines.Baseline(compared.kept, changes.head(top) if _in_git(top) else ""), path)
        except baselines.BaselineError as exc:
            fail(str(exc))
    stale = recorded.commit and _in_git(top) and not changes.known(top, recorded.commit)
    info = {"file": str(path), "new": len(compared.new), "baselined": len(compared.baselined),
            "fixed": len(compared.fixed), "updated": bool(opts["baseline_update"]),
            "fixed_entries": [{"rule": e.rule, "path": e.path, "message": e.message} for e in compared.fixed]}
    if stale:
        info["note"] = (f"the baseline's commit {recorded.commit[:12]} is not in this clone, so renamed pages are not "
                        "followed (fetch the full history: `fetch-depth: 0`)")
    return list(compared.new), info


def _in_git(top: Path) -> bool:
    return (top / ".git").exists()


def record(result: engine.LintResult, output: Path, cwd: Path) -> baselines.Baseline:
    """Today's findings as a baseline, written to output."""
    top = top_of(result, None)
    made = baselines.record(result.findings, result.site, changes.repo_base(cwd, top),
                            changes.head(top) if _in_git(top) else "")
    try:
        baselines.save(made, output)
    except baselines.BaselineError as exc:
        fail(str(exc))
    return made
