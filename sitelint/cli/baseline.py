"""`sitelint baseline`: record today's findings, so that `check --baseline` fails only on new ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from sitelint.baseline import DEFAULT_FILE
from sitelint.cli import (
    engine_options,
    gate as gating,
    load_config,
    main,
    progress as progress_mod,
    run_lint,
    with_options,
)


@main.command("baseline")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=DEFAULT_FILE, show_default=True,
              help="The baseline file to write.")
@with_options(engine_options)
def baseline_cmd(paths: tuple[str, ...], output: str, **opts: Any) -> None:
    """Record today's findings (on PATHS, or the whole site) in a baseline file.

    `sitelint check --baseline FILE` then fails only on findings not in it. A finding is recorded by its rule, its
    page and the text it is about, never by its line: moving a passage keeps it baselined, changing it does not.
    """
    configured = bool(load_config(opts["config_path"], {}).settings.get("progress"))
    progress = progress_mod.for_run(opts["progress"], configured)
    result, _ = run_lint(paths, opts, progress=progress)
    made = gating.record(result, Path(output), Path.cwd())
    if progress is not None:
        progress.close()
    pages = len({e.path for e in made.entries})
    click.echo(f"sitelint: recorded {len(made.entries)} finding(s) on {pages} page(s) in {output}; "
               f"`sitelint check --baseline {output}` now fails only on new ones.")
