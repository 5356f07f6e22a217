"""The engine: discover, parse, measure, evaluate, suppress and score; the public API is `lint(...)`."""

from __future__ import annotations

import datetime as dt
import os
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sitelint import config as configmod, discover, measurecache, pagestore, parse, rulebook, suppress
from sitelint.checks import registry
from sitelint.model import CheckContext, CheckSpec, Finding, Measurement, Page, Site
from sitelint.scoring import PageReport, counts, score_pages, summarize


class InputError(Exception):
    """A command-line input the run cannot start from (missing path, bad config, bad rule file)."""


@dataclass(frozen=True)
class LintResult:
    site: Site
    rules: tuple[rulebook.Rule, ...]
    findings: tuple[Finding, ...]
    pages: tuple[PageReport, ...]
    summary: Mapping[str, Any]
    notes: tuple[str, ...]
    scope: tuple[str, ...]
    timings: Mapping[str, float] = field(default_factory=dict)  # seconds per phase, check and service


@dataclass
class _Services:
    """Creates the expensive helpers (cache, git history, embedder) once, the first time a check asks."""

    factories: Mapping[str, Callable[[], Any]]
    made: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    # One lock per service: a check on a worker thread and one on the main thread never make the same service twice,
    # and making one (the embedder) does not hold up asking for another (git).
    _locks: dict[str, threading.Lock] = field(default_factory=dict)

    def getter(self, name: str) -> Callable[[], Any]:
        lock = self._locks.setdefault(name, threading.Lock())

        def get() -> Any:
            if name not in self.made:
                with lock:
                    if name not in self.made:
                        started = time.perf_counter()
                        self.made[name] = self.factories[name]()
                        self.timings[f"service:{name}"] = time.perf_counter() - started
            return self.made[name]

        return get


def lint(paths: Sequence[str | Path] = (), *, cwd: Path | None = None, config: configmod.Config | None = None,
         today: dt.date | None = None, select: Sequence[str] = (), ignore: Sequence[str] = (),
         verbose: bool = False) -> LintResult:
    """Lint the site that `cwd` (or the first directory in `paths`) belongs to; report only on `paths` if given."""
    cwd = (cwd or Path.cwd()).resolve()
    targets = [(cwd / p).resolve() for p in paths]
    for target, given in zip(targets, paths, strict=True):
        if not target.exists():
            raise InputError(f"{given}: no such file or directory")
    config = config or configmod.load(cwd)
    settings = config.settings
    today = today or _today()
    notes: list[str] = []
    note = notes.append

    clock = _Clock()
    start = next((t for t in targets if t.is_dir()), cwd)
    layout = discover.detect(start, settings["docs-root"])
    every_rule, rules = _rules(config, [*settings["select"], *select], [*settings["ignore"], *ignore])

    clock.lap("discover")
    # A run on named pages (a pre-commit hook's) starts the git processes the history needs now: they run on another
    # core while the site is read. A whole-site run starts them when a check first asks.
    early = _git_early(layout.project_root) if targets else None
    services = _Services({}, timings=clock.times)
    services.factories = {
        "cache": lambda: _open_cache(settings, layout.project_root, note),
        "git": lambda: _git(layout.project_root, services.getter("cache")(), note, early),
        "embedder": lambda: _embedder(settings, services.getter("cache")(), note),
        "shared": dict,  # what several checks derive once per run (the duplication corpus, staleness signals)
    }
    try:
        site = _load_site(layout, settings, cwd, targets, services.getter("cache"))
        scope = _scope(site, targets, settings["lint-variants"], cwd)
        clock.lap("read+parse")
        ctx_base = CheckContext(site=site, params={}, today=today, settings=settings,
                                services={n: services.getter(n) for n in services.factories}, note=note)
        values: dict[str, list[float]] = {}
        findings = list(_evaluate(rules, site, scope, ctx_base, note, verbose, values, clock))
        pages = {p.path: p for p in site.pages}
        active = {r.code for r in rules}
        # Findings on pages outside the scope are dropped below, so only the pages in scope need their suppressions.
        kept, unused = suppress.apply(findings, {p: pages[p] for p in scope if p in pages}, rulebook.names(every_rule),
                                      active=active)
        if "SUB099" not in active:
            unused = []
        findings = sorted([*kept, *unused], key=lambda f: (f.path, f.line, f.rule, f.message))
        findings = [f for f in findings if f.path in scope or f.path not in pages]
        reports = score_pages([p for p in site.pages if p.path in scope], findings, rules)
    finally:  # also when something above fails: no git process or open database is left behind
        if early is not None:
            early.close()
        cache = services.made.get("cache")
        if cache is not None:
            cache.close()
    summary = summarize(findings, reports, rules, site, values)
    summary["semantic"] = _semantic_state(settings, rules, services.made.get("embedder"))
    clock.lap("suppress+score")
    return LintResult(site, tuple(rules), tuple(findings), tuple(reports), summary, tuple(dict.fromkeys(notes)),
                      tuple(sorted(scope)), MappingProxyType(dict(clock.times)))


def _semantic_state(settings: Mapping[str, Any], rules: Sequence[rulebook.Rule], embedder: Any) -> dict[str, Any]:
    """Whether the embedding rules ran, and why not: a skipped semantic pass is said, never silent."""
    if not any(r.check == "paraphrased-passages" for r in rules):
        return {"ran": False, "why": "no semantic rule selected"}
    if settings["semantic"] is False:
        return {"ran": False, "why": "turned off (semantic = false or --no-semantic)"}
    if embedder is None:
        return {"ran": True, "why": "every passage came from the cache", "embedded": 0}
    if not getattr(embedder, "available", True):
        return {"ran": False, "why": str(getattr(embedder, "problem", "") or "the model could not be loaded")}
    return {"ran": True, "why": "", "embedded": getattr(embedder, "embedded", 0),
            "cache_hits": getattr(embedder, "cache_hits", 0)}


@dataclass
class _Clock:
    """Wall time per phase for benchmarks and -v; laps exclude nothing, so they add up to the run."""

    times: dict[str, float] = field(default_factory=dict)
    last: float = field(default_factory=time.perf_counter)

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.times[name] = self.times.get(name, 0.0) + now - self.last
        self.last = now


def _today() -> dt.date:
    forced = os.environ.get("SITELINT_TODAY")
    if forced:
        try:
            return dt.date.fromisoformat(forced)
        except ValueError:
            raise InputError(f"SITELINT_TODAY={forced!r} is not a date (YYYY-MM-DD)") from None
    return dt.date.today()


def _rules(config: configmod.Config, select: Sequence[str],
           ignore: Sequence[str]) -> tuple[list[rulebook.Rule], list[rulebook.Rule]]:
    """Every known rule (to read rule names in suppressions) and the ones that run."""
    every = known_rules(config)
    try:
        return every, rulebook.configure(every, config.rules, select, ignore)
    except rulebook.RuleError as exc:
        raise InputError(str(exc)) from None


def known_rules(config: configmod.Config) -> list[rulebook.Rule]:
    """The built-in rules and those in the config's `rules-dirs` (relative to the config file)."""
    root = config.root or Path.cwd()
    try:
        return rulebook.load_rules([root / d for d in config.settings["rules-dirs"]])
    except rulebook.RuleError as exc:
        raise InputError(str(exc)) from None


def _rel(path: Path, cwd: Path) -> str:
    full, base = str(path), os.path.join(str(cwd), "")
    rel = full[len(base):] if full.startswith(base) else os.path.relpath(full, cwd)  # the common case, cheaply
    return rel if os.sep == "/" else Path(rel).as_posix()


def _load_site(layout: discover.Layout, settings: Mapping[str, Any], cwd: Path, targets: Sequence[Path],
               cache_getter: Callable[[], Any]) -> Site:
    # Versioned copies and translations are frozen on purpose and left out of the duplication corpus: they are read
    # only when reported on. On a Docusaurus site with many versions they are most of the files.
    in_targets, below = _matcher(targets), [os.path.join(str(t), "") for t in targets]

    def read_variants(folder: str) -> bool:  # a folder of copies is read when it holds or is under a target
        if not targets:
            return bool(settings["lint-variants"])
        return in_targets(folder) or any(t.startswith(os.path.join(folder, "")) for t in below)

    found = list(discover.walk(layout, settings["include"], settings["exclude"], read_variants))
    not_read = sum(f.not_read for f in found)
    found = [f for f in found if not f.not_read]
    # Pages named on the command line but outside the docs roots (a README staged in a commit) are linted too.
    named = [t for t in targets if t.is_file() and t.suffix in discover.PAGE_SUFFIXES]
    if named:
        known = {f.path for f in found}
        named = [t for t in named if t not in known]
    if named:  # resolving every path is slow on big sites: only when a name was not found as it is
        known = {f.path.resolve() for f in found}
        found += [discover.Found(t) for t in named if t not in known]
    unreadable: list[tuple[str, str]] = []
    sources: list[tuple[str, Path, str, str]] = []
    for item in found:
        rel = _rel(item.path, cwd)
        if item.problem:
            unreadable.append((rel, item.problem))
            continue
        try:
            sources.append((rel, item.path, item.variant, parse.read_source(item.path, settings["max-page-bytes"])))
        except parse.InputProblem as exc:
            unreadable.append((rel, str(exc)))
    # Parsing is the cost of a cold run and unpickling the cost of a warm one: pagestore keeps both down.
    pages = pagestore.load_pages(sources, cache_getter)
    repo_root = next((f for f in (layout.project_root, *layout.project_root.parents) if (f / ".git").exists()),
                     layout.project_root)
    return Site(root=layout.docs_roots[0] if layout.docs_roots else layout.project_root, repo_root=repo_root,
                framework=layout.framework, pages=tuple(pages), config_files=layout.config_files,
                unreadable=tuple(unreadable), project_root=layout.project_root, variants_not_read=not_read)


def _scope(site: Site, targets: Sequence[Path], variants: bool, cwd: Path) -> set[str]:
    """The pages reported on: those under the given paths, else every page; frozen versioned copies and
    translations only when asked for (by lint-variants or by naming them)."""
    if not targets:
        return {p.path for p in site.pages if variants or not p.variant} | {path for path, _ in site.unreadable}
    named = _matcher(targets)
    chosen = {p.path for p in site.pages if named(str(p.abspath))}
    # Unreadable files are known by their names relative to the run's cwd.
    return chosen | {path for path, _ in site.unreadable if named(os.path.normpath(os.path.join(cwd, path)))}


def _matcher(targets: Sequence[Path]) -> Callable[[str], bool]:
    """Whether an absolute path is one of the targets or under one of them."""
    # String prefixes, not Path.is_relative_to: this runs for every page of the site on every pre-commit run.
    files = {str(t) for t in targets if t.is_file()}
    folders = tuple(os.path.join(str(t), "") for t in targets if t.is_dir())

    def named(where: str) -> bool:
        return where in files or os.path.join(where, "").startswith(folders)

    return named


def _evaluate(rules: Sequence[rulebook.Rule], site: Site, scope: set[str], ctx_base: CheckContext,
              note: Callable[[str], None], verbose: bool, values: dict[str, list[float]],
              clock: _Clock) -> Iterable[Finding]:
    """Run each rule's check over the pages in scope (site checks over the corpus) and keep what breaks the rule."""
    checks = registry()
    scoped_pages = [p for p in site.pages if p.path in scope]
    # Site checks hear the scope only when it is narrower than the site (a pre-commit run on a few staged pages).
    narrow = frozenset(scope) if len(scoped_pages) < len(site.pages) else None
    planned: list[tuple[rulebook.Rule, CheckSpec, CheckContext]] = []
    for rule in rules:
        if rule.check == "none":
            continue
        spec = checks.get(rule.check)
        if spec is None:
            note(f"{rule.source}: rule {rule.code} names check `{rule.check}`, which does not exist; rule skipped")
            continue
        planned.append((rule, spec, CheckContext(site=site, params={**spec.defaults, **rule.params},
                                                 today=ctx_base.today, settings=ctx_base.settings,
                                                 services=ctx_base.services, note=note, scope=narrow)))
    # A run on a few pages starts the checks that wait on a model first, each on a worker thread, so their matrix
    # products overlap the other checks. A whole-site run keeps them in line: a cold one has enough model work to
    # occupy every core by itself.
    jobs = {rule.code: _Job(partial(_guard, partial(_run_site_check, spec, ctx), f"check {spec.name}", note, verbose))
            for rule, spec, ctx in planned if narrow is not None and spec.concurrent and spec.scope == "site"}
    if len(scoped_pages) > 1 and any(spec.scope != "site" for _, spec, _ in planned):
        # Page checks open the pages they report on: their cached parts come in one query, not one per page.
        pagestore.open_parts(scoped_pages, ctx_base.service("cache") if "cache" in ctx_base.services else None)
    for rule, spec, ctx in planned:
        if rule.code not in jobs:
            yield from _kept(rule, _measure(spec, ctx, scoped_pages, note, verbose), scope, values)
            clock.lap(f"check:{spec.name}")
    for rule, spec, _ctx in planned:
        if rule.code in jobs:
            measured = jobs[rule.code].result()
            clock.lap(f"wait:{spec.name}")
            clock.times[f"background:check:{spec.name}"] = jobs[rule.code].seconds
            yield from _kept(rule, measured, scope, values)


def _kept(rule: rulebook.Rule, measured: Iterable[Measurement], scope: set[str],
          values: dict[str, list[float]]) -> Iterator[Finding]:
    seen = values.setdefault(rule.code, [])
    for m in measured:
        if m.at.path not in scope:
            continue
        if not isinstance(m.value, bool):
            seen.append(float(m.value))
        if rule.fires(m.value):
            yield rule.finding(m)


class _Job:
    """A site check on a worker thread; result() waits for it. The check is wrapped in _guard, so it cannot raise."""

    def __init__(self, run: Callable[[], list[Measurement]]) -> None:
        self._run = run
        self._result: list[Measurement] = []
        self.seconds = 0.0
        self._thread = threading.Thread(target=self._work, name="sitelint-check", daemon=True)
        self._thread.start()

    def _work(self) -> None:
        started = time.perf_counter()
        self._result = self._run()
        self.seconds = time.perf_counter() - started

    def result(self) -> list[Measurement]:
        self._thread.join()
        return self._result


def _measure(spec: CheckSpec, ctx: CheckContext, pages: Sequence[Page], note: Callable[[str], None],
             verbose: bool) -> Iterable[Measurement]:
    if spec.scope == "site":
        yield from _guard(partial(_run_site_check, spec, ctx), f"check {spec.name}", note, verbose)
        return
    store = ctx.service("cache") if spec.pure and pages and "cache" in ctx.services else None
    memo = measurecache.MeasureCache(store, spec, ctx.params) if store is not None else None
    stored = memo.get(pages) if memo is not None else {}
    fresh: dict[str, tuple[Page, list[Measurement]]] = {}
    for page in pages:
        if page.path in stored:
            yield from stored[page.path]
            continue
        failed: list[bool] = []
        found = _guard(partial(_run_page_check, spec, page, ctx), f"check {spec.name} on {page.path}", note,
                       verbose, failed)
        if not failed:
            fresh[page.path] = (page, found)
        yield from found
    if memo is not None and fresh:
        memo.put(fresh)


def _run_site_check(spec: CheckSpec, ctx: CheckContext) -> list[Measurement]:
    return list(spec.fn(ctx))


def _run_page_check(spec: CheckSpec, page: Page, ctx: CheckContext) -> list[Measurement]:
    return list(spec.fn(page, ctx))


def _guard(run: Callable[[], list[Measurement]], what: str, note: Callable[[str], None],
           verbose: bool, failed: list[bool] | None = None) -> list[Measurement]:
    # One failing check must not cost the user the rest of the report; the failure is stated, not hidden.
    try:
        return run()
    except Exception as exc:  # noqa: BLE001
        if failed is not None:
            failed.append(True)
        detail = "\n" + traceback.format_exc() if verbose else " (run with -v for the traceback)"
        note(f"internal error in {what}: {type(exc).__name__}: {exc}{detail}")
        return []


# The services are imported when a check first asks for them: a run that needs no git or model pays for neither.
def _open_cache(settings: Mapping[str, Any], project_root: Path, note: Callable[[str], None]) -> Any:
    from sitelint import cache

    return cache.open_cache(settings, project_root, note)


def _git(project_root: Path, cache: Any, note: Callable[[str], None], early: Any = None) -> Any:
    from sitelint import gitinfo

    return gitinfo.history_for(project_root, cache, note, early)


def _git_early(project_root: Path) -> Any:
    from sitelint import gitinfo

    return gitinfo.Early(project_root)


def _embedder(settings: Mapping[str, Any], cache: Any, note: Callable[[str], None]) -> Any:
    from sitelint import embed

    return embed.embedder_for(settings, cache, note)


def with_build(result: LintResult, log_text: str, *, framework: str = "auto", command: Sequence[str] = (),
               exit_status: int | None = None, cwd: Path | None = None) -> tuple[LintResult, Any]:
    """Read a build's log beside a lint result: the result with the build's findings, and the overlap report.

    Build findings are attributed to the build (rule BUILD, dimension build) and sitelint findings that repeat one
    are dropped, so each defect is shown once.
    """
    from sitelint import buildconfig, buildlog, overlap

    cwd = (cwd or Path.cwd()).resolve()
    project = result.site.product_root
    build = buildlog.parse_log(log_text, framework, site_root=project, relative_to=cwd)
    if exit_status is not None:
        build = build.with_exit_status(exit_status)
    gaps = buildconfig.read_build_config(build.framework, project, command, log_text).gaps
    # The comparison counts every sitelint finding; the report then shows a repeated defect once, as the build's.
    report = overlap.compare(build, result.findings, result.rules, [p.path for p in result.pages], gaps)
    mine = overlap.without_build_duplicates(result.findings, build, result.rules)
    from_build = [Finding(rule="BUILD", name=f.defect_class, dimension="build", severity=f.severity,
                          path=f.path, line=f.line or 1, end_line=None, message=f"{build.framework}: {f.message}")
                  for f in build.findings]
    findings = sorted([*mine, *from_build], key=lambda f: (f.path, f.line, f.rule, f.message))
    return replace(result, findings=tuple(findings), summary={**result.summary, **counts(findings)}), report
