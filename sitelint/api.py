"""The public API: `lint(...)` a site, and `with_build(...)` to read a build's log beside the result.

The pipeline runs one way: discover, read and parse, prepare, measure and decide, corroborate, suppress, score.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sitelint import config as configmod, health, rulebook
from sitelint.cache import CacheRefused, open_cache
from sitelint.checks import registry
from sitelint.model import Finding, Site
from sitelint.pipeline import discover, evaluate, prepare, read, score, suppress

if TYPE_CHECKING:  # the graph's modules are imported only by a run whose rules need the graph
    from sitelint.sites.navigation.graph import SiteGraph

Progress = Callable[[str, int, int], None]  # (stage, done, total): a run's progress, for a bar or a log line


class InputError(Exception):
    """A command-line input the run cannot start from (missing path, bad config, bad rule file)."""


@dataclass(frozen=True)
class LintResult:
    site: Site
    rules: tuple[rulebook.Rule, ...]
    findings: tuple[Finding, ...]
    pages: tuple[score.PageReport, ...]
    summary: Mapping[str, Any]
    notes: tuple[str, ...]
    scope: tuple[str, ...]
    timings: Mapping[str, float] = field(default_factory=dict)  # seconds per phase and check
    graph: SiteGraph | None = None  # the navigation and links between pages, when a selected rule needed them
    # Per rule: the pages it judged, and on each its threshold's value nearest to firing (what history records).
    judged: Mapping[str, frozenset[str]] = field(default_factory=dict)
    values: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    cache_file: Path | None = None  # the cache's sqlite file (None: kept in memory); history lives beside it
    today: dt.date | None = None  # the day the run judged ages from (SITELINT_TODAY, or the clock's)
    unread: int = 0  # reStructuredText pages of a Sphinx site, which sitelint does not read


def lint(paths: Sequence[str | Path] = (), *, cwd: Path | None = None, config: configmod.Config | None = None,
         today: dt.date | None = None, select: Sequence[str] = (), ignore: Sequence[str] = (),
         verbose: bool = False, cache: Path | None = None, changed: Collection[Path] | None = None,
         progress: Progress | None = None) -> LintResult:
    """Lint the site that `cwd` (or the first directory in `paths`) belongs to; report only on `paths` if given,
    and only on the `changed` files (absolute paths) if given. `progress` hears each stage as it goes.

    `cache` is a cache file the caller names (the command line's --cache): it may lie anywhere, where the `cache`
    setting must stay inside the project and outside the docs."""
    cwd = (cwd or Path.cwd()).resolve()
    targets = [(cwd / p).resolve() for p in paths]
    for target, given in zip(targets, paths, strict=True):
        if not target.exists():
            raise InputError(f"{given}: no such file or directory")
    config = config or configmod.load(cwd)
    settings = config.settings
    notes: list[str] = []
    times: dict[str, float] = {}
    clock = [time.perf_counter()]
    tell = progress or _silent

    def lap(name: str) -> None:
        now = time.perf_counter()
        times[name] = times.get(name, 0.0) + now - clock[0]
        clock[0] = now
        if name.startswith("check:"):
            done = sum(1 for key in times if key.startswith("check:"))
            tell("checks", min(done, checks), checks)

    tell("discover", 0, 0)
    start = next((t for t in targets if t.is_dir()), cwd)
    layout = discover.detect(start, settings["docs-root"], settings["language"])
    specs = registry()
    every = known_rules(config, specs)
    try:
        rules = rulebook.configure(every, config.rules, [*settings["select"], *select],
                                   [*settings["ignore"], *ignore], str(config.source or "the configuration"))
    except rulebook.RuleError as exc:
        raise InputError(str(exc)) from None
    checks = len({r.check for r in rules if r.check in specs})
    try:
        store = open_cache(settings, layout.project_root, notes.append, docs_roots=layout.docs_roots, explicit=cache)
    except CacheRefused as exc:
        raise InputError(f"{config.source or 'cache'}: {exc}" if cache is None else f"--cache: {exc}") from None
    try:
        wanted = prepare.needs([specs[r.check] for r in rules if r.check in specs])
        edited = "embedder" in wanted and read.new_to_cache(targets, cwd, settings, store, layout)
        embedder = prepare.embedder(settings, store, wanted, edited, notes.append,
                                    lambda done, total: tell("embed passages", done, total))
        tell("read pages", 0, 0)
        site = read.read_site(layout, settings, cwd, targets, store)
        if layout.other_sites:
            named = ", ".join(_shown(o, layout.project_root) for o in layout.other_sites[:3])
            more = f" and {len(layout.other_sites) - 3} more" if len(layout.other_sites) > 3 else ""
            notes.append(f"this repository holds {len(layout.other_sites) + 1} docs sites: linted the one in "
                         f"{_shown(layout.config_files[0].parent, layout.project_root)}; the others ({named}{more}) "
                         "are linted by running sitelint in their folders (or with docs-root)")
        unread = unread_sources(layout)
        if unread:
            notes.append(f"{unread} reStructuredText page(s) (.rst) in the docs root are not linted: sitelint reads "
                         "Markdown and MyST pages only")
        scope = read.scope_of(site, targets, settings["lint-variants"], cwd)
        if changed is not None:
            scope = _changed_only(site, scope, changed, cwd)
        lap("read+parse")
        tell(f"prepare ({len(site.pages)} pages read)", 0, 0)
        today = today or run_day()
        run = prepare.prepare(site, settings, today, scope, store, wanted, notes.append, embedder)
        translations = read.translations_of(site, targets)
        if changed is not None:
            translations = _changed_only(site, translations, changed, cwd)
        run = replace(run, translations=translations)
        lap("prepare")
        measured = evaluate.evaluate(rules, specs, run, notes.append, verbose, lap)
    finally:
        if "embedder" in locals() and embedder is not None:
            embedder.close()
        store.close()
    tell("score", 0, 0)
    findings = rulebook.across_versions(rulebook.one_cause(rulebook.corroborate(measured.findings, rules), rules))
    judged = {f.path for f in findings}
    reported = [p for p in site.pages if scope is None or p.path in scope or p.path in judged]
    active = {r.code for r in rules}
    kept, unused = suppress.apply(findings, {p.path: p for p in reported}, rulebook.names(every), active=active)
    # (after suppressions: a notice suppressed on one page is still reported, once, on the others)
    kept = rulebook.per_page_pair(rulebook.across_pages(
        kept, {p.path: p.source for p in site.pages},
        generated=frozenset(p.path for p in site.pages if p.page_type == "generated")))
    findings = sorted([*kept, *(unused if suppress.UNUSED_CODE in active else [])],
                      key=lambda f: (f.path, f.line, f.rule, f.message))
    reports = score.score_pages(reported, findings, rules)
    summary = score.summarize(findings, reports, rules, site)
    summary["semantic"] = _semantic_state(settings, rules, run.embedder)
    unavailable = dict(run.unavailable)
    if not summary["semantic"]["ran"]:
        unavailable["embedder"] = summary["semantic"]["why"]
    states = health.rule_states(rules, specs, findings, measured.judged, measured.values, unavailable,
                                [r.path for r in reports])
    summary["rules"] = [s.to_dict() for s in states]
    fired = health.fired_pages(findings)
    summary["redundancy"] = {"pages": len(reports), "pairs": health.co_firing(fired, len(reports))}
    lap("suppress+score")
    shown = sorted(scope) if scope is not None else sorted(p.path for p in site.pages)
    return LintResult(site, tuple(rules), tuple(findings), tuple(reports), summary, tuple(dict.fromkeys(notes)),
                      tuple(shown), MappingProxyType(times), graph=run.graph,
                      judged=MappingProxyType({code: frozenset(paths) for code, paths in measured.judged.items()}),
                      values=MappingProxyType({code: MappingProxyType(v) for code, v in measured.values.items()}),
                      cache_file=store.path, today=today, unread=unread)


def unread_sources(layout: discover.Layout) -> int:
    """How many reStructuredText pages a Sphinx site has, which sitelint does not read: a clean run on such a site
    has checked only its Markdown pages."""
    if layout.framework != "sphinx":
        return 0
    return count_files(layout.docs_roots, (".rst",),
                       lambda name: name in discover.SKIP_DIRS or name.startswith((".", "_")))


def count_files(folders: Sequence[Path], suffixes: tuple[str, ...], skip: Callable[[str], bool],
                limit: int | None = None) -> int:
    """How many files of these suffixes the folders hold, in any folder below that `skip` does not name; with a
    limit, the walk stops once it has seen that many files."""
    count = seen = 0
    for folder in folders:
        for _base, dirs, files in os.walk(folder):
            dirs[:] = [d for d in dirs if not skip(d)]
            count += sum(1 for name in files if name.endswith(suffixes))
            seen += len(files)
            if limit is not None and seen > limit:
                return count
    return count


def _silent(stage: str, done: int, total: int) -> None:
    """No progress shown."""


def _changed_only(site: Site, scope: frozenset[str] | None, changed: Collection[Path], cwd: Path) -> frozenset[str]:
    """The report scope narrowed to the changed files: the rest of the site is still read, as the corpus."""
    wanted = {os.path.normpath(str(p)) for p in changed}
    chosen = {p.path for p in site.pages if os.path.normpath(str(p.abspath)) in wanted}
    chosen |= {p for p, _ in site.unreadable if os.path.normpath(os.path.join(cwd, p)) in wanted}
    return frozenset(chosen if scope is None else chosen & scope)


def known_rules(config: configmod.Config, specs: Mapping[str, Any] | None = None) -> list[rulebook.Rule]:
    """The built-in rules and those in the config's `rules-dirs` (relative to the config file)."""
    root = config.root or Path.cwd()
    try:
        return rulebook.load_rules(specs or registry(), [root / d for d in config.settings["rules-dirs"]])
    except rulebook.RuleError as exc:
        raise InputError(str(exc)) from None


def _semantic_state(settings: Mapping[str, Any], rules: Sequence[rulebook.Rule], embedder: Any) -> dict[str, Any]:
    """Whether the embedding rule ran, and why not: a skipped semantic pass is said, never silent."""
    if not any(r.check == "paraphrased-passages" for r in rules):
        return {"ran": False, "why": "no semantic rule selected"}
    if settings["semantic"] is False:
        return {"ran": False, "why": "turned off (semantic = false or --no-semantic)"}
    if embedder is None or embedder.problem:
        return {"ran": False, "why": getattr(embedder, "problem", "") or "the model could not be used"}
    if not embedder.embedded:
        return {"ran": True, "why": "every passage came from the cache", "embedded": 0}
    return {"ran": True, "why": "", "embedded": embedder.embedded, "cache_hits": embedder.cache_hits,
            "backend": embedder.backend}


def run_day() -> dt.date:
    """The day runs judge ages from: SITELINT_TODAY (YYYY-MM-DD) when set, else the clock's."""
    forced = os.environ.get("SITELINT_TODAY")
    if not forced:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(forced)
    except ValueError:
        raise InputError(f"SITELINT_TODAY={forced!r} is not a date (YYYY-MM-DD)") from None


def with_build(result: LintResult, log_text: str, *, framework: str = "auto", command: Sequence[str] = (),
               exit_status: int | None = None, cwd: Path | None = None) -> tuple[LintResult, Any]:
    """Read a build's log beside a lint result: the result with the build's findings, and the overlap report.

    Build findings are attributed to the build (rule BUILD, dimension build) and sitelint findings that repeat one
    are dropped, so each defect is shown once.
    """
    from sitelint.build import logs, overlap, severity

    cwd = (cwd or Path.cwd()).resolve()
    build = logs.parse_log(log_text, framework, site_root=result.site.product_root, relative_to=cwd)
    if exit_status is not None:
        build = build.with_exit_status(exit_status)
    gaps = severity.read_build_config(build.framework, result.site.product_root, command, log_text).gaps
    # The comparison counts every sitelint finding; the report then shows a repeated defect once, as the build's.
    report = overlap.compare(build, result.findings, result.rules, [p.path for p in result.pages], gaps)
    mine = overlap.without_build_duplicates(result.findings, build, result.rules)
    from_build = [Finding(rule="BUILD", name=f.defect_class, dimension="build", severity=f.severity, path=f.path,
                          line=f.line or 1, end_line=None, message=f"{build.framework}: {f.message}")
                  for f in build.findings]
    findings = sorted([*mine, *from_build], key=lambda f: (f.path, f.line, f.rule, f.message))
    pages = len(result.pages)
    redundancy = {**result.summary.get("redundancy", {}),
                  "build": health.against_build(health.fired_pages(result.findings), {f.path for f in build.findings},
                                                pages)}
    summary = {**result.summary, **score.counts(findings), "redundancy": redundancy}
    return replace(result, findings=tuple(findings), summary=summary), report


def _shown(folder: Path, root: Path) -> str:
    """A folder as the user sees it: from the project root, with a trailing slash."""
    try:
        return folder.resolve().relative_to(root.resolve()).as_posix() + "/"
    except ValueError:
        return str(folder)
