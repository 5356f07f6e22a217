"""Running one check or one rule directly on pages, as the engine does, for the checks' own tests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from sitelint import config as configmod, rulebook
from sitelint.checks import CheckContext, registry
from sitelint.model import Finding, Measurement, Page, Site
from sitelint.pipeline.evaluate import facts
from sitelint.pipeline.prepare import RunContext

SPECS = registry()
RULES = {r.code: r for r in rulebook.load_rules(SPECS)}
TODAY = dt.date(2026, 6, 1)


def site_of(*pages: Page, root: Path = Path("/site"), unreadable: tuple[tuple[str, str], ...] = (),
            framework: str = "docusaurus") -> Site:
    return Site(root=root / "docs", repo_root=root, framework=framework, pages=pages, unreadable=unreadable)


def run_context(site: Site, today: dt.date = TODAY, **parts: Any) -> RunContext:
    settings = {**configmod.defaults(), **parts.pop("settings", {})}
    return RunContext(site=site, settings=settings, today=today, scope=parts.pop("scope", None), **parts)


def params_of(check: str, **params: Any) -> dict[str, Any]:
    """The params a check gets from the first rule that binds it, with overrides (underscores for hyphens)."""
    rule = next(r for r in RULES.values() if r.check == check)
    merged = {k: rule.params[k] for k in SPECS[check].params}
    merged.update({k.replace("_", "-"): v for k, v in params.items()})
    return merged


def context(check: str, run: RunContext, **params: Any) -> CheckContext:
    return CheckContext(params_of(check, **params), run)


def measure(check: str, page: Page, run: RunContext | None = None, **params: Any) -> list[Measurement]:
    run = run or run_context(site_of(page))
    return list(SPECS[check].fn(page, context(check, run, **params)))


def findings(code: str, pages: Iterable[Page], run: RunContext | None = None,
             overrides: Mapping[str, Any] | None = None) -> list[Finding]:
    """What one rule reports over a set of pages, decided exactly as the rule book does."""
    rule = RULES[code]
    if overrides:
        rule = rulebook.configure([rule], {code: overrides})[0]
    pages = tuple(pages)
    run = run or run_context(site_of(*pages))
    spec = SPECS[rule.check]
    ctx = CheckContext({k: rule.params[k] for k in spec.params}, run)
    measured = spec.fn(ctx) if spec.scope == "site" else (m for p in pages for m in spec.fn(p, ctx))
    by_path = {p.path: p for p in run.site.pages}
    out = [rule.finding(m, facts(by_path.get(m.at.path))) for m in measured]
    return [f for f in out if f is not None]
