"""`sitelint eval`: how sitelint errs on this site, against labels or the site's own history."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from sitelint import api as engine, config as configmod, rulebook
from sitelint.cli import emit, fail, load_config, main


@main.command("eval")
@click.argument("args", nargs=-1, type=click.Path())
@click.option("--history", is_flag=True, help="Replay the site's git history instead of reading a label file.")
@click.option("--since", help="With --history: only commits on or after this date (YYYY-MM-DD).")
@click.option("--max-events", type=click.IntRange(min=1), help="With --history: at most this many events per kind.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True,
              help="html: one self-contained page with the lint report and the label tables (labels only).")
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

    config = load_config(config_path, {})
    try:
        if history:
            if fmt == "html":
                raise click.UsageError("--format html reports an evaluation against labels; for --history use "
                                       "--format text or json")
            day = _date_option(since)
            start = Path(args[0]).resolve() if args else Path.cwd()
            replay = evalmod.from_history(start if start.is_dir() else start.parent, config, day, max_events,
                                          _replay_progress())
            text = replay_report.render_json(replay) if fmt == "json" else replay_report.render_text(replay, verbose)
        else:
            if not args:
                raise click.UsageError("give a label file (sitelint eval LABELS [PATHS]) or --history")
            result, ev = evalmod.judge(Path(args[0]), args[1:], Path.cwd(), config)
            if fmt == "html":
                from sitelint.cli import html_module
                from sitelint.cli.rules import explain_texts

                text = html_module().render(result, evaluation=ev, explain=explain_texts(result.rules), command="eval")
            else:
                text = render.render_json(ev) if fmt == "json" else render.render_text(ev, verbose)
    except (labels.LabelError, hist.HistoryError, engine.InputError, configmod.ConfigError,
            rulebook.RuleError) as exc:
        fail(str(exc))
        return
    emit(text, output)


def _date_option(value: str | None) -> Any:
    import datetime as dt

    if not value:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        fail(f"--since {value!r} is not a date; write it as YYYY-MM-DD")
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
