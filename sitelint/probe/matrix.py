"""The probe's answer: per defect class, how many were planted and caught by the build, sitelint, both or neither,
each instrument's recall with the builds it took, and every plant neither caught, with its page and line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class PlantResult:
    defect_class: str
    page: str
    line: int
    round: int  # the build (and lint) it was planted in, from 1
    build: bool | None  # None: no build measured it
    sitelint: bool
    build_fails: bool = False  # the build failed on it (an error, not a warning a green build lets through)
    source: str = ""  # the page (or file) it copied, restated or changed
    cosine: float | None = None  # paraphrases: the cosine between the original and the planted restatement

    @property
    def verdict(self) -> str:
        if self.build is None:
            return "sitelint" if self.sitelint else "missed by sitelint (no build measured)"
        return {(True, True): "both", (True, False): "build", (False, True): "sitelint",
                (False, False): "neither"}[(self.build, self.sitelint)]


@dataclass(frozen=True)
class ClassRow:
    defect_class: str
    description: str
    planted: int
    build: int
    sitelint: int
    both: int
    neither: int
    builds: int  # the builds its plants were in
    build_seconds: float
    build_measured: bool  # a build ran and was measured for these plants
    why_not: str = ""  # why nothing (or fewer than asked) was planted
    excluded: Mapping[str, int] = field(default_factory=dict)  # pages left out, per reason
    cosine: tuple[float, float] | None = None  # (lowest, mean) for paraphrases
    sitelint_looks: bool = True  # an enabled rule looks for this class (the build's classes have none)
    build_looks: bool = True  # the build reports this class at all (it checks links, anchors and assets)

    def recall(self, instrument: str) -> float | None:
        if not self.planted or (instrument == "build" and not self.build_measured):
            return None
        if (instrument == "sitelint" and not self.sitelint_looks) or (instrument == "build" and not self.build_looks):
            return None
        return (self.build if instrument == "build" else self.sitelint) / self.planted


@dataclass(frozen=True)
class ProbeResult:
    rows: tuple[ClassRow, ...]
    plants: tuple[PlantResult, ...]
    notes: tuple[str, ...]
    builds: int
    build_seconds: float
    exit_status: int  # the build's status when the build of the unchanged site failed, else 0
    sample: int
    seed: int
    framework: str

    @property
    def neither(self) -> tuple[PlantResult, ...]:
        return tuple(p for p in self.plants if p.verdict == "neither")

    def to_dict(self) -> dict[str, Any]:
        return {
            "sample": self.sample, "seed": self.seed, "framework": self.framework, "builds": self.builds,
            "build_seconds": round(self.build_seconds, 2), "exit_status": self.exit_status,
            "classes": [{**asdict(r), "excluded": dict(r.excluded), "recall_build": r.recall("build"),
                         "recall_sitelint": r.recall("sitelint")} for r in self.rows],
            "plants": [{**asdict(p), "verdict": p.verdict} for p in self.plants],
            "neither": [f"{p.page}:{p.line}: {p.defect_class}" for p in self.neither],
            "notes": list(self.notes),
        }


def tally(classes: Sequence[tuple[str, str, bool, bool]], plants: Sequence[PlantResult], seconds: Mapping[int, float],
          why_not: Mapping[str, str], excluded: Mapping[str, Mapping[str, int]], measured: bool) -> list[ClassRow]:
    """One row per class: (class, description, whether a rule looks for it, whether a build does)."""
    rows = []
    for cls, description, looks, built in classes:
        mine = [p for p in plants if p.defect_class == cls]
        rounds = sorted({p.round for p in mine})
        cosines = [p.cosine for p in mine if p.cosine is not None]
        rows.append(ClassRow(
            cls, description, len(mine), sum(bool(p.build) for p in mine), sum(p.sitelint for p in mine),
            sum(bool(p.build) and p.sitelint for p in mine), sum(p.verdict == "neither" for p in mine),
            len(rounds) if measured else 0, sum(seconds.get(r, 0.0) for r in rounds) if measured else 0.0,
            measured, why_not.get(cls, ""), dict(excluded.get(cls, {})),
            (min(cosines), round(sum(cosines) / len(cosines), 3)) if cosines else None, looks, built))
    return rows


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def render(result: ProbeResult) -> str:
    width = max([len(r.defect_class) for r in result.rows] + [6])
    head = (f"{'defect':<{width}}  {'planted':>7} {'build':>5} {'sitelint':>8} {'both':>4} {'neither':>7}  "
            f"{'recall build':>12} {'recall sitelint':>15}  builds")
    lines = [head]
    for r in result.rows:
        if not r.planted:
            lines.append(f"{r.defect_class:<{width}}  {0:>7}  not planted: {r.why_not}")
            continue
        build = (str(r.build) if r.build_looks else "blind") if r.build_measured else "-"
        both = str(r.both) if r.build_measured else "-"
        neither = str(r.neither) if r.build_measured else "-"
        cost = f"{r.builds} ({r.build_seconds:.1f} s)" if r.build_measured else "-"
        mine = str(r.sitelint) if r.sitelint_looks else "no rule"
        lines.append(f"{r.defect_class:<{width}}  {r.planted:>7} {build:>5} {mine:>8} {both:>4} {neither:>7}  "
                     f"{_pct(r.recall('build')):>12} {_pct(r.recall('sitelint')):>15}  {cost}")
    rounds = max((p.round for p in result.plants), default=0)
    lines.append(f"{len(result.plants)} defects planted in {rounds} round(s) on the copy (sample {result.sample} per "
                 f"class, seed {result.seed}); "
                 + (f"{result.builds} builds (the first of the site as it is) took {result.build_seconds:.1f} s."
                    if result.builds else "no build was measured."))
    for r in result.rows:
        if r.cosine is not None:
            lines.append(f"{r.defect_class}: the restatements planted had cosine {r.cosine[0]:.2f} (lowest) to the "
                         f"original, {r.cosine[1]:.2f} on average")
    looks = {r.defect_class for r in result.rows if r.sitelint_looks}
    missed = [p for p in result.plants if p.build is None and not p.sitelint and p.defect_class in looks]
    if missed:
        lines.append("Missed by sitelint (no build measured):")
        lines.extend(f"  {p.page}:{p.line}: {p.defect_class}" + (f" (from {p.source})" if p.source else "")
                     for p in missed)
    if result.neither:
        lines.append("Caught by neither instrument:")
        lines.extend(f"  {p.page}:{p.line}: {p.defect_class}" + (f" (from {p.source})" if p.source else "")
                     for p in result.neither)
    passed = [r.defect_class for r in result.rows if r.build and not r.sitelint
              and not any(p.build_fails for p in result.plants if p.defect_class == r.defect_class)]
    if passed:
        lines.append(f"The build only warns about {', '.join(passed)}: a green build lets them through.")
    left: dict[str, int] = {}
    for r in result.rows:
        for reason, n in r.excluded.items():
            left[reason] = max(left.get(reason, 0), n)
    if left:
        lines.append("Pages left out (a plant there would measure the plant, not the rule), most for one class: "
                     + "; ".join(f"{reason} ({n})" for reason, n in sorted(left.items(), key=lambda kv: -kv[1])))
    lines.extend(f"note: {n}" for n in result.notes)
    return "\n".join(lines) + "\n"
