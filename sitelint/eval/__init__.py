"""How sitelint errs on a real site: findings judged against a team's labels, and a replay of the site's history."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from sitelint import api as engine, config as configmod
from sitelint.eval import history as hist, labels as labelmod, replay, replay_report
from sitelint.eval.score import Evaluation, evaluate
from sitelint.model import Page
from sitelint.pipeline import discover


def with_labels(labels_file: Path, paths: Sequence[str], cwd: Path, config: configmod.Config,
                today: dt.date | None = None) -> Evaluation:
    """Lint the site as a user would and judge each finding on a labelled page by its label."""
    return judge(labels_file, paths, cwd, config, today)[1]


def judge(labels_file: Path, paths: Sequence[str], cwd: Path, config: configmod.Config,
          today: dt.date | None = None) -> tuple[engine.LintResult, Evaluation]:
    """The lint result and its evaluation against the labels (the html report shows both)."""
    labels = labelmod.load(labels_file)
    result = engine.lint(paths, cwd=cwd, config=config, today=today)
    return result, evaluate(labels, result.findings, result.site, engine.known_rules(config))


def from_history(cwd: Path, config: configmod.Config, since: dt.date | None = None, max_events: int | None = None,
                 progress: Callable[[int, int, hist.Event], None] = lambda i, n, e: None) -> replay_report.Replay:
    """Derive events from the git history of the site cwd belongs to, and lint each page as it was before."""
    top = hist.repository(cwd)
    layout = discover.detect(cwd, config.settings["docs-root"], config.settings["language"])
    prefixes = sorted({_prefix(root, top) for root in layout.docs_roots
                       if not {"versioned_docs", "i18n"} & set(root.parts)})
    git = hist.Git(top)
    history = hist.commits(git, prefixes, since)
    head = git("rev-parse", "HEAD").strip()
    head_date = dt.date.fromisoformat(git("log", "-1", "--format=%cs", head).strip())
    # Survivors need every change, not only those since --since, to know how long a page went untouched.
    everything = history if since is None else hist.commits(git, prefixes, None)
    found = hist.pick(list(hist.events(git, history, prefixes)), max_events)
    kept = hist.survivors(git, everything, prefixes, head, head_date)
    if max_events is not None:
        kept = kept[:max_events]
    rules = engine.known_rules(config)
    cache = Path(layout.project_root) / ".sitelint" / "replay.sqlite"
    # One cache for every old tree (content-keyed, so unchanged pages and passages are not parsed or embedded
    # again), kept apart from the run cache of the working tree; named to lint() since it lies outside the clone.
    replay_config = replace(config, settings=MappingProxyType({**config.settings, "cache": ""}))
    site_dir = _prefix(layout.project_root, top).rstrip("/")

    def lint(where: Path, pages: Sequence[str], today: dt.date, dimension: str
             ) -> tuple[dict[str, list[tuple[str, str, str]]], dict[str, Page]]:
        select = [r.code for r in rules if not dimension or r.dimension == dimension]
        # A duplicate is reported on the copy to change, which may be the page that was kept: duplication events
        # are judged on a run over the whole site, a page flagged when a finding names it in any of its places.
        whole = dimension == "duplication"
        result = engine.lint(() if whole else pages, cwd=where, config=replay_config, today=today, select=select,
                             cache=cache)
        # A finding that stands for several translations (those behind one change of their source, on the first)
        # flags each it names.
        translated = {p.path for p in result.site.pages if p.variant.startswith("i18n:")}
        found: dict[str, list[tuple[str, str, str]]] = {}
        for f in result.findings:
            named = [r.path for r in f.related if whole or (f.path in translated and r.path in translated)]
            for path in dict.fromkeys([f.path, *named]):
                found.setdefault(path, []).append((f.rule, f.dimension, f.severity))
        return found, {p.path: p for p in result.site.pages if p.path in pages}

    outcomes = replay.replay(top, site_dir, [*found, *kept], lint, progress)
    return replay_report.Replay(outcomes, len(history), since, prefixes)


def _prefix(path: Path, top: Path) -> str:
    try:
        rel = Path(os.path.realpath(path)).relative_to(os.path.realpath(top)).as_posix()
    except ValueError:
        return ""
    return "" if rel == "." else rel + "/"
