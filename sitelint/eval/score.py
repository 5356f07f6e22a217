"""Findings judged against labels: per rule and dimension counts, misses, unjudged findings, errors by cause."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sitelint.eval import causes
from sitelint.eval.labels import Label, covers, pages_of, places, rule_matcher
from sitelint.model import Finding, Page, Site


@dataclass
class Tally:
    """Counts for one rule or dimension. Findings: true, false, debatable; labels: expected, missed, held."""

    key: str
    name: str = ""
    true: int = 0
    false: int = 0
    debatable: int = 0
    expected: int = 0  # pages a T label says must be reported
    missed: int = 0  # of those, not reported
    rejected: int = 0  # pages an F label says must not be reported
    held: int = 0  # of those, not reported
    unjudged: int = 0

    @property
    def judged(self) -> int:
        return self.true + self.false + self.debatable

    @property
    def strict(self) -> float | None:
        return self.true / self.judged if self.judged else None

    @property
    def lenient(self) -> float | None:
        return (self.true + self.debatable) / self.judged if self.judged else None

    @property
    def recall(self) -> float | None:
        return (self.expected - self.missed) / self.expected if self.expected else None

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "true": self.true, "false": self.false,
                "debatable": self.debatable, "unjudged": self.unjudged, "expected": self.expected,
                "missed": self.missed, "rejected": self.rejected, "held": self.held,
                "precision_strict": self.strict, "precision_lenient": self.lenient, "recall": self.recall}


@dataclass(frozen=True)
class Judged:
    finding: Finding
    verdict: str  # T, F or D
    label: Label


@dataclass(frozen=True)
class Miss:
    """A page a T label says must be reported, with nothing covering it."""

    label: Label
    page: str


@dataclass(frozen=True)
class Cause:
    """Errors of one rule on pages that share one value of one cause kind ("language" "ja")."""

    kind: str
    value: str
    pages: tuple[str, ...]  # path:line of each false alarm, "path (missed)" of each miss


@dataclass(frozen=True)
class Group:
    """A rule's errors (false alarms and misses), broken down by each cause kind, biggest values first."""

    rule: str
    false: int
    missed: int
    causes: tuple[Cause, ...]

    @property
    def size(self) -> int:
        return self.false + self.missed

    def by_kind(self) -> dict[str, list[Cause]]:
        out: dict[str, list[Cause]] = {}
        for cause in self.causes:
            out.setdefault(cause.kind, []).append(cause)
        return out


@dataclass
class Evaluation:
    rules: list[Tally]
    dimensions: list[Tally]
    judged: list[Judged]
    unjudged: list[Finding]
    misses: list[Miss]
    groups: list[Group]
    labels: int
    labelled_pages: int
    outside: int  # findings on pages no label names
    notes: list[str] = field(default_factory=list)


def evaluate(labels: Sequence[Label], findings: Sequence[Finding], site: Site, rules: Sequence[Any]) -> Evaluation:
    """Judge every finding on a labelled page by the most specific label covering it."""
    pages: Mapping[str, Page] = {p.path: p for p in site.pages}
    paths = sorted({*pages, *(f.path for f in findings)})
    selectors = [rule_matcher(label.rule, rules) for label in labels]
    named = [pages_of(label, paths) for label in labels]
    notes = [f"{label.source}: no page of the site matches `{label.path}`; is the path relative to the folder you "
             "run in?" for label, hits in zip(labels, named, strict=True) if not hits]
    labelled = {p for hits in named for p in hits}
    dimension_of = {r.code: r.dimension for r in rules}
    name_of = {r.code: r.name for r in rules}
    by_rule: dict[str, Tally] = {}
    by_dimension: dict[str, Tally] = {}

    def tallies(code: str | None, dimension: str) -> list[Tally]:
        out = [by_dimension.setdefault(dimension, Tally(dimension))]
        if code is not None:
            out.append(by_rule.setdefault(code, Tally(code, name_of.get(code, ""))))
        return out

    judged: list[Judged] = []
    unjudged: list[Finding] = []
    outside = 0
    for f in findings:
        if not any(p.path in labelled for p in places(f)):
            outside += 1
            continue
        covering = [(label.specificity, -i, label) for i, (label, (kind, chosen)) in
                    enumerate(zip(labels, selectors, strict=True)) if covers(label, kind, chosen, f)]
        if not covering:
            unjudged.append(f)
            for tally in tallies(f.rule, f.dimension):
                tally.unjudged += 1
            continue
        # The label on the finding's own page first, then the most specific, then the first written.
        label = max(covering, key=lambda c: (c[2].matches_path(f.path), c[0], c[1]))[2]
        judged.append(Judged(f, label.verdict, label))
        for tally in tallies(f.rule, f.dimension):
            if label.verdict == "T":
                tally.true += 1
            elif label.verdict == "F":
                tally.false += 1
            else:
                tally.debatable += 1
    misses: list[Miss] = []
    for label, (kind, chosen), hits in zip(labels, selectors, named, strict=True):
        if label.verdict == "D":
            continue
        code = next(iter(chosen)) if kind == "rule" and len(chosen) == 1 else None
        dimension = next(iter(chosen)) if kind == "dimension" else dimension_of.get(code or "", "")
        for page in hits:
            reported = any(covers(label, kind, chosen, f, anywhere=True)
                           and any(p.path == page for p in places(f, named=True)) for f in findings)
            for tally in tallies(code, dimension):
                if label.verdict == "T":
                    tally.expected += 1
                    tally.missed += not reported
                else:
                    tally.rejected += 1
                    tally.held += not reported
            if label.verdict == "T" and not reported:
                misses.append(Miss(label, page))
    return Evaluation(
        rules=sorted(by_rule.values(), key=lambda t: t.key),
        dimensions=sorted(by_dimension.values(), key=lambda t: t.key),
        judged=judged, unjudged=unjudged, misses=misses,
        groups=_groups(judged, misses, site, pages),
        labels=len(labels), labelled_pages=len(labelled), outside=outside, notes=notes,
    )


def _groups(judged: Sequence[Judged], misses: Sequence[Miss], site: Site, pages: Mapping[str, Page]) -> list[Group]:
    """Each rule's errors broken down by cause kind; rules with the most errors first."""
    seen: dict[str, dict[str, tuple[str, ...]]] = {}

    def kinds(path: str) -> dict[str, tuple[str, ...]]:
        if path not in seen:
            page = pages.get(path)
            seen[path] = causes.of(page, causes.relative_to_root(page, site) if page else path)
        return seen[path]

    errors: dict[str, list[tuple[bool, str, str]]] = defaultdict(list)  # rule -> [(missed, path, where)]
    for j in judged:
        if j.verdict == "F":
            errors[j.finding.rule].append((False, j.finding.path, f"{j.finding.path}:{j.finding.line}"))
    for m in misses:
        errors[m.label.rule].append((True, m.page, f"{m.page} (missed)"))
    groups = []
    for rule, items in errors.items():
        by: dict[tuple[str, str], list[str]] = defaultdict(list)
        for _, path, where in items:
            for kind, values in kinds(path).items():
                for value in values:
                    by[(kind, value)].append(where)
        ranked = sorted(by.items(), key=lambda item: (-len(item[1]), item[0]))
        groups.append(Group(rule, sum(not m for m, _, _ in items), sum(m for m, _, _ in items),
                            tuple(Cause(kind, value, tuple(where)) for (kind, value), where in ranked)))
    return sorted(groups, key=lambda g: (-g.size, g.rule))
