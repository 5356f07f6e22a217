"""`sitelint health`: the state of each rule on this site, and the rules that fire together."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from sitelint import api as engine, rulebook
from sitelint.checks import registry
from sitelint.cli import emit, engine_options, fail, main, read_log, run_lint, with_options
from sitelint.health import history
from sitelint.report import health as report

record_option = click.option(
    "--record", is_flag=True,
    help="Record this run (per-rule counts, per-page measurements, never text) in the history beside the cache; "
         "whole-site runs only. `sitelint health --history` shows the trends.")


def record_run(result: engine.LintResult, paths: Sequence[str], changed: Collection[Path] | None) -> None:
    """Record a whole-site run in the history beside its cache (a note on stderr says where, or why not)."""
    if paths or changed is not None:
        click.echo("sitelint: not recorded: history keeps whole-site runs only (no paths, no --changed-since)",
                   err=True)
        return
    if result.cache_file is None:
        click.echo("sitelint: not recorded: the cache is in memory this run, so history has no folder", err=True)
        return
    # The built-in stop words, whatever the project tunes: what a content word is must not change between runs.
    stop = frozenset(str(w) for r in rulebook.load_rules(registry()) if r.code == "SUB004"
                     for w in r.params.get("stopwords", ()))
    store = history.path_for(result.cache_file)
    try:
        run = history.record(store, result, stop)
    except history.HistoryError as exc:
        fail(str(exc))
        return
    click.echo(f"sitelint: recorded run {run} in {store}", err=True)


def with_fitted(result: engine.LintResult) -> engine.LintResult:
    """The result with `fitted` in its rule states where the history beside its cache says so (unchanged when
    nothing was recorded)."""
    store = history.path_for(result.cache_file) if result.cache_file is not None else None
    if store is None or not store.is_file():
        return result
    measures = {r.code: str(r.fix_measure["measure"]) for r in result.rules if r.fix_measure}
    try:
        found = history.fitted(store, measures)
    except history.HistoryError as exc:
        fail(str(exc))
        raise
    if not found:
        return result
    return replace(result, summary={**result.summary, "rules": history.apply_fitted(result.summary["rules"], found)})


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE.")
@click.option("--build-log", type=click.Path(allow_dash=True, dir_okay=False),
              help="A build's log (- for stdin): each rule's pages are compared with the pages the build flags.")
@click.option("--framework", type=click.Choice(["auto", "docusaurus", "vitepress", "mkdocs", "sphinx", "starlight"]),
              default="auto", show_default=True, help="The build's framework (auto: from the log and config files).")
@click.option("--history", "show_history", is_flag=True,
              help="Each rule's trend over the recorded runs (see --record).")
@record_option
@with_options(engine_options)
def health(paths: tuple[str, ...], fmt: str, output: str | None, build_log: str | None, framework: str,
           show_history: bool, record: bool, **opts: Any) -> None:
    """Each rule's state on this site: not-run (and why), saturated, spent, fitted, informative; and redundancy.

    `fitted` needs recorded history (--record). Exit 0 whatever the states (2 on a usage or input error): it
    describes the instrument, it does not gate.
    """
    result, _ = run_lint(paths, {**opts, "output": output}, progress=None)
    if build_log:
        result, _ = engine.with_build(result, read_log(build_log), framework=framework)
    if record:
        record_run(result, paths, None)
    result = with_fitted(result)
    summary = dict(result.summary)
    store = history.path_for(result.cache_file) if result.cache_file is not None else None
    if show_history:
        if store is None or not store.is_file():
            fail(f"{store or 'the cache'}: no history recorded yet; run `sitelint check --record` (or health "
                 "--record)")
            return
        try:
            summary["history"] = history.trends(store)
        except history.HistoryError as exc:
            fail(str(exc))
    render = report.render_json if fmt == "json" else report.render_text
    emit(render(summary, result.notes), output)


@main.command()
@click.option("--base", "base_ref", metavar="REF",
              help="Compare with REF (its merge base with HEAD); default: HEAD, so the change is the work tree's.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE.")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Config file.")
@click.option("--no-semantic", is_flag=True, help="Compare reworded copies by content words, not the model.")
@click.option("--cache", "cache_path", type=click.Path(dir_okay=False), help="Cache file to use.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when a fix is gamed (input errors still exit 2).")
def fixes(base_ref: str | None, fmt: str, output: str | None, config_path: str | None, no_semantic: bool,
          cache_path: str | None, exit_zero: bool) -> None:
    """Gamed fixes: pages that failed a rule at the base and pass it now, checked with a measure independent of
    the rule (rule gamed-fix); suppressions added without a reason too. Exit 1 when a fix is gamed."""
    import json
    import sys
    from pathlib import Path

    from sitelint import config as configmod, fixes as fixesmod, rulebook
    from sitelint.cli import fail, load_config
    from sitelint.report.json import finding_dict
    from sitelint.report.text import safe

    config = load_config(config_path, {"semantic": False} if no_semantic else {})
    try:
        found = fixesmod.gamed_fixes(Path.cwd(), base_ref=base_ref, config=config,
                                     cache=Path(cache_path).absolute() if cache_path else None)
    except (engine.InputError, configmod.ConfigError, rulebook.RuleError) as exc:
        fail(str(exc))
        return
    if fmt == "json":
        text = json.dumps({"version": 1, "base": found.base, "failed_at_base": found.failed,
                           "passing_now": found.passing, "findings": [finding_dict(f) for f in found.findings],
                           "checked": [vars(c) for c in found.checked], "notes": list(found.notes)},
                          indent=2, ensure_ascii=False) + "\n"
    else:
        lines = [f"{safe(f.path)}:{f.line}:{f.col}: {f.rule} {safe(f.message)} [{f.name}]" for f in found.findings]
        gamed = sum(c.gamed for c in found.checked)
        lines.append(f"{found.failed} finding(s) of rules with a fix-measure at {found.base[:12]}, {found.passing} "
                     f"passing now on pages that remain; {len(found.checked)} fix(es) checked (pages whose text "
                     f"changed), {gamed} gamed; {len(found.findings) - gamed} suppression(s) added without a reason.")
        lines += [f"  {safe(c.path)} {c.rule} ({c.measure}): {'gamed' if c.gamed else 'holds'}, {safe(c.said)}"
                  for c in found.checked]
        lines += [f"note: {safe(n)}" for n in found.notes]
        text = "\n".join(lines) + "\n"
    emit(text, output)
    sys.exit(0 if exit_zero or not found.findings else 1)
