"""The command line: check, rules, explain, ci and cache. Exit codes: 0 clean, 1 findings, 2 usage/config/input."""

from __future__ import annotations

import contextlib
import gc
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import click

from sitelint import __version__, config as configmod, engine, rulebook
from sitelint.report import FORMATS, render

RANK = {"info": 0, "warning": 1, "error": 2}


def _codes(values: Sequence[str]) -> list[str]:
    return [code.strip() for value in values for code in value.split(",") if code.strip()]


def _fail(message: str) -> None:
    click.echo(f"sitelint: error: {message}", err=True)
    sys.exit(2)


def _load_config(path: str | None, overrides: dict[str, Any]) -> configmod.Config:
    try:
        config = configmod.load(Path.cwd(), Path(path) if path else None)
    except configmod.ConfigError as exc:
        _fail(str(exc))
        raise  # unreachable: _fail exits
    if overrides:
        config = replace(config, settings=MappingProxyType({**config.settings, **overrides}))
    return config


def exit_code(findings: Sequence[Any], fail_on: str) -> int:
    if fail_on == "never":
        return 0
    return 1 if any(RANK[f.severity] >= RANK[fail_on] for f in findings) else 0


def _emit(text: str, output: str | None) -> None:
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


common_options = [
    click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True),
    click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE."),
    click.option("--select", multiple=True, help="Only these rule codes, names or prefixes (comma-separated)."),
    click.option("--ignore", multiple=True, help="Skip these rule codes, names or prefixes (comma-separated)."),
    click.option("--fail-on", type=click.Choice(configmod.FAIL_ON), help="Lowest severity that fails the run."),
    click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Config file."),
    click.option("--no-semantic", is_flag=True, help="Skip the embedding (paraphrase) rules."),
    click.option("--model", help="Sentence-transformers model folder or name for the semantic rules."),
    click.option("--progress", is_flag=True, help="Show a progress bar while embedding, even in CI."),
    click.option("--no-color", is_flag=True, help="No ANSI colours (also: NO_COLOR)."),
    click.option("-q", "--quiet", is_flag=True, help="Findings only, no summary."),
    click.option("-v", "--verbose", is_flag=True, help="Tracebacks of internal errors."),
]


def with_common(fn: Any) -> Any:
    for option in reversed(common_options):
        fn = option(fn)
    return fn


def tune_process() -> None:
    """Settings for a process that runs one command and ends: the cyclic garbage collector runs rarely, since a run
    makes many objects and few cycles (a one-page run 0.02 s faster, a cold run 2.5 s less CPU, peak memory 2 percent
    higher)."""
    gc.set_threshold(100_000, 50, 100)


def run() -> None:
    """The console script: the commands, then an exit that skips tearing the interpreter down.

    Freeing torch, the model and a site's pages object by object took a cold run about a second after its report was
    written; everything is flushed first, and the cache is closed by the engine.
    """
    tune_process()
    try:
        main(prog_name="sitelint")
        code: object = 0
    except SystemExit as exc:
        code = exc.code
    if isinstance(code, str):  # what SystemExit does with a message
        sys.stderr.write(code + "\n")
        code = 1
    if "logging" in sys.modules:  # imported by a dependency (sentence-transformers): flush its handlers
        sys.modules["logging"].shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code if isinstance(code, int) else 0)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sitelint")
def main() -> None:
    """sitelint: substance, duplication and staleness for documentation sites, beside the build."""


def run_lint(paths: Sequence[str], opts: dict[str, Any]) -> tuple[engine.LintResult, str]:
    overrides: dict[str, Any] = {}
    if opts["no_semantic"]:
        overrides["semantic"] = False
    if opts["model"]:
        overrides["model"] = opts["model"]
    if opts["progress"]:
        overrides["progress"] = True
    config = _load_config(opts["config_path"], overrides)
    try:
        result = engine.lint(paths, cwd=Path.cwd(), config=config, select=_codes(opts["select"]),
                             ignore=_codes(opts["ignore"]), verbose=opts["verbose"])
    except (engine.InputError, configmod.ConfigError, rulebook.RuleError) as exc:
        _fail(str(exc))
        raise
    return result, opts["fail_on"] or config.settings["fail-on"]


def _color(opts: dict[str, Any]) -> bool:
    return not opts["no_color"] and not os.environ.get("NO_COLOR") and not opts["output"] and sys.stdout.isatty()


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@with_common
def check(paths: tuple[str, ...], **opts: Any) -> None:
    """Lint the site; report only on PATHS when given (the whole docs root is still the corpus)."""
    result, fail_on = run_lint(paths, opts)
    _emit(render(result, opts["fmt"], color=_color(opts), quiet=opts["quiet"]), opts["output"])
    if opts["verbose"]:
        for phase, seconds in result.timings.items():
            click.echo(f"time {phase}: {seconds:.3f} s", err=True)
    sys.exit(exit_code(result.findings, fail_on))


@main.command(context_settings={"ignore_unknown_options": True})
@click.option("--build-log", type=click.Path(allow_dash=True, dir_okay=False),
              help="Log of a build that already ran (- for stdin).")
@click.option("--framework", type=click.Choice(["auto", "docusaurus", "vitepress", "mkdocs", "sphinx", "starlight"]),
              default="auto", show_default=True, help="The build's framework (auto: from the log and config files).")
@with_common
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
def ci(build_log: str | None, framework: str, command: tuple[str, ...], **opts: Any) -> None:
    """Lint beside a build: `sitelint ci --build-log FILE` or `sitelint ci -- npm run build`.

    With a command, the build runs first, its output passes through unchanged, and its exit code is kept: a failed
    build fails this step (unless --fail-on never) whatever sitelint finds.
    """
    if bool(build_log) == bool(command):
        raise click.UsageError("give either --build-log FILE or a build command after `--`")
    exit_status: int | None = None
    if command:
        from sitelint.buildlog import run_build

        # Keep stdout clean for machine-readable reports: the build's output then goes to stderr.
        stream = sys.stdout if opts["fmt"] == "text" or opts["output"] else sys.stderr
        exit_status, log_text = run_build(command, Path.cwd(), out=stream)
    else:
        log_text = _read_log(str(build_log))
    result, fail_on = run_lint((), opts)
    result, build = engine.with_build(result, log_text, framework=framework, command=command,
                                      exit_status=exit_status)
    _emit(render(result, opts["fmt"], color=_color(opts), quiet=opts["quiet"], build=build), opts["output"])
    if exit_status:
        click.echo(f"sitelint: the build failed with exit code {exit_status}", err=True)
        sys.exit(0 if fail_on == "never" else exit_status)
    # A green build's warnings (a broken anchor at onBrokenAnchors: 'warn') count like sitelint's own findings.
    sys.exit(exit_code(result.findings, fail_on))


@main.command(context_settings={"ignore_unknown_options": True})
@click.option("--framework", type=click.Choice(["auto", "docusaurus", "vitepress", "mkdocs", "sphinx", "starlight"]),
              default="auto", show_default=True, help="The build's framework (auto: from the log and config files).")
@click.option("--keep", type=click.Path(file_okay=False), help="Keep the mutated copy of the site in this folder.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
def probe(framework: str, keep: str | None, fmt: str, command: tuple[str, ...]) -> None:
    """Inject known defects into a copy of the site and see which the build and sitelint catch.

    `sitelint probe -- npm run build` also runs the build on the copy. Your files are never touched: the copy lives
    in a temporary folder (or --keep DIR).
    """
    import json

    from sitelint import probe as probemod

    try:
        rows, notes = probemod.run(Path.cwd(), command, framework=framework, config=_load_config(None, {}),
                                   keep=Path(keep) if keep else None)
    except (engine.InputError, configmod.ConfigError, rulebook.RuleError) as exc:
        _fail(str(exc))
        return
    if fmt == "json":
        click.echo(json.dumps({"defects": [{**vars(r), "verdict": r.verdict} for r in rows], "notes": notes},
                              indent=2))
    else:
        click.echo(probemod.render(rows, notes), nl=False)


@main.command("eval")
@click.argument("args", nargs=-1, type=click.Path())
@click.option("--history", is_flag=True, help="Replay the site's git history instead of reading a label file.")
@click.option("--since", help="With --history: only commits on or after this date (YYYY-MM-DD).")
@click.option("--max-events", type=click.IntRange(min=1), help="With --history: at most this many events per kind.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE.")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Config file.")
@click.option("-v", "--verbose", is_flag=True, help="Every error group, unjudged finding and replayed event.")
def eval_cmd(args: tuple[str, ...], history: bool, since: str | None, max_events: int | None, fmt: str,
             output: str | None, config_path: str | None, verbose: bool) -> None:
    """How sitelint errs on this site: `sitelint eval LABELS [PATHS]` judges its findings against your labels
    (TSV, YAML or JSON: path, rule, verdict T/F/D, reason, optional line); `sitelint eval --history` lints pages as
    they were before maintainers deleted, filled in or rewrote them."""
    from sitelint import eval as evalmod
    from sitelint.eval import history as hist, labels, render, replay_report

    config = _load_config(config_path, {})
    try:
        if history:
            day = _date_option(since)
            start = Path(args[0]).resolve() if args else Path.cwd()
            replay = evalmod.from_history(start if start.is_dir() else start.parent, config, day, max_events,
                                          _replay_progress())
            text = replay_report.render_json(replay) if fmt == "json" else replay_report.render_text(replay, verbose)
        else:
            if not args:
                raise click.UsageError("give a label file (sitelint eval LABELS [PATHS]) or --history")
            ev = evalmod.with_labels(Path(args[0]), args[1:], Path.cwd(), config)
            text = render.render_json(ev) if fmt == "json" else render.render_text(ev, verbose)
    except (labels.LabelError, hist.HistoryError, engine.InputError, configmod.ConfigError,
            rulebook.RuleError) as exc:
        _fail(str(exc))
        return
    _emit(text, output)


def _date_option(value: str | None) -> Any:
    import datetime as dt

    if not value:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        _fail(f"--since {value!r} is not a date; write it as YYYY-MM-DD")
        raise


def _replay_progress() -> Any:
    import time

    tty = sys.stderr.isatty()
    last = [0.0]

    def show(done: int, total: int, event: Any) -> None:
        now = time.monotonic()
        if tty:
            click.echo(f"\rreplay: {done}/{total} events", nl=done == total, err=True)
        elif done == total or now - last[0] >= 15:
            last[0] = now
            click.echo(f"replay: {done}/{total} events ({event.date} {event.page})", err=True)

    return show


def _read_log(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        _fail(f"{path}: cannot read the build log: {exc.strerror}")
        raise


@main.command("rules")
@click.option("--all", "show_all", is_flag=True, help="Include rules that are off by default.")
def rules_cmd(show_all: bool) -> None:
    """List every rule: code, name, dimension, level, what it checks."""
    rules = _known_rules()
    rows = [(r.code, r.name, r.dimension, r.level + ("" if r.enabled else " (off)"), _first_sentence(r.summary))
            for r in rules if r.enabled or show_all]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(row[:4], widths, strict=True)) + "  " + row[4])


def _known_rules() -> list[rulebook.Rule]:
    """Built-in rules plus the project's own (`rules-dirs`), so that `rules` and `explain` know them too."""
    try:
        return engine.known_rules(_load_config(None, {}))
    except engine.InputError as exc:
        _fail(str(exc))
        raise  # unreachable: _fail exits


def _first_sentence(text: str) -> str:
    match = re.match(r"(.+?[.!?])(\s|$)", " ".join(text.split()))
    return match.group(1) if match else text


@main.command()
@click.argument("rule")
def explain(rule: str) -> None:
    """What RULE (a code or a name) checks, why, examples, options and which builds see the same defect."""
    rules = _known_rules()
    match = next((r for r in rules if rule.upper() == r.code or rule == r.name), None)
    if match is None:
        _fail(f"unknown rule `{rule}`; run `sitelint rules` for the list")
        return
    click.echo(explain_text(match))


def explain_text(r: rulebook.Rule) -> str:
    lines = [f"{r.code} {r.name} ({r.dimension}, {r.level}{'' if r.enabled else ', off by default'})", "",
             "## What it does", r.summary, "", "## Why is this bad?", r.why, ""]
    cond = ", ".join(f"{k} {v}" for k, v in r.condition.items())
    lines += ["## Condition", f"check `{r.check}`, fires when {_condition_words(r)}" + (f" ({cond})" if cond else ""),
              f"Each finding takes {r.weight:g} points off the page's {_score_name(r)} score "
              f"(a quarter of that at info level); a page's overall score is the lowest of its substance, "
              "duplication and freshness scores.", ""]
    if r.example.get("bad"):
        lines += ["## Example", r.example["bad"].rstrip(), ""]
    if r.example.get("good"):
        lines += ["## Use instead", r.example["good"].rstrip(), ""]
    if r.options:
        lines += ["## Options"] + [f"- {k}: {v}" for k, v in r.options.items()]
        lines += [f"Set them in [tool.sitelint.rule.{r.code}] (or .{r.name}).", ""]
    lines += ["## Builds that see the same defect"]
    if r.build_overlap:
        lines += [f"- {fw}: {what}" for fw, what in r.build_overlap.items()]
    else:
        lines += ["None: no docs build (Docusaurus, VitePress, MkDocs, Sphinx, Starlight) checks this. "
                  "It is a blind spot of the build."]
    return "\n".join(lines)


def _condition_words(r: rulebook.Rule) -> str:
    if "min" in r.condition:
        return "the measured value is below min"
    if "max" in r.condition:
        return "the measured value is above max"
    return "the check reports a problem"


def _score_name(r: rulebook.Rule) -> str:
    return "freshness" if r.dimension == "staleness" else r.dimension


@main.group()
def cache() -> None:
    """Inspect or clear the cache (.sitelint/cache.sqlite)."""


def _open_cache() -> Any:
    from sitelint import cache as cachemod, discover

    config = _load_config(None, {})
    notes: list[str] = []
    store = cachemod.open_cache(config.settings, discover.project_root(Path.cwd()), notes.append)
    for note in notes:
        click.echo(f"note: {note}", err=True)
    return store


@cache.command("info")
def cache_info() -> None:
    """Where the cache is, how big, and what it holds."""
    store = _open_cache()
    for key, value in store.info().items():
        click.echo(f"{key}: {value}")
    store.close()


@cache.command("clear")
def cache_clear() -> None:
    """Delete everything in the cache."""
    store = _open_cache()
    store.clear()
    store.close()
    click.echo("cache cleared")
