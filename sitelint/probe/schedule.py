"""Builds of the probe's copy: plants grouped so that no page takes two in one build and a class that stops the
build is built alone, each build run and linted, and what each instrument reported counted against the plants."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from sitelint import api as engine
from sitelint.model import BuildFinding, Finding
from sitelint.probe.matrix import PlantResult
from sitelint.probe.operators import Plant
from sitelint.probe.workspace import Built, Workspace


def _key(f: Finding) -> tuple[str, str, int, str]:
    return f.path, f.rule, f.line, f.message


class Catch:
    """What the site showed before any plant, and whether a plant's class shows now where it did not."""

    def __init__(self, before: engine.LintResult, framework: str, copy: Path, inner: Path) -> None:
        self._classes = {r.code: r.defect_class for r in before.rules}
        self._before = {_key(f) for f in before.findings}
        self._flags: dict[str, set[str]] = {}
        for f in before.findings:
            self._flags.setdefault(f.path, set()).add(self._classes.get(f.rule, ""))
        self.framework, self._copy, self._inner = framework, copy, inner

    def flagged(self, path: str) -> set[str]:
        return self._flags.get(path, set())

    def parse(self, built: Built) -> tuple[BuildFinding, ...]:
        from sitelint.build.logs import parse_log

        log = parse_log(built.log, self.framework, site_root=self._copy, relative_to=self._inner)
        return log.findings

    def baseline_build(self, built: Built) -> None:
        for f in self.parse(built):
            self._flags.setdefault(f.path, set()).add(f"build:{f.defect_class}")

    def by_sitelint(self, plant: Plant, after: engine.LintResult) -> bool:
        wanted = set(plant.op.sitelint)
        return any(f.path in plant.touched and self._classes.get(f.rule) in wanted and _key(f) not in self._before
                   for f in after.findings)

    def by_build(self, plant: Plant, findings: Sequence[BuildFinding]) -> tuple[bool, bool]:
        """(caught, as an error): a finding of its class on its page, naming its marker when it has one."""
        hits = [f for f in findings if f.defect_class in plant.op.build
                and (plant.op.marker in f.message if plant.op.marker else f.path in plant.touched)]
        return bool(hits), any(f.severity == "error" for f in hits)


def groups(plants: Sequence[Plant], framework: str) -> list[list[Plant]]:
    """Plants in builds: one class that stops the build per build, the rest together; first fit, so that no page
    is touched by two plants of one build."""
    stopping: dict[str, list[Plant]] = {}
    rest: list[Plant] = []
    for plant in plants:
        (stopping.setdefault(plant.op.defect_class, []) if plant.op.stops_build(framework) else rest).append(plant)
    out: list[list[Plant]] = []
    for batch in [rest, *stopping.values()]:
        mine: list[tuple[set[str], list[Plant]]] = []
        for plant in batch:
            slot = next((s for s in mine if not s[0] & plant.touched), None)
            if slot is None:
                slot = (set(), [])
                mine.append(slot)
            slot[0].update(plant.touched)
            slot[1].append(plant)
        out.extend(group for _, group in mine)
    return out


Rounds = tuple[list[PlantResult], dict[int, float], list[str]]  # per plant, build seconds per round, notes


def rounds_of(plants: Sequence[Plant], ws: Workspace, lint: Callable[[], engine.LintResult], catch: Catch,
              command: Sequence[str], cwd: Path, framework: str) -> Rounds:
    """Build and lint each group; a build that fails on a group of several classes the catalogue did not expect to
    stop it is built again one class at a time, so that a stop on one class never hides the others."""
    queue = groups(plants, framework)
    results: list[PlantResult] = []
    seconds: dict[int, float] = {}
    notes: list[str] = []
    number = 0
    while queue:
        group = queue.pop(0)
        try:
            ws.apply(group)
            after = lint()
            built = ws.build(command, cwd) if command else None
        finally:
            ws.undo(group)
        classes = sorted({p.op.defect_class for p in group})
        if built is not None and built.status != 0 and len(classes) > 1:
            notes.append(f"the build stopped (exit {built.status}) on a build holding {', '.join(classes)}: each "
                         "class was built again on its own")
            queue[:0] = [[p for p in group if p.op.defect_class == c] for c in classes]
            continue
        number += 1
        found = catch.parse(built) if built is not None else ()
        if built is not None:
            seconds[number] = built.seconds
            if built.status != 0:
                notes.append(f"build {number} ({classes[0]}) stopped with exit {built.status}")
        for plant in group:
            caught, fails = catch.by_build(plant, found) if built is not None else (False, False)
            results.append(PlantResult(plant.op.defect_class, plant.page, plant.line, number,
                                       None if built is None else caught, catch.by_sitelint(plant, after),
                                       fails or (caught and built is not None and built.status != 0), plant.source,
                                       plant.cosine))
    results.sort(key=lambda r: (r.defect_class, r.page))
    return results, seconds, notes
