"""Measure and decide: run each rule's check (once per check and params), then turn measurements into findings by
the rule's condition. Pure page checks take an unchanged page's measurements from the cache.

Every page check runs under a deadline (the `page-timeout` setting, seconds): a check still running on a page when
it passes is stopped, and the page gets one SUB000 finding naming the checks that skipped it. The deadline is a
SIGALRM timer on the main thread (signal.setitimer): no thread and no process, so a check is stopped between two
Python bytecodes. A check stuck inside one C call (a backtracking `re` match) is not; those are kept linear instead.
"""

from __future__ import annotations

import functools
import hashlib
import json
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sitelint.checks import NO_CHECK, CheckContext, CheckSpec
from sitelint.model import Finding, Location, Measurement, Page
from sitelint.pipeline.parse import PARSER_VERSION
from sitelint.pipeline.prepare import RunContext

if TYPE_CHECKING:
    from sitelint.rulebook import Rule

NAMESPACE, VERSION = "measure", 1
PAGE_TIMEOUT = 10.0  # seconds, when the settings do not say (see config.SETTINGS["page-timeout"])
PROBLEMS_CHECK = "page-problems"  # the check of SUB000, whose findings say a page was skipped


@dataclass
class Evaluated:
    findings: list[Finding] = field(default_factory=list)
    # Per rule, for its states: the pages it judges (its guards hold), fired or not, and on each the value of its
    # threshold nearest to firing (the shortest section of a page, the lowest reading ease).
    judged: dict[str, set[str]] = field(default_factory=dict)
    values: dict[str, dict[str, float]] = field(default_factory=dict)


def evaluate(rules: Sequence[Rule], specs: Mapping[str, CheckSpec], run: RunContext, note: Callable[[str], None],
             verbose: bool = False, lap: Callable[[str], None] = lambda name: None) -> Evaluated:
    pages = [p for p in run.site.pages if run.scope is None or p.path in run.scope]
    by_path = {p.path: p for p in run.site.pages}
    measured: dict[tuple[str, str], list[Measurement]] = {}
    out = Evaluated()
    # Checks that embed run last; on a run on a few pages, the passages they will ask for go to the embedder first,
    # so that when a few are new its backend loads while the other checks run (if it has not started already).
    order = sorted((r for r in rules if r.check != NO_CHECK), key=lambda r: specs[r.check].prefetch is not None)
    for rule in order:
        spec = specs[rule.check]
        if spec.prefetch is not None and run.embedder is not None and run.scope is not None:
            run.embedder.warm(spec.prefetch(CheckContext({k: rule.params[k] for k in spec.params}, run)))
    skipped: dict[str, list[str]] = {}  # page -> the checks that ran past the deadline on it
    deadline = Deadline(float(run.settings.get("page-timeout", PAGE_TIMEOUT)))
    if not deadline.usable:
        note("page checks run without a time limit: page-timeout needs the main thread of a POSIX process")
    with deadline:
        for rule in order:
            spec = specs[rule.check]
            params = {k: rule.params[k] for k in spec.params}
            key = (spec.name, json.dumps(params, sort_keys=True, default=str))
            if key not in measured:
                measured[key] = measure(spec, CheckContext(params, run, note), pages, note, verbose, deadline,
                                        skipped)
                lap(f"check:{spec.name}")
            found, seen = _decide(rule, measured[key], run, by_path, out)
            out.findings += found
            universe = [by_path[p] for p in sorted(run.translations)] if rule.translations else pages
            out.judged[rule.code] |= {p.path for p in universe
                                      if p.path not in seen and rule.judges(None, facts(p))}
    out.findings += skipped_findings(skipped, deadline.seconds, rules, by_path, note)
    return out


def _decide(rule: Rule, measured: Sequence[Measurement], run: RunContext, by_path: Mapping[str, Page],
            out: Evaluated) -> tuple[list[Finding], set[str]]:
    """The rule's findings from its check's measurements and the pages measured, noting the pages it judged and
    their values."""
    threshold = rule.threshold()
    floor = threshold is not None and threshold[1] in ("<", "<=")
    seen = out.values.setdefault(rule.code, {})
    judged = out.judged.setdefault(rule.code, set())
    found = []
    measured_on: set[str] = set()
    for m in measured:
        # (A rule that judges translations may report several as one finding, on the first, naming the others: it
        # is in the run's scope when one of them is.)
        if run.scope is not None and m.at.path not in run.scope and not (
                rule.translations and (m.at.path in run.translations
                                       or any(r.path in run.translations for r in m.related))):
            continue
        measured_on.add(m.at.path)
        page_facts = facts(by_path.get(m.at.path))
        if rule.judges(m, page_facts):
            judged.add(m.at.path)
            value = m.values.get(threshold[0]) if threshold is not None else None
            if threshold is not None and threshold[0] == "reasons" and rule.because:  # counted by the rule
                scope = rule.scope(m, page_facts)
                value = sum(bool(cond(scope)) for cond, _ in rule.because)
            if isinstance(value, (int, float)):
                before = seen.get(m.at.path)
                seen[m.at.path] = float(value) if before is None else (min if floor else max)(before, value)
        finding = rule.finding(m, page_facts)
        if finding is not None:
            found.append(finding)
    return found, measured_on


def skipped_findings(skipped: Mapping[str, list[str]], seconds: float, rules: Sequence[Rule],
                     by_path: Mapping[str, Page], note: Callable[[str], None]) -> list[Finding]:
    """One SUB000 finding per page that a check ran too long on (a note when SUB000 is not selected)."""
    problems = next((r for r in rules if r.check == PROBLEMS_CHECK), None)
    out: list[Finding] = []
    for path, names in sorted(skipped.items()):
        problem = (f"page skipped: took longer than {seconds:g} s in {', '.join(dict.fromkeys(names))}; "
                   "split the page, exclude it, or raise page-timeout")
        finding = None
        if problems is not None:
            m = Measurement({"unreadable": False, "workaround": True}, Location(path, 1), {"problem": problem})
            finding = problems.finding(m, facts(by_path.get(path)))
        if finding is None:
            note(f"{path}: {problem}")
        else:
            out.append(finding)
    return out


class PageTimeout(BaseException):
    """Raised in a page check that ran past its deadline; a BaseException, so a check's `except Exception` cannot
    swallow it."""


def _alarm(signum: int, frame: object) -> None:
    raise PageTimeout


class Deadline:
    """A time limit for each run of a page check: a SIGALRM timer armed around the call, its handler installed for
    the whole evaluation and the previous one put back after. Unusable (checks then run unbounded) off the main
    thread, where Python delivers no signals, and where the platform has no setitimer."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.usable = (seconds > 0 and hasattr(signal, "setitimer")
                       and threading.current_thread() is threading.main_thread())
        self._previous: Any = None

    def __enter__(self) -> Deadline:
        if self.usable:
            self._previous = signal.signal(signal.SIGALRM, _alarm)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)

    def run(self, work: Callable[[], list[Measurement]]) -> list[Measurement] | None:
        """What work returns, or None when it ran past the deadline."""
        if not self.usable:
            return work()
        try:
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
            try:
                return work()
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        except PageTimeout:  # also when the timer fired just as the work ended: it took the whole time anyway
            return None


def facts(page: Page | None) -> dict[str, Any]:
    """What a condition may know of the page a measurement is on."""
    if page is None:
        return {"page_type": "doc", "language": "", "variant": ""}
    return {"page_type": page.page_type, "language": page.language, "variant": page.variant}


def measure(spec: CheckSpec, ctx: CheckContext, pages: Sequence[Page], note: Callable[[str], None],
            verbose: bool, deadline: Deadline | None = None,
            skipped: dict[str, list[str]] | None = None) -> list[Measurement]:
    if spec.scope == "site":
        return _guard(lambda: list(spec.fn(ctx)), f"check {spec.name}", note, verbose) or []
    cache = ctx.run.cache
    ns = cache.namespace(NAMESPACE, VERSION) if spec.pure and cache is not None else None
    # The parser's version too: a page parsed anew into other blocks is measured anew.
    prefix = (f"{spec.name}\0{spec.fingerprint}\0{PARSER_VERSION}\0"
              f"{json.dumps(dict(ctx.params), sort_keys=True, default=str)}")
    keys = {p.path: _key(prefix, p) for p in pages} if ns is not None else {}
    stored = ns.get_json_many(keys.values()) if ns is not None else {}
    out: list[Measurement] = []
    fresh: dict[str, Any] = {}
    for page in pages:
        cached = _from_data(stored.get(keys[page.path])) if ns is not None else None
        if cached is not None:
            out += cached
            continue
        failed: list[bool] = []
        work = functools.partial(_page_run, spec, page, ctx)
        bounded = work if deadline is None else functools.partial(deadline.run, work)
        found = _guard(bounded, f"check {spec.name} on {page.path}", note, verbose, failed)
        if found is None:  # past the deadline: nothing measured, nothing cached, the page said to be skipped
            if skipped is not None:
                skipped.setdefault(page.path, []).append(spec.name)
            continue
        if ns is not None and not failed:
            fresh[keys[page.path]] = [_to_data(m) for m in found]
        out += found
    if ns is not None and fresh:
        ns.put_json_many(fresh)
    return out


def _key(prefix: str, p: Page) -> str:
    facts = f"{p.path}\0{p.variant}\0{p.language}\0{p.page_type}\0{p.content_hash}"
    return hashlib.sha256(f"{prefix}\0{facts}".encode()).hexdigest()


def _page_run(spec: CheckSpec, page: Page, ctx: CheckContext) -> list[Measurement]:
    return list(spec.fn(page, ctx))


def _to_data(m: Measurement) -> list[Any]:
    return [dict(m.values), [m.at.path, m.at.line, m.at.end_line, m.at.col], dict(m.detail),
            [[r.path, r.line, r.end_line] for r in m.related]]


def _from_data(data: Any) -> list[Measurement] | None:
    if not isinstance(data, list):
        return None
    try:
        return [Measurement(dict(values), Location(str(at[0]), int(at[1]), at[2], int(at[3]) if len(at) > 3 else 1),
                            dict(detail), tuple(Location(str(r[0]), int(r[1]), r[2]) for r in related))
                for values, at, detail, related in data]
    except (TypeError, ValueError, IndexError):
        return None


def _guard(run: Callable[[], list[Measurement] | None], what: str, note: Callable[[str], None], verbose: bool,
           failed: list[bool] | None = None) -> list[Measurement] | None:
    # One failing check must not cost the user the rest of the report; the failure is stated, not hidden.
    try:
        return run()
    except Exception as exc:  # noqa: BLE001
        if failed is not None:
            failed.append(True)
        import traceback  # here, not at the top: a run pays for it only when a check fails

        detail = "\n" + traceback.format_exc() if verbose else " (run with -v for the traceback)"
        note(f"internal error in {what}: {type(exc).__name__}: {exc}{detail}")
        return []
