"""The instrument comparison: what the build caught, what sitelint caught, where they agree and where both are blind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sitelint.build.logs.base import DEFECT_CLASSES, BuildLog
from sitelint.build.severity import NEVER_CHECKED, SeverityGap
from sitelint.model import BuildFinding, Finding

ONLY_REFLAGS = (
    "sitelint only re-flags pages the build already flags: on this site it adds nothing as a second instrument."
)


class RuleLike(Protocol):
    """What the comparison needs from a rule (sitelint.rulebook.Rule has it)."""

    @property
    def code(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def dimension(self) -> str: ...
    @property
    def defect_class(self) -> str: ...
    @property
    def build_overlap(self) -> Mapping[str, str]: ...


@dataclass(frozen=True)
class ClassRow:
    """One defect class: how many defects each instrument reported, and whether the build can see it at all.

    both counts sitelint's findings of the class on pages where the build reports the same class.
    """

    defect_class: str
    dimension: str  # "build" for the classes builds check, else the rules' dimension
    build: int
    sitelint: int
    both: int
    build_sees: bool


@dataclass(frozen=True)
class RuleRow:
    """One sitelint rule: a blind spot of this build or an overlap with it, and what this log shows."""

    code: str
    name: str
    defect_class: str
    status: str  # "blind-spot" or "overlaps-build"
    build_check: str  # the rule's build_overlap entry for this framework, "" when none
    in_log: int  # build findings of the rule's class in this log
    sitelint: int  # this rule's findings
    passes_green: bool  # the build sees the class but its config lets it through a green build


@dataclass(frozen=True)
class GapRow:
    gap: SeverityGap
    passed_in_log: int  # build findings of the gap's class that did not fail this build


@dataclass(frozen=True)
class Agreement:
    """Page-level agreement of the two instruments; lift = observed both / expected both if independent."""

    total_pages: int
    build_pages: int
    sitelint_pages: int
    both_pages: int
    expected_both: float
    lift: float | None
    verdict: str


@dataclass(frozen=True)
class OverlapReport:
    framework: str
    recognised: bool
    exit_status: int | None
    build_findings: tuple[BuildFinding, ...]
    classes: tuple[ClassRow, ...]
    rules: tuple[RuleRow, ...]
    gaps: tuple[GapRow, ...]
    agreement: Agreement
    notes: tuple[str, ...]

    @property
    def passed_green(self) -> tuple[BuildFinding, ...]:
        """Build findings that did not fail the build: what a green build let through."""
        return tuple(f for f in self.build_findings if f.severity != "error")

    def to_dict(self) -> dict[str, Any]:
        """The JSON "build" section."""
        return {
            "framework": self.framework,
            "recognised": self.recognised,
            "exit_status": self.exit_status,
            "failed": None if self.exit_status is None else self.exit_status != 0,
            "findings": [
                {
                    "path": f.path,
                    "line": f.line,
                    "defect_class": f.defect_class,
                    "severity": f.severity,
                    "message": f.message,
                    "passed_build": f.severity != "error",
                }
                for f in self.build_findings
            ],
            "classes": [vars(row) for row in self.classes],
            "rules": [vars(row) for row in self.rules],
            "gaps": [{**vars(row.gap), "passed_in_log": row.passed_in_log} for row in self.gaps],
            "agreement": vars(self.agreement),
            "notes": list(self.notes),
        }

    def render_text(self) -> str:
        """A short table for the text report."""
        outcome = {None: "outcome not shown in the log", 0: "passed"}.get(
            self.exit_status, f"FAILED ({self.exit_status})"
        )
        name = self.framework if self.recognised else f"{self.framework}, framework not recognised"
        lines = [f"Build ({name}): {outcome}", f"  {'defect class':<22}{'build':>7}{'sitelint':>10}{'both':>6}"]
        for row in self.classes:
            build = str(row.build) if row.build_sees else "blind"
            lines.append(f"  {row.defect_class:<22}{build:>7}{row.sitelint:>10}{row.both:>6}")
        a = self.agreement
        lift = "n/a" if a.lift is None else f"{a.lift:.2f}"
        lines.append(
            f"Pages: build {a.build_pages}, sitelint {a.sitelint_pages}, both {a.both_pages} of {a.total_pages} "
            f"(lift {lift}). {a.verdict}"
        )
        blind = sum(1 for r in self.rules if r.status == "blind-spot")
        lines.append(f"Rules: {blind} cover blind spots of the build, {len(self.rules) - blind} overlap it.")
        for gap_row in self.gaps:
            gap = gap_row.gap
            if gap.passes and gap_row.passed_in_log:
                lines.append(
                    f"Severity gap: {gap.setting} [{gap.source}]: {gap_row.passed_in_log} {gap.defect_class} "
                    f"defect(s) in this log passed the build ({gap.effect})."
                )
        lines.extend(f"Note: {note}" for note in self.notes)
        return "\n".join(lines)


def compare(
    build: BuildLog,
    findings: Sequence[Finding],
    rules: Sequence[RuleLike],
    pages: Sequence[str],
    gaps: Sequence[SeverityGap] = (),
) -> OverlapReport:
    """Compare one build log with sitelint's findings on the same site (pages: every page sitelint analysed)."""
    fw = build.framework
    rule_class = {r.code: r.defect_class for r in rules}
    passing = {g.defect_class for g in gaps if g.passes}
    log_classes = Counter(f.defect_class for f in build.findings)
    mine = [(f, rule_class.get(f.rule, "")) for f in findings]
    build_keys = {(f.path, f.defect_class) for f in build.findings}
    classes = _classes(build, mine, rules, build_keys)
    rows = tuple(
        RuleRow(
            code=r.code,
            name=r.name,
            defect_class=r.defect_class,
            status="overlaps-build" if r.build_overlap.get(fw) or log_classes[r.defect_class] else "blind-spot",
            build_check=str(r.build_overlap.get(fw) or ""),
            in_log=log_classes[r.defect_class],
            sitelint=sum(1 for f in findings if f.rule == r.code),
            passes_green=bool(r.build_overlap.get(fw)) and r.defect_class in passing,
        )
        for r in sorted(rules, key=lambda r: r.code)
    )
    gap_rows = _gap_rows(build, gaps)
    notes = list(build.notes)
    for row in rows:
        if row.status == "overlaps-build" and not row.build_check:
            notes.append(
                f"{row.code} ({row.defect_class}) claims no {fw} build check, but this log reports {row.in_log} "
                "such defect(s): its build_overlap needs an entry."
            )
    return OverlapReport(
        fw,
        build.recognised,
        build.exit_status,
        build.findings,
        classes,
        rows,
        gap_rows,
        agreement(build.pages, {f.path for f in findings if f.path}, pages),
        tuple(notes),
    )


def _gap_rows(build: BuildLog, gaps: Sequence[SeverityGap]) -> tuple[GapRow, ...]:
    """Each gap with the logged defects it let through; a defect counts once, against the first gap that fits."""
    counted: set[int] = set()
    rows = []
    for gap in gaps:
        hits = {
            i
            for i, f in enumerate(build.findings)
            if i not in counted and f.defect_class == gap.defect_class and f.severity == gap.logged
        }
        counted |= hits
        rows.append(GapRow(gap, len(hits)))
    return tuple(rows)


def _classes(
    build: BuildLog, mine: Sequence[tuple[Finding, str]], rules: Sequence[RuleLike], build_keys: set[tuple[str, str]]
) -> tuple[ClassRow, ...]:
    fw = build.framework
    in_log = Counter(f.defect_class for f in build.findings)
    ours = Counter(cls for _, cls in mine if cls)
    both = Counter(cls for f, cls in mine if cls and (f.path, cls) in build_keys)
    dims = {r.defect_class: r.dimension for r in rules if r.defect_class}
    never = NEVER_CHECKED.get(fw, frozenset(DEFECT_CLASSES)) if build.recognised else frozenset(DEFECT_CLASSES)
    claimed = {r.defect_class for r in rules if r.build_overlap.get(fw)}
    names = [c for c in DEFECT_CLASSES if c != "other" or in_log[c] or ours[c]]
    names += sorted((set(dims) | set(ours)) - set(names), key=lambda c: (dims.get(c, ""), c))
    return tuple(
        ClassRow(
            defect_class=c,
            dimension="build" if c in DEFECT_CLASSES else dims.get(c, ""),
            build=in_log[c],
            sitelint=ours[c],
            both=both[c],
            build_sees=bool(in_log[c]) or c in claimed or (c in DEFECT_CLASSES and c not in never),
        )
        for c in names
    )


def agreement(
    build_pages: Sequence[str] | set[str] | frozenset[str], sitelint_pages: set[str], pages: Sequence[str]
) -> Agreement:
    """How far the pages the two instruments flag coincide, against what chance alone would give."""
    flagged_build, flagged_ours = set(build_pages), set(sitelint_pages)
    total = len(set(pages) | flagged_build | flagged_ours)
    both = len(flagged_build & flagged_ours)
    expected = len(flagged_build) * len(flagged_ours) / total if total else 0.0
    lift = both / expected if expected else None
    only_ours = len(flagged_ours - flagged_build)
    if flagged_ours and not only_ours:
        verdict = ONLY_REFLAGS
    elif not flagged_ours:
        verdict = "sitelint flagged no page."
    elif not flagged_build:
        verdict = f"The build flagged no page; sitelint flagged {only_ours}."
    elif both == 0:
        verdict = f"The two instruments flag different pages: sitelint adds {only_ours} page(s) the build does not."
    else:
        verdict = f"sitelint adds {only_ours} page(s) the build does not flag; {both} page(s) are flagged by both."
    return Agreement(
        total,
        len(flagged_build),
        len(flagged_ours),
        both,
        round(expected, 4),
        None if lift is None else round(lift, 4),
        verdict,
    )


def without_build_duplicates(
    findings: Sequence[Finding], build: BuildLog, rules: Sequence[RuleLike]
) -> tuple[Finding, ...]:
    """sitelint's findings minus those that repeat a build finding (same page, class and line): the build owns them."""
    rule_class = {r.code: r.defect_class for r in rules}
    lines: dict[tuple[str, str], set[int | None]] = {}
    for f in build.findings:
        lines.setdefault((f.path, f.defect_class), set()).add(f.line)

    def repeats(f: Finding) -> bool:
        seen = lines.get((f.path, rule_class.get(f.rule, "")))
        return seen is not None and (None in seen or f.line in seen)

    return tuple(f for f in findings if not repeats(f))
