"""Gamed fixes: the site at a base revision and now, and for each page that failed a rule there and passes it here,
the rule's independent measure of the change (`health.gamed`); suppressions added without a reason too.

The base is written to a temporary folder by `git archive` (the work tree and the repository are never touched)
and linted with the same configuration, on the rules that name a `fix-measure` only.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitelint import api, changes, config as configmod, gitinfo, rulebook
from sitelint.health import gamed
from sitelint.model import Finding
from sitelint.pipeline.suppress import EVERY_RULE, suppressions, written

CODE, NAME = "SUB098", "gamed-fix"
ADVICE = {
    "added-information": "say more, or let the page be short and link to where the subject is covered",
    "meaning-kept": "keep one copy and link to it, or make this passage say something of its own",
    "section-content": "write the section, or remove its heading",
    "content-changed": "review the page's content, and change what is out of date, before moving the date",
}


@dataclass(frozen=True)
class Checked:
    """One fix and what its measure found."""

    path: str
    rule: str
    measure: str
    gamed: bool
    said: str


@dataclass(frozen=True)
class FixReport:
    base: str  # the commit compared with
    findings: tuple[Finding, ...]
    checked: tuple[Checked, ...]
    notes: tuple[str, ...]
    failed: int = 0  # (rule, page) pairs failing at the base, on the rules with a fix-measure
    passing: int = 0  # ... of which pass now on a page that still exists


def gamed_fixes(cwd: Path, *, base_ref: str | None = None, config: configmod.Config | None = None,
                today: dt.date | None = None, cache: Path | None = None) -> FixReport:
    """The gamed fixes of the change from base_ref (its merge base with HEAD; HEAD when None) to the work tree."""
    cwd = cwd.resolve()
    config = config or configmod.load(cwd)
    try:
        top = changes.toplevel(cwd)
        commit = changes.merge_base(top, base_ref) if base_ref else changes.head(top)
    except changes.ChangeError as exc:
        raise api.InputError(str(exc)) from None
    if not commit:
        raise api.InputError("the repository has no commit to compare with; commit the pages first")
    every = {r.code: r for r in api.known_rules(config)}
    measured = [r for r in every.values() if r.fix_measure]
    for rule in measured:
        name = str(rule.fix_measure["measure"])
        if name not in gamed.MEASURES:
            raise api.InputError(f"{rule.source}: fix-measure names {name!r}; known: {', '.join(gamed.MEASURES)}")
        missing = [p for p in gamed.PARAMS[name] if p not in rule.fix_measure]
        if missing:
            raise api.InputError(f"{rule.source}: fix-measure {name} needs {', '.join(missing)}")
    select = [r.code for r in measured]
    now = api.lint((), cwd=cwd, config=config, today=today, select=select, cache=cache)
    notes = list(now.notes)
    with tempfile.TemporaryDirectory(prefix="sitelint-base-") as tmp:
        where = changes.repo_base(cwd, top)
        try:
            gitinfo.export(top, commit, changes.repo_base(now.site.product_root, top), Path(tmp))
        except OSError as exc:
            raise api.InputError(f"{top}: cannot read the base revision: {exc}") from None
        base_cwd = Path(tmp, where)
        if not base_cwd.is_dir():
            return FixReport(commit, (), (), (*notes, f"{where or '.'} did not exist at {commit[:12]}"))
        base = api.lint((), cwd=base_cwd, config=config, today=today, select=select, cache=cache)
    failed = {(f.rule, f.path) for f in base.findings}
    still = {(f.rule, f.path) for f in now.findings}
    present = {p.path for p in now.site.pages}
    passing = sum(1 for rule, path in failed if (rule, path) not in still and path in present)
    stop = frozenset(str(w) for w in every["SUB004"].params.get("stopwords", ())) if "SUB004" in every else frozenset()
    similar = _similarity(config.settings, stop, notes.append, measured)
    checked, findings = _compare(base, now, {r.code: r for r in measured}, stop, similar, every.get(CODE),
                                 rulebook.names(every.values()), notes.append)
    findings += _unexplained(base, now, every.get(CODE))
    findings.sort(key=lambda f: (f.path, f.line, f.message))
    return FixReport(commit, tuple(findings), tuple(checked), tuple(dict.fromkeys(notes)), len(failed), passing)


def _compare(base: api.LintResult, now: api.LintResult, rules: Mapping[str, rulebook.Rule], stop: frozenset[str],
             similar: gamed.Similarity, gamed_rule: rulebook.Rule | None, names: Mapping[str, str],
             note: Callable[[str], None]) -> tuple[list[Checked], list[Finding]]:
    before = _first_findings(base.findings)
    after = {(f.rule, f.path) for f in now.findings}
    base_pages = {p.path: p for p in base.site.pages}
    now_pages = {p.path: p for p in now.site.pages}
    checked: list[Checked] = []
    found: list[Finding] = []
    for (code, path), finding in sorted(before.items()):
        was, page = base_pages.get(path), now_pages.get(path)
        if (code, path) in after or code not in rules or was is None or page is None or was.source == page.source:
            continue
        if any(s.code in (code, EVERY_RULE) for s in suppressions(page, names)):
            continue  # silenced, not fixed: a suppression without a reason is reported on its own
        rule = rules[code]
        others = {r.path: base_pages[r.path] for r in finding.related if r.path in base_pages}
        fix = gamed.Fix(code, rule.name, was, page, finding, others)
        name = str(rule.fix_measure["measure"])
        try:
            verdict = gamed.MEASURES[name](fix, rule.fix_measure, stop, similar)
        except Exception as exc:  # noqa: BLE001 - one failing measure must not cost the rest of the report
            note(f"internal error in fix-measure {name} on {path}: {type(exc).__name__}: {exc}")
            continue
        checked.append(Checked(path, code, name, verdict.gamed, verdict.said))
        if verdict.gamed and gamed_rule is not None:
            values = {"fixed": f"{code} {rule.name}", "said": verdict.said, "advice": ADVICE[name]}
            found.append(Finding(CODE, NAME, rule.dimension, gamed_rule.level, path,  # type: ignore[arg-type]
                                 verdict.line, None, gamed_rule.render(values), finding.related))
    return checked, found


def _first_findings(findings: Sequence[Finding]) -> dict[tuple[str, str], Finding]:
    out: dict[tuple[str, str], Finding] = {}
    for f in findings:
        out.setdefault((f.rule, f.path), f)
    return out


def _unexplained(base: api.LintResult, now: api.LintResult, gamed_rule: rulebook.Rule | None) -> list[Finding]:
    """Suppression comments the change added without a reason after ` -- `."""
    if gamed_rule is None:
        return []
    base_pages = {p.path: p for p in base.site.pages}
    out = []
    for page in now.site.pages:
        was = base_pages.get(page.path)
        if was is not None and was.source == page.source:
            continue
        old = [(kind, codes) for kind, codes, _, _ in written(was)] if was is not None else []
        for kind, codes, line, reason in written(page):
            if (kind, codes) in old:
                old.remove((kind, codes))
                continue
            if kind != "enable" and not reason:
                shown = ",".join(codes) or "every rule"
                message = (f"Suppression of {shown} added without a reason: write `<!-- sitelint-{kind} "
                           f"{shown} -- why -->`")
                out.append(Finding(CODE, NAME, "substance", gamed_rule.level, page.path,  # type: ignore[arg-type]
                                   line, None, message))
    return out


def _similarity(settings: Mapping[str, Any], stop: frozenset[str], note: Callable[[str], None],
                rules: Sequence[rulebook.Rule]) -> gamed.Similarity:
    """Meaning compared by the embedding model when it can be used, else by content words (said in a note)."""
    lexical: gamed.Similarity = lambda a, b: gamed.lexical_similarity(a, b, stop)  # noqa: E731
    if settings.get("semantic") is False or not any(r.fix_measure.get("measure") == "meaning-kept" for r in rules):
        return lexical
    from sitelint.embedding import embedder_for

    embedder = embedder_for(settings, None, note)
    if embedder.problem:
        note("reworded copies are compared by content words: the embedding model cannot be used")
        return lexical

    def cosine(a: str, b: str) -> tuple[float, str]:
        vectors = embedder.embed([a, b])
        if vectors is None or len(vectors) < 2:
            return lexical(a, b)
        x, y = vectors[0], vectors[1]
        norm = float((x @ x) ** 0.5 * (y @ y) ** 0.5)
        return (float(x @ y) / norm if norm else 0.0), "cosine"

    return cosine
