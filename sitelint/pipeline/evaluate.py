"""Measure and decide: run each rule's check (once per check and params), then turn measurements into findings by
the rule's condition. Pure page checks take an unchanged page's measurements from the cache."""

from __future__ import annotations

import functools
import hashlib
import json
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sitelint.checks import NO_CHECK, CheckContext, CheckSpec
from sitelint.model import Finding, Location, Measurement, Page
from sitelint.pipeline.prepare import RunContext

if TYPE_CHECKING:
    from sitelint.rulebook import Rule

NAMESPACE, VERSION = "measure", 1


@dataclass
class Evaluated:
    findings: list[Finding] = field(default_factory=list)
    values: dict[str, list[float]] = field(default_factory=dict)  # per rule: its threshold's value on each page


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
    for rule in order:
        spec = specs[rule.check]
        params = {k: rule.params[k] for k in spec.params}
        key = (spec.name, json.dumps(params, sort_keys=True, default=str))
        if key not in measured:
            measured[key] = measure(spec, CheckContext(params, run, note), pages, note, verbose)
            lap(f"check:{spec.name}")
        threshold = rule.threshold()
        seen = out.values.setdefault(rule.code, [])
        for m in measured[key]:
            if run.scope is not None and m.at.path not in run.scope:
                continue
            if threshold is not None and isinstance(m.values.get(threshold[0]), (int, float)):
                seen.append(float(m.values[threshold[0]]))
            finding = rule.finding(m, facts(by_path.get(m.at.path)))
            if finding is not None:
                out.findings.append(finding)
    return out


def facts(page: Page | None) -> dict[str, Any]:
    """What a condition may know of the page a measurement is on."""
    return {"page_type": "doc", "language": "", "variant": page.variant if page else ""}


def measure(spec: CheckSpec, ctx: CheckContext, pages: Sequence[Page], note: Callable[[str], None],
            verbose: bool) -> list[Measurement]:
    if spec.scope == "site":
        return _guard(lambda: list(spec.fn(ctx)), f"check {spec.name}", note, verbose)
    cache = ctx.run.cache
    ns = cache.namespace(NAMESPACE, VERSION) if spec.pure and cache is not None else None
    prefix = f"{spec.name}\0{spec.fingerprint}\0{json.dumps(dict(ctx.params), sort_keys=True, default=str)}"
    keys = {p.path: hashlib.sha256(f"{prefix}\0{p.path}\0{p.variant}\0{p.content_hash}".encode()).hexdigest()
            for p in pages} if ns is not None else {}
    stored = ns.get_json_many(keys.values()) if ns is not None else {}
    out: list[Measurement] = []
    fresh: dict[str, Any] = {}
    for page in pages:
        cached = _from_data(stored.get(keys[page.path])) if ns is not None else None
        if cached is not None:
            out += cached
            continue
        failed: list[bool] = []
        found = _guard(functools.partial(_page_run, spec, page, ctx), f"check {spec.name} on {page.path}", note,
                       verbose, failed)
        if ns is not None and not failed:
            fresh[keys[page.path]] = [_to_data(m) for m in found]
        out += found
    if ns is not None and fresh:
        ns.put_json_many(fresh)
    return out


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


def _guard(run: Callable[[], list[Measurement]], what: str, note: Callable[[str], None], verbose: bool,
           failed: list[bool] | None = None) -> list[Measurement]:
    # One failing check must not cost the user the rest of the report; the failure is stated, not hidden.
    try:
        return run()
    except Exception as exc:  # noqa: BLE001
        if failed is not None:
            failed.append(True)
        detail = "\n" + traceback.format_exc() if verbose else " (run with -v for the traceback)"
        note(f"internal error in {what}: {type(exc).__name__}: {exc}{detail}")
        return []
