"""The history replay's report: recall per source, the flag rate on survivors, overlaps and grouped misses."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sitelint.eval.history import SOURCES, SURVIVOR, Outcome

DIMENSIONS = ("substance", "duplication", "staleness")
GROUPS_SHOWN = 10


@dataclass(frozen=True)
class SourceRow:
    source: str
    dimension: str
    events: int
    flagged: int  # warning or error of the source's dimension
    flagged_any: int
    problems: int  # pages that could not be linted
    rules: tuple[tuple[str, int], ...]

    @property
    def recall(self) -> float | None:
        linted = self.events - self.problems
        return self.flagged / linted if linted else None


@dataclass
class Replay:
    outcomes: list[Outcome]
    commits: int
    since: dt.date | None
    prefixes: Sequence[str]

    def rows(self) -> list[SourceRow]:
        out = []
        for source, (dimension, _) in SOURCES.items():
            mine = [o for o in self.outcomes if o.event.source == source]
            rules = Counter(code for o in mine for code in o.rules if code[:3] == _prefix(dimension))
            out.append(SourceRow(source, dimension, len(mine), sum(o.flagged for o in mine),
                                 sum(o.flagged_any for o in mine), sum(bool(o.problem) for o in mine),
                                 tuple(rules.most_common(4))))
        return out

    def survivors(self) -> tuple[int, dict[str, int], dict[str, Counter[str]]]:
        """Survivors linted, how many carry a warning per dimension, and which rules flagged them."""
        mine = [o for o in self.outcomes if o.event.source == SURVIVOR and not o.problem]
        flagged = {d: sum(d in o.severe for o in mine) for d in DIMENSIONS}
        rules: dict[str, Counter[str]] = defaultdict(Counter)
        for o in mine:
            for code in o.rules:
                rules[_dimension(code)][code] += 1
        return len(mine), flagged, rules

    def survivors_by_language(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """(linted, carrying a warning) for the site's own pages and for translations among the survivors: a
        translation unchanged for a year while its source moved on is the defect translation-lag measures, so the
        survivors' false-alarm rate is read on the site's own pages."""
        mine = [o for o in self.outcomes if o.event.source == SURVIVOR and not o.problem]
        translated = [o for o in mine if o.page is not None and o.page.variant.startswith("i18n")]
        own = [o for o in mine if o not in translated]
        return (len(own), sum(bool(o.severe) for o in own)), (len(translated), sum(bool(o.severe) for o in translated))

    def overlaps(self) -> list[tuple[str, str, int, int]]:
        """Pairs of sources naming the same page at the same commit: (a, b, pages, pages flagged by one only)."""
        by_event: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
        for o in self.outcomes:
            if o.event.source != SURVIVOR:
                by_event[(o.event.page, o.event.commit)].append(o)
        pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        for group in by_event.values():
            for i, a in enumerate(group):
                for b in group[i + 1 :]:
                    key = tuple(sorted((a.event.source, b.event.source)))
                    pairs[key][0] += 1  # type: ignore[index]
                    pairs[key][1] += a.flagged != b.flagged  # type: ignore[index]
        return sorted((a, b, n, d) for (a, b), (n, d) in pairs.items())

    def missed_groups(self) -> list[tuple[str, str, list[str]]]:
        """Missed events (not flagged) grouped by source and cause, biggest first."""
        from sitelint.eval import causes

        groups: dict[tuple[str, str], list[str]] = defaultdict(list)
        for o in self.outcomes:
            if o.event.source == SURVIVOR or o.flagged or o.problem or o.page is None:
                continue
            for kind, values in _causes(causes, o).items():
                for value in values:
                    groups[(o.event.source, f"{kind}: {value}")].append(o.event.page)
        ranked = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
        return [(source, cause, pages) for (source, cause), pages in ranked if len(pages) >= 2]


def _causes(causes: Any, o: Outcome) -> dict[str, tuple[str, ...]]:
    page = o.event.page if o.page is None else o.page.path
    kinds = causes.of(o.page, page)
    return {kind: kinds[kind] for kind in ("page type", "syntax", "length")}


def _prefix(dimension: str) -> str:
    return {"substance": "SUB", "duplication": "DUP", "staleness": "STL"}.get(dimension, "")


def _dimension(code: str) -> str:
    return {"SUB": "substance", "DUP": "duplication", "STL": "staleness"}.get(code[:3], "other")


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def render_text(replay: Replay, verbose: bool = False) -> str:
    since = f" since {replay.since.isoformat()}" if replay.since else ""
    where = ", ".join(replay.prefixes) or "the whole repository"
    out = [f"History replay of {where}: {replay.commits} commits{since}; "
           f"{sum(o.event.source != SURVIVOR for o in replay.outcomes)} events linted as they were before.", ""]
    head = ("source", "dimension", "events", "flagged", "recall", "any severity", "rules that fired")
    rows = [(r.source, r.dimension, str(r.events), str(r.flagged), _pct(r.flagged, r.events - r.problems),
             str(r.flagged_any), ", ".join(f"{c} {n}" for c, n in r.rules) or "-") for r in replay.rows()]
    widths = [max(len(x[i]) for x in (head, *rows)) for i in range(len(head))]
    out += ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in (head, *rows)]
    out.append("flagged: a warning or error of the source's dimension on the page, linted as of the day before "
               "the maintainers acted.")
    total, flagged, rules = replay.survivors()
    out += ["", f"Survivors (pages unchanged for a year or more, still there): {total} linted."]
    for d in DIMENSIONS:
        top = ", ".join(f"{c} {n}" for c, n in rules.get(d, Counter()).most_common(3)) or "-"
        out.append(f"  {d}: {flagged[d]} flagged ({_pct(flagged[d], total)}); rules that fired: {top}")
    (own, own_flagged), (translated, translated_flagged) = replay.survivors_by_language()
    if translated:
        out.append(f"  the site's own pages: {own_flagged} of {own} carry a warning ({_pct(own_flagged, own)}); "
                   f"translations: {translated_flagged} of {translated} (a translation unchanged while its source "
                   "moved on is translation-lag's defect, not a false alarm)")
    overlaps = replay.overlaps()
    if overlaps:
        out += ["", "Sources naming the same page at the same commit:"]
        out += [f"  {a} + {b}: {n} pages, flagged for one but not the other on {d}" for a, b, n, d in overlaps]
    groups = replay.missed_groups()
    if groups:
        out += ["", "Largest groups of missed events:"]
        for source, cause, pages in groups[:GROUPS_SHOWN]:
            shown = ", ".join(pages[:3]) + (f" (+{len(pages) - 3} more)" if len(pages) > 3 else "")
            out.append(f"  {source} {len(pages)}: {cause}: {shown}")
    problems = [o for o in replay.outcomes if o.problem]
    if problems:
        out += ["", f"{len(problems)} events could not be linted:"]
        out += [f"  {o.event.page} at {o.event.parent[:8]}: {o.problem}" for o in problems[:10]]
    if verbose:
        out += ["", "Events:"]
        out += [f"  {o.event.date} {o.event.source:<18} {'flagged' if o.flagged else 'missed ':<7} {o.event.page}"
                f" ({o.event.why})" for o in replay.outcomes if o.event.source != SURVIVOR]
    return "\n".join(out) + "\n"


def document(replay: Replay) -> dict[str, Any]:
    total, flagged, rules = replay.survivors()
    by_language = replay.survivors_by_language()
    return {
        "commits": replay.commits, "since": replay.since.isoformat() if replay.since else None,
        "prefixes": list(replay.prefixes),
        "sources": [{"source": r.source, "dimension": r.dimension, "events": r.events, "flagged": r.flagged,
                     "flagged_any": r.flagged_any, "problems": r.problems, "recall": r.recall,
                     "rules": dict(r.rules)} for r in replay.rows()],
        "survivors": {"linted": total, "flagged": flagged, "rules": {d: dict(c) for d, c in rules.items()},
                      "own": dict(zip(("linted", "flagged"), by_language[0], strict=True)),
                      "translations": dict(zip(("linted", "flagged"), by_language[1], strict=True))},
        "overlaps": [{"sources": [a, b], "pages": n, "disagree": d} for a, b, n, d in replay.overlaps()],
        "missed_groups": [{"source": s, "cause": c, "pages": p} for s, c, p in replay.missed_groups()],
        "events": [{"source": o.event.source, "page": o.event.page, "commit": o.event.commit,
                    "parent": o.event.parent, "date": o.event.date.isoformat(), "why": o.event.why,
                    "flagged": o.flagged, "flagged_any": o.flagged_any, "rules": list(o.rules),
                    "problem": o.problem} for o in replay.outcomes],
    }


def render_json(replay: Replay) -> str:
    return json.dumps(document(replay), indent=2, ensure_ascii=False) + "\n"
